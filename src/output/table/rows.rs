//! The row types of every table, and how reports become rows.
//!
//! [`OddsRow`] is the one long ("tidy") schema of all odds: a row is one
//! figure (a probability or an expectation) of one subject (the weapon, the
//! hex, a unit) in one scope (a shot, a whole plan, one phase), with the
//! exact value and the Monte Carlo estimate side by side. Filtering on
//! `measure` and `subject` gives any view; the Markdown tables of the
//! reports are such views.

use crate::engine::dc::DcRow;
use crate::output::report::dc::DcReport;
use crate::output::report::measures::{dc_measure, ift_measure};
use crate::output::report::plan::{FigureJson, PlanReport};
use crate::output::report::push::{PushCount, PushReport};
use crate::output::report::shot::ShotReport;
use crate::output::report::{CountJson, ProbJson};

crate::table_row! {
    /// One figure of a result.
    pub struct OddsRow {
        /// The scenario (file stem or a title given on the command line).
        pub scenario: String,
        /// The weapon: a mortar by catalog name, or the Gun pushed, or the DC.
        pub weapon: String,
        /// `shot` (one shot), `plan` (a whole fire plan), `phase` (one phase of a plan), `push` (manhandling a Gun), `dc` (a Demolition Charge).
        pub scope: String,
        /// For `phase` rows: the phase (PFPh, DFPh, AFPh) and its place in the plan, e.g. `2:DFPh`.
        pub phase: Option<String>,
        /// What the figure is about: `weapon`, `hex`, `gun`, a unit; for a DC: `dc`, `target` or `thrower` (a Location) or a unit. A unit by its name, with its place when another unit has that name (`4-6-7 (unit 2)`); a unit of a Thrown DC's thrower's Location as `thrower's 4-6-7`.
        pub subject: String,
        /// The figure, by the JSON key that holds it (docs/json.md): e.g. `p_hit`, `p_critical_hit`, `expected_hits`, `hits` (a distribution: see `n`), `broken` (a unit's worst outcome), `ift_1MC` (a hit's IFT result).
        pub measure: String,
        /// For distributions: the count this row is about (`hits` = n); for `at_least_*` measures, the N of "at least N".
        pub n: Option<i64>,
        /// True on the last bucket of a distribution: "n or more".
        pub or_more: bool,
        /// The exact value as a fraction, when the exact engine ran.
        pub exact: Option<String>,
        /// The exact value as a decimal (a probability in 0..1, or an expectation).
        pub value: Option<f64>,
        /// The Monte Carlo estimate, when Monte Carlo ran.
        pub mc: Option<f64>,
        /// Lower end of the Monte Carlo 95% confidence interval.
        pub ci95_low: Option<f64>,
        /// Upper end of the Monte Carlo 95% confidence interval.
        pub ci95_high: Option<f64>,
    }
}

crate::table_row! {
    /// What one modifier is worth: a key probability of one shot with and
    /// without it (`mortar-odds worth`).
    pub struct WorthRow {
        /// The scenario.
        pub scenario: String,
        /// The mortar, by catalog name.
        pub mortar: String,
        /// `shot` (one shot) or `plan` (over the whole fire plan, `worth --plan`).
        pub scope: String,
        /// The modifier, e.g. `Acquisition -2`, `spotted fire`, `leader -1`.
        pub modifier: String,
        /// `removed` (the scenario has it), `added` (it has not), or `not applicable: <why>` (then the figures are empty).
        pub change: String,
        /// The figure compared: `p_hit`, `p_critical_hit`, `p_malfunction` (when the B# is known), `p_out_of_action` (at least one enemy unit broken or worse; with units).
        pub measure: String,
        /// The figure without the modifier, exact.
        pub without_exact: Option<String>,
        /// The figure without the modifier.
        pub without: Option<f64>,
        /// The figure with the modifier, exact.
        pub with_exact: Option<String>,
        /// The figure with the modifier.
        pub with: Option<f64>,
        /// with - without, exact.
        pub worth_exact: Option<String>,
        /// with - without, in percentage points.
        pub worth_points: Option<f64>,
    }
}

impl OddsRow {
    /// The same figure, worked out alike: one row holds it. (A comparison
    /// of the scenario's own mortar gives again figures of its shot and
    /// plan.)
    pub fn same_figure(&self, other: &OddsRow) -> bool {
        (
            &self.scenario,
            &self.weapon,
            &self.scope,
            &self.phase,
            &self.subject,
            &self.measure,
            self.n,
            self.or_more,
            &self.exact,
        ) == (
            &other.scenario,
            &other.weapon,
            &other.scope,
            &other.phase,
            &other.subject,
            &other.measure,
            other.n,
            other.or_more,
            &other.exact,
        )
    }
}

/// Rows being built for one scenario and mortar.
pub struct RowBuilder<'a> {
    pub(crate) scenario: &'a str,
    pub(crate) weapon: &'a str,
    pub(crate) rows: Vec<OddsRow>,
}

impl<'a> RowBuilder<'a> {
    /// No rows yet; every row will name `scenario` and `weapon`.
    pub fn new(scenario: &'a str, weapon: &'a str) -> Self {
        RowBuilder {
            scenario,
            weapon,
            rows: Vec::new(),
        }
    }

    fn row(&self, scope: &str, phase: Option<String>, subject: &str, measure: &str) -> OddsRow {
        OddsRow {
            scenario: self.scenario.to_string(),
            weapon: self.weapon.to_string(),
            scope: scope.to_string(),
            phase,
            subject: subject.to_string(),
            measure: measure.to_string(),
            n: None,
            or_more: false,
            exact: None,
            value: None,
            mc: None,
            ci95_low: None,
            ci95_high: None,
        }
    }

    /// Adds the row of one exact probability.
    pub(crate) fn exact(
        &mut self,
        scope: &str,
        subject: &str,
        measure: &str,
        n: Option<usize>,
        p: &ProbJson,
    ) {
        let mut row = self.row(scope, None, subject, measure);
        row.n = n.map(|n| n as i64);
        row.exact = Some(p.exact.clone());
        row.value = Some(p.value);
        self.rows.push(row);
    }

    /// Adds the row of one figure (exact and/or Monte Carlo).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn figure(
        &mut self,
        scope: &str,
        phase: Option<String>,
        subject: &str,
        measure: &str,
        n: Option<usize>,
        or_more: bool,
        f: &FigureJson,
    ) {
        let mut row = self.row(scope, phase, subject, measure);
        row.n = n.map(|n| n as i64);
        row.or_more = or_more;
        row.exact = f.exact.clone();
        row.value = f.value;
        row.mc = f.mc;
        row.ci95_low = f.ci95.map(|c| c[0]);
        row.ci95_high = f.ci95.map(|c| c[1]);
        self.rows.push(row);
    }

    fn counts(
        &mut self,
        scope: &str,
        phase: Option<String>,
        measure: &str,
        counts: &[CountJson<FigureJson>],
    ) {
        for c in counts {
            self.figure(
                scope,
                phase.clone(),
                "weapon",
                measure,
                Some(c.n),
                c.or_more,
                &c.p,
            );
        }
    }

    /// The rows of one shot's report.
    pub fn shot(mut self, r: &ShotReport) -> Vec<OddsRow> {
        let s = "shot";
        self.exact(s, "hex", "p_hit", None, &r.to_hit.p_hit);
        self.exact(s, "hex", "p_critical_hit", None, &r.to_hit.p_critical_hit);
        self.exact(s, "hex", "p_multiple_hit", None, &r.p_multiple_hit);
        for (measure, p) in [
            ("p_keep_rof", &r.p_keep_rof),
            ("p_malfunction", &r.p_malfunction),
            ("p_removed", &r.p_removed),
            ("p_ammo_runs_out", &r.p_ammo_runs_out),
        ] {
            if let Some(p) = p {
                self.exact(s, "weapon", measure, None, p);
            }
        }
        for attack in [&r.ift, &r.critical_ift] {
            for ift in &attack.results {
                let measure = ift_measure(attack.name, &ift.result.to_string());
                self.exact(s, "hex", &measure, None, &ift.p);
            }
        }
        for u in &r.units {
            self.exact(s, &u.facts.label, "p_hit", None, &u.p_hit);
            self.exact(s, &u.facts.label, "p_critical_hit", None, &u.p_critical_hit);
            for (outcome, p) in &u.outcomes {
                self.exact(s, &u.facts.label, outcome, None, p);
            }
            self.exact(
                s,
                &u.facts.label,
                "p_out_of_action",
                None,
                &u.p_out_of_action,
            );
        }
        if let Some(hex) = &r.hex {
            self.exact(s, "hex", "p_cleared", None, &hex.p_cleared);
            self.exact(s, "hex", "p_all_eliminated", None, &hex.p_all_eliminated);
            for a in &hex.at_least_out_of_action {
                self.exact(s, "hex", "at_least_out_of_action", Some(a.n), &a.p);
            }
        }
        self.rows
    }

    /// The rows of a fire plan's report.
    pub fn plan(mut self, r: &PlanReport) -> Vec<OddsRow> {
        let s = "plan";
        for (measure, f) in [
            ("expected_shots", &r.expected_shots),
            ("expected_hits", &r.expected_hits),
            ("expected_critical_hits", &r.expected_critical_hits),
            ("p_at_least_one_hit", &r.p_at_least_one_hit),
            ("p_critical_hit", &r.p_critical_hit),
            ("p_malfunction", &r.p_malfunction),
            ("p_removed", &r.p_removed),
        ] {
            self.figure(s, None, "weapon", measure, None, false, f);
        }
        self.counts(s, None, "shots", &r.shots);
        self.counts(s, None, "hits", &r.hits);
        self.counts(s, None, "critical_hits", &r.critical_hits);
        for (i, ph) in r.per_phase.iter().enumerate() {
            let phase = Some(format!("{}:{}", i + 1, ph.phase));
            for (measure, f) in [
                ("expected_shots", &ph.expected_shots),
                ("expected_hits", &ph.expected_hits),
                ("expected_critical_hits", &ph.expected_critical_hits),
                ("p_first_hit", &ph.p_first_hit),
                ("p_hit_by_end", &ph.p_hit_by_end),
                ("p_malfunctioned_at_end", &ph.p_malfunctioned_at_end),
                ("p_removed_by_end", &ph.p_removed_by_end),
            ] {
                self.figure("phase", phase.clone(), "weapon", measure, None, false, f);
            }
            for (measure, f) in [
                ("p_hex_cleared_by_end", &ph.p_hex_cleared_by_end),
                ("p_out_of_action_by_end", &ph.p_out_of_action_by_end),
            ] {
                if let Some(f) = f {
                    self.figure("phase", phase.clone(), "hex", measure, None, false, f);
                }
            }
        }
        for u in &r.units {
            for (outcome, f) in &u.outcomes {
                self.figure(s, None, &u.facts.label, outcome, None, false, f);
            }
            let f = &u.p_out_of_action;
            self.figure(s, None, &u.facts.label, "p_out_of_action", None, false, f);
        }
        if let Some(hex) = &r.hex {
            self.figure(s, None, "hex", "p_cleared", None, false, &hex.p_cleared);
            let f = &hex.p_all_eliminated;
            self.figure(s, None, "hex", "p_all_eliminated", None, false, f);
            for c in &hex.at_least_out_of_action {
                let measure = "at_least_out_of_action";
                self.figure(s, None, "hex", measure, Some(c.n), c.or_more, &c.p);
            }
        }
        self.rows
    }

    /// The rows of a push: hexes gained in the first Movement Phase and
    /// Movement Phases to the end (`n`), exact and Monte Carlo side by side.
    pub fn push(mut self, r: &PushReport) -> Vec<OddsRow> {
        let exact = r.exact.as_ref().map_or(&[][..], |e| &e.rows[..]);
        let mc = r.monte_carlo.as_ref().map_or(&[][..], |m| &m.rows[..]);
        let mut counts: Vec<PushCount> = exact.iter().map(|e| e.count).collect();
        for m in mc {
            if !counts.contains(&m.count) {
                counts.push(m.count);
            }
        }
        for count in counts {
            let e = exact.iter().find(|e| e.count == count);
            let m = mc.iter().find(|m| m.count == count);
            let figure = FigureJson {
                key: String::new(),
                exact: e.map(|e| e.exact.clone()),
                value: e.map(|e| e.probability),
                mc: m.map(|m| m.probability),
                ci95: m.map(|m| m.ci95),
            };
            let n = Some(count.value as usize);
            self.figure(
                "push",
                None,
                "gun",
                count.quantity,
                n,
                count.or_more,
                &figure,
            );
        }
        self.rows
    }

    /// The rows of a Demolition Charge attack: the exact figures, with the
    /// Monte Carlo estimate of the same figure beside each when it ran.
    pub fn dc(mut self, report: &DcReport, exact: &[DcRow], mc: Option<&[DcRow]>) -> Vec<OddsRow> {
        let key = |r: &DcRow| (r.location, r.unit_index, r.quantity.clone());
        for e in exact {
            let m = mc.and_then(|mc| mc.iter().find(|m| key(m) == key(e)));
            let figure = FigureJson {
                key: String::new(),
                exact: Some(e.exact.clone()),
                value: Some(e.p),
                mc: m.map(|m| m.p),
                ci95: m.and_then(|m| m.ci95),
            };
            let subject = match e.unit_index {
                Some(i) => report.unit_subject(e.location, i).unwrap_or(e.unit.clone()),
                None => e.location.to_string(),
            };
            let (measure, n) = dc_measure(e);
            self.figure("dc", None, &subject, &measure, n, false, &figure);
        }
        self.rows
    }
}
