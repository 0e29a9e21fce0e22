//! What the player gives: scenario files (TOML) for shots, plans, DCs and
//! pushes, and the mortar catalog.

pub mod catalog;
pub(crate) mod check;
pub mod dc;
pub mod flags;
pub mod mortar;
mod only_keys;
pub mod push;
pub mod scenario;
pub mod source;
pub(crate) mod toml_error;
pub mod unit_notation;
