//! Every figure of a plan from either engine, so that the two can be set
//! side by side (reports, by field of [`PlanFigures`]) and compared
//! (agreement tests, over the flat list of [`PlanFigures::list`], each
//! named by its place in the JSON report).

use super::exact::{CRITICAL_CAP, CountDist, PhaseOdds, PlanOdds, TALLY_CAP};
use super::monte_carlo::{McTally, PhaseTally};
use super::simulate::UnitTally;
use crate::prob::Prob;
use crate::rules::units::Outcome;
use crate::stats::{Estimate, mean_of_histogram, proportion};

mod list;
mod units;

pub use list::figures;
pub use units::unit_figures;

/// What kind of figure: a probability or the mean of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A probability.
    Probability,
    /// The mean of a count (shots, hits).
    Mean,
}

/// One named figure with the exact value and/or the Monte Carlo estimate.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Its name in reports and JSON, e.g. `expected_hits`.
    pub name: String,
    /// A probability or a mean.
    pub kind: Kind,
    /// The exact value, when the exact engine ran.
    pub exact: Option<Prob>,
    /// The Monte Carlo estimate, when Monte Carlo ran.
    pub mc: Option<Estimate>,
}

impl Figure {
    /// How many standard errors the estimate lies from the exact value
    /// (for a probability, the standard error of the exact p).
    pub fn z_score(&self, trials: u64) -> Option<f64> {
        let (exact, mc) = (self.exact.as_ref()?, self.mc?);
        let e = exact.to_f64();
        let se = match self.kind {
            Kind::Probability => (e * (1.0 - e) / trials as f64).sqrt(),
            Kind::Mean => mc.std_error,
        };
        let diff = (mc.value - e).abs();
        Some(if se == 0.0 {
            if diff < 1e-12 { 0.0 } else { f64::INFINITY }
        } else {
            diff / se
        })
    }
}

/// One entry of a count's distribution: P(count = `n`), or `n` or more.
#[derive(Clone, Debug)]
pub struct CountFigure {
    /// The count.
    pub n: usize,
    /// The last bucket: `n` or more.
    pub or_more: bool,
    /// Its probability, named `<count>[n]` (`<count>[n+]`).
    pub figure: Figure,
}

/// One listed phase's figures.
#[derive(Clone, Debug)]
pub struct PhaseFigures {
    /// Expected shots in the phase.
    pub expected_shots: Figure,
    /// Expected hits in the phase.
    pub expected_hits: Figure,
    /// Expected Critical Hits in the phase.
    pub expected_critical_hits: Figure,
    /// The plan's first hit falls in this phase.
    pub p_first_hit: Figure,
    /// At least one hit by the end of the phase.
    pub p_hit_by_end: Figure,
    /// Malfunctioned, and not repaired, at the end of the phase.
    pub p_malfunctioned_at_end: Figure,
    /// Removed for good by the end of the phase.
    pub p_removed_by_end: Figure,
    /// Shots in the phase.
    pub shots: Vec<CountFigure>,
    /// With units: no enemy unit in action at the end of the phase.
    pub p_hex_cleared_by_end: Option<Figure>,
    /// With units: at least one enemy unit out of action at the end of the phase.
    pub p_out_of_action_by_end: Option<Figure>,
}

/// One unit's fate at the end of the plan (its worst outcome; with pins
/// lifted at each new Player Turn, "pinned" is the pin held at the end).
#[derive(Clone, Debug)]
pub struct UnitFigures {
    /// P(worst outcome), for every outcome in report order.
    pub outcomes: Vec<(Outcome, Figure)>,
    /// Broken or eliminated (a vehicle: eliminated) at the end.
    pub p_out_of_action: Figure,
    /// A vehicle left a burning wreck.
    pub p_burning_wreck: Figure,
}

impl UnitFigures {
    /// The figure of one outcome.
    pub fn outcome(&self, outcome: Outcome) -> Option<&Figure> {
        self.outcomes
            .iter()
            .find(|(o, _)| *o == outcome)
            .map(|(_, f)| f)
    }
}

/// The hex's figures at the end of the plan.
#[derive(Clone, Debug)]
pub struct HexFigures {
    /// No enemy unit left in action.
    pub p_cleared: Figure,
    /// Every enemy unit eliminated.
    pub p_all_eliminated: Figure,
    /// At least `n` enemy units out of action, for n = 1, 2, ...
    pub at_least_out_of_action: Vec<CountFigure>,
}

/// Every figure of a plan, by field.
#[derive(Clone, Debug)]
pub struct PlanFigures {
    /// Expected shots over the whole plan.
    pub expected_shots: Figure,
    /// Expected hits.
    pub expected_hits: Figure,
    /// Expected Critical Hits.
    pub expected_critical_hits: Figure,
    /// At least one hit.
    pub p_at_least_one_hit: Figure,
    /// At least one Critical Hit.
    pub p_critical_hit: Figure,
    /// The weapon malfunctions at least once.
    pub p_malfunction: Figure,
    /// The weapon is out for good at the end.
    pub p_removed: Figure,
    /// Shots over the plan.
    pub shots: Vec<CountFigure>,
    /// Hits over the plan.
    pub hits: Vec<CountFigure>,
    /// Critical Hits over the plan.
    pub critical_hits: Vec<CountFigure>,
    /// Each listed phase.
    pub per_phase: Vec<PhaseFigures>,
    /// With units: each unit's fate.
    pub units: Vec<UnitFigures>,
    /// With units: the hex's.
    pub hex: Option<HexFigures>,
}

fn count_entries(
    name: &str,
    cap: u8,
    exact: Option<&CountDist>,
    hist: Option<&[u64]>,
    trials: u64,
) -> Vec<CountFigure> {
    let cap = usize::from(cap);
    let longest = exact
        .map_or(0, |d| d.p.len())
        .max(hist.map_or(0, |h| h.len().min(cap)));
    let mut out = Vec::new();
    for n in 0..longest.min(cap) {
        let e = exact.map(|d| d.p.get(n).cloned().unwrap_or_else(Prob::zero));
        let m = hist.map(|h| proportion(h.get(n).copied().unwrap_or(0), trials));
        let zero_both = e.as_ref().is_none_or(Prob::is_zero) && m.is_none_or(|m| m.value == 0.0);
        if !zero_both {
            out.push(CountFigure {
                n,
                or_more: false,
                figure: Figure {
                    name: format!("{name}[{n}]"),
                    kind: Kind::Probability,
                    exact: e,
                    mc: m,
                },
            });
        }
    }
    let e = exact.map(|d| d.or_more.clone());
    let m = hist.map(|h| proportion(h.iter().skip(cap).sum(), trials));
    if e.as_ref().is_some_and(|p| !p.is_zero()) || m.is_some_and(|m| m.value > 0.0) {
        out.push(CountFigure {
            n: cap,
            or_more: true,
            figure: Figure {
                name: format!("{name}[{cap}+]"),
                kind: Kind::Probability,
                exact: e,
                mc: m,
            },
        });
    }
    out
}

/// Where a tally keeps the histogram of a count.
type Hist<T> = fn(&T) -> &[u64];
/// Where a tally keeps the count of trials with an event.
type Count<T> = fn(&T) -> u64;

/// The figure `name` from whichever engines ran: `of_exact` reads the
/// exact value, `of_mc` works the estimate out of the tally.
fn paired<E, T>(
    name: String,
    kind: Kind,
    exact: Option<&E>,
    mc: Option<&T>,
    of_exact: fn(&E) -> &Prob,
    of_mc: impl Fn(&T) -> Estimate,
) -> Figure {
    figure(
        name,
        kind,
        exact.map(|e| of_exact(e).clone()),
        mc.map(of_mc),
    )
}

/// The figure `name` of the mean of a count: its exact mean, or the mean
/// of its histogram `hist` in the tally.
fn mean<E, T>(
    name: String,
    exact: Option<&E>,
    mc: Option<&T>,
    of_exact: fn(&E) -> &Prob,
    hist: Hist<T>,
) -> Figure {
    paired(name, Kind::Mean, exact, mc, of_exact, |t| {
        mean_of_histogram(hist(t))
    })
}

pub(super) fn figure(
    name: String,
    kind: Kind,
    exact: Option<Prob>,
    mc: Option<Estimate>,
) -> Figure {
    Figure {
        name,
        kind,
        exact,
        mc,
    }
}

impl PlanFigures {
    /// The weapon's figures (shots, hits, malfunction, by phase), without
    /// the units'; either engine may be absent.
    pub fn weapon(exact: Option<&PlanOdds>, mc: Option<&McTally>) -> PlanFigures {
        let trials = mc.map_or(0, |t| t.trials);
        let phases = exact.map_or_else(
            || mc.map_or(0, |t| t.per_phase.len()),
            |x| x.per_phase.len(),
        );
        let per_phase = (0..phases)
            .map(|i| {
                let (e, t) = (exact.map(|x| &x.per_phase[i]), mc.map(|t| &t.per_phase[i]));
                let name = |field: &str| format!("per_phase[{i}].{field}");
                let mean = |field, of_exact, hist| mean(name(field), e, t, of_exact, hist);
                let share = |field, of_exact: fn(&PhaseOdds) -> &Prob, count: Count<PhaseTally>| {
                    paired(name(field), Kind::Probability, e, t, of_exact, |t| {
                        proportion(count(t), trials)
                    })
                };
                PhaseFigures {
                    expected_shots: mean("expected_shots", |p| &p.expected_shots, |t| &t.shots),
                    expected_hits: mean("expected_hits", |p| &p.expected_hits, |t| &t.hits),
                    expected_critical_hits: mean(
                        "expected_critical_hits",
                        |p| &p.expected_criticals,
                        |t| &t.criticals,
                    ),
                    p_first_hit: share("p_first_hit", |p| &p.p_first_hit, |t| t.first_hit),
                    p_hit_by_end: share("p_hit_by_end", |p| &p.p_hit_by_end, |t| t.hit_by_end),
                    p_malfunctioned_at_end: share(
                        "p_malfunctioned_at_end",
                        |p| &p.p_malfunctioned_at_end,
                        |t| t.malfunctioned_at_end,
                    ),
                    p_removed_by_end: share(
                        "p_removed_by_end",
                        |p| &p.p_removed_by_end,
                        |t| t.removed_by_end,
                    ),
                    shots: count_entries(
                        &name("shots"),
                        TALLY_CAP,
                        e.map(|p| &p.shots),
                        t.map(|p| &p.shots[..]),
                        trials,
                    ),
                    p_hex_cleared_by_end: None,
                    p_out_of_action_by_end: None,
                }
            })
            .collect();
        let at_least_one = |h: &[u64]| proportion(h.iter().skip(1).sum(), trials);
        let mean = |field: &str, of_exact, hist| mean(field.into(), exact, mc, of_exact, hist);
        let share = |field: &str,
                     of_exact: fn(&PlanOdds) -> &Prob,
                     of_mc: &dyn Fn(&McTally) -> Estimate| {
            paired(field.into(), Kind::Probability, exact, mc, of_exact, of_mc)
        };
        let counts =
            |field: &str, cap, of_exact: fn(&PlanOdds) -> &CountDist, hist: Hist<McTally>| {
                count_entries(field, cap, exact.map(of_exact), mc.map(hist), trials)
            };
        PlanFigures {
            expected_shots: mean("expected_shots", |x| &x.expected_shots, |t| &t.shots),
            expected_hits: mean("expected_hits", |x| &x.expected_hits, |t| &t.hits),
            expected_critical_hits: mean(
                "expected_critical_hits",
                |x| &x.expected_criticals,
                |t| &t.criticals,
            ),
            p_at_least_one_hit: share("p_at_least_one_hit", |x| &x.p_at_least_one_hit, &|t| {
                at_least_one(&t.hits)
            }),
            p_critical_hit: share("p_critical_hit", |x| &x.p_critical_hit, &|t| {
                at_least_one(&t.criticals)
            }),
            p_malfunction: share("p_malfunction", |x| &x.p_malfunction, &|t| {
                proportion(t.malfunction, trials)
            }),
            p_removed: share("p_removed", |x| &x.p_removed, &|t| {
                proportion(t.removed, trials)
            }),
            shots: counts("shots", TALLY_CAP, |x| &x.shots, |t| &t.shots),
            hits: counts("hits", TALLY_CAP, |x| &x.hits, |t| &t.hits),
            critical_hits: counts(
                "critical_hits",
                CRITICAL_CAP,
                |x| &x.criticals,
                |t| &t.criticals,
            ),
            per_phase,
            units: Vec::new(),
            hex: None,
        }
    }

    /// Every figure of `plan`: the weapon's, and the units' when its hex
    /// holds units (`units_mc`: their Monte Carlo tallies).
    pub fn of(
        plan: &super::FirePlan,
        exact: Option<&PlanOdds>,
        mc: Option<&McTally>,
        units_mc: Option<&UnitTally>,
    ) -> PlanFigures {
        let mut figures = PlanFigures::weapon(exact, mc);
        if !plan.units().is_empty() {
            figures.add_units(plan, exact, units_mc);
        }
        figures
    }
}
