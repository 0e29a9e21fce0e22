//! When a unit's broken side is needed (its Morale Level must then be
//! given): asked before any dice, for every unit at once, so that one
//! message lists every missing value of a run.

use crate::rules::units::UnitKind;

/// What decides whether a unit's broken side can come into play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BreakSide {
    /// What the unit is.
    pub kind: UnitKind,
    /// An enemy of the firer (a Leader Loss MC comes from a leader of the
    /// same side).
    pub enemy: bool,
    /// Broken at the start.
    pub starts_broken: bool,
}

/// Whether unit `i` of `stack` (one Location) needs the Morale Level of
/// its broken side: a unit that starts broken checks on it; one that can
/// break and is stacked with a friendly leader may owe a Leader Loss MC on
/// its broken side (A10.2); in a fire plan (`plan`) every unit that can
/// break may be attacked again once broken. Vehicles take no checks, and
/// a hero never breaks (A15.2).
pub fn broken_side_needed(stack: &[BreakSide], i: usize, plan: bool) -> bool {
    let u = stack[i];
    if u.kind.is_vehicle() {
        return false;
    }
    if u.starts_broken {
        return true;
    }
    let can_break = u.kind != UnitKind::Hero;
    let with_leader = stack
        .iter()
        .enumerate()
        .any(|(j, l)| j != i && l.kind == UnitKind::Leader && l.enemy == u.enemy);
    can_break && (plan || with_leader)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(kind: UnitKind) -> BreakSide {
        BreakSide {
            kind,
            enemy: true,
            starts_broken: false,
        }
    }

    #[test]
    fn a_broken_side_is_needed_only_when_an_outcome_uses_it() {
        let squad = unit(UnitKind::Squad);
        let leader = unit(UnitKind::Leader);
        let hero = unit(UnitKind::Hero);
        assert!(!broken_side_needed(&[squad], 0, false));
        assert!(broken_side_needed(&[squad], 0, true));
        assert!(broken_side_needed(&[squad, leader], 0, false));
        assert!(
            !broken_side_needed(&[squad, leader], 1, false),
            "no other leader"
        );
        let friendly = BreakSide {
            enemy: false,
            ..leader
        };
        assert!(!broken_side_needed(&[squad, friendly], 0, false));
        assert!(!broken_side_needed(&[hero, leader], 0, true));
        let broken_hero = BreakSide {
            starts_broken: true,
            ..hero
        };
        assert!(broken_side_needed(&[broken_hero], 0, false));
        assert!(!broken_side_needed(&[unit(UnitKind::Afv), leader], 0, true));
    }
}
