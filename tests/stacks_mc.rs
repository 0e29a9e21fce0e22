//! Issue 11: the composed exact odds of one shot at large stacks (five and
//! eight units, leaders and an AFV among them) against Monte Carlo that
//! rolls every die of the same shot process, at 4 standard errors.

mod common;

use common::agree::{MAX_Z, z_score};
use mortar_odds::dice::RngDice;
use mortar_odds::engine::shot::UnitShotOdds;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::prob::Prob;
use mortar_odds::rules::outcomes::{OUTCOMES, in_action};
use mortar_odds::rules::shot::Shot;
use mortar_odds::rules::shot_process::ShotProcess;
use mortar_odds::rules::units::{UnitState, outcome};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const TRIALS: u32 = 40_000;

fn shot(text: &str) -> Shot {
    let scenario = Scenario::parse("stack", text, Default::default()).expect("a valid scenario");
    Shot::new(
        scenario
            .shot_input(&Catalog::builtin())
            .expect("a valid shot"),
    )
    .expect("a valid shot")
}

/// `None` if the observed share is within [`MAX_Z`] standard errors of `p`
/// (exactly equal where `p` is 0 or 1), else what disagrees.
fn disagreement(what: String, p: &Prob, hits: u32) -> Option<String> {
    let (p, n) = (p.to_f64(), f64::from(TRIALS));
    let seen = f64::from(hits) / n;
    (z_score(p, seen, n).abs() > MAX_Z)
        .then(|| format!("{what}: exact {p:.5}, Monte Carlo {seen:.5}"))
}

fn assert_agrees(name: &str, shot: &Shot, units_expected: usize) {
    assert_eq!(shot.input.units.len(), units_expected, "{name}");
    let exact = UnitShotOdds::of(shot).expect("units in the hex");
    let bad = disagreements(&exact, shot);
    assert!(bad.is_empty(), "{name}: {bad:#?}");
    // The checks can fail: the figures are not all trivial.
    assert!(
        exact.hex.at_least_out[0].to_f64() > 0.05,
        "{name}: {:?}",
        exact.hex.at_least_out
    );
}

/// Every figure of `exact` that `TRIALS` shots of `sampled`, dice rolled,
/// do not bear out.
fn disagreements(exact: &UnitShotOdds, sampled: &Shot) -> Vec<String> {
    let units = &sampled.input.units;
    let process = ShotProcess::units(sampled);
    let start = process.start_units();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let n = units.len();
    let mut by_outcome = vec![vec![0u32; OUTCOMES.len()]; n];
    let mut out = vec![0u32; n];
    let mut at_least = vec![0u32; n + 1];
    for _ in 0..TRIALS {
        let end: Vec<UnitState> = process
            .run(&start, &mut RngDice(&mut rng))
            .location
            .units
            .to_vec();
        let mut count = 0;
        for (i, u) in units.iter().enumerate() {
            let o = outcome(&u.start, &end[i]);
            let k = OUTCOMES.iter().position(|x| *x == o).expect("a category");
            by_outcome[i][k] += 1;
            if !in_action(u, &end[i]) {
                out[i] += 1;
                count += usize::from(u.enemy);
            }
        }
        for slot in &mut at_least[1..=count] {
            *slot += 1;
        }
    }
    let mut bad = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let odds = &exact.hex.units[i];
        for (k, (o, p)) in odds.outcomes.iter().enumerate() {
            bad.extend(disagreement(
                format!("{} {o:?}", u.name),
                p,
                by_outcome[i][k],
            ));
        }
        bad.extend(disagreement(
            format!("{} out of action", u.name),
            &odds.p_out_of_action,
            out[i],
        ));
    }
    for (k, p) in exact.hex.at_least_out.iter().enumerate() {
        bad.extend(disagreement(format!("{}+ out", k + 1), p, at_least[k + 1]));
    }
    bad
}

#[test]
fn eight_mixed_units_agree_with_monte_carlo() {
    let s = shot(include_str!("../benches/stacks/shot-8-mixed.toml"));
    assert_agrees("eight units", &s, 8);
}

#[test]
fn five_units_with_two_leaders_agree_with_monte_carlo() {
    assert_agrees("five units", &shot(FIVE_UNITS), 5);
}

#[test]
fn a_wrong_morale_is_caught() {
    // The five units sampled with the 4-6-7 a Morale Level lower than the
    // exact odds take: the check must see it, or it could not fail.
    let exact = UnitShotOdds::of(&shot(FIVE_UNITS)).expect("units in the hex");
    let lower = FIVE_UNITS.replacen("morale = 7\n", "morale = 6\n", 1);
    assert_ne!(lower, FIVE_UNITS);
    let bad = disagreements(&exact, &shot(&lower));
    assert!(bad.iter().any(|b| b.starts_with("4-6-7")), "{bad:#?}");
}

/// A squad, a half-squad and a crew with two leaders: Leader Loss checks
/// and leadership in one Location.
const FIVE_UNITS: &str = r#"
ammo = "HE"
[mortar]
name = "my-81mm"
caliber = 81
rof = 3
breakdown = 12
range = [2, 40]
[firer]
phase = "PFPh"
[target]
range = 6
[[target.units]]
name = "4-6-7"
kind = "squad"
morale = 7
broken_morale = 7
[[target.units]]
name = "8-1"
kind = "leader"
morale = 8
broken_morale = 8
leadership = -1
[[target.units]]
name = "7-0"
kind = "leader"
morale = 7
broken_morale = 7
[[target.units]]
name = "2-3-7"
kind = "half-squad"
morale = 7
broken_morale = 7
[[target.units]]
name = "2-2-8"
kind = "crew"
morale = 8
broken_morale = 8
"#;
