//! Analyses built on the engines: mortars compared side by side, what a
//! modifier is worth, the figures of the printable odds sheet and the
//! curves of the To Hit charts.

pub mod compare;
pub mod sheet;
pub mod to_hit_curves;
pub mod worth;
