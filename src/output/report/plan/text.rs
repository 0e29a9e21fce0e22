//! The text of a fire plan's report: the exact figure and the Monte Carlo
//! estimate side by side.

use std::fmt::Write;

use super::{FigureJson, PlanReport};
use crate::output::report::{kebab, number, text_table};

impl PlanReport {
    /// The text a player reads.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let m = &self.mortar;
        let phases: Vec<&str> = self.per_phase.iter().map(|p| p.phase).collect();
        let _ = writeln!(
            out,
            "{} ({}mm) at {} hexes: {}",
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
            self.plan.starting_acquisition
        );
        if let (Some(t), Some(s)) = (self.trials, self.seed) {
            let _ = writeln!(out, "Monte Carlo: {t} trials, seed {s}");
        }
        out.push('\n');
        let cols = self.columns();
        let mut header = vec!["figure"];
        header.extend(cols.iter().copied());
        let rows: Vec<Vec<String>> = [
            ("Expected shots", &self.expected_shots, false),
            ("Expected hits", &self.expected_hits, false),
            (
                "Expected Critical Hits",
                &self.expected_critical_hits,
                false,
            ),
            ("P(at least one hit)", &self.p_at_least_one_hit, true),
            ("P(at least one Critical Hit)", &self.p_critical_hit, true),
            ("P(malfunction)", &self.p_malfunction, true),
            ("P(removed for good)", &self.p_removed, true),
        ]
        .iter()
        .map(|(label, f, pct)| self.row(label, f, *pct))
        .collect();
        out.push_str(&text_table(&header, &rows));

        out.push_str(if self.engine == "both" {
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
            "malfunctioned",
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

        for (title, list) in [("Shots", &self.shots), ("Hits", &self.hits)] {
            let _ = writeln!(out, "\n{title} in the whole plan");
            let mut header = vec!["n"];
            header.extend(cols.iter().copied());
            let rows: Vec<Vec<String>> = list
                .iter()
                .filter(|c| shown(&c.p))
                .map(|c| {
                    let label = if c.or_more {
                        format!("{}+", c.n)
                    } else {
                        c.n.to_string()
                    };
                    self.row(&label, &c.p, true)
                })
                .collect();
            out.push_str(&text_table(&header, &rows));
        }
        if !self.units.is_empty() {
            out.push_str("\nUnits at the end of the plan (worst outcome)\n");
            let mut header = vec!["unit", "outcome"];
            header.extend(cols.iter().copied());
            let mut rows = Vec::new();
            for u in &self.units {
                for key in [
                    "no_effect",
                    "pinned",
                    "broken",
                    "casualty_reduced",
                    "eliminated",
                    "immobilized",
                    "shocked",
                ] {
                    let Some(f) = u.outcomes.get(key) else {
                        continue;
                    };
                    if !shown(f) {
                        continue;
                    }
                    let mut row = self.row(key, f, true);
                    row.insert(0, u.name.clone());
                    rows.push(row);
                }
                let mut row = self.row("out of action", &u.p_out_of_action, true);
                row.insert(0, u.name.clone());
                rows.push(row);
            }
            if let Some(hex) = &self.hex {
                let mut row = self.row("cleared", &hex.p_cleared, true);
                row.insert(0, "hex".into());
                rows.push(row);
                for c in &hex.at_least_out_of_action {
                    let mut row = self.row(&format!("{}+ out of action", c.n), &c.p, true);
                    row.insert(0, "hex".into());
                    rows.push(row);
                }
            }
            out.push_str(&text_table(&header, &rows));
            out.push_str("Not modelled:\n");
            for n in &self.not_modelled {
                let _ = writeln!(out, "  - {n}");
            }
        }
        out.push_str("\nNotes:\n");
        for n in &self.notes {
            let _ = writeln!(out, "  - {n}");
        }
        out
    }

    fn columns(&self) -> Vec<&'static str> {
        match self.engine {
            "both" => vec!["exact", "exact %", "Monte Carlo", "95% CI"],
            "exact" => vec!["exact", "exact %"],
            _ => vec!["Monte Carlo", "95% CI"],
        }
    }

    fn row(&self, label: &str, f: &FigureJson, percent: bool) -> Vec<String> {
        let fmt = |v: f64| number(v, percent, 4);
        let mut row = vec![label.to_string()];
        if let (Some(e), Some(v)) = (&f.exact, f.value) {
            // Plan fractions can run to hundreds of digits: the JSON has them whole.
            row.push(if e.len() <= 24 {
                e.clone()
            } else {
                "(see JSON)".into()
            });
            row.push(fmt(v));
        }
        if let (Some(m), Some([lo, hi])) = (f.mc, f.ci95) {
            row.push(fmt(m));
            row.push(format!("{} - {}", fmt(lo), fmt(hi)));
        }
        row
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
    best(f).map_or("-".into(), |v| format!("{v:.3}"))
}

fn pct(f: &FigureJson) -> String {
    best(f).map_or("-".into(), |v| format!("{:.2}%", v * 100.0))
}
