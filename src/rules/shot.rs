//! One mortar shot.
//!
//! [`Shot::new`] checks a [`ShotInput`] against the rules and works out
//! everything that does not depend on the dice: the Modified TH#, the To Hit
//! DRM, the effective ROF and B#, the depletion number, and the IFT attacks
//! of a normal hit and of a Critical Hit.
//!
//! [`resolve_shot`] is then the one pure function of the dice that decides
//! the shot: To Hit DR (and the subsequent dr when an Original 2 needs one),
//! Rate of Fire, malfunction, special ammunition, and the effects DR (two of
//! them for a Multiple Hit). The exact odds ([`ShotOdds`]) are the
//! enumeration of every dice outcome through it; the Monte Carlo engine
//! draws dice through the same function.

use serde::Serialize;

use super::effects::{Attack, critical_attack, normal_attack};
use super::firer::{Firer, GunType, Manning, Phase};
use super::ift::IftResult;
use super::mortar::{Ammo, LONE_SMC_MAX_CALIBER, Mortar, RangeLimits, Type89};
use super::readings;
use super::target::Target;
use super::to_hit::{
    HitKind, HitMode, Modifier, firer_modifiers, hit_test, target_modifiers, to_hit_number, total,
};
use crate::dice::{Dice, Dist, Dr};
use crate::error::{Error, Result};
use crate::prob::Prob;

/// Everything a player says about one shot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShotInput {
    pub mortar: Mortar,
    pub firer: Firer,
    pub target: Target,
    pub ammo: Ammo,
}

/// A checked shot with everything worked out that does not depend on dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub input: ShotInput,
    /// Fired as a light mortar (a SW): a SW mortar, or a mortar ≤ 82mm
    /// fired by a lone SMC (A21.13).
    pub light: bool,
    pub basic_to_hit_number: i8,
    pub to_hit_modifications: Vec<Modifier>,
    /// Modified TH#: Basic TH# plus the C4 modifications.
    pub to_hit_number: i16,
    /// Firer- and target-based To Hit DRM, itemised.
    pub drm_modifiers: Vec<Modifier>,
    pub drm: i16,
    pub hit_mode: HitMode,
    /// ROF this shot keeps Multiple ROF with (colored die ≤ it); `None` when
    /// the printed ROF is needed and not known.
    pub effective_rof: Option<u8>,
    /// Why the effective ROF differs from the printed one.
    pub rof_notes: Vec<&'static str>,
    pub printed_breakdown: Option<u8>,
    pub effective_breakdown: Option<u8>,
    /// Depletion number for SMOKE/WP, elite bonus included.
    pub depletion: Option<u8>,
    pub air_burst: bool,
    pub multiple_hits: bool,
    /// IFT attacks of a normal hit and of a Critical Hit (HE only).
    pub normal_attack: Option<Attack>,
    pub critical_attack: Option<Attack>,
}

/// Largest Case A change: any direction is at most three hexspines away.
const MAX_CA_CHANGE: u8 = 3;

fn check(ok: bool, field: &str, message: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(field, message()))
    }
}

fn missing(field: &str, mortar: &Mortar, flag: &str) -> Error {
    Error::Missing {
        field: field.to_string(),
        mortar: mortar.name.clone(),
        flag: flag.to_string(),
    }
}

impl Shot {
    pub fn new(input: ShotInput) -> Result<Shot> {
        let ShotInput {
            mortar,
            firer,
            target,
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
        let light = mortar.support_weapon || lone_smc;
        check_range(mortar, *ammo, target.range)?;
        check_firer(firer, mortar, light)?;
        check_target(target, mortar)?;

        // To Hit number and DRM.
        let (basic, to_hit_modifications) = to_hit_number(mortar, *ammo, target.range);
        let to_hit_number = i16::from(basic) + total(&to_hit_modifications);
        let acquisition_allowed = !mortar.acquisition_na
            && (*ammo != Ammo::Smoke || readings::SMOKE_SHOT_USES_ACQUISITION);
        let mut drm_modifiers = firer_modifiers(firer, light);
        drm_modifiers.extend(target_modifiers(target, acquisition_allowed));
        let drm = total(&drm_modifiers);

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

        // Effects.
        let air_burst = target.woods
            && *ammo == Ammo::He
            && !mortar.air_bursts_na
            && !(mortar.type89_rules && Type89::air_bursts_na(*ammo, target.range));
        let (normal, critical) = if *ammo == Ammo::He {
            (
                Some(normal_attack(mortar, target, air_burst)?),
                Some(critical_attack(mortar, target, air_burst)?),
            )
        } else {
            (None, None)
        };
        Ok(Shot {
            light,
            basic_to_hit_number: basic,
            to_hit_modifications,
            to_hit_number,
            hit_mode: HitMode::of(to_hit_number, drm),
            drm_modifiers,
            drm,
            effective_rof,
            rof_notes,
            printed_breakdown,
            effective_breakdown,
            depletion,
            air_burst,
            multiple_hits: mortar.multiple_hits,
            normal_attack: normal,
            critical_attack: critical,
            input,
        })
    }

    /// The lowest Original DR that hits with no subsequent dr, if any.
    pub fn highest_hitting_original(&self) -> Option<i16> {
        let h = self.to_hit_number - self.drm;
        (h >= 2).then_some(h.min(12))
    }
}

fn check_range(mortar: &Mortar, ammo: Ammo, range: u16) -> Result<()> {
    check(range > 0, "target.range", || {
        "range 0 (the firer's own hex) is never allowed for the Area Target Type (C3.33)".into()
    })?;
    let limits = mortar
        .range
        .ok_or_else(|| missing("mortar.range", mortar, "--range-limits MIN-MAX"))?;
    check(limits.contains(range), "target.range", || {
        format!(
            "{range} hexes is outside the {}'s range {limits} (C3.52: ordnance cannot fire beyond its printed range)",
            mortar.name
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

fn check_firer(firer: &Firer, mortar: &Mortar, light: bool) -> Result<()> {
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
    if firer.intensive_fire {
        check(!light, "firer.intensive_fire", || {
            "Intensive Fire is for Guns only, not for a light mortar (SW) (C5.6)".into()
        })?;
        check(
            firer.phase != Phase::Advancing,
            "firer.intensive_fire",
            || "Intensive Fire is not allowed in the AFPh (C5.6)".into(),
        )?;
        check(!firer.pinned, "firer.intensive_fire", || {
            "a pinned crew cannot use Intensive Fire (C5.6)".into()
        })?;
        check(firer.stun == 0, "firer.intensive_fire", || {
            "a stunned firer cannot use Intensive Fire (C5.6)".into()
        })?;
    }
    check(firer.leader_drm == 0 || light, "firer.leader_drm", || {
        "leadership modifies only light mortar fire; leave leader_drm at 0 for a Gun".into()
    })?;
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

fn check_target(target: &Target, mortar: &Mortar) -> Result<()> {
    check(target.acquisition <= 2, "target.acquisition", || {
        format!(
            "{} is not an Acquisition level (0, 1 or 2)",
            target.acquisition
        )
    })?;
    check(
        target.acquisition == 0 || !mortar.acquisition_na,
        "target.acquisition",
        || format!("Acquisition is NA for the {}", mortar.name),
    )?;
    check(
        !target.ffmo || (!target.woods && target.tem <= 0),
        "target.ffmo",
        || "FFMO applies only in Open Ground, not in woods or positive TEM".into(),
    )?;
    Ok(())
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
    if firer.pinned || firer.spotter_pinned {
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
    None,
    Malfunctioned,
    /// An X# result: the B# was lowered and the DR reached the printed B#.
    Removed,
}

/// The effects DR of a hit on the IFT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EffectsRoll {
    /// The effects DR used (for a Multiple Hit, the better of the two).
    pub dr: Dr,
    pub final_dr: i16,
    pub result: IftResult,
}

/// Everything one shot's dice decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotOutcome {
    pub to_hit_dr: Dr,
    pub ammo: AmmoUse,
    pub hit: HitKind,
    pub multiple_hit: bool,
    /// `None` when the ROF is not known.
    pub keeps_rof: Option<bool>,
    /// `None` when the B# is not known.
    pub breakdown: Option<Breakdown>,
    /// The IFT roll of an HE hit.
    pub effects: Option<EffectsRoll>,
}

/// The dice-free summary of an outcome, the key of the exact table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotSummary {
    pub ammo: AmmoUse,
    pub hit: HitKind,
    pub multiple_hit: bool,
    pub keeps_rof: Option<bool>,
    pub breakdown: Option<Breakdown>,
    pub result: Option<IftResult>,
}

impl ShotOutcome {
    pub fn summary(&self) -> ShotSummary {
        ShotSummary {
            ammo: self.ammo,
            hit: self.hit,
            multiple_hit: self.multiple_hit,
            keeps_rof: self.keeps_rof,
            breakdown: self.breakdown,
            result: self.effects.map(|e| e.result),
        }
    }
}

/// Resolves one shot from its dice. Pure: the same dice give the same
/// outcome. Dice are read in this order: the To Hit DR (colored, white); a
/// subsequent dr if an Original 2 calls for one; for an HE hit, the effects
/// DR, and a second effects DR for a Multiple Hit.
pub fn resolve_shot(shot: &Shot, dice: &mut dyn Dice) -> ShotOutcome {
    let th = dice.dr();
    let original = th.original();

    // C2.24: Multiple ROF is kept on the colored die, hit or miss.
    let keeps_rof = shot.effective_rof.map(|rof| th.colored <= rof);

    // A.11, C5.62, A21.11: malfunction on the Original DR, X# when lowered.
    let breakdown = shot.effective_breakdown.map(|effective| {
        let printed = shot.printed_breakdown.unwrap_or(effective);
        if original < effective {
            Breakdown::None
        } else if effective < printed && original >= printed {
            Breakdown::Removed
        } else {
            Breakdown::Malfunctioned
        }
    });

    // C8.9: special ammunition depletion on the Original DR.
    let ammo = match shot.depletion {
        None => AmmoUse::Unlimited,
        Some(n) if original < n => AmmoUse::Used,
        Some(n) if original == n => AmmoUse::RunsOut,
        Some(_) => AmmoUse::NoneLeft,
    };
    if ammo == AmmoUse::NoneLeft {
        return ShotOutcome {
            to_hit_dr: th,
            ammo,
            hit: HitKind::Miss,
            multiple_hit: false,
            keeps_rof,
            breakdown,
            effects: None,
        };
    }

    // C3.3, C3.6, C3.7: the hit test.
    let hit = hit_test(shot.to_hit_number, shot.drm, th, dice);
    // C3.8: a non-CH hit on an Original doubles, never on an Improbable Hit.
    let multiple_hit = shot.multiple_hits
        && hit == HitKind::Hit
        && th.is_doubles()
        && shot.hit_mode != HitMode::Improbable;

    let attack = match hit {
        HitKind::Miss => None,
        HitKind::Hit => shot.normal_attack.as_ref(),
        HitKind::Critical => shot.critical_attack.as_ref(),
    };
    let effects = attack.map(|attack| {
        let first = dice.dr();
        let dr = if multiple_hit {
            let second = dice.dr();
            // Reading: the firer keeps the lower effects DR.
            if readings::MULTIPLE_HIT_KEEPS_LOWER_DR && second.original() < first.original() {
                second
            } else {
                first
            }
        } else {
            first
        };
        let final_dr = i16::from(dr.original()) + attack.drm();
        EffectsRoll {
            dr,
            final_dr,
            result: attack.column.result(final_dr),
        }
    });
    ShotOutcome {
        to_hit_dr: th,
        ammo,
        hit,
        multiple_hit,
        keeps_rof,
        breakdown,
        effects,
    }
}

/// The exact odds of one shot: every dice outcome enumerated through
/// [`resolve_shot`].
#[derive(Clone, Debug)]
pub struct ShotOdds {
    pub table: Dist<ShotSummary>,
}

impl ShotOdds {
    pub fn of(shot: &Shot) -> ShotOdds {
        ShotOdds {
            table: Dist::enumerate(|dice| resolve_shot(shot, dice).summary()),
        }
    }

    pub fn p_hit(&self) -> Prob {
        self.table.prob(|s| s.hit.is_hit())
    }

    pub fn p_critical_hit(&self) -> Prob {
        self.table.prob(|s| s.hit == HitKind::Critical)
    }

    pub fn p_multiple_hit(&self) -> Prob {
        self.table.prob(|s| s.multiple_hit)
    }

    /// `None` when the ROF is not known.
    pub fn p_keep_rof(&self) -> Option<Prob> {
        self.known(|s| s.keeps_rof).map(|d| d.prob(|k| *k))
    }

    /// P(malfunction, X# included); `None` when the B# is not known.
    pub fn p_malfunction(&self) -> Option<Prob> {
        self.known(|s| s.breakdown)
            .map(|d| d.prob(|b| *b != Breakdown::None))
    }

    /// P(X#: removed for good); `None` when the B# is not known.
    pub fn p_removed(&self) -> Option<Prob> {
        self.known(|s| s.breakdown)
            .map(|d| d.prob(|b| *b == Breakdown::Removed))
    }

    pub fn p_ammo(&self, ammo: AmmoUse) -> Prob {
        self.table.prob(|s| s.ammo == ammo)
    }

    /// The IFT results of a hit of this kind, given such a hit.
    pub fn ift_given(&self, kind: HitKind) -> Option<Dist<IftResult>> {
        self.table
            .given(|s| s.hit == kind && s.result.is_some())
            .map(|d| d.map(|s| s.result.unwrap_or(IftResult::NoEffect)))
    }

    /// The distribution of a field that is either known on every outcome or
    /// on none.
    fn known<T: Ord + Clone>(&self, f: impl Fn(&ShotSummary) -> Option<T>) -> Option<Dist<T>> {
        let d = self.table.map(&f);
        if d.iter().any(|(v, _)| v.is_none()) {
            return None;
        }
        Some(d.map(|v| v.clone().expect("checked above")))
    }
}

/// The printed range as a [`RangeLimits`], for callers that parse "MIN-MAX".
pub fn parse_range_limits(text: &str) -> Option<RangeLimits> {
    let (a, b) = text.split_once('-')?;
    let min = a.trim().parse().ok()?;
    let max = b.trim().parse().ok()?;
    (min <= max).then_some(RangeLimits { min, max })
}
