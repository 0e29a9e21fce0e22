//! Agreement of the exact engine and the Monte Carlo engine on a corpus of
//! varied fire plans, a broken-rule test that shows the check can fail,
//! determinism of the Monte Carlo engine across thread counts, and exact
//! hand checks of the exact engine on tiny plans.
//!
//! Both engines read the same compiled chain, so agreement here checks the
//! exact solver (self-loops, tallies, caps, per-phase figures) against plain
//! sampling of the chain, and the figures plumbing of both.
//!
//! The corpus is in `corpus.rs`, the check and the shared corpus run in
//! `check.rs`, the tests over them here; thread counts, pinned values and
//! hand-worked tiny plans in `hand_checks.rs`.

#[path = "../common/mod.rs"]
mod common;

use common::agree::{RARE, figure_disagrees, successes};
use common::at;
use common::on_threads;
use common::plain_plan;

use std::fmt;
use std::sync::OnceLock;

use rayon::prelude::*;
use statrs::distribution::{ChiSquared, ContinuousCDF};

use mortar_odds::engine::plan::chain::Chain;
use mortar_odds::engine::plan::exact::{PlanOdds, TALLY_CAP};
use mortar_odds::engine::plan::figures::{Figure, figures};
use mortar_odds::engine::plan::monte_carlo::{self, BATCH, McTally};
use mortar_odds::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::prob::Prob;
use mortar_odds::rules::firer::{Firer, GunType, Manning, Phase};
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::target::Target;

/// Trials per plan in the agreement tests.
const TRIALS: u64 = 500_000;
/// The master seed of the agreement runs; plan `i` of the corpus runs with
/// `SEED + i`, so that the plans' runs are independent.
const SEED: u64 = 0x00A5_1AB0_0C0D_E5EE;
/// A plan that fails the check is run again with this many trials and seed
/// `CONFIRM_SEED + i`; only failures that recur there fail the corpus tests
/// (see [`confirmed_failures`]).
const CONFIRM_TRIALS: u64 = 4 * TRIALS;
const CONFIRM_SEED: u64 = SEED ^ (1 << 40);
/// Chi-square bins are pooled until each expects at least this many trials.
const MIN_EXPECTED: f64 = 5.0;
/// The chi-square test fails below this upper-tail p-value.
const MIN_CHI_SQUARE_P: f64 = 0.001;

// ---------------------------------------------------------------------------
// Building plans
// ---------------------------------------------------------------------------

/// A mortar with its counter values; a light mortar (SW) at 60mm or less.
fn mortar(caliber: u16, rof: u8, breakdown: u8, repair: Option<u8>) -> Mortar {
    let mut m = common::mortar(caliber);
    m.rof = Some(rof);
    m.breakdown = Some(breakdown);
    m.repair = repair;
    m
}

fn shot_input(mortar: Mortar, firer: Firer, target: Target) -> ShotInput {
    ShotInput {
        mortar,
        firer,
        target,
        units: Vec::new(),
        ammo: Ammo::He,
    }
}

fn phase(phase: Phase) -> PlanPhase {
    PlanPhase {
        phase,
        max_shots: None,
    }
}

fn pfph() -> PlanPhase {
    phase(Phase::Prep)
}

fn dfph() -> PlanPhase {
    phase(Phase::Defensive)
}

fn afph() -> PlanPhase {
    phase(Phase::Advancing)
}

fn at_most(phase: PlanPhase, shots: u8) -> PlanPhase {
    PlanPhase {
        max_shots: Some(shots),
        ..phase
    }
}

/// One named plan of the corpus.
struct Case {
    name: &'static str,
    plan: FirePlan,
}

/// Every plan of the corpus must be a valid plan.
fn case(name: &'static str, shot: ShotInput, input: PlanInput) -> Case {
    let plan = FirePlan::new(shot, input)
        .unwrap_or_else(|e| panic!("corpus plan {name} is rejected by FirePlan::new: {e}"));
    Case { name, plan }
}

mod check;
mod corpus;
mod hand_checks;

use check::*;
use corpus::*;

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[test]
fn corpus_is_large_varied_and_valid() {
    let corpus = corpus();
    assert!(corpus.len() >= 20, "only {} plans", corpus.len());
    let mut names: Vec<_> = corpus.iter().map(|c| c.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), corpus.len(), "plan names must be unique");

    let has = |what: &str, pred: &dyn Fn(&FirePlan) -> bool| {
        assert!(
            corpus.iter().any(|c| pred(&c.plan)),
            "the corpus has no plan with {what}"
        );
    };
    let mortar = |p: &FirePlan| p.shot_input.mortar.clone();
    let firer = |p: &FirePlan| p.shot_input.firer.clone();
    let phases = |p: &FirePlan| p.input.phases.iter().map(|x| x.phase).collect::<Vec<_>>();
    has("a light mortar", &|p| mortar(p).support_weapon);
    for cal in [81, 82, 107, 120] {
        has(&format!("a {cal}mm Gun"), &|p| {
            !mortar(p).support_weapon && mortar(p).caliber_mm == cal
        });
    }
    for rof in 1..=3 {
        has(&format!("ROF {rof}"), &|p| mortar(p).rof == Some(rof));
    }
    for b in 10..=12 {
        has(&format!("B# {b}"), &|p| mortar(p).breakdown == Some(b));
    }
    for acq in 0..=2 {
        has(&format!("Acquisition {acq}"), &|p| {
            p.input.acquisition == acq
        });
    }
    has("repair", &|p| p.input.repair);
    has("an R# without repair", &|p| {
        !p.input.repair && mortar(p).repair.is_some()
    });
    has("spotted fire", &|p| firer(p).spotted);
    has("a pinned firer", &|p| firer(p).pinned);
    has("a captured weapon", &|p| firer(p).captured);
    has("a CA change by an NT Gun", &|p| {
        firer(p).ca_change == 1 && firer(p).gun_type == Some(GunType::NT)
    });
    has("Intensive Fire", &|p| {
        p.input.intensive_fire == IntensiveFirePolicy::WheneverAllowed
    });
    has("stop on the first hit", &|p| {
        p.input.stop == StopRule::FirstHit
    });
    has("stop on the first Critical Hit", &|p| {
        p.input.stop == StopRule::FirstCriticalHit
    });
    has("a max_shots PFPh then an AFPh", &|p| {
        p.input.phases.len() >= 2
            && p.input.phases[0] == at_most(pfph(), 1)
            && p.input.phases[1] == afph()
    });
    use Phase::*;
    for want in [
        vec![Prep],
        vec![Prep, Defensive, Prep],
        vec![Defensive, Defensive],
        vec![Advancing, Prep, Advancing],
    ] {
        has(&format!("phases {want:?}"), &|p| phases(p) == want);
    }
    has("Acquisition NA", &|p| mortar(p).acquisition_na);
    has("the Type 89 at 2 hexes", &|p| {
        mortar(p).type89_rules && p.shot_input.target.range == 2
    });
    has("Multiple Hits", &|p| mortar(p).multiple_hits);
    let target = |p: &FirePlan| p.shot_input.target.clone();
    has("woods", &|p| target(p).woods);
    has("a concealed target", &|p| target(p).concealed);
    has("FFNAM", &|p| target(p).ffnam);
    has("a hindrance", &|p| target(p).hindrance > 0);
}

/// Every figure of every plan agrees within 4 standard errors (or the exact
/// binomial test for rare events).
#[test]
fn exact_and_monte_carlo_figures_agree() {
    let mut checked = 0;
    for run in runs() {
        assert_eq!(run.mc.trials, TRIALS);
        checked += figures(Some(&run.exact), Some(&run.mc))
            .iter()
            .filter(|f| f.exact.is_some() && f.mc.is_some())
            .count();
    }
    assert!(checked > 500, "only {checked} figures checked");
    let (failed, message) = corpus_failures(|f| matches!(f, Failure::Figure { .. }));
    assert!(
        failed == 0,
        "{failed} of {checked} figures disagree (exact vs Monte Carlo, {TRIALS} trials, seed {SEED:#x} + plan index), confirmed by a second run:\n{message}"
    );
}

/// The shots of each phase follow the exact distribution (chi-square).
#[test]
fn shots_per_phase_fit_the_exact_distribution() {
    let mut tested = 0;
    for run in runs() {
        let figs = figures(Some(&run.exact), Some(&run.mc));
        tested += (0..run.exact.per_phase.len())
            .filter(|&i| shots_chi_square(&figs, i, run.mc.trials).is_some())
            .count();
    }
    assert!(tested >= 20, "only {tested} phases could be tested");
    let (failed, message) = corpus_failures(|f| matches!(f, Failure::ChiSquare { .. }));
    assert!(
        failed == 0,
        "{failed} of {tested} phases fail the chi-square test (p <= {MIN_CHI_SQUARE_P}), confirmed by a second run:\n{message}"
    );
}

/// The check must catch a broken rule: exact odds of a ROF 2 mortar against
/// a Monte Carlo run of the same plan with ROF 3.
#[test]
fn injected_wrong_rof_is_caught() {
    let build = |rof| {
        FirePlan::new(
            shot_input(mortar(81, rof, 12, Some(2)), Firer::default(), at(20)),
            PlanInput {
                repair: true,
                ..plain_plan(vec![pfph(), dfph()])
            },
        )
        .expect("valid plan")
    };
    let right = build(2);
    let wrong = build(3);
    let exact = PlanOdds::of(&right, &Chain::compile(&right));
    let mc = monte_carlo::run(&Chain::compile(&wrong), 2, 100_000, SEED, &|_| {});
    let failures = agreement_failures("injected_wrong_rof", &exact, &mc);
    let beyond_4_se = failures
        .iter()
        .filter(|f| matches!(f, Failure::Figure { .. }))
        .count();
    assert!(beyond_4_se > 0, "no figure beyond 4 SE with the wrong ROF");
    let chi_square: Vec<f64> = failures
        .iter()
        .filter_map(|f| match f {
            Failure::ChiSquare { p_value, .. } => Some(*p_value),
            _ => None,
        })
        .collect();
    assert!(
        !chi_square.is_empty() && chi_square.iter().all(|p| *p < MIN_CHI_SQUARE_P),
        "the chi-square test does not catch the wrong ROF: {failures:#?}"
    );
    // And the right ROF passes the same check.
    let mc = monte_carlo::run(&Chain::compile(&right), 2, 100_000, SEED, &|_| {});
    let failures = agreement_failures("right_rof", &exact, &mc);
    assert!(failures.is_empty(), "{}", report(&failures));
}

/// The check's rare-event paths can fail too: an event of exact
/// probability 0 seen once, and a rare bin seen far too often (exact
/// binomial test).
#[test]
fn check_flags_impossible_and_rare_events() {
    let plan = light_50_rof2_single_pfph().plan;
    let (exact, mut mc) = solve(&plan, 100_000, SEED);
    assert!(agreement_failures("as run", &exact, &mc).is_empty());
    let failed = |mc: &McTally, figure: &str, test: &str| {
        agreement_failures("doctored", &exact, mc)
            .iter()
            .any(|f| matches!(f, Failure::Figure { figure: g, test: t, .. } if g == figure && t.contains(test)))
    };

    // B# 12, no repair: the weapon is never removed.
    assert_eq!(exact.p_removed, Prob::zero());
    let mut removed = mc.clone();
    removed.removed = 1;
    assert!(failed(&removed, "p_removed", "MC count 1"));

    // A rare bin: ROF 2 keeps with 1/3, so P(12 shots) is about 1e-5, an
    // expected count below 10 in 100,000 trials. Forty more is no chance.
    let p12 = exact.shots.p[12].to_f64();
    assert!(p12 * 1e5 < RARE, "shots[12] is not rare: {p12}");
    mc.shots.resize(mc.shots.len().max(13), 0);
    mc.shots[12] += 40;
    mc.shots[1] -= 40;
    assert!(failed(&mc, "shots[12]", "binomial"));
}
