//! The text of one shot's report, and the units-table helpers the DC
//! report shares.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{HexJson, ShotReport};
use crate::output::report::{ProbJson, kebab, signed, text_table};
use crate::rules::to_hit::{HitMode, Modifier};
use crate::rules::units::UnitKind;

impl ShotReport {
    /// The text a player reads.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let m = &self.mortar;
        let kind = if m.fired_as_light_mortar {
            "light mortar"
        } else {
            "Gun"
        };
        let _ = writeln!(
            out,
            "{} ({}mm, {kind}): {} in the {} at {} hexes",
            m.title,
            m.caliber_mm,
            self.ammo.name(),
            self.phase,
            self.range
        );
        if !m.user_values.is_empty() {
            let _ = writeln!(out, "Values you gave: {}", m.user_values.join(", "));
        }
        out.push('\n');
        let mods = |v: &[Modifier]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter()
                    .map(|m| format!("{} {} ({})", m.what, signed(m.value.into()), m.rule))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let _ = writeln!(
            out,
            "To Hit (Area Target Type, range {}): Modified TH# {} (Basic {}; {})",
            self.range_band,
            self.modified_to_hit_number,
            self.basic_to_hit_number,
            mods(&self.to_hit_modifications)
        );
        let _ = writeln!(
            out,
            "To Hit DRM {}: {}",
            signed(self.to_hit_drm),
            mods(&self.to_hit_drm_cases)
        );
        let _ = writeln!(out, "{}", self.hit_rule());
        out.push('\n');

        let mut rows = vec![
            prob_row("Hit (Critical Hits included)", Some(&self.p_hit)),
            prob_row("Critical Hit", Some(&self.p_critical_hit)),
        ];
        if self.p_multiple_hit.exact != "0/1" {
            rows.push(prob_row("Multiple Hit", Some(&self.p_multiple_hit)));
        }
        rows.push(prob_row(
            &match self.effective_rof {
                Some(r) => format!("Keeps ROF (effective ROF {r})"),
                None => "Keeps ROF".into(),
            },
            self.p_keep_rof.as_ref(),
        ));
        rows.push(prob_row(
            &match self.effective_breakdown {
                Some(b) => format!("Malfunction (B# {b})"),
                None => "Malfunction".into(),
            },
            self.p_malfunction.as_ref(),
        ));
        rows.push(prob_row("Removed for good (X#)", self.p_removed.as_ref()));
        if let Some(n) = self.depletion_number {
            rows.push(prob_row(
                &format!("{} runs out (depletion {n})", self.ammo.name()),
                self.p_ammo_runs_out.as_ref(),
            ));
            rows.push(prob_row("None left: no shot", self.p_no_ammo.as_ref()));
        }
        out.push_str(&text_table(&["", "exact", "percent"], &rows));

        for (title, col, fp, drm, cases, results) in [
            (
                "a hit",
                self.ift_column,
                self.ift_fp,
                self.ift_drm,
                &self.ift_drm_cases,
                &self.ift_results,
            ),
            (
                "a Critical Hit",
                self.critical_ift_column,
                self.critical_ift_fp,
                self.critical_ift_drm,
                &self.critical_ift_drm_cases,
                &self.critical_ift_results,
            ),
        ] {
            let (Some(col), Some(fp), Some(drm)) = (col, fp, drm) else {
                continue;
            };
            let _ = writeln!(
                out,
                "\nEffects of {title} (IFT): {fp} FP, on the {col} FP column, DRM {}: {}",
                signed(drm),
                mods(cases)
            );
            let rows: Vec<Vec<String>> = results
                .iter()
                .map(|r| vec![r.result.to_string(), r.p.exact.clone(), pct(&r.p)])
                .collect();
            out.push_str(&text_table(&["result", "exact", "percent"], &rows));
        }

        if !self.units.is_empty() {
            out.push_str("\nUnits in the hex (worst outcome of the shot)\n");
            let mut header = vec!["unit", "TH DRM", "hit", "CH"];
            header.extend(OUTCOME_COLUMNS);
            let rows: Vec<Vec<String>> = self
                .units
                .iter()
                .map(|u| {
                    let mut row = vec![
                        format!("{} ({})", u.name, kebab(&u.kind)),
                        signed(u.to_hit_drm),
                        pct(&u.p_hit),
                        pct(&u.p_critical_hit),
                    ];
                    row.extend(outcome_cells(&u.outcomes, u.kind, &u.p_out_of_action));
                    row
                })
                .collect();
            out.push_str(&text_table(&header, &rows));
            if let Some(hex) = &self.hex {
                out.push_str(&hex_lines(
                    hex,
                    "Hex cleared of Good Order enemy units",
                    "every enemy unit eliminated",
                    "Enemy units out of action, at least",
                ));
            }
            out.push_str("Not modelled:\n");
            for n in &self.not_modelled {
                let _ = writeln!(out, "  - {n}");
            }
        }
        if !self.missing.is_empty() {
            out.push('\n');
            for m in &self.missing {
                let _ = writeln!(
                    out,
                    "Not known: {} (not in the catalog); give it with {} to get {}.",
                    m.field,
                    m.flag,
                    m.affects.join(" and ")
                );
            }
        }
        if !self.notes.is_empty() {
            out.push_str("\nNotes:\n");
            for n in &self.notes {
                let _ = writeln!(out, "  - {n}");
            }
        }
        out.push_str("\nReadings of the rules (see README):\n");
        for r in &self.readings {
            let _ = writeln!(out, "  - {} ({}): {}", r.id, r.rule, r.text);
        }
        out
    }

    fn hit_rule(&self) -> String {
        let th = self.modified_to_hit_number;
        let drm = self.to_hit_drm;
        match self.hit_mode {
            HitMode::Normal => format!(
                "Hits on a Final DR of {th} or less: an Original DR of {} or less. An Original 2 is a Critical Hit (C3.7).",
                (th - drm).min(12)
            ),
            HitMode::LowestOnly => "Only an Original 2 hits; a subsequent dr of 1 makes it a Critical Hit, 2-6 a normal hit (C3.7).".into(),
            HitMode::Improbable => "Improbable Hit (C3.6): only an Original 2 can hit, with a subsequent dr of 1 (Critical Hit) or 2-3 (hit).".into(),
        }
    }
}

/// The headers of [`outcome_cells`].
pub(crate) const OUTCOME_COLUMNS: [&str; 6] = [
    "no effect",
    "pinned",
    "broken",
    "CR",
    "eliminated",
    "out of action",
];

/// A unit's outcome cells in a text table: no effect, pinned, broken (a
/// vehicle: immobilized / shocked), Casualty Reduced, eliminated, out of
/// action.
pub(crate) fn outcome_cells(
    outcomes: &BTreeMap<&'static str, ProbJson>,
    kind: UnitKind,
    out_of_action: &ProbJson,
) -> Vec<String> {
    let o = |k: &str| outcomes.get(k).map_or("-".into(), pct);
    let mut broken = o("broken");
    if kind.is_vehicle() {
        broken = format!("imm {} / sh {}", o("immobilized"), o("shocked"));
    }
    vec![
        o("no_effect"),
        o("pinned"),
        broken,
        o("casualty_reduced"),
        o("eliminated"),
        pct(out_of_action),
    ]
}

/// The two lines under a units table: cleared and all eliminated, then
/// "at least N out of action", with the given labels.
pub(crate) fn hex_lines(hex: &HexJson, cleared: &str, eliminated: &str, at_least: &str) -> String {
    let counts: Vec<String> = hex
        .at_least_out_of_action
        .iter()
        .map(|a| format!("{}+: {}", a.n, pct(&a.p)))
        .collect();
    format!(
        "{cleared}: {}; {eliminated}: {}\n{at_least}: {}\n",
        pct(&hex.p_cleared),
        pct(&hex.p_all_eliminated),
        counts.join(", ")
    )
}

pub(crate) fn pct(p: &ProbJson) -> String {
    format!("{:.2}%", p.value * 100.0)
}

fn prob_row(label: &str, p: Option<&ProbJson>) -> Vec<String> {
    match p {
        Some(p) => vec![label.to_string(), p.exact.clone(), pct(p)],
        None => vec![label.to_string(), "not known".into(), "-".into()],
    }
}
