//! A unit's checks and results, each a pure step of the dice: Casualty
//! Reduction (A7.3), breaking, Morale and Pin Checks with leadership
//! (A10, A10.7, A15, A17), and the vehicle lines of the IFT (C1.55, C7.7).

use super::{Unit, UnitKind, UnitState};
use crate::dice::{Dice, Dr};
use crate::rules::ift::Column;

/// The morale check a unit owes after the IFT result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// A Morale Check at +n (NMC: n = 0).
    Morale(u8),
    /// A Pin Task Check.
    Pin,
    /// A Leader Loss check (A10.2) at the lost leader's DRM: a MC
    /// (`task` false) or a TC, owed only by a unit whose Morale Level is
    /// below the lost leader's `level` (and, for a TC, in Good Order and not
    /// pinned), which the check itself tells from the unit's state.
    LeaderLoss {
        /// A Leader Loss TC (the leader broke) rather than a MC (the leader died).
        task: bool,
        /// The lost leader's leadership DRM made positive: a -2 leader gives +2.
        drm: u8,
        /// The lost leader's Morale Level: only units below it check.
        level: u8,
    },
}

/// A Wound Severity dr of this or more kills the SMC (A17.11).
pub const WOUND_KILLS_FROM: u8 = 5;

/// The morale the unit checks with now, or `None` when a broken unit's
/// broken-side morale was not given (checked before any attack).
pub fn morale_now(unit: &Unit, state: &UnitState) -> Option<u8> {
    // A17.3: a wounded SMC's Morale Level is one lower, on either side.
    let wounded = state.reduced && matches!(unit.kind, UnitKind::Leader | UnitKind::Hero);
    let level = if state.broken {
        unit.broken_morale?
    } else if state.reduced && unit.kind == UnitKind::Squad {
        unit.half_squad_morale.unwrap_or(unit.morale)
    } else {
        unit.morale
    };
    Some(if wounded {
        level.saturating_sub(1)
    } else {
        level
    })
}

/// The leadership DRM a leader gives now (a wounded leader's is one worse, A17.3).
pub fn leadership_now(unit: &Unit, state: &UnitState) -> i8 {
    if state.reduced {
        unit.leadership + 1
    } else {
        unit.leadership
    }
}

/// Casualty Reduction (A7.3): a squad becomes a half-squad (keeping its
/// broken status); a half-squad or crew is eliminated; a SMC is wounded,
/// and killed on a Wound Severity dr of 5-6 or if already wounded.
pub fn casualty_reduce(unit: &Unit, state: &mut UnitState, dice: &mut dyn Dice) {
    if state.eliminated {
        return;
    }
    match unit.kind {
        UnitKind::Squad if !state.reduced => state.reduced = true,
        UnitKind::Leader | UnitKind::Hero if !state.reduced => {
            if dice.die() >= WOUND_KILLS_FROM {
                state.eliminated = true;
            } else {
                state.reduced = true;
            }
        }
        _ => state.eliminated = true,
    }
    if state.eliminated {
        state.broken = false;
        state.pinned = false;
    }
}

/// Breaks a unit. A hero cannot break and is wounded instead (A15.2); an
/// already broken unit is Casualty Reduced (Reading `broken-again-reduced`:
/// as a broken unit that fails a MC, A10).
pub fn break_unit(unit: &Unit, state: &mut UnitState, dice: &mut dyn Dice) {
    if state.eliminated {
        return;
    }
    if unit.kind == UnitKind::Hero || state.broken {
        casualty_reduce(unit, state, dice);
    } else {
        state.broken = true;
        state.pinned = false;
    }
}

/// A Morale Check at +n with the leadership DRM `leader` (A10): Final DR
/// below morale passes, equal passes but pins, above breaks (a broken unit
/// is Casualty Reduced instead). An Original 12 Casualty Reduces and breaks
/// an unbroken unit and eliminates a broken one.
pub fn morale_check(unit: &Unit, state: &mut UnitState, n: u8, leader: i8, dice: &mut dyn Dice) {
    if state.eliminated {
        return;
    }
    // Only the Original DR is read.
    let dr = dice.original_dr();
    let was_broken = state.broken;
    if dr.original() == 12 {
        if was_broken {
            state.eliminated = true;
            state.broken = false;
        } else {
            casualty_reduce(unit, state, dice);
            if !state.eliminated && unit.kind != UnitKind::Hero {
                state.broken = true;
                state.pinned = false;
            }
        }
        return;
    }
    let morale = i16::from(morale_now(unit, state).unwrap_or(unit.morale));
    let total = i16::from(dr.original()) + i16::from(n) + i16::from(leader);
    if total > morale {
        if was_broken {
            casualty_reduce(unit, state, dice);
        } else {
            break_unit(unit, state, dice);
        }
    } else if total == morale && !was_broken {
        state.pinned = true;
    }
}

/// A Task Check at +n that pins on failure (a PTC, or a Leader Loss TC):
/// only an unbroken, unpinned unit takes it; a Final DR above its morale
/// pins it.
pub fn pin_check(unit: &Unit, state: &mut UnitState, n: u8, leader: i8, dice: &mut dyn Dice) {
    if !state.good_order() || state.pinned {
        return;
    }
    // Only the Original DR is read.
    let dr = dice.original_dr();
    let morale = i16::from(morale_now(unit, state).unwrap_or(unit.morale));
    if i16::from(dr.original()) + i16::from(n) + i16::from(leader) > morale {
        state.pinned = true;
    }
}

/// An unarmored vehicle on the IFT Vehicle line (C1.55, A7.308): Final DR
/// ≤ half the Kill number burns, below it eliminates, equal immobilizes.
pub fn unarmored_vehicle_result(column: Column, final_dr: i16, state: &mut UnitState) {
    if state.eliminated {
        return;
    }
    let kill = i16::from(column.vehicle_kill_number());
    if final_dr <= kill / 2 {
        state.eliminated = true;
        state.burning = true;
    } else if final_dr < kill {
        state.eliminated = true;
    } else if final_dr == kill {
        state.immobilized = true;
    }
}

/// Indirect fire vs an AFV (C1.55, C7.7), Reading `afv-k-threshold`: with K
/// the lowest Final DR giving a K/# result in the column, a Final DR ≤ K/2
/// (rounded down) makes a burning wreck, below K eliminates, K or K+1 shocks
/// on a turret hit (colored dr < white dr of the original effects DR) and
/// immobilizes on a hull hit; higher has no effect on the AFV.
pub fn afv_result(column: Column, final_dr: i16, effects_dr: Dr, state: &mut UnitState) {
    if state.eliminated {
        return;
    }
    let k = column.lowest_k_dr().unwrap_or(0);
    if final_dr <= k / 2 {
        state.eliminated = true;
        state.burning = true;
    } else if final_dr < k {
        state.eliminated = true;
    } else if final_dr <= k + 1 {
        if effects_dr.colored < effects_dr.white {
            state.shocked = true;
        } else {
            state.immobilized = true;
        }
    }
}
