//! Chart data from results: what the report's charts show, as plain
//! numbers for `crate::output::chart`. Exact figures become floats here, at the
//! edge; no rule is computed here except through the shot's own functions.

use super::plan::{CountJson, PlanReport};
use super::shot::ShotReport;
use crate::analysis::to_hit_curves::Curve;
use crate::output::chart::{BarChart, LineChart, Series, StackedBars};
use crate::rules::outcomes::OUTCOMES;

/// The To Hit charts (P(hit), P(Critical Hit)) of a mortar named `label`
/// from its curves (`analysis::to_hit_curves`).
pub fn to_hit_charts(curves: &[Curve], label: &str) -> (LineChart, LineChart) {
    let lines = |caption: String, y: &str, pick: fn(&Curve) -> Vec<(f64, f64)>| LineChart {
        caption,
        x_title: "net To Hit DRM (every firer- and target-based DRM)".into(),
        y_title: y.into(),
        series: curves
            .iter()
            .map(|c| Series {
                name: format!("{} hexes", c.0.trim_start_matches('>')),
                points: pick(c),
            })
            .collect(),
        signed_x: true,
    };
    (
        lines(format!("P(hit), one HE shot, {label}"), "P(hit)", |c| {
            c.1.clone()
        }),
        lines(
            format!("P(Critical Hit), one HE shot, {label}"),
            "P(Critical Hit)",
            |c| c.2.clone(),
        ),
    )
}

fn count_label(c: &CountJson) -> String {
    if c.or_more {
        format!("{}+", c.n)
    } else {
        c.n.to_string()
    }
}

/// The distribution of hits over a plan: exact bars, Monte Carlo points.
pub fn hits_bars(name: &str, r: &PlanReport) -> BarChart {
    let has_mc = r.hits.iter().any(|c| c.p.mc.is_some());
    BarChart {
        caption: format!("Hits over the fire plan: {name}"),
        x_title: "hits on the target hex".into(),
        y_title: "probability".into(),
        categories: r.hits.iter().map(count_label).collect(),
        values: r.hits.iter().map(|c| c.p.value.unwrap_or(0.0)).collect(),
        estimates: has_mc.then(|| {
            r.hits
                .iter()
                .map(|c| {
                    let m = c.p.mc.unwrap_or(0.0);
                    let ci = c.p.ci95.unwrap_or([m, m]);
                    (m, ci[0], ci[1])
                })
                .collect()
        }),
        legend: ("exact".into(), "Monte Carlo (95% interval)".into()),
        points: false,
    }
}

/// P(at least N hits) against N, one line per plan.
pub fn at_least_hits_lines(plans: &[(String, &PlanReport)]) -> LineChart {
    LineChart {
        caption: "P(at least N hits) over the fire plan".into(),
        x_title: "N hits".into(),
        y_title: "P(at least N hits)".into(),
        series: plans
            .iter()
            .map(|(name, r)| {
                let p: Vec<f64> = r
                    .hits
                    .iter()
                    .map(|c| c.p.value.or(c.p.mc).unwrap_or(0.0))
                    .collect();
                let points = (1..=r.hits.len().min(10))
                    .map(|n| (n as f64, p.iter().skip(n).sum::<f64>().min(1.0)))
                    .collect();
                Series {
                    name: name.clone(),
                    points,
                }
            })
            .collect(),
        signed_x: false,
    }
}

/// Outcome names in the order of the stacked bars.
fn outcome_names() -> Vec<(&'static str, String)> {
    OUTCOMES
        .iter()
        .map(|o| (o.key(), o.key().replace('_', " ")))
        .collect()
}

/// Keeps only the segments some bar has.
fn stacked(
    caption: String,
    bars: Vec<String>,
    shares: Vec<Vec<(&'static str, f64)>>,
) -> StackedBars {
    let segments = outcome_names()
        .into_iter()
        .map(|(key, label)| {
            let v: Vec<f64> = shares
                .iter()
                .map(|s| s.iter().find(|(k, _)| *k == key).map_or(0.0, |x| x.1))
                .collect();
            (label, v)
        })
        .filter(|(_, v)| v.iter().any(|x| *x > 0.0))
        .collect();
    StackedBars {
        caption,
        x_title: "probability of the unit's worst outcome".into(),
        bars,
        segments,
    }
}

/// One stacked bar per unit (a unit's name and its outcome shares), or
/// none when there are no units.
fn unit_bars(
    caption: String,
    units: impl Iterator<Item = (String, Vec<(&'static str, f64)>)>,
) -> Option<StackedBars> {
    let (bars, shares): (Vec<_>, Vec<_>) = units.unzip();
    (!bars.is_empty()).then(|| stacked(caption, bars, shares))
}

/// Each unit's worst outcome from one shot.
pub fn shot_unit_bars(name: &str, r: &ShotReport) -> Option<StackedBars> {
    unit_bars(
        format!("One shot: outcome per unit ({name})"),
        r.units.iter().map(|u| {
            let shares = u.outcomes.iter().map(|(k, p)| (*k, p.value)).collect();
            (u.name.clone(), shares)
        }),
    )
}

/// Each unit's worst outcome over a whole plan (exact, else Monte Carlo).
pub fn plan_unit_bars(name: &str, r: &PlanReport) -> Option<StackedBars> {
    unit_bars(
        format!("Whole fire plan: outcome per unit ({name})"),
        r.units.iter().map(|u| {
            let shares = u
                .outcomes
                .iter()
                .map(|(k, f)| (*k, f.value.or(f.mc).unwrap_or(0.0)))
                .collect();
            (u.name.clone(), shares)
        }),
    )
}

/// Each unit's worst outcome from a Demolition Charge, in the target's
/// Location and (Thrown DC) the thrower's.
pub fn dc_unit_bars(name: &str, r: &super::dc::DcReport) -> Option<StackedBars> {
    let locations = [("target", Some(&r.target)), ("thrower", r.thrower.as_ref())];
    unit_bars(
        format!("{} DC: outcome per unit ({name})", r.kind.name()),
        locations.into_iter().flat_map(|(place, location)| {
            location
                .map_or(&[][..], |l| &l.units[..])
                .iter()
                .map(move |u| {
                    let shares = u.outcomes.iter().map(|(k, p)| (*k, p.value)).collect();
                    (format!("{} ({place})", u.name), shares)
                })
        }),
    )
}

/// Movement Phases to push a Gun to the end of its path: exact bars,
/// Monte Carlo points.
pub fn push_phases_bars(name: &str, r: &crate::output::report::push::PushReport) -> BarChart {
    let exact: Vec<_> = r.exact.as_ref().map_or(Vec::new(), |e| {
        e.rows
            .iter()
            .filter(|row| row.quantity == "phases_to_end")
            .cloned()
            .collect()
    });
    let mc: Vec<_> = r.monte_carlo.as_ref().map_or(Vec::new(), |m| {
        m.rows
            .iter()
            .filter(|row| row.quantity == "phases_to_end")
            .cloned()
            .collect()
    });
    let label = |value: u32, or_more: bool| {
        if or_more {
            format!("{value}+")
        } else {
            value.to_string()
        }
    };
    let categories: Vec<String> = if exact.is_empty() {
        mc.iter().map(|m| label(m.value, m.or_more)).collect()
    } else {
        exact.iter().map(|e| label(e.value, e.or_more)).collect()
    };
    let estimates = (!mc.is_empty()).then(|| {
        categories
            .iter()
            .map(|c| {
                mc.iter()
                    .find(|m| &label(m.value, m.or_more) == c)
                    .map_or((0.0, 0.0, 0.0), |m| (m.probability, m.ci95[0], m.ci95[1]))
            })
            .collect()
    });
    BarChart {
        caption: format!("Movement Phases to push the Gun to the end: {name}"),
        x_title: "Movement Phases".into(),
        y_title: "probability".into(),
        values: exact.iter().map(|e| e.probability).collect(),
        categories,
        estimates,
        legend: ("exact".into(), "Monte Carlo (95% interval)".into()),
        points: false,
    }
}
