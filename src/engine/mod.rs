//! The engines: exact and Monte Carlo odds of shots' sequences (fire
//! plans), Demolition Charges and Gun pushes, each built on the pure steps
//! of `rules`.

pub mod dc;
pub mod plan;
pub mod push;
