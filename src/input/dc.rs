//! The `[dc]` section of a scenario file: one Demolition Charge attack
//! (`mortar-odds dc`). Every field is optional, with the defaults of the
//! README; unknown keys are an error; numbers are checked here so that a
//! bad value names its field (`dc.enemy_infantry: ...`). Flags are merged
//! over the file as a TOML table, as for the mortar commands.

use serde::Deserialize;
use toml::Table;

use super::check::{flag, opt_int};
use super::scenario::UnitSpec;
use super::source::ScenarioSource;
use crate::error::{Error, Result};
use crate::rules::dc::{DcInput, DcKind, DcLocation};
use crate::rules::target::Target;
use crate::rules::units::{MAX_UNITS, UnitKind};

/// A DC scenario file: the `[dc]` section and nothing else.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcScenario {
    #[serde(default)]
    pub dc: DcSpec,
}

/// `[dc]`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcSpec {
    /// "placed" (default), "thrown" or "set".
    pub kind: Option<String>,
    pub captured: Option<bool>,
    pub elite: Option<bool>,
    pub cx: Option<bool>,
    pub afph: Option<bool>,
    pub opportunity_fire: Option<bool>,
    pub from_vehicle: Option<bool>,
    pub cavalry: Option<bool>,
    pub from_two_levels_up: Option<bool>,
    pub breach: Option<bool>,
    pub enemy_infantry: Option<i64>,
    #[serde(default)]
    pub target: DcLocationSpec,
    #[serde(default)]
    pub thrower: DcLocationSpec,
}

/// `[dc.target]` and `[dc.thrower]`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcLocationSpec {
    /// Target only: concealed when the DC was Placed or Thrown.
    pub concealed: Option<bool>,
    pub tem: Option<i64>,
    pub hexside_tem: Option<i64>,
    pub units: Option<Vec<DcUnitSpec>>,
}

/// `[[dc.target.units]]`, `[[dc.thrower.units]]`: a unit of the Location.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcUnitSpec {
    pub name: Option<String>,
    pub kind: Option<UnitKind>,
    pub morale: Option<i64>,
    pub broken_morale: Option<i64>,
    pub half_squad_morale: Option<i64>,
    pub leadership: Option<i64>,
    pub broken: Option<bool>,
    pub pinned: Option<bool>,
    pub reduced: Option<bool>,
    /// The unit's own TEM [default: the Location's].
    pub tem: Option<i64>,
}

impl DcScenario {
    /// Reads a DC scenario from TOML text with `overrides` merged over it.
    pub fn parse(source_name: &str, text: &str, overrides: Table) -> Result<DcScenario> {
        ScenarioSource::new(source_name, text, overrides).read()
    }

    /// The rules input (the rules then check the combination, `Dc::new`).
    pub fn dc_input(&self) -> Result<DcInput> {
        let d = &self.dc;
        let kind = match d.kind.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("placed") => DcKind::Placed,
            Some("thrown") => DcKind::Thrown,
            Some("set") => DcKind::Set,
            Some(other) => {
                return Err(Error::invalid(
                    "dc.kind",
                    format!("unknown DC kind `{other}`; use placed, thrown or set"),
                ));
            }
        };
        if d.thrower.concealed.is_some() {
            return Err(Error::invalid(
                "dc.thrower.concealed",
                "concealment halves the attack on the target only (A23.1); leave it out",
            ));
        }
        Ok(DcInput {
            kind,
            captured: flag(d.captured),
            elite: flag(d.elite),
            cx: flag(d.cx),
            afph: flag(d.afph),
            opportunity_fire: flag(d.opportunity_fire),
            from_vehicle: flag(d.from_vehicle),
            cavalry: flag(d.cavalry),
            from_two_levels_up: flag(d.from_two_levels_up),
            concealed: flag(d.target.concealed),
            breach: flag(d.breach),
            enemy_infantry: opt_int(
                "dc.enemy_infantry",
                d.enemy_infantry,
                0,
                20,
                "a number of enemy Infantry units",
            )?,
            target: d.target.to_location("dc.target")?,
            thrower: d.thrower.to_location("dc.thrower")?,
        })
    }
}

impl DcLocationSpec {
    fn to_location(&self, prefix: &str) -> Result<DcLocation> {
        let field = |f: &str| format!("{prefix}.{f}");
        let tem = opt_int(&field("tem"), self.tem, -3, 9, "a TEM")?.unwrap_or(0);
        let hexside_tem = opt_int(
            &field("hexside_tem"),
            self.hexside_tem,
            0,
            9,
            "a hexside TEM",
        )?
        .unwrap_or(0);
        let specs = self.units.as_deref().unwrap_or_default();
        if specs.len() > MAX_UNITS {
            return Err(Error::invalid(
                field("units"),
                format!(
                    "{} units; this version handles at most {MAX_UNITS} in a Location",
                    specs.len()
                ),
            ));
        }
        let hex = Target {
            tem,
            ..Target::default()
        };
        let units = specs
            .iter()
            .enumerate()
            .map(|(i, u)| u.to_unit_spec().to_unit(&field("units"), i, &hex))
            .collect::<Result<_>>()?;
        Ok(DcLocation {
            tem,
            hexside_tem,
            units,
        })
    }
}

impl DcUnitSpec {
    /// The same unit as a mortar target's unit spec (its To Hit fields
    /// left out: a DC needs no To Hit).
    fn to_unit_spec(&self) -> UnitSpec {
        UnitSpec {
            name: self.name.clone(),
            kind: self.kind,
            morale: self.morale,
            broken_morale: self.broken_morale,
            half_squad_morale: self.half_squad_morale,
            leadership: self.leadership,
            broken: self.broken,
            pinned: self.pinned,
            reduced: self.reduced,
            tem: self.tem,
            ..UnitSpec::default()
        }
    }
}
