//! Every figure of a plan from either engine, so that the two can be set
//! side by side (reports, by field of [`PlanFigures`]) and compared
//! (agreement tests, over the flat list of [`PlanFigures::list`], each
//! named by its place in the JSON report).

use super::exact::{CRITICAL_CAP, CountDist, PlanOdds, TALLY_CAP};
use super::monte_carlo::McTally;
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

/// One unit's fate at the end of the plan (its worst outcome).
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
        let at_least_one = |h: &[u64]| proportion(h.iter().skip(1).sum(), trials);
        let (p, m) = (Kind::Probability, Kind::Mean);
        let phases = exact.map_or_else(
            || mc.map_or(0, |t| t.per_phase.len()),
            |x| x.per_phase.len(),
        );
        let per_phase = (0..phases)
            .map(|i| {
                let e = exact.map(|x| &x.per_phase[i]);
                let t = mc.map(|t| &t.per_phase[i]);
                let name = |field: &str| format!("per_phase[{i}].{field}");
                PhaseFigures {
                    expected_shots: figure(
                        name("expected_shots"),
                        m,
                        e.map(|p| p.expected_shots.clone()),
                        t.map(|p| mean_of_histogram(&p.shots)),
                    ),
                    expected_hits: figure(
                        name("expected_hits"),
                        m,
                        e.map(|p| p.expected_hits.clone()),
                        t.map(|p| mean_of_histogram(&p.hits)),
                    ),
                    expected_critical_hits: figure(
                        name("expected_critical_hits"),
                        m,
                        e.map(|p| p.expected_criticals.clone()),
                        t.map(|p| mean_of_histogram(&p.criticals)),
                    ),
                    p_first_hit: figure(
                        name("p_first_hit"),
                        p,
                        e.map(|p| p.p_first_hit.clone()),
                        t.map(|p| proportion(p.first_hit, trials)),
                    ),
                    p_hit_by_end: figure(
                        name("p_hit_by_end"),
                        p,
                        e.map(|p| p.p_hit_by_end.clone()),
                        t.map(|p| proportion(p.hit_by_end, trials)),
                    ),
                    p_malfunctioned_at_end: figure(
                        name("p_malfunctioned_at_end"),
                        p,
                        e.map(|p| p.p_malfunctioned_at_end.clone()),
                        t.map(|p| proportion(p.malfunctioned_at_end, trials)),
                    ),
                    p_removed_by_end: figure(
                        name("p_removed_by_end"),
                        p,
                        e.map(|p| p.p_removed_by_end.clone()),
                        t.map(|p| proportion(p.removed_by_end, trials)),
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
        PlanFigures {
            expected_shots: figure(
                "expected_shots".into(),
                m,
                exact.map(|x| x.expected_shots.clone()),
                mc.map(|t| mean_of_histogram(&t.shots)),
            ),
            expected_hits: figure(
                "expected_hits".into(),
                m,
                exact.map(|x| x.expected_hits.clone()),
                mc.map(|t| mean_of_histogram(&t.hits)),
            ),
            expected_critical_hits: figure(
                "expected_critical_hits".into(),
                m,
                exact.map(|x| x.expected_criticals.clone()),
                mc.map(|t| mean_of_histogram(&t.criticals)),
            ),
            p_at_least_one_hit: figure(
                "p_at_least_one_hit".into(),
                p,
                exact.map(|x| x.p_at_least_one_hit.clone()),
                mc.map(|t| at_least_one(&t.hits)),
            ),
            p_critical_hit: figure(
                "p_critical_hit".into(),
                p,
                exact.map(|x| x.p_critical_hit.clone()),
                mc.map(|t| at_least_one(&t.criticals)),
            ),
            p_malfunction: figure(
                "p_malfunction".into(),
                p,
                exact.map(|x| x.p_malfunction.clone()),
                mc.map(|t| proportion(t.malfunction, trials)),
            ),
            p_removed: figure(
                "p_removed".into(),
                p,
                exact.map(|x| x.p_removed.clone()),
                mc.map(|t| proportion(t.removed, trials)),
            ),
            shots: count_entries(
                "shots",
                TALLY_CAP,
                exact.map(|x| &x.shots),
                mc.map(|t| &t.shots[..]),
                trials,
            ),
            hits: count_entries(
                "hits",
                TALLY_CAP,
                exact.map(|x| &x.hits),
                mc.map(|t| &t.hits[..]),
                trials,
            ),
            critical_hits: count_entries(
                "critical_hits",
                CRITICAL_CAP,
                exact.map(|x| &x.criticals),
                mc.map(|t| &t.criticals[..]),
                trials,
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
