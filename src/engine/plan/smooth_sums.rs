//! The sums of one smooth pass (`smooth_pass.rs`) and how they become
//! the [`Totals`] the figures are read from: each sum reduced once, the
//! hex's odds summed from the end states' masses (each arrangement of
//! twins counted, `twins.rs`).

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::FirePlan;
use super::chain::Weapon;
use super::smooth::{Basis, Smooth};
use super::smooth_slots::{Numer, add_times};
use super::tally::{Tally, Totals};
use super::twins::Twins;
use crate::dice::Dist;
use crate::engine::shot::HexOdds;
use crate::prob::Prob;
use crate::rules::units::{Unit, UnitState};

/// The sums of one smooth pass, before they become [`Prob`]s: numerators
/// over the pass's denominator.
pub(super) struct Sums {
    pub(super) end: Vec<Numer>,
    pub(super) phase_exit: Vec<Vec<Numer>>,
    pub(super) phase_exit_weapon: Vec<BTreeMap<Weapon, Numer>>,
    pub(super) phase_exit_cleared: Vec<Numer>,
    pub(super) phase_exit_some_out: Vec<Numer>,
    pub(super) expected: Vec<[Numer; 3]>,
    pub(super) removed: Numer,
    pub(super) units: BTreeMap<Vec<UnitState>, Numer>,
}

impl Sums {
    /// The figures the pass gives [`PlanOdds`], as [`Prob`]s: each one
    /// reduced once, in parallel.
    pub(super) fn into_totals(
        self,
        tally: Tally,
        plan: &FirePlan,
        basis: &Basis,
        exps: &[u32],
    ) -> Totals {
        let units = plan.units();
        let with_units = !units.is_empty();
        let phases = self.phase_exit.len();
        let mut end_at_least_one = Numer::new();
        for e in &self.end[1..] {
            add_times(&mut end_at_least_one, e, 1);
        }
        let hex = match tally {
            Tally::Nothing if with_units => hex_sums(units, plan.twins(), &self.units),
            _ => None,
        };
        let mut jobs: Vec<&Numer> = Vec::new();
        let mut expected_total = [Numer::new(), Numer::new(), Numer::new()];
        match tally {
            Tally::Nothing => {
                for (total, k) in expected_total.iter_mut().zip(0..) {
                    for e in &self.expected {
                        add_times(total, &e[k], 1);
                    }
                }
                jobs.extend(self.expected.iter().flatten());
                jobs.extend(&expected_total);
                jobs.extend(self.phase_exit_weapon.iter().flat_map(|m| m.values()));
                if with_units {
                    jobs.extend(&self.phase_exit_cleared);
                    jobs.extend(&self.phase_exit_some_out);
                    match &hex {
                        Some((_, sums)) => jobs.extend(sums),
                        None => jobs.extend(self.units.values()),
                    }
                }
                jobs.push(&self.removed);
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
            Tally::Malfunctions => jobs.push(&end_at_least_one),
        }
        let probs: Vec<Prob> = jobs
            .par_iter()
            .with_max_len(1)
            .map(|&n| Smooth::over(n.clone(), exps.to_vec()).to_prob(basis))
            .collect();
        let mut probs = probs.into_iter();
        let mut next = || probs.next().expect("one Prob per job");
        let mut take = |n: usize| (0..n).map(|_| next()).collect::<Vec<Prob>>();
        let mut totals = Totals::empty();
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
                    match hex {
                        Some((mut hex, _)) => {
                            let orderings = Prob::new(1, plan.twins().orderings());
                            for f in hex.figures_mut() {
                                *f = &take(1).remove(0) * &orderings;
                            }
                            totals.hex = Some(hex);
                        }
                        None => {
                            totals.units = self
                                .units
                                .keys()
                                .map(|u| (u.clone(), take(1).remove(0)))
                                .collect();
                        }
                    }
                }
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
            Tally::Malfunctions => totals.end_at_least_one = take(1).remove(0),
        }
        totals
    }
}

/// The hex's odds as sums of the end masses, before they become [`Prob`]s:
/// each of [`HexOdds`]'s figures is the mass of the units' end states that
/// it holds for, added up without a gcd; the [`HexOdds`] of the first
/// state is the shape the figures go back into. An end state of twins
/// stands for each of its distinct arrangements among them, equally
/// likely: each arrangement's figures count `orderings / arrangements`
/// times, so the sums are `twins.orderings()` times the figures. The
/// arrangements a figure holds for are counted by [`HexOdds::of`] on all
/// of the state's arrangements at once, evenly: the figure times their
/// number. `None` (and the units' end states then become fractions one by
/// one) if there is no end state or a count is not a whole number.
fn hex_sums(
    units: &[Unit],
    twins: &Twins,
    end: &BTreeMap<Vec<UnitState>, Numer>,
) -> Option<(HexOdds, Vec<Numer>)> {
    let mut shape: Option<HexOdds> = None;
    let mut sums: Vec<Numer> = Vec::new();
    for (states, mass) in end {
        // The state's arrangements, equally likely: each figure is the
        // share of them it holds for, so it holds for `len · f` of them
        // (one `HexOdds` an end state, not one an arrangement: five
        // 4-6-7s' 792 end states have 32,768 arrangements, which took
        // 0.12 s).
        let arrangements = twins.arrangements(states);
        let len = arrangements.len() as u64;
        let each = twins.orderings() / len;
        let even = Prob::new(1, len);
        let mut odds = HexOdds::of(
            units,
            &Dist::from_masses(arrangements.into_iter().map(|a| (a, even.clone()))),
        );
        let figures = odds.figures_mut();
        sums.resize(figures.len(), Numer::new());
        for (sum, f) in sums.iter_mut().zip(figures) {
            match (&*f * &Prob::new(len, 1)).to_u64_pair() {
                Some((n, 1)) if n <= len => add_times(sum, mass, each * n),
                _ => return None,
            }
        }
        shape.get_or_insert(odds);
    }
    Some((shape?, sums))
}
