//! Whole fire sequences: a mortar firing at one hex across fire phases and
//! Player Turns (Rate of Fire, Acquisition, Intensive Fire, malfunction and
//! repair).
//!
//! [`FirePlan::new`] checks a plan (`check.rs`) and builds every [`Shot`]
//! it can need (one per phase kind, Acquisition level, Intensive Fire or
//! not, first shot or not, and, when the firer's pin is given, in the
//! plan's first Player Turn or after). [`chain`] turns the plan into a
//! Markov chain whose one transition function fires one shot through
//! `resolve_shot` or moves to the next phase; [`exact`] solves that chain
//! exactly and [`monte_carlo`] samples it.

pub mod chain;
mod check;
pub use check::MAX_PHASES;
mod compile;
pub mod exact;
pub mod figures;
mod joint_law;
mod limits;
mod lump;
pub mod monte_carlo;
mod prepared;
mod reference_pass;
mod shot_effect;
mod shot_parts;
pub mod simulate;
mod smooth;
mod smooth_blocks;
mod smooth_exponents;
mod smooth_jobs;
mod smooth_moves;
mod smooth_pass;
mod smooth_phases;
mod smooth_slots;
mod smooth_sums;
mod tally;
mod twins;
mod weighed;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::Result;
use crate::rules::firer::Phase;
use crate::rules::outcomes::in_action;
use crate::rules::sequence::{self, same_player_turn};
use crate::rules::shot::{Shot, ShotInput};
use crate::rules::units::{Unit, UnitStates};
use twins::Twins;

/// When the firer stops firing for good.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopRule {
    /// Fire every listed phase.
    #[default]
    Never,
    /// Stop after the first hit (a Critical Hit included).
    FirstHit,
    /// Stop after the first Critical Hit.
    FirstCriticalHit,
    /// Stop once the target hex has no Good Order enemy unit (all broken or
    /// eliminated; vehicles eliminated).
    TargetBroken,
    /// Stop once every enemy unit in the hex is eliminated.
    TargetEliminated,
}

/// When to use Intensive Fire (C5.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IntensiveFirePolicy {
    #[default]
    /// Never (the default).
    Never,
    /// Whenever the rules allow it: a Gun, ROF lost, not in the AFPh, crew
    /// not pinned (nor its Spotter), once per Player Turn.
    WheneverAllowed,
    /// As `WheneverAllowed`, but only while the hex still holds a Good
    /// Order enemy unit.
    WhileTargetGoodOrder,
}

/// One listed fire phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlanPhase {
    /// The phase: PFPh, DFPh or AFPh.
    pub phase: Phase,
    /// Stop firing in this phase after this many shots (the weapon may then
    /// go on into the AFPh of the same Player Turn if it kept ROF).
    pub max_shots: Option<u8>,
}

impl PlanPhase {
    /// The most shots the weapon fires in this phase: the plan's cap and
    /// the phase's own rule (one in the AFPh, C5.2), the lower of the two.
    pub fn shot_cap(&self) -> Option<u8> {
        match (self.max_shots, self.phase.max_shots()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A fire plan, as the player gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanInput {
    /// The fire phases, in the order they come.
    pub phases: Vec<PlanPhase>,
    /// When to stop firing.
    pub stop: StopRule,
    /// When to use Intensive Fire (C5.6).
    pub intensive_fire: IntensiveFirePolicy,
    /// Try to repair a malfunctioned weapon in each Rally Phase (A9.72).
    pub repair: bool,
    /// Acquisition level on the hex before the first shot.
    pub acquisition: u8,
}

/// The Shot variants a plan needs, by what changes from shot to shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShotKey {
    /// The phase the shot is fired in.
    pub phase: Phase,
    /// Acquisition level on the hex (C6.5).
    pub acquisition: u8,
    /// Fired as Intensive Fire (C5.6).
    pub intensive: bool,
    /// The first shot of the plan: the one that makes any CA change (C5.12).
    pub first: bool,
    /// The firer's or its Spotter's pin, as given, holds for this shot: it
    /// falls in the plan's first Player Turn, the one the pin is given for
    /// (A7.8), after which it is lifted
    /// ([`sequence::firer_at_new_player_turn`]). Never set when no pin is
    /// given, so that a phase's shots are one shot in every Player Turn.
    pub pinned: bool,
}

/// A checked fire plan.
#[derive(Clone, Debug)]
pub struct FirePlan {
    /// The plan as given.
    pub input: PlanInput,
    /// The shot as given: the mortar, firer and target of every shot.
    pub shot_input: ShotInput,
    shots: BTreeMap<ShotKey, Shot>,
    /// How many of the listed phases the firer's given pin holds in: those
    /// of the plan's first Player Turn, or none when no pin is lifted.
    pinned_phases: usize,
    /// Intensive Fire is possible at all (a Gun, policy, crew not pinned
    /// nor in effect pinned by its Spotter): with the given pin holding,
    /// and without.
    intensive_possible: [bool; 2],
    /// Acquisition can be gained at all (C6.5).
    pub acquisition_possible: bool,
    /// The weapon's repair number (A9.72), if it has one.
    pub repair_number: Option<u8>,
    /// The hex's identical units, whose states the exact chain keeps as one.
    twins: Twins,
}

impl FirePlan {
    /// Checks the plan and works out each shot variant it needs; a bad input gets an error naming the field.
    pub fn new(shot_input: ShotInput, input: PlanInput) -> Result<FirePlan> {
        let check::Checked {
            repair_number,
            acquisition_possible,
        } = check::check(&shot_input, &input)?;
        let firer_in = |pinned: bool| {
            if pinned {
                shot_input.firer.clone()
            } else {
                sequence::firer_at_new_player_turn(&shot_input.firer)
            }
        };
        let pinned_phases = if firer_in(true) == firer_in(false) {
            0
        } else {
            player_turns_of(&input.phases)
                .iter()
                .take_while(|&&turn| turn == 1)
                .count()
        };
        let intensive_possible = [true, false].map(|pinned| {
            input.intensive_fire != IntensiveFirePolicy::Never
                && firer_in(pinned).crew_may_intensive_fire()
        });

        let mut shots = BTreeMap::new();
        let acquisitions: &[u8] = if acquisition_possible {
            &[0, 1, 2]
        } else {
            &[0]
        };
        for (i, phase) in input.phases.iter().map(|p| p.phase).enumerate() {
            let pinned = i < pinned_phases;
            let possible = intensive_possible[usize::from(!pinned)];
            for &acquisition in acquisitions {
                for first in [true, false] {
                    for intensive in [false, true] {
                        if intensive && (first || !possible || phase == Phase::Advancing) {
                            continue;
                        }
                        let key = ShotKey {
                            phase,
                            acquisition,
                            intensive,
                            first,
                            pinned,
                        };
                        let mut si = shot_input.clone();
                        si.firer = firer_in(pinned);
                        si.firer.phase = phase;
                        si.firer.intensive_fire = intensive;
                        if !first {
                            si.firer.ca_change = 0;
                        }
                        si.target = sequence::target_in_phase(&si.target, phase);
                        si.target.acquisition = acquisition;
                        for unit in &mut si.units {
                            unit.location = sequence::target_in_phase(&unit.location, phase);
                        }
                        shots.insert(key, Shot::new(si)?);
                    }
                }
            }
        }
        let twins = Twins::of(&shot_input.units);
        Ok(FirePlan {
            input,
            shot_input,
            shots,
            pinned_phases,
            intensive_possible,
            acquisition_possible,
            repair_number,
            twins,
        })
    }

    /// The hex's identical units (see `twins.rs`).
    pub(crate) fn twins(&self) -> &Twins {
        &self.twins
    }

    /// The same plan with every unit of the hex told apart (for tests of
    /// the merging of identical units).
    #[cfg(test)]
    pub(crate) fn without_twins(mut self) -> FirePlan {
        self.twins = Twins::default();
        self
    }

    /// The firer's given pin holds in listed phase `phase` (an index): it
    /// is in the plan's first Player Turn, and a pin is given and lifted
    /// after it ([`ShotKey::pinned`]).
    pub fn firer_pinned_in(&self, phase: usize) -> bool {
        phase < self.pinned_phases
    }

    /// Intensive Fire is possible at all in listed phase `phase` (an
    /// index): a Gun, the plan's policy, a crew neither pinned nor in
    /// effect pinned by its Spotter (C5.6, C9.3) then.
    pub fn intensive_possible(&self, phase: usize) -> bool {
        self.intensive_possible[usize::from(!self.firer_pinned_in(phase))]
    }

    /// Some phase of the plan may fire an Intensive Fire shot: the plan
    /// holds one ([`ShotKey::intensive`]). False when its policy is
    /// "never", and when no phase allows it (a stunned firer, the AFPh, a
    /// crew pinned in the plan's only Player Turn).
    pub fn intensive_fire_anywhere(&self) -> bool {
        self.shots.keys().any(|k| k.intensive)
    }

    /// The plan's first shot, as the first listed phase fires it.
    pub fn first_shot(&self) -> &Shot {
        self.shot(ShotKey {
            phase: self.input.phases[0].phase,
            acquisition: self.input.acquisition,
            intensive: false,
            first: true,
            pinned: self.firer_pinned_in(0),
        })
    }

    /// The shot for this situation (built by `new`).
    pub fn shot(&self, key: ShotKey) -> &Shot {
        &self.shots[&key]
    }

    /// The units of the target hex.
    pub fn units(&self) -> &[Unit] {
        &self.shot_input.units
    }

    /// Some enemy unit is still in action (Good Order; a vehicle not eliminated).
    pub fn enemy_in_action(&self, states: &UnitStates) -> bool {
        self.units()
            .iter()
            .zip(states.iter())
            .any(|(u, s)| u.enemy && in_action(u, &s))
    }

    /// Some enemy unit is out of action (broken or eliminated; a vehicle
    /// eliminated).
    pub fn enemy_out(&self, states: &UnitStates) -> bool {
        self.units()
            .iter()
            .zip(states.iter())
            .any(|(u, s)| u.enemy && !in_action(u, &s))
    }

    /// Every enemy unit is eliminated.
    pub fn enemy_eliminated(&self, states: &UnitStates) -> bool {
        self.units()
            .iter()
            .zip(states.iter())
            .all(|(u, s)| !u.enemy || s.eliminated)
    }

    /// Player Turn number (1-based) of each listed phase.
    pub fn player_turns(&self) -> Vec<u32> {
        player_turns_of(&self.input.phases)
    }
}

/// Player Turn number (1-based) of each of `phases`.
fn player_turns_of(phases: &[PlanPhase]) -> Vec<u32> {
    let mut turns = Vec::with_capacity(phases.len());
    let mut turn = 0;
    for (i, p) in phases.iter().enumerate() {
        if i == 0 || !same_player_turn(phases[i - 1].phase, p.phase) {
            turn += 1;
        }
        turns.push(turn);
    }
    turns
}
