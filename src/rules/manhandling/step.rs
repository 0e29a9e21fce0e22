//! One Manhandling DR, and one step of a push within a Movement Phase.
//!
//! [`attempt`] is the one pure function of the dice (C10.3); [`phase_step`]
//! applies it to the push's state. Both engines call these and nothing else
//! to roll dice.

use serde::Serialize;

use super::{LABOR_ENDS_ON_ENTRY, Push};
use crate::dice::Dice;

/// The result of a Manhandling DR (C10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attempt {
    /// Final DR < M#: the Gun enters and may be pushed on.
    Enter,
    /// Final DR = M#: the Gun enters; no more movement this MPh.
    EnterAndStop,
    /// Final DR > M#: the Gun stays; no more movement this MPh; Labor.
    Fail,
}

/// The result of a Final DR against the M# (C10.3).
pub fn judge(final_dr: i16, m_number: u8) -> Attempt {
    let m = i16::from(m_number);
    match final_dr.cmp(&m) {
        std::cmp::Ordering::Less => Attempt::Enter,
        std::cmp::Ordering::Equal => Attempt::EnterAndStop,
        std::cmp::Ordering::Greater => Attempt::Fail,
    }
}

/// One Manhandling DR into hex `hex` (0-based) with `labor` Labor steps.
pub fn attempt(push: &Push, hex: usize, labor: u8, dice: &mut dyn Dice) -> Attempt {
    let original = i16::from(dice.dr().original());
    judge(original + push.drm(hex, labor), push.input.m_number)
}

/// Where a push stands between Movement Phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Position {
    /// Hexes of the path entered so far.
    pub hex: u8,
    /// Labor steps held.
    pub labor: u8,
}

/// Where a push stands within a Movement Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PhaseState {
    /// The hex reached and the Labor held.
    pub at: Position,
    /// MF the pushers have left this MPh.
    pub mf_left: u8,
    /// The push is over for this MPh (or the path's end is reached).
    pub over: bool,
}

impl PhaseState {
    /// The start of an MPh at `at`.
    pub fn start(push: &Push, at: Position) -> PhaseState {
        PhaseState {
            at,
            mf_left: push.input.mf,
            over: usize::from(at.hex) >= push.len(),
        }
    }
}

/// One attempt of the push within an MPh (call only while not `over`).
pub fn phase_step(push: &Push, s: &PhaseState, dice: &mut dyn Dice) -> PhaseState {
    let i = usize::from(s.at.hex);
    let mut next = *s;
    match attempt(push, i, s.at.labor, dice) {
        Attempt::Fail => {
            next.at.labor = (s.at.labor + 1).min(push.input.labor_max);
            next.over = true;
        }
        result => {
            next.at.hex += 1;
            if LABOR_ENDS_ON_ENTRY {
                next.at.labor = 0;
            }
            next.mf_left -= push.cost(i);
            let j = usize::from(next.at.hex);
            // C10.3: on only below the M#, and only with the MF to enter.
            next.over =
                result == Attempt::EnterAndStop || j >= push.len() || next.mf_left < push.cost(j);
        }
    }
    next
}

/// One whole MPh from `at`, with dice from `dice` (the Monte Carlo path;
/// the exact engine runs [`phase_step`] through `Dist::run`).
pub fn run_phase(push: &Push, at: Position, dice: &mut dyn Dice) -> Position {
    let mut s = PhaseState::start(push, at);
    while !s.over {
        s = phase_step(push, &s, dice);
    }
    s.at
}
