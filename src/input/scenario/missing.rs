//! Every value a run needs and the player did not give, found before any
//! rules input is built, so that one message lists them all (each with its
//! flag and scenario key) instead of one run per missing value.
//!
//! A value is asked for only when the run needs it: the mortar's printed
//! range always, its ROF and B# for a fire plan (a single shot gives every
//! other figure without them), its R# for a plan that repairs, a depletion
//! number for a SMOKE or WP shot, a unit's broken side when an outcome
//! can use it (`rules::shot::broken_side_needed`).

use super::{Scenario, UnitSpec};
use crate::error::{Error, MissingValue, Result};
use crate::input::catalog::Catalog;
use crate::input::unit_notation::prefix;
use crate::rules::mortar::Ammo;
use crate::rules::shot::{BreakSide, broken_side_needed};
use crate::rules::units::UnitKind;

/// What a run does with the scenario, and so what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Run {
    /// One shot (`shot`, `worth`).
    Shot,
    /// A fire plan (`plan`, `compare`).
    Plan,
}

/// The units of one Location as the missing-values pass sees them.
pub(crate) struct UnitsIn<'a> {
    /// The list's scenario key, e.g. `target.units`.
    pub list: &'a str,
    /// The flag that gives these units, when they came from it (`--unit`).
    pub flag: Option<&'a str>,
    /// Each unit's kind, name, morale, broken-side morale, side and start.
    pub units: Vec<UnitFacts>,
}

/// What the pass reads of one unit.
pub(crate) struct UnitFacts {
    pub kind: Option<UnitKind>,
    pub name: Option<String>,
    pub morale: Option<i64>,
    pub broken_morale: Option<i64>,
    pub enemy: bool,
    pub broken: bool,
}

impl From<&UnitSpec> for UnitFacts {
    fn from(u: &UnitSpec) -> Self {
        UnitFacts {
            kind: u.kind,
            name: u.name.clone(),
            morale: u.morale,
            broken_morale: u.broken_morale,
            enemy: u.enemy.unwrap_or(true),
            broken: u.broken.unwrap_or(false),
        }
    }
}

impl UnitsIn<'_> {
    /// The missing values of these units: a kind, a morale, a broken side
    /// the run needs.
    pub(crate) fn missing(&self, plan: bool, out: &mut Vec<MissingValue>) {
        let known: Vec<BreakSide> = self
            .units
            .iter()
            .filter_map(|u| {
                u.kind.map(|kind| BreakSide {
                    kind,
                    enemy: u.enemy,
                    // A hero given as broken is refused with its keys (it
                    // never breaks, A15.2), not asked for a broken side.
                    starts_broken: u.broken && kind != UnitKind::Hero,
                })
            })
            .collect();
        let mut k = 0;
        for (i, u) in self.units.iter().enumerate() {
            let label = match &u.name {
                Some(name) => format!("unit {} \"{name}\"", i + 1),
                None => format!("unit {}", i + 1),
            };
            let key = |f: &str| format!("{}[{i}].{f}", self.list);
            let Some(kind) = u.kind else {
                out.push(MissingValue::described(
                    format!("kind of {label}"),
                    None,
                    key("kind"),
                ));
                continue;
            };
            let at = k;
            k += 1;
            if kind.is_vehicle() {
                continue;
            }
            if u.morale.is_none() {
                out.push(MissingValue::described(
                    format!("Morale Level of {label}"),
                    None,
                    key("morale"),
                ));
            }
            if u.broken_morale.is_none() && broken_side_needed(&known, at, plan) {
                let flag = match (self.flag, &u.name) {
                    (Some(flag), Some(name)) => {
                        Some(format!("{flag} {}:{name},broken=N", prefix(kind)))
                    }
                    _ => None,
                };
                out.push(MissingValue::described(
                    format!("broken-side morale of {label}"),
                    flag,
                    key("broken_morale"),
                ));
            }
        }
    }
}

/// `Ok` when nothing is missing, else one error listing every value.
pub(crate) fn none_missing(missing: Vec<MissingValue>) -> Result<()> {
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Error::MissingValues(missing))
    }
}

impl Scenario {
    /// Every value `run` needs that the scenario lacks, in one error. An
    /// invalid value found on the way (an unknown mortar, a number out of
    /// range) is its own error, as before.
    pub(crate) fn check_missing(&self, catalog: &Catalog, run: Run) -> Result<()> {
        let mut out = Vec::new();
        let mortar = match catalog.mortar(&self.mortar) {
            Ok(m) => Some(m),
            Err(Error::Invalid { field, .. }) if field == "mortar" => {
                out.push(MissingValue::flag(
                    "--mortar NAME or --caliber MM",
                    "mortar.name or mortar.caliber",
                ));
                None
            }
            Err(e) => return Err(e),
        };
        if self.target.range.is_none() {
            out.push(MissingValue::flag("--range", "target.range"));
        }
        if let Some(m) = &mortar {
            let ammo = self.ammo()?;
            let plan_run = run == Run::Plan;
            let repairs = plan_run && self.plan.as_ref().and_then(|p| p.repair) == Some(true);
            let (depletion_flag, depletion_key) = match ammo {
                Ammo::Smoke => ("--smoke-depletion", "mortar.smoke_depletion"),
                _ => ("--wp-depletion", "mortar.wp_depletion"),
            };
            let needs = [
                (m.range.is_none(), "--range-limits MIN-MAX", "mortar.range"),
                (plan_run && m.rof.is_none(), "--rof", "mortar.rof"),
                (
                    plan_run && m.breakdown.is_none(),
                    "--breakdown",
                    "mortar.breakdown",
                ),
                (
                    repairs && m.repair.is_none(),
                    "--repair-number",
                    "mortar.repair",
                ),
                (
                    !plan_run && ammo.is_special() && m.depletion(ammo).is_none(),
                    depletion_flag,
                    depletion_key,
                ),
            ];
            for (missing, flag, field) in needs {
                if missing {
                    out.push(MissingValue::flag(flag, field));
                }
            }
        }
        if run == Run::Plan && self.plan.as_ref().is_none_or(|p| p.phases.is_none()) {
            out.push(MissingValue::flag("--phases LIST", "plan.phases"));
        }
        let units = self.target.units.as_deref().unwrap_or_default();
        UnitsIn {
            list: "target.units",
            flag: self.target.units_by_flags.then_some("--unit"),
            units: units.iter().map(UnitFacts::from).collect(),
        }
        .missing(run == Run::Plan, &mut out);
        none_missing(out)
    }
}
