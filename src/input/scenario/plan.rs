//! `[plan]`: the fire phases of a plan at the target hex, when to stop and
//! when to use Intensive Fire (`mortar-odds plan`).

use serde::Deserialize;

use crate::engine::plan::{IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use crate::error::{Error, Result};
use crate::input::check::opt_int;
use crate::rules::firer::Phase;

/// `[plan]`: a sequence of fire phases at the target hex.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSpec {
    /// The fire phases in time order, e.g. `["PFPh", "DFPh", "PFPh"]`;
    /// each replaces `firer.phase`. Required.
    pub phases: Option<Vec<PhaseSpec>>,
    /// When the firer stops: "never", "first-hit", "first-critical-hit",
    /// "target-broken" (no Good Order enemy unit left) or
    /// "target-eliminated"; the last two need enemy units in the hex.
    /// Left out: never.
    pub stop: Option<String>,
    /// When to take Intensive Fire (Guns only, C5.6): "never",
    /// "whenever-allowed" or "while-target-good-order" (needs enemy units
    /// in the hex). Left out: never.
    pub intensive_fire: Option<String>,
    /// Make a repair dr for a malfunctioned mortar in each Rally Phase,
    /// against `mortar.repair`; not for a captured one (A9.72). Left out:
    /// no.
    pub repair: Option<bool>,
    /// The Acquisition on the target hex before the first shot, 0 to 2
    /// (Case N). Left out: `target.acquisition`.
    pub acquisition: Option<i64>,
}

/// A listed phase: `"PFPh"`, or `{ phase = "PFPh", max_shots = 1 }`.
/// A table with any other key is refused (a misspelt `max_shots` must not
/// lose the cap).
#[derive(Clone, Debug)]
pub enum PhaseSpec {
    /// A phase by name, "PFPh", "DFPh" or "AFPh" (any case), in which the
    /// mortar fires as long as its ROF lets it.
    Name(String),
    /// A phase with a cap on its shots.
    Detailed {
        /// The phase's name, as for a bare name.
        phase: String,
        /// The most shots in this phase, 1 to 99 (one at most in the AFPh,
        /// C5.2). Left out: no cap but the rules'.
        max_shots: Option<i64>,
    },
}

/// What a phase table may hold.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseTable {
    phase: String,
    max_shots: Option<toml::Value>,
}

impl<'de> Deserialize<'de> for PhaseSpec {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        use serde::de::Error as _;
        match toml::Value::deserialize(deserializer)? {
            toml::Value::String(name) => Ok(PhaseSpec::Name(name)),
            toml::Value::Table(table) => {
                let PhaseTable { phase, max_shots } =
                    table.try_into().map_err(|e: toml::de::Error| {
                        D::Error::custom(format!(
                            "a phase table takes `phase` and `max_shots`, e.g. {{ phase = \"PFPh\", max_shots = 1 }}: {}",
                            e.message()
                        ))
                    })?;
                let max_shots = match max_shots {
                    None => None,
                    Some(toml::Value::Integer(n)) => Some(n),
                    Some(other) => {
                        return Err(D::Error::custom(format!(
                            "max_shots is a whole number of shots, not {other}"
                        )));
                    }
                };
                Ok(PhaseSpec::Detailed { phase, max_shots })
            }
            _ => Err(D::Error::custom(
                "a phase is a name such as \"PFPh\", or a table such as { phase = \"PFPh\", max_shots = 1 }",
            )),
        }
    }
}

fn phase_named(field: &str, name: &str) -> Result<Phase> {
    match name.to_ascii_uppercase().as_str() {
        "PFPH" => Ok(Phase::Prep),
        "DFPH" => Ok(Phase::Defensive),
        "AFPH" => Ok(Phase::Advancing),
        _ => Err(Error::invalid(
            field,
            format!("unknown fire phase `{name}`; use PFPh, DFPh or AFPh"),
        )),
    }
}

impl PlanSpec {
    /// Refuses a bad value of the section for a run that does not fire the
    /// plan (`shot`): a slip in a file is said wherever the file is read,
    /// not only once `plan` reads it. A plan's phases left out are not
    /// missing here (`plan --phases` may give them).
    pub fn check_values(&self, default_acquisition: u8) -> Result<()> {
        let listed = PlanSpec {
            phases: Some(self.phases.clone().unwrap_or_default()),
            ..self.clone()
        };
        listed.to_plan(default_acquisition).map(drop)
    }

    /// The plan, given the scenario's starting Acquisition as the default.
    pub fn to_plan(&self, default_acquisition: u8) -> Result<PlanInput> {
        let phases = self.phases.as_ref().ok_or_else(|| {
            Error::invalid(
                "plan.phases",
                "list the fire phases, e.g. phases = [\"PFPh\", \"DFPh\", \"PFPh\"]",
            )
        })?;
        let mut out = Vec::with_capacity(phases.len());
        for (i, p) in phases.iter().enumerate() {
            let field = format!("plan.phases[{i}]");
            out.push(match p {
                PhaseSpec::Name(name) => PlanPhase {
                    phase: phase_named(&field, name)?,
                    max_shots: None,
                },
                PhaseSpec::Detailed { phase, max_shots } => PlanPhase {
                    phase: phase_named(&field, phase)?,
                    max_shots: opt_int(
                        &format!("{field}.max_shots"),
                        *max_shots,
                        1,
                        99,
                        "a number of shots",
                    )?,
                },
            });
        }
        let stop = match self.stop.as_deref().unwrap_or("never") {
            "never" => StopRule::Never,
            "first-hit" => StopRule::FirstHit,
            "first-critical-hit" => StopRule::FirstCriticalHit,
            "target-broken" => StopRule::TargetBroken,
            "target-eliminated" => StopRule::TargetEliminated,
            other => {
                return Err(Error::invalid(
                    "plan.stop",
                    format!(
                        "unknown stop rule `{other}`; use never, first-hit, first-critical-hit, target-broken or target-eliminated"
                    ),
                ));
            }
        };
        let intensive_fire = match self.intensive_fire.as_deref().unwrap_or("never") {
            "never" => IntensiveFirePolicy::Never,
            "whenever-allowed" => IntensiveFirePolicy::WheneverAllowed,
            "while-target-good-order" => IntensiveFirePolicy::WhileTargetGoodOrder,
            other => {
                return Err(Error::invalid(
                    "plan.intensive_fire",
                    format!(
                        "unknown policy `{other}`; use never, whenever-allowed or while-target-good-order"
                    ),
                ));
            }
        };
        Ok(PlanInput {
            phases: out,
            stop,
            intensive_fire,
            repair: self.repair.unwrap_or(false),
            acquisition: opt_int(
                "plan.acquisition",
                self.acquisition,
                0,
                2,
                "an Acquisition level",
            )?
            .unwrap_or(default_acquisition),
        })
    }
}
