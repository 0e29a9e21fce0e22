//! Scenario files (TOML): what a player writes to describe a shot.
//!
//! Every field is optional in the file and has a default (see the README's
//! "Scenario files" section); the checked rules inputs are built by
//! [`Scenario::shot_input`]. Command-line flags are applied by merging a
//! TOML table over the file's table before it is read ([`Scenario::parse`]),
//! so a flag and a file key are one and the same setting with one check.
//!
//! One file per section: `mortar`, `firer`, `target` (and its units)
//! and `plan`. Numbers are checked as they are read (`input::check`), so
//! that a bad value gets a message naming its field ("mortar.caliber: ...").

mod firer;
mod kind_keys;
mod missing;
mod plan;
mod target;

use serde::Deserialize;
use toml::Table;

use crate::engine::plan::PlanInput;
use crate::error::{Error, Result};
use crate::input::catalog::Catalog;
pub use crate::input::mortar::MortarSpec;
use crate::input::source::ScenarioSource;
use crate::rules::mortar::Ammo;
use crate::rules::shot::ShotInput;
pub use firer::FirerSpec;
use missing::Run;
pub(crate) use missing::{UnitFacts, UnitsIn, none_missing};
pub use plan::{PhaseSpec, PlanSpec};
pub use target::{TargetSpec, UnitSpec};

/// A whole scenario file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The ammunition fired: "HE", "SMOKE" or "WP", in any case. Left out:
    /// HE. SMOKE and WP need the mortar's depletion number for that ammo.
    pub ammo: Option<String>,
    /// `[mortar]`: the mortar that fires. Left out: no mortar, an error.
    #[serde(default)]
    pub mortar: MortarSpec,
    /// `[firer]`: who fires it, and the firer-based To Hit DRM (C5).
    /// Left out: a crew firing in the PFPh, with no firer-based DRM.
    #[serde(default)]
    pub firer: FirerSpec,
    /// `[target]`: the target hex and the units in it. Left out: no range,
    /// an error.
    #[serde(default)]
    pub target: TargetSpec,
    /// `[plan]`: the fire phases of `mortar-odds plan`; the other commands
    /// ignore it. Left out: `plan` asks for its phases.
    pub plan: Option<PlanSpec>,
}

impl Scenario {
    /// Reads a scenario from TOML text (`source_name` names it in errors),
    /// with `overrides` (from command-line flags) merged over it.
    pub fn parse(source_name: &str, text: &str, overrides: Table) -> Result<Scenario> {
        Scenario::from_source(&ScenarioSource::new(source_name, text, overrides))
    }

    /// Reads a scenario as the player wrote it (file and flags).
    pub fn from_source(source: &ScenarioSource) -> Result<Scenario> {
        Scenario::from_source_with(source, &Table::new())
    }

    /// Reads a scenario as the player wrote it, with `more` merged over
    /// its flags (`compare` and `worth` change one setting this way).
    pub fn from_source_with(source: &ScenarioSource, more: &Table) -> Result<Scenario> {
        let mut scenario: Scenario = source.read_with(more)?;
        scenario.target.units_by_flags = source.sets("target.units");
        scenario.firer.phase_by_flag = source.sets("firer.phase");
        Ok(scenario)
    }

    /// The ammunition of `ammo`: HE when not given.
    pub(crate) fn ammo(&self) -> Result<Ammo> {
        match self.ammo.as_deref().map(str::to_ascii_uppercase).as_deref() {
            None | Some("HE") => Ok(Ammo::He),
            Some("SMOKE") => Ok(Ammo::Smoke),
            Some("WP") => Ok(Ammo::Wp),
            Some(other) => Err(Error::invalid(
                "ammo",
                format!("unknown ammunition `{other}`; use HE, SMOKE or WP"),
            )),
        }
    }

    /// The fire plan and the shot it starts from.
    /// Every value the plan needs and the scenario lacks is one error
    /// ([`Error::MissingValues`]).
    pub fn plan_input(&self, catalog: &Catalog) -> Result<(ShotInput, PlanInput)> {
        if self.firer.phase_by_flag {
            // A file's `firer.phase` serves its shots and is replaced
            // here, as documented; the flag is a slip.
            return Err(Error::invalid(
                "firer.phase",
                "a fire plan fires in each of its phases (plan.phases, --phases), not in --phase; leave --phase out",
            ));
        }
        self.check_missing(catalog, Run::Plan)?;
        let shot = self.rules_input(catalog)?;
        let spec = self.plan.clone().unwrap_or_default();
        let plan = spec.to_plan(shot.target.acquisition)?;
        Ok((shot, plan))
    }

    /// The checked-for-type rules inputs of one shot (the rules then check
    /// the combination, see `Shot::new`). Every value the shot needs and
    /// the scenario lacks is one error ([`Error::MissingValues`]). A bad
    /// value in the scenario's `[plan]`, which one shot does not fire, is
    /// refused all the same ([`PlanSpec::check_values`]).
    pub fn shot_input(&self, catalog: &Catalog) -> Result<ShotInput> {
        self.check_missing(catalog, Run::Shot)?;
        let shot = self.rules_input(catalog)?;
        if let Some(plan) = &self.plan {
            plan.check_values(shot.target.acquisition)?;
        }
        Ok(shot)
    }

    fn rules_input(&self, catalog: &Catalog) -> Result<ShotInput> {
        let mortar = catalog.mortar(&self.mortar)?;
        let firer = self.firer.to_firer()?;
        let (target, units) = self.target.to_target()?;
        Ok(ShotInput {
            mortar,
            firer,
            target,
            units,
            ammo: self.ammo()?,
        })
    }
}
