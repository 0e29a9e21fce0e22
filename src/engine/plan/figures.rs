//! Every figure of a plan by name, from either engine, so that the two can
//! be set side by side (reports) and compared (agreement tests).

use super::exact::{CRITICAL_CAP, CountDist, PlanOdds, TALLY_CAP};
use super::monte_carlo::McTally;
use super::simulate::UnitTally;
use crate::prob::Prob;
use crate::rules::outcomes::OUTCOMES;
use crate::stats::{Estimate, mean_of_histogram, proportion};

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

fn count_entries(
    name: &str,
    cap: u8,
    exact: Option<&CountDist>,
    hist: Option<&[u64]>,
    trials: u64,
) -> Vec<Figure> {
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
            out.push(Figure {
                name: format!("{name}[{n}]"),
                kind: Kind::Probability,
                exact: e,
                mc: m,
            });
        }
    }
    let e = exact.map(|d| d.or_more.clone());
    let m = hist.map(|h| proportion(h.iter().skip(cap).sum(), trials));
    if e.as_ref().is_some_and(|p| !p.is_zero()) || m.is_some_and(|m| m.value > 0.0) {
        out.push(Figure {
            name: format!("{name}[{cap}+]"),
            kind: Kind::Probability,
            exact: e,
            mc: m,
        });
    }
    out
}

/// Every figure, named as in the JSON report; either side may be absent.
pub fn figures(exact: Option<&PlanOdds>, mc: Option<&McTally>) -> Vec<Figure> {
    let trials = mc.map_or(0, |t| t.trials);
    let mut out = Vec::new();
    let mut push = |name: String, kind: Kind, e: Option<Prob>, m: Option<Estimate>| {
        out.push(Figure {
            name,
            kind,
            exact: e,
            mc: m,
        })
    };
    let at_least_one = |h: &[u64]| proportion(h.iter().skip(1).sum(), trials);
    push(
        "expected_shots".into(),
        Kind::Mean,
        exact.map(|x| x.expected_shots.clone()),
        mc.map(|t| mean_of_histogram(&t.shots)),
    );
    push(
        "expected_hits".into(),
        Kind::Mean,
        exact.map(|x| x.expected_hits.clone()),
        mc.map(|t| mean_of_histogram(&t.hits)),
    );
    push(
        "expected_critical_hits".into(),
        Kind::Mean,
        exact.map(|x| x.expected_criticals.clone()),
        mc.map(|t| mean_of_histogram(&t.criticals)),
    );
    push(
        "p_at_least_one_hit".into(),
        Kind::Probability,
        exact.map(|x| x.p_at_least_one_hit.clone()),
        mc.map(|t| at_least_one(&t.hits)),
    );
    push(
        "p_critical_hit".into(),
        Kind::Probability,
        exact.map(|x| x.p_critical_hit.clone()),
        mc.map(|t| at_least_one(&t.criticals)),
    );
    push(
        "p_malfunction".into(),
        Kind::Probability,
        exact.map(|x| x.p_malfunction.clone()),
        mc.map(|t| proportion(t.malfunction, trials)),
    );
    push(
        "p_removed".into(),
        Kind::Probability,
        exact.map(|x| x.p_removed.clone()),
        mc.map(|t| proportion(t.removed, trials)),
    );
    out.extend(count_entries(
        "shots",
        TALLY_CAP,
        exact.map(|x| &x.shots),
        mc.map(|t| &t.shots[..]),
        trials,
    ));
    out.extend(count_entries(
        "hits",
        TALLY_CAP,
        exact.map(|x| &x.hits),
        mc.map(|t| &t.hits[..]),
        trials,
    ));
    out.extend(count_entries(
        "critical_hits",
        CRITICAL_CAP,
        exact.map(|x| &x.criticals),
        mc.map(|t| &t.criticals[..]),
        trials,
    ));
    let phases = exact.map_or_else(
        || mc.map_or(0, |t| t.per_phase.len()),
        |x| x.per_phase.len(),
    );
    for i in 0..phases {
        let e = exact.map(|x| &x.per_phase[i]);
        let m = mc.map(|t| &t.per_phase[i]);
        let mut push = |field: &str, kind: Kind, ev: Option<Prob>, mv: Option<Estimate>| {
            out.push(Figure {
                name: format!("per_phase[{i}].{field}"),
                kind,
                exact: ev,
                mc: mv,
            })
        };
        push(
            "expected_shots",
            Kind::Mean,
            e.map(|p| p.expected_shots.clone()),
            m.map(|p| mean_of_histogram(&p.shots)),
        );
        push(
            "expected_hits",
            Kind::Mean,
            e.map(|p| p.expected_hits.clone()),
            m.map(|p| mean_of_histogram(&p.hits)),
        );
        push(
            "expected_critical_hits",
            Kind::Mean,
            e.map(|p| p.expected_criticals.clone()),
            m.map(|p| mean_of_histogram(&p.criticals)),
        );
        push(
            "p_first_hit",
            Kind::Probability,
            e.map(|p| p.p_first_hit.clone()),
            m.map(|p| proportion(p.first_hit, trials)),
        );
        push(
            "p_hit_by_end",
            Kind::Probability,
            e.map(|p| p.p_hit_by_end.clone()),
            m.map(|p| proportion(p.hit_by_end, trials)),
        );
        push(
            "p_malfunctioned_at_end",
            Kind::Probability,
            e.map(|p| p.p_malfunctioned_at_end.clone()),
            m.map(|p| proportion(p.malfunctioned_at_end, trials)),
        );
        push(
            "p_removed_by_end",
            Kind::Probability,
            e.map(|p| p.p_removed_by_end.clone()),
            m.map(|p| proportion(p.removed_by_end, trials)),
        );
        out.extend(count_entries(
            &format!("per_phase[{i}].shots"),
            TALLY_CAP,
            e.map(|p| &p.shots),
            m.map(|p| &p.shots[..]),
            trials,
        ));
    }
    out
}

/// The units' figures of a plan with units, named as in the JSON report:
/// `units[i].<outcome>`, `units[i].p_out_of_action`, `hex.p_cleared`,
/// `hex.at_least_out_of_action[k]`, `per_phase[i].p_hex_cleared_by_end`,
/// `per_phase[i].p_enemy_out_by_end`.
pub fn unit_figures(
    plan: &super::FirePlan,
    exact: Option<&PlanOdds>,
    mc: Option<&UnitTally>,
) -> Vec<Figure> {
    let hex = exact.and_then(|x| x.units.as_ref());
    let trials = mc.map_or(0, |t| t.trials);
    let mut out = Vec::new();
    let mut push = |name: String, e: Option<Prob>, m: Option<u64>| {
        out.push(Figure {
            name,
            kind: Kind::Probability,
            exact: e,
            mc: m.map(|c| proportion(c, trials)),
        })
    };
    for i in 0..plan.units().len() {
        for (k, o) in OUTCOMES.iter().enumerate() {
            push(
                format!("units[{i}].{}", o.key()),
                hex.map(|h| h.units[i].outcomes[k].1.clone()),
                mc.map(|t| t.outcomes[i][k]),
            );
        }
        push(
            format!("units[{i}].p_out_of_action"),
            hex.map(|h| h.units[i].p_out_of_action.clone()),
            mc.map(|t| t.out_of_action[i]),
        );
        push(
            format!("units[{i}].p_burning_wreck"),
            hex.map(|h| h.units[i].p_burning.clone()),
            mc.map(|t| t.burning[i]),
        );
    }
    push(
        "hex.p_cleared".into(),
        hex.map(|h| h.p_cleared.clone()),
        mc.map(|t| t.cleared),
    );
    push(
        "hex.p_all_eliminated".into(),
        hex.map(|h| h.p_all_eliminated.clone()),
        mc.map(|t| t.all_eliminated),
    );
    let enemies = plan.units().iter().filter(|u| u.enemy).count();
    for k in 0..enemies {
        push(
            format!("hex.at_least_out_of_action[{}]", k + 1),
            hex.map(|h| h.at_least_out[k].clone()),
            mc.map(|t| t.at_least_out[k]),
        );
    }
    for i in 0..plan.input.phases.len() {
        push(
            format!("per_phase[{i}].p_hex_cleared_by_end"),
            exact.and_then(|x| x.per_phase[i].p_hex_cleared_by_end.clone()),
            mc.map(|t| t.cleared_by_phase_end[i]),
        );
        push(
            format!("per_phase[{i}].p_enemy_out_by_end"),
            exact.and_then(|x| x.per_phase[i].p_enemy_out_by_end.clone()),
            mc.map(|t| t.out_by_phase_end[i]),
        );
    }
    out
}
