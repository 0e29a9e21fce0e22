//! The exact engine's smooth passes (`smooth_pass.rs`) handed out to the
//! cores: each pass on the chain it needs (the whole chain, or the chain
//! merged for its count, `lump.rs`), the longest first, each core taking
//! the next pass as it finishes one.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::FirePlan;
use super::chain::{Chain, Event};
use super::exact::{PASSES, Step, Tally, Totals};
use super::lump::{self, Quotient};
use super::prepared::{Prepared, node_order};
use super::smooth_pass::run_smooth;
use super::smooth_phases::shots_in_phase;

/// The passes in the order they are handed out: the longest first, so
/// that the cores finish close together. Five 4-6-7s on two cores: the
/// Critical Hits pass (with the chain merged for every count, which it
/// makes) takes about a second; meanwhile the pass that counts nothing
/// and then the shots in each phase take as long; the rest share what is
/// left. Handed out as jobs of a pass each, not of a chain each: the two
/// passes on the chain merged for shots had run one after the other while
/// the other core waited (solving took 2.0 s, now about 1.6 s).
const HANDED_OUT: [Tally; 6] = [
    Tally::Criticals,
    Tally::Nothing,
    Tally::ShotsInPhase,
    Tally::Hits,
    Tally::Shots,
    Tally::Malfunctions,
];

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
/// for their count (the pass that counts nothing reads every node's units
/// and weapon, and runs on the whole chain); `None` if the chain does not
/// fit the scheme.
pub(super) fn smooth_totals(plan: &FirePlan, chain: &Chain) -> Option<Vec<Totals>> {
    let chains = Chains::new(chain);
    let next = AtomicUsize::new(0);
    let done: [OnceLock<Option<Totals>>; 6] = Default::default();
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

/// A chain a pass runs on, with what its passes share: its own when it is
/// merged, else `None` (the chain it was to be merged from serves).
type Ready = (Option<Chain>, Prepared);

/// The chains the passes run on, each made once, by the first pass that
/// needs it (another pass that needs it meanwhile waits for it).
struct Chains<'a> {
    chain: &'a Chain,
    order: Vec<usize>,
    /// The whole chain, for the pass that counts nothing.
    whole: OnceLock<Option<Prepared>>,
    /// The chain merged for all counts at once (what every count reads of
    /// each edge): each count's chain is merged from it, from far fewer
    /// transitions than the whole chain's.
    all: OnceLock<Option<Quotient>>,
    /// The chain merged for each count of [`COUNTED`], in that order.
    counted: [OnceLock<Option<Ready>>; 4],
}

impl<'a> Chains<'a> {
    fn new(chain: &'a Chain) -> Chains<'a> {
        Chains {
            chain,
            order: node_order(chain),
            whole: OnceLock::new(),
            all: OnceLock::new(),
            counted: Default::default(),
        }
    }

    /// The pass `tally` on its chain, or `None` if the chain does not fit
    /// the scheme.
    fn pass(&self, plan: &FirePlan, tally: Tally) -> Option<Totals> {
        let (chain, prep) = self.for_pass(tally)?;
        match tally {
            Tally::ShotsInPhase => shots_in_phase(plan.input.phases.len(), chain, prep),
            _ => run_smooth(plan, chain, prep, tally),
        }
    }

    /// The chain the pass `tally` runs on, with what its passes share.
    fn for_pass(&self, tally: Tally) -> Option<(&Chain, &Prepared)> {
        let count = match tally {
            Tally::Nothing => {
                let prep = self
                    .whole
                    .get_or_init(|| Prepared::new(self.chain, self.order.clone()));
                return Some((self.chain, prep.as_ref()?));
            }
            Tally::ShotsInPhase => Tally::Shots,
            t => t,
        };
        let k = COUNTED.iter().position(|&t| t == count)?;
        let all = self.all.get_or_init(|| {
            lump::quotient(self.chain, &self.order, |e| {
                (COUNTED.map(|t| Step::of(t, e)), *e == Event::PhaseEnd)
            })
        });
        let (from, order) = match all {
            Some(q) => (&q.chain, &q.order),
            None => (self.chain, &self.order),
        };
        let ready = self.counted[k].get_or_init(|| {
            match lump::quotient(from, order, |e| (Step::of(count, e), *e == Event::PhaseEnd)) {
                Some(Quotient { chain, order }) => {
                    Prepared::new(&chain, order).map(|prep| (Some(chain), prep))
                }
                None => Prepared::new(from, order.clone()).map(|prep| (None, prep)),
            }
        });
        let (merged, prep) = ready.as_ref()?;
        Some((merged.as_ref().unwrap_or(from), prep))
    }
}
