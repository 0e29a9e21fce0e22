//! What a pass of the exact engine counts ([`Tally`]), how an edge of the
//! chain moves that count ([`Step`]), where counts stop, and the totals a
//! pass hands back to [`PlanOdds::of`](super::exact::PlanOdds::of). Every
//! pass (`smooth_pass.rs`, `smooth_phases.rs`, `reference_pass.rs`) and the
//! chain merged for a count (`lump.rs`) read them.

use std::collections::BTreeMap;

use super::chain::{Event, Weapon};
use crate::engine::shot::HexOdds;
use crate::prob::Prob;
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

/// Shot and hit counts stop here; the last bucket is "this many or more".
pub const TALLY_CAP: u8 = 24;

/// Critical Hit counts stop here (more than a few is vanishingly rare).
pub const CRITICAL_CAP: u8 = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Tally {
    /// No count: the pass for expected values and the weapon's state, over
    /// the nodes alone (cheap).
    Nothing,
    ShotsInPhase,
    Shots,
    Hits,
    Criticals,
    /// Malfunctions (the weapon's B# or X#), up to one: a plan with units
    /// does not keep in its nodes whether the weapon ever malfunctioned
    /// (`Node::ever_malfunctioned`), so P(at least one) is counted.
    Malfunctions,
}

impl Tally {
    pub(super) fn cap(self) -> u8 {
        match self {
            Tally::Nothing => 0,
            Tally::Malfunctions => 1,
            Tally::Criticals => CRITICAL_CAP,
            _ => TALLY_CAP,
        }
    }

    /// A state at the cap goes to the end of the plan at once: the count
    /// never goes back (no reset), and all a pass reads of a count at the
    /// cap is the mass that ends there, which is all of it (every path
    /// ends). So no state past the cap is stepped, nor any stay at it
    /// divided by: the pass's denominator keeps only the primes of the
    /// counts below the cap.
    pub(super) fn ends_at_cap(self) -> bool {
        matches!(
            self,
            Tally::Shots | Tally::Hits | Tally::Criticals | Tally::Malfunctions
        )
    }

    pub(super) fn counts(self, event: &Event) -> bool {
        match (self, event) {
            (Tally::Nothing, _) | (_, Event::PhaseEnd) => false,
            (Tally::ShotsInPhase | Tally::Shots, Event::Shot { .. }) => true,
            (Tally::Hits, Event::Shot { hit, .. }) => hit.is_hit(),
            (Tally::Criticals, Event::Shot { hit, .. }) => *hit == HitKind::Critical,
            (Tally::Malfunctions, Event::Shot { malfunctioned, .. }) => *malfunctioned,
        }
    }
}

/// How a tally moves along an edge.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(super) enum Step {
    Same,
    /// One more (stopping at the cap).
    Up,
    /// Back to zero (shots in the phase, at the end of a phase).
    Reset,
}

impl Step {
    pub(super) fn of(tally: Tally, event: &Event) -> Step {
        if tally == Tally::ShotsInPhase && *event == Event::PhaseEnd {
            Step::Reset
        } else if tally.counts(event) {
            Step::Up
        } else {
            Step::Same
        }
    }

    pub(super) fn next(self, count: u8, cap: u8) -> u8 {
        match self {
            Step::Same => count,
            Step::Up => (count + 1).min(cap),
            Step::Reset => 0,
        }
    }
}

/// Every pass, in the order [`PlanOdds::of`](super::exact::PlanOdds::of)
/// reads them.
pub(super) const PASSES: [Tally; 6] = [
    Tally::Nothing,
    Tally::ShotsInPhase,
    Tally::Shots,
    Tally::Hits,
    Tally::Criticals,
    Tally::Malfunctions,
];

/// The figures of one pass that
/// [`PlanOdds::of`](super::exact::PlanOdds::of) reads, summed.
pub(super) struct Totals {
    /// Mass at the end of the plan, by tally value.
    pub(super) end: Vec<Prob>,
    /// Mass at the end with a tally of at least one.
    pub(super) end_at_least_one: Prob,
    /// Mass leaving each phase, by tally value.
    pub(super) phase_exit: Vec<Vec<Prob>>,
    /// The rest is for [`Tally::Nothing`]: mass leaving each phase by the
    /// weapon's state, and with the hex cleared of enemy units in action.
    pub(super) phase_exit_weapon: Vec<BTreeMap<Weapon, Prob>>,
    pub(super) phase_exit_cleared: Vec<Prob>,
    /// Mass leaving each phase with some enemy unit out of action.
    pub(super) phase_exit_some_out: Vec<Prob>,
    /// Expected shots, hits, Critical Hits per phase, and in all.
    pub(super) expected: Vec<[Prob; 3]>,
    pub(super) expected_total: [Prob; 3],
    /// Mass at the end with the weapon removed.
    pub(super) removed: Prob,
    /// Mass at the end by the units' states (plans with units), unless
    /// `hex` holds what is read of them.
    pub(super) units: Vec<(Vec<UnitState>, Prob)>,
    /// The hex's odds at the end, when the pass worked them out itself.
    pub(super) hex: Option<HexOdds>,
}

impl Totals {
    /// Totals with nothing in them, for a pass that fills in only what is
    /// read of it.
    pub(super) fn empty() -> Totals {
        Totals {
            end: Vec::new(),
            end_at_least_one: Prob::zero(),
            phase_exit: Vec::new(),
            phase_exit_weapon: Vec::new(),
            phase_exit_cleared: Vec::new(),
            phase_exit_some_out: Vec::new(),
            expected: Vec::new(),
            expected_total: [Prob::zero(), Prob::zero(), Prob::zero()],
            removed: Prob::zero(),
            units: Vec::new(),
            hex: None,
        }
    }
}
