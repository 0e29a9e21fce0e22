//! mortar-odds: exact odds of Advanced Squad Leader mortar fire.
//!
//! Layers, each depending only on the ones below it: the binary's command
//! line (`src/cli/`, not part of the library) → `scenario` / `catalog` →
//! `report` → `rules` → `dice` / `prob`.
//! The core (`rules`, `dice`, `prob`) never touches files, the terminal or
//! the clock.

pub mod catalog;
pub mod chart;
pub mod dc;
pub mod dice;
pub mod error;
pub mod manhandling;
pub mod plan;
pub mod prob;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod sheet;
pub mod stats;
pub mod table;

pub use error::{Error, Result};
