//! The exact engine: solves the plan's chain in exact fractions.
//!
//! States are (node, tally), where the tally counts one thing (shots in the
//! current phase, shots, hits or Critical Hits) and stops at [`TALLY_CAP`]:
//! the last bucket holds "cap or more", still exactly. The engine takes
//! states in order, so that each is taken once all its mass has arrived, and
//! solves self-loops exactly: a state that returns to itself with
//! probability `c` sends each other edge's share divided by `1 - c`, and is
//! visited `1 / (1 - c)` times on average. Expected values come from those
//! visit counts, so they are exact whatever the cap.
//!
//! One pass per tally; every pass shares the chain's transitions.

use std::collections::BTreeMap;

use super::FirePlan;
use super::chain::{Chain, Event, Node, Weapon};
use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::outcomes::HexOdds;
use crate::rules::to_hit::HitKind;

/// Shot and hit counts stop here; the last bucket is "this many or more".
pub const TALLY_CAP: u8 = 24;

/// Critical Hit counts stop here (more than a few is vanishingly rare).
pub const CRITICAL_CAP: u8 = 8;

/// A distribution of a count: exact P(n) for n below the cap, and P(cap or
/// more).
#[derive(Clone, Debug, PartialEq)]
pub struct CountDist {
    /// `p[n]` = P(count = n), for n < cap.
    pub p: Vec<Prob>,
    /// P(count ≥ cap).
    pub or_more: Prob,
    pub cap: u8,
}

impl CountDist {
    fn from_buckets(buckets: Vec<Prob>) -> CountDist {
        let cap = (buckets.len() - 1) as u8;
        let mut p = buckets;
        let or_more = p.pop().unwrap_or_else(Prob::zero);
        CountDist { p, or_more, cap }
    }

    /// P(count ≥ n).
    pub fn at_least(&self, n: usize) -> Prob {
        self.p.iter().skip(n).sum::<Prob>() + &self.or_more
    }

    /// The buckets that carry probability: (n, P(n)), then `or_more` if
    /// non-zero, as (cap, P(≥ cap)).
    pub fn nonzero(&self) -> Vec<(usize, Prob, bool)> {
        let mut v: Vec<(usize, Prob, bool)> = self
            .p
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.is_zero())
            .map(|(n, p)| (n, p.clone(), false))
            .collect();
        if !self.or_more.is_zero() {
            v.push((usize::from(self.cap), self.or_more.clone(), true));
        }
        v
    }
}

/// Exact figures for one listed phase.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseOdds {
    pub expected_shots: Prob,
    pub expected_hits: Prob,
    pub expected_criticals: Prob,
    /// Shots fired in this phase.
    pub shots: CountDist,
    /// The plan's first hit comes in this phase.
    pub p_first_hit: Prob,
    /// At least one hit by the end of this phase.
    pub p_hit_by_end: Prob,
    /// Weapon malfunctioned (and not yet repaired) at the end of this phase.
    pub p_malfunctioned_at_end: Prob,
    /// Weapon removed for good by the end of this phase.
    pub p_removed_by_end: Prob,
    /// No enemy unit still in action at the end of this phase (plans with units).
    pub p_hex_cleared_by_end: Option<Prob>,
}

/// Exact figures for a whole plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanOdds {
    pub shots: CountDist,
    pub hits: CountDist,
    pub criticals: CountDist,
    pub expected_shots: Prob,
    pub expected_hits: Prob,
    pub expected_criticals: Prob,
    pub p_at_least_one_hit: Prob,
    pub p_critical_hit: Prob,
    /// The weapon malfunctions at least once.
    pub p_malfunction: Prob,
    /// The weapon is removed for good by the end of the plan.
    pub p_removed: Prob,
    pub per_phase: Vec<PhaseOdds>,
    /// The units' odds at the end of the plan (plans with units).
    pub units: Option<HexOdds>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tally {
    /// No count: the pass for expected values and the weapon's state, over
    /// the nodes alone (cheap).
    Nothing,
    ShotsInPhase,
    Shots,
    Hits,
    Criticals,
}

impl Tally {
    fn cap(self) -> u8 {
        match self {
            Tally::Nothing => 0,
            Tally::Criticals => CRITICAL_CAP,
            _ => TALLY_CAP,
        }
    }

    fn counts(self, event: &Event) -> bool {
        match (self, event) {
            (Tally::Nothing, _) | (_, Event::PhaseEnd) => false,
            (Tally::ShotsInPhase | Tally::Shots, Event::Shot { .. }) => true,
            (Tally::Hits, Event::Shot { hit, .. }) => hit.is_hit(),
            (Tally::Criticals, Event::Shot { hit, .. }) => *hit == HitKind::Critical,
        }
    }
}

/// What one pass sees.
struct Pass {
    /// Mass at the end of the plan, by (node, tally).
    end: Vec<(Node, u8, Prob)>,
    /// Mass leaving each phase, by tally value and by the weapon's state.
    phase_exit: Vec<Vec<Prob>>,
    phase_exit_weapon: Vec<BTreeMap<Weapon, Prob>>,
    /// Mass leaving each phase with the hex cleared of enemy units in action.
    phase_exit_cleared: Vec<Prob>,
    /// Expected shots, hits, Critical Hits per phase.
    expected: Vec<[Prob; 3]>,
}

fn add(slot: &mut Prob, p: Prob) {
    *slot = std::mem::replace(slot, Prob::zero()) + p;
}

fn run(plan: &FirePlan, chain: &Chain, tally: Tally) -> Pass {
    let phases = plan.input.phases.len();
    let cap = tally.cap();
    let mut pass = Pass {
        end: Vec::new(),
        phase_exit: vec![vec![Prob::zero(); usize::from(cap) + 1]; phases],
        phase_exit_weapon: vec![BTreeMap::new(); phases],
        phase_exit_cleared: vec![Prob::zero(); phases],
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
        let next_count = |e: &super::chain::Edge| {
            if tally == Tally::ShotsInPhase && e.event == Event::PhaseEnd {
                0
            } else if tally.counts(&e.event) {
                (count + 1).min(cap)
            } else {
                count
            }
        };
        let self_loop: Prob = edges
            .iter()
            .filter(|e| e.to == i && next_count(e) == count)
            .map(|e| &e.p)
            .sum();
        let stay = Prob::one() - self_loop;
        let visits = mass
            .checked_div(&stay)
            .expect("every loop can end: a malfunction is always possible");
        let phase = usize::from(node.phase);
        for e in edges {
            let flow = &visits * &e.p;
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
                    if !plan.units().is_empty() && !plan.enemy_in_action(node.units.as_slice()) {
                        add(&mut pass.phase_exit_cleared[phase], flow.clone());
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
            if e.to == i && to_count == count {
                continue;
            }
            let slot = pending
                .entry((chain.nodes[e.to], to_count))
                .or_insert_with(|| (e.to, Prob::zero()));
            add(&mut slot.1, flow);
        }
    }
    pass
}

fn count_dist(cap: u8, buckets: impl IntoIterator<Item = (u8, Prob)>) -> CountDist {
    let mut v = vec![Prob::zero(); usize::from(cap) + 1];
    for (n, p) in buckets {
        add(&mut v[usize::from(n)], p);
    }
    CountDist::from_buckets(v)
}

impl PlanOdds {
    pub fn of(plan: &FirePlan, chain: &Chain) -> PlanOdds {
        let base = run(plan, chain, Tally::Nothing);
        let by_phase = run(plan, chain, Tally::ShotsInPhase);
        let shots = run(plan, chain, Tally::Shots);
        let hits = run(plan, chain, Tally::Hits);
        let criticals = run(plan, chain, Tally::Criticals);

        let total =
            |pass: &Pass, cap| count_dist(cap, pass.end.iter().map(|(_, n, p)| (*n, p.clone())));
        let shots_dist = total(&shots, TALLY_CAP);
        let hits_dist = total(&hits, TALLY_CAP);
        let criticals_dist = total(&criticals, CRITICAL_CAP);

        let sum_expected = |k: usize| -> Prob { base.expected.iter().map(|e| &e[k]).sum() };
        let p_malfunction: Prob = base
            .end
            .iter()
            .filter(|(n, _, _)| n.ever_malfunctioned)
            .map(|(_, _, p)| p)
            .sum();
        let p_removed: Prob = base
            .end
            .iter()
            .filter(|(n, _, _)| n.weapon == Weapon::Removed)
            .map(|(_, _, p)| p)
            .sum();

        let mut per_phase = Vec::new();
        let mut no_hit_before = Prob::one();
        for (i, exit) in by_phase.phase_exit.iter().enumerate() {
            let no_hit_after = hits.phase_exit[i][0].clone();
            let weapon = &base.phase_exit_weapon[i];
            let get = |w: Weapon| weapon.get(&w).cloned().unwrap_or_else(Prob::zero);
            per_phase.push(PhaseOdds {
                expected_shots: base.expected[i][0].clone(),
                expected_hits: base.expected[i][1].clone(),
                expected_criticals: base.expected[i][2].clone(),
                shots: CountDist::from_buckets(exit.clone()),
                p_first_hit: no_hit_before.clone() - no_hit_after.clone(),
                p_hit_by_end: no_hit_after.complement(),
                p_malfunctioned_at_end: get(Weapon::Malfunctioned),
                // Every path leaves every phase once, and removal is for good.
                p_removed_by_end: get(Weapon::Removed),
                p_hex_cleared_by_end: (!plan.units().is_empty())
                    .then(|| base.phase_exit_cleared[i].clone()),
            });
            no_hit_before = no_hit_after;
        }

        PlanOdds {
            p_at_least_one_hit: hits_dist.at_least(1),
            p_critical_hit: criticals_dist.at_least(1),
            shots: shots_dist,
            hits: hits_dist,
            criticals: criticals_dist,
            expected_shots: sum_expected(0),
            expected_hits: sum_expected(1),
            expected_criticals: sum_expected(2),
            p_malfunction,
            p_removed,
            per_phase,
            units: (!plan.units().is_empty()).then(|| {
                let end = Dist::from_masses(
                    base.end
                        .iter()
                        .map(|(n, _, p)| (n.units.as_slice().to_vec(), p.clone())),
                );
                HexOdds::of(plan.units(), &end)
            }),
        }
    }
}
