//! The exact engine's reference passes, in plain [`Prob`] arithmetic: the
//! values the smooth passes (`smooth_pass.rs`) are tested against, and the
//! fallback for a chain whose tables do not fit the smooth scheme.

use std::collections::BTreeMap;

use super::FirePlan;
use super::chain::{Chain, Event, Node, Weapon};
use super::tally::{Step, Tally, Totals};
use crate::prob::Prob;
use crate::rules::to_hit::HitKind;

/// What one reference pass sees.
pub(super) struct Pass {
    /// Mass at the end of the plan, by (node, tally).
    end: Vec<(Node, u8, Prob)>,
    cap: u8,
    /// Mass leaving each phase, by tally value and by the weapon's state.
    phase_exit: Vec<Vec<Prob>>,
    phase_exit_weapon: Vec<BTreeMap<Weapon, Prob>>,
    /// Mass leaving each phase with the hex cleared of enemy units in action.
    phase_exit_cleared: Vec<Prob>,
    /// Mass leaving each phase with some enemy unit out of action.
    phase_exit_some_out: Vec<Prob>,
    /// Expected shots, hits, Critical Hits per phase.
    expected: Vec<[Prob; 3]>,
}

impl Pass {
    pub(super) fn totals(self) -> Totals {
        let mut end = vec![Prob::zero(); usize::from(self.cap) + 1];
        for (_, n, p) in &self.end {
            add(&mut end[usize::from(*n)], p.clone());
        }
        let sum_where = |f: &dyn Fn(&Node) -> bool| -> Prob {
            self.end
                .iter()
                .filter(|(n, _, _)| f(n))
                .map(|(_, _, p)| p)
                .sum()
        };
        let sum_expected = |k: usize| -> Prob { self.expected.iter().map(|e| &e[k]).sum() };
        Totals {
            end_at_least_one: end[1..].iter().sum(),
            expected_total: [sum_expected(0), sum_expected(1), sum_expected(2)],
            end,
            removed: sum_where(&|n| n.weapon == Weapon::Removed),
            units: self
                .end
                .iter()
                .map(|(n, _, p)| (n.units.states().to_vec(), p.clone()))
                .collect(),
            hex: None,
            phase_exit: self.phase_exit,
            phase_exit_weapon: self.phase_exit_weapon,
            phase_exit_cleared: self.phase_exit_cleared,
            phase_exit_some_out: self.phase_exit_some_out,
            expected: self.expected,
        }
    }
}

fn add(slot: &mut Prob, p: Prob) {
    *slot = std::mem::replace(slot, Prob::zero()) + p;
}

pub(super) fn run(plan: &FirePlan, chain: &Chain, tally: Tally) -> Pass {
    let phases = plan.input.phases.len();
    let cap = tally.cap();
    let mut pass = Pass {
        end: Vec::new(),
        cap,
        phase_exit: vec![vec![Prob::zero(); usize::from(cap) + 1]; phases],
        phase_exit_weapon: vec![BTreeMap::new(); phases],
        phase_exit_cleared: vec![Prob::zero(); phases],
        phase_exit_some_out: vec![Prob::zero(); phases],
        expected: vec![[Prob::zero(), Prob::zero(), Prob::zero()]; phases],
    };
    let mut pending: BTreeMap<(Node, u8), (usize, Prob)> = BTreeMap::new();
    pending.insert((chain.nodes[chain.start], 0), (chain.start, Prob::one()));
    while let Some(((node, count), (i, mass))) = pending.pop_first() {
        let edges = &chain.edges[i];
        if edges.is_empty() {
            pass.end.push((node, count, mass));
            continue;
        }
        let next_count = |e: &super::chain::Edge| Step::of(tally, &e.event).next(count, cap);
        let probs: Vec<Prob> = (0..edges.len()).map(|k| chain.prob(i, k)).collect();
        let self_loop: Prob = edges
            .iter()
            .zip(&probs)
            .filter(|(e, _)| e.to() == i && next_count(e) == count)
            .map(|(_, p)| p)
            .sum();
        let stay = Prob::one() - self_loop;
        let visits = mass
            .checked_div(&stay)
            .expect("every loop can end: a malfunction is always possible");
        let phase = usize::from(node.phase);
        for (e, p) in edges.iter().zip(&probs) {
            let flow = &visits * p;
            match e.event {
                // Expected values and the weapon's state need no count.
                _ if tally != Tally::Nothing && e.event != Event::PhaseEnd => {}
                Event::Shot { hit, .. } => {
                    let exp = &mut pass.expected[phase];
                    add(&mut exp[0], flow.clone());
                    if hit.is_hit() {
                        add(&mut exp[1], flow.clone());
                    }
                    if hit == HitKind::Critical {
                        add(&mut exp[2], flow.clone());
                    }
                }
                Event::PhaseEnd if tally == Tally::Nothing => {
                    if !plan.units().is_empty() && !plan.enemy_in_action(&node.units) {
                        add(&mut pass.phase_exit_cleared[phase], flow.clone());
                    }
                    if !plan.units().is_empty() && plan.enemy_out(&node.units) {
                        add(&mut pass.phase_exit_some_out[phase], flow.clone());
                    }
                    let w = pass.phase_exit_weapon[phase]
                        .entry(node.weapon)
                        .or_insert_with(Prob::zero);
                    add(w, flow.clone());
                }
                Event::PhaseEnd => {
                    add(
                        &mut pass.phase_exit[phase][usize::from(count)],
                        flow.clone(),
                    );
                }
            }
            let to_count = next_count(e);
            if e.to() == i && to_count == count {
                continue;
            }
            let slot = pending
                .entry((chain.nodes[e.to()], to_count))
                .or_insert_with(|| (e.to(), Prob::zero()));
            add(&mut slot.1, flow);
        }
    }
    pass
}
