//! A unit's checks played on its own state: the leaders' states a
//! deferred check is made under, packed in one small value, and the law of
//! one check, and of a unit's script of checks, each worked out once.

use std::sync::{Arc, Mutex};

use super::{Law, Scripted, StepLaws, lock};
use crate::dice::Dist;
use crate::rules::location::{self, Occupants};
use crate::rules::units::{Check, MAX_UNITS, UnitState};

/// The states of the `leaders` in `units`, seven bits each
/// ([`UnitState::bits`]): all that a check reads besides the checking
/// unit's own state ([`location::leader_drm`]), as one small value, so
/// that equal situations meet.
pub(super) fn pack_leaders(leaders: &[usize], units: &[UnitState]) -> u64 {
    assert!(leaders.len() <= 9, "seven bits a leader fit in 64");
    leaders
        .iter()
        .fold(0, |key, &j| key << 7 | u64::from(units[j].bits()))
}

/// Sets the states of the `leaders` in `units` from `key`
/// ([`pack_leaders`]).
fn unpack_leaders(leaders: &[usize], key: u64, units: &mut [UnitState]) {
    for (k, &j) in leaders.iter().rev().enumerate() {
        units[j] = UnitState::from_bits((key >> (7 * k)) as u8 & 0x7f);
    }
}

/// The law of unit `i`'s state after it makes the checks of `script` in
/// turn, from `start`: each check's law from each state worked out once
/// (`steps`); one check's law is that check's, shared.
pub(super) fn play<O: Occupants + ?Sized>(
    targets: &O,
    i: usize,
    start: UnitState,
    script: &[Scripted],
    leaders: &[usize],
    steps: &Mutex<StepLaws>,
) -> Law {
    let n = targets.count();
    let leader = |state: UnitState, key: u64| {
        let mut units = [UnitState::default(); MAX_UNITS + 1];
        let units: &mut [UnitState] = match units.get_mut(..n) {
            Some(units) => units,
            None => &mut vec![UnitState::default(); n],
        };
        unpack_leaders(leaders, key, units);
        units[i] = state;
        location::leader_drm(targets, units, i)
    };
    let mut law: Option<Law> = None;
    for &(check, key) in script {
        law = Some(match law {
            None => step(targets, i, start, check, leader(start, key), steps),
            Some(law) => {
                Arc::new(law.bind_shared(|s| step(targets, i, *s, check, leader(*s, key), steps)))
            }
        });
    }
    law.unwrap_or_else(|| Arc::new(Dist::certain(start)))
}

/// The law of unit `i`'s state after it makes `check` from `state` with
/// the leadership DRM `leader`, worked out once.
pub(super) fn step<O: Occupants + ?Sized>(
    targets: &O,
    i: usize,
    state: UnitState,
    check: Check,
    leader: i8,
    steps: &Mutex<StepLaws>,
) -> Law {
    let key = (i, state, check, leader);
    if let Some(law) = lock(steps).get(&key) {
        return Arc::clone(law);
    }
    let law = Arc::new(Dist::enumerate(|dice| {
        let mut s = state;
        location::check_with(targets, i, &mut s, check, leader, dice);
        s
    }));
    lock(steps).insert(key, Arc::clone(&law));
    law
}
