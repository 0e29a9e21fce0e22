//! The effects of a hit on the IFT: the attack's FP and column, and the
//! effects DRM of the target's location, for a normal hit (half FP, Area
//! Target Type, C3.33) and for a Critical Hit (full FP doubled, positive TEM
//! reversed, C3.71).

use serde::Serialize;

use super::ift::{Column, he_fp};
use super::mortar::Mortar;
use super::readings;
use super::target::Target;
use super::to_hit::Modifier;
use super::units::Armor;
use crate::error::{Error, Result};

/// FP above which Heavy Payload applies, and the FP per -1 DRM.
const HEAVY_PAYLOAD_ABOVE: u32 = 36;
const HEAVY_PAYLOAD_STEP: u32 = 8;
/// Caliber (mm) above which Heavy Payload applies, and the mm per -1 DRM.
const HEAVY_PAYLOAD_ABOVE_MM: u16 = 200;
const HEAVY_PAYLOAD_STEP_MM: u16 = 50;

/// One IFT attack: its FP (in quarters, so halving stays exact), its column
/// and its effects DRM, itemised.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Attack {
    #[serde(serialize_with = "serialize_quarter_fp")]
    /// The attack's FP in quarter FP (4 = 1 FP); may exceed 36 (Heavy Payload).
    pub fp: u32,
    /// The IFT column the FP attacks on, at most the 36 column.
    pub column: Column,
    /// The effects DRM (TEM, Air Burst, Heavy Payload, ...), each with its rule.
    pub modifiers: Vec<Modifier>,
}

impl Attack {
    /// The total effects DRM: the sum of [`Attack::modifiers`].
    pub fn drm(&self) -> i16 {
        super::to_hit::total(&self.modifiers)
    }

    /// The FP as players write it: "8", "7.5", "3.75".
    pub fn fp_string(&self) -> String {
        quarter_fp_string(self.fp)
    }
}

/// A FP given in quarters as players write it: 30 gives "7.5".
pub fn quarter_fp_string(q: u32) -> String {
    let whole = q / 4;
    match q % 4 {
        0 => format!("{whole}"),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}

fn serialize_quarter_fp<S: serde::Serializer>(q: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(f64::from(*q) / 4.0)
}

/// The TEM of the target's location as it applies to the effects DR, split
/// into the part a Critical Hit reverses and the Air Burst DRM.
///
/// In woods, Air Bursts give -1 *instead of* the woods TEM, added to any
/// other positive TEM (a foxhole in woods: +2 -1 = +1) (B13.3). `tem` is the
/// TEM other than woods; without Air Bursts the unit in woods takes the
/// better of woods (+1) and `tem`.
fn location_tem(target: &Target, air_burst: bool) -> (i8, bool) {
    match (target.woods, air_burst) {
        (true, true) => (target.tem, true),
        (true, false) => (target.tem.max(1), false),
        (false, _) => (target.tem, false),
    }
}

/// The effects DRM the player adds, on every attack.
fn other_effects_modifiers(target: &Target, mods: &mut Vec<Modifier>) {
    if target.effects_drm != 0 {
        mods.push(Modifier {
            rule: "-",
            what: "other effects DRM",
            value: target.effects_drm,
        });
    }
}

/// C.3, C3.71: no DRM modifies both the To Hit DR and the effects DR, except
/// on a Critical Hit. FFNAM, FFMO and Hazardous Movement modify the Area
/// Target To Hit DR (Cases J3, J4, O), so only a Critical Hit's IFT DR takes
/// them again, at the same value (Reading `hazardous-movement-ch-drm` for
/// Hazardous Movement's -2).
fn critical_movement_modifiers(target: &Target, mods: &mut Vec<Modifier>) {
    let mut push = |what, value| {
        mods.push(Modifier {
            rule: "C3.71",
            what,
            value,
        })
    };
    if target.ffnam {
        push("FFNAM", -1);
    }
    if target.ffmo {
        push("FFMO", -1);
    }
    if target.hazardous_movement && readings::HAZARDOUS_MOVEMENT_CH_DRM {
        push("Hazardous Movement", -2);
    }
}

fn air_burst_modifier() -> Modifier {
    Modifier {
        rule: "B13.3",
        what: "Air Burst (instead of woods TEM)",
        value: -1,
    }
}

/// Full HE FP of the mortar, or an error below 20mm.
fn full_fp(mortar: &Mortar) -> Result<u8> {
    he_fp(mortar.caliber_mm).ok_or_else(|| {
        Error::invalid(
            "mortar.caliber",
            format!(
                "{}mm has no HE FP on the IFT (20mm at least)",
                mortar.caliber_mm
            ),
        )
    })
}

/// C.7 Heavy Payload by caliber: -1 per whole 50mm over 200mm (Reading
/// `heavy-payload-by-caliber`) on every HE hit of a weapon of this caliber;
/// 0 up to 249mm.
pub fn caliber_payload_drm(caliber_mm: u16) -> i8 {
    if !readings::HEAVY_PAYLOAD_BY_CALIBER || caliber_mm <= HEAVY_PAYLOAD_ABOVE_MM {
        return 0;
    }
    // 15 steps at the 999mm a scenario allows; a larger caliber from the
    // library saturates rather than wraps.
    let steps = (caliber_mm - HEAVY_PAYLOAD_ABOVE_MM) / HEAVY_PAYLOAD_STEP_MM;
    -(steps.min(i8::MAX as u16) as i8)
}

fn caliber_payload(mortar: &Mortar, modifiers: &mut Vec<Modifier>) {
    let value = caliber_payload_drm(mortar.caliber_mm);
    if value != 0 {
        modifiers.push(Modifier {
            rule: "C.7",
            what: "Heavy Payload (caliber)",
            value,
        });
    }
}

/// The column of `quarter_fp`; below the 1 FP column, an error naming
/// `field`, what brought the FP so low (the caliber, or marsh).
fn column_for(quarter_fp: u32, field: &str) -> Result<Column> {
    Column::for_quarter_fp(quarter_fp).ok_or_else(|| {
        Error::invalid(
            field,
            format!(
                "the attack has {} FP, below the 1 FP column",
                quarter_fp_string(quarter_fp)
            ),
        )
    })
}

/// The attack of a hit that is not a Critical Hit: half the HE FP (Area
/// Target Type, C3.33) or the mortar's own Area Target FP, halved again in
/// marsh (C3.53). Over 200mm, Heavy Payload by caliber (C.7). FFNAM, FFMO and Hazardous Movement already modified the
/// To Hit DR and do not modify this IFT DR (C.3).
pub fn normal_attack(mortar: &Mortar, target: &Target, air_burst: bool) -> Result<Attack> {
    let mut fp = match mortar.area_fp {
        Some(area) => u32::from(area) * 4,
        None => u32::from(full_fp(mortar)?) * 2,
    };
    // Below the 1 FP column by the caliber alone (20mm), or by marsh.
    column_for(fp, "mortar.caliber")?;
    if target.marsh {
        fp /= 2;
    }
    let column = column_for(fp, "target.marsh")?;
    let mut modifiers = Vec::new();
    caliber_payload(mortar, &mut modifiers);
    let (tem, air) = location_tem(target, air_burst);
    if tem != 0 {
        modifiers.push(Modifier {
            rule: "B",
            what: if target.woods && !air && target.tem < 1 {
                "woods TEM"
            } else {
                "TEM"
            },
            value: tem,
        });
    }
    if air {
        modifiers.push(air_burst_modifier());
    }
    other_effects_modifiers(target, &mut modifiers);
    Ok(Attack {
        fp,
        column,
        modifiers,
    })
}

/// The attack of a Critical Hit: full HE FP doubled with no halving
/// (C3.71), the 36 column with Heavy Payload -1 per whole 8 FP above 36
/// (and by caliber over 200mm, C.7),
/// positive TEM reversed, Air Burst kept, and FFNAM, FFMO and Hazardous
/// Movement applied again (C3.71, C.3).
pub fn critical_attack(mortar: &Mortar, target: &Target, air_burst: bool) -> Result<Attack> {
    let full = u32::from(full_fp(mortar)?) * 2;
    // Reading: the CH FP is never halved, not even for marsh.
    let fp = if target.marsh && !readings::CRITICAL_HIT_IGNORES_MARSH {
        full * 4 / 2
    } else {
        full * 4
    };
    let column = column_for(fp, "mortar.caliber")?;
    let mut modifiers = Vec::new();
    let whole_fp = fp / 4;
    if whole_fp > HEAVY_PAYLOAD_ABOVE {
        let drm = (whole_fp - HEAVY_PAYLOAD_ABOVE) / HEAVY_PAYLOAD_STEP;
        if drm > 0 {
            modifiers.push(Modifier {
                rule: "C.7",
                what: "Heavy Payload",
                value: -(drm as i8),
            });
        }
    }
    caliber_payload(mortar, &mut modifiers);
    let (tem, air) = location_tem(target, air_burst);
    if tem > 0 {
        modifiers.push(Modifier {
            rule: "C3.71",
            what: "TEM reversed by the Critical Hit",
            value: -tem,
        });
    } else if tem < 0 {
        modifiers.push(Modifier {
            rule: "B",
            what: "TEM",
            value: tem,
        });
    }
    if air {
        modifiers.push(air_burst_modifier());
    }
    critical_movement_modifiers(target, &mut modifiers);
    other_effects_modifiers(target, &mut modifiers);
    Ok(Attack {
        fp,
        column,
        modifiers,
    })
}

/// The attack on an AFV (C1.55, C3.332, C3.72): the same FP and column as
/// an attack on an unarmored target, with the C1.55 DRM (-1 all AF ≤ 4,
/// -1 open-topped, +1 all AF ≥ 8) and the location's TEM (no Air Burst);
/// a Critical Hit takes no TEM of any kind.
pub fn afv_attack(
    mortar: &Mortar,
    target: &Target,
    armor: &Armor,
    critical: bool,
) -> Result<Attack> {
    let base = if critical {
        critical_attack(mortar, target, false)?
    } else {
        normal_attack(mortar, target, false)?
    };
    let mut modifiers: Vec<Modifier> = base
        .modifiers
        .into_iter()
        .filter(|m| m.rule == "C.7" || m.what == "other effects DRM")
        .collect();
    let push = |mods: &mut Vec<Modifier>, what, value| {
        mods.push(Modifier {
            rule: "C1.55",
            what,
            value,
        })
    };
    if armor.all_af_at_most_4 {
        push(&mut modifiers, "all AF 4 or less", -1);
    }
    if armor.open_topped {
        push(&mut modifiers, "open-topped AFV", -1);
    }
    if armor.all_af_at_least_8 {
        push(&mut modifiers, "all AF 8 or more", 1);
    }
    if !critical {
        let (tem, _) = location_tem(target, false);
        if tem != 0 {
            modifiers.push(Modifier {
                rule: "B",
                what: "TEM",
                value: tem,
            });
        }
    }
    Ok(Attack {
        fp: base.fp,
        column: base.column,
        modifiers,
    })
}

#[cfg(test)]
mod tests;
