//! Gun manhandling (C10.3): the seed's example, hand-worked pushes,
//! properties and exact vs Monte Carlo (`agreement.rs`); `mortar-odds push`
//! as a player runs it is in `../push_cli.rs`.

#[path = "../common/mod.rs"]
mod common;

use common::agree::{MAX_Z, z_score};
use common::on_threads;
use common::p;
use mortar_odds::dice::{Dist, FixedDice};
use mortar_odds::engine::push::exact::{PHASE_CAP, PushOdds};
use mortar_odds::engine::push::monte_carlo::{self, PushTally};
use mortar_odds::prob::Prob;
use mortar_odds::rules::manhandling::step::{Attempt, attempt};
use mortar_odds::rules::manhandling::terrain::parse_path;
use mortar_odds::rules::manhandling::{LABOR_MAX, Push, PushInput, Pushers, Soft};
use proptest::prelude::*;

mod agreement;

fn crew() -> Pushers {
    Pushers {
        crews: 1,
        ..Pushers::default()
    }
}

fn input(m_number: u8, path: &str, mf: u8) -> PushInput {
    PushInput {
        gun: None,
        m_number,
        pushers: crew(),
        mf,
        labor: 0,
        labor_max: LABOR_MAX,
        start_soft: None,
        mud_drm: None,
        road_drm: None,
        extra_drm: 0,
        path: parse_path(path).expect("a valid path"),
    }
}

fn push(m_number: u8, path: &str, mf: u8) -> Push {
    Push::new(input(m_number, path, mf)).expect("a valid push")
}

// ----- the seed's example ----------------------------------------------------

/// C10.3 EX: a crew pushes a 37L AT Gun (M#12) from Open Ground into a stone
/// building: +7 DRM (+3 TEM, +4 MF), so it needs an Original DR ≤ 5.
#[test]
fn seed_example_37l_into_a_stone_building() {
    let push = push(12, "stone-building", 4);
    let terms: Vec<(&str, i16)> = push.terms(0).iter().map(|t| (t.what, t.drm)).collect();
    assert_eq!(terms, vec![("TEM", 3), ("MF", 4)]);
    assert_eq!(push.drm(0, 0), 7);
    let roll = |c, w| attempt(&push, 0, 0, &mut FixedDice::new(&[c, w]));
    assert_eq!(roll(2, 2), Attempt::Enter, "Original 4: Final 11 < 12");
    assert_eq!(
        roll(1, 4),
        Attempt::EnterAndStop,
        "Original 5: Final 12 = M#"
    );
    assert_eq!(roll(3, 3), Attempt::Fail, "Original 6: Final 13 > M#");
    let dist = Dist::enumerate(|d| attempt(&push, 0, 0, d));
    assert_eq!(dist.prob_of(&Attempt::Enter), p(6, 36));
    assert_eq!(dist.prob_of(&Attempt::EnterAndStop), p(4, 36));
    assert_eq!(
        dist.prob(|a| *a != Attempt::Fail),
        p(10, 36),
        "Original DR ≤ 5"
    );

    // Over MPh: 5/18 now; then Labor -1 (Original ≤ 6, 15/36), then -2
    // (≤ 7, 21/36) for good. E = 1 + 13/18 (1 + 7/12 · 12/7) = 22/9.
    let odds = PushOdds::of(&push);
    assert_eq!(odds.first_phase, vec![p(13, 18), p(5, 18)]);
    assert_eq!(odds.phases[1], p(5, 18));
    assert_eq!(odds.phases[2], p(13, 18) * p(15, 36));
    assert_eq!(odds.phases[3], p(13, 18) * p(21, 36) * p(21, 36));
    assert_eq!(odds.expected_phases, Some(p(22, 9)));
    assert!(odds.p_never.is_zero());
}

#[test]
fn the_seed_example_needs_the_mf_to_enter() {
    // 4 MF to push into a stone building: a crew with 3 MF cannot try.
    let e = Push::new(input(12, "stone-building", 3)).unwrap_err();
    assert!(e.to_string().starts_with("path[1]: "), "{e}");
}

// ----- hand-worked pushes ----------------------------------------------------

#[test]
fn one_hex_of_open_ground() {
    // M#10, +2 (MF): enters on Original ≤ 8 (26/36), goes on below 8.
    let push = push(10, "open", 4);
    let odds = PushOdds::of(&push);
    assert_eq!(odds.first_phase, vec![p(10, 36), p(26, 36)]);
    // Then Labor -1: ≤ 9 (30/36); then -2: ≤ 10 (33/36).
    assert_eq!(odds.phases[2], p(10, 36) * p(30, 36));
    assert_eq!(odds.phases[3], p(10, 36) * p(6, 36) * p(33, 36));
    let e = p(1, 1) + p(10, 36) * (p(1, 1) + p(6, 36) * p(36, 33));
    assert_eq!(odds.expected_phases, Some(e));
}

#[test]
fn starting_labor_counts_on_the_first_attempt() {
    let mut i = input(10, "open", 4);
    i.labor = 1;
    let odds = PushOdds::of(&Push::new(i).unwrap());
    assert_eq!(odds.first_phase[1], p(30, 36));
}

#[test]
fn two_woods_hexes_with_labor() {
    // M#8, +5 per woods hex (+1 TEM, +4 MF): ≤ 3 (3/36), with Labor -1
    // ≤ 4 (6/36), with -2 ≤ 5 (10/36). 4 MF: one hex per MPh at most, and
    // the Labor goes once the Gun enters.
    let push = push(8, "woods,woods", 4);
    let odds = PushOdds::of(&push);
    assert_eq!(odds.first_phase, vec![p(11, 12), p(1, 12), p(0, 1)]);
    assert_eq!(odds.phases[1], p(0, 1));
    assert_eq!(odds.phases[2], p(1, 144));
    assert_eq!(odds.phases[3], p(2, 1) * p(1, 12) * p(11, 12) * p(1, 6));
    // One hex takes 1 + 11/12 (1 + 5/6 · 18/5) = 14/3 MPh on average.
    assert_eq!(odds.expected_phases, Some(p(28, 3)));
    let total: Prob = odds.phases.iter().sum::<Prob>() + odds.phases_or_more.clone();
    assert_eq!(total, p(1, 1));
}

#[test]
fn two_woods_hexes_in_one_mph_need_final_drs_below_the_m_number() {
    // With 8 MF the Gun goes on only after a Final DR < 8 (Original 2):
    // two hexes in the MPh = 1/36 · 3/36.
    let push = push(8, "woods,woods", 8);
    let odds = PushOdds::of(&push);
    assert_eq!(odds.first_phase[2], p(1, 432));
    assert_eq!(odds.first_phase[1], p(3, 36) - p(1, 432));
}

#[test]
fn a_hex_that_cannot_be_entered_is_never_reached() {
    // M#4 into woods: +5, -2 at most from Labor: the lowest Final DR is 5.
    let odds = PushOdds::of(&push(4, "woods", 4));
    assert_eq!(odds.p_never, p(1, 1));
    assert_eq!(odds.expected_phases, None);
    assert_eq!(odds.phases_or_more, p(1, 1));
}

#[test]
fn drm_terms_by_rule() {
    let mut i = input(9, "open+road,woods+hedge+mud", 8);
    i.pushers = Pushers {
        crews: 1,
        squads: 1,
        ..Pushers::default()
    };
    i.road_drm = Some(-1);
    i.mud_drm = Some(2);
    i.extra_drm = 1;
    let push = Push::new(i).unwrap();
    let terms = |h| -> Vec<(&str, i16)> { push.terms(h).iter().map(|t| (t.what, t.drm)).collect() };
    assert_eq!(
        terms(0),
        vec![
            ("MF", 2),
            ("additional pushers", -2),
            ("road hexside", -1),
            ("other", 1)
        ]
    );
    assert_eq!(
        terms(1),
        vec![
            ("TEM", 2),
            ("MF", 6),
            ("mud", 2),
            ("additional pushers", -2),
            ("other", 1)
        ]
    );
    assert_eq!(push.drm(1, 2), 7);
}

#[test]
fn the_road_drm_does_not_apply_in_mud_unless_paved() {
    let mut i = input(9, "open+road+mud,open+paved-road+mud", 8);
    i.road_drm = Some(-1);
    i.mud_drm = Some(2);
    let push = Push::new(i).unwrap();
    assert!(!push.terms(0).iter().any(|t| t.what == "road hexside"));
    assert!(push.terms(1).iter().any(|t| t.what == "road hexside"));
}

#[test]
fn the_road_drm_stands_in_mud_when_paved_and_in_deep_snow_when_plowed() {
    // C10.3 chart, Reading `paved-for-mud-plowed-for-snow`: "unless
    // paved/plowed" pairs with "mud/deep snow". Before, either one served
    // for both: a paved road under deep snow kept its road DRM.
    let roads = |path: &str| {
        let mut i = input(9, path, 8);
        i.road_drm = Some(-1);
        i.mud_drm = Some(2);
        let push = Push::new(i).unwrap();
        (0..push.len())
            .map(|h| push.terms(h).iter().any(|t| t.what == "road hexside"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        roads("open+paved-road+mud,open+plowed-road+mud"),
        [true, false]
    );
    assert_eq!(
        roads("open+paved-road+deep-snow,open+plowed-road+deep-snow"),
        [false, true]
    );
    // Into deep snow from mud: the road must be both.
    assert_eq!(
        roads("open+mud,open+plowed-road+deep-snow,open+mud,open+paved-road+plowed-road+deep-snow"),
        [false, false, false, true]
    );
    // The chart's one DRM, named by the ground it is for.
    let mut i = input(9, "open+mud,open+deep-snow,open+deep-snow", 8);
    i.mud_drm = Some(2);
    let push = Push::new(i).unwrap();
    let ground = |h: usize| {
        let terms = push.terms(h);
        let soft = terms
            .iter()
            .find(|t| t.what.contains("mud") || t.what.contains("snow"));
        soft.map(|t| t.what).unwrap_or_default()
    };
    assert_eq!(
        [ground(0), ground(1), ground(2)],
        ["mud", "mud/deep snow", "deep snow"]
    );
    // The Gun starting in deep snow: the first attempt is from it.
    let mut i = input(9, "open+paved-road", 8);
    i.road_drm = Some(-1);
    i.mud_drm = Some(2);
    i.start_soft = Some(Soft::DeepSnow);
    let push = Push::new(i).unwrap();
    let terms = push.terms(0);
    assert!(terms.iter().any(|t| t.what == "deep snow"));
    assert!(!terms.iter().any(|t| t.what == "road hexside"));
}

#[test]
fn bad_pushes_name_their_field() {
    let field = |i: PushInput| Push::new(i).unwrap_err().to_string();
    assert!(field(input(13, "open", 4)).starts_with("gun.m_number: "));
    assert!(field(input(1, "open", 4)).starts_with("gun.m_number: "));
    let mut i = input(9, "open", 4);
    i.path.clear();
    assert!(field(i).starts_with("path: "));
    assert!(field(input(9, "open+mud", 4)).starts_with("drm.mud: "));
    assert!(field(input(9, "open+road", 4)).starts_with("drm.road: "));
    let mut i = input(9, "open", 4);
    i.pushers = Pushers::default();
    assert!(field(i).starts_with("pushers: "));
    let mut i = input(9, "open", 4);
    i.labor = 3;
    assert!(field(i).starts_with("pushers.labor: "));
    assert!(
        parse_path("open,bog")
            .unwrap_err()
            .to_string()
            .starts_with("path[2]: unknown terrain `bog`")
    );
}

// ----- properties ------------------------------------------------------------

const TERRAINS: &[&str] = &[
    "open",
    "grain",
    "brush",
    "woods",
    "wooden-building",
    "stone-building",
    "open+hedge",
    "tem=1+mf=1",
];

fn arb_input() -> impl Strategy<Value = PushInput> {
    (
        2u8..=12,
        prop::collection::vec(0..TERRAINS.len(), 1..=3),
        0u8..=3,
        0u8..=2,
        -3i8..=3,
        4u8..=10,
    )
        .prop_map(|(m, hexes, extra_pushers, labor, extra, mf)| {
            let path: Vec<&str> = hexes.iter().map(|i| TERRAINS[*i]).collect();
            let mut i = input(m, &path.join(","), mf.max(6));
            i.pushers.half_squads = extra_pushers;
            i.labor = labor;
            i.extra_drm = extra;
            i
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn probabilities_sum_to_one(i in arb_input()) {
        let odds = PushOdds::of(&Push::new(i).unwrap());
        prop_assert_eq!(odds.first_phase.iter().sum::<Prob>(), Prob::one());
        let phases: Prob = odds.phases.iter().sum::<Prob>() + odds.phases_or_more.clone();
        prop_assert_eq!(phases, Prob::one());
        prop_assert!(odds.p_never <= odds.phases_or_more);
        prop_assert_eq!(odds.p_never.is_zero(), odds.expected_phases.is_some());
    }

    #[test]
    fn a_worse_drm_never_helps(i in arb_input(), worse in 1i8..=3) {
        let better = PushOdds::of(&Push::new(i.clone()).unwrap());
        let mut w = i;
        w.extra_drm += worse;
        let worse = PushOdds::of(&Push::new(w).unwrap());
        prop_assert!(worse.p_end_first_phase() <= better.p_end_first_phase());
        // P(at least k hexes in the first MPh) and P(the end within t MPh)
        // never go up.
        for k in 0..better.first_phase.len() {
            let at_least = |o: &PushOdds| o.first_phase[k..].iter().sum::<Prob>();
            prop_assert!(at_least(&worse) <= at_least(&better));
        }
        for t in 1..PHASE_CAP as usize {
            prop_assert!(worse.at_least(t) >= better.at_least(t));
        }
    }
}
