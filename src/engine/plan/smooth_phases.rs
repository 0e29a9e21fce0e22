//! The shots of each phase, counted phase by phase, for the exact engine's
//! smooth passes (`smooth_pass.rs`).
//!
//! The count of shots in the phase starts again at zero with every phase,
//! so counting a phase needs of the phases before it only the mass that
//! enters each of its nodes. Counted in one pass over the whole plan, a
//! state's mass would carry the denominators of both ways a node's stay
//! is solved: with its shots back to itself counted (below the cap) and
//! not (at the cap); that doubled the size of its numbers (6,391 bits for
//! `examples/stack-in-woods.toml`, against 3,262 for the pass that counts
//! nothing). So a pass that counts nothing finds the mass entering each
//! phase ([`entries`]), and each phase is then counted on its own from
//! that mass ([`count_phase`]), the phases side by side, up to the cap: a
//! count at the cap stays there until the phase ends, so all its mass
//! leaves the phase at the cap and it need not be stepped. The figures
//! are those of the one pass (tested against the reference passes, which
//! count in one go).

use rayon::prelude::*;

use super::chain::Chain;
use super::prepared::{Move, Prepared};
use super::smooth::Smooth;
use super::smooth_blocks::count_in_blocks;
use super::smooth_exponents::{Met, Reached, node_exponents, raise, rising};
use super::smooth_moves::Moves;
use super::smooth_slots::{Arithmetic, Numer, Sends, Slots, add_times};
use super::tally::{Step, TALLY_CAP, Tally, Totals};
use crate::prob::Prob;

/// The [`Tally::ShotsInPhase`] pass, a phase at a time: of its totals only
/// the mass leaving each phase, by the shots fired in it, is read.
/// `None` if a denominator falls outside the basis.
pub(super) fn shots_in_phase(
    phases: usize,
    chain: &Chain,
    prep: &Prepared,
    arithmetic: Arithmetic,
) -> Option<Totals> {
    let entering = entries(chain, prep, phases, arithmetic)?;
    // The phases side by side: each reads its own nodes only, so each
    // makes its own moves, and a core that has no pass left takes one.
    let exits: Vec<(Vec<Numer>, Vec<Vec<u32>>)> = entering
        .into_par_iter()
        .enumerate()
        .map(|(p, (exps, masses))| {
            let mut moves = Moves::keeping(chain, prep, Tally::ShotsInPhase);
            count_phase(&mut moves, p, exps, masses, arithmetic)
        })
        .collect::<Option<_>>()?;
    let phase_exit = exits
        .par_iter()
        .map(|(numers, exps)| {
            numers
                .iter()
                .zip(exps)
                .map(|(n, e)| Smooth::over(n.clone(), e.clone()).to_prob(&prep.basis))
                .collect::<Vec<Prob>>()
        })
        .collect();
    Some(Totals {
        phase_exit,
        ..Totals::empty()
    })
}

/// The mass entering each phase: for each phase, the exponents of its
/// denominator and the numerators of the states (node ranks) its mass
/// enters at, over that denominator; the first phase is entered at the
/// start with all the mass.
type Entering = Vec<(Vec<u32>, Vec<(usize, Numer)>)>;

/// [`Entering`], from a pass that counts nothing over the whole chain.
/// `None` if a denominator falls outside the basis.
fn entries(
    chain: &Chain,
    prep: &Prepared,
    phases: usize,
    arithmetic: Arithmetic,
) -> Option<Entering> {
    let basis = &prep.basis;
    let mut moves = Moves::keeping(chain, prep, Tally::Nothing);
    let phase_of = |rank: usize| usize::from(chain.nodes[prep.order[rank]].phase);
    // The exponents of each state's mass, as `pass_exponents` works them
    // out, and of all that enters each phase.
    let n = chain.nodes.len();
    let mut met = Met::new(basis.len());
    let mut exps = Reached::new(n);
    exps.reach(prep.rank[chain.start], &[]);
    let mut top = Vec::new();
    let mut entry_exps = vec![Vec::new(); phases];
    for (r, &i) in prep.order.iter().enumerate() {
        let Some(mut e) = exps.take(r) else {
            continue;
        };
        if !chain.edges[i].is_empty() {
            let v = moves.variant(i, 0)?;
            met.add_stay(v, &mut e);
            for m in v.moves.iter().filter(|m| !m.to_self) {
                if phase_of(m.to_rank()) != phase_of(r) && phase_of(m.to_rank()) < phases {
                    raise(&mut entry_exps[phase_of(m.to_rank())], &e);
                }
                exps.reach(m.to_rank(), &e);
            }
        }
        raise(&mut top, &e);
        exps.recycle(e);
    }
    let top = met.spread(&top);
    let entry_exps: Vec<Vec<u32>> = entry_exps.iter().map(|e| met.spread(e)).collect();
    // The masses, over the pass's denominator, and what of them enters a
    // phase, in the same order.
    let start = basis.integer_of(&top);
    let mut slots = Slots::new(n, arithmetic, start.len());
    slots.put(prep.rank[chain.start], start);
    let mut entered: Vec<Option<Numer>> = vec![None; n];
    moves.last_walk(true);
    let mut visits = Numer::new();
    let mut targets: Vec<(usize, u64)> = Vec::new();
    for (r, &i) in prep.order.iter().enumerate() {
        if !slots.reached(r) {
            continue;
        }
        if chain.edges[i].is_empty() {
            let mass = slots.take(r).expect("reached");
            slots.recycle(mass);
            continue;
        }
        let v = moves.variant(i, 0)?;
        slots.take_over(r, v.stay, &mut visits);
        targets.clear();
        for m in v.moves.iter().filter(|m| !m.to_self) {
            if phase_of(m.to_rank()) != phase_of(r) && phase_of(m.to_rank()) < phases {
                add_times(
                    entered[m.to_rank()].get_or_insert_with(Numer::new),
                    &visits,
                    m.w,
                );
            }
            targets.push((m.to_rank(), m.w));
        }
        slots.send_all(&visits, &targets);
    }
    // Each phase's entering masses over its own denominator: a whole
    // multiple of its reciprocal, so the division is exact.
    let mut out: Entering = entry_exps.into_iter().map(|e| (e, Vec::new())).collect();
    out[0].1.push((prep.rank[chain.start], vec![1]));
    out[0].0 = vec![0; basis.len()];
    for (r, numer) in entered.into_iter().enumerate() {
        let Some(mut numer) = numer else {
            continue;
        };
        let (e, masses) = &mut out[phase_of(r)];
        basis.scale_down(&mut numer, &top, e);
        masses.push((r, numer));
    }
    Some(out)
}

/// The mass leaving phase `p`, by the shots fired in it, from the masses
/// entering it over the denominator `Π b_j^start_j`: by count, the
/// numerator and the exponents of its denominator. Each count has a
/// denominator of its own, as in `run_smooth`: the least its states need,
/// and at least the count below's, so that a move that counts one more
/// brings its share over by a whole factor. (With one denominator for all
/// counts, that of the highest, the README's three units' phases took 19,
/// 47 and 58 limbs at every count.) In lanes, a node's counts are held in
/// one block (`smooth_blocks.rs`). `None` if a denominator falls outside
/// the basis.
fn count_phase(
    moves: &mut Moves<'_>,
    p: usize,
    start: Vec<u32>,
    entering: Vec<(usize, Numer)>,
    arithmetic: Arithmetic,
) -> Option<(Vec<Numer>, Vec<Vec<u32>>)> {
    let (chain, prep) = (moves.chain, moves.prep);
    let basis = &prep.basis;
    let cap = TALLY_CAP;
    let width = usize::from(cap) + 1;
    let n = chain.nodes.len();
    let in_phase = |r: usize| usize::from(chain.nodes[prep.order[r]].phase) == p;
    let first = (0..n).find(|&r| in_phase(r)).unwrap_or(n);
    // The exponents first, over the same states in the same order (the
    // phase's nodes are side by side in that order).
    moves.last_walk(false);
    let last = (first..n).find(|&r| !in_phase(r)).unwrap_or(n);
    let starts: Vec<usize> = entering.iter().map(|(r, _)| *r).collect();
    // Each count's denominator at least the count below's (the entering
    // masses' at the least).
    let (met, top) = node_exponents(moves, width, &start, &starts, first..last)?;
    let top = rising(&met, &top);
    // Then the masses, each over its count's denominator.
    moves.last_walk(true);
    let limbs = basis.integer_of(&top[width - 1]).len();
    let entering = entering.into_iter().map(|(r, mut mass)| {
        basis.scale_up(&mut mass, &start, &top[0]);
        (r, mass)
    });
    let mut exit = vec![Numer::new(); width];
    if let Some(kernel) = arithmetic.lanes_for(limbs) {
        // What leaves at the cap (below it, a node without edges is the
        // end of the plan, not of the phase).
        let mut at_cap = Numer::new();
        count_in_blocks(
            moves,
            &top,
            kernel,
            entering.collect(),
            first..last,
            |c, mass| {
                if c == usize::from(cap) {
                    add_times(&mut at_cap, mass, 1);
                }
            },
            |_, c, visits, w| add_times(&mut exit[c], visits, w),
        )?;
        exit[usize::from(cap)] = at_cap;
        return Some((exit, top));
    }
    let mut slots = Slots::new(n * width, arithmetic, limbs);
    for (r, mass) in entering {
        slots.put(r * width, mass);
    }
    let mut visits = Numer::new();
    let mut sends = Sends::new(cap, basis, &top);
    for r in first..last {
        let i = prep.order[r];
        for count in 0..=cap {
            let state = r * width + usize::from(count);
            if !slots.reached(state) {
                continue;
            }
            if count == cap || chain.edges[i].is_empty() {
                let mass = slots.take(state).expect("reached");
                if count == cap {
                    add_times(&mut exit[usize::from(cap)], &mass, 1);
                }
                slots.recycle(mass);
                continue;
            }
            let v = moves.variant(i, count)?;
            slots.take_over(state, v.stay, &mut visits);
            add_times(&mut exit[usize::from(count)], &visits, v.exit);
            // The phase's end starts the count again: it leaves the phase.
            let ends_phase = |m: &Move| m.step == Step::Reset;
            sends.send(&mut slots, &visits, &v.moves, count, ends_phase);
        }
    }
    Some((exit, top))
}
