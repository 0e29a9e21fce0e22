//! The `[dc]` section of a scenario file: one Demolition Charge attack
//! (`mortar-odds dc`). Every field is optional, with the defaults of the
//! README; unknown keys are an error; numbers are checked here so that a
//! bad value names its field (`dc.enemy_infantry: ...`). Flags are merged
//! over the file as a TOML table, as for the mortar commands.

use serde::{Deserialize, Deserializer};
use toml::Table;

use super::check::{TEM, flag, opt_in, opt_int};
use super::only_keys;
use super::scenario::{UnitFacts, UnitSpec, UnitsIn, none_missing};
use super::source::ScenarioSource;
use crate::error::{Error, Result};
use crate::rules::dc::{DcInput, DcKind, DcLocation};
use crate::rules::target::Target;
use crate::rules::units::check_unit_count;

/// A DC scenario file: the `[dc]` section and nothing else.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcScenario {
    /// `[dc]`: the attack. Left out: a Placed DC by non-elite Personnel
    /// on an empty Location at TEM 0.
    #[serde(default)]
    pub dc: DcSpec,
}

/// `[dc]`: one DC attack (A23). A yes/no key left out is no; a key the
/// kind of DC does not take is an error.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcSpec {
    /// How the DC is used: "placed", "thrown" or "set" (any case). Left
    /// out: placed.
    pub kind: Option<String>,
    /// A captured DC: the removal number (the Original DR from which it
    /// is removed without detonating, 12 at best) is 2 lower (A23.4).
    pub captured: Option<bool>,
    /// Used by elite Personnel; no: the removal number is 2 lower (A23.2,
    /// reading `dc-non-elite-penalty`). Left out: no, non-elite.
    pub elite: Option<bool>,
    /// The Placing or Throwing unit is CX: +1 (A23.4); not for a Set DC.
    pub cx: Option<bool>,
    /// Thrown in the AFPh: +1 to both attacks (A23.62); Thrown DC only.
    pub afph: Option<bool>,
    /// With `afph`: thrown by an Opportunity Firer, so no AFPh DRM
    /// (A23.62).
    pub opportunity_fire: Option<bool>,
    /// Thrown from a non-Stopped or Motion vehicle: +3 on the target, +4
    /// on the thrower's Location, instead of +2 and +3 (A23.6); Thrown DC
    /// only, not with `cavalry`.
    pub from_vehicle: Option<bool>,
    /// Thrown by Cavalry: +3 on the target, +4 on the thrower's Location,
    /// instead of +2 and +3 (A23.6); Thrown DC only, not with
    /// `from_vehicle`.
    pub cavalry: Option<bool>,
    /// Thrown from two or more levels above the target: the thrower's
    /// Location is not attacked (A23.6); Thrown DC only.
    pub from_two_levels_up: Option<bool>,
    /// A Placed DC's Breach attempt on a Fortified Building hexside
    /// (A23.3): the hexside at full FP, the occupants by Area Fire.
    pub breach: Option<bool>,
    /// Set DC only: enemy Infantry units in its Location, 0 to 20, each +1
    /// to the DR for removal only (A23.7). Left out: the target
    /// Location's non-vehicle units.
    pub enemy_infantry: Option<i64>,
    /// `[dc.target]`: the Location the DC attacks. Left out: an empty
    /// Location at TEM 0, with its IFT results only.
    #[serde(default)]
    pub target: DcLocationSpec,
    /// `[dc.thrower]`: the thrower's Location, which a Thrown DC attacks
    /// too unless thrown from two levels up (A23.6); give none otherwise.
    /// Left out: an empty Location at TEM 0.
    #[serde(default)]
    pub thrower: DcLocationSpec,
}

/// `[dc.target]` and `[dc.thrower]`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcLocationSpec {
    /// Target only: concealed when the DC was Placed or Thrown (or when a
    /// Set DC detonates), so the attack is Area Fire at half FP (A23.1).
    /// Left out: no; giving it for the thrower is an error.
    pub concealed: Option<bool>,
    /// The TEM of the Location, -3 to +9 (A23.1); a Set DC takes none
    /// (A23.71). Left out: 0.
    pub tem: Option<i64>,
    /// The TEM of the hexside the Thrown DC crosses, 0 to 9 (A23.1); the
    /// larger of it and `tem` applies, the two never add up. Thrown DC
    /// only. Left out: 0.
    pub hexside_tem: Option<i64>,
    /// The units in the Location, at most 8 (no AFV). Left out: the
    /// Location alone, with its IFT results only.
    pub units: Option<Vec<DcUnitSpec>>,
    /// Not a key: the units were given by flags (`--unit`,
    /// `--thrower-unit`; set when the scenario is read), so that a missing
    /// value's hint names the flag.
    #[serde(skip)]
    pub units_by_flags: bool,
}

/// `[[dc.target.units]]`, `[[dc.thrower.units]]`: a unit of the Location,
/// written as a mortar target's unit (`[[target.units]]`, [`UnitSpec`])
/// with only the keys that do not concern a To Hit roll, which a DC does
/// not make: [`DC_UNIT_KEYS`]. Its `kind` is required, but a DC attack on
/// an AFV is not modelled; its `tem` left out is the Location's.
#[derive(Clone, Debug, Default)]
pub struct DcUnitSpec(pub UnitSpec);

/// The keys of a DC's unit, each meaning what it means in a target unit;
/// any other key is an error.
pub const DC_UNIT_KEYS: &[&str] = &[
    "name",
    "kind",
    "morale",
    "broken_morale",
    "half_squad_morale",
    "leadership",
    "broken",
    "pinned",
    "reduced",
    "tem",
];

impl<'de> Deserialize<'de> for DcUnitSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        only_keys::deserialize(deserializer, DC_UNIT_KEYS).map(DcUnitSpec)
    }
}

impl DcScenario {
    /// Reads a DC scenario from TOML text with `overrides` merged over it.
    pub fn parse(source_name: &str, text: &str, overrides: Table) -> Result<DcScenario> {
        DcScenario::from_source(&ScenarioSource::new(source_name, text, overrides))
    }

    /// Reads a DC scenario as the player wrote it (file and flags).
    pub fn from_source(source: &ScenarioSource) -> Result<DcScenario> {
        let mut scenario: DcScenario = source.read()?;
        scenario.dc.target.units_by_flags = source.sets("dc.target.units");
        scenario.dc.thrower.units_by_flags = source.sets("dc.thrower.units");
        Ok(scenario)
    }

    /// Every unit value the attack needs and the scenario lacks (a kind,
    /// a morale, a broken side that a check can use), in one error.
    fn check_missing(&self) -> Result<()> {
        let mut out = Vec::new();
        for (list, flag, location) in [
            ("dc.target.units", "--unit", &self.dc.target),
            ("dc.thrower.units", "--thrower-unit", &self.dc.thrower),
        ] {
            let units = location.units.as_deref().unwrap_or_default();
            UnitsIn {
                list,
                flag: location.units_by_flags.then_some(flag),
                units: units.iter().map(|u| UnitFacts::from(&u.0)).collect(),
            }
            .missing(false, &mut out);
        }
        none_missing(out)
    }

    /// The rules input (the rules then check the combination, `Dc::new`).
    pub fn dc_input(&self) -> Result<DcInput> {
        self.check_missing()?;
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
        let tem = opt_in(&field("tem"), self.tem, TEM)?.unwrap_or(0);
        let hexside_tem = opt_int(
            &field("hexside_tem"),
            self.hexside_tem,
            0,
            9,
            "a hexside TEM",
        )?
        .unwrap_or(0);
        let specs = self.units.as_deref().unwrap_or_default();
        check_unit_count(&field("units"), specs.len(), "Location")?;
        let hex = Target {
            tem,
            ..Target::default()
        };
        let units = specs
            .iter()
            .enumerate()
            .map(|(i, u)| u.0.to_unit(&field("units"), i, &hex))
            .collect::<Result<_>>()?;
        Ok(DcLocation {
            tem,
            hexside_tem,
            units,
        })
    }
}
