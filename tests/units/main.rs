//! The units in the target hex: what one mortar shot does to each of them.
//!
//! 1. A lone squad against an independent brute-force implementation of the
//!    units rules (written here from the rules summary, using only the IFT
//!    lookup of the library), plus hand-worked fractions.
//! 2. A concealed and a Known squad: one To Hit DR, each unit by its own
//!    DRM, against the same brute force extended to two units.
//! 3. The C3.331 example (50mm, woods-gully hex), dice by dice.
//! 4. The C3.332 example (76mm vs an AFV and a truck), dice by dice.
//! 5. Exact engine vs Monte Carlo on mixed stacks of 1 to 4 units.
//! 6. Properties: outcome probabilities sum to one; better TEM and higher
//!    morale never put a lone squad out of action more often.
//!
//! 1 and 2 are here, the brute force in `brute_force.rs`; 3 and 4 in
//! `rule_examples.rs`, 5 in `monte_carlo.rs`, 6 in `properties.rs`.

#[path = "../common/mod.rs"]
mod common;

use common::agree::count_disagrees;
use common::mortar;

use std::collections::BTreeMap;

use common::p;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use mortar_odds::dice::{Dist, FixedDice, RngDice};
use mortar_odds::engine::shot::HexOdds;
use mortar_odds::engine::shot::UnitShotOdds;
use mortar_odds::prob::Prob;
use mortar_odds::rules::effects::{afv_attack, normal_attack};
use mortar_odds::rules::firer::{Firer, Phase};
use mortar_odds::rules::ift::{Column, IftResult};
use mortar_odds::rules::mortar::{Ammo, Mortar};
use mortar_odds::rules::outcomes::{OUTCOMES, in_action};
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::shot_process::{ShotProcess, ShotState};
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::HitKind;
use mortar_odds::rules::units::{Armor, Outcome, Unit, UnitKind, UnitState, outcome};

// ---------------------------------------------------------------------------
// Building shots
// ---------------------------------------------------------------------------

/// The hex at `range` hexes, no units, open ground.
fn hex(range: u16) -> Target {
    Target {
        range,
        ..Target::default()
    }
}

/// A personnel unit or vehicle of the enemy, in LOS, Good Order, in
/// `location` (the hex's values with the unit's own changes).
fn unit(name: &str, kind: UnitKind, morale: u8, location: Target) -> Unit {
    Unit::new(name, kind, morale, location)
}

fn squad(morale: u8, location: Target) -> Unit {
    unit("squad", UnitKind::Squad, morale, location)
}

/// The unit with the morale of its broken side given (a unit stacked with
/// a friendly leader needs it for a Leader Loss MC, A10.2).
fn broken_side(mut u: Unit, broken_morale: u8) -> Unit {
    u.broken_morale = Some(broken_morale);
    u
}

/// The shot of `mortar` (HE, default firer, in the DFPh so that a target
/// may be moving, C6) at the hex with these units.
fn shot_at(mortar: Mortar, hex: Target, units: Vec<Unit>) -> Shot {
    Shot::new(ShotInput {
        mortar,
        firer: Firer {
            phase: Phase::Defensive,
            ..Firer::default()
        },
        target: hex,
        units,
        ammo: Ammo::He,
    })
    .expect("a valid shot")
}

/// P(each outcome) of unit `i`, in the order of [`OUTCOMES`].
fn program_outcomes(shot: &Shot, i: usize) -> Vec<(Outcome, Prob)> {
    UnitShotOdds::of(shot).expect("units in the hex").hex.units[i]
        .outcomes
        .clone()
}
/// A PzKpfw IIIG: all AF 4 or less.
fn pz3g_armor() -> Armor {
    Armor {
        all_af_at_most_4: true,
        ..Armor::default()
    }
}

mod brute_force;
mod monte_carlo;
mod properties;
mod rule_examples;

use brute_force::*;

/// The program's joint table of (hits, states), restricted to the flags
/// the brute force models.
fn program_joint(shot: &Shot) -> BfTable {
    let odds = UnitShotOdds::of(shot).expect("units in the hex");
    let mut table = BfTable::new();
    for ((hits, states), p) in odds.joint().iter() {
        let key: Vec<BfState> = states
            .iter()
            .map(|s| {
                assert!(!s.immobilized && !s.shocked && !s.burning);
                BfState {
                    eliminated: s.eliminated,
                    broken: s.broken,
                    pinned: s.pinned,
                    reduced: s.reduced,
                }
            })
            .collect();
        let slot = table.entry((hits.clone(), key)).or_insert_with(Prob::zero);
        *slot = slot.clone() + p;
    }
    table
}

/// Asserts the program's table and the brute force's are the same.
fn assert_same_tables(program: &BfTable, brute: &BfTable) {
    for (key, p) in brute {
        let q = program.get(key).cloned().unwrap_or_else(Prob::zero);
        assert_eq!(
            &q, p,
            "(hits, states) {key:?}: program {q}, brute force {p}"
        );
    }
    for (key, q) in program {
        assert!(
            brute.contains_key(key),
            "(hits, states) {key:?}: program {q}, brute force 0"
        );
    }
}

// ---------------------------------------------------------------------------
// 1. A lone squad
// ---------------------------------------------------------------------------

/// The 81mm shot at 5 hexes on a lone squad, morale 7 (broken side 8), in
/// the open.
fn lone_squad_shot() -> Shot {
    let mut s = squad(7, hex(5));
    s.broken_morale = Some(8);
    shot_at(mortar(81), hex(5), vec![s])
}

/// The brute-force view of [`lone_squad_shot`]: Basic TH# 7 at 0-6 hexes
/// (no C4 row for 81mm), no DRM; a hit is half of 16 FP = the 8 column, a
/// Critical Hit 32 FP = the 30 column; no TEM.
fn lone_squad_bf() -> BfShot {
    BfShot {
        th_number: 7,
        normal_fp: 8,
        critical_fp: 30,
        squads: vec![BfSquad {
            morale: 7,
            broken_morale: 8,
            th_drm: 0,
            effects_drm: 0,
        }],
    }
}

/// A shot's state holds one slot per unit, at most eight: a ninth unit is
/// one clear error from the rules, as from the scenario reader, whoever
/// builds the shot.
#[test]
fn a_ninth_unit_in_the_hex_is_refused() {
    let hex = Target {
        range: 5,
        ..Target::default()
    };
    let input = |n: usize| ShotInput {
        mortar: mortar(81),
        firer: Firer::default(),
        target: hex.clone(),
        units: vec![squad(7, hex.clone()); n],
        ammo: Ammo::He,
    };
    assert!(Shot::new(input(8)).is_ok());
    let refused = Shot::new(input(9)).expect_err("nine units");
    assert_eq!(
        refused.to_string(),
        "target.units: 9 units; this version handles at most 8 in a hex"
    );
}

#[test]
fn lone_squad_matches_the_brute_force() {
    let shot = lone_squad_shot();
    assert_eq!(shot.to_hit_number, 7);
    assert_eq!(shot.units[0].drm, 0);
    let brute = brute_force(&lone_squad_bf());
    assert_eq!(program_outcomes(&shot, 0), bf_outcomes(&brute, 0));
    assert_same_tables(&program_joint(&shot), &brute);
}

/// Worked by hand, so that a change made in both implementations is still
/// caught. Hit (not CH): Original TH DR 3-7, 20/36; CH: Original 2, 1/36.
/// 8 column (DRM 0): 2 1KIA, 3 K/2, 4-5 2MC, 6-7 1MC, 8 NMC, 9 PTC.
/// 30 column: 2-5 KIA, 6 K/4, 7 4MC, 8 3MC, 9-10 2MC, 11-12 1MC.
/// A MC: Original 12 → Casualty Reduced and broken; else DR + n > 7 breaks,
/// = 7 pins. A K/#: squad → half-squad (morale 7), whose MC Original 12
/// eliminates it.
#[test]
fn lone_squad_hand_worked_fractions() {
    let out: BTreeMap<Outcome, Prob> = program_outcomes(&lone_squad_shot(), 0)
        .into_iter()
        .collect();
    let bf: BTreeMap<Outcome, Prob> = bf_outcomes(&brute_force(&lone_squad_bf()), 0)
        .into_iter()
        .collect();
    // Eliminated:
    //   hit: 1KIA (1/36) + K/2 (2/36) then MC Original 12 (1/36)
    //        = (36 + 2)/1296 = 38/1296;
    //   CH:  KIA (1+2+3+4)/36 + K/4 (5/36) then 12 (1/36) = 365/1296;
    //   (20 * 38 + 365) / 46656 = 1125/46656 = 125/5184.
    let eliminated = p(125, 5184);
    // Casualty Reduced (and not eliminated):
    //   hit: K/2 and MC not 12: 2*35 = 70; a MC result then Original 12:
    //        finals 4-8 (3+4+5+6+5 = 23 ways) * 1 = 23; 93/1296;
    //   CH:  K/4: 5*35 = 175; MC finals 7-12 (21 ways) * 1 = 21; 196/1296;
    //   (20 * 93 + 196) / 46656 = 2056/46656 = 257/5832.
    let reduced = p(257, 5832);
    // Pinned (a MC total of exactly 7, or a PTC of 8+):
    //   hit: 2MC (7 ways) * DR 5 (4) + 1MC (11) * DR 6 (5) + NMC (5) * DR 7
    //        (6) + PTC (4) * DR 8-12 (15) = 28 + 55 + 30 + 60 = 173/1296;
    //   CH:  4MC (6) * DR 3 (2) + 3MC (5) * DR 4 (3) + 2MC (7) * DR 5 (4)
    //        + 1MC (3) * DR 6 (5) = 12 + 15 + 28 + 15 = 70/1296;
    //   (20 * 173 + 70) / 46656 = 3530/46656 = 1765/23328.
    let pinned = p(1765, 23328);
    for (what, want) in [
        (Outcome::Eliminated, eliminated),
        (Outcome::CasualtyReduced, reduced),
        (Outcome::Pinned, pinned),
    ] {
        assert_eq!(out[&what], want, "program, {what:?}");
        assert_eq!(bf[&what], want, "brute force, {what:?}");
    }
    // No effect on every miss (15/36) and on some hits.
    assert!(out[&Outcome::NoEffect] > p(15, 36));
    assert_eq!(out[&Outcome::Immobilized], Prob::zero());
    assert_eq!(out[&Outcome::Shocked], Prob::zero());
}

// ---------------------------------------------------------------------------
// 2. A concealed squad and a Known squad
// ---------------------------------------------------------------------------

/// Index 0 concealed (+2 To Hit), index 1 Known; both morale 7 (broken
/// side 8), 81mm at 5 hexes, open ground.
fn two_squads_shot() -> Shot {
    let concealed = Target {
        concealed: true,
        ..hex(5)
    };
    let mut a = squad(7, concealed);
    a.broken_morale = Some(8);
    let mut b = squad(7, hex(5));
    b.broken_morale = Some(8);
    shot_at(mortar(81), hex(5), vec![a, b])
}

fn two_squads_bf() -> BfShot {
    let squad = |th_drm| BfSquad {
        morale: 7,
        broken_morale: 8,
        th_drm,
        effects_drm: 0,
    };
    BfShot {
        th_number: 7,
        normal_fp: 8,
        critical_fp: 30,
        squads: vec![squad(2), squad(0)],
    }
}

#[test]
fn concealed_and_known_squads_one_to_hit_dr() {
    let shot = two_squads_shot();
    assert_eq!((shot.units[0].drm, shot.units[1].drm), (2, 0));
    let odds = UnitShotOdds::of(&shot).unwrap();
    let hit = |h: &[HitKind], i: usize| h[i].is_hit();
    // The concealed squad needs an Original 5 or less, the Known one 7 or
    // less: the concealed squad is never hit alone.
    assert_eq!(
        odds.joint().prob(|(h, _)| hit(h, 0) && !hit(h, 1)),
        Prob::zero()
    );
    let both = odds.joint().prob(|(h, _)| hit(h, 0) && hit(h, 1));
    assert_eq!(both, odds.p_hit(0));
    assert_eq!(both, p(10, 36)); // Originals 2-5: 1 + 2 + 3 + 4
    assert_eq!(odds.p_hit(1), p(21, 36)); // Originals 2-7
    // Original 2: both critically hit; C3.74 gives the Critical Hit by
    // Random Selection, ties included (A.9): a unit keeps it when its dr is
    // at least the other's, 21 of 36 ways = 7/12 (issue 10: it was 1/2), and
    // both keep it on a tie, 6 of 36 ways.
    assert_eq!(odds.p_critical_hit(0), p(7, 432));
    assert_eq!(odds.p_critical_hit(1), p(7, 432));
    assert_eq!(
        odds.joint()
            .prob(|(h, _)| h[0] == HitKind::Critical && h[1] == HitKind::Critical),
        p(1, 216)
    );

    let brute = brute_force(&two_squads_bf());
    for i in 0..2 {
        assert_eq!(
            program_outcomes(&shot, i),
            bf_outcomes(&brute, i),
            "squad {i}"
        );
    }
    assert_same_tables(&program_joint(&shot), &brute);
}
