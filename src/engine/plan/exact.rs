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
//! One pass per tally, in parallel. The first pass (no count) runs on the
//! whole chain; each counting pass runs on the chain merged for its count
//! (`lump.rs`: nodes with the same future for that count are one), about a
//! tenth of the transitions with units in the hex.
//!
//! The passes compute in [`Smooth`] fractions: every edge probability of a
//! node is an integer weight over the node's [`DrawTable`] denominator, so
//! every mass is a big integer over a product of powers of a few small
//! primes (those of the denominators and of the `1 - c` a self-loop divides
//! by), and no gcd is taken until the figures are turned into [`Prob`]s.
//! The values are exactly those of plain [`Prob`] arithmetic, which the
//! engine falls back to (the reference passes below) should a chain's
//! tables not fit that scheme.
//!
//! [`DrawTable`]: super::chain::DrawTable

use std::borrow::Cow;
use std::collections::BTreeMap;

use num_traits::ToPrimitive;
use rayon::prelude::*;

use super::FirePlan;
use super::chain::{Chain, Edge, Event, Node, Weapon};
use super::lump;
use super::smooth::{Basis, Denominator, Ratio, Scratch, Smooth};
use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::outcomes::HexOdds;
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

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
    /// At least one enemy unit out of action at the end of this phase
    /// (plans with units). Every path leaves every phase, stopped or not,
    /// so this is also the figure of the plan cut after this phase.
    pub p_enemy_out_by_end: Option<Prob>,
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

/// How a tally moves along an edge.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Step {
    Same,
    /// One more (stopping at the cap).
    Up,
    /// Back to zero (shots in the phase, at the end of a phase).
    Reset,
}

impl Step {
    fn of(tally: Tally, event: &Event) -> Step {
        if tally == Tally::ShotsInPhase && *event == Event::PhaseEnd {
            Step::Reset
        } else if tally.counts(event) {
            Step::Up
        } else {
            Step::Same
        }
    }

    fn next(self, count: u8, cap: u8) -> u8 {
        match self {
            Step::Same => count,
            Step::Up => (count + 1).min(cap),
            Step::Reset => 0,
        }
    }
}

/// Every pass, in the order [`PlanOdds::of`] reads them.
const PASSES: [Tally; 5] = [
    Tally::Nothing,
    Tally::ShotsInPhase,
    Tally::Shots,
    Tally::Hits,
    Tally::Criticals,
];

/// The figures of one pass that [`PlanOdds::of`] reads, summed.
struct Totals {
    /// Mass at the end of the plan, by tally value.
    end: Vec<Prob>,
    /// Mass at the end with a tally of at least one.
    end_at_least_one: Prob,
    /// Mass leaving each phase, by tally value.
    phase_exit: Vec<Vec<Prob>>,
    /// The rest is for [`Tally::Nothing`]: mass leaving each phase by the
    /// weapon's state, and with the hex cleared of enemy units in action.
    phase_exit_weapon: Vec<BTreeMap<Weapon, Prob>>,
    phase_exit_cleared: Vec<Prob>,
    /// Mass leaving each phase with some enemy unit out of action.
    phase_exit_some_out: Vec<Prob>,
    /// Expected shots, hits, Critical Hits per phase, and in all.
    expected: Vec<[Prob; 3]>,
    expected_total: [Prob; 3],
    /// Mass at the end with the weapon ever malfunctioned, and removed.
    malfunction: Prob,
    removed: Prob,
    /// Mass at the end by the units' states (plans with units).
    units: Vec<(Vec<UnitState>, Prob)>,
}

impl PlanOdds {
    pub fn of(plan: &FirePlan, chain: &Chain) -> PlanOdds {
        let smooth = smooth_totals(plan, chain);
        let totals = smooth.unwrap_or_else(|| {
            PASSES
                .iter()
                .map(|&tally| run(plan, chain, tally).totals())
                .collect()
        });
        PlanOdds::from_totals(plan, totals)
    }

    /// The figures from the passes' totals, in the order of [`PASSES`].
    fn from_totals(plan: &FirePlan, totals: Vec<Totals>) -> PlanOdds {
        let [base, by_phase, shots, hits, criticals]: [Totals; 5] = totals
            .try_into()
            .unwrap_or_else(|_| unreachable!("one Totals per pass"));
        let [expected_shots, expected_hits, expected_criticals] = base.expected_total;
        let mut per_phase = Vec::new();
        let mut no_hit_before = Prob::one();
        for (i, exit) in by_phase.phase_exit.into_iter().enumerate() {
            let no_hit_after = hits.phase_exit[i][0].clone();
            let weapon = &base.phase_exit_weapon[i];
            let get = |w: Weapon| weapon.get(&w).cloned().unwrap_or_else(Prob::zero);
            per_phase.push(PhaseOdds {
                expected_shots: base.expected[i][0].clone(),
                expected_hits: base.expected[i][1].clone(),
                expected_criticals: base.expected[i][2].clone(),
                shots: CountDist::from_buckets(exit),
                p_first_hit: no_hit_before.clone() - no_hit_after.clone(),
                p_hit_by_end: no_hit_after.complement(),
                p_malfunctioned_at_end: get(Weapon::Malfunctioned),
                // Every path leaves every phase once, and removal is for good.
                p_removed_by_end: get(Weapon::Removed),
                p_hex_cleared_by_end: (!plan.units().is_empty())
                    .then(|| base.phase_exit_cleared[i].clone()),
                p_enemy_out_by_end: (!plan.units().is_empty())
                    .then(|| base.phase_exit_some_out[i].clone()),
            });
            no_hit_before = no_hit_after;
        }

        PlanOdds {
            p_at_least_one_hit: hits.end_at_least_one,
            p_critical_hit: criticals.end_at_least_one,
            shots: CountDist::from_buckets(shots.end),
            hits: CountDist::from_buckets(hits.end),
            criticals: CountDist::from_buckets(criticals.end),
            expected_shots,
            expected_hits,
            expected_criticals,
            p_malfunction: base.malfunction,
            p_removed: base.removed,
            per_phase,
            units: (!plan.units().is_empty())
                .then(|| HexOdds::of(plan.units(), &Dist::from_masses(base.units))),
        }
    }
}

// ---------------------------------------------------------------------------
// The passes in smooth fractions
// ---------------------------------------------------------------------------

/// Every pass in smooth fractions, the counting passes on the chain merged
/// for their count (the first pass reads every node's units and weapon);
/// `None` if the chain does not fit the scheme.
fn smooth_totals(plan: &FirePlan, chain: &Chain) -> Option<Vec<Totals>> {
    let order = node_order(chain);
    PASSES
        .par_iter()
        .map(|&tally| {
            let merged = match tally {
                Tally::Nothing => None,
                _ => lump::quotient(chain, &order, |e| {
                    (Step::of(tally, e), *e == Event::PhaseEnd)
                }),
            };
            let (chain, order) = match merged {
                Some(q) => (Cow::Owned(q.chain), q.order),
                None => (Cow::Borrowed(chain), order.clone()),
            };
            let prep = Prepared::new(&chain, order)?;
            run_smooth(plan, &chain, &prep, tally)
        })
        .collect()
}

/// What every smooth pass shares: the basis of the denominators, the order
/// of the nodes, and each edge's integer weight.
struct Prepared {
    basis: Basis,
    /// Node indices in [`Node`] order, and each node's place in it.
    order: Vec<usize>,
    rank: Vec<usize>,
    /// `weights[i][k]`: edge `k` of node `i` has probability
    /// `weights[i][k] / denominator[i]`.
    weights: Vec<Vec<u64>>,
    denominator: Vec<u64>,
}

impl Prepared {
    /// `None` if the chain does not fit the scheme: a table that does not
    /// give the edges' probabilities exactly, an edge back in node order,
    /// or a self-loop that cannot end (all left to the reference passes).
    fn new(chain: &Chain, order: Vec<usize>) -> Option<Prepared> {
        let n = chain.nodes.len();
        if chain.edges.len() != n || chain.tables.len() != n || chain.start >= n || order.len() != n
        {
            return None;
        }
        let mut rank = vec![0; n];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r;
        }
        let mut weights = Vec::with_capacity(n);
        let mut denominator = Vec::with_capacity(n);
        // Every `d · (1 - c)` a pass divides by, `d` included.
        let mut divisors = Vec::new();
        for (i, edges) in chain.edges.iter().enumerate() {
            let table = &chain.tables[i];
            let d = table.denominator;
            let mut w = Vec::with_capacity(edges.len());
            if !edges.is_empty() {
                if d == 0
                    || table.cumulative.len() != edges.len()
                    || table.cumulative.last() != Some(&d)
                {
                    return None;
                }
                let mut below = 0;
                for (e, &c) in edges.iter().zip(&table.cumulative) {
                    let wk = c.checked_sub(below)?;
                    below = c;
                    // The edge's probability is exactly wk / d.
                    let (numer, denom) = (e.p.numer().to_u64()?, e.p.denom().to_u64()?);
                    if u128::from(numer) * u128::from(d) != u128::from(wk) * u128::from(denom) {
                        return None;
                    }
                    // Forward in node order, or a self-loop that no count
                    // takes back (only a phase's end resets one).
                    let forward = if e.to == i {
                        e.event != Event::PhaseEnd
                    } else {
                        rank[e.to] > rank[i]
                    };
                    if !forward {
                        return None;
                    }
                    w.push(wk);
                }
                divisors.push(d);
                if edges.iter().any(|e| e.to == i) {
                    // The self-loop at a count of zero, in between and at
                    // the cap, for every pass.
                    for tally in PASSES {
                        let cap = tally.cap();
                        let loops = self_edges(tally, i, edges, &w);
                        for count in [0, 1.min(cap), cap] {
                            let stay = d - self_weight(&loops, count, cap);
                            if stay == 0 {
                                return None;
                            }
                            divisors.push(stay);
                        }
                    }
                }
            }
            weights.push(w);
            denominator.push(d);
        }
        divisors.sort_unstable();
        divisors.dedup();
        let mut basis = Basis::new();
        for d in divisors {
            basis.absorb(d);
        }
        Some(Prepared {
            basis,
            order,
            rank,
            weights,
            denominator,
        })
    }
}

/// The chain's nodes in [`Node`] order, in which every edge goes forward
/// (a self-loop aside).
fn node_order(chain: &Chain) -> Vec<usize> {
    let mut order: Vec<usize> = (0..chain.nodes.len()).collect();
    order.sort_by_key(|&i| chain.nodes[i]);
    order
}

/// The steps and weights of node `i`'s edges back to node `i`.
fn self_edges(tally: Tally, i: usize, edges: &[Edge], w: &[u64]) -> Vec<(Step, u64)> {
    edges
        .iter()
        .zip(w)
        .filter(|(e, _)| e.to == i)
        .map(|(e, &w)| (Step::of(tally, &e.event), w))
        .collect()
}

/// The weight of the edges back to the same state, at this count.
fn self_weight(self_edges: &[(Step, u64)], count: u8, cap: u8) -> u64 {
    self_edges
        .iter()
        .filter(|(step, _)| step.next(count, cap) == count)
        .map(|(_, w)| w)
        .sum()
}

/// A move out of a node: its edges to one node with one step, merged.
struct Move {
    to_rank: usize,
    /// Back to the same node.
    to_self: bool,
    step: Step,
    r: Ratio,
}

/// What a pass does from a node, with one self-loop weight: each edge's
/// share is divided by the stay probability.
struct Variant {
    self_weight: u64,
    moves: Vec<Move>,
    /// Shots, hits and Critical Hits fired (self-loops included).
    expected: [Option<Ratio>; 3],
    /// The phase ends.
    exit: Option<Ratio>,
}

impl Variant {
    fn new(
        tally: Tally,
        i: usize,
        prep: &Prepared,
        edges: &[Edge],
        self_weight: u64,
    ) -> Option<Variant> {
        let w = &prep.weights[i];
        // flow = mass / (1 - c) · w / d = mass · w / (d - c·d).
        let stay = Denominator::new(prep.denominator[i] - self_weight, &prep.basis)?;
        let ratio = |w: u64| stay.ratio(w, &prep.basis);
        let mut merged: Vec<(usize, Step, u64)> = Vec::new();
        let mut sums = [0u64; 4];
        for (e, &wk) in edges.iter().zip(w) {
            let step = Step::of(tally, &e.event);
            match merged
                .iter_mut()
                .find(|(to, s, _)| *to == e.to && *s == step)
            {
                Some(m) => m.2 += wk,
                None => merged.push((e.to, step, wk)),
            }
            match e.event {
                Event::Shot { hit, .. } => {
                    sums[0] += wk;
                    if hit.is_hit() {
                        sums[1] += wk;
                    }
                    if hit == HitKind::Critical {
                        sums[2] += wk;
                    }
                }
                Event::PhaseEnd => sums[3] += wk,
            }
        }
        let sink = |s: u64| (s > 0).then(|| ratio(s));
        Some(Variant {
            self_weight,
            moves: merged
                .into_iter()
                .map(|(to, step, wk)| Move {
                    to_rank: prep.rank[to],
                    to_self: to == i,
                    step,
                    r: ratio(wk),
                })
                .collect(),
            expected: [sink(sums[0]), sink(sums[1]), sink(sums[2])],
            exit: sink(sums[3]),
        })
    }
}

/// The sums of one smooth pass, before they become [`Prob`]s.
struct Sums {
    end: Vec<Smooth>,
    phase_exit: Vec<Vec<Smooth>>,
    phase_exit_weapon: Vec<BTreeMap<Weapon, Smooth>>,
    phase_exit_cleared: Vec<Smooth>,
    phase_exit_some_out: Vec<Smooth>,
    expected: Vec<[Smooth; 3]>,
    malfunction: Smooth,
    removed: Smooth,
    units: BTreeMap<Vec<UnitState>, Smooth>,
}

/// A pass's view of the chain: its moves from each node, by self-loop
/// weight, made as states need them.
struct Moves<'a> {
    chain: &'a Chain,
    prep: &'a Prepared,
    tally: Tally,
    self_loops: Vec<Option<Vec<(Step, u64)>>>,
    variants: Vec<Vec<Variant>>,
}

impl Moves<'_> {
    /// What the pass does from node `i` (of some edges) at this count, or
    /// `None` if a denominator falls outside the basis.
    fn variant(&mut self, i: usize, count: u8) -> Option<&Variant> {
        let edges = &self.chain.edges[i];
        let loops = self.self_loops[i]
            .get_or_insert_with(|| self_edges(self.tally, i, edges, &self.prep.weights[i]));
        let c = self_weight(loops, count, self.tally.cap());
        let k = match self.variants[i].iter().position(|v| v.self_weight == c) {
            Some(k) => k,
            None => {
                let v = Variant::new(self.tally, i, self.prep, edges, c)?;
                self.variants[i].push(v);
                self.variants[i].len() - 1
            }
        };
        Some(&self.variants[i][k])
    }
}

/// Smooth values, with spent ones kept for reuse.
struct Pool<'a> {
    basis: &'a Basis,
    spare: Vec<Smooth>,
}

impl Pool<'_> {
    fn zero(&mut self) -> Smooth {
        self.spare.pop().unwrap_or_else(|| Smooth::zero(self.basis))
    }

    fn recycle(&mut self, mut s: Smooth) {
        s.clear();
        self.spare.push(s);
    }
}

/// One pass in smooth fractions: the same states, in the same order, as
/// [`run`]. `None` if a denominator falls outside the basis.
fn run_smooth(plan: &FirePlan, chain: &Chain, prep: &Prepared, tally: Tally) -> Option<Totals> {
    let basis = &prep.basis;
    let phases = plan.input.phases.len();
    let cap = tally.cap();
    let width = usize::from(cap) + 1;
    let zero = Smooth::zero(basis);
    let zeros = |n: usize| vec![zero.clone(); n];
    let mut sums = Sums {
        end: zeros(width),
        phase_exit: vec![zeros(width); phases],
        phase_exit_weapon: vec![BTreeMap::new(); phases],
        phase_exit_cleared: zeros(phases),
        phase_exit_some_out: zeros(phases),
        expected: vec![[zero.clone(), zero.clone(), zero.clone()]; phases],
        malfunction: zero.clone(),
        removed: zero.clone(),
        units: BTreeMap::new(),
    };
    let with_units = !plan.units().is_empty();
    let mut moves = Moves {
        chain,
        prep,
        tally,
        self_loops: vec![None; chain.nodes.len()],
        variants: (0..chain.nodes.len()).map(|_| Vec::new()).collect(),
    };
    // The mass at each state (node rank × width + count), when reached.
    let mut slots: Vec<Option<Smooth>> = vec![None; chain.nodes.len() * width];
    slots[prep.rank[chain.start] * width] = Some(Smooth::one(basis));
    let mut pool = Pool {
        basis,
        spare: Vec::new(),
    };
    let s = &mut Scratch::default();
    for (r, &i) in prep.order.iter().enumerate() {
        let node = &chain.nodes[i];
        let phase = usize::from(node.phase);
        for count in 0..=cap {
            let Some(held) = slots[r * width + usize::from(count)].take() else {
                continue;
            };
            let mass = held.term();
            if chain.edges[i].is_empty() {
                sums.end[usize::from(count)].add(mass, basis, s);
                if tally == Tally::Nothing {
                    if node.ever_malfunctioned {
                        sums.malfunction.add(mass, basis, s);
                    }
                    if node.weapon == Weapon::Removed {
                        sums.removed.add(mass, basis, s);
                    }
                    if with_units {
                        sums.units
                            .entry(node.units.as_slice().to_vec())
                            .or_insert_with(|| zero.clone())
                            .add(mass, basis, s);
                    }
                }
                pool.recycle(held);
                continue;
            }
            let v = moves.variant(i, count)?;
            if tally == Tally::Nothing {
                for (slot, r) in sums.expected[phase].iter_mut().zip(&v.expected) {
                    if let Some(r) = r {
                        slot.add_scaled(mass, r, basis, s);
                    }
                }
                if let Some(x) = &v.exit {
                    if with_units && !plan.enemy_in_action(node.units.as_slice()) {
                        sums.phase_exit_cleared[phase].add_scaled(mass, x, basis, s);
                    }
                    if with_units && plan.enemy_out(node.units.as_slice()) {
                        sums.phase_exit_some_out[phase].add_scaled(mass, x, basis, s);
                    }
                    sums.phase_exit_weapon[phase]
                        .entry(node.weapon)
                        .or_insert_with(|| zero.clone())
                        .add_scaled(mass, x, basis, s);
                }
            } else if let Some(x) = &v.exit {
                sums.phase_exit[phase][usize::from(count)].add_scaled(mass, x, basis, s);
            }
            for m in &v.moves {
                let to_count = m.step.next(count, cap);
                if m.to_self && to_count == count {
                    continue;
                }
                slots[m.to_rank * width + usize::from(to_count)]
                    .get_or_insert_with(|| pool.zero())
                    .add_scaled(mass, &m.r, basis, s);
            }
            pool.recycle(held);
        }
    }
    Some(sums.into_totals(tally, with_units, basis))
}

impl Sums {
    /// The figures the pass gives [`PlanOdds`], as [`Prob`]s: each one
    /// reduced once, in parallel.
    fn into_totals(self, tally: Tally, with_units: bool, basis: &Basis) -> Totals {
        let phases = self.phase_exit.len();
        let mut end_at_least_one = Smooth::zero(basis);
        let s = &mut Scratch::default();
        for e in &self.end[1..] {
            end_at_least_one.add(e.term(), basis, s);
        }
        let mut jobs: Vec<&Smooth> = Vec::new();
        let mut expected_total = [
            Smooth::zero(basis),
            Smooth::zero(basis),
            Smooth::zero(basis),
        ];
        match tally {
            Tally::Nothing => {
                for (total, k) in expected_total.iter_mut().zip(0..) {
                    for e in &self.expected {
                        total.add(e[k].term(), basis, s);
                    }
                }
                jobs.extend(self.expected.iter().flatten());
                jobs.extend(&expected_total);
                jobs.extend(self.phase_exit_weapon.iter().flat_map(|m| m.values()));
                if with_units {
                    jobs.extend(&self.phase_exit_cleared);
                    jobs.extend(&self.phase_exit_some_out);
                    jobs.extend(self.units.values());
                }
                jobs.extend([&self.malfunction, &self.removed]);
            }
            Tally::ShotsInPhase => jobs.extend(self.phase_exit.iter().flatten()),
            // Only the first bucket is read: no hit yet.
            Tally::Hits => {
                jobs.extend(&self.end);
                jobs.push(&end_at_least_one);
                jobs.extend(self.phase_exit.iter().map(|v| &v[0]));
            }
            Tally::Shots | Tally::Criticals => {
                jobs.extend(&self.end);
                jobs.push(&end_at_least_one);
            }
        }
        let probs: Vec<Prob> = jobs
            .par_iter()
            .with_max_len(1)
            .map(|s| s.to_prob(basis))
            .collect();
        let mut probs = probs.into_iter();
        let mut next = || probs.next().expect("one Prob per job");
        let mut take = |n: usize| (0..n).map(|_| next()).collect::<Vec<Prob>>();
        let mut totals = Totals {
            end: Vec::new(),
            end_at_least_one: Prob::zero(),
            phase_exit: Vec::new(),
            phase_exit_weapon: Vec::new(),
            phase_exit_cleared: Vec::new(),
            phase_exit_some_out: Vec::new(),
            expected: Vec::new(),
            expected_total: [Prob::zero(), Prob::zero(), Prob::zero()],
            malfunction: Prob::zero(),
            removed: Prob::zero(),
            units: Vec::new(),
        };
        let width = self.end.len();
        match tally {
            Tally::Nothing => {
                let mut three =
                    || -> [Prob; 3] { take(3).try_into().unwrap_or_else(|_| unreachable!()) };
                totals.expected = (0..phases).map(|_| three()).collect();
                totals.expected_total = three();
                totals.phase_exit_weapon = self
                    .phase_exit_weapon
                    .iter()
                    .map(|m| m.keys().map(|w| (*w, take(1).remove(0))).collect())
                    .collect();
                if with_units {
                    totals.phase_exit_cleared = take(phases);
                    totals.phase_exit_some_out = take(phases);
                    totals.units = self
                        .units
                        .keys()
                        .map(|u| (u.clone(), take(1).remove(0)))
                        .collect();
                }
                totals.malfunction = take(1).remove(0);
                totals.removed = take(1).remove(0);
            }
            Tally::ShotsInPhase => {
                totals.phase_exit = (0..phases).map(|_| take(width)).collect();
            }
            Tally::Hits => {
                totals.end = take(width);
                totals.end_at_least_one = take(1).remove(0);
                totals.phase_exit = (0..phases).map(|_| take(1)).collect();
            }
            Tally::Shots | Tally::Criticals => {
                totals.end = take(width);
                totals.end_at_least_one = take(1).remove(0);
            }
        }
        totals
    }
}

// ---------------------------------------------------------------------------
// The reference passes in `Prob` arithmetic
// ---------------------------------------------------------------------------

/// What one reference pass sees.
struct Pass {
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
    fn totals(self) -> Totals {
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
            malfunction: sum_where(&|n| n.ever_malfunctioned),
            removed: sum_where(&|n| n.weapon == Weapon::Removed),
            units: self
                .end
                .iter()
                .map(|(n, _, p)| (n.units.as_slice().to_vec(), p.clone()))
                .collect(),
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

fn run(plan: &FirePlan, chain: &Chain, tally: Tally) -> Pass {
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
                    if !plan.units().is_empty() && plan.enemy_out(node.units.as_slice()) {
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

#[cfg(test)]
mod tests {
    use super::super::{PlanInput, StopRule};
    use super::*;
    use crate::rules::shot::ShotInput;

    /// The smooth passes and the reference passes give the same figures.
    fn same_both_ways(plan: &FirePlan) {
        let chain = Chain::compile(plan);
        let smooth = smooth_totals(plan, &chain).expect("the chain fits the smooth scheme");
        let reference: Vec<Totals> = PASSES
            .iter()
            .map(|&t| run(plan, &chain, t).totals())
            .collect();
        assert_eq!(
            PlanOdds::from_totals(plan, smooth),
            PlanOdds::from_totals(plan, reference)
        );
    }

    /// A plan from an example file, with its phases replaced.
    fn example(text: &str, phases: Option<&[&str]>) -> (ShotInput, PlanInput) {
        let mut overrides = toml::Table::new();
        if let Some(phases) = phases {
            let list = phases.iter().map(|p| toml::Value::from(*p)).collect();
            crate::input::scenario::set_key(
                &mut overrides,
                "plan.phases",
                toml::Value::Array(list),
            );
        }
        crate::input::scenario::Scenario::parse("example", text, overrides)
            .and_then(|s| s.plan_input(&crate::input::catalog::Catalog::builtin()))
            .expect("the example loads")
    }

    #[test]
    fn smooth_passes_match_reference_without_units() {
        let (shot, mut input) = example(
            include_str!("../../../examples/plan-spotted-81mm.toml"),
            None,
        );
        same_both_ways(&FirePlan::new(shot.clone(), input.clone()).unwrap());
        input.stop = StopRule::FirstHit;
        input.acquisition = 0;
        same_both_ways(&FirePlan::new(shot, input).unwrap());
    }

    #[test]
    fn tables_that_do_not_fit_fall_back_to_reference() {
        let (shot, input) = example(
            include_str!("../../../examples/plan-spotted-81mm.toml"),
            None,
        );
        let plan = FirePlan::new(shot, input).unwrap();
        let chain = Chain::compile(&plan);
        let mut broken = chain.clone();
        let i = (0..broken.nodes.len())
            .find(|&i| broken.edges[i].len() > 1)
            .expect("a node with a choice");
        broken.tables[i].cumulative[0] += 1;
        assert!(smooth_totals(&plan, &broken).is_none());
        assert!(smooth_totals(&plan, &chain).is_some());
        assert_eq!(PlanOdds::of(&plan, &broken), PlanOdds::of(&plan, &chain));
    }

    #[test]
    fn counting_passes_run_on_fewer_states() {
        let (shot, input) = example(include_str!("../../../examples/stack-in-woods.toml"), None);
        let plan = FirePlan::new(shot, input).unwrap();
        let chain = Chain::compile(&plan);
        let order = node_order(&chain);
        for tally in [
            Tally::Shots,
            Tally::Hits,
            Tally::Criticals,
            Tally::ShotsInPhase,
        ] {
            let q = lump::quotient(&chain, &order, |e| {
                (Step::of(tally, e), *e == Event::PhaseEnd)
            })
            .expect("the chain's tables are exact");
            assert!(q.chain.nodes.len() * 4 < chain.nodes.len());
        }
    }

    #[test]
    fn smooth_passes_match_reference_with_units() {
        let (mut shot, input) = example(
            include_str!("../../../examples/stack-in-woods.toml"),
            Some(&["DFPh"]),
        );
        shot.target.units.truncate(1);
        same_both_ways(&FirePlan::new(shot, input).unwrap());
        // Three phases, a unit whose states the counting passes merge.
        let (mut shot, input) =
            example(include_str!("../../../examples/stack-in-woods.toml"), None);
        shot.target.units.truncate(1);
        same_both_ways(&FirePlan::new(shot, input).unwrap());
    }
}
