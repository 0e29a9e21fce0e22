//! The rows of the analyses' tables: a comparison's odds, one
//! [`OddsRow`] per figure and mortar, from the [`Comparison`], and what
//! each modifier is worth, one [`WorthRow`] per modifier and measure, read
//! from its JSON document (`output::report`), which names the modifiers
//! and the changes. Either way a table holds the numbers the JSON shows.

use super::rows::RowBuilder;
use super::{OddsRow, WorthRow};
use crate::analysis::compare::Comparison;
use crate::analysis::worth::Worth;
use crate::output::report::worth::WorthJson;

impl Comparison {
    /// The result table (docs/json.md lists the measures): the figures
    /// `compare --format json` shows, one row each.
    pub fn rows(&self, scenario: &str) -> Vec<OddsRow> {
        let mut rows = Vec::new();
        for m in &self.mortars {
            let mut b = RowBuilder::new(scenario, &m.label);
            b.exact("shot", "hex", "p_hit", None, &(&m.p_hit).into());
            let p_critical_hit = (&m.p_critical_hit).into();
            b.exact("shot", "hex", "p_critical_hit", None, &p_critical_hit);
            for (i, (p, listed)) in m.per_phase.iter().zip(&self.phases).enumerate() {
                let phase = Some(format!("{}:{}", i + 1, listed.phase.abbreviation()));
                let (s, w) = ("phase", "weapon");
                let shots = (&p.expected_shots).into();
                b.figure(s, phase.clone(), w, "expected_shots", None, false, &shots);
                let hits = (&p.expected_hits).into();
                b.figure(s, phase, w, "expected_hits", None, false, &hits);
            }
            let malfunction = (&m.p_malfunction).into();
            b.figure(
                "plan",
                None,
                "weapon",
                "p_malfunction",
                None,
                false,
                &malfunction,
            );
            for (measure, by_turn) in [
                ("p_hit_by_turn", Some(&m.p_hit_by_turn)),
                ("p_out_of_action_by_turn", m.out_of_action_by_turn.as_ref()),
            ] {
                for t in by_turn.into_iter().flatten() {
                    let n = Some(t.player_turn as usize);
                    b.figure("plan", None, "hex", measure, n, false, &(&t.p).into());
                }
            }
            rows.extend(b.rows);
        }
        rows
    }
}

impl Worth {
    /// The result table: one row per modifier and measure (one row, with
    /// empty figures, for a modifier that does not apply).
    pub fn rows(&self, scenario: &str) -> Vec<WorthRow> {
        let json = WorthJson::new(self);
        let mut rows = Vec::new();
        for m in &json.modifiers {
            let row = |measure: &str| WorthRow {
                scenario: scenario.to_string(),
                mortar: json.mortar.name.clone(),
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
                rows.push(row(json.headline));
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
}
