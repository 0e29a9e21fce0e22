//! mortar-odds: exact odds of Advanced Squad Leader mortar fire.
//!
//! Layers, each depending only on the ones below it:
//!
//! ```text
//! cli (the binary's, src/cli/, not part of the library)
//!  → input (scenario files, the catalog) / analysis (compare, worth) / output (reports, tables, charts, sheets)
//!  → engine (exact and Monte Carlo: plans, DCs, pushes)
//!  → rules (pure steps of the dice and the rule data, by rule number)
//!  → dice / prob / stats
//! ```
//!
//! The core (`rules`, `engine`, `dice`, `prob`) never touches files, the
//! terminal or the clock.

pub mod analysis;
pub mod dice;
pub mod engine;
pub mod error;
pub mod input;
pub mod output;
pub mod prob;
pub mod rules;
pub mod stats;

pub use error::{Error, Result};
