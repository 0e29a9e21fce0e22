//! The text of a DC attack's report: the answer first (P(detonates), each
//! unit out of action), then removal and Breach, each Location's attack
//! and IFT results, the Monte Carlo check, the legend and the notes.

use std::fmt::Write;

use super::{AttackJson, DC_CHOICES, DcReport, LocationJson, McJson};
use crate::output::report::legend::{Term, exact_cell, percent};
use crate::output::report::measures::DcRowJson;
use crate::output::report::notes::{Notes, legend_and_notes};
use crate::output::report::shot::{
    ProbRows, hex_lines, modifiers, outcome_terms, pct, unit_row, units_table,
};
use crate::output::report::{signed, text_table};

impl DcReport {
    /// The text a player reads, with the notes that concern this attack.
    pub fn to_text(&self) -> String {
        self.to_text_with(Notes::Applicable)
    }

    /// The text a player reads, with the notes `notes` asks for.
    pub fn to_text_with(&self, notes: Notes) -> String {
        let mut out = String::new();
        let i = &self.input;
        let user = if i.elite { "elite" } else { "non-elite" };
        let captured = if i.captured { "captured " } else { "" };
        let _ = writeln!(
            out,
            "{} {captured}DC, used by {user} Personnel",
            self.kind.name()
        );
        out.push('\n');
        let mut terms = vec![Term::Detonates];
        let head = self.headline();
        out.push_str(&head.table());
        let drm = if self.removal_drm > 0 {
            format!(" +{} (enemy Infantry units, A23.7)", self.removal_drm)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "\nRemoved without detonating on an Original DR{drm} of {} or more (A23.4, A23.2)",
            self.removal_number
        );
        let mut rows = ProbRows::default();
        rows.push("Removed, no attack", Some(&self.p_removed), "p_removed");
        out.push_str(&rows.table());
        // The Breach under its own attack, not among the removals.
        let mut breach = ProbRows::default();
        if let (Some(b), Some(p)) = (&self.breach_attack, &self.p_breach) {
            let _ = writeln!(out, "\nBreach attempt (IFT): {}", attack_line(b));
            breach.push("Breach (NMC or better)", Some(p), "p_breach");
            out.push_str(&breach.table());
        }
        let _ = write!(out, "\n{}", location_text("Target Location", &self.target));
        if let Some(t) = &self.thrower {
            let _ = write!(out, "\n{}", location_text("Thrower's Location", t));
        }
        if let Some(mc) = &self.monte_carlo {
            out.push_str(&mc_text(&self.rows, mc));
            terms.push(Term::MonteCarlo);
        }
        terms.extend([Term::NotAttacked, Term::IftResults]);
        let units = self
            .target
            .units
            .iter()
            .chain(self.thrower.iter().flat_map(|t| &t.units));
        if units.clone().next().is_some() {
            terms.extend(outcome_terms(units.map(|u| u.facts.kind)));
        }
        if head.long || rows.long || breach.long {
            terms.push(Term::LongFraction);
        }
        // --notes: every choice, as every reading; else this attack's.
        let choices = match notes {
            Notes::All => DC_CHOICES,
            Notes::Applicable => &self.notes[..],
        };
        let own: Vec<String> = choices
            .iter()
            .map(|n| format!("{n} (a choice where the rules are silent)"))
            .collect();
        out.push_str(&legend_and_notes(
            &terms,
            &own,
            &self.readings,
            &self.not_modelled,
            notes,
        ));
        out
    }

    /// The answer: P(detonates), each unit out of action and eliminated,
    /// every unit of the target Location out of action.
    fn headline(&self) -> ProbRows {
        let mut rows = ProbRows::default();
        rows.push("detonates", Some(&self.p_detonates), "p_detonates");
        for (place, loc) in [
            ("target", Some(&self.target)),
            ("thrower", self.thrower.as_ref()),
        ] {
            let Some(loc) = loc else { continue };
            let whose = if place == "thrower" { "thrower's " } else { "" };
            for (i, u) in loc.units.iter().enumerate() {
                let (label, key) = (
                    format!("{whose}{}", u.facts.label),
                    format!("{place}.units[{i}]"),
                );
                rows.unit(&label, &key, &u.p_out_of_action, &u.outcomes);
            }
            if let Some(hex) = &loc.hex {
                rows.push(
                    &format!("every unit of the {place} Location out of action"),
                    Some(&hex.p_cleared),
                    &format!("{place}.hex.p_cleared"),
                );
            }
        }
        rows
    }
}

fn attack_line(a: &AttackJson) -> String {
    format!(
        "{} FP, on the {} FP column, DRM {}: {}",
        a.fp,
        a.column,
        signed(a.drm),
        modifiers(&a.drm_cases)
    )
}

fn location_text(title: &str, loc: &LocationJson) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{title} (IFT): {}", attack_line(&loc.attack));
    let rows: Vec<Vec<String>> = loc
        .ift_results
        .iter()
        .map(|r| vec![r.result.clone(), pct(&r.p), exact_cell(&r.p.exact, "")])
        .collect();
    out.push_str(&text_table(&["result", "percent", "exact"], &rows));
    if loc.units.is_empty() {
        return out;
    }
    out.push_str("Units (worst outcome)\n");
    let rows: Vec<Vec<String>> = loc
        .units
        .iter()
        .map(|u| {
            let cells = vec![signed(u.attack.drm)];
            unit_row(&u.facts, cells, &u.outcomes, &u.p_out_of_action)
        })
        .collect();
    out.push_str(&units_table(&["IFT DRM"], &rows));
    if let Some(hex) = &loc.hex {
        out.push_str(&hex_lines(
            hex,
            "Every unit out of action",
            "every unit eliminated",
            "Units out of action, at least",
        ));
    }
    out
}

fn mc_text(exact: &[DcRowJson], mc: &McJson) -> String {
    let mut out = format!(
        "\nMonte Carlo check: {} trials, seed {}\n",
        mc.trials, mc.seed
    );
    let pct = |v: Option<f64>| v.map_or("-".into(), percent);
    let rows: Vec<Vec<String>> = exact
        .iter()
        .zip(&mc.rows)
        .map(|(e, m)| {
            let ci = m.figure.ci95.map_or("-".into(), |[lo, hi]| {
                format!("{} - {}", percent(lo), percent(hi))
            });
            let figure = match e.n {
                Some(n) => format!("{}[{n}]", e.measure),
                None => e.measure.clone(),
            };
            vec![
                e.location.to_string(),
                e.unit.clone(),
                figure,
                pct(e.figure.value),
                pct(m.figure.mc),
                ci,
            ]
        })
        .collect();
    out.push_str(&text_table(
        &["where", "unit", "figure", "exact", "Monte Carlo", "95% CI"],
        &rows,
    ));
    out
}
