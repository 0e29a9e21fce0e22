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

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::Serialize;

use super::attack_law::{self, Term};
use super::effects::{Attack, afv_attack, critical_attack, normal_attack};
use super::firer::{Firer, GunType, Manning, Phase};
use super::ift::IftResult;
use super::location::{self, LocationState, Occupants, Resolving};
use super::mortar::{Ammo, LONE_SMC_MAX_CALIBER, Mortar, Type89};
use super::outcomes::HexOdds;
use super::random_selection::random_selection;
use super::readings;
use super::target::Target;
use super::to_hit::{
    HitKind, HitMode, Modifier, firer_modifiers, hit_test, target_modifiers, to_hit_number, total,
};
use super::units::{Check, Unit, UnitKind, UnitState};
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
    let acquisition_allowed =
        !mortar.acquisition_na && (*ammo != Ammo::Smoke || readings::SMOKE_SHOT_USES_ACQUISITION);
    let mut drm_modifiers = firer_mods.to_vec();
    drm_modifiers.extend(target_modifiers(location, acquisition_allowed));
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

fn check_unit(i: usize, unit: &Unit, mortar: &Mortar) -> Result<()> {
    check_target(&unit.location, mortar).map_err(|e| match e {
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
        location::check_stack("target.units", &target.units)?;
        let mut units = Vec::with_capacity(target.units.len());
        for (i, unit) in target.units.iter().enumerate() {
            check_unit(i, unit, mortar)?;
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
    check(
        firer.leader_drm == 0 || firer.manning != Manning::LoneSmc,
        "firer.leader_drm",
        || {
            "a leader never directs his own fire: a lone SMC firing (firer.manning = \"lone-smc\") takes no leader_drm; leave it at 0".into()
        },
    )?;
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
    None,
    Malfunctioned,
    /// An X# result: the B# was lowered and the DR reached the printed B#.
    Removed,
}

/// One thing a shot can hit: the hex itself (no unit: the result is the IFT
/// result), or one unit in it.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetShot {
    pub unit: Option<Unit>,
    pub drm_modifiers: Vec<Modifier>,
    pub drm: i16,
    pub hit_mode: HitMode,
    pub air_burst: bool,
    pub normal_attack: Option<Attack>,
    pub critical_attack: Option<Attack>,
}

impl TargetShot {
    fn in_los(&self) -> bool {
        self.unit.as_ref().is_none_or(|u| u.in_los)
    }

    fn enemy(&self) -> bool {
        self.unit.as_ref().is_none_or(|u| u.enemy)
    }

    fn kind(&self) -> Option<UnitKind> {
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

pub use super::location::Group;

/// Where the resolution of a shot stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    ToHit,
    Effects,
    Units,
    Done,
}

/// The state of a shot being resolved, target by target.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotState {
    pub stage: Stage,
    pub ammo: AmmoUse,
    pub keeps_rof: Option<bool>,
    pub breakdown: Option<Breakdown>,
    pub hits: Vec<HitKind>,
    pub multiple: Vec<bool>,
    pub results: Vec<Option<IftResult>>,
    pub units: Vec<UnitState>,
    pub groups: Vec<Group>,
    pub pending: Vec<Option<Check>>,
    /// The units' states as Leader Loss has accounted for them (A10.2).
    pub seen: Vec<UnitState>,
    /// The dice, kept for single runs and cleared by the exact engine so
    /// that equal states merge.
    pub to_hit_dr: Option<Dr>,
    pub rolls: Vec<Option<(Dr, i16)>>,
}

impl ShotState {
    fn forget_dice(mut self) -> Self {
        self.to_hit_dr = None;
        self.rolls.iter_mut().for_each(|r| *r = None);
        self
    }

    /// The units' part of the state, owned.
    fn location(&self) -> LocationState {
        LocationState {
            results: self.results.clone(),
            units: self.units.clone(),
            groups: self.groups.clone(),
            pending: self.pending.clone(),
            seen: self.seen.clone(),
        }
    }

    /// The state once the units are resolved to `units`, as the stepped
    /// process leaves it.
    fn resolved(&self, units: &[UnitState]) -> ShotState {
        ShotState {
            stage: Stage::Done,
            units: units.to_vec(),
            seen: units.to_vec(),
            groups: Vec::new(),
            pending: vec![None; self.pending.len()],
            ..self.clone()
        }
    }

    /// The units' part of the state, for the attack on the Location.
    fn resolving(&mut self) -> Resolving<'_> {
        Resolving {
            results: &mut self.results,
            units: &mut self.units,
            groups: &mut self.groups,
            pending: &mut self.pending,
            seen: &mut self.seen,
        }
    }
}

/// A shot at a list of targets: the one function of the dice that resolves
/// it, step by step ([`ShotProcess::step`]).
pub struct ShotProcess<'a> {
    pub shot: &'a Shot,
    pub targets: Cow<'a, [TargetShot]>,
    /// Order of the morale and pin checks: leaders first, higher morale first.
    order: Vec<usize>,
}

impl<'a> ShotProcess<'a> {
    /// The shot at the hex alone (no units): IFT results only.
    pub fn hex(shot: &'a Shot) -> Self {
        Self::new(shot, Cow::Owned(vec![shot.hex_target()]))
    }

    /// The shot at the units in the hex.
    pub fn units(shot: &'a Shot) -> Self {
        Self::new(shot, Cow::Borrowed(&shot.units))
    }

    /// The units if the hex has any, else the hex alone.
    pub fn of(shot: &'a Shot) -> Self {
        if shot.units.is_empty() {
            Self::hex(shot)
        } else {
            Self::units(shot)
        }
    }

    fn new(shot: &'a Shot, targets: Cow<'a, [TargetShot]>) -> Self {
        let order = location::check_order(&*targets);
        ShotProcess {
            shot,
            targets,
            order,
        }
    }

    /// The state before the dice, with the units as they stand.
    pub fn start(&self, units: &[UnitState]) -> ShotState {
        let n = self.targets.len();
        ShotState {
            stage: Stage::ToHit,
            ammo: AmmoUse::Unlimited,
            keeps_rof: None,
            breakdown: None,
            hits: vec![HitKind::Miss; n],
            multiple: vec![false; n],
            results: vec![None; n],
            units: units.to_vec(),
            groups: Vec::new(),
            pending: vec![None; n],
            seen: units.to_vec(),
            to_hit_dr: None,
            rolls: vec![None; n],
        }
    }

    /// The units' states before the shot.
    pub fn start_units(&self) -> Vec<UnitState> {
        self.targets
            .iter()
            .map(|t| t.unit.as_ref().map(|u| u.start).unwrap_or_default())
            .collect()
    }

    pub fn finished(state: &ShotState) -> bool {
        state.stage == Stage::Done
    }

    /// Resolves the shot with these dice, start to end.
    pub fn run(&self, units: &[UnitState], dice: &mut dyn Dice) -> ShotState {
        self.run_until(units, Self::finished, dice)
    }

    /// Every outcome of the shot, exactly: the To Hit and effects DR
    /// stepped, then the units' Random Selections and checks composed
    /// ([`attack_law::resolve`]), each distinct situation worked out once.
    pub fn exact(&self, units: &[UnitState]) -> Dist<ShotState> {
        let attacked =
            self.exact_until(units, |s| !matches!(s.stage, Stage::ToHit | Stage::Effects));
        let laws: RefCell<BTreeMap<LocationState, Dist<Vec<UnitState>>>> = RefCell::default();
        attacked.bind(|s| {
            if s.stage == Stage::Done {
                return Dist::certain(s.clone());
            }
            let location = s.location();
            let law = laws
                .borrow_mut()
                .entry(location)
                .or_insert_with_key(|l| attack_law::resolve(&*self.targets, &self.order, l))
                .clone();
            law.map(|units| s.resolved(units))
        })
    }

    /// Every outcome of the shot as a mixture of products: for each way
    /// the dice fall up to the units' checks, the hits and the term of the
    /// units' law ([`attack_law::resolve_terms`]).
    pub fn exact_terms(&self, units: &[UnitState]) -> Vec<(Vec<HitKind>, Term)> {
        let attacked =
            self.exact_until(units, |s| !matches!(s.stage, Stage::ToHit | Stage::Effects));
        let mut terms_of: BTreeMap<LocationState, Vec<Term>> = BTreeMap::new();
        let laws = attack_law::Laws::default();
        let mut out = Vec::new();
        for (s, p) in attacked.iter() {
            if s.stage == Stage::Done {
                let term = Term {
                    p: p.clone(),
                    base: s.units.clone(),
                    factors: Vec::new(),
                };
                out.push((s.hits.clone(), term));
                continue;
            }
            let terms = terms_of.entry(s.location()).or_insert_with_key(|l| {
                attack_law::resolve_terms(&*self.targets, &self.order, l, &laws)
            });
            for t in terms.iter() {
                let term = Term {
                    p: p * &t.p,
                    ..t.clone()
                };
                out.push((s.hits.clone(), term));
            }
        }
        out
    }

    /// Every outcome of the shot, exactly, by stepping the whole process:
    /// the reference [`exact`](Self::exact) is tested against.
    pub fn exact_stepped(&self, units: &[UnitState]) -> Dist<ShotState> {
        self.exact_until(units, Self::finished)
    }

    /// Finished with the To Hit DR: all a plan needs when the hex has no
    /// units (ROF, malfunction and the hit do not depend on the effects).
    pub fn to_hit_done(state: &ShotState) -> bool {
        state.stage != Stage::ToHit
    }

    /// Resolves the shot with these dice until `done`.
    pub fn run_until(
        &self,
        units: &[UnitState],
        done: impl Fn(&ShotState) -> bool,
        dice: &mut dyn Dice,
    ) -> ShotState {
        let mut state = self.start(units);
        while !done(&state) {
            state = self.step(&state, dice);
        }
        state
    }

    /// Every outcome of the shot until `done`, exactly.
    pub fn exact_until(
        &self,
        units: &[UnitState],
        done: impl Fn(&ShotState) -> bool,
    ) -> Dist<ShotState> {
        Dist::certain(self.start(units)).run(done, |s, d| self.step(s, d).forget_dice())
    }

    /// One step: the To Hit DR, then the effects DR, then each Random
    /// Selection and each unit's check in turn. Pure.
    pub fn step(&self, state: &ShotState, dice: &mut dyn Dice) -> ShotState {
        let mut s = state.clone();
        match s.stage {
            Stage::ToHit => self.to_hit(&mut s, dice),
            Stage::Effects => self.effects(&mut s, dice),
            Stage::Units => self.unit_task(&mut s, dice),
            Stage::Done => {}
        }
        s
    }

    fn to_hit(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        let shot = self.shot;
        let th = dice.dr();
        let original = th.original();
        s.to_hit_dr = Some(th);
        // C2.24: Multiple ROF is kept on the colored die, hit or miss.
        s.keeps_rof = shot.effective_rof.map(|rof| th.colored <= rof);
        // A.11, C5.62, A21.11: malfunction on the Original DR, X# when lowered.
        s.breakdown = shot.effective_breakdown.map(|effective| {
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
        s.ammo = match shot.depletion {
            None => AmmoUse::Unlimited,
            Some(n) if original < n => AmmoUse::Used,
            Some(n) if original == n => AmmoUse::RunsOut,
            Some(_) => AmmoUse::NoneLeft,
        };
        if s.ammo == AmmoUse::NoneLeft {
            s.stage = Stage::Done;
            return;
        }
        // C3.3, C3.6, C3.7: one TH DR for the hex, each target by its own DRM.
        let mut subsequent = None;
        let present = |i: usize| !s.units[i].eliminated;
        for (i, t) in self.targets.iter().enumerate() {
            if present(i) && t.in_los() {
                s.hits[i] = hit_test(shot.to_hit_number, t.drm, th, &mut subsequent, dice);
            }
        }
        // C3.33: out of LOS, a unit is hit only if the hardest-to-hit
        // (highest TH DRM) enemy unit in LOS was hit.
        let reference = (0..self.targets.len())
            .filter(|&i| present(i) && self.targets[i].in_los() && self.targets[i].enemy())
            .max_by_key(|&i| (self.targets[i].drm, std::cmp::Reverse(i)));
        for (i, t) in self.targets.iter().enumerate() {
            if present(i) && !t.in_los() {
                s.hits[i] = reference.map_or(HitKind::Miss, |r| s.hits[r]);
            }
        }
        // C3.8: a non-CH hit on an Original doubles, never an Improbable Hit;
        // a shot whose TH DR is a Critical Hit scores no Multiple Hit at all.
        let critical: Vec<usize> = (0..s.hits.len())
            .filter(|&i| s.hits[i] == HitKind::Critical)
            .collect();
        for (i, t) in self.targets.iter().enumerate() {
            s.multiple[i] = shot.multiple_hits
                && critical.is_empty()
                && th.is_doubles()
                && s.hits[i] == HitKind::Hit
                && t.hit_mode != HitMode::Improbable;
        }
        // C3.74: the Critical Hit goes to a vehicle if one was critically
        // hit, else to the unit(s) chosen by Random Selection, ties included
        // (A.9); the others are hit normally.
        if critical.len() > 1 {
            let vehicles: Vec<usize> = critical
                .iter()
                .copied()
                .filter(|&i| self.targets[i].kind().is_some_and(UnitKind::is_vehicle))
                .collect();
            let candidates = if vehicles.is_empty() {
                &critical
            } else {
                &vehicles
            };
            let chosen = random_selection(candidates.len(), 1, dice);
            for &i in &critical {
                let keeps = candidates
                    .iter()
                    .position(|&c| c == i)
                    .is_some_and(|k| chosen[k]);
                if !keeps {
                    s.hits[i] = HitKind::Hit;
                }
            }
        }
        let any_hit = s.hits.iter().any(|h| h.is_hit());
        s.stage = if any_hit && shot.input.ammo == Ammo::He {
            Stage::Effects
        } else {
            Stage::Done
        };
    }

    fn effects(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        let first = dice.dr();
        let second = s.multiple.iter().any(|m| *m).then(|| dice.dr());
        let mut hits = Vec::with_capacity(self.targets.len());
        for (i, t) in self.targets.iter().enumerate() {
            let attack = match s.hits[i] {
                HitKind::Miss => continue,
                HitKind::Hit => t.normal_attack.as_ref(),
                HitKind::Critical => t.critical_attack.as_ref(),
            };
            let Some(attack) = attack else { continue };
            // Reading: the firer keeps the lower effects DR of a Multiple Hit.
            let dr = match second {
                Some(b)
                    if s.multiple[i]
                        && readings::MULTIPLE_HIT_KEEPS_LOWER_DR
                        && b.original() < first.original() =>
                {
                    b
                }
                _ => first,
            };
            let final_dr = i16::from(dr.original()) + attack.drm();
            s.rolls[i] = Some((dr, final_dr));
            hits.push((i, attack.column, dr, final_dr));
        }
        location::apply_attack(&*self.targets, hits, &mut s.resolving());
        s.stage = Stage::Units;
    }

    fn unit_task(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        if !location::next_task(&*self.targets, &self.order, &mut s.resolving(), dice) {
            s.stage = Stage::Done;
        }
    }
}

/// The IFT roll of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EffectsRoll {
    /// The effects DR used (for a Multiple Hit, the better of the two).
    pub dr: Dr,
    pub final_dr: i16,
    pub result: IftResult,
}

/// Everything one shot's dice decided, for the first target.
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

/// The dice-free summary of the hex's outcome, the key of the exact table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotSummary {
    pub ammo: AmmoUse,
    pub hit: HitKind,
    pub multiple_hit: bool,
    pub keeps_rof: Option<bool>,
    pub breakdown: Option<Breakdown>,
    pub result: Option<IftResult>,
}

impl ShotState {
    pub fn summary(&self) -> ShotSummary {
        ShotSummary {
            ammo: self.ammo,
            hit: self.hits.first().copied().unwrap_or(HitKind::Miss),
            multiple_hit: self.multiple.first().copied().unwrap_or(false),
            keeps_rof: self.keeps_rof,
            breakdown: self.breakdown,
            result: self.results.first().copied().flatten(),
        }
    }
}

/// Resolves one shot at the hex (no units) from its dice. Pure. Dice are
/// read in this order: the To Hit DR (colored, white); a subsequent dr if an
/// Original 2 calls for one; for an HE hit, the effects DR, and a second
/// effects DR for a Multiple Hit.
pub fn resolve_shot(shot: &Shot, dice: &mut dyn Dice) -> ShotOutcome {
    let process = ShotProcess::hex(shot);
    let state = process.run(&process.start_units(), dice);
    let summary = state.summary();
    ShotOutcome {
        to_hit_dr: state.to_hit_dr.expect("a finished shot has rolled To Hit"),
        ammo: summary.ammo,
        hit: summary.hit,
        multiple_hit: summary.multiple_hit,
        keeps_rof: summary.keeps_rof,
        breakdown: summary.breakdown,
        effects: match (state.rolls[0], summary.result) {
            (Some((dr, final_dr)), Some(result)) => Some(EffectsRoll {
                dr,
                final_dr,
                result,
            }),
            _ => None,
        },
    }
}

/// The exact odds of one shot at the hex: every dice outcome of the shot's
/// process.
#[derive(Clone, Debug)]
pub struct ShotOdds {
    pub table: Dist<ShotSummary>,
}

impl ShotOdds {
    pub fn of(shot: &Shot) -> ShotOdds {
        let process = ShotProcess::hex(shot);
        ShotOdds {
            table: process
                .exact(&process.start_units())
                .map(ShotState::summary),
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

/// The exact odds of one shot at the units of the hex.
#[derive(Clone, Debug)]
pub struct UnitShotOdds {
    /// The law of the shot, as a mixture of products: for each way the dice
    /// fall up to the units' checks, which units were hit (and how), and
    /// the term of the units' states after the shot ([`Term`]: the units
    /// that are not leaders end independently of each other).
    pub terms: Vec<(Vec<HitKind>, Term)>,
    pub hex: HexOdds,
}

impl UnitShotOdds {
    /// `None` when the hex has no units.
    pub fn of(shot: &Shot) -> Option<UnitShotOdds> {
        if shot.units.is_empty() {
            return None;
        }
        let process = ShotProcess::units(shot);
        let terms = process.exact_terms(&process.start_units());
        let hex = HexOdds::of_terms(&shot.input.target.units, terms.iter().map(|(_, t)| t));
        Some(UnitShotOdds { terms, hex })
    }

    pub fn p_hit(&self, i: usize) -> Prob {
        self.p_hits(|h| h[i].is_hit())
    }

    pub fn p_critical_hit(&self, i: usize) -> Prob {
        self.p_hits(|h| h[i] == HitKind::Critical)
    }

    fn p_hits(&self, pred: impl Fn(&[HitKind]) -> bool) -> Prob {
        self.terms
            .iter()
            .filter(|(h, _)| pred(h))
            .map(|(_, t)| &t.p)
            .sum()
    }

    /// The joint law of (hits, every unit's state after the shot): as large
    /// as the product of the units' outcomes, for small stacks and tests.
    pub fn joint(&self) -> Dist<(Vec<HitKind>, Vec<UnitState>)> {
        Dist::from_masses(self.terms.iter().flat_map(|(hits, t)| {
            t.joint()
                .iter()
                .map(|(units, q)| ((hits.clone(), units.clone()), &t.p * q))
                .collect::<Vec<_>>()
        }))
    }
}
