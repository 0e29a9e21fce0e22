//! The odds of a Gun push (C10.3): exactly, phase by phase, and by Monte
//! Carlo, both through the same step (`rules::manhandling::step`).

pub mod exact;
pub mod monte_carlo;
