//! One mortar shot.
//!
//! [`Shot::new`] checks a [`ShotInput`] against the rules and works out
//! everything that does not depend on the dice: the Modified TH#, the To Hit
//! DRM, the effective ROF and B#, the depletion number, and the IFT attacks
//! of a normal hit and of a Critical Hit.
//!
//! The shot is then decided by one pure function of the dice
//! (`shot_process`: To Hit DR and the subsequent dr when an Original 2
//! needs one, Rate of Fire, malfunction, special ammunition, the effects DR,
//! two of them for a Multiple Hit, and the units' checks), re-exported
//! here. The exact odds (`engine::shot`) are every dice outcome through it;
//! the Monte Carlo engine draws dice through the same function.

use serde::Serialize;

mod check;
mod missing;

pub use check::acquisition_na_why;
pub(crate) use check::{acquisition_na, check, check_unit_values};
use check::{check_firer, check_range, check_target, check_unit, missing};
pub use missing::{BreakSide, broken_side_needed};

use super::effects::{Attack, afv_attack, critical_attack, normal_attack};
use super::firer::{Firer, GunType, Manning, fired_as_light_mortar};
use super::location::{self, Occupants};
use super::mortar::{Ammo, LONE_SMC_MAX_CALIBER, Mortar, Type89};
use super::readings;
use super::target::Target;
use super::to_hit::{
    HitMode, Modifier, acquisition_applies, firer_modifiers, target_modifiers, to_hit_number, total,
};
use super::units::{Unit, UnitKind, check_unit_count};
use crate::error::Result;

/// Everything a player says about one shot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShotInput {
    /// The mortar that fires, with its counter values.
    pub mortar: Mortar,
    /// Who fires it and in what situation (the C5 firer-based cases).
    pub firer: Firer,
    /// The target hex.
    pub target: Target,
    /// The units in the hex, each with its own copy of the hex's facts;
    /// none means the hex alone (IFT results only).
    pub units: Vec<Unit>,
    /// HE, SMOKE or WP.
    pub ammo: Ammo,
}

/// A checked shot with everything worked out that does not depend on dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The input as given and checked.
    pub input: ShotInput,
    /// Fired as a light mortar (a SW): a SW mortar, or a mortar ≤ 82mm
    /// fired by a lone SMC (A21.13).
    pub light: bool,
    /// Basic TH# from the To Hit table for this range (C3).
    pub basic_to_hit_number: i8,
    /// The C4 modifications of the Basic TH#, itemised.
    pub to_hit_modifications: Vec<Modifier>,
    /// Modified TH#: Basic TH# plus the C4 modifications.
    pub to_hit_number: i16,
    /// Firer- and target-based To Hit DRM, itemised.
    pub drm_modifiers: Vec<Modifier>,
    /// The total To Hit DRM on the hex: the sum of `drm_modifiers`.
    pub drm: i16,
    /// Which Final DRs hit the hex, given the TH# and DRM (C3.6, C3.7).
    pub hit_mode: HitMode,
    /// ROF this shot keeps Multiple ROF with (colored die ≤ it); `None` when
    /// the printed ROF is needed and not known.
    pub effective_rof: Option<u8>,
    /// Why the effective ROF differs from the printed one.
    pub rof_notes: Vec<&'static str>,
    /// The mortar's printed B#; `None` when not known.
    pub printed_breakdown: Option<u8>,
    /// The B# for this shot: lowered for Intensive Fire, captured or
    /// non-qualified use, never below 2.
    pub effective_breakdown: Option<u8>,
    /// Depletion number for SMOKE/WP, elite bonus included.
    pub depletion: Option<u8>,
    /// HE in woods makes Air Bursts on the hex (B13.3), unless NA for this mortar or shot.
    pub air_burst: bool,
    /// The mortar may score Multiple Hits (C3.8).
    pub multiple_hits: bool,
    /// IFT attacks of a normal hit and of a Critical Hit (HE only).
    pub normal_attack: Option<Attack>,
    /// The IFT attack of a Critical Hit on the hex (HE only).
    pub critical_attack: Option<Attack>,
    /// The units in the hex, each as its own target.
    pub units: Vec<TargetShot>,
}

/// One target's To Hit DRM and IFT attacks: the hex (`unit` None) or a unit,
/// seen through its own `location`.
fn target_shot(
    input: &ShotInput,
    firer_mods: &[Modifier],
    to_hit_number: i16,
    location: &Target,
    unit: Option<Unit>,
) -> Result<TargetShot> {
    let ShotInput { mortar, ammo, .. } = input;
    let acquisition_allowed = acquisition_applies(mortar, &input.target)
        && (*ammo != Ammo::Smoke || readings::SMOKE_SHOT_USES_ACQUISITION);
    let mut drm_modifiers = firer_mods.to_vec();
    // C6.5: Acquisition is on the hex: every unit's To Hit DRM takes the
    // hex's level, whatever its own view of the hex was read with (a plan
    // changes the hex's level shot by shot).
    let acquisition = if acquisition_allowed {
        input.target.acquisition
    } else {
        0
    };
    drm_modifiers.extend(target_modifiers(location, acquisition));
    let drm = total(&drm_modifiers);
    let kind = unit.as_ref().map(|u| u.kind);
    // B13.3: Air Bursts vs unarmored targets in woods, unless NA.
    let air_burst = location.woods
        && *ammo == Ammo::He
        && kind != Some(UnitKind::Afv)
        && !mortar.air_bursts_na
        && !(mortar.type89_rules && Type89::air_bursts_na(*ammo, location.range));
    let (normal_attack, critical_attack) = match (*ammo, &unit) {
        (Ammo::He, Some(u)) if u.kind == UnitKind::Afv => (
            Some(afv_attack(mortar, location, &u.armor, false)?),
            Some(afv_attack(mortar, location, &u.armor, true)?),
        ),
        (Ammo::He, _) => (
            Some(normal_attack(mortar, location, air_burst)?),
            Some(critical_attack(mortar, location, air_burst)?),
        ),
        _ => (None, None),
    };
    Ok(TargetShot {
        unit,
        hit_mode: HitMode::of(to_hit_number, drm),
        drm_modifiers,
        drm,
        air_burst,
        normal_attack,
        critical_attack,
    })
}

impl Shot {
    /// An HE shot of `mortar`, fired by `firer` at the hex `target` alone
    /// (no units): [`Shot::new`] with the ammunition most questions are
    /// about.
    pub fn he(mortar: Mortar, firer: Firer, target: Target) -> Result<Shot> {
        Shot::new(ShotInput {
            mortar,
            firer,
            target,
            units: Vec::new(),
            ammo: Ammo::He,
        })
    }

    /// Checks the input (every error names its field) and works out all
    /// that needs no dice.
    pub fn new(input: ShotInput) -> Result<Shot> {
        let ShotInput {
            mortar,
            firer,
            target,
            units: hex_units,
            ammo,
        } = &input;
        let lone_smc = firer.manning == Manning::LoneSmc;
        check(
            !lone_smc || mortar.caliber_mm <= LONE_SMC_MAX_CALIBER,
            "firer.manning",
            || {
                format!(
                    "a lone SMC may fire a mortar of {LONE_SMC_MAX_CALIBER}mm at most (A21.13), not {}mm",
                    mortar.caliber_mm
                )
            },
        )?;
        let light = fired_as_light_mortar(mortar, firer);
        check_range(mortar, *ammo, target.range)?;
        check_firer(firer, mortar, light)?;
        check_target(target, mortar, firer.phase)?;

        // To Hit number and DRM.
        let (basic, to_hit_modifications) = to_hit_number(mortar, *ammo, target.range);
        let to_hit_number = i16::from(basic) + total(&to_hit_modifications);
        let firer_mods = firer_modifiers(firer, light);

        // Rate of Fire (C2.24) and malfunction (A.11).
        let (effective_rof, rof_notes) = effective_rof(mortar, firer, *ammo, target.range, light);
        let printed_breakdown = mortar.breakdown;
        let effective_breakdown = printed_breakdown.map(|b| {
            let mut b = b as i8;
            if firer.intensive_fire {
                b -= 2; // C5.62
            }
            if firer.captured {
                b -= 2; // A21.11
            }
            if firer.non_qualified {
                b -= 2; // A21.13: as captured use; -4 with captured
            }
            b.max(2) as u8
        });

        // Special ammunition (C8.9).
        let depletion = if ammo.is_special() {
            let (field, flag) = match ammo {
                Ammo::Smoke => ("mortar.smoke_depletion", "--smoke-depletion"),
                _ => ("mortar.wp_depletion", "--wp-depletion"),
            };
            let n = mortar
                .depletion(*ammo)
                .ok_or_else(|| missing(field, mortar, flag))?;
            Some(n + u8::from(firer.elite))
        } else {
            None
        };

        let hex = target_shot(&input, &firer_mods, to_hit_number, target, None)?;
        // A shot's state holds one slot per target, inline.
        check_unit_count("target.units", hex_units.len(), "hex")?;
        location::check_stack("target.units", hex_units)?;
        let mut units = Vec::with_capacity(hex_units.len());
        for (i, unit) in hex_units.iter().enumerate() {
            check_unit(i, unit, mortar, firer.phase)?;
            units.push(target_shot(
                &input,
                &firer_mods,
                to_hit_number,
                &unit.location,
                Some(unit.clone()),
            )?);
        }
        Ok(Shot {
            light,
            basic_to_hit_number: basic,
            to_hit_modifications,
            to_hit_number,
            hit_mode: hex.hit_mode,
            drm_modifiers: hex.drm_modifiers,
            drm: hex.drm,
            effective_rof,
            rof_notes,
            printed_breakdown,
            effective_breakdown,
            depletion,
            air_burst: hex.air_burst,
            multiple_hits: mortar.multiple_hits,
            normal_attack: hex.normal_attack,
            critical_attack: hex.critical_attack,
            units,
            input,
        })
    }

    /// The hex itself as a target (no unit): IFT results only.
    pub fn hex_target(&self) -> TargetShot {
        TargetShot {
            unit: None,
            drm_modifiers: self.drm_modifiers.clone(),
            drm: self.drm,
            hit_mode: self.hit_mode,
            air_burst: self.air_burst,
            normal_attack: self.normal_attack.clone(),
            critical_attack: self.critical_attack.clone(),
        }
    }
}

/// Effective ROF (C2.24) and the reasons for it. `None` when the printed
/// ROF is needed and unknown.
fn effective_rof(
    mortar: &Mortar,
    firer: &Firer,
    ammo: Ammo,
    range: u16,
    light: bool,
) -> (Option<u8>, Vec<&'static str>) {
    let mut notes = Vec::new();
    if firer.crew_pinned() {
        notes.push("pinned firer or Spotter: no Multiple ROF (C5.4)");
        return (Some(0), notes);
    }
    if light && firer.manning == Manning::LoneSmc {
        notes.push("light mortar fired by a lone SMC: no Multiple ROF (C9.2)");
        return (Some(0), notes);
    }
    if firer.intensive_fire {
        notes.push("an Intensive Fire shot never keeps ROF (C5.6)");
        return (Some(0), notes);
    }
    if firer.phase.max_shots() == Some(1) {
        notes.push("AFPh: one shot at most, so no Multiple ROF (C5.2)");
        return (Some(0), notes);
    }
    let printed = match mortar
        .type89_rules
        .then(|| Type89::rof_override(ammo, range))
    {
        Some(Some(rof)) => {
            notes.push("Type 89: ROF 1 for this shot");
            rof
        }
        _ => match mortar.rof {
            Some(rof) => rof,
            None => return (None, notes),
        },
    };
    let mut rof = printed as i8;
    if firer.spotted {
        rof -= 1;
        notes.push("spotted fire: ROF -1 (C9.31)");
    }
    if firer.captured {
        rof -= 1;
        notes.push("captured: ROF -1 (A21.12)");
    }
    if firer.non_qualified {
        rof -= 1;
        notes.push("non-qualified user: ROF -1 (A21.13)");
    }
    if firer.ca_change > 0 && firer.gun_type == Some(GunType::NT) && !mortar.is_medium() {
        rof -= 1;
        notes.push("CA change by a non-vehicular NT Gun: ROF -1 (C2.5)");
    }
    (Some(rof.max(0) as u8), notes)
}

/// What the special ammunition did (C8.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmmoUse {
    /// HE: no depletion number.
    Unlimited,
    /// Original DR < depletion number.
    Used,
    /// Original DR = depletion number: used, and none left for the scenario.
    RunsOut,
    /// Original DR > depletion number: none left; the weapon has not fired
    /// (unless it malfunctioned).
    NoneLeft,
}

/// Malfunction result of the Original To Hit DR (A.11, C2.28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Breakdown {
    /// The Original DR is below the B#: no malfunction.
    None,
    /// The mortar malfunctioned (A.11).
    Malfunctioned,
    /// An X# result: the B# was lowered and the DR reached the printed B#.
    Removed,
}

/// One thing a shot can hit: the hex itself (no unit: the result is the IFT
/// result), or one unit in it.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetShot {
    /// The unit, or `None` for the hex itself.
    pub unit: Option<Unit>,
    /// Firer- and target-based To Hit DRM for this target, itemised.
    pub drm_modifiers: Vec<Modifier>,
    /// The total To Hit DRM for this target.
    pub drm: i16,
    /// Which Final DRs hit this target (C3.6, C3.7).
    pub hit_mode: HitMode,
    /// HE in woods makes Air Bursts on this target (B13.3; never on an AFV).
    pub air_burst: bool,
    /// The IFT attack of a normal hit; `None` for SMOKE and WP.
    pub normal_attack: Option<Attack>,
    /// The IFT attack of a Critical Hit; `None` for SMOKE and WP.
    pub critical_attack: Option<Attack>,
}

impl TargetShot {
    pub(crate) fn in_los(&self) -> bool {
        self.unit.as_ref().is_none_or(|u| u.in_los)
    }

    pub(crate) fn enemy(&self) -> bool {
        self.unit.as_ref().is_none_or(|u| u.enemy)
    }

    pub(crate) fn kind(&self) -> Option<UnitKind> {
        self.unit.as_ref().map(|u| u.kind)
    }
}

impl Occupants for [TargetShot] {
    fn count(&self) -> usize {
        self.len()
    }

    fn unit(&self, i: usize) -> Option<&Unit> {
        self.get(i).and_then(|t| t.unit.as_ref())
    }
}
