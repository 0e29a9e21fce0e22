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
//! tenth of the transitions with units in the hex, or, when the plan stops
//! on its units, on the chain merged for all counts, which is as small
//! (`smooth_jobs.rs`). Shots in the phase are
//! counted a phase at a time (`smooth_phases.rs`).
//!
//! The passes compute in `Smooth` fractions: every edge probability of a
//! node is an integer weight over the node's [`DrawTable`] denominator, so
//! every mass is a big integer over a product of powers of a few small
//! primes (those of the denominators and of the `1 - c` a self-loop divides
//! by), and no gcd is taken until the figures are turned into [`Prob`]s.
//! The values are exactly those of plain [`Prob`] arithmetic, which the
//! engine falls back to (`reference_pass.rs`) should a chain's
//! tables not fit that scheme.
//!
//! [`DrawTable`]: super::chain::DrawTable

use super::FirePlan;
use super::chain::{Chain, Weapon};
use super::reference_pass::run;
use super::smooth_jobs::smooth_totals;
use super::smooth_slots::Arithmetic;
pub use super::tally::{CRITICAL_CAP, TALLY_CAP};
use super::tally::{PASSES, Totals};
use crate::engine::shot::HexOdds;
use crate::prob::Prob;

/// A distribution of a count: exact P(n) for n below the cap, and P(cap or
/// more).
#[derive(Clone, Debug, PartialEq)]
pub struct CountDist {
    /// `p[n]` = P(count = n), for n < cap.
    pub p: Vec<Prob>,
    /// P(count ≥ cap).
    pub or_more: Prob,
    /// Counts from here on are lumped into `or_more`.
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
    /// Expected shots in this phase.
    pub expected_shots: Prob,
    /// Expected hits in this phase.
    pub expected_hits: Prob,
    /// Expected Critical Hits in this phase.
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
    /// Shots over the whole plan.
    pub shots: CountDist,
    /// Hits over the whole plan.
    pub hits: CountDist,
    /// Critical Hits over the whole plan.
    pub criticals: CountDist,
    /// Expected shots over the whole plan.
    pub expected_shots: Prob,
    /// Expected hits over the whole plan.
    pub expected_hits: Prob,
    /// Expected Critical Hits over the whole plan.
    pub expected_criticals: Prob,
    /// P(at least one hit).
    pub p_at_least_one_hit: Prob,
    /// P(at least one Critical Hit).
    pub p_critical_hit: Prob,
    /// The weapon malfunctions at least once.
    pub p_malfunction: Prob,
    /// The weapon is removed for good by the end of the plan.
    pub p_removed: Prob,
    /// The figures of each listed phase, in order.
    pub per_phase: Vec<PhaseOdds>,
    /// The units' odds at the end of the plan (plans with units).
    pub units: Option<HexOdds>,
}

impl PlanOdds {
    /// Solves the compiled chain of a plan exactly.
    pub fn of(plan: &FirePlan, chain: &Chain) -> PlanOdds {
        let smooth = smooth_totals(plan, chain, Arithmetic::best());
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
        let [base, by_phase, shots, hits, criticals, malfunctions]: [Totals; 6] = totals
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
            p_malfunction: malfunctions.end_at_least_one,
            p_removed: base.removed,
            per_phase,
            units: (!plan.units().is_empty()).then(|| {
                base.hex
                    .unwrap_or_else(|| HexOdds::of(plan.units(), &plan.twins().spread(base.units)))
            }),
        }
    }
}

#[cfg(test)]
mod tests;
