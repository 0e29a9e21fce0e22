//! A shot's effect held as its parts: each distinct To Hit outcome (all a
//! plan needs of it: ROF kept, malfunction, the best hit) with the shared
//! laws of the units' states that follow it, and the factor that brings
//! each law over the effect's one denominator. The outcomes are listed only
//! when a node takes them ([`Parts::map`]), so a plan holds each law once,
//! not each shot's effect listed out as well (listed, the effects were a
//! third of the memory at the peak of five 4-6-7s' chain).

use std::borrow::Cow;
use std::sync::Arc;

use super::chain::ShotEffect;
use super::shot_effect::{Effects, UnitsLaw};
use super::weighed::{Weighed, over_one_denominator};
use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::shot::Breakdown;
use crate::rules::units::UnitStates;

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
        let law_den = dens
            .iter()
            .try_fold(1u128, |l, &d| (l / num_integer::gcd(l, d)).checked_mul(d))?;
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
        let lists: Vec<(&ShotEffect, Cow<'_, Numerators>)> = runs
            .iter()
            .map(|(head, laws)| {
                let list = match laws.as_slice() {
                    [(1, law)] => Cow::Borrowed(outcomes(law)),
                    _ => Cow::Owned(laws.iter().fold(Vec::new(), |merged, (scale, law)| {
                        let scaled = outcomes(law).iter().map(|&(units, q)| (units, q * scale));
                        merge_sorted(&merged, scaled)
                    })),
                };
                (head, list)
            })
            .collect();
        let mut out = Vec::with_capacity(lists.iter().map(|(_, list)| list.len()).sum());
        for (head, list) in &lists {
            out.extend(
                list.iter()
                    .map(|&(units, n)| (f(&ShotEffect { units, ..**head }), n)),
            );
        }
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

/// Two lists of units' states with numerators, each in the order of the
/// states' keys, as one in that order, the numerators of equal states
/// added.
pub(super) fn merge_sorted(
    a: &Numerators,
    b: impl Iterator<Item = (UnitStates, u128)>,
) -> Vec<(UnitStates, u128)> {
    let mut out = Vec::with_capacity(a.len() + b.size_hint().0);
    let mut a = a.iter().copied().peekable();
    for (units, n) in b {
        while let Some(&(u, m)) = a.peek()
            && u.key() < units.key()
        {
            out.push((u, m));
            a.next();
        }
        match a.peek() {
            Some(&(u, m)) if u.key() == units.key() => {
                out.push((units, m + n));
                a.next();
            }
            _ => out.push((units, n)),
        }
    }
    out.extend(a);
    out
}

#[cfg(test)]
mod tests;
