//! The rules model: pure functions of the dice and the rules' tables as
//! data, no engine, no I/O. Each rule is written once, here; the engines
//! only apply these steps.
//!
//! Where a rule lives, by rule number:
//!
//! | rules | file |
//! |---|---|
//! | A.9 Random Selection (ties), C3.74 the Critical Hit's target | `random_selection.rs` |
//! | A.11, C2.28 malfunction; C2.24 ROF on the colored die; C3.3-C3.8 the To Hit DR, its hits and Multiple Hits; C8.9 special ammunition depletion | `shot_process.rs` (one shot, step by step), `shot_process/outcome.rs` (what its dice decided) |
//! | A7.3, A10, A10.2, A10.7 one IFT attack on a Location: Random Selection groups, checks in order, Leader Loss | `location.rs` (the steps), `location/state.rs` (what they work on) |
//! | A7.3, A10, A15, A17 Casualty Reduction, morale and pin checks, leadership; C1.55, C7.7 vehicles | `units.rs` (the units), `units/checks.rs` (their checks) |
//! | A9.72 repair; C2.24 ROF kept or lost; C5.6 Intensive Fire; C6.5 Area Acquisition; Player Turns and Rally Phases; A7.8 pins lifted at a new Player Turn (the units' and the firer's); C6 Cases J, J3, J4, O: the target moving only in the opponent's Player Turn | `sequence.rs` (from one shot to the next) |
//! | A21.11-A21.13 who fires and how (non-qualified use, fired as a light mortar); C5 firer-based To Hit cases; C9.2-C9.31 | `firer.rs` |
//! | A23 Demolition Charges (Placed, Thrown, detonation, the attack) | `dc/` (`mod.rs` the input and the attacks, `check.rs` its checks, `attack.rs` FP and DRM, `resolve.rs` detonation and the dice) |
//! | C2.5, C3.8, C8.9, Chapter H notes: the mortar and its counter values | `mortar.rs` |
//! | C3 and C4 the To Hit table and its modifications; C3.6 Improbable Hits; C3.7 Critical Hits; C5, C6 the To Hit DRM cases | `to_hit.rs` |
//! | C3.33, C6 the target hex: range, TEM, concealment, woods | `target.rs` |
//! | C3.33, C3.71, C3.72 the attack of a hit and a Critical Hit on the IFT (Air Bursts, B13.3) | `effects.rs` |
//! | the IFT and its Vehicle line (C7.7) | `ift.rs`, `ift_table.txt` |
//! | C10.3 manhandling a Gun; C10.111 who pushes and the additional-pusher DRM; C10.11, C10.12 hooking up; B terrain for pushes | `manhandling/` (`mod.rs` the push and its DRM, `pushers.rs`, `step.rs` one attempt, `terrain.rs`, `hookup.rs`) |
//! | what a report counts as out of action (a person broken or eliminated, a vehicle eliminated) and the outcomes it names | `outcomes.rs` |
//! | readings: where the rules admit more than one reading, the one taken | `readings.rs` |
//!
//! `shot/` checks a shot's inputs against these rules and works out what
//! needs no dice.

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
pub mod sequence;
pub mod shot;
pub mod shot_process;
pub mod target;
pub mod to_hit;
pub mod units;
