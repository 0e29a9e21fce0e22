//! The rows of the analyses' tables, from their results: a comparison's
//! odds, one [`OddsRow`] per figure and mortar, and what each modifier is
//! worth, one [`WorthRow`] per modifier and measure, named as the JSON
//! documents name them (`output::report`), so that a table holds the
//! numbers the JSON shows.

use super::rows::RowBuilder;
use super::{OddsRow, WorthRow};
use crate::analysis::compare::Comparison;
use crate::analysis::worth::Worth;
use crate::output::report::ProbJson;
use crate::output::report::worth::{change_text, difference, modifier_name, name, scope_name};

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
    /// empty figures, for a modifier that does not apply), named as
    /// `worth --format json` names them.
    pub fn rows(&self, scenario: &str) -> Vec<WorthRow> {
        let mut rows = Vec::new();
        for m in &self.modifiers {
            let row = |measure: &str| WorthRow {
                scenario: scenario.to_string(),
                mortar: self.mortar.name.clone(),
                scope: scope_name(self.scope).to_string(),
                modifier: modifier_name(m.modifier),
                change: change_text(&m.change),
                measure: measure.to_string(),
                without_exact: None,
                without: None,
                with_exact: None,
                with: None,
                worth_exact: None,
                worth_points: None,
            };
            if m.figures.is_empty() {
                rows.push(row(name(self.headline)));
            }
            for f in &m.figures {
                let (without, with) = (ProbJson::from(&f.without), ProbJson::from(&f.with));
                rows.push(WorthRow {
                    without_exact: Some(without.exact),
                    without: Some(without.value),
                    with_exact: Some(with.exact),
                    with: Some(with.value),
                    worth_exact: Some(difference(&f.with, &f.without)),
                    worth_points: Some(f.worth() * 100.0),
                    ..row(name(f.measure))
                });
            }
        }
        rows
    }
}
