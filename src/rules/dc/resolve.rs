//! A checked DC attack resolved with the dice: [`Dc::step`], the one pure
//! function of the dice (the detonation DR, the target Location, then the
//! thrower's), and the state it moves ([`DcState`]).

use serde::Serialize;

use super::{Dc, LocationAttack, breaches};
use crate::dice::{Dice, Dr};
use crate::rules::location::LocationState;
/// What became of the DC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Detonation {
    /// It detonated and attacked.
    Detonated,
    /// Removed without detonating (A23.4, A23.7).
    Removed,
}

/// Where the resolution stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DcStage {
    /// Next: the DR on the target, which decides removal or detonation and attacks.
    Detonation,
    /// Next: a Random Selection or check in the target Location.
    TargetUnits,
    /// Next: the DR that attacks the thrower's Location (Thrown DC).
    Thrower,
    /// Next: a Random Selection or check in the thrower's Location.
    ThrowerUnits,
    /// Resolved: nothing is left to roll.
    Done,
}

/// The state of a DC attack being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DcState {
    /// What is to be rolled next.
    pub stage: DcStage,
    /// Whether the DC detonated; `None` before its DR.
    pub detonation: Option<Detonation>,
    /// A Breach attempt made a Breach (A23.3 EX).
    pub breached: bool,
    /// The target Location's results and units.
    pub target: LocationState,
    /// Empty unless the thrower's Location is attacked.
    pub thrower: LocationState,
    /// The DR and the Location's Final DR on the target and the thrower's
    /// Location (a removed DC: the DR its removal number was compared
    /// with); kept for single runs, cleared by the exact engine.
    pub rolls: [Option<(Dr, i16)>; 2],
}

impl DcState {
    pub(crate) fn forget_dice(mut self) -> Self {
        self.rolls = [None, None];
        self
    }

    /// Whether the attack is fully resolved.
    pub fn finished(&self) -> bool {
        self.stage == DcStage::Done
    }
}

impl Dc {
    /// The state before the dice.
    pub fn start(&self) -> DcState {
        DcState {
            stage: DcStage::Detonation,
            detonation: None,
            breached: false,
            target: self.target.start(),
            thrower: self
                .thrower
                .as_ref()
                .map(LocationAttack::start)
                .unwrap_or_default(),
            rolls: [None, None],
        }
    }

    /// One step: the DR on the target (detonation, Breach, IFT), each
    /// Random Selection and check there, then the thrower's Location the
    /// same way. Pure.
    pub fn step(&self, state: &DcState, dice: &mut dyn Dice) -> DcState {
        let mut s = state.clone();
        match s.stage {
            DcStage::Detonation => {
                let dr = dice.dr();
                if self.removes(dr) {
                    s.detonation = Some(Detonation::Removed);
                    let removal_dr = i16::from(dr.original() + self.removal_drm);
                    s.rolls[0] = Some((dr, removal_dr));
                    s.stage = DcStage::Done;
                    return s;
                }
                s.detonation = Some(Detonation::Detonated);
                if let Some(b) = &self.breach_attack {
                    s.breached = breaches(b.column.result(i16::from(dr.original()) + b.drm()));
                }
                let final_dr = self.target.hit(dr, &mut s.target);
                s.rolls[0] = Some((dr, final_dr));
                s.stage = DcStage::TargetUnits;
            }
            DcStage::TargetUnits => {
                if !self.target.task(&mut s.target, dice) {
                    s.stage = if self.thrower.is_some() {
                        DcStage::Thrower
                    } else {
                        DcStage::Done
                    };
                }
            }
            DcStage::Thrower => {
                let thrower = self.thrower.as_ref().expect("a Thrower stage");
                let dr = dice.dr();
                let final_dr = thrower.hit(dr, &mut s.thrower);
                s.rolls[1] = Some((dr, final_dr));
                s.stage = DcStage::ThrowerUnits;
            }
            DcStage::ThrowerUnits => {
                let thrower = self.thrower.as_ref().expect("a Thrower stage");
                if !thrower.task(&mut s.thrower, dice) {
                    s.stage = DcStage::Done;
                }
            }
            DcStage::Done => {}
        }
        s
    }

    /// Resolves the attack with these dice, start to end.
    pub fn run(&self, dice: &mut dyn Dice) -> DcState {
        let mut s = self.start();
        while !s.finished() {
            s = self.step(&s, dice);
        }
        s
    }
}

impl DcState {
    /// The DC and the target Location of a final state, the thrower's
    /// Location left out.
    pub fn target_part(&self) -> DcState {
        DcState {
            stage: DcStage::Done,
            thrower: LocationState::default(),
            rolls: [None, None],
            ..self.clone()
        }
    }
}
