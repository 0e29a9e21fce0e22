//! The outcomes a report names for a unit (its worst result), and what
//! counts as out of action.

use super::units::{Outcome, Unit, UnitState};

/// What the model leaves out, named in every output that reports units.
pub const NOT_MODELLED: &[&str] = &[
    "ELR replacement (A19.13)",
    "Heat of Battle (A15)",
    "rally and self-rally: broken units stay broken for the rest of a fire plan",
    "vulnerable crews and Passengers of vehicles (collateral attacks)",
    "DM, berserk, surrender and Cowering",
];

/// Every outcome category, in report order.
pub const OUTCOMES: [Outcome; 7] = [
    Outcome::NoEffect,
    Outcome::Pinned,
    Outcome::Broken,
    Outcome::CasualtyReduced,
    Outcome::Eliminated,
    Outcome::Immobilized,
    Outcome::Shocked,
];

/// Still in action: a person Good Order (pinned included), a vehicle not
/// eliminated.
pub fn in_action(unit: &Unit, state: &UnitState) -> bool {
    if unit.kind.is_vehicle() {
        !state.eliminated
    } else {
        state.good_order()
    }
}
