//! `mortar-odds worth`: what is each DRM worth? For one scenario, the key
//! figures of one shot with and without each modifier a player can often
//! choose or fight for: Acquisition, spotting, a leader, Intensive Fire,
//! concealment of the target, and Air Burst.
//!
//! Method: the scenario is read again with one TOML override (the same path
//! as a command-line flag, so every check applies) that toggles the
//! modifier — removes it when the scenario has it, adds it when it has not —
//! and the shot is worked out exactly through `ShotOdds` / `UnitShotOdds`;
//! no rule is written here. A toggle the rules refuse (a leader for a Gun,
//! Intensive Fire for a light mortar, ...) is listed as "not applicable"
//! with the rules' own reason.
//!
//! Choices where the rules give no single answer:
//! - Acquisition is added at its maximum, -2 (C6.5); a scenario with -1 or
//!   -2 has it removed (0).
//! - A leader is added as a -1 leader (the commonest); one the scenario
//!   has is removed.
//! - Removing spotted fire also removes a pinned Spotter.
//! - Air Burst is compared in woods: the target in woods with Air Burst
//!   against the same woods without it (the woods TEM instead, B13.3).
//!   When the scenario's target is not in woods, both are read with
//!   `target.woods = true`, and the change says so.
//! - Without enemy units, Air Burst is "not applicable": it changes only
//!   the effects of a hit, which no key figure of the bare hex shows.
//!
//! Measures: `p-hit` and `p-critical-hit` (the hex), `p-malfunction` (when
//! the B# is known), `p-out-of-action` (at least one enemy unit broken or
//! worse, with units). The headline (the bar chart) is `p-out-of-action`
//! with units, else `p-hit`.
//!
//! Pure: returns data, table rows and a chart; no I/O.

use std::fmt::Write;

use serde::Serialize;
use toml::{Table, Value};

use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::error::Result;
use crate::input::catalog::Catalog;
use crate::input::scenario::{ScenarioSource, set_key};
use crate::output::chart::BarChart;
use crate::output::report::shot::MortarJson;
use crate::output::report::{ProbJson, pretty_json, text_table};
use crate::output::table::WorthRow;
use crate::prob::Prob;
use crate::rules::shot::Shot;

/// A measure's name and its label in text.
const MEASURES: [(&str, &str); 4] = [
    ("p-hit", "P(hit)"),
    ("p-critical-hit", "P(Critical Hit)"),
    ("p-malfunction", "P(malfunction)"),
    ("p-out-of-action", "P(1+ out of action)"),
];

/// The key figures of one shot, by measure.
type Figures = Vec<(&'static str, Prob)>;

/// One figure with and without the modifier.
#[derive(Clone, Debug, Serialize)]
pub struct MeasureWorth {
    pub measure: &'static str,
    pub without: ProbJson,
    pub with: ProbJson,
    /// with - without, exact (`"-1/12"`).
    pub worth_exact: String,
    /// with - without.
    pub worth: f64,
}

/// What one modifier is worth.
#[derive(Clone, Debug, Serialize)]
pub struct ModifierWorth {
    pub modifier: String,
    /// `added`, `removed` (with what was changed), or `not applicable: <why>`.
    pub change: String,
    /// Empty when not applicable.
    pub figures: Vec<MeasureWorth>,
}

/// One of the scenario's own figures.
#[derive(Clone, Debug, Serialize)]
pub struct BaseFigure {
    pub measure: &'static str,
    pub p: ProbJson,
}

/// `mortar-odds worth --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct Worth {
    pub scenario: String,
    pub mortar: MortarJson,
    pub range: u16,
    /// The measure of the chart.
    pub headline: &'static str,
    /// The scenario's own figures.
    pub base: Vec<BaseFigure>,
    pub modifiers: Vec<ModifierWorth>,
    pub notes: Vec<String>,
}

/// The key figures of the scenario read with `more`.
fn figures_of(catalog: &Catalog, source: &ScenarioSource, more: &Table) -> Result<(Shot, Figures)> {
    let scenario = source.parse_with(more)?;
    let shot = Shot::new(scenario.shot_input(catalog)?)?;
    let odds = ShotOdds::of(&shot);
    let mut out = vec![
        ("p-hit", odds.p_hit()),
        ("p-critical-hit", odds.p_critical_hit()),
    ];
    if let Some(p) = odds.p_malfunction() {
        out.push(("p-malfunction", p));
    }
    if shot.input.target.units.iter().any(|u| u.enemy)
        && let Some(units) = UnitShotOdds::of(&shot)
    {
        out.push(("p-out-of-action", units.hex.at_least_out[0].clone()));
    }
    Ok((shot, out))
}

/// `a - b`, exact, as a signed fraction.
fn difference(a: &Prob, b: &Prob) -> String {
    if a >= b {
        (a.clone() - b.clone()).exact_string()
    } else {
        format!("-{}", (b.clone() - a.clone()).exact_string())
    }
}

fn compare(with: &Figures, without: &Figures) -> Vec<MeasureWorth> {
    with.iter()
        .filter_map(|(m, w)| {
            let (_, wo) = without.iter().find(|(n, _)| n == m)?;
            Some(MeasureWorth {
                measure: m,
                without: wo.into(),
                with: w.into(),
                worth_exact: difference(w, wo),
                worth: w.to_f64() - wo.to_f64(),
            })
        })
        .collect()
}

fn table(keys: &[(&str, Value)]) -> Table {
    let mut t = Table::new();
    for (k, v) in keys {
        set_key(&mut t, k, v.clone());
    }
    t
}

/// A modifier toggled by `change` over the scenario: `has` says whether
/// the scenario has it (then the toggle removes it).
fn toggle(
    catalog: &Catalog,
    source: &ScenarioSource,
    base: &Figures,
    modifier: String,
    has: bool,
    change: Table,
) -> ModifierWorth {
    match figures_of(catalog, source, &change) {
        Ok((_, other)) => {
            let (with, without) = if has { (base, &other) } else { (&other, base) };
            ModifierWorth {
                modifier,
                change: if has { "removed" } else { "added" }.into(),
                figures: compare(with, without),
            }
        }
        Err(e) => not_applicable(modifier, &e.to_string()),
    }
}

fn not_applicable(modifier: String, why: &str) -> ModifierWorth {
    ModifierWorth {
        modifier,
        change: format!("not applicable: {why}"),
        figures: Vec::new(),
    }
}

/// Air Burst, compared in woods (see the module doc).
fn air_burst(
    catalog: &Catalog,
    source: &ScenarioSource,
    base_shot: &Shot,
    base: &Figures,
) -> ModifierWorth {
    let name = "Air Burst".to_string();
    if !base.iter().any(|(m, _)| *m == "p-out-of-action") {
        let why = "Air Burst changes only the effects of a hit; give the enemy units in the hex ([[target.units]]) to see its worth";
        return not_applicable(name, why);
    }
    let in_woods = base_shot.input.target.woods;
    let woods = if in_woods {
        vec![]
    } else {
        vec![("target.woods", Value::Boolean(true))]
    };
    let with = match figures_of(catalog, source, &table(&woods)) {
        Ok(w) => w,
        Err(e) => return not_applicable(name, &e.to_string()),
    };
    if !with.0.air_burst {
        let m = &base_shot.input.mortar;
        let why = if m.air_bursts_na {
            format!("Air Bursts are NA for the {}", m.name)
        } else if base_shot.input.ammo != crate::rules::mortar::Ammo::He {
            "only HE makes Air Bursts (B13.3)".to_string()
        } else {
            "no Air Bursts for this shot (the Type 89's HE at 2 hexes or less)".to_string()
        };
        return not_applicable(name, &why);
    }
    let mut off = woods;
    off.push(("mortar.air_bursts_na", Value::Boolean(true)));
    match figures_of(catalog, source, &table(&off)) {
        Ok((_, without)) => ModifierWorth {
            modifier: name,
            change: if in_woods {
                "removed".into()
            } else {
                "added (both read with the target in woods)".into()
            },
            figures: compare(if in_woods { base } else { &with.1 }, &without),
        },
        Err(e) => not_applicable(name, &e.to_string()),
    }
}

/// What each modifier is worth in the scenario. Fails only when the
/// scenario itself cannot be worked out.
pub fn run(catalog: &Catalog, source: &ScenarioSource) -> Result<Worth> {
    let (shot, base) = figures_of(catalog, source, &Table::new())?;
    let firer = &shot.input.firer;
    let target = &shot.input.target;
    let mut modifiers = Vec::new();

    let acq = target.acquisition;
    let (label, level) = if acq > 0 {
        (format!("Acquisition -{acq}"), 0)
    } else {
        ("Acquisition -2".to_string(), 2)
    };
    let change = table(&[("target.acquisition", Value::Integer(level))]);
    modifiers.push(toggle(catalog, source, &base, label, acq > 0, change));

    let change = if firer.spotted {
        table(&[
            ("firer.spotted", Value::Boolean(false)),
            ("firer.spotter_pinned", Value::Boolean(false)),
        ])
    } else {
        table(&[("firer.spotted", Value::Boolean(true))])
    };
    let label = "spotted fire".to_string();
    modifiers.push(toggle(catalog, source, &base, label, firer.spotted, change));

    let drm = firer.leader_drm;
    let (label, value) = if drm != 0 {
        (
            format!("leader {}", crate::output::report::signed(drm.into())),
            0,
        )
    } else {
        ("leader -1".to_string(), -1)
    };
    let change = table(&[("firer.leader_drm", Value::Integer(value))]);
    modifiers.push(toggle(catalog, source, &base, label, drm != 0, change));

    let on = firer.intensive_fire;
    let change = table(&[("firer.intensive_fire", Value::Boolean(!on))]);
    let label = "Intensive Fire".to_string();
    modifiers.push(toggle(catalog, source, &base, label, on, change));

    let on = target.concealed;
    let change = table(&[("target.concealed", Value::Boolean(!on))]);
    let label = "concealed".to_string();
    modifiers.push(toggle(catalog, source, &base, label, on, change));

    modifiers.push(air_burst(catalog, source, &shot, &base));

    let headline = if base.iter().any(|(m, _)| *m == "p-out-of-action") {
        "p-out-of-action"
    } else {
        "p-hit"
    };
    let m = &shot.input.mortar;
    let mut notes = vec![
        "worth = the figure with the modifier minus the figure without it, one shot, exact".to_string(),
        "added: the scenario is read again with the modifier; removed: without it".to_string(),
        "Acquisition: Case N, added at -2 (C6.5); spotted fire: +2 and ROF -1 (C9.31); leader: his DRM, light mortars only, added as -1; Intensive Fire: +2 and B# -2 (C5.6); concealed: Case K +2; Air Burst: -1 instead of the woods TEM (B13.3)".to_string(),
    ];
    if !target.units.is_empty() {
        notes.push(
            "units keep their own concealed/woods values when they set them; the hex's value applies to the others".into(),
        );
    }
    Ok(Worth {
        scenario: source.name.clone(),
        mortar: MortarJson::new(m, shot.light),
        range: target.range,
        headline,
        base: base
            .iter()
            .map(|(m, p)| BaseFigure {
                measure: m,
                p: p.into(),
            })
            .collect(),
        modifiers,
        notes,
    })
}

fn label(measure: &str) -> &str {
    MEASURES
        .iter()
        .find(|(m, _)| *m == measure)
        .map_or(measure, |(_, l)| l)
}

fn points(v: f64) -> String {
    let p = v * 100.0;
    if p.abs() < 0.005 {
        "0 pts".into()
    } else {
        format!("{p:+.2} pts")
    }
}

impl Worth {
    /// The result table: one row per modifier and measure (one row, with
    /// empty figures, for a modifier that does not apply).
    pub fn rows(&self, scenario: &str) -> Vec<WorthRow> {
        let mut rows = Vec::new();
        for m in &self.modifiers {
            let row = |measure: &str| WorthRow {
                scenario: scenario.to_string(),
                mortar: self.mortar.name.clone(),
                modifier: m.modifier.clone(),
                change: m.change.clone(),
                measure: measure.to_string(),
                without_exact: None,
                without: None,
                with_exact: None,
                with: None,
                worth_exact: None,
                worth_points: None,
            };
            if m.figures.is_empty() {
                rows.push(row(self.headline));
            }
            for f in &m.figures {
                rows.push(WorthRow {
                    without_exact: Some(f.without.exact.clone()),
                    without: Some(f.without.value),
                    with_exact: Some(f.with.exact.clone()),
                    with: Some(f.with.value),
                    worth_exact: Some(f.worth_exact.clone()),
                    worth_points: Some(f.worth * 100.0),
                    ..row(f.measure)
                });
            }
        }
        rows
    }

    /// One bar per modifier that applies: its worth on the headline measure.
    pub fn chart(&self) -> BarChart {
        let (categories, values) = self
            .modifiers
            .iter()
            .filter_map(|m| {
                let f = m.figures.iter().find(|f| f.measure == self.headline)?;
                Some((m.modifier.clone(), f.worth))
            })
            .unzip();
        BarChart {
            caption: format!(
                "What each modifier is worth: {}, {} at {} hexes ({})",
                label(self.headline),
                self.mortar.name,
                self.range,
                crate::output::report::scenario_stem(&self.scenario)
            ),
            x_title: "modifier".into(),
            y_title: format!("change in {}", label(self.headline)),
            categories,
            values,
            estimates: None,
            legend: ("with minus without".into(), String::new()),
            points: true,
        }
    }

    pub fn to_json(&self) -> String {
        pretty_json(self)
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "What each modifier is worth: {} at {} hexes, one shot",
            self.mortar.title, self.range
        );
        let base: Vec<String> = self
            .base
            .iter()
            .map(|b| format!("{} {:.2}%", label(b.measure), b.p.value * 100.0))
            .collect();
        let _ = writeln!(out, "This scenario: {}\n", base.join(", "));
        let mut header = vec!["modifier", "change"];
        header.extend(self.base.iter().map(|b| label(b.measure)));
        let mut not_applicable = Vec::new();
        let rows: Vec<Vec<String>> = self
            .modifiers
            .iter()
            .map(|m| {
                if m.figures.is_empty() {
                    let why = m.change.trim_start_matches("not applicable: ");
                    not_applicable.push(format!("  {}: {why}\n", m.modifier));
                    return vec![m.modifier.clone(), "not applicable".into()];
                }
                let mut row = vec![m.modifier.clone(), m.change.clone()];
                row.extend(self.base.iter().map(|b| {
                    m.figures
                        .iter()
                        .find(|f| f.measure == b.measure)
                        .map_or("-".into(), |f| points(f.worth))
                }));
                row
            })
            .collect();
        out.push_str(&text_table(&header, &rows));
        if !not_applicable.is_empty() {
            out.push_str("\nNot applicable:\n");
            out.push_str(&not_applicable.concat());
        }
        out.push_str("\nNotes:\n");
        for n in &self.notes {
            let _ = writeln!(out, "  - {n}");
        }
        out
    }
}
