//! The figures a comparison reads from one plan's typed results, from
//! the engine that ran.

use super::{PhaseFigures, PlanFigure};
use crate::engine::plan::FirePlan;
use crate::engine::plan::exact::PhaseOdds;
use crate::engine::plan::monte_carlo::PhaseTally;
use crate::engine::{self, PlanRefused, PlanResults, Settings};
use crate::error::Result;
use crate::prob::Prob;
use crate::stats::{Estimate, mean_of_histogram, proportion};

/// The figures of one plan that a comparison reads, from the engine that
/// ran (exact when its chain fits, else Monte Carlo).
pub(super) struct Run {
    results: PlanResults,
}

impl Run {
    /// The plan's run; `shared_by`, the comparison's mortars when their
    /// share of its work (`settings.max_work`) binds rather than what one
    /// plan alone may take.
    pub(super) fn of(
        plan: &FirePlan,
        settings: &Settings,
        shared_by: Option<usize>,
    ) -> Result<Run> {
        let results = engine::plan(plan, settings, &|_| {}).map_err(|refused| match refused {
            PlanRefused::Work(work) if let Some(mortars) = shared_by => work.to_error_than(
                &format!("each mortar's share of a comparison of {mortars} mortars allows"),
            ),
            refused => {
                refused.to_error(settings.max_states, "max_states", "let Monte Carlo take it")
            }
        })?;
        Ok(Run { results })
    }

    pub(super) fn exact(&self) -> bool {
        self.results.exact.is_some()
    }

    /// The figure of phase `i` from the exact odds and the Monte Carlo
    /// tally of that phase.
    fn phase(
        &self,
        i: usize,
        exact: impl Fn(&PhaseOdds) -> Option<Prob>,
        mc: impl Fn(&PhaseTally, u64) -> Estimate,
    ) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r.exact.as_ref().and_then(|x| exact(&x.per_phase[i])),
            mc: r
                .monte_carlo
                .as_ref()
                .map(|m| mc(&m.tally.per_phase[i], m.tally.trials)),
        }
    }

    pub(super) fn phase_figures(&self, i: usize) -> PhaseFigures {
        PhaseFigures {
            expected_shots: self.phase(
                i,
                |p| Some(p.expected_shots.clone()),
                |t, _| mean_of_histogram(&t.shots),
            ),
            expected_hits: self.phase(
                i,
                |p| Some(p.expected_hits.clone()),
                |t, _| mean_of_histogram(&t.hits),
            ),
        }
    }

    pub(super) fn p_hit_by_end(&self, i: usize) -> PlanFigure {
        self.phase(
            i,
            |p| Some(p.p_hit_by_end.clone()),
            |t, trials| proportion(t.hit_by_end, trials),
        )
    }

    pub(super) fn p_enemy_out_by_end(&self, i: usize) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r
                .exact
                .as_ref()
                .and_then(|x| x.per_phase[i].p_enemy_out_by_end.clone()),
            mc: r
                .monte_carlo
                .as_ref()
                .and_then(|m| m.units.as_ref())
                .map(|u| proportion(u.out_by_phase_end[i], u.trials)),
        }
    }

    pub(super) fn p_malfunction(&self) -> PlanFigure {
        let r = &self.results;
        PlanFigure {
            exact: r.exact.as_ref().map(|x| x.p_malfunction.clone()),
            mc: r
                .monte_carlo
                .as_ref()
                .map(|m| proportion(m.tally.malfunction, m.tally.trials)),
        }
    }
}
