//! The exact engine's passes in smooth fractions (`smooth.rs`): each pass
//! takes the chain's states in order with integer edge weights over each
//! node's table denominator, the counting passes on the chain merged for
//! their count (`lump.rs`). The same states, in the same order, as the
//! reference passes (`reference_pass.rs`).

use std::collections::BTreeMap;

use super::FirePlan;
use super::chain::Weapon;
use super::smooth::Basis;
use super::smooth_blocks::count_in_blocks;
use super::smooth_exponents::pass_exponents;
use super::smooth_moves::Moves;
use super::smooth_slots::{Arithmetic, Numer, Sends, Slots, add_times};
use super::smooth_sums::Sums;
use super::tally::{Tally, Totals};

/// One pass in smooth fractions: the same states, in the same order, as
/// the reference pass (`reference_pass::run`), every mass a numerator over
/// its count's denominator ([`pass_exponents`]). A state's numerator is
/// divided by its stay once, exactly, and each move adds that times its
/// integer weight; the moves that count one more add it brought over to
/// the next count's denominator, once for all of them (a count's
/// denominator grows with the count: the Critical Hits pass of
/// `examples/stack-in-woods.toml` works with 43 to 86 limbs, where one
/// denominator for all took 86). So each state holds one mass. (Each had
/// a slot for what came at its count and one for what came from the
/// count below, the second brought over when the state was taken: a
/// state reached both ways held two numbers and was taken twice.) A pass
/// that ends at its cap, with its masses in lanes, holds a node's counts
/// in one block (`smooth_blocks.rs`; the README's three units' passes
/// that count shots, hits and Critical Hits took 17-30% less time on one
/// core). The pass is that of `moves`, on its chain. `None` if a
/// denominator falls outside the basis.
pub(super) fn run_smooth(
    plan: &FirePlan,
    mut moves: Moves<'_>,
    arithmetic: Arithmetic,
) -> Option<Totals> {
    let (chain, prep, tally) = (moves.chain, moves.prep, moves.tally);
    let basis = &prep.basis;
    let phases = plan.input.phases.len();
    let cap = tally.cap();
    let width = usize::from(cap) + 1;
    let exps = pass_exponents(&mut moves, width)?;
    moves.last_walk(true);
    let zeros = |n: usize| vec![Numer::new(); n];
    let mut sums = Sums {
        end: zeros(width),
        phase_exit: vec![zeros(width); phases],
        phase_exit_weapon: vec![BTreeMap::new(); phases],
        phase_exit_cleared: zeros(phases),
        phase_exit_some_out: zeros(phases),
        expected: vec![[Numer::new(), Numer::new(), Numer::new()]; phases],
        removed: Numer::new(),
        units: BTreeMap::new(),
    };
    let with_units = !plan.units().is_empty();
    let limbs = basis.integer_of(&exps[width - 1]).len();
    if let Some(kernel) = arithmetic.lanes_for(limbs)
        && tally.ends_at_cap()
    {
        let start = vec![(prep.rank[chain.start], basis.integer_of(&exps[0]))];
        let Sums {
            end, phase_exit, ..
        } = &mut sums;
        count_in_blocks(
            &mut moves,
            &exps,
            kernel,
            start,
            0..chain.nodes.len(),
            |c, mass| add_times(&mut end[c], mass, 1),
            |phase, c, visits, w| add_times(&mut phase_exit[phase][c], visits, w),
        )?;
        return Some(finish(plan, tally, basis, &exps, sums));
    }
    // The mass at each state (node rank × width + count), when reached,
    // over its count's denominator.
    let mut slots = Slots::new(chain.nodes.len() * width, arithmetic, limbs);
    slots.put(prep.rank[chain.start] * width, basis.integer_of(&exps[0]));
    let mut visits = Numer::new();
    let mut sends = Sends::new(cap, basis, &exps);
    for (r, &i) in prep.order.iter().enumerate() {
        let node = &chain.nodes[i];
        let phase = usize::from(node.phase);
        for count in 0..=cap {
            let state = r * width + usize::from(count);
            if !slots.reached(state) {
                continue;
            }
            if count == cap && tally.ends_at_cap() && !chain.edges[i].is_empty() {
                let mass = slots.take(state).expect("reached");
                add_times(&mut sums.end[usize::from(count)], &mass, 1);
                slots.recycle(mass);
                continue;
            }
            if chain.edges[i].is_empty() {
                let mass = slots.take(state).expect("reached");
                add_times(&mut sums.end[usize::from(count)], &mass, 1);
                if tally == Tally::Nothing {
                    if node.weapon == Weapon::Removed {
                        add_times(&mut sums.removed, &mass, 1);
                    }
                    if with_units {
                        let slot = sums.units.entry(node.units.states().to_vec());
                        add_times(slot.or_default(), &mass, 1);
                    }
                }
                slots.recycle(mass);
                continue;
            }
            let v = moves.variant(i, count)?;
            slots.take_over(state, v.stay, &mut visits);
            if tally == Tally::Nothing {
                for (slot, &w) in sums.expected[phase].iter_mut().zip(&v.expected) {
                    add_times(slot, &visits, w);
                }
                if v.exit != 0 {
                    if with_units && !plan.enemy_in_action(&node.units) {
                        add_times(&mut sums.phase_exit_cleared[phase], &visits, v.exit);
                    }
                    if with_units && plan.enemy_out(&node.units) {
                        add_times(&mut sums.phase_exit_some_out[phase], &visits, v.exit);
                    }
                    let slot = sums.phase_exit_weapon[phase].entry(node.weapon);
                    add_times(slot.or_default(), &visits, v.exit);
                }
            } else {
                add_times(
                    &mut sums.phase_exit[phase][usize::from(count)],
                    &visits,
                    v.exit,
                );
            }
            // The moves at this count, and those that count one more.
            sends.send(&mut slots, &visits, &v.moves, count, |_| false);
        }
    }
    Some(finish(plan, tally, basis, &exps, sums))
}

/// The pass's totals from its sums: every count's sums brought over to the
/// last count's denominator first.
fn finish(
    plan: &FirePlan,
    tally: Tally,
    basis: &Basis,
    exps: &[Vec<u32>],
    mut sums: Sums,
) -> Totals {
    let top = &exps[exps.len() - 1];
    for (c, e) in exps.iter().enumerate() {
        for numer in
            std::iter::once(&mut sums.end[c]).chain(sums.phase_exit.iter_mut().map(|p| &mut p[c]))
        {
            basis.scale_up(numer, e, top);
        }
    }
    sums.into_totals(tally, plan, basis, top)
}
