//! The exact engine: a Markov chain over Movement Phases.
//!
//! A state is a [`Position`] (hexes entered, Labor steps). One MPh from a
//! position is enumerated exactly by running [`phase_step`] through
//! `Dist::run`. Every MPh either enters a hex, adds a Labor step, or (at the
//! Labor limit) stays where it was: the chain has no cycles but those
//! self-loops, so the number of MPh to reach the end has no upper bound.
//! We give P(n MPh) exactly up to [`PHASE_CAP`] with an exact "cap or
//! more" bucket, and the probability of never arriving and the expected
//! number of MPh exactly, by solving the chain backwards (each self-loop
//! summed as a geometric series).

use std::collections::BTreeMap;

use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::manhandling::Push;
use crate::rules::manhandling::step::{PhaseState, Position, phase_step};

/// MPh counts listed one by one; the last bucket is "this many or more".
pub const PHASE_CAP: u32 = 24;

/// The exact odds of a push.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushOdds {
    /// `first_phase[k]` = P(the Gun gains k hexes in the first MPh).
    pub first_phase: Vec<Prob>,
    /// Expected hexes gained in the first MPh.
    pub expected_first_phase: Prob,
    /// `phases[t]` = P(the end is reached in exactly t MPh), t < cap
    /// (`phases[0]` is 0).
    pub phases: Vec<Prob>,
    /// P(cap MPh or more, never included).
    pub phases_or_more: Prob,
    /// P(the Gun never reaches the end: some hex cannot be entered).
    pub p_never: Prob,
    /// Expected MPh to reach the end; `None` when it may never be reached.
    pub expected_phases: Option<Prob>,
}

/// One MPh from `at`, exactly: the distribution of where it ends.
pub fn phase(push: &Push, at: Position) -> Dist<Position> {
    Dist::certain(PhaseState::start(push, at))
        .run(|s| s.over, |s, dice| phase_step(push, s, dice))
        .map(|s| s.at)
}

/// Where the push starts.
pub fn start(push: &Push) -> Position {
    Position {
        hex: 0,
        labor: push.input.labor,
    }
}

impl PushOdds {
    /// The exact odds of a push, every dr enumerated.
    pub fn of(push: &Push) -> PushOdds {
        let end = push.len() as u8;
        let mut transitions: BTreeMap<Position, Dist<Position>> = BTreeMap::new();
        for hex in 0..end {
            for labor in 0..=push.input.labor_max {
                let at = Position { hex, labor };
                transitions.insert(at, phase(push, at));
            }
        }
        let start = start(push);

        let first = &transitions[&start];
        let first_phase: Vec<Prob> = (0..=end).map(|k| first.prob(|p| p.hex == k)).collect();
        let expected_first_phase = first_phase
            .iter()
            .enumerate()
            .map(|(k, p)| p * &Prob::new(k as u64, 1))
            .sum();

        // Forward: P(end reached at MPh t), t < cap.
        let mut phases = vec![Prob::zero()];
        let mut mass: BTreeMap<Position, Prob> = BTreeMap::from([(start, Prob::one())]);
        for _ in 1..PHASE_CAP {
            let mut next: BTreeMap<Position, Prob> = BTreeMap::new();
            let mut arrived = Prob::zero();
            for (at, p) in &mass {
                for (to, q) in transitions[at].iter() {
                    let m = p * q;
                    if to.hex == end {
                        arrived = arrived + m;
                    } else {
                        let slot = next.entry(*to).or_insert_with(Prob::zero);
                        *slot = slot.clone() + m;
                    }
                }
            }
            phases.push(arrived);
            mass = next;
        }
        let phases_or_more = Prob::one() - phases.iter().sum::<Prob>();

        // Backward: P(arrive) and expected MPh from each position, highest
        // first (every transition but a self-loop goes to a higher one).
        let mut reach: BTreeMap<Position, Prob> = BTreeMap::new();
        let mut expect: BTreeMap<Position, Option<Prob>> = BTreeMap::new();
        for (at, dist) in transitions.iter().rev() {
            let stay = dist.prob_of(at);
            let leave = stay.complement();
            let (mut r, mut e) = (Prob::zero(), Some(Prob::one()));
            for (to, q) in dist.iter().filter(|(to, _)| *to != at) {
                let (r_to, e_to) = if to.hex == end {
                    (Prob::one(), Some(Prob::zero()))
                } else {
                    (reach[to].clone(), expect[to].clone())
                };
                r = r + q * &r_to;
                e = match (e, e_to) {
                    (Some(e), Some(e_to)) => Some(e + q * &e_to),
                    _ => None,
                };
            }
            let r = r.checked_div(&leave).unwrap_or_else(Prob::zero);
            let e = e.and_then(|e| e.checked_div(&leave));
            reach.insert(*at, r);
            expect.insert(*at, e);
        }
        let p_never = reach[&start].complement();
        let expected_phases = if p_never.is_zero() {
            expect[&start].clone()
        } else {
            None
        };
        PushOdds {
            first_phase,
            expected_first_phase,
            phases,
            phases_or_more,
            p_never,
            expected_phases,
        }
    }

    /// P(the end of the path is reached in the first MPh).
    pub fn p_end_first_phase(&self) -> &Prob {
        self.first_phase.last().expect("a path has a hex")
    }

    /// P(the end takes `t` MPh or more, or is never reached), `t` ≤ the cap.
    pub fn at_least(&self, t: usize) -> Prob {
        Prob::one() - self.phases[..t.min(self.phases.len())].iter().sum::<Prob>()
    }

    /// The last MPh count below the cap with a non-zero probability.
    pub fn last_listed_phase(&self) -> usize {
        self.phases.iter().rposition(|p| !p.is_zero()).unwrap_or(0)
    }
}
