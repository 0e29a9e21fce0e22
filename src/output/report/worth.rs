//! `mortar-odds worth` as a player reads it: the JSON document, the text
//! table in percentage points and the bar chart, all from
//! `analysis::worth`'s [`Worth`]. Its table rows are `output::table`'s,
//! with the names given here.

use std::fmt::Write;

use serde::Serialize;

use super::notes::unused_elite;
use super::shot::MortarJson;
use super::{ProbJson, pretty_json, signed, text_table};
use crate::analysis::worth::{
    Change, Measure, MeasureWorth, Modifier, NotApplicable, Scope, Worth,
};
use crate::output::chart::BarChart;
use crate::prob::Prob;

/// A measure's name in JSON and tables, and its label in text.
fn names(measure: Measure) -> (&'static str, &'static str) {
    match measure {
        Measure::Hit => ("p_hit", "P(hit)"),
        Measure::CriticalHit => ("p_critical_hit", "P(Critical Hit)"),
        Measure::Malfunction => ("p_malfunction", "P(malfunction)"),
        Measure::OutOfAction => ("p_out_of_action", "P(1+ out of action)"),
    }
}

pub(crate) fn name(measure: Measure) -> &'static str {
    names(measure).0
}

fn label(measure: Measure) -> &'static str {
    names(measure).1
}

/// The scope as the JSON and the table name it: `shot` or `plan`.
pub(crate) fn scope_name(scope: Scope) -> &'static str {
    match scope {
        Scope::Shot => "shot",
        Scope::Plan => "plan",
    }
}

/// A measure's label over the scope: over a plan, P(hit) is P(1+ hit).
fn scoped_label(measure: Measure, scope: Scope) -> &'static str {
    match (scope, measure) {
        (Scope::Plan, Measure::Hit) => "P(1+ hit)",
        (Scope::Plan, Measure::CriticalHit) => "P(1+ Critical Hit)",
        _ => label(measure),
    }
}

/// A modifier as a player names it, e.g. `Acquisition -2`, `leader -1`.
pub(crate) fn modifier_name(modifier: Modifier) -> String {
    match modifier {
        Modifier::Acquisition(level) => format!("Acquisition -{level}"),
        Modifier::SpottedFire => "spotted fire".into(),
        Modifier::Leader(drm) => format!("leader {}", signed(drm.into())),
        Modifier::IntensiveFire => "Intensive Fire".into(),
        Modifier::Concealed => "concealed".into(),
        Modifier::AirBurst => "Air Burst".into(),
    }
}

fn why(reason: &NotApplicable) -> String {
    match reason {
        NotApplicable::Refused(why) | NotApplicable::Rule(why) => why.clone(),
        NotApplicable::NoEnemyUnits => "Air Burst changes only the effects of a hit; give the enemy units in the hex ([[target.units]]) to see its worth".into(),
        NotApplicable::OnlyAfvs => "an attack on an AFV takes its C1.55 DRM and the TEM, never Air Burst, and the enemy units here are all AFVs".into(),
        NotApplicable::AirBurstsNa(mortar) => format!("Air Bursts are NA for the {mortar}"),
        NotApplicable::NotHe => "only HE makes Air Bursts (B13.3)".into(),
        NotApplicable::NoAirBurst => {
            "no Air Bursts for this shot (the Type 89's HE at 2 hexes or less)".into()
        }
    }
}

/// `added`, `removed` (with what was changed), or `not applicable: <why>`.
pub(crate) fn change_text(change: &Change) -> String {
    match change {
        Change::Added => "added".into(),
        Change::AddedInWoods => "added (both read with the target in woods)".into(),
        Change::Removed => "removed".into(),
        Change::AgainstNone => "against none".into(),
        Change::NotApplicable(reason) => format!("not applicable: {}", why(reason)),
    }
}

/// One figure with and without the modifier.
#[derive(Clone, Debug, Serialize)]
struct MeasureWorthJson {
    measure: &'static str,
    without: ProbJson,
    with: ProbJson,
    /// with - without, exact (`"-1/12"`).
    worth_exact: String,
    /// with - without.
    worth: f64,
}

/// What one modifier is worth.
#[derive(Clone, Debug, Serialize)]
struct ModifierWorthJson {
    modifier: String,
    change: String,
    /// Empty when not applicable.
    figures: Vec<MeasureWorthJson>,
}

/// One of the scenario's own figures.
#[derive(Clone, Debug, Serialize)]
struct BaseFigureJson {
    measure: &'static str,
    /// The measure as the text report names it over the scope.
    label: &'static str,
    p: ProbJson,
}

/// The JSON document of `mortar-odds worth --format json`.
#[derive(Clone, Debug, Serialize)]
struct WorthJson {
    scenario: String,
    /// "shot" or "plan".
    scope: &'static str,
    /// The plan's fire phases (none for one shot).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    phases: Vec<String>,
    mortar: MortarJson,
    range: u16,
    headline: &'static str,
    base: Vec<BaseFigureJson>,
    modifiers: Vec<ModifierWorthJson>,
    notes: Vec<String>,
}

/// `a - b`, exact, as a signed fraction.
pub(crate) fn difference(a: &Prob, b: &Prob) -> String {
    if a >= b {
        (a.clone() - b.clone()).exact_string()
    } else {
        format!("-{}", (b.clone() - a.clone()).exact_string())
    }
}

/// The notes under the table: what the figures mean.
fn notes(w: &Worth) -> Vec<String> {
    let mut notes = match w.scope {
        Scope::Shot => vec![
            "worth = the figure with the modifier minus the figure without it, one shot, exact".to_string(),
            "added: the scenario is read again with the modifier; removed: without it; against none: read again with it and with none".to_string(),
            "Acquisition: Case N, -1 and -2 each against none (C6.5); spotted fire: +2 and ROF -1 (C9.31); leader: his DRM, light mortars only, added as -1; Intensive Fire: +2 and B# -2 (C5.6); concealed: Case K +2; Air Burst: -1 instead of the woods TEM (B13.3)".to_string(),
        ],
        Scope::Plan => vec![
            "worth = the figure with the modifier minus the figure without it, over the whole fire plan, exact engine".to_string(),
            "added: the scenario is read again with the modifier; removed: without it; against none: read again with it and with none".to_string(),
            "Acquisition: the plan starts with -1 or -2 (plan.acquisition) against none; either way it builds up shot by shot and a malfunction loses it (C6.5)".to_string(),
            "Intensive Fire: taken whenever the rules allow it (plan.intensive_fire = \"whenever-allowed\") against never (C5.6)".to_string(),
            "spotted fire: +2 and ROF -1 (C9.31); leader: his DRM, light mortars only, added as -1; concealed: Case K +2; Air Burst: -1 instead of the woods TEM (B13.3)".to_string(),
        ],
    };
    if w.units_given {
        notes.push(
                "units keep their own concealed/woods values when they set them; the hex's value applies to the others".into(),
            );
    }
    notes.extend(unused_elite(w.elite_unused));
    notes
}

/// "one shot", or "over the fire plan (PFPh, DFPh, PFPh)".
fn over(w: &Worth) -> String {
    match w.scope {
        Scope::Shot => "one shot".into(),
        Scope::Plan => format!("over the fire plan ({})", w.phases.join(", ")),
    }
}

impl From<&MeasureWorth> for MeasureWorthJson {
    fn from(f: &MeasureWorth) -> Self {
        MeasureWorthJson {
            measure: name(f.measure),
            without: (&f.without).into(),
            with: (&f.with).into(),
            worth_exact: difference(&f.with, &f.without),
            worth: f.worth(),
        }
    }
}

impl WorthJson {
    fn new(w: &Worth) -> Self {
        WorthJson {
            scenario: w.scenario.clone(),
            scope: scope_name(w.scope),
            phases: w.phases.clone(),
            mortar: MortarJson::new(&w.mortar, w.fired_as_light_mortar),
            range: w.range,
            headline: name(w.headline),
            base: w
                .base
                .iter()
                .map(|b| BaseFigureJson {
                    measure: name(b.measure),
                    label: scoped_label(b.measure, w.scope),
                    p: (&b.p).into(),
                })
                .collect(),
            modifiers: w
                .modifiers
                .iter()
                .map(|m| ModifierWorthJson {
                    modifier: modifier_name(m.modifier),
                    change: change_text(&m.change),
                    figures: m.figures.iter().map(MeasureWorthJson::from).collect(),
                })
                .collect(),
            notes: notes(w),
        }
    }
}

/// A change in percentage points, e.g. `+25.00 pts`; one too small to
/// show in two decimals but not nil is `+<0.01 pts` (or `-<0.01 pts`).
fn points(v: f64) -> String {
    let p = v * 100.0;
    if p == 0.0 {
        "0 pts".into()
    } else if p.abs() < 0.005 {
        format!("{}<0.01 pts", if p > 0.0 { '+' } else { '-' })
    } else {
        format!("{p:+.2} pts")
    }
}

impl Worth {
    /// One bar per modifier that applies: its worth on the headline measure.
    pub fn chart(&self) -> BarChart {
        let (categories, values) = self
            .modifiers
            .iter()
            .filter_map(|m| {
                let f = m.figures.iter().find(|f| f.measure == self.headline)?;
                Some((modifier_name(m.modifier), f.worth()))
            })
            .unzip();
        BarChart {
            caption: format!(
                "What each modifier is worth: {} at {} hexes, {}",
                self.mortar.title,
                self.range,
                over(self)
            ),
            x_title: "modifier".into(),
            y_title: format!("change in {}", scoped_label(self.headline, self.scope)),
            categories,
            values,
            estimates: None,
            legend: ("with minus without".into(), String::new()),
            points: true,
        }
    }

    /// What each modifier is worth as pretty JSON (`--format json`).
    pub fn to_json(&self) -> String {
        pretty_json(&WorthJson::new(self))
    }

    /// What each modifier is worth as text, in percentage points.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "What each modifier is worth: {} at {} hexes, {}",
            self.mortar.title,
            self.range,
            over(self)
        );
        let base: Vec<String> = self
            .base
            .iter()
            .map(|b| {
                let name = scoped_label(b.measure, self.scope);
                format!("{name} {:.2}%", b.p.to_f64() * 100.0)
            })
            .collect();
        let _ = writeln!(out, "This scenario: {}\n", base.join(", "));
        let mut header = vec!["modifier", "change"];
        header.extend(
            self.base
                .iter()
                .map(|b| scoped_label(b.measure, self.scope)),
        );
        let mut not_applicable = Vec::new();
        let rows: Vec<Vec<String>> = self
            .modifiers
            .iter()
            .map(|m| {
                let modifier = modifier_name(m.modifier);
                if let Change::NotApplicable(reason) = &m.change {
                    not_applicable.push(format!("  {modifier}: {}\n", why(reason)));
                    return vec![modifier, "not applicable".into()];
                }
                let mut row = vec![modifier, change_text(&m.change)];
                row.extend(self.base.iter().map(|b| {
                    m.figures
                        .iter()
                        .find(|f| f.measure == b.measure)
                        .map_or("-".into(), |f| points(f.worth()))
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
        for n in notes(self) {
            let _ = writeln!(out, "  - {n}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_change_too_small_to_show_is_not_printed_as_none() {
        assert_eq!(super::points(0.0), "0 pts");
        assert_eq!(super::points(0.000_039), "+<0.01 pts");
        assert_eq!(super::points(-0.000_01), "-<0.01 pts");
        assert_eq!(super::points(0.25), "+25.00 pts");
    }
}
