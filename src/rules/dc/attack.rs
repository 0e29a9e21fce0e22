//! The IFT attack a DC makes on each target of a Location: its FP, column
//! and DRM (A23.1, A23.3 EX, A23.4, A23.6, A23.62, A23.71).

use super::{DC_FP, DcInput, DcKind, DcTarget, LocationAttack, SET_DC_DRM, SET_DC_FP, Which};
use crate::rules::effects::Attack;
use crate::rules::ift::Column;
use crate::rules::to_hit::Modifier;

fn modifier(rule: &'static str, what: &'static str, value: i8) -> Modifier {
    Modifier { rule, what, value }
}

/// The attack's DRM, other than TEM (A23.4, A23.6, A23.62, A23.71).
fn attack_modifiers(input: &DcInput, which: Which) -> Vec<Modifier> {
    let mut mods = Vec::new();
    let moving = input.from_vehicle || input.cavalry;
    match (input.kind, which) {
        (DcKind::Set, _) => mods.push(modifier("A23.71", "Set DC", SET_DC_DRM)),
        (DcKind::Thrown, Which::Target) => mods.push(if moving {
            modifier("A23.6", "Thrown from a moving vehicle or by Cavalry", 3)
        } else {
            modifier("A23.6", "Thrown DC", 2)
        }),
        (DcKind::Thrown, Which::Thrower) => mods.push(if moving {
            modifier("A23.6", "thrower's Location (moving vehicle or Cavalry)", 4)
        } else {
            modifier("A23.6", "thrower's Location", 3)
        }),
        (DcKind::Placed, _) => {}
    }
    if input.kind == DcKind::Thrown && input.afph && !input.opportunity_fire {
        mods.push(modifier("A23.62", "Thrown in the AFPh", 1));
    }
    if input.cx {
        mods.push(modifier("A23.4", "CX Placing/Throwing unit", 1));
    }
    mods
}

/// The TEM modifier of a target at `tem` in this Location (A23.1, A23.71).
/// A Thrown DC takes the hexside's TEM instead where one is given (above 0)
/// and it is the better; a Location's negative TEM stands otherwise.
fn tem_modifier(input: &DcInput, tem: i8, hexside: i8) -> Option<Modifier> {
    match input.kind {
        DcKind::Set => None,
        DcKind::Thrown if hexside > 0 && hexside > tem => {
            Some(modifier("A23.1", "hexside TEM", hexside))
        }
        _ => (tem != 0).then(|| modifier("A23.1", "TEM", tem)),
    }
}

fn attack(quarter_fp: u32, mut modifiers: Vec<Modifier>, tem: Option<Modifier>) -> Attack {
    if let Some(t) = tem {
        modifiers.insert(0, t);
    }
    Attack {
        fp: quarter_fp,
        column: Column::for_quarter_fp(quarter_fp).expect("a DC has at least 7.5 FP"),
        modifiers,
    }
}

fn base_quarter_fp(kind: DcKind) -> u32 {
    4 * if kind == DcKind::Set {
        SET_DC_FP
    } else {
        DC_FP
    }
}

/// Every target of one Location with its attack.
pub(super) fn location_attack(input: &DcInput, which: Which) -> LocationAttack {
    let mut fp = base_quarter_fp(input.kind);
    let loc = match which {
        Which::Target => {
            if input.concealed {
                fp /= 2; // A23.1: Area Fire for concealment
            }
            if input.breach {
                fp /= 2; // A23.3 EX: Area Fire vs the occupants of a Breach attempt
            }
            &input.target
        }
        Which::Thrower => &input.thrower,
    };
    let mods = attack_modifiers(input, which);
    let hex = DcTarget {
        unit: None,
        attack: attack(
            fp,
            mods.clone(),
            tem_modifier(input, loc.tem, loc.hexside_tem),
        ),
    };
    let units = loc.units.iter().map(|u| DcTarget {
        unit: Some(u.clone()),
        attack: attack(
            fp,
            mods.clone(),
            tem_modifier(input, u.location.tem, loc.hexside_tem),
        ),
    });
    LocationAttack::new(std::iter::once(hex).chain(units).collect())
}

/// The Breach attempt: full FP, the Location's TEM (A23.3 EX).
pub(super) fn breach_attack(input: &DcInput) -> Attack {
    attack(
        base_quarter_fp(input.kind),
        attack_modifiers(input, Which::Target),
        tem_modifier(input, input.target.tem, 0),
    )
}
