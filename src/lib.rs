#![warn(missing_docs)]
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
//! Within a layer, and within any folder, modules side by side depend one
//! way too: no two of them use each other (`tests/arrows.rs` checks both).
//!
//! The core (`rules`, `engine`, `dice`, `prob`) never touches files, the
//! terminal or the clock.
//!
//! # From Rust
//!
//! The types most callers need are re-exported here. A scenario is the
//! same TOML a player gives the command line; a shot's odds are always
//! exact, a plan's come from the engines [`Settings`] choose:
//!
//! ```
//! use mortar_odds::{Catalog, Engine, FirePlan, Prob, Scenario, Settings, Shot, ShotOdds};
//!
//! let text = r#"
//!     ammo = "HE"
//!     [mortar]
//!     name = "my-81mm"
//!     caliber = 81
//!     rof = 3
//!     breakdown = 12
//!     repair = 2
//!     range = [2, 40]
//!     [firer]
//!     spotted = true
//!     [target]
//!     range = 12
//!     woods = true
//!     [plan]
//!     phases = ["PFPh", "DFPh", "PFPh"]
//!     intensive_fire = "whenever-allowed"
//!     stop = "never"
//!     repair = true
//! "#;
//! let scenario = Scenario::parse("example", text, Default::default())?;
//! let catalog = Catalog::builtin();
//!
//! // One shot: Modified TH# 7, spotted fire +2 (C9.31), so an Original DR
//! // of 5 or less hits: 10 of the 36 DR.
//! let shot = Shot::new(scenario.shot_input(&catalog)?)?;
//! let odds = ShotOdds::of(&shot);
//! assert_eq!(odds.p_hit(), Prob::new(5, 18));
//! assert_eq!(odds.p_critical_hit(), Prob::new(1, 36));
//!
//! // Three Player Turns of fire, solved exactly.
//! let (shot_input, plan_input) = scenario.plan_input(&catalog)?;
//! let plan = FirePlan::new(shot_input, plan_input)?;
//! let settings = Settings { engine: Engine::Exact, ..Settings::default() };
//! let results = mortar_odds::engine::plan(&plan, &settings, &|_| {}).expect("a small chain");
//! let exact = results.exact.expect("the exact engine ran");
//! assert_eq!(exact.expected_shots, Prob::new(1038626147, 161243136));
//! # Ok::<(), mortar_odds::Error>(())
//! ```

pub mod analysis;
pub mod dice;
pub mod engine;
pub mod error;
pub mod input;
pub mod output;
pub mod prob;
pub mod rules;
pub mod stats;

pub use engine::dc::DcOdds;
pub use engine::plan::exact::PlanOdds;
pub use engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
pub use engine::push::exact::PushOdds;
pub use engine::shot::{HexOdds, ShotOdds, UnitShotOdds};
pub use engine::{
    DcResults, Engine, PlanRefused, PlanResults, PushResults, Settings, TooLarge, TooMuchWork,
};
pub use error::{Error, Result};
pub use input::catalog::Catalog;
pub use input::dc::DcScenario;
pub use input::push::PushScenario;
pub use input::scenario::Scenario;
pub use prob::Prob;
pub use rules::dc::{Dc, DcInput};
pub use rules::manhandling::Push;
pub use rules::shot::{Shot, ShotInput};
