//! Identical units as one state.
//!
//! Two multi-man counters of the target hex that differ in nothing but
//! their names (kind, morale, broken side, their own To Hit and effects
//! situation, all alike) go through a fire plan alike: every rule treats
//! them the same (their checks are alike and independent given the
//! leaders', and Random Selection picks among them evenly, ties included,
//! A.9). So the plan's exact chain need not tell "the first squad broken,
//! the second pinned" from "the first pinned, the second broken": it keeps
//! the states of each group of such twins sorted ([`Twins::canonical`]),
//! and the chain shrinks (two 4-6-7s and a leader: about half the states).
//!
//! Each unit's own figures stay exact by that symmetry: an end state of the
//! sorted chain stands for each of its distinct arrangements among the
//! twins, all equally likely ([`Twins::arrangements`]), and the units'
//! figures are read off those. Leaders, heroes and vehicles are never
//! merged so (a leader's checks and Leader Loss depend on the order of
//! Morale Levels among leaders; vehicles are few).

use crate::dice::Dist;
use crate::engine::shot::attack_law::Law;
use crate::prob::Prob;
use crate::rules::shot_process::AfterToHit;
use crate::rules::shot_process::ShotState;
use crate::rules::units::{MAX_UNITS, Unit, UnitKind, UnitState, UnitStates};

mod integer;

use integer::Places;
pub use integer::{IntegerLaws, SortedJoint};

/// Twins of one group that end by the same law in a term of the units'
/// law: which of them ends how does not matter to the sorted chain, only
/// how many end each way.
struct Class<'a> {
    /// Their group (by its place among the groups); none for a unit
    /// without twins, a class of its own.
    group: Option<usize>,
    /// Their places in the hex.
    places: Places,
    law: &'a Law,
}

/// The groups of identical multi-man units of a hex (by their places in
/// it), each of two or more.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Twins {
    groups: Vec<Vec<usize>>,
}

impl Twins {
    /// The groups of `units` that are alike in all but their names.
    pub fn of(units: &[Unit]) -> Twins {
        let alike = |a: &Unit, b: &Unit| {
            let multi_man = matches!(
                a.kind,
                UnitKind::Squad | UnitKind::HalfSquad | UnitKind::Crew
            );
            multi_man
                && Unit {
                    name: String::new(),
                    ..a.clone()
                } == Unit {
                    name: String::new(),
                    ..b.clone()
                }
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, u) in units.iter().enumerate() {
            match groups.iter_mut().find(|g| alike(&units[g[0]], u)) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups.retain(|g| g.len() > 1);
        Twins { groups }
    }

    /// No two units of the hex are alike.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The states with each group's sorted, in place: one value for every
    /// arrangement of the same states among twins.
    pub fn canonical(&self, units: &mut UnitStates) {
        // On the packed bits, which compare as the states do.
        for g in &self.groups {
            let mut mine = [0u8; MAX_UNITS];
            let mine = &mut mine[..g.len()];
            for (m, &i) in mine.iter_mut().zip(g) {
                *m = units.bits_of(i);
            }
            if mine.is_sorted() {
                continue;
            }
            mine.sort_unstable();
            for (&i, &bits) in g.iter().zip(mine.iter()) {
                units.set_bits(i, bits);
            }
        }
    }

    /// The situation a To Hit DR leaves with each group's twins in order
    /// ([`AfterToHit::sort_places`]): twins swapped, with all they carry,
    /// end by the same law once sorted, so one law serves every
    /// arrangement.
    pub fn situation(&self, state: &ShotState) -> AfterToHit {
        let mut after = state.after_to_hit();
        for g in &self.groups {
            after.sort_places(g);
        }
        after
    }

    /// The places of `factors` (units that end independently, each by its
    /// law) in classes: twins of one group with equal laws are one class.
    fn classes<'a>(&self, factors: &'a [(usize, Law)]) -> Vec<Class<'a>> {
        let group_of = |i: usize| self.groups.iter().position(|g| g.contains(&i));
        let mut classes: Vec<Class<'a>> = Vec::with_capacity(factors.len());
        for (i, law) in factors {
            let group = group_of(*i);
            let same = |c: &&mut Class<'a>| group.is_some() && c.group == group && c.law == law;
            match classes.iter_mut().find(same) {
                Some(c) => c.places.push(*i),
                None => classes.push(Class {
                    group,
                    places: Places::one(*i),
                    law,
                }),
            }
        }
        classes
    }

    /// At most and at least how many distinct outcomes [`SortedJoint::each`]
    /// gives for these factors, once sorted (saturating). A class of k
    /// twins whose law has m outcomes ends in one of C(m + k - 1, k) ways:
    /// their product is the outcomes given, the most there can be. Two
    /// classes of one group may end alike (the first twin broken and the
    /// second good, once sorted, is the first good and the second broken),
    /// so from below a group counts only its class of most ways: with the
    /// others held at one outcome each, that class's ways end distinct.
    pub fn joint_size(&self, factors: &[(usize, Law)]) -> (usize, usize) {
        let classes = self.classes(factors);
        let ways = |c: &Class<'_>| {
            let (m, k) = (c.law.len() as u64, c.places.len() as u64);
            usize::try_from(binomial(m + k - 1, k)).unwrap_or(usize::MAX)
        };
        let at_most = classes
            .iter()
            .fold(1usize, |n, c| n.saturating_mul(ways(c)));
        let mut group_most = vec![1usize; self.groups.len()];
        let mut at_least = 1usize;
        for c in &classes {
            match c.group {
                Some(g) => group_most[g] = group_most[g].max(ways(c)),
                None => at_least = at_least.saturating_mul(ways(c)),
            }
        }
        let at_least = group_most
            .into_iter()
            .fold(at_least, |n, w| n.saturating_mul(w));
        (at_most, at_least)
    }

    /// The factors of a term (units that end independently, each by its
    /// law) made ready to expand ([`SortedJoint::each`]): twins of one group
    /// that end by the same law are one class, whose law is in integers
    /// over one denominator, in the order of the states (from `laws`, each
    /// made once). `None` if the denominator of the joint law passes 128
    /// bits.
    pub fn sorted_joint(
        &self,
        factors: &[(usize, Law)],
        laws: &mut IntegerLaws,
    ) -> Option<SortedJoint> {
        let mut denominator = 1u128;
        let mut classes = Vec::with_capacity(factors.len());
        for class in self.classes(factors) {
            let (law, d) = laws.of(class.law)?;
            for _ in 0..class.places.len() {
                denominator = denominator.checked_mul(d)?;
            }
            classes.push((class.places, law));
        }
        Some(SortedJoint {
            classes,
            denominator,
        })
    }

    /// [`Twins::sorted_joint`] expanded ([`SortedJoint::each`]): its
    /// denominator, or `None` if it passes 128 bits.
    #[cfg(test)]
    pub fn each_sorted_joint(
        &self,
        base: &[UnitState],
        factors: &[(usize, Law)],
        f: &mut impl FnMut(UnitStates, u128),
    ) -> Option<u128> {
        let joint = self.sorted_joint(factors, &mut IntegerLaws::default())?;
        joint.each(base, f);
        Some(joint.denominator())
    }

    /// The ways of arranging among the twins, each group's places permuted
    /// in every way: a whole multiple of any state's number of distinct
    /// arrangements (the product of the groups' factorials).
    pub fn orderings(&self) -> u64 {
        self.groups
            .iter()
            .map(|g| (1..=g.len() as u64).product::<u64>())
            .product()
    }

    /// The distinct arrangements of the twins' states of `states` among
    /// them, each once (`states` itself among them).
    pub fn arrangements(&self, states: &[UnitState]) -> Vec<Vec<UnitState>> {
        let mut out = vec![states.to_vec()];
        for g in &self.groups {
            let mut next = Vec::new();
            for base in &out {
                let mut mine: Vec<UnitState> = g.iter().map(|&i| base[i]).collect();
                mine.sort_unstable();
                loop {
                    let mut arranged = base.clone();
                    for (&i, &s) in g.iter().zip(&mine) {
                        arranged[i] = s;
                    }
                    next.push(arranged);
                    if !next_permutation(&mut mine) {
                        break;
                    }
                }
            }
            out = next;
        }
        out
    }

    /// A law of the sorted chain's end states as the law of the units'
    /// states: each state's probability shared evenly among its distinct
    /// arrangements.
    pub fn spread(&self, law: Vec<(Vec<UnitState>, Prob)>) -> Dist<Vec<UnitState>> {
        Dist::from_masses(law.into_iter().flat_map(|(states, p)| {
            let arrangements = self.arrangements(&states);
            let share = &p * &Prob::new(1, arrangements.len() as u64);
            arrangements.into_iter().map(move |a| (a, share.clone()))
        }))
    }
}

/// C(n, k), exact for the few units of a hex.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |b, i| b * (n - i) / (i + 1))
}

/// The next arrangement of `v` in lexicographic order, equal elements not
/// told apart; `false` (and `v` left as it is) after the last.
fn next_permutation<T: Ord>(v: &mut [T]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[i - 1] < v[j])
        .expect("v[i] itself is larger");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests;
