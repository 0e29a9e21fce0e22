//! Properties: outcome probabilities sum to one; a better TEM or a higher
//! morale never puts a lone squad out of action more often (but through
//! Critical Hits, which the last test shows).

use super::*;

// ---------------------------------------------------------------------------
// 6. Properties
// ---------------------------------------------------------------------------

const CALIBERS: [u16; 7] = [50, 60, 76, 81, 82, 107, 120];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

prop_compose! {
    fn location()(
        concealed in any::<bool>(),
        ffnam in any::<bool>(),
        woods in any::<bool>(),
        tem in 0i8..=3,
    ) -> Target {
        Target { concealed, ffnam, woods, tem, ..Target::default() }
    }
}

prop_compose! {
    fn any_unit()(
        kind in prop::sample::select(vec![
            UnitKind::Squad,
            UnitKind::HalfSquad,
            UnitKind::Crew,
            UnitKind::Leader,
            UnitKind::Hero,
            UnitKind::UnarmoredVehicle,
            UnitKind::Afv,
        ]),
        morale in 4u8..=9,
        broken in any::<bool>(),
        pinned in any::<bool>(),
        leadership in -2i8..=0,
        location in location(),
        all_af_at_most_4 in any::<bool>(),
    ) -> Unit {
        let mut u = unit("u", kind, morale, location);
        if kind.is_vehicle() {
            u.morale = 0;
            u.armor.all_af_at_most_4 = all_af_at_most_4;
        } else {
            u.broken_morale = Some(morale + 1);
            // A hero never breaks (A15.2).
            u.start.broken = broken && kind != UnitKind::Hero;
            u.start.pinned = pinned && !u.start.broken;
        }
        if kind == UnitKind::Leader {
            u.leadership = leadership;
        }
        u
    }
}

/// P(out of action) of a lone squad (Good Order) at this range, terrain
/// and morale: (total, without a Critical Hit, with a Critical Hit).
fn lone_squad_out_of_action(
    caliber: u16,
    range: u16,
    woods: bool,
    tem: i8,
    morale: u8,
    concealed: bool,
) -> (Prob, Prob, Prob) {
    let location = Target {
        woods,
        tem,
        concealed,
        ..hex(range)
    };
    let shot = shot_at(
        mortar(caliber),
        location.clone(),
        vec![squad(morale, location)],
    );
    let odds = UnitShotOdds::of(&shot).unwrap();
    let u = &shot.input.units[0];
    let out = |critical: bool| {
        odds.joint()
            .prob(|(h, s)| (h[0] == HitKind::Critical) == critical && !in_action(u, &s[0]))
    };
    let total = odds.hex.units[0].p_out_of_action.clone();
    let (normal, critical) = (out(false), out(true));
    assert_eq!(normal.clone() + critical.clone(), total);
    (total, normal, critical)
}

/// A better TEM CAN put a lone squad out of action more often: a Critical
/// Hit reverses positive TEM (C3.71), so at high TEM the CH part, which
/// grows with the TEM, outweighs the normal-hit part, which shrinks.
///
/// 50mm at 13 hexes: TH# 7 - 1 (≤57mm) = 6; a hit is an Original 3-6
/// (14/36), a CH an Original 2 (1/36). Squad morale 9 in the open.
/// Normal hit, the 2 column at +TEM: at TEM 3 only an effects Original 2
/// (final 5, NMC) can break it: DR 10-12, 6/36 → 6/1296; at TEM 4 the best
/// is a PTC: 0. CH, the 12 column at -TEM (KIA ≤ 2, K/3 at 3, 3MC at 4,
/// 2MC at 5-6, 1MC at 7-8, NMC at 9; a #MC puts it out on DR ≥ 10 - #):
///   TEM 3: KIA e 2-5 (10 ways) * 36 = 360, e 6-7 (11) * 21 = 231, e 8-9 (9)
///          * 15 = 135, e 10-11 (5) * 10 = 50, e 12 (1) * 6 = 6: 782/1296;
///   TEM 4: KIA e 2-6 (15) * 36 = 540, e 7-8 (11) * 21 = 231, e 9-10 (7)
///          * 15 = 105, e 11-12 (3) * 10 = 30: 906/1296.
/// P(out of action): TEM 3 (14 * 6 + 782)/46656 = 433/23328;
///                   TEM 4 906/46656 = 453/23328.
#[test]
fn better_tem_can_raise_out_of_action_through_critical_hits() {
    let (tem3, normal3, ch3) = lone_squad_out_of_action(50, 13, false, 3, 9, false);
    let (tem4, normal4, ch4) = lone_squad_out_of_action(50, 13, false, 4, 9, false);
    assert_eq!((normal3, ch3), (p(84, 46656), p(782, 46656)));
    assert_eq!((normal4, ch4), (Prob::zero(), p(906, 46656)));
    assert_eq!((tem3.clone(), tem4.clone()), (p(433, 23328), p(453, 23328)));
    assert!(tem4 > tem3);
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn outcome_probabilities_sum_to_one(
        caliber in prop::sample::select(CALIBERS.to_vec()),
        range in 1u16..=30,
        units in prop::collection::vec(any_unit(), 1..=3),
    ) {
        let units: Vec<Unit> = units
            .into_iter()
            .map(|mut u| {
                u.location.range = range;
                u
            })
            .collect();
        let shot = shot_at(mortar(caliber), hex(range), units);
        let odds = UnitShotOdds::of(&shot).unwrap();
        for (i, u) in odds.hex.units.iter().enumerate() {
            let total: Prob = u.outcomes.iter().map(|(_, p)| p).sum();
            prop_assert_eq!(total, Prob::one(), "unit {}", i);
            prop_assert_eq!(u.outcomes.len(), OUTCOMES.len());
        }
    }
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    /// A better (higher, non-negative) TEM never raises P(out of action)
    /// through a normal hit, and never lowers it through a Critical Hit,
    /// which reverses it (C3.71). (The total is not monotone: see
    /// `better_tem_can_raise_out_of_action_through_critical_hits`.) For a
    /// TEM of 3 or less at morale 8 or less, the normal-hit part dominates
    /// and the total never rises either (an exhaustive scan of this
    /// generator's domain finds the total rising only at TEM 2 → 3 with
    /// morale 9-10, TEM 0 → 1 and 1 → 2 with morale 10, and TEM 3 → 4).
    fn better_tem_never_raises_out_of_action(
        caliber in prop::sample::select(CALIBERS.to_vec()),
        range in 1u16..=30,
        woods in any::<bool>(),
        concealed in any::<bool>(),
        morale in 5u8..=9,
        tem in 0i8..=3,
    ) {
        let (worse, worse_normal, worse_ch) =
            lone_squad_out_of_action(caliber, range, woods, tem, morale, concealed);
        let (better, better_normal, better_ch) =
            lone_squad_out_of_action(caliber, range, woods, tem + 1, morale, concealed);
        prop_assert!(
            better_normal <= worse_normal,
            "TEM {} -> {} without CH: {} > {}", tem, tem + 1, better_normal, worse_normal
        );
        prop_assert!(
            better_ch >= worse_ch,
            "TEM {} -> {} with a CH: {} < {}", tem, tem + 1, better_ch, worse_ch
        );
        if tem < 3 && morale <= 8 {
            prop_assert!(better <= worse, "TEM {} -> {}: {} > {}", tem, tem + 1, better, worse);
        }
    }

    #[test]
    fn higher_morale_never_raises_out_of_action(
        caliber in prop::sample::select(CALIBERS.to_vec()),
        range in 1u16..=30,
        woods in any::<bool>(),
        concealed in any::<bool>(),
        morale in 2u8..=9,
        tem in 0i8..=3,
    ) {
        let (low, ..) = lone_squad_out_of_action(caliber, range, woods, tem, morale, concealed);
        let (high, ..) =
            lone_squad_out_of_action(caliber, range, woods, tem, morale + 1, concealed);
        prop_assert!(high <= low, "morale {} -> {}: {} > {}", morale, morale + 1, high, low);
    }
}
