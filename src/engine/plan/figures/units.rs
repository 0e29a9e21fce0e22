//! The units' figures of a plan: each unit's fate, the hex's, and the
//! hex by the end of each phase.

use super::{CountFigure, Figure, HexFigures, Kind, PlanFigures, UnitFigures, figure};
use crate::engine::plan::FirePlan;
use crate::engine::plan::exact::PlanOdds;
use crate::engine::plan::simulate::UnitTally;
use crate::prob::Prob;
use crate::rules::outcomes::OUTCOMES;
use crate::stats::proportion;

/// A probability: exact, and/or `count` of `trials` Monte Carlo trials.
fn share(name: String, exact: Option<Prob>, count: Option<u64>, trials: u64) -> Figure {
    figure(
        name,
        Kind::Probability,
        exact,
        count.map(|c| proportion(c, trials)),
    )
}

impl PlanFigures {
    pub(super) fn add_units(
        &mut self,
        plan: &FirePlan,
        exact: Option<&PlanOdds>,
        mc: Option<&UnitTally>,
    ) {
        let hex = exact.and_then(|x| x.units.as_ref());
        let trials = mc.map_or(0, |t| t.trials);
        let f = |name, e, m| share(name, e, m, trials);
        self.units = (0..plan.units().len())
            .map(|i| UnitFigures {
                outcomes: OUTCOMES
                    .iter()
                    .enumerate()
                    .map(|(k, o)| {
                        let name = format!("units[{i}].outcomes.{}", o.key());
                        let e = hex.map(|h| h.units[i].outcomes[k].1.clone());
                        (*o, f(name, e, mc.map(|t| t.outcomes[i][k])))
                    })
                    .collect(),
                p_out_of_action: f(
                    format!("units[{i}].p_out_of_action"),
                    hex.map(|h| h.units[i].p_out_of_action.clone()),
                    mc.map(|t| t.out_of_action[i]),
                ),
                p_burning_wreck: f(
                    format!("units[{i}].p_burning_wreck"),
                    hex.map(|h| h.units[i].p_burning.clone()),
                    mc.map(|t| t.burning[i]),
                ),
            })
            .collect();
        let enemies = plan.units().iter().filter(|u| u.enemy).count();
        self.hex = Some(HexFigures {
            p_cleared: f(
                "hex.p_cleared".into(),
                hex.map(|h| h.p_cleared.clone()),
                mc.map(|t| t.cleared),
            ),
            p_all_eliminated: f(
                "hex.p_all_eliminated".into(),
                hex.map(|h| h.p_all_eliminated.clone()),
                mc.map(|t| t.all_eliminated),
            ),
            at_least_out_of_action: (1..=enemies)
                .map(|n| CountFigure {
                    n,
                    or_more: false,
                    figure: f(
                        format!("hex.at_least_out_of_action[{n}]"),
                        hex.map(|h| h.at_least_out[n - 1].clone()),
                        mc.map(|t| t.at_least_out[n - 1]),
                    ),
                })
                .collect(),
        });
        for (phase, (cleared, out)) in self
            .per_phase
            .iter_mut()
            .zip(phase_unit_figures(plan, exact, mc))
        {
            phase.p_hex_cleared_by_end = Some(cleared);
            phase.p_out_of_action_by_end = Some(out);
        }
    }
}

/// The units' figures of a plan with units as a flat list, named as in the
/// JSON report: `units[i].outcomes.<outcome>`, `units[i].p_out_of_action`,
/// `hex.p_cleared`, `hex.at_least_out_of_action[n]`,
/// `per_phase[i].p_hex_cleared_by_end`, `per_phase[i].p_out_of_action_by_end`.
pub fn unit_figures(
    plan: &FirePlan,
    exact: Option<&PlanOdds>,
    mc: Option<&UnitTally>,
) -> Vec<Figure> {
    let mut figures = PlanFigures::weapon(exact, None);
    figures.add_units(plan, exact, mc);
    figures.per_phase.clear();
    let mut out = figures.unit_list();
    for (cleared, enemy_out) in phase_unit_figures(plan, exact, mc) {
        out.extend([cleared, enemy_out]);
    }
    out
}

/// Each phase's P(hex cleared) and P(an enemy unit out of action) at its end.
fn phase_unit_figures(
    plan: &FirePlan,
    exact: Option<&PlanOdds>,
    mc: Option<&UnitTally>,
) -> Vec<(Figure, Figure)> {
    let trials = mc.map_or(0, |t| t.trials);
    let f = |name, e, m| share(name, e, m, trials);
    (0..plan.input.phases.len())
        .map(|i| {
            let e = exact.map(|x| &x.per_phase[i]);
            (
                f(
                    format!("per_phase[{i}].p_hex_cleared_by_end"),
                    e.and_then(|p| p.p_hex_cleared_by_end.clone()),
                    mc.map(|t| t.cleared_by_phase_end[i]),
                ),
                f(
                    format!("per_phase[{i}].p_out_of_action_by_end"),
                    e.and_then(|p| p.p_enemy_out_by_end.clone()),
                    mc.map(|t| t.out_by_phase_end[i]),
                ),
            )
        })
        .collect()
}
