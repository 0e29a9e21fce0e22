//! A shot resolved step by step: [`ShotProcess::step`] is the one pure
//! function of the dice that decides a shot at its targets (the To Hit DR,
//! the effects DR, then each Random Selection and check); [`resolve_shot`]
//! runs it with dice for the hex alone. The exact engine works out every
//! outcome from it (`engine::shot::exact`).

use std::borrow::Cow;

use super::location;
use super::mortar::Ammo;
use super::random_selection::random_selection;
use super::readings;
use super::shot::{AmmoUse, Breakdown, Shot, TargetShot};
use super::to_hit::{HitKind, HitMode, hit_test};
use super::units::{UnitKind, UnitState};
use crate::dice::Dice;

pub use super::location::Group;
pub use super::location::{LocationState, MAX_TARGETS, Slots};
pub use outcome::{
    AfterToHit, EffectsKey, EffectsRoll, ShotOutcome, ShotSummary, ToHitPart, resolve_shot,
};

mod outcome;
mod state;

pub use state::{ShotState, Stage};

/// A shot at a list of targets: the one function of the dice that resolves
/// it, step by step ([`ShotProcess::step`]).
pub struct ShotProcess<'a> {
    /// The checked shot.
    pub shot: &'a Shot,
    /// What it fires at: the hex alone, or each unit in it.
    pub targets: Cow<'a, [TargetShot]>,
    /// The printed order of the checks (`location::check_order`): the order
    /// of ties when leaders check by their current Morale Level.
    pub(crate) order: Vec<usize>,
}

/// A unit in this state is still in the hex for the To Hit DR to hit: an
/// eliminated one is not.
fn is_target(state: &UnitState) -> bool {
    !state.eliminated
}

/// C3.33: the target whose hit the targets out of LOS take: the enemy
/// unit in LOS, among those `present`, with the highest To Hit DRM (the
/// first listed on a tie). `None` without one: then a unit out of LOS is
/// not hit (Reading `out-of-los-reference`).
pub fn hit_reference(targets: &[TargetShot], present: impl Fn(usize) -> bool) -> Option<usize> {
    (0..targets.len())
        .filter(|&i| present(i) && targets[i].in_los() && targets[i].enemy())
        .max_by_key(|&i| (targets[i].drm, std::cmp::Reverse(i)))
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
            hits: Slots::filled(n, HitKind::Miss),
            multiple: Slots::filled(n, false),
            location: LocationState::new(units),
            to_hit_dr: None,
            rolls: Slots::filled(n, None),
        }
    }

    /// The units' states before the shot.
    pub fn start_units(&self) -> Vec<UnitState> {
        self.targets
            .iter()
            .map(|t| t.unit.as_ref().map(|u| u.start).unwrap_or_default())
            .collect()
    }

    /// Whether the shot is fully resolved.
    pub fn finished(state: &ShotState) -> bool {
        state.stage == Stage::Done
    }

    /// Resolves the shot with these dice, start to end.
    pub fn run(&self, units: &[UnitState], dice: &mut dyn Dice) -> ShotState {
        self.run_until(units, Self::finished, dice)
    }

    /// The state a shot is in after its To Hit DR, from what that DR left.
    pub fn resume(&self, after: &AfterToHit) -> ShotState {
        ShotState {
            stage: after.stage,
            hits: after.hits,
            multiple: after.multiple,
            location: after.location.clone(),
            ..self.start(&after.location.units)
        }
    }

    /// Finished with the To Hit DR: all a plan needs when the hex has no
    /// units (ROF, malfunction and the hit do not depend on the effects).
    pub fn to_hit_done(state: &ShotState) -> bool {
        state.stage != Stage::ToHit
    }

    /// All that the To Hit DR reads of the units' states, as a key: which
    /// units are still targets (`is_target`), a bit each. The To Hit DR
    /// changes nothing of the Location, so from states with the same key
    /// its outcomes ([`to_hit_done`](Self::to_hit_done)) are the same but
    /// for the units' states each carries ([`with_units`](Self::with_units)).
    pub fn to_hit_key(units: &[UnitState]) -> u64 {
        assert!(units.len() <= 64, "a bit a unit");
        units
            .iter()
            .enumerate()
            .fold(0, |key, (i, u)| key | u64::from(is_target(u)) << i)
    }

    /// A state the To Hit DR left from some units' states, as it leaves it
    /// from `units`, which have the same [`to_hit_key`](Self::to_hit_key):
    /// its Location is still the one it started with.
    pub fn with_units(state: &ShotState, units: &[UnitState]) -> ShotState {
        debug_assert!(
            Self::to_hit_done(state) && state.location.results.iter().all(Option::is_none)
        );
        ShotState {
            location: LocationState::new(units),
            ..state.clone()
        }
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

    /// One step: the To Hit DR, then the effects DR, then each Random
    /// Selection and each unit's check in turn. Pure.
    pub fn step(&self, state: &ShotState, dice: &mut dyn Dice) -> ShotState {
        let mut s = state.clone();
        self.step_in_place(&mut s, dice);
        s
    }

    /// [`step`](Self::step) on the state itself, for an engine that keeps
    /// one buffer between the ways the dice fall.
    pub fn step_in_place(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        match s.stage {
            Stage::ToHit => self.to_hit(s, dice),
            Stage::Effects => self.effects(s, dice),
            Stage::Units => self.unit_task(s, dice),
            Stage::Done => {}
        }
    }

    fn to_hit(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        let shot = self.shot;
        // Read of the To Hit DR: the colored die against the ROF (C2.24),
        // the Original DR, and doubles for Multiple Hits (C3.8); no more.
        let th = dice.dr_read_as(shot.effective_rof, shot.multiple_hits);
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
            // C8.9: no round left, so the mortar has not fired: unless it
            // malfunctioned, it may still fire in the phase.
            let malfunctioned = s.breakdown.is_some_and(|b| b != Breakdown::None);
            s.keeps_rof = s.keeps_rof.map(|_| !malfunctioned);
            s.stage = Stage::Done;
            return;
        }
        // C3.3, C3.6, C3.7: one TH DR for the hex, each target by its own DRM.
        let mut subsequent = None;
        let present = |i: usize| is_target(&s.location.units[i]);
        for (i, t) in self.targets.iter().enumerate() {
            if present(i) && t.in_los() {
                s.hits[i] = hit_test(shot.to_hit_number, t.drm, th, &mut subsequent, dice);
            }
        }
        // C3.33: out of LOS, a unit is hit only if the hardest-to-hit
        // (highest TH DRM) enemy unit in LOS was hit.
        let reference = hit_reference(&self.targets, present);
        for (i, t) in self.targets.iter().enumerate() {
            if present(i) && !t.in_los() {
                s.hits[i] = reference.map_or(HitKind::Miss, |r| s.hits[r]);
            }
        }
        // C3.8: a non-CH hit on an Original doubles, never an Improbable Hit;
        // a shot whose TH DR is a Critical Hit scores no Multiple Hit at all.
        // Out of LOS, a unit takes the hit the reference unit took (C3.33),
        // so that hit's mode decides.
        let criticals = s.hits.iter().filter(|&&h| h == HitKind::Critical).count();
        for (i, t) in self.targets.iter().enumerate() {
            let mode = match reference {
                Some(r) if !t.in_los() => self.targets[r].hit_mode,
                _ => t.hit_mode,
            };
            s.multiple[i] = shot.multiple_hits
                && criticals == 0
                && th.is_doubles()
                && s.hits[i] == HitKind::Hit
                && mode != HitMode::Improbable;
        }
        // C3.74: the Critical Hit goes to a vehicle if one was critically
        // hit, else to the unit(s) chosen by Random Selection, ties included
        // (A.9); the others are hit normally.
        if criticals > 1 {
            let critical: Vec<usize> = (0..s.hits.len())
                .filter(|&i| s.hits[i] == HitKind::Critical)
                .collect();
            let vehicles: Vec<usize> = critical
                .iter()
                .copied()
                .filter(|&i| self.targets[i].kind().is_some_and(UnitKind::is_vehicle))
                .collect();
            // Reading `critical-hit-to-vehicle`.
            let candidates = if vehicles.is_empty() || !readings::CRITICAL_HIT_GOES_TO_VEHICLE {
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
        let attack = |i: usize, hit: HitKind| {
            let t = &self.targets[i];
            match hit {
                HitKind::Miss => None,
                HitKind::Hit => t.normal_attack.as_ref(),
                HitKind::Critical => t.critical_attack.as_ref(),
            }
        };
        // Reading: the firer keeps the lower effects DR of a Multiple Hit.
        let keeps_lower: Slots<bool> = s
            .multiple
            .map(|m| m && readings::MULTIPLE_HIT_KEEPS_LOWER_DR);
        let attacked = || (0..self.targets.len()).filter(|&i| attack(i, s.hits[i]).is_some());
        // Only an AFV reads an effects DR's dice apart (its hit location,
        // C7.7); any other target, and a Multiple Hit's choice of DR, read
        // the Original DR alone.
        let afv = self.targets.iter().any(|t| t.kind() == Some(UnitKind::Afv));
        let mut roll = || if afv { dice.dr() } else { dice.original_dr() };
        // (the first DR, the lower of the two)
        let (first, lower) = if !s.multiple.iter().any(|m| *m) {
            let first = roll();
            (first, first)
        } else if !afv && attacked().all(|i| keeps_lower[i]) {
            // Only the lower DR is read: rolled as one, by its law.
            let lower = dice.lower_original_dr();
            (lower, lower)
        } else {
            let first = roll();
            (first, first.lower(roll()))
        };
        for i in 0..self.targets.len() {
            let Some(attack) = attack(i, s.hits[i]) else {
                continue;
            };
            let dr = if keeps_lower[i] { lower } else { first };
            let final_dr = i16::from(dr.original()) + attack.drm();
            s.rolls[i] = Some((dr, final_dr));
        }
        let hits = (0..self.targets.len()).filter_map(|i| {
            let column = attack(i, s.hits[i])?.column;
            let (dr, final_dr) = s.rolls[i]?;
            Some((i, column, dr, final_dr))
        });
        location::apply_attack(&*self.targets, hits, &mut s.location.resolving());
        let units = self.targets.iter().any(|t| t.unit.is_some());
        s.stage = if units { Stage::Units } else { Stage::Done };
    }

    fn unit_task(&self, s: &mut ShotState, dice: &mut dyn Dice) {
        if !location::next_task(
            &*self.targets,
            &self.order,
            &mut s.location.resolving(),
            dice,
        ) {
            s.stage = Stage::Done;
        }
    }
}
