//! The text of one shot's report: the answer first (P(hit), P(Critical
//! Hit), each unit's P(out of action) and P(eliminated), the hex cleared),
//! then how it is worked out, the legend and the notes; and the
//! units-table helpers the DC report shares.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::ShotReport;
use crate::output::report::legend::{Term, exact_cell, is_long, percent};
use crate::output::report::notes::Notes;
use crate::output::report::unit_facts::UnitFactsJson;
use crate::output::report::{HexJson, ProbJson, kebab, signed, text_table};
use crate::rules::to_hit::{HitMode, Modifier};
use crate::rules::units::UnitKind;

/// The modifiers of a line: "none", or each with its value and rule.
pub(crate) fn modifiers(v: &[Modifier]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter()
            .map(|m| format!("{} {} ({})", m.what, signed(m.value.into()), m.rule))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Rows of a table of exact probabilities, and the legend terms they use.
#[derive(Default)]
pub(crate) struct ProbRows {
    pub(crate) rows: Vec<Vec<String>>,
    pub(crate) long: bool,
}

impl ProbRows {
    /// A row `label, exact, percent`; `key` names the JSON key of a long
    /// fraction.
    pub(crate) fn push(&mut self, label: &str, p: Option<&ProbJson>, key: &str) {
        self.rows.push(match p {
            Some(p) => {
                self.long |= is_long(&p.exact);
                vec![label.to_string(), pct(p), exact_cell(&p.exact, key)]
            }
            None => vec![label.to_string(), "-".into(), "not known".into()],
        });
    }

    /// A unit's two answer rows: out of action and eliminated; `key` is
    /// where the JSON holds the unit (`units[0]`).
    pub(crate) fn unit(
        &mut self,
        label: &str,
        key: &str,
        out_of_action: &ProbJson,
        outcomes: &BTreeMap<&'static str, ProbJson>,
    ) {
        self.push(
            &format!("{label} out of action"),
            Some(out_of_action),
            &format!("{key}.p_out_of_action"),
        );
        if let Some(p) = outcomes.get("eliminated") {
            self.push(
                &format!("{label} eliminated"),
                Some(p),
                &format!("{key}.outcomes.eliminated"),
            );
        }
    }

    pub(crate) fn table(&self) -> String {
        text_table(&["", "percent", "exact"], &self.rows)
    }
}

impl ShotReport {
    /// The text a player reads, with the notes that concern this shot.
    pub fn to_text(&self) -> String {
        self.to_text_with(Notes::Applicable)
    }

    /// The text a player reads, with the notes `notes` asks for.
    pub fn to_text_with(&self, notes: Notes) -> String {
        let mut terms = vec![Term::Hit, Term::CriticalHit];
        let mut out = self.title();
        out.push('\n');
        let head = self.headline();
        out.push_str(&head.table());
        if !self.units.is_empty() {
            terms.extend([Term::OutOfAction, Term::Eliminated]);
        }
        if self.hex.is_some() {
            terms.push(Term::Cleared);
        }
        out.push('\n');
        out.push_str(&self.to_hit_lines());
        let weapon = self.weapon_rows(&mut terms);
        if !weapon.rows.is_empty() {
            out.push('\n');
            out.push_str(&weapon.table());
        }
        out.push_str(&self.ift_tables(&mut terms));
        out.push_str(&self.units_text(&mut terms));
        if head.long || weapon.long {
            terms.push(Term::LongFraction);
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
        out.push_str(&self.about.text(&terms, notes));
        out
    }

    fn title(&self) -> String {
        let m = &self.mortar;
        let kind = if m.fired_as_light_mortar {
            "light mortar"
        } else {
            "Gun"
        };
        let mut out = format!(
            "{} ({}mm, {kind}): {} in the {} at {} hexes\n",
            m.title,
            m.caliber_mm,
            self.ammo.name(),
            self.phase,
            self.range
        );
        if !m.user_values.is_empty() {
            let _ = writeln!(out, "Values you gave: {}", values_given(&m.user_values));
        }
        out
    }

    /// The answer: P(hit), P(Critical Hit), each unit out of action and
    /// eliminated, the hex cleared.
    fn headline(&self) -> ProbRows {
        let mut rows = ProbRows::default();
        rows.push("hit", Some(&self.to_hit.p_hit), "p_hit");
        rows.push(
            "Critical Hit",
            Some(&self.to_hit.p_critical_hit),
            "p_critical_hit",
        );
        for (i, u) in self.units.iter().enumerate() {
            let key = format!("units[{i}]");
            rows.unit(&u.facts.label, &key, &u.p_out_of_action, &u.outcomes);
        }
        if let Some(hex) = &self.hex {
            rows.push("hex cleared", Some(&hex.p_cleared), "hex.p_cleared");
        }
        rows
    }

    fn to_hit_lines(&self) -> String {
        format!(
            "To Hit (Area Target Type, range {}): Modified TH# {} (Basic {}; {})\nTo Hit DRM {}: {}\n{}\n",
            self.range_band,
            self.modified_to_hit_number,
            self.basic_to_hit_number,
            modifiers(&self.to_hit_modifications),
            signed(self.to_hit.drm),
            modifiers(&self.to_hit.drm_cases),
            self.hit_rule()
        )
    }

    /// The weapon's own figures: Multiple Hit, ROF, malfunction, ammunition.
    fn weapon_rows(&self, terms: &mut Vec<Term>) -> ProbRows {
        let mut rows = ProbRows::default();
        if self.p_multiple_hit.exact != "0/1" {
            rows.push("Multiple Hit", Some(&self.p_multiple_hit), "p_multiple_hit");
        }
        // The label names the number the figure rests on, when known.
        let label = |what: &str, number: &str, n: Option<u8>| match n {
            Some(n) => format!("{what} ({number} {n})"),
            None => what.to_string(),
        };
        let keeps_rof = label("Keeps ROF", "effective ROF", self.effective_rof);
        rows.push(&keeps_rof, self.p_keep_rof.as_ref(), "p_keep_rof");
        let malfunction = label("Malfunction", "B#", self.effective_breakdown);
        rows.push(&malfunction, self.p_malfunction.as_ref(), "p_malfunction");
        rows.push(
            "Removed for good (X#)",
            self.p_removed.as_ref(),
            "p_removed",
        );
        terms.extend([Term::KeepsRof, Term::Malfunction, Term::Removed]);
        if let Some(n) = self.depletion_number {
            rows.push(
                &format!("{} runs out (depletion {n})", self.ammo.name()),
                self.p_ammo_runs_out.as_ref(),
                "p_ammo_runs_out",
            );
            rows.push("None left: no shot", self.p_no_ammo.as_ref(), "p_no_ammo");
        }
        rows
    }

    fn ift_tables(&self, terms: &mut Vec<Term>) -> String {
        let mut out = String::new();
        for (title, attack) in [("a hit", &self.ift), ("a Critical Hit", &self.critical_ift)] {
            let (Some(col), Some(fp), Some(drm)) = (attack.column, attack.fp, attack.drm) else {
                continue;
            };
            terms.push(Term::IftResults);
            let key = &attack.key("results");
            let _ = writeln!(
                out,
                "\nEffects of {title} (IFT): {fp} FP, on the {col} FP column, DRM {}: {}",
                signed(drm),
                modifiers(&attack.drm_cases)
            );
            let rows: Vec<Vec<String>> = attack
                .results
                .iter()
                .map(|r| vec![r.result.to_string(), pct(&r.p), exact_cell(&r.p.exact, key)])
                .collect();
            out.push_str(&text_table(&["result", "percent", "exact"], &rows));
        }
        out
    }

    fn units_text(&self, terms: &mut Vec<Term>) -> String {
        let mut out = String::new();
        if self.units.is_empty() {
            return out;
        }
        out.push_str("\nUnits in the hex (worst outcome of the shot)\n");
        let rows: Vec<Vec<String>> = self
            .units
            .iter()
            .map(|u| {
                // C3.33: out of LOS, the unit is hit as another is, or never.
                let drm = match (u.hit_as, u.to_hit_drm) {
                    (Some(r), _) => format!("as {}", self.units[r].facts.label),
                    (None, Some(drm)) => signed(drm),
                    (None, None) => "never".into(),
                };
                let cells = vec![drm, pct(&u.p_hit), pct(&u.p_critical_hit)];
                unit_row(&u.facts, cells, &u.outcomes, &u.p_out_of_action)
            })
            .collect();
        out.push_str(&units_table(&["TH DRM", "hit", "CH"], &rows));
        if self.units.iter().any(|u| !u.in_los) {
            terms.push(Term::HitAs);
        }
        terms.extend(outcome_terms(self.units.iter().map(|u| u.facts.kind)));
        if let Some(hex) = &self.hex {
            out.push_str(&hex_lines(
                hex,
                "Hex cleared of Good Order enemy units",
                "every enemy unit eliminated",
                "Enemy units out of action, at least",
            ));
        }
        out
    }

    fn hit_rule(&self) -> String {
        let th = self.modified_to_hit_number;
        let drm = self.to_hit.drm;
        match self.to_hit.hit_mode {
            HitMode::Normal => {
                let original = (th - drm).min(12);
                // C8.9: above the depletion number, no SMOKE/WP is fired.
                match self.depletion_number.map(i16::from) {
                    Some(n) if n < original => format!(
                        "Hits on a Final DR of {th} or less, but an Original DR above the depletion number {n} fires no {} (C8.9): it hits on an Original DR of {n} or less. An Original 2 is a Critical Hit (C3.7).",
                        self.ammo.name()
                    ),
                    _ => format!(
                        "Hits on a Final DR of {th} or less: an Original DR of {original} or less. An Original 2 is a Critical Hit (C3.7)."
                    ),
                }
            }
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
/// A table of units, a row each ([`unit_row`]): the unit, its cells
/// under `columns`, then its worst outcomes ([`OUTCOME_COLUMNS`]).
pub(crate) fn units_table(columns: &[&str], rows: &[Vec<String>]) -> String {
    let mut header = vec!["unit"];
    header.extend(columns);
    header.extend(OUTCOME_COLUMNS);
    text_table(&header, rows)
}

/// A unit's row of [`units_table`]: its label and kind, `cells` (its To
/// Hit DRM and odds, or its IFT DRM), then its worst outcomes.
pub(crate) fn unit_row(
    unit: &UnitFactsJson,
    cells: Vec<String>,
    outcomes: &BTreeMap<&'static str, ProbJson>,
    out_of_action: &ProbJson,
) -> Vec<String> {
    let mut row = vec![format!("{} ({})", unit.label, kebab(&unit.kind))];
    row.extend(cells);
    row.extend(outcome_cells(outcomes, unit.kind, out_of_action));
    row
}

fn outcome_cells(
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
pub(crate) fn hex_lines(
    hex: &HexJson<ProbJson>,
    cleared: &str,
    eliminated: &str,
    at_least: &str,
) -> String {
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
    percent(p.value)
}

/// The legend terms of a units table of units of these kinds.
pub(crate) fn outcome_terms(kinds: impl Iterator<Item = UnitKind>) -> Vec<Term> {
    let mut terms = vec![
        Term::NoEffect,
        Term::Pinned,
        Term::Broken,
        Term::CasualtyReduced,
        Term::Eliminated,
        Term::OutOfAction,
    ];
    if kinds.into_iter().any(UnitKind::is_vehicle) {
        terms.push(Term::Vehicle);
    }
    terms
}

/// The mortar values the player gave, by their scenario keys (`rof`,
/// `breakdown`), the printed range said as such: "range" alone reads as
/// the range to the target.
pub(crate) fn values_given(keys: &[String]) -> String {
    keys.iter()
        .map(|k| match k.as_str() {
            "range" => "range (printed)",
            k => k,
        })
        .collect::<Vec<_>>()
        .join(", ")
}
