//! A shot's effect held as its parts: each distinct To Hit outcome (all a
//! plan needs of it: ROF kept, malfunction, the best hit) with the shared
//! laws of the units' states that follow it, and the factor that brings
//! each law over the effect's one denominator. The outcomes are listed only
//! when a node takes them ([`Parts::map`]), so a plan holds each law once,
//! not each shot's effect listed out as well (listed, the effects were a
//! third of the memory at the peak of five 4-6-7s' chain).

use std::sync::Arc;

use super::chain::ShotEffect;
use super::weighed::{Weighed, over_one_denominator};
use crate::dice::Dist;
use crate::prob::Prob;
use crate::prob::lcm;
use crate::rules::shot::Breakdown;
use crate::rules::units::UnitStates;

/// A shot's distinct effects with their probabilities: in integers over
/// one denominator for a shot at units while they fit in 128 bits.
pub type Effects = Weighed<ShotEffect>;

/// The law of the units' states after a To Hit outcome, shared: each
/// distinct state with its numerator over one denominator (all dice odds,
/// while that fits in 128 bits), so that each shot's effect is summed in
/// integers; past that, exact fractions.
pub(super) type UnitsLaw = Weighed<UnitStates>;

/// A To Hit outcome with the laws that follow it, each with the factor
/// that brings its numerators over the effect's denominator.
type Run = (ShotEffect, Vec<(u128, Arc<UnitsLaw>)>);

/// Units' states with their numerators, in the order of the states' keys.
type Numerators = [(UnitStates, u128)];

/// A shot's distinct effects, as parts or listed.
#[derive(Clone, Debug)]
pub(super) enum Parts {
    /// In integers over `denominator`: each distinct head (in the order of
    /// [`head_key`]) with the laws that follow it, each with the factor
    /// that brings its numerators over `denominator`. The numerators of
    /// the whole effect sum to `denominator`, so no product or sum of
    /// them passes 128 bits.
    Integer { runs: Vec<Run>, denominator: u128 },
    /// Listed, as fractions: a law or the denominator passes 128 bits (or
    /// the plan has no units).
    Listed(Effects),
}

impl Parts {
    /// The parts of the effect whose To Hit outcome `head` (of probability
    /// `p`) is followed by the units' `law` (twins' states sorted,
    /// `twins.rs`), for each outcome: in integers if they fit.
    pub(super) fn of(parts: &[(ShotEffect, &Prob, Arc<UnitsLaw>)]) -> Parts {
        Parts::integer(parts).unwrap_or_else(|| {
            let pairs = parts.iter().flat_map(|(head, p, law)| {
                law.pairs()
                    .into_iter()
                    .map(move |(units, q)| (ShotEffect { units, ..*head }, *p * &q))
            });
            Parts::Listed(Weighed::of_dist(&Dist::from_masses(pairs)))
        })
    }

    /// The parts in integers: `None` if a law or the denominator does not
    /// fit in 128 bits.
    fn integer(parts: &[(ShotEffect, &Prob, Arc<UnitsLaw>)]) -> Option<Parts> {
        let (heads, head_den) = over_one_denominator(parts.iter().map(|(_, p, _)| *p))?;
        let dens: Vec<u128> = parts
            .iter()
            .map(|(_, _, law)| law.integer().map(|(_, d)| d))
            .collect::<Option<_>>()?;
        let law_den = dens.iter().try_fold(1u128, |l, &d| lcm(l, d))?;
        let denominator = head_den.checked_mul(law_den)?;
        let mut order: Vec<usize> = (0..parts.len()).collect();
        order.sort_by_key(|&k| head_key(&parts[k].0));
        let runs = order
            .chunk_by(|&a, &b| head_key(&parts[a].0) == head_key(&parts[b].0))
            .map(|run| {
                let laws = run
                    .iter()
                    .map(|&k| (heads[k] * (law_den / dens[k]), Arc::clone(&parts[k].2)))
                    .collect();
                (parts[run[0]].0, laws)
            })
            .collect();
        Some(Parts::Integer { runs, denominator })
    }

    /// Each distinct effect as `f` makes it, with its probability: the
    /// laws that follow the same head merged in the order of the units'
    /// keys (each law is held in that order), with no sort.
    pub(super) fn map<U>(&self, mut f: impl FnMut(&ShotEffect) -> U) -> Weighed<U> {
        let (runs, denominator) = match self {
            Parts::Integer { runs, denominator } => (runs, *denominator),
            Parts::Listed(effects) => return effects.map(f),
        };
        let most = runs
            .iter()
            .flat_map(|(_, laws)| laws)
            .map(|(_, law)| law.len())
            .sum();
        let mut out = Vec::with_capacity(most);
        for (head, laws) in runs {
            merge_scaled(laws, |units, n| {
                out.push((f(&ShotEffect { units, ..*head }), n));
            });
        }
        // Held with a level's share of transitions: no spare room.
        out.shrink_to_fit();
        Weighed::Integer(out, denominator)
    }

    /// The distinct effects, listed.
    #[cfg(test)]
    pub(super) fn effects(&self) -> Effects {
        self.map(|e| *e)
    }
}

/// A law's states with their numerators (a law in integer parts is in
/// integers).
fn outcomes(law: &UnitsLaw) -> &Numerators {
    law.integer().expect("integer parts hold integer laws").0
}

/// What tells two effects apart but their units' states, as one number:
/// effects are in the order of (this, their units' key).
fn head_key(e: &ShotEffect) -> u8 {
    let breakdown = match e.breakdown {
        None => 0,
        Some(Breakdown::None) => 1,
        Some(Breakdown::Malfunctioned) => 2,
        Some(Breakdown::Removed) => 3,
    };
    u8::from(e.keeps_rof) << 4 | breakdown << 2 | e.hit as u8
}

/// The laws, each scaled, as one list in the order of the units' keys,
/// the numerators of equal states added: `emit` takes each distinct state
/// in turn. A head has few laws (some of its To Hit outcomes): the next
/// state is the least of the laws' first ones, found by looking at each.
fn merge_scaled(laws: &[(u128, Arc<UnitsLaw>)], mut emit: impl FnMut(UnitStates, u128)) {
    let mut lists: Vec<(&Numerators, u128)> = laws
        .iter()
        .map(|(scale, law)| (outcomes(law), *scale))
        .filter(|(list, _)| !list.is_empty())
        .collect();
    while let Some(units) = lists
        .iter()
        .map(|(list, _)| list[0].0)
        .min_by_key(UnitStates::key)
    {
        let mut sum = 0;
        for (list, scale) in &mut lists {
            if list[0].0.key() == units.key() {
                sum += list[0].1 * *scale;
                *list = &list[1..];
            }
        }
        lists.retain(|(list, _)| !list.is_empty());
        emit(units, sum);
    }
}

#[cfg(test)]
mod tests;
