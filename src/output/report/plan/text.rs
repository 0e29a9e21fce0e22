//! The text of a fire plan's report: the answer first (P(at least one hit),
//! P(at least one Critical Hit), each unit out of action and eliminated, the
//! hex cleared), then the details, the legend and the notes; the exact
//! figure and the Monte Carlo estimate side by side.

use std::fmt::Write;

use super::{FigureJson, PlanReport};
use crate::output::report::legend::{Term, exact_cell, is_long, percent};
use crate::output::report::notes::Notes;
use crate::output::report::shot::outcome_terms;
use crate::output::report::{kebab, text_table};

/// The rows a plan report shows for a unit's outcomes, by JSON key.
const OUTCOME_ROWS: [(&str, &str); 7] = [
    ("no_effect", "no effect"),
    ("pinned", "pinned"),
    ("broken", "broken"),
    ("casualty_reduced", "CR"),
    ("eliminated", "eliminated"),
    ("immobilized", "immobilized"),
    ("shocked", "shocked"),
];

/// Rows of figures, and whether one showed a JSON key for its fraction.
struct Rows<'a> {
    report: &'a PlanReport,
    rows: Vec<Vec<String>>,
    long: bool,
}

impl Rows<'_> {
    fn push(&mut self, label: &[&str], f: &FigureJson, percent: bool) {
        let mut row: Vec<String> = label.iter().map(|s| s.to_string()).collect();
        row.extend(self.report.cells(f, percent));
        self.long |= f.exact.as_deref().is_some_and(is_long);
        self.rows.push(row);
    }
}

impl PlanReport {
    /// The text a player reads, with the notes that concern this plan.
    pub fn to_text(&self) -> String {
        self.to_text_with(Notes::Applicable)
    }

    /// The text a player reads, with the notes `notes` asks for.
    pub fn to_text_with(&self, notes: Notes) -> String {
        let mut terms = vec![Term::Hit, Term::CriticalHit, Term::Expected];
        if self.trials.is_some() {
            terms.push(Term::MonteCarlo);
        }
        let mut out = self.title();
        let cols = self.columns();
        let table = |first: &[&str], rows: &Rows| {
            let mut header = first.to_vec();
            header.extend(cols.iter().copied());
            text_table(&header, &rows.rows)
        };

        let mut head = self.rows();
        head.push(&["at least one hit"], &self.p_at_least_one_hit, true);
        head.push(&["at least one Critical Hit"], &self.p_critical_hit, true);
        for u in &self.units {
            head.push(
                &[&format!("{} out of action", u.facts.label)],
                &u.p_out_of_action,
                true,
            );
            if let Some(f) = u.outcomes.get("eliminated") {
                head.push(&[&format!("{} eliminated", u.facts.label)], f, true);
            }
        }
        if let Some(hex) = &self.hex {
            head.push(&["hex cleared"], &hex.p_cleared, true);
            terms.extend([Term::OutOfAction, Term::Eliminated, Term::Cleared]);
        }
        out.push('\n');
        out.push_str(&table(&[""], &head));

        let mut weapon = self.rows();
        weapon.push(&["expected shots"], &self.expected_shots, false);
        weapon.push(&["expected hits"], &self.expected_hits, false);
        let f = &self.expected_critical_hits;
        weapon.push(&["expected Critical Hits"], f, false);
        weapon.push(&["malfunction"], &self.p_malfunction, true);
        weapon.push(&["removed for good"], &self.p_removed, true);
        terms.extend([Term::Malfunction, Term::Removed, Term::MalfunctionedAtEnd]);
        out.push('\n');
        out.push_str(&table(&["weapon"], &weapon));
        out.push_str(&self.per_phase_text());

        let mut counts = Vec::new();
        for (title, list) in [("Shots", &self.shots), ("Hits", &self.hits)] {
            let mut rows = self.rows();
            for c in list.iter().filter(|c| shown(&c.p)) {
                let label = if c.or_more {
                    format!("{}+", c.n)
                } else {
                    c.n.to_string()
                };
                rows.push(&[&label], &c.p, true);
            }
            let _ = write!(out, "\n{title} in the whole plan\n{}", table(&["n"], &rows));
            counts.push(rows.long);
        }
        let units = self.units_rows(&mut terms);
        if !self.units.is_empty() {
            out.push_str("\nUnits at the end of the plan (worst outcome)\n");
            out.push_str(&table(&["unit", "outcome"], &units));
        }
        if head.long || weapon.long || units.long || counts.contains(&true) {
            terms.push(Term::LongFraction);
        }
        out.push_str(&self.about.text(&terms, notes));
        out
    }

    fn title(&self) -> String {
        let m = &self.mortar;
        let phases: Vec<&str> = self.per_phase.iter().map(|p| p.phase).collect();
        let mut out = format!(
            "{} ({}mm) at {} hexes: {}\n",
            m.title,
            m.caliber_mm,
            self.range,
            phases.join(", ")
        );
        let _ = writeln!(
            out,
            "Stop: {}; Intensive Fire: {}; repair: {}; starting Acquisition: {}",
            kebab(&self.plan.stop),
            kebab(&self.plan.intensive_fire),
            match self.plan.repair_number {
                Some(r) => format!("yes (R# {r})"),
                None => "no".into(),
            },
            if self.plan.acquisition_na {
                "NA".to_string()
            } else {
                self.plan.starting_acquisition.to_string()
            }
        );
        if let (Some(t), Some(s)) = (self.trials, self.seed) {
            let _ = writeln!(out, "Monte Carlo: {t} trials, seed {s}");
        }
        out
    }

    fn rows(&self) -> Rows<'_> {
        Rows {
            report: self,
            rows: Vec::new(),
            long: false,
        }
    }

    fn per_phase_text(&self) -> String {
        let mut out = String::from(if self.engine == "both" {
            "\nPer phase (exact; --format json has the Monte Carlo figures too)\n"
        } else {
            "\nPer phase\n"
        });
        let header = [
            "phase",
            "turn",
            "E[shots]",
            "E[hits]",
            "first hit here",
            "hit by end",
            "malfunctioned at end",
        ];
        let rows: Vec<Vec<String>> = self
            .per_phase
            .iter()
            .map(|p| {
                vec![
                    p.phase.to_string(),
                    p.player_turn.to_string(),
                    num(&p.expected_shots),
                    num(&p.expected_hits),
                    pct(&p.p_first_hit),
                    pct(&p.p_hit_by_end),
                    pct(&p.p_malfunctioned_at_end),
                ]
            })
            .collect();
        out.push_str(&text_table(&header, &rows));
        out
    }

    fn units_rows(&self, terms: &mut Vec<Term>) -> Rows<'_> {
        let mut rows = self.rows();
        for u in &self.units {
            for (key, label) in OUTCOME_ROWS {
                let Some(f) = u.outcomes.get(key) else {
                    continue;
                };
                if shown(f) {
                    rows.push(&[&u.facts.label, label], f, true);
                }
            }
            rows.push(&[&u.facts.label, "out of action"], &u.p_out_of_action, true);
        }
        if let Some(hex) = &self.hex {
            rows.push(&["hex", "cleared"], &hex.p_cleared, true);
            for c in &hex.at_least_out_of_action {
                rows.push(&["hex", &format!("{}+ out of action", c.n)], &c.p, true);
            }
        }
        if !self.units.is_empty() {
            terms.extend(outcome_terms(self.units.iter().map(|u| u.facts.kind)));
        }
        rows
    }

    fn columns(&self) -> Vec<&'static str> {
        match self.engine {
            "both" => vec!["exact", "≈", "Monte Carlo", "95% CI"],
            "exact" => vec!["exact", "≈"],
            _ => vec!["Monte Carlo", "95% CI"],
        }
    }

    /// A figure's cells: the exact fraction (or its JSON key when long) and
    /// value, then the Monte Carlo estimate and its interval.
    fn cells(&self, f: &FigureJson, percent: bool) -> Vec<String> {
        let fmt = |v: f64| value(v, percent);
        let mut row = Vec::new();
        if let (Some(e), Some(v)) = (&f.exact, f.value) {
            row.push(exact_cell(e, &f.key));
            row.push(fmt(v));
        }
        if let (Some(m), Some([lo, hi])) = (f.mc, f.ci95) {
            row.push(fmt(m));
            row.push(format!("{} - {}", fmt(lo), fmt(hi)));
        }
        row
    }
}

/// A probability in percent, or an expectation to four places.
fn value(v: f64, is_percent: bool) -> String {
    if is_percent {
        percent(v)
    } else if v == 0.0 {
        "0".into()
    } else {
        format!("{v:.4}")
    }
}

/// Worth a line in the text: at least 0.005% by either engine.
fn shown(f: &FigureJson) -> bool {
    f.value.or(f.mc).is_some_and(|v| v >= 0.000_05)
}

fn best(f: &FigureJson) -> Option<f64> {
    f.value.or(f.mc)
}

fn num(f: &FigureJson) -> String {
    best(f).map_or("-".into(), |v| value(v, false))
}

fn pct(f: &FigureJson) -> String {
    best(f).map_or("-".into(), percent)
}
