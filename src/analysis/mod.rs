//! Analyses built on the engines: mortars compared side by side, and what
//! a modifier is worth.

pub mod compare;
pub mod worth;
