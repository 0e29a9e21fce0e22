//! How much Monte Carlo work a fire plan's run is, and the most one run
//! takes: past it the run is refused before it starts, naming the most
//! trials the plan takes, rather than left to run for an hour.
//!
//! A trial of a plan steps each listed phase, and each shot resolves the
//! attack on every unit in the hex, so a trial's work is counted as
//! `phases × (units + 1)` (the weapon's own steps are the `+ 1`). Measured
//! on a two-core machine, the costliest plan the limits allow (8 units of
//! high morale in TEM +5, 100 phases, repair, `stop = "never"`) runs
//! 100,000 trials in about 3.8 s: [`MAX_WORK`] keeps such a run to about
//! 40 s, and every plan at the default 1,000,000 trials within it.

use crate::error::{Error, grouped};

/// The most work (trials × phases × (units + 1)) one Monte Carlo run of a
/// plan takes: every plan at the default trials fits (100 phases at 8 units
/// is 900 a trial), and the costliest runs in under a minute.
pub const MAX_WORK: u64 = 1_000_000_000;

/// A Monte Carlo run of a plan past the work it may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// Trials asked for.
    pub trials: u64,
    /// Fire phases of the plan.
    pub phases: usize,
    /// Units in the target hex.
    pub units: usize,
    /// The work the run may take ([`MAX_WORK`] unless the caller shares it).
    pub max_work: u64,
}

impl TooMuchWork {
    /// The work of one trial: `phases × (units + 1)`.
    pub fn per_trial(&self) -> u64 {
        per_trial(self.phases, self.units)
    }

    /// The most trials the plan takes within the work allowed.
    pub fn trials_at_most(&self) -> u64 {
        self.max_work / self.per_trial()
    }

    /// The refusal as a library error naming `trials`, for one run.
    pub fn to_error(&self) -> Error {
        self.to_error_than("one run takes")
    }

    /// The refusal as a library error naming `trials`, with what bounds
    /// the work (`"each mortar's share of a comparison of 4 mortars allows"`).
    pub fn to_error_than(&self, than: &str) -> Error {
        Error::invalid(
            "trials",
            format!(
                "{} Monte Carlo trials of a plan of {} fire phases at {} are more work than {than}; give at most {} trials (fewer phases or units allow more)",
                grouped(self.trials),
                self.phases,
                units(self.units),
                grouped(self.trials_at_most()),
            ),
        )
    }
}

/// `phases × (units + 1)`.
fn per_trial(phases: usize, units: usize) -> u64 {
    (phases as u64).saturating_mul(units as u64 + 1)
}

/// "no units", "1 unit", "8 units".
fn units(n: usize) -> String {
    match n {
        0 => "no units".into(),
        1 => "1 unit".into(),
        n => format!("{n} units"),
    }
}

/// Refuses `trials` of a plan of `phases` at `units` past `max_work`.
pub(super) fn check(
    trials: u64,
    phases: usize,
    units: usize,
    max_work: u64,
) -> Result<(), TooMuchWork> {
    let refused = TooMuchWork {
        trials,
        phases,
        units,
        max_work,
    };
    if trials.saturating_mul(per_trial(phases, units)) > max_work {
        Err(refused)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_allowed_is_trials_times_phases_times_units_and_one() {
        // 1,000,000 trials of 100 phases at 8 units: 900,000,000.
        assert_eq!(check(1_000_000, 100, 8, MAX_WORK), Ok(()));
        let refused = check(1_111_112, 100, 8, MAX_WORK).unwrap_err();
        assert_eq!(refused.trials_at_most(), 1_111_111);
        assert_eq!(check(1_111_111, 100, 8, MAX_WORK), Ok(()));
        // No units: the weapon alone, 100,000,000 trials of 10 phases.
        assert_eq!(check(100_000_000, 10, 0, MAX_WORK), Ok(()));
        assert!(check(100_000_000, 11, 0, MAX_WORK).is_err());
    }

    #[test]
    fn the_refusal_names_trials_and_the_most_the_plan_takes() {
        let refused = check(100_000_000, 100, 8, MAX_WORK).unwrap_err();
        assert_eq!(
            refused.to_error().to_string(),
            "trials: 100,000,000 Monte Carlo trials of a plan of 100 fire phases at 8 units are more work than one run takes; give at most 1,111,111 trials (fewer phases or units allow more)"
        );
        let refused = check(u64::MAX, usize::MAX, 1, MAX_WORK).unwrap_err();
        assert_eq!(refused.trials_at_most(), 0);
    }
}
