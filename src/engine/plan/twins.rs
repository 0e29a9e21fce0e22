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
use crate::prob::Prob;
use crate::rules::units::{Unit, UnitKind, UnitState, UnitStates};

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
        let states = units.as_mut_slice();
        for g in &self.groups {
            let mut mine: Vec<UnitState> = g.iter().map(|&i| states[i]).collect();
            mine.sort_unstable();
            for (&i, s) in g.iter().zip(mine) {
                states[i] = s;
            }
        }
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
mod tests {
    use super::*;
    use crate::rules::target::Target;

    fn squad(name: &str, morale: u8) -> Unit {
        Unit::new(name, UnitKind::Squad, morale, Target::default())
    }

    #[test]
    fn twins_are_multi_man_units_alike_but_for_their_names() {
        let leader = Unit::new("8-1", UnitKind::Leader, 8, Target::default());
        let units = [
            squad("a", 7),
            leader.clone(),
            squad("b", 7),
            squad("c", 6),
            Unit {
                name: "8-1 again".into(),
                ..leader
            },
            squad("d", 7),
        ];
        let twins = Twins::of(&units);
        assert_eq!(twins.groups, vec![vec![0, 2, 5]]);
        assert_eq!(twins.orderings(), 6);
    }

    #[test]
    fn arrangements_are_the_distinct_permutations() {
        let twins = Twins::of(&[squad("a", 7), squad("b", 7), squad("c", 7)]);
        let broken = UnitState {
            broken: true,
            ..UnitState::default()
        };
        let good = UnitState::default();
        // Two alike of three: three distinct arrangements.
        let arr = twins.arrangements(&[broken, good, good]);
        assert_eq!(arr.len(), 3);
        for a in &arr {
            let mut units = UnitStates::from_slice(a);
            twins.canonical(&mut units);
            assert_eq!(units.as_slice(), [good, good, broken]);
        }
        assert_eq!(twins.arrangements(&[good, good, good]).len(), 1);
    }
}
