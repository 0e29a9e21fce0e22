//! A shot's inputs checked against the rules before any dice: the range,
//! the firer, the target and each unit's counter values. Each error names
//! the field and what to give instead.

use crate::error::{Error, Result};
use crate::rules::firer::{Firer, Manning, Phase};
use crate::rules::mortar::{Ammo, Mortar, Type89};
use crate::rules::sequence::MAX_ACQUISITION;
use crate::rules::target::Target;
use crate::rules::to_hit::acquisition_applies;
use crate::rules::units::{Unit, UnitKind};

pub(super) fn check_unit(i: usize, unit: &Unit, mortar: &Mortar, phase: Phase) -> Result<()> {
    check_target(&unit.location, mortar, phase).map_err(|e| match e {
        Error::Invalid { field: f, message } => Error::invalid(
            f.replace("target.", &format!("target.units[{i}].")),
            message,
        ),
        other => other,
    })?;
    check_unit_values(&format!("target.units[{i}]"), unit)
}

/// The counter values of a unit (`prefix` names it in errors, e.g.
/// `target.units[0]`): morale, broken-side morale, leadership.
pub(crate) fn check_unit_values(prefix: &str, unit: &Unit) -> Result<()> {
    let field = |f: &str| format!("{prefix}.{f}");
    if unit.kind.is_vehicle() {
        return Ok(());
    }
    check((2..=10).contains(&unit.morale), &field("morale"), || {
        format!("{} is not a Morale Level (2 to 10)", unit.morale)
    })?;
    check(
        !unit.start.broken || unit.broken_morale.is_some(),
        &field("broken_morale"),
        || "a unit that starts broken needs the morale of its broken side".into(),
    )?;
    check(
        unit.kind == UnitKind::Leader || unit.leadership == 0,
        &field("leadership"),
        || "only a leader has a leadership DRM".into(),
    )?;
    check(
        (-3..=1).contains(&unit.leadership),
        &field("leadership"),
        || format!("{} is not a leadership DRM (-3 to +1)", unit.leadership),
    )?;
    Ok(())
}

/// Largest Case A change: any direction is at most three hexspines away.
const MAX_CA_CHANGE: u8 = 3;

/// `Ok` when `ok`, else the error on `field` with `message`.
pub(crate) fn check(ok: bool, field: &str, message: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(field, message()))
    }
}

pub(super) fn missing(field: &str, mortar: &Mortar, flag: &str) -> Error {
    Error::Missing {
        field: field.to_string(),
        mortar: mortar.name.clone(),
        flag: flag.to_string(),
    }
}

pub(super) fn check_range(mortar: &Mortar, ammo: Ammo, range: u16) -> Result<()> {
    check(range > 0, "target.range", || {
        "range 0 (the firer's own hex) is never allowed for the Area Target Type (C3.33)".into()
    })?;
    let limits = mortar
        .range
        .ok_or_else(|| missing("mortar.range", mortar, "--range-limits MIN-MAX"))?;
    // C3.52, C9.4: the printed range, both ends, bounds the fire.
    check(limits.contains(range), "target.range", || {
        let hexes = if range == 1 { "hex" } else { "hexes" };
        let side = if range < limits.min {
            "below the minimum"
        } else {
            "beyond the maximum"
        };
        format!(
            "{range} {hexes} is {side} of the {}'s printed range {limits}: give a range from {} to {} (C3.52)",
            mortar.name, limits.min, limits.max
        )
    })?;
    if mortar.type89_rules
        && let Some(ammo_limits) = Type89::ammo_range(ammo)
    {
        check(ammo_limits.contains(range), "target.range", || {
            format!(
                "the Type 89 fires {} only at {} hexes, not {range}",
                ammo.name(),
                ammo_limits
            )
        })?;
    }
    Ok(())
}

pub(super) fn check_firer(firer: &Firer, mortar: &Mortar, light: bool) -> Result<()> {
    check(firer.ca_change <= MAX_CA_CHANGE, "firer.ca_change", || {
        format!(
            "{} hexspines; a CA change is at most {MAX_CA_CHANGE} hexspines",
            firer.ca_change
        )
    })?;
    check(!(light && firer.ca_change > 0), "firer.ca_change", || {
        "a light mortar (a SW) has no Covered Arc; leave ca_change at 0".into()
    })?;
    check(
        firer.ca_change == 0 || firer.gun_type.is_some(),
        "firer.gun_type",
        || "give the Gun type from the counter (T, ST or NT) with a CA change (C5.1)".into(),
    )?;
    // A21.13: non-qualified use is that of a weapon a crew mans; a light
    // mortar is a SW that any Infantry fires as well as a crew.
    check(
        !(firer.non_qualified && mortar.support_weapon),
        "firer.non_qualified",
        || {
            format!(
                "the {} is a light mortar, a SW that needs no crew: no one fires it as a non-qualified user (A21.13 is for weapons a crew mans); leave non_qualified out (a captured one takes the captured penalties only)",
                mortar.name
            )
        },
    )?;
    if firer.intensive_fire
        && let Some(why) = firer.intensive_fire_na(light)
    {
        return Err(Error::invalid("firer.intensive_fire", why));
    }
    if firer.leader_drm != 0
        && let Some(why) = firer.leadership_na(light)
    {
        let fix = if firer.manning == Manning::LoneSmc {
            "with firer.manning = \"lone-smc\", leave leader_drm at 0"
        } else {
            "leave leader_drm at 0 for a Gun"
        };
        return Err(Error::invalid("firer.leader_drm", format!("{why}; {fix}")));
    }
    check(
        (-3..=1).contains(&firer.leader_drm),
        "firer.leader_drm",
        || format!("{} is not a leader's DRM (-3 to +1)", firer.leader_drm),
    )?;
    check(
        !firer.spotter_pinned || firer.spotted,
        "firer.spotter_pinned",
        || "a pinned Spotter needs spotted fire (spotted = true)".into(),
    )?;
    if let Some(rof) = mortar.rof {
        check((1..=6).contains(&rof), "mortar.rof", || {
            format!("{rof} is not a ROF (1 to 6)")
        })?;
    }
    if let Some(b) = mortar.breakdown {
        check((2..=12).contains(&b), "mortar.breakdown", || {
            format!("{b} is not a B# (2 to 12; 12 where the counter prints none)")
        })?;
    }
    Ok(())
}

pub(super) fn check_target(target: &Target, mortar: &Mortar, phase: Phase) -> Result<()> {
    // C6 Cases J, J3, J4, O: the target moves only in its own MPh, in the
    // opponent's Player Turn (see `sequence::target_in_phase`).
    if let Some(key) = target.movement() {
        check(phase == Phase::Defensive, &format!("target.{key}"), || {
            format!(
                "the target moves only in its own MPh, in the opponent's Player Turn (C6), not in the {}: fire in the DFPh (firer.phase = \"DFPh\", --phase DFPh) or leave it out",
                phase.abbreviation()
            )
        })?;
    }
    check(
        target.acquisition <= MAX_ACQUISITION,
        "target.acquisition",
        || {
            format!(
                "{} is not an Acquisition level (0, 1 or 2)",
                target.acquisition
            )
        },
    )?;
    check(
        target.acquisition == 0 || acquisition_applies(mortar, target),
        "target.acquisition",
        || acquisition_na(mortar, target),
    )?;
    check(
        !target.ffmo || (!target.woods && target.tem <= 0),
        "target.ffmo",
        || "FFMO applies only in Open Ground, not in woods or positive TEM".into(),
    )?;
    check(
        !(target.dashing && (target.ffnam || target.ffmo)),
        "target.dashing",
        || {
            "Case J (Dashing) is NA when FFNAM or FFMO applies (C6): leave dashing out, and FFNAM or FFMO gives the DRM".into()
        },
    )?;
    Ok(())
}

/// Why Acquisition does not count (see [`acquisition_applies`]).
pub fn acquisition_na_why(mortar: &Mortar, target: &Target) -> String {
    if target.bore_sighted {
        "Acquisition is NA on a bore-sighted hex: Case N does not apply with Case M (C6)".into()
    } else {
        format!("Acquisition is NA for the {}", mortar.name)
    }
}

/// The refusal of an Acquisition level where it does not count: why, and
/// the fix.
pub(crate) fn acquisition_na(mortar: &Mortar, target: &Target) -> String {
    let why = acquisition_na_why(mortar, target);
    if target.bore_sighted {
        format!("{why}; leave one of the two out")
    } else {
        why
    }
}
