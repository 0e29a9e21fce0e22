//! The exact odds of one shot: the units' checks composed into a mixture of
//! products (`attack_law`) and every dice outcome of the shot summed up
//! (`odds`).

pub mod attack_law;
mod by_situation;
mod exact;
pub mod hex_odds;
pub mod limits;
pub mod odds;

pub use hex_odds::{HexOdds, UnitOdds};
pub use limits::{StackTooLarge, exact_fits};
pub use odds::{ShotOdds, UnitShotOdds};
