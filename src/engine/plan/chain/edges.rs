//! A node's edges and its draw table, made from its transitions.
//!
//! An [`Edge`] holds where it goes and what it does; its probability is
//! held once, as its integer weight in its node's [`DrawTable`] (the step
//! of the cumulative weights at the edge, over the table's denominator),
//! which Monte Carlo draws through and the exact engine's smooth passes
//! read as they are. A node whose table's denominator passes 64 bits (only
//! with many units in the hex) has no table (denominator 0): the exact
//! fractions of its edges are kept aside ([`Chain::fractions`]) for the
//! reference passes. [`Chain::prob`] gives any edge's fraction. An edge
//! held as a fraction beside its weight took 80 bytes; it now takes 16,
//! and 8 more in the table.
//!
//! The transitions of a node come as numerators over one denominator
//! (`weighed.rs`) while it fits in 128 bits: those to the same node with
//! the same event are added as integers, and the table is put in lowest
//! terms by one gcd of the denominator and all the sums. That gives the
//! table of old, the least common denominator of the edges' fractions each
//! in lowest terms, without a fraction or a gcd per edge.

use super::{Chain, Event};
use crate::engine::plan::weighed::Weighed;
use crate::prob::quotient;
use crate::prob::{self, Prob};
use crate::rules::to_hit::HitKind;

/// One compiled transition; its probability is its weight in its node's
/// [`DrawTable`] ([`Chain::prob`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The node it leads to, in 32 bits: a chain's edges are some of its
    /// memory (a chain has at most [`MAX_EDGES`](super::MAX_EDGES) edges,
    /// so fewer nodes than that).
    to: u32,
    /// What it does: a shot or the end of the phase.
    pub event: Event,
}

impl Edge {
    /// The edge to node `to` that does `event`.
    ///
    /// # Panics
    /// If `to` passes 32 bits (no chain within the guard has such nodes).
    pub fn new(to: usize, event: Event) -> Edge {
        let to = u32::try_from(to).expect("a chain's nodes are numbered in 32 bits");
        Edge { to, event }
    }

    /// The node it leads to.
    pub fn to(&self) -> usize {
        self.to as usize
    }
}

/// Integer table for drawing a node's next edge with one random number:
/// the edges' probabilities, as integer weights over one denominator.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawTable {
    /// Least common denominator of the node's edge probabilities; 0 when
    /// it does not fit in 64 bits (no table: only with units in the hex,
    /// the fractions are then in [`Chain::fractions`]).
    pub denominator: u64,
    /// Cumulative weights, one per edge, ending at `denominator`: edge `k`
    /// has probability `(cumulative[k] - cumulative[k - 1]) / denominator`.
    pub cumulative: Vec<u64>,
}

impl DrawTable {
    /// No table: the node's denominator passes 64 bits.
    pub(super) fn none() -> DrawTable {
        DrawTable {
            denominator: 0,
            cumulative: Vec::new(),
        }
    }

    /// The weight of edge `k`.
    pub fn weight(&self, k: usize) -> u64 {
        let below = k.checked_sub(1).map_or(0, |j| self.cumulative[j]);
        self.cumulative[k] - below
    }

    /// Each edge's weight, in order; `None` where the cumulative weights
    /// go down (a table not made here).
    pub fn weights(&self) -> impl Iterator<Item = Option<u64>> + '_ {
        self.cumulative.iter().scan(0u64, |below, &c| {
            let w = c.checked_sub(*below);
            *below = c;
            Some(w)
        })
    }
}

impl Chain {
    /// The exact probability of edge `k` of node `i`: its weight over its
    /// node's table denominator, or the fraction kept aside for a node
    /// without a table.
    pub fn prob(&self, i: usize, k: usize) -> Prob {
        match self.fractions.get(&i) {
            Some(fractions) => fractions[k].clone(),
            None => {
                let table = &self.tables[i];
                Prob::new(table.weight(k), table.denominator)
            }
        }
    }
}

/// A transition as one number: the number of the node it leads to, and
/// its event, in the order of (node number, event), so that a sort of a
/// node's transitions compares numbers, not nested enums.
pub(super) type Numbered = u64;

/// The place of a [`PhaseEnd`](Event::PhaseEnd) in a [`Numbered`], after
/// every shot's: four bits hold an event.
const PHASE_END: u64 = 12;

/// The transition to node `to` with this event, as one number.
pub(crate) fn numbered(to: usize, event: Event) -> Numbered {
    let place = match event {
        Event::Shot {
            hit,
            intensive,
            malfunctioned,
        } => 4 * hit as u64 + 2 * u64::from(intensive) + u64::from(malfunctioned),
        Event::PhaseEnd => PHASE_END,
    };
    (to as u64) << 4 | place
}

/// The event at this place of a [`Numbered`] (see [`numbered`]).
fn event(place: u64) -> Event {
    if place == PHASE_END {
        return Event::PhaseEnd;
    }
    let hit = match place / 4 {
        0 => HitKind::Miss,
        1 => HitKind::Hit,
        _ => HitKind::Critical,
    };
    Event::Shot {
        hit,
        intensive: place & 2 != 0,
        malfunctioned: place & 1 != 0,
    }
}

/// The edge of a numbered transition.
fn edge(n: Numbered) -> Edge {
    Edge::new((n >> 4) as usize, event(n & 15))
}

/// A node's edges, its draw table, and its edges' fractions when it has
/// no table.
pub(crate) struct Finished {
    pub edges: Vec<Edge>,
    pub table: DrawTable,
    pub fractions: Option<Vec<Prob>>,
}

/// The edges and table of a node with these transitions. Unless they are
/// `distinct`, those to the same node with the same event are merged, in
/// order of node number and event.
pub(crate) fn finish(transitions: Weighed<Numbered>, distinct: bool) -> Finished {
    match transitions {
        Weighed::Integer(mut pairs, denominator) => {
            if !distinct {
                merge(&mut pairs, |sum, n| *sum += n);
            }
            in_integers(pairs, denominator)
        }
        Weighed::Fractions(mut pairs) => {
            if !distinct {
                merge(&mut pairs, |sum, p| {
                    *sum = std::mem::replace(sum, Prob::zero()) + p;
                });
            }
            // Merged, they may share a denominator that fits.
            match Weighed::of_probs(pairs) {
                Weighed::Integer(pairs, denominator) => in_integers(pairs, denominator),
                Weighed::Fractions(pairs) => without_table(pairs),
            }
        }
    }
}

/// Transitions to the same node with the same event as one, in order of
/// node number and event; `add` adds a weight to a sum.
fn merge<W>(pairs: &mut Vec<(Numbered, W)>, add: impl Fn(&mut W, &W)) {
    pairs.sort_unstable_by_key(|&(key, _)| key);
    pairs.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            add(&mut kept.1, &later.1);
        }
        same
    });
}

/// Edges and table from numerators over `denominator` (which they sum
/// to), in lowest terms; no table if that passes 64 bits.
fn in_integers(pairs: Vec<(Numbered, u128)>, denominator: u128) -> Finished {
    // Most numerators are multiples of the gcd so far: one division
    // tells, cheaper than a gcd.
    let mut g = denominator;
    for (_, n) in &pairs {
        if g == 1 {
            break;
        }
        if remainder(*n, g) != 0 {
            g = prob::gcd(g, *n);
        }
    }
    let Ok(d) = u64::try_from(quotient(denominator, g)) else {
        let fractions = pairs
            .into_iter()
            .map(|(key, n)| (key, Prob::from_u128(n, denominator)))
            .collect();
        return without_table(fractions);
    };
    let mut running = 0u64;
    let mut cumulative = Vec::with_capacity(pairs.len());
    let mut edges = Vec::with_capacity(pairs.len());
    for (key, n) in pairs {
        // Each numerator is at most the denominator, so fits 64 bits.
        running += if g == 1 { n } else { quotient(n, g) } as u64;
        cumulative.push(running);
        edges.push(edge(key));
    }
    Finished {
        edges,
        table: DrawTable {
            denominator: d,
            cumulative,
        },
        fractions: None,
    }
}

/// Edges with their fractions kept aside, and no table.
fn without_table(pairs: Vec<(Numbered, Prob)>) -> Finished {
    let (edges, fractions) = pairs.into_iter().map(|(key, p)| (edge(key), p)).unzip();
    Finished {
        edges,
        table: DrawTable::none(),
        fractions: Some(fractions),
    }
}

/// `a % b`, in 64 bits when both fit.
fn remainder(a: u128, b: u128) -> u128 {
    match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(a % b),
        _ => a % b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbered transitions are ordered as (node number, event) and
    /// give back their edges.
    #[test]
    fn numbers_order_as_transitions() {
        let mut events = vec![Event::PhaseEnd];
        for hit in [HitKind::Miss, HitKind::Hit, HitKind::Critical] {
            for intensive in [false, true] {
                for malfunctioned in [false, true] {
                    events.push(Event::Shot {
                        hit,
                        intensive,
                        malfunctioned,
                    });
                }
            }
        }
        let mut pairs: Vec<(usize, Event)> = [3, 0, 7]
            .iter()
            .flat_map(|&to| events.iter().map(move |&e| (to, e)))
            .collect();
        pairs.sort_by_key(|&(to, event)| numbered(to, event));
        assert!(pairs.windows(2).all(|w| w[0] < w[1]));
        for (to, event) in pairs {
            assert_eq!(edge(numbered(to, event)), Edge::new(to, event));
        }
    }
}
