//! The exact odds of one shot: the units' checks composed into a mixture of
//! products (`attack_law`) and every dice outcome of the shot summed up
//! (`odds`).

pub mod attack_law;
pub mod odds;

pub use odds::{ShotOdds, UnitShotOdds};
