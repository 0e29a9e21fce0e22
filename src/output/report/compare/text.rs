//! The text of a comparison: the answer first (P(1+ out of action) and
//! P(1+ hit) by the last Player Turn, the first shot's P(hit) and P(Critical
//! Hit)), then every figure with one column per mortar, the legend and the
//! notes.

use std::fmt::Write;

use super::{CompareJson, MortarJsonResult, no_enemy_units};
use crate::output::report::legend::{Term, percent};
use crate::output::report::notes::{Notes, legend_and_notes};
use crate::output::report::plan::FigureJson;
use crate::output::report::shot::values_given;
use crate::output::report::{kebab, number, text_table};
use crate::rules::outcomes::NOT_MODELLED;

/// A figure for the text table; `~` marks a Monte Carlo estimate.
fn cell(f: &FigureJson, percent: bool) -> String {
    let fmt = |v: f64| number(v, percent, 3);
    match (f.value, f.mc) {
        (Some(v), _) => fmt(v),
        (None, Some(m)) => format!("~{}", fmt(m)),
        _ => "-".into(),
    }
}

impl CompareJson {
    pub(super) fn to_text(&self, notes: Notes) -> String {
        let mut out = String::new();
        let phases: Vec<String> = self
            .phases
            .iter()
            .map(|p| format!("{} (turn {})", p.phase, p.player_turn))
            .collect();
        let n = self.mortars.len();
        let _ = writeln!(
            out,
            "{n} mortar{} at {} hexes: {}",
            if n == 1 { "" } else { "s" },
            self.range,
            phases.join(", ")
        );
        let mut terms = vec![
            Term::Hit,
            Term::CriticalHit,
            Term::Expected,
            Term::Malfunction,
        ];
        let units = !self.enemy_units.is_empty();
        if units {
            terms.push(Term::OutOfAction);
        }
        if self.mortars.iter().any(|m| m.engine.engine == "mc") {
            terms.push(Term::MonteCarlo);
        }
        let last = self.phases.last().map_or(0, |p| p.player_turn);
        let mut head = Table::new(self);
        if units && last > 0 {
            let i = (last - 1) as usize;
            head.row(format!("P(1+ out of action) by turn {last}"), &|m| {
                m.out_of_action_by_turn
                    .as_ref()
                    .map_or("-".into(), |v| cell(&v[i].p, true))
            });
        }
        if last > 0 {
            let i = (last - 1) as usize;
            head.row(format!("P(1+ hit) by turn {last}"), &|m| {
                cell(&m.p_hit_by_turn[i].p, true)
            });
        }
        head.row("P(hit), first shot".into(), &|m| percent(m.p_hit.value));
        head.row("P(Critical Hit), first shot".into(), &|m| {
            percent(m.p_critical_hit.value)
        });
        out.push('\n');
        out.push_str(&head.text());
        let _ = writeln!(
            out,
            "\nStop: {}; Intensive Fire: {}; repair: {}; starting Acquisition: {}",
            kebab(&self.stop),
            kebab(&self.intensive_fire),
            if self.repair { "yes" } else { "no" },
            self.starting_acquisition
        );
        let _ = writeln!(
            out,
            "Enemy units: {}\n",
            match (units, self.units_given) {
                (true, _) => self.enemy_units.join(", "),
                (false, true) => "none: the units given are friendly".into(),
                (false, false) => "no units given".into(),
            }
        );
        let mut rows = Table::new(self);
        for (i, p) in self.phases.iter().enumerate() {
            let at = format!("{}:{}", i + 1, p.phase);
            rows.row(format!("E[shots] {at}"), &|m| {
                cell(&m.per_phase[i].expected_shots, false)
            });
            rows.row(format!("E[hits] {at}"), &|m| {
                cell(&m.per_phase[i].expected_hits, false)
            });
        }
        for turn in 1..=last {
            let i = (turn - 1) as usize;
            rows.row(format!("P(1+ hit) by turn {turn}"), &|m| {
                cell(&m.p_hit_by_turn[i].p, true)
            });
        }
        if !units {
            rows.row("P(1+ out of action)".into(), &|_| {
                no_enemy_units(self.units_given).into()
            });
        }
        for turn in (1..=last).filter(|_| units) {
            let i = (turn - 1) as usize;
            rows.row(format!("P(1+ out of action) by turn {turn}"), &|m| {
                m.out_of_action_by_turn
                    .as_ref()
                    .map_or("-".into(), |v| cell(&v[i].p, true))
            });
        }
        rows.row("P(malfunction), whole plan".into(), &|m| {
            cell(&m.p_malfunction, true)
        });
        rows.row("engine".into(), &|m| match m.engine.engine {
            "mc" => "Monte Carlo".into(),
            e => e.into(),
        });
        out.push_str(&rows.text());
        out.push_str("\nValues you gave:\n");
        for m in &self.mortars {
            let given = if m.inline {
                "inline mortar (not in the catalog): every value is yours".to_string()
            } else if m.mortar.user_values.is_empty() {
                "none (catalog values only)".to_string()
            } else {
                values_given(&m.mortar.user_values)
            };
            let _ = writeln!(out, "  {}: {given}", m.label);
        }
        // The units' names only are compared here: the gaps of a fire plan
        // at Personnel units concern every comparison with enemy units.
        let gaps: Vec<&str> = NOT_MODELLED
            .iter()
            .filter(|n| units && !n.contains("vehicles"))
            .copied()
            .collect();
        out.push_str(&legend_and_notes(&terms, &self.notes, &[], &gaps, notes));
        out
    }
}

/// A text table with one column per mortar.
struct Table<'a> {
    json: &'a CompareJson,
    rows: Vec<Vec<String>>,
}

impl<'a> Table<'a> {
    fn new(json: &'a CompareJson) -> Self {
        Table {
            json,
            rows: Vec::new(),
        }
    }

    fn row(&mut self, label: String, f: &dyn Fn(&MortarJsonResult) -> String) {
        let mut r = vec![label];
        r.extend(self.json.mortars.iter().map(f));
        self.rows.push(r);
    }

    fn text(&self) -> String {
        let mut header = vec![""];
        header.extend(self.json.mortars.iter().map(|m| m.label.as_str()));
        text_table(&header, &self.rows)
    }
}
