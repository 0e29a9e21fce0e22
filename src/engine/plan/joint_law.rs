//! The joint law of the units' states after a situation a To Hit DR
//! leaves, from its lists of terms (`attack_law.rs`): each term's joint
//! law expanded once, twins counted rather than ordered (`twins.rs`), in
//! integers over one denominator while they fit in 128 bits.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

use super::shot_parts::UnitsLaw;
use super::twins::{IntegerLaws, Twins};
use super::weighed::Weighed;
use crate::dice::Dist;
use crate::engine::fast_hash::FastMap;
use crate::engine::shot::attack_law::{self, Term};
use crate::prob::Prob;
use crate::prob::{lcm, quotient};
use crate::rules::units::{UnitState, UnitStates};

/// Terms of a units' law with the same base and factors, merged.
type MergedTerms<'a> = BTreeMap<(&'a [UnitState], &'a [(usize, attack_law::Law)]), Prob>;

/// The joint law of the units' states of a mixture of lists of terms (a
/// term `t` of a list of weight `p` weighs `p · t.p`), twins' states
/// sorted: terms with the same base and factors are merged first, and
/// each joint law built once, twins that end by the same law counted
/// rather than ordered (`SortedJoint::each`), in integers while
/// they fit in 128 bits.
pub(super) fn of(
    lists: &[(Prob, Arc<Vec<Term>>)],
    twins: &Twins,
    laws: &mut IntegerLaws,
) -> UnitsLaw {
    integer(lists, twins, laws).unwrap_or_else(|| {
        let mut merged: MergedTerms = BTreeMap::new();
        for (p, terms) in lists {
            for t in terms.iter() {
                let slot = merged
                    .entry((&t.base, &t.factors))
                    .or_insert_with(Prob::zero);
                *slot = std::mem::replace(slot, Prob::zero()) + p * &t.p;
            }
        }
        let mut pairs = Vec::new();
        for ((base, factors), p) in merged {
            attack_law::each_joint(base, factors, &p, &mut |units, q| {
                let mut units = UnitStates::from_slice(units);
                twins.canonical(&mut units);
                pairs.push((units, q));
            });
        }
        Weighed::of_dist(&Dist::from_masses(pairs))
    })
}

/// A term's place in the order terms are merged in: its base's states
/// packed in one word, then its factors' units and laws, laws told apart
/// by their addresses. Terms of the same place have the same joint law
/// (terms of equal laws at other addresses merge as their outcomes are
/// added up).
type Place<'t> = (u64, &'t Term);

fn place(t: &Term) -> Place<'_> {
    (UnitStates::from_slice(&t.base).key(), t)
}

/// The order of [`Place`]s: the words compared first (the terms of one
/// law's lists mostly differ in their bases).
fn place_order(a: &Place<'_>, b: &Place<'_>) -> Ordering {
    fn factors(t: &Term) -> impl Iterator<Item = (usize, *const Dist<UnitState>)> + '_ {
        t.factors.iter().map(|(i, law)| (*i, Arc::as_ptr(law)))
    }
    a.0.cmp(&b.0).then_with(|| factors(a.1).cmp(factors(b.1)))
}

/// [`of`] in integers over one denominator: `None` past 128 bits.
/// Each term's weight is an integer fraction (unreduced), and terms with
/// the same joint law are merged by adding them up; each term's
/// denominator is known before it is expanded, so each outcome is added,
/// scaled, straight to its state's sum.
fn integer(
    lists: &[(Prob, Arc<Vec<Term>>)],
    twins: &Twins,
    laws: &mut IntegerLaws,
) -> Option<UnitsLaw> {
    // Each term with its weight's numerator and denominator, and the
    // least common multiple of those (the dice's: nearly always the
    // same for all).
    let mut weighed: Vec<(Place<'_>, u128, u128)> = Vec::new();
    let mut common = 1u128;
    for (p, terms) in lists {
        let (pn, pd) = p.to_u128_pair()?;
        for t in terms.iter() {
            let (tn, td) = t.p.to_u128_pair()?;
            let d = pd.checked_mul(td)?;
            common = lcm(common, d)?;
            weighed.push((place(t), pn.checked_mul(tn)?, d));
        }
    }
    weighed.sort_unstable_by(|a, b| place_order(&a.0, &b.0));
    // Each distinct term ready to expand, with its weight's numerator
    // over `common`, and the least common multiple of the joint laws'
    // denominators.
    let mut terms = Vec::new();
    let mut joints = 1u128;
    for run in weighed.chunk_by(|a, b| place_order(&a.0, &b.0) == Ordering::Equal) {
        let t = run[0].0.1;
        let n = run.iter().try_fold(0u128, |sum, &(_, n, d)| {
            sum.checked_add(n.checked_mul(quotient(common, d))?)
        })?;
        let joint = twins.sorted_joint(&t.factors, laws)?;
        joints = lcm(joints, joint.denominator())?;
        terms.push((&t.base, joint, n));
    }
    let denominator = common.checked_mul(joints)?;
    // Equal states added up, then put in the order of their keys. A term's
    // weight is at most one, so its numerator times `joints / d` is at
    // most the denominator over `d`.
    let mut sums: FastMap<u64, (UnitStates, u128)> = FastMap::default();
    for (base, joint, n) in terms {
        let scale = n.checked_mul(quotient(joints, joint.denominator()))?;
        let mut fits = true;
        joint.each(base, &mut |mut units, n| {
            twins.canonical(&mut units);
            match n.checked_mul(scale) {
                Some(n) => sums.entry(units.key()).or_insert((units, 0)).1 += n,
                None => fits = false,
            }
        });
        if !fits {
            return None;
        }
    }
    let mut law: Vec<(UnitStates, u128)> = sums.into_values().collect();
    law.sort_unstable_by_key(|(units, _)| units.key());
    // In lowest terms: the least denominator of the states' probabilities.
    let mut g = denominator;
    for (_, n) in &law {
        if g == 1 {
            break;
        }
        g = num_integer::gcd(g, *n);
    }
    Some(Weighed::Integer(
        law.into_iter().map(|(u, n)| (u, n / g)).collect(),
        denominator / g,
    ))
}
