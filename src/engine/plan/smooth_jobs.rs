//! The exact engine's smooth passes (`smooth_pass.rs`) handed out to the
//! cores: each pass on the chain it needs (the whole chain, or the chain
//! merged for its count, `lump.rs`, or for all counts when the plan stops
//! on its units), the longest first, each core taking the next pass as it
//! finishes one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use super::chain::{Chain, Event};
use super::lump::{self, Quotient};
use super::prepared::{Prepared, node_order};
use super::smooth_moves::Moves;
use super::smooth_pass::run_smooth;
use super::smooth_phases::shots_in_phase;
use super::smooth_slots::Arithmetic;
use super::tally::{PASSES, Step, Tally, Totals};
use super::{FirePlan, StopRule};
use crate::engine::shot::attack_law::lock;

/// The passes in the order they are handed out: the longest first, so
/// that the cores finish close together, but the shots in each phase
/// last, for its phases are counted side by side (`smooth_phases.rs`): a
/// core left without a pass takes a phase. Five 4-6-7s on two cores, in
/// one run: the Critical Hits pass (with the chain merged for every count,
/// which it makes) 0.41 s, then the shots 0.19 s on one core; the pass
/// that counts nothing 0.28 s, the hits 0.28 s and the malfunctions 0.02 s
/// on the other; then the shots in each phase on both, 0.2 s (solving
/// took 688-697 ms, against 721-729 ms with the shots in each phase
/// handed out third and counted a phase after another). Handed out as jobs
/// of a pass each, not of a chain each: the two passes on the chain
/// merged for shots had run one after the other while the other core
/// waited (solving took 2.0 s; a pass at a time, 1.5-1.65 s).
const HANDED_OUT: [Tally; 6] = [
    Tally::Criticals,
    Tally::Nothing,
    Tally::Hits,
    Tally::Shots,
    Tally::Malfunctions,
    Tally::ShotsInPhase,
];

/// The most edges of a whole chain whose moves the pass that counts
/// nothing keeps from its first walk for its second (some 16 bytes an
/// edge: 4 MB of the README's three units' 268,000 edges, whose solving
/// took 1.5-2% less time on two cores); a larger chain's are made again
/// for each walk, a node's at a time (five 4-6-7s' 2.75 million edges: its
/// moves had been a quarter of the peak memory of solving).
const KEEP_WHOLE_MOVES_UP_TO: usize = 1_000_000;

/// The counts whose chains are merged from one merged for all of them.
/// Counting shots in the phase and in the plan reads the same of each edge
/// (a shot, or the phase's end): those two passes share the chain merged
/// for shots.
const COUNTED: [Tally; 4] = [
    Tally::Shots,
    Tally::Hits,
    Tally::Criticals,
    Tally::Malfunctions,
];

/// Every pass in smooth fractions, the counting passes on the chain merged
/// for their count or for all counts ([`each_count_merged`]; the pass that
/// counts nothing reads every node's units and weapon, and runs on the
/// whole chain); `None` if the chain does not fit the scheme.
pub(super) fn smooth_totals(
    plan: &FirePlan,
    chain: &Chain,
    arithmetic: Arithmetic,
) -> Option<Vec<Totals>> {
    smooth_totals_keeping(plan, chain, arithmetic, KEEP_WHOLE_MOVES_UP_TO)
}

/// [`smooth_totals`], the pass that counts nothing keeping its moves
/// between its walks on a whole chain of at most `keep_up_to` edges (the
/// tests run it both ways).
pub(super) fn smooth_totals_keeping(
    plan: &FirePlan,
    chain: &Chain,
    arithmetic: Arithmetic,
    keep_up_to: usize,
) -> Option<Vec<Totals>> {
    let chains = Chains::new(plan, chain, arithmetic, keep_up_to);
    let next = AtomicUsize::new(0);
    let done: [OnceLock<Option<Totals>>; HANDED_OUT.len()] = Default::default();
    // As many takers as cores (or passes): each takes the next pass until
    // none is left. A taker that starts late finds the list done.
    let takers = rayon::current_num_threads().clamp(1, HANDED_OUT.len());
    (0..takers).into_par_iter().with_max_len(1).for_each(|_| {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&tally) = HANDED_OUT.get(k) else {
                break;
            };
            let _ = done[k].set(chains.pass(plan, tally));
        }
    });
    // The totals in the order of `PASSES`.
    let mut done = done.map(|slot| slot.into_inner().flatten());
    PASSES
        .iter()
        .map(|&t| {
            let k = HANDED_OUT.iter().position(|&u| u == t)?;
            done[k].take()
        })
        .collect()
}

/// A count's merged chain, with what its passes share.
type Ready = (Chain, Prepared);

/// The chains the passes run on, each made once, by the first pass that
/// needs it (another pass that needs it meanwhile waits for it), and let
/// go once its last pass is done (five 4-6-7s: the whole chain's integer
/// weights alone are 22 MB).
struct Chains<'a> {
    chain: &'a Chain,
    /// How the passes add their masses.
    arithmetic: Arithmetic,
    order: Vec<usize>,
    /// The chain merged for all counts at once (what every count reads of
    /// each edge): each count's chain is merged from it, from far fewer
    /// transitions than the whole chain's.
    all: Shared<Option<Quotient>>,
    /// The chain merged for each count of [`COUNTED`], in that order.
    counted: [Shared<Option<Ready>>; COUNTED.len()],
    /// Whether each count has a chain merged for it alone (see
    /// [`each_count_merged`]); if not, every counting pass runs on
    /// `all_ready`.
    each_count: bool,
    /// The chain merged for all counts, ready for the counting passes.
    all_ready: Shared<Option<Ready>>,
    /// The most edges of the whole chain whose moves the pass that counts
    /// nothing keeps ([`KEEP_WHOLE_MOVES_UP_TO`]).
    keep_up_to: usize,
}

/// Whether each count's chain is merged again for that count alone: not
/// when the plan stops on its units' states, for then what every count
/// comes to turns on the hits, and a count's own merging finds (almost)
/// nothing more. The README's three units: 1,269 nodes merged for all
/// counts, 1,268 or 1,269 for each; merging them again for each count took
/// some 10 ms on one core. A plan that reads less of its chain (one that
/// never stops: its shots do not depend on its hits) merges each count's
/// chain far smaller, and keeps it.
pub(super) fn each_count_merged(plan: &FirePlan) -> bool {
    let stops_on_units = matches!(
        plan.input.stop,
        StopRule::TargetBroken | StopRule::TargetEliminated
    );
    !stops_on_units || plan.units().is_empty()
}

/// A merged chain made ready for its passes, if it was merged and fits
/// the scheme.
fn ready(quotient: Option<Quotient>) -> Option<Ready> {
    let Quotient { chain, order } = quotient?;
    Prepared::new(&chain, order).map(|prep| (chain, prep))
}

/// What every count reads of an edge, for the chain merged for all.
pub(super) fn all_label(e: &Event) -> u16 {
    lump::label(&COUNTED.map(|t| Step::of(t, e)), *e == Event::PhaseEnd)
}

impl<'a> Chains<'a> {
    fn new(
        plan: &FirePlan,
        chain: &'a Chain,
        arithmetic: Arithmetic,
        keep_up_to: usize,
    ) -> Chains<'a> {
        let each_count = each_count_merged(plan);
        let passes = |count: Option<Tally>| {
            HANDED_OUT
                .iter()
                .filter(|&&t| match count {
                    Some(c) => counted_as(t) == Some(c),
                    None => counted_as(t).is_some(),
                })
                .count()
        };
        let users_if = |used: bool, users: usize| if used { users } else { 0 };
        Chains {
            chain,
            arithmetic,
            order: node_order(chain),
            all: Shared::new(users_if(each_count, COUNTED.len())),
            counted: COUNTED.map(|t| Shared::new(users_if(each_count, passes(Some(t))))),
            each_count,
            all_ready: Shared::new(users_if(!each_count, passes(None))),
            keep_up_to,
        }
    }

    /// The pass `tally` on its chain, or `None` if the chain does not fit
    /// the scheme (a chain that cannot be merged, with a node without a
    /// table of integer weights, does not fit it either).
    fn pass(&self, plan: &FirePlan, tally: Tally) -> Option<Totals> {
        let Some(count) = counted_as(tally) else {
            // The pass that counts nothing, alone on the whole chain.
            let prep = Prepared::new(self.chain, self.order.clone())?;
            let edges: usize = self.chain.edges.iter().map(Vec::len).sum();
            let moves = if edges <= self.keep_up_to {
                Moves::keeping(self.chain, &prep, tally)
            } else {
                Moves::new(self.chain, &prep, tally)
            };
            return run_smooth(plan, moves, self.arithmetic);
        };
        if !self.each_count {
            let ready = self
                .all_ready
                .get(|| ready(lump::quotient(self.chain, &self.order, all_label)));
            let totals = self.count_pass(plan, tally, &ready);
            self.all_ready.done();
            return totals;
        }
        let k = COUNTED.iter().position(|&t| t == count)?;
        let ready = self.counted[k].get(|| {
            let all = self
                .all
                .get(|| lump::quotient(self.chain, &self.order, all_label));
            self.all.done();
            let all = all.as_ref().as_ref()?;
            let label = |e: &Event| lump::label(&[Step::of(count, e)], *e == Event::PhaseEnd);
            ready(lump::quotient(&all.chain, &all.order, label))
        });
        let totals = self.count_pass(plan, tally, &ready);
        self.counted[k].done();
        totals
    }

    /// The counting pass `tally` on its merged chain.
    fn count_pass(&self, plan: &FirePlan, tally: Tally, ready: &Option<Ready>) -> Option<Totals> {
        ready
            .as_ref()
            .as_ref()
            .and_then(|(chain, prep)| match tally {
                Tally::ShotsInPhase => {
                    shots_in_phase(plan.input.phases.len(), chain, prep, self.arithmetic)
                }
                _ => run_smooth(plan, Moves::keeping(chain, prep, tally), self.arithmetic),
            })
    }
}

/// The count whose merged chain the pass `tally` runs on: none for the
/// pass that counts nothing, the shots' for the shots in each phase.
fn counted_as(tally: Tally) -> Option<Tally> {
    match tally {
        Tally::Nothing => None,
        Tally::ShotsInPhase => Some(Tally::Shots),
        t => Some(t),
    }
}

/// A value some users share, made by the first that needs it and let go
/// when the last is done.
struct Shared<T> {
    /// The value once made, and the users not done with it.
    slot: Mutex<(Option<Arc<T>>, usize)>,
}

impl<T> Shared<T> {
    fn new(users: usize) -> Shared<T> {
        Shared {
            slot: Mutex::new((None, users)),
        }
    }

    /// The value, made now if no user made it yet (another user that
    /// needs it meanwhile waits).
    fn get(&self, make: impl FnOnce() -> T) -> Arc<T> {
        let mut slot = lock(&self.slot);
        match &slot.0 {
            Some(value) => Arc::clone(value),
            None => {
                let value = Arc::new(make());
                slot.0 = Some(Arc::clone(&value));
                value
            }
        }
    }

    /// A user done with the value: let go after the last.
    fn done(&self) {
        let mut slot = lock(&self.slot);
        slot.1 = slot.1.saturating_sub(1);
        if slot.1 == 0 {
            slot.0 = None;
        }
    }
}
