//! Property tests of the exact odds of one mortar shot.
//!
//! Shots are generated at random but valid: a mortar of a real caliber with
//! ROF, B# and range known, a firer and a target with random situations, HE
//! ammunition. Any input [`Shot::new`] still rejects (a marsh target too weak
//! for the IFT, say) is skipped.
//!
//! The laws checked here are stated independently of the rules code: the
//! colored die keeps ROF with probability r/6, a malfunction is an Original
//! DR of at least the B#, the exact table sums to one, a better DRM never
//! hurts, and the enumeration agrees with a hand-driven run of the dice.

use mortar_odds::dice::{Dist, Dr, FixedDice};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::prob::Prob;
use mortar_odds::rules::firer::{Firer, Phase};
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::{Breakdown, Shot, ShotInput};
use mortar_odds::rules::shot_process::resolve_shot;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::{HitKind, HitMode};
use proptest::prelude::*;

const CALIBERS: [u16; 10] = [37, 40, 50, 51, 60, 76, 81, 82, 107, 120];

/// Modest case counts (64, or `PROPTEST_CASES`), and no regression files
/// written into the tree.
fn config() -> ProptestConfig {
    let default = ProptestConfig::default();
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() {
        default.cases
    } else {
        64
    };
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..default
    }
}

prop_compose! {
    fn mortar()(
        caliber in prop::sample::select(CALIBERS.to_vec()),
        rof in 1u8..=3,
        breakdown in 8u8..=12,
        asterisk in any::<bool>(),
        air_bursts_na in any::<bool>(),
        multiple_hits in any::<bool>(),
    ) -> Mortar {
        let mut m = Mortar::with_caliber(format!("test {caliber}mm"), caliber);
        m.rof = Some(rof);
        m.breakdown = Some(breakdown);
        m.range = Some(RangeLimits { min: 1, max: 60 });
        m.asterisk = asterisk;
        m.air_bursts_na = air_bursts_na;
        m.multiple_hits = multiple_hits;
        m
    }
}

prop_compose! {
    /// A firer; `intensive_fire` is only a wish here, granted in
    /// [`shot_input`] when the rules allow it.
    fn firer()(
        phase in prop::sample::select(vec![Phase::Prep, Phase::Defensive, Phase::Advancing]),
        spotted in any::<bool>(),
        captured in any::<bool>(),
        non_qualified in any::<bool>(),
        cx in any::<bool>(),
        encircled in any::<bool>(),
        pinned in any::<bool>(),
        extra_drm in -3i8..=3,
        intensive_fire in any::<bool>(),
    ) -> Firer {
        Firer {
            phase,
            spotted,
            captured,
            non_qualified,
            cx,
            encircled,
            pinned,
            extra_drm,
            intensive_fire,
            ..Firer::default()
        }
    }
}

prop_compose! {
    fn target()(
        range in 1u16..=60,
        concealed in any::<bool>(),
        ffnam in any::<bool>(),
        woods in any::<bool>(),
        tem in 0i8..=3,
        marsh in any::<bool>(),
        acquisition in 0u8..=2,
        hindrance in 0u8..=3,
        extra_drm in -3i8..=3,
    ) -> Target {
        Target {
            range,
            concealed,
            ffnam,
            woods,
            tem,
            marsh,
            acquisition,
            hindrance,
            extra_drm,
            ..Target::default()
        }
    }
}

prop_compose! {
    fn shot_input()(mortar in mortar(), mut firer in firer(), target in target()) -> ShotInput {
        // C5.6: Intensive Fire is for a Gun (not a light mortar), never in
        // the AFPh, never by a pinned crew.
        firer.intensive_fire = firer.intensive_fire
            && !mortar.support_weapon
            && mortar.caliber_mm > 60
            && firer.phase != Phase::Advancing
            && !firer.pinned;
        // A21.13: a light mortar (a SW) has no non-qualified user.
        firer.non_qualified = firer.non_qualified && !mortar.support_weapon;
        ShotInput { mortar, firer, target, units: Vec::new(), ammo: Ammo::He }
    }
}

/// The checked shot, or `None` when the rules reject the input.
fn checked(input: &ShotInput) -> Option<Shot> {
    Shot::new(input.clone()).ok()
}

/// P(Original DR >= b) over two dice, counted by hand.
fn p_original_at_least(b: u8) -> Prob {
    let n = (1..=6u8)
        .flat_map(|c| (1..=6u8).map(move |w| c + w))
        .filter(|o| *o >= b)
        .count();
    Prob::new(n as u64, 36)
}

proptest! {
    #![proptest_config(config())]

    /// 1. The exact table, and the IFT results given a hit or a Critical
    /// Hit, each sum to exactly one.
    #[test]
    fn odds_sum_to_one(input in shot_input()) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let odds = ShotOdds::of(&shot.unwrap());
        prop_assert_eq!(odds.table.total(), Prob::one());
        for kind in [HitKind::Hit, HitKind::Critical] {
            if let Some(given) = odds.ift_given(kind) {
                prop_assert_eq!(given.total(), Prob::one(), "IFT given {:?}", kind);
            }
        }
    }

    /// 2. One more point of target DRM (worse for the firer) never raises
    /// P(hit) nor P(Critical Hit).
    #[test]
    fn worse_drm_never_helps(input in shot_input()) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let shot = shot.unwrap();
        let mut worse_input = input.clone();
        worse_input.target.extra_drm += 1;
        let worse = Shot::new(worse_input);
        prop_assert!(worse.is_ok(), "a target DRM of +1 made the shot invalid: {:?}", worse);
        let worse = worse.unwrap();
        prop_assert_eq!(worse.drm, shot.drm + 1);

        let better = ShotOdds::of(&shot);
        let worse = ShotOdds::of(&worse);
        prop_assert!(
            worse.p_hit() <= better.p_hit(),
            "P(hit) rose from {} to {} with DRM {} -> {}",
            better.p_hit(), worse.p_hit(), shot.drm, shot.drm + 1
        );
        prop_assert!(
            worse.p_critical_hit() <= better.p_critical_hit(),
            "P(CH) rose from {} to {} with DRM {} -> {}",
            better.p_critical_hit(), worse.p_critical_hit(), shot.drm, shot.drm + 1
        );
    }

    /// 3. The colored die keeps ROF: P(keep ROF) = min(r, 6)/6 for the
    /// effective ROF r, and 0 for a pinned firer or in the AFPh.
    #[test]
    fn rof_law(input in shot_input()) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let shot = shot.unwrap();
        let odds = ShotOdds::of(&shot);
        let r = shot.effective_rof;
        prop_assert!(r.is_some(), "the ROF is printed, so the effective ROF is known");
        let r = r.unwrap();
        let p = odds.p_keep_rof();
        prop_assert!(p.is_some());
        let p = p.unwrap();
        prop_assert_eq!(&p, &Prob::new(u64::from(r.min(6)), 6));

        // The effective ROF itself, from C2.24, C5.2 (one shot in the
        // AFPh), C5.4, C5.6, C9.31, A21.12, A21.13 (no CA change is
        // generated).
        let f = &input.firer;
        let expected = if f.pinned || f.intensive_fire || f.phase == Phase::Advancing {
            0
        } else {
            let printed = input.mortar.rof.unwrap() as i8;
            (printed - i8::from(f.spotted) - i8::from(f.captured) - i8::from(f.non_qualified))
                .max(0) as u8
        };
        prop_assert_eq!(r, expected);
        if f.pinned || f.phase == Phase::Advancing {
            prop_assert_eq!(p, Prob::zero());
        }
    }

    /// 4. A malfunction is an Original DR of at least the effective B#; only
    /// a lowered B# (Intensive Fire, captured, non-qualified user) can
    /// remove the weapon.
    #[test]
    fn malfunction_law(input in shot_input()) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let shot = shot.unwrap();
        let odds = ShotOdds::of(&shot);
        let b = shot.effective_breakdown;
        prop_assert!(b.is_some(), "the B# is printed, so the effective B# is known");
        let b = b.unwrap();
        let f = &input.firer;
        let printed = input.mortar.breakdown.unwrap() as i8;
        // C5.62, A21.11, A21.13: -2 each.
        let expected = (printed
            - 2 * i8::from(f.intensive_fire)
            - 2 * i8::from(f.captured)
            - 2 * i8::from(f.non_qualified))
        .max(2) as u8;
        prop_assert_eq!(b, expected);

        let p_malf = odds.p_malfunction();
        prop_assert!(p_malf.is_some());
        prop_assert_eq!(p_malf.unwrap(), p_original_at_least(b));

        let p_removed = odds.p_removed();
        prop_assert!(p_removed.is_some());
        let p_removed = p_removed.unwrap();
        if f.intensive_fire || f.captured || f.non_qualified {
            // X#: the Original DR reached the printed B#.
            prop_assert_eq!(p_removed, p_original_at_least(printed as u8));
        } else {
            prop_assert_eq!(p_removed, Prob::zero());
        }
    }

    /// 5. P(hit) >= P(Critical Hit) > 0: an Original 2 can always be a CH.
    #[test]
    fn critical_hit_always_possible(input in shot_input()) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let shot = shot.unwrap();
        let odds = ShotOdds::of(&shot);
        let (hit, ch) = (odds.p_hit(), odds.p_critical_hit());
        prop_assert!(hit >= ch, "P(hit) {} < P(CH) {}", hit, ch);
        prop_assert!(ch > Prob::zero(), "P(CH) is 0 (mode {:?})", shot.hit_mode);
        // An Original 2 followed by a subsequent dr of 1 is a CH in every mode.
        let floor = match shot.hit_mode {
            HitMode::Normal => Prob::new(1, 36),
            HitMode::LowestOnly | HitMode::Improbable => Prob::new(1, 216),
        };
        prop_assert_eq!(ch, floor);
    }

    /// 6. Driving `resolve_shot` by hand through all 36 To Hit DRs (and the
    /// six possible subsequent dr) is deterministic, reads the dice in the
    /// documented order, and agrees exactly with the enumerated table on
    /// everything the To Hit DR decides.
    #[test]
    fn fixed_dice_agree_with_enumeration(
        input in shot_input(),
        later in prop::array::uniform4(1u8..=6),
    ) {
        let shot = checked(&input);
        prop_assume!(shot.is_some());
        let shot = shot.unwrap();
        let odds = ShotOdds::of(&shot);

        let mut by_hand = Vec::new();
        for th in Dr::all() {
            for sub in 1..=6u8 {
                let tape = [th.colored, th.white, sub, later[0], later[1], later[2], later[3]];
                let mut first_dice = FixedDice::new(&tape);
                let first = resolve_shot(&shot, &mut first_dice);
                let mut second_dice = FixedDice::new(&tape);
                let second = resolve_shot(&shot, &mut second_dice);
                prop_assert_eq!(first, second, "same dice, different outcomes: {:?}", tape);
                prop_assert_eq!(first_dice.used(), second_dice.used());
                prop_assert_eq!(first.to_hit_dr, th);

                let reads_sub = th.original() == 2 && shot.hit_mode != HitMode::Normal;
                let expected_used = 2
                    + usize::from(reads_sub)
                    + 2 * usize::from(first.effects.is_some())
                    + 2 * usize::from(first.multiple_hit);
                prop_assert_eq!(first_dice.used(), expected_used, "dice read for {:?}", tape);
                prop_assert_eq!(first.effects.is_some(), first.hit.is_hit());

                by_hand.push((
                    Prob::new(1, 216),
                    (first.hit, first.multiple_hit, first.keeps_rof, first.breakdown),
                ));
            }
        }
        // Everything but the effects DR depends only on the To Hit DR and the
        // subsequent dr, so these 216 equally likely tapes give its exact law.
        let exact: Dist<(HitKind, bool, Option<bool>, Option<Breakdown>)> =
            odds.table.map(|s| (s.hit, s.multiple_hit, s.keeps_rof, s.breakdown));
        for (key, p) in exact.iter() {
            let counted: Prob = by_hand
                .iter()
                .filter(|(_, k)| k == key)
                .map(|(q, _)| q)
                .sum();
            prop_assert_eq!(&counted, p, "P({:?})", key);
        }
        let total: Prob = exact.iter().map(|(_, p)| p).sum();
        prop_assert_eq!(total, Prob::one());
        prop_assert!(by_hand.iter().all(|(_, k)| exact.prob_of(k) > Prob::zero()));
    }
}
