//! The checks of a fire plan as the player gives it: each bad input is
//! refused with the field it concerns and what to give instead.

use super::{IntensiveFirePolicy, PlanInput, StopRule};
use crate::error::{Error, Result};
use crate::rules::firer::{INTENSIVE_FIRE_GUNS_ONLY, Phase, fired_as_light_mortar};
use crate::rules::mortar::Ammo;
use crate::rules::sequence::MAX_ACQUISITION;
use crate::rules::shot::{ShotInput, acquisition_na};
use crate::rules::to_hit::acquisition_applies;
use crate::rules::units::UnitKind;

/// The most fire phases a plan may list: every state of the exact chain
/// and every trial counts its phase in a byte, and a longer plan is no
/// game's.
pub const MAX_PHASES: usize = 100;

/// What the checks find that the plan keeps.
pub(super) struct Checked {
    /// The weapon's repair number, when the plan repairs (A9.72).
    pub(super) repair_number: Option<u8>,
    /// Acquisition can be gained at all (C6.5).
    pub(super) acquisition_possible: bool,
}

/// Checks the plan `input` of `shot_input`.
pub(super) fn check(shot_input: &ShotInput, input: &PlanInput) -> Result<Checked> {
    if input.phases.is_empty() {
        return Err(Error::invalid(
            "plan.phases",
            "list at least one fire phase, e.g. [\"PFPh\", \"DFPh\", \"PFPh\"]",
        ));
    }
    if input.phases.len() > MAX_PHASES {
        return Err(Error::invalid(
            "plan.phases",
            format!(
                "{} phases; a plan lists at most {MAX_PHASES} fire phases: split it into shorter plans",
                input.phases.len()
            ),
        ));
    }
    if shot_input.ammo != Ammo::He {
        return Err(Error::invalid(
            "ammo",
            "fire plans fire HE; use `mortar-odds shot` for one SMOKE or WP shot",
        ));
    }
    for (i, p) in input.phases.iter().enumerate() {
        if p.max_shots == Some(0) {
            return Err(Error::invalid(
                format!("plan.phases[{i}].max_shots"),
                "must be at least 1 (leave the phase out instead)",
            ));
        }
        if let (Some(max), Some(rule)) = (p.max_shots, p.phase.max_shots())
            && max > rule
        {
            return Err(Error::invalid(
                format!("plan.phases[{i}].max_shots"),
                format!(
                    "a weapon fires at most {rule} shot in the {} (C5.2); give max_shots = {rule} or leave it out",
                    p.phase.abbreviation()
                ),
            ));
        }
    }
    let mortar = &shot_input.mortar;
    let light = fired_as_light_mortar(mortar, &shot_input.firer);
    if input.intensive_fire != IntensiveFirePolicy::Never && light {
        return Err(Error::invalid(
            "plan.intensive_fire",
            format!("{INTENSIVE_FIRE_GUNS_ONLY}; use \"never\""),
        ));
    }
    if shot_input.firer.intensive_fire {
        return Err(Error::invalid(
            "firer.intensive_fire",
            "in a fire plan, say when to use Intensive Fire with plan.intensive_fire (--intensive) instead",
        ));
    }
    let repair_number = if input.repair {
        if shot_input.firer.captured {
            return Err(Error::invalid(
                "plan.repair",
                "a captured weapon cannot be repaired (A9.72); set repair = false",
            ));
        }
        Some(mortar.repair.ok_or_else(|| Error::Missing {
            field: "mortar.repair".into(),
            mortar: mortar.name.clone(),
            flag: "--repair-number".into(),
        })?)
    } else {
        None
    };
    if mortar.rof.is_none() {
        return Err(Error::Missing {
            field: "mortar.rof".into(),
            mortar: mortar.name.clone(),
            flag: "--rof".into(),
        });
    }
    if mortar.breakdown.is_none() {
        return Err(Error::Missing {
            field: "mortar.breakdown".into(),
            mortar: mortar.name.clone(),
            flag: "--breakdown".into(),
        });
    }
    if input.acquisition > MAX_ACQUISITION {
        return Err(Error::invalid(
            "plan.acquisition",
            format!(
                "{} is not an Acquisition level (0, 1 or 2)",
                input.acquisition
            ),
        ));
    }
    let acquisition_possible = acquisition_applies(mortar, &shot_input.target);
    // The plan starts from the target's level unless it gives its own:
    // the error names the key the player wrote.
    for (field, level) in [
        ("target.acquisition", shot_input.target.acquisition),
        ("plan.acquisition", input.acquisition),
    ] {
        if !acquisition_possible && level > 0 {
            return Err(Error::invalid(
                field,
                acquisition_na(mortar, &shot_input.target),
            ));
        }
    }
    let units = &shot_input.units;
    if !input.phases.iter().any(|p| p.phase == Phase::Defensive) {
        let hex = shot_input
            .target
            .movement()
            .map(|key| format!("target.{key}"));
        let unit = || {
            units.iter().enumerate().find_map(|(i, u)| {
                u.location
                    .movement()
                    .map(|key| format!("target.units[{i}].{key}"))
            })
        };
        if let Some(field) = hex.or_else(unit) {
            return Err(Error::invalid(
                field,
                "the target moves only in its own MPh, in the opponent's Player Turn (C6): a plan counts it in its DFPh shots, and this plan lists none; leave it out or list a DFPh",
            ));
        }
    }
    let has_enemy = units.iter().any(|u| u.enemy);
    if matches!(
        input.stop,
        StopRule::TargetBroken | StopRule::TargetEliminated
    ) && !has_enemy
    {
        return Err(Error::invalid(
            "plan.stop",
            "stopping on the target's state needs enemy units in the hex ([[target.units]])",
        ));
    }
    if input.intensive_fire == IntensiveFirePolicy::WhileTargetGoodOrder && !has_enemy {
        return Err(Error::invalid(
            "plan.intensive_fire",
            "\"while-target-good-order\" needs enemy units in the hex ([[target.units]])",
        ));
    }
    for (i, u) in units.iter().enumerate() {
        if !u.kind.is_vehicle() && u.kind != UnitKind::Hero && u.broken_morale.is_none() {
            return Err(Error::invalid(
                format!("target.units[{i}].broken_morale"),
                "a fire plan can break a unit and attack it again: give the morale of its broken side",
            ));
        }
    }
    Ok(Checked {
        repair_number,
        acquisition_possible,
    })
}
