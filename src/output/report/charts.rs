//! Chart data from results: what the report's charts show, as plain
//! numbers for `crate::output::chart`. Exact figures become floats here, at the
//! edge; no rule is computed here except through the shot's own functions.

use super::dc::DcReport;
use super::plan::PlanReport;
use super::push::{PushCount, PushReport};
use super::shot::{MortarJson, ShotReport};
use super::signed;
use crate::analysis::to_hit_curves::Curve;
use crate::output::chart::buckets::{self, Bucket};
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

/// "my-81mm at 10 hexes": the mortar and range every chart title names.
fn mortar_at(mortar: &MortarJson, range: u16) -> String {
    format!("{} at {range} hexes", mortar.title)
}

/// The plan's fire phases: "3 fire phases (PFPh, DFPh, PFPh)".
fn phases(r: &PlanReport) -> String {
    let names: Vec<&str> = r.per_phase.iter().map(|p| p.phase).collect();
    match names.len() {
        1 => format!("one {}", names[0]),
        n => format!("{n} fire phases ({})", names.join(", ")),
    }
}

/// The plan's distribution of hits as buckets.
fn hit_buckets(r: &PlanReport) -> Vec<Bucket> {
    r.hits
        .iter()
        .map(|c| Bucket {
            n: c.n as u64,
            or_more: c.or_more,
            exact: c.p.value,
            mc: c.p.mc.map(|m| {
                let ci = c.p.ci95.unwrap_or([m, m]);
                (m, ci[0], ci[1])
            }),
        })
        .collect()
}

/// Bars of a count's distribution, cut to its visible support: exact bars,
/// Monte Carlo points.
fn count_bars(caption: String, x_title: &str, buckets: &[Bucket], trials: Option<u64>) -> BarChart {
    let shown = buckets::visible(buckets, trials);
    let has_mc = shown.iter().any(|b| b.mc.is_some());
    let has_exact = shown.iter().any(|b| b.exact.is_some());
    BarChart {
        caption,
        x_title: x_title.into(),
        y_title: "probability".into(),
        categories: shown.iter().map(Bucket::label).collect(),
        values: shown
            .iter()
            .map(|b| b.exact.or(b.mc.map(|m| m.0)).unwrap_or(0.0))
            .collect(),
        estimates: (has_mc && has_exact).then(|| {
            shown
                .iter()
                .map(|b| b.mc.unwrap_or((0.0, 0.0, 0.0)))
                .collect()
        }),
        legend: (
            if has_exact { "exact" } else { "Monte Carlo" }.into(),
            "Monte Carlo (95% interval)".into(),
        ),
        points: false,
    }
}

/// The distribution of hits over a plan: exact bars, Monte Carlo points,
/// from the first possible count to the last above 0.1% (the rest as "N+").
pub fn hits_bars(r: &PlanReport) -> BarChart {
    count_bars(
        format!("Hits: {}, {}", mortar_at(&r.mortar, r.range), phases(r)),
        "hits on the target hex over the fire plan",
        &hit_buckets(r),
        r.trials,
    )
}

/// P(at least N hits) against N for one plan (exact, else Monte Carlo),
/// up to the last N above 0.1%.
pub fn at_least_hits_lines(r: &PlanReport) -> LineChart {
    let p: Vec<f64> = r
        .hits
        .iter()
        .map(|c| c.p.value.or(c.p.mc).unwrap_or(0.0))
        .collect();
    let points: Vec<(f64, f64)> = (1..p.len())
        .map(|n| (n as f64, p[n..].iter().sum::<f64>().min(1.0)))
        .take_while(|(n, q)| *n <= 1.0 || *q >= buckets::TAIL)
        .collect();
    LineChart {
        caption: format!(
            "P(at least N hits): {}, {}",
            mortar_at(&r.mortar, r.range),
            phases(r)
        ),
        x_title: "N hits on the target hex over the fire plan".into(),
        y_title: "P(at least N hits)".into(),
        series: vec![Series {
            name: "at least N hits".into(),
            points,
        }],
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
pub fn shot_unit_bars(r: &ShotReport) -> Option<StackedBars> {
    unit_bars(
        format!(
            "Each unit's worst outcome: {}, one shot",
            mortar_at(&r.mortar, r.range)
        ),
        r.units.iter().map(|u| {
            let shares = u.outcomes.iter().map(|(k, p)| (*k, p.value)).collect();
            (u.facts.label.clone(), shares)
        }),
    )
}

/// Each unit's worst outcome over a whole plan (exact, else Monte Carlo).
pub fn plan_unit_bars(r: &PlanReport) -> Option<StackedBars> {
    unit_bars(
        format!(
            "Each unit's worst outcome: {}, {}",
            mortar_at(&r.mortar, r.range),
            phases(r)
        ),
        r.units.iter().map(|u| {
            let shares = u
                .outcomes
                .iter()
                .map(|(k, f)| (*k, f.value.or(f.mc).unwrap_or(0.0)))
                .collect();
            (u.facts.label.clone(), shares)
        }),
    )
}

/// The segment of a DC removed without detonating (A23.4): neither
/// Location is attacked, so it is carved out of "no effect".
const NOT_DETONATED: &str = "not detonated";

/// Each unit's worst outcome from a Demolition Charge, in the target's
/// Location and (Thrown DC) the thrower's; a DC removed without detonating
/// is its own segment, not "no effect".
pub fn dc_unit_bars(r: &DcReport) -> Option<StackedBars> {
    let locations = [("target", Some(&r.target)), ("thrower", r.thrower.as_ref())];
    let mut chart = unit_bars(
        format!(
            "Each unit's worst outcome: {} DC, target TEM {}",
            r.kind.name(),
            signed(i16::from(r.input.target.tem))
        ),
        locations.into_iter().flat_map(|(place, location)| {
            location
                .map_or(&[][..], |l| &l.units[..])
                .iter()
                .map(move |u| {
                    let shares = u.outcomes.iter().map(|(k, p)| (*k, p.value)).collect();
                    (format!("{} ({place})", u.facts.label), shares)
                })
        }),
    )?;
    let removed = r.p_removed.value;
    if removed > 0.0 {
        let bars = chart.bars.len();
        for (name, shares) in &mut chart.segments {
            if name == "no effect" {
                shares.iter_mut().for_each(|v| *v = (*v - removed).max(0.0));
            }
        }
        chart
            .segments
            .insert(0, (NOT_DETONATED.into(), vec![removed; bars]));
        chart.segments.retain(|(_, v)| v.iter().any(|x| *x > 0.0));
    }
    Some(chart)
}

/// Movement Phases to push a Gun to the end of its path: exact bars,
/// Monte Carlo points, cut to the visible support.
pub fn push_phases_bars(r: &PushReport) -> BarChart {
    let mc: Vec<_> = r.monte_carlo.as_ref().map_or(Vec::new(), |m| {
        m.rows
            .iter()
            .filter(|row| row.count.quantity == "phases_to_end")
            .collect()
    });
    let mc_of = |count: PushCount| {
        mc.iter()
            .find(|m| m.count == count)
            .map(|m| (m.probability, m.ci95[0], m.ci95[1]))
    };
    let exact: Vec<Bucket> = r.exact.as_ref().map_or(Vec::new(), |e| {
        e.rows
            .iter()
            .filter(|row| row.count.quantity == "phases_to_end")
            .map(|row| Bucket {
                n: u64::from(row.count.value),
                or_more: row.count.or_more,
                exact: Some(row.probability),
                mc: mc_of(row.count),
            })
            .collect()
    });
    let buckets = if exact.is_empty() {
        mc.iter()
            .map(|m| Bucket {
                n: u64::from(m.count.value),
                or_more: m.count.or_more,
                exact: None,
                mc: Some((m.probability, m.ci95[0], m.ci95[1])),
            })
            .collect()
    } else {
        exact
    };
    let hexes = r.path.len();
    let terrain: Vec<&str> = r.path.iter().map(|h| h.terrain.as_str()).collect();
    count_bars(
        format!(
            "Movement Phases to push the {} {hexes} {} ({})",
            r.gun.as_deref().unwrap_or("Gun"),
            if hexes == 1 { "hex" } else { "hexes" },
            terrain.join(", ")
        ),
        "Movement Phases to the end of the path",
        &buckets,
        r.monte_carlo.as_ref().map(|m| m.trials),
    )
}
