//! The text of a push's report, and the hook-up table.

use super::{PushCount, PushReport};
use crate::output::report::legend::{exact_cell, percent};
use crate::output::report::notes::notes_sections;
use crate::output::report::{signed, text_table};
use crate::rules::manhandling::hookup::HookupRow;

impl PushReport {
    /// The text a player reads.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let gun = self.gun.clone().unwrap_or_else(|| "Gun".to_string());
        out.push_str(&format!(
            "{gun} (M#{}) pushed by {} ({} MF per MPh), Labor {}: {} hex{}\n",
            self.m_number,
            self.pushers_text,
            self.mf,
            signed(-i16::from(self.labor)),
            self.path.len(),
            if self.path.len() == 1 { "" } else { "es" },
        ));
        out.push_str(&format!(
            "Each hex (C10.3): Final DR < {m} enters and may go on, = {m} enters and stops, > {m} stays out (Labor -1).\n\n",
            m = self.m_number
        ));
        let rows: Vec<Vec<String>> = self
            .path
            .iter()
            .map(|h| {
                let terms: Vec<String> = h
                    .terms
                    .iter()
                    .map(|t| format!("{} {}", t.what, signed(t.drm)))
                    .collect();
                vec![
                    h.hex.to_string(),
                    h.terrain.clone(),
                    h.pushing_mf.to_string(),
                    signed(h.drm),
                    h.enters_on_original_at_most
                        .map_or("never".to_string(), |n| format!("≤ {n}")),
                    exact_cell(&h.p_enter.exact, "p_enter"),
                    if terms.is_empty() {
                        "none".to_string()
                    } else {
                        terms.join(", ")
                    },
                ]
            })
            .collect();
        out.push_str(&text_table(
            &[
                "hex",
                "terrain",
                "MF",
                "DRM",
                "enters on Original DR",
                "P(enter)",
                "DRM by rule",
            ],
            &rows,
        ));

        let exact_rows = self.text_rows.0.as_ref();
        // The last bucket holds the pushes that never reach the end.
        let never = self.exact.as_ref().is_some_and(|e| e.p_never.value > 0.0)
            || self
                .monte_carlo
                .as_ref()
                .is_some_and(|m| m.p_never.value > 0.0);
        let mc_rows = self.text_rows.1.as_ref();
        for (quantity, title, unit) in [
            (
                "hexes_first_phase",
                "Hexes gained in the first MPh",
                "hexes",
            ),
            ("phases_to_end", "MPh to reach the end of the path", "MPh"),
        ] {
            out.push_str(&format!("\n{title}\n"));
            let mut header = vec![unit];
            let mut body: Vec<Vec<String>> = Vec::new();
            let counts: Vec<PushCount> = match (exact_rows, mc_rows) {
                (Some(r), _) => r.iter().map(|r| r.count).collect(),
                (None, Some(r)) => r.iter().map(|r| r.count).collect(),
                (None, None) => Vec::new(),
            };
            if exact_rows.is_some() {
                header.extend(["exact", "exact %"]);
            }
            if mc_rows.is_some() {
                header.extend(["Monte Carlo", "95% CI"]);
            }
            for count in counts.into_iter().filter(|c| c.quantity == quantity) {
                let mut line = vec![if count.or_more && never {
                    format!("{} or more, or never", count.value)
                } else if count.or_more {
                    format!("{} or more", count.value)
                } else {
                    count.value.to_string()
                }];
                if let Some(r) = exact_rows.and_then(|rows| rows.iter().find(|r| r.count == count))
                {
                    line.push(exact_cell(&r.exact, &self.json_key(count)));
                    line.push(percent(r.probability));
                }
                if let Some(r) = mc_rows.and_then(|rows| rows.iter().find(|r| r.count == count)) {
                    line.push(percent(r.probability));
                    line.push(format!(
                        "{:.2}% - {:.2}%",
                        r.ci95[0] * 100.0,
                        r.ci95[1] * 100.0
                    ));
                }
                body.push(line);
            }
            out.push_str(&text_table(&header, &body));
        }

        out.push('\n');
        if let Some(e) = &self.exact {
            out.push_str(&format!(
                "Exact: P(end reached in the first MPh) {} ({}); expected hexes in the first MPh {:.3} ({})\n",
                exact_cell(&e.p_end_first_phase.exact, "exact.p_end_first_phase"),
                percent(e.p_end_first_phase.value),
                e.expected_hexes_first_phase.value,
                exact_cell(
                    &e.expected_hexes_first_phase.exact,
                    "exact.expected_hexes_first_phase"
                ),
            ));
            match &e.expected_phases {
                Some(x) => out.push_str(&format!(
                    "Exact: expected MPh to reach the end {:.3} ({})\n",
                    x.value,
                    exact_cell(&x.exact, "exact.expected_phases")
                )),
                None => out.push_str(&format!(
                    "Exact: the end may never be reached: P(never) {} ({})\n",
                    exact_cell(&e.p_never.exact, "exact.p_never"),
                    percent(e.p_never.value)
                )),
            }
        }
        if let Some(m) = &self.monte_carlo {
            out.push_str(&format!(
                "Monte Carlo: {} trials, seed {}; ",
                m.trials, m.seed
            ));
            match &m.expected_phases {
                Some(x) => out.push_str(&format!(
                    "expected MPh {:.3} ({:.3} - {:.3})\n",
                    x.value, x.ci95[0], x.ci95[1]
                )),
                None => out.push_str(&format!("P(never) {}\n", percent(m.p_never.value))),
            }
        }
        out.push_str(&notes_sections(
            &self.notes,
            &self.readings,
            self.not_modelled,
        ));
        out
    }

    /// Where the JSON holds the exact figure of a text row: its row of
    /// `exact.rows`, or the rows a text row "N or more" sums (`[i-j]`).
    fn json_key(&self, count: PushCount) -> String {
        let rows = self.exact.as_ref().map_or(&[][..], |e| &e.rows[..]);
        let matches = |r: &super::PushRow| {
            r.count.quantity == count.quantity
                && if count.or_more {
                    r.count.value >= count.value
                } else {
                    r.count == count
                }
        };
        let first = rows.iter().position(matches);
        let last = rows.iter().rposition(matches);
        match (first, last) {
            (Some(i), Some(j)) if i == j => format!("exact.rows[{i}].exact"),
            (Some(i), Some(j)) => format!("exact.rows[{i}-{j}]"),
            _ => "exact.rows".into(),
        }
    }
}

/// The hook-up table as text.
pub fn hookup_text(rows: &[HookupRow]) -> String {
    let allotment = rows.first().map_or(0, |r| r.allotment);
    let mut out =
        format!("Hooking up or unhooking a Gun (C10.11, C10.12), vehicle with {allotment} MP:\n");
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.gun_m_number.replace('-', " "),
                r.share.to_string(),
                r.mp.to_string(),
                r.rule.to_string(),
            ]
        })
        .collect();
    out.push_str(&text_table(&["Gun's M#", "share", "MP", "rule"], &body));
    out.push_str(
        "Spent in the Gun's hex by a Stopped vehicle not in Bypass (T# ≤ M#), besides the MP to enter the hex; fractions rounded up.\n",
    );
    out
}
