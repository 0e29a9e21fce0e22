//! A DC's inputs checked against A23 before any dice; each error names the
//! field and what to give instead.

use super::{DcInput, DcKind};
use crate::error::Result;
use crate::rules::location;
use crate::rules::shot::{check, check_unit_values};
use crate::rules::units::UnitKind;

pub(super) fn check_input(input: &DcInput) -> Result<()> {
    let kind = input.kind;
    let thrown = kind == DcKind::Thrown;
    let set = kind == DcKind::Set;
    let named = kind.name();
    check(!(set && input.cx), "dc.cx", || {
        "a Set DC is detonated from afar: the CX DRM is for a Placing or Throwing unit (A23.4)"
            .into()
    })?;
    check(thrown || !input.afph, "dc.afph", || {
        format!(
            "the AFPh DRM is for a Thrown DC (A23.62); a {named} DC takes no DRM for the phase (A23.1)"
        )
    })?;
    check(
        !input.opportunity_fire || (thrown && input.afph),
        "dc.opportunity_fire",
        || {
            "Opportunity Fire only cancels the AFPh DRM of a DC Thrown in the AFPh (A23.62); give afph with a Thrown DC".into()
        },
    )?;
    for (on, field) in [
        (input.from_vehicle, "dc.from_vehicle"),
        (input.cavalry, "dc.cavalry"),
        (input.from_two_levels_up, "dc.from_two_levels_up"),
    ] {
        check(thrown || !on, field, || {
            format!("only a Thrown DC has a thrower (A23.6), not a {named} DC")
        })?;
    }
    check(!(input.from_vehicle && input.cavalry), "dc.cavalry", || {
        "give from_vehicle or cavalry, not both".into()
    })?;
    check(kind == DcKind::Placed || !input.breach, "dc.breach", || {
        format!("a Breach attempt is modelled for a Placed DC only (A23.3), not a {named} DC")
    })?;
    // A23.3, B23.9221: a Breach is of a Fortified Building's hexside, whose
    // TEM is the building's +1: +3 wooden, +4 stone.
    check(
        !input.breach || input.target.tem >= 3,
        "dc.target.tem",
        || {
            format!(
                "a Breach attempt is on a Fortified Building (A23.3), whose TEM is at least +3 (+3 wooden, +4 stone), not {:+}; give its TEM",
                input.target.tem
            )
        },
    )?;
    check(
        set || input.enemy_infantry.is_none(),
        "dc.enemy_infantry",
        || format!("the enemy Infantry DRM is for a Set DC only (A23.7), not a {named} DC"),
    )?;
    check(!set || input.target.tem == 0, "dc.target.tem", || {
        "a Set DC attack takes no TEM (A23.71); leave tem at 0".into()
    })?;
    check(
        thrown || input.target.hexside_tem == 0,
        "dc.target.hexside_tem",
        || format!("hexside TEM is NA for a {named} DC (A23.1)"),
    )?;
    let thrower = &input.thrower;
    let attacked = thrown && !input.from_two_levels_up;
    check(
        attacked || (thrower.tem == 0 && thrower.hexside_tem == 0 && thrower.units.is_empty()),
        "dc.thrower",
        || {
            if thrown {
                "the thrower's Location is not attacked from two or more levels up (A23.6); give no thrower values".into()
            } else {
                format!("only a Thrown DC attacks the thrower's Location (A23.6), not a {named} DC")
            }
        },
    )?;
    for (prefix, units) in [
        ("dc.target", &input.target.units),
        ("dc.thrower", &thrower.units),
    ] {
        for (i, u) in units.iter().enumerate() {
            let unit_field = format!("{prefix}.units[{i}]");
            check(
                u.kind != UnitKind::Afv,
                &format!("{unit_field}.kind"),
                || {
                    "a DC attack on an AFV (A23.5, C7.346 Position DR and To Kill Table) is not modelled".into()
                },
            )?;
            check(
                !set || u.location.tem == 0,
                &format!("{unit_field}.tem"),
                || "a Set DC attack takes no TEM (A23.71); leave tem at 0".into(),
            )?;
            check_unit_values(&unit_field, u)?;
        }
        location::check_stack(&format!("{prefix}.units"), units)?;
    }
    Ok(())
}
