//! The rules model: pure functions and data, no I/O.

pub mod attack_law;
pub mod dc;
pub mod effects;
pub mod firer;
pub mod ift;
pub mod location;
pub mod manhandling;
pub mod mortar;
pub mod outcomes;
pub mod random_selection;
pub mod readings;
pub mod shot;
pub mod shot_odds;
pub mod shot_process;
pub mod target;
pub mod to_hit;
pub mod units;
