//! A plan's figures as one flat list, each named by its place in the
//! JSON report: what the agreement tests set side by side, figure by
//! figure, for the two engines.

use super::{CountFigure, Figure, PlanFigures};
use crate::engine::plan::exact::PlanOdds;
use crate::engine::plan::monte_carlo::McTally;

impl PlanFigures {
    /// Every figure as a flat list, each named by its place in the JSON
    /// report, for the tests that set the engines side by side.
    pub fn list(&self) -> Vec<Figure> {
        let mut out = self.weapon_list();
        out.extend(self.unit_list());
        out
    }

    fn weapon_list(&self) -> Vec<Figure> {
        let counts = |c: &[CountFigure]| c.iter().map(|c| c.figure.clone()).collect::<Vec<_>>();
        let mut out = vec![
            self.expected_shots.clone(),
            self.expected_hits.clone(),
            self.expected_critical_hits.clone(),
            self.p_at_least_one_hit.clone(),
            self.p_critical_hit.clone(),
            self.p_malfunction.clone(),
            self.p_removed.clone(),
        ];
        out.extend(counts(&self.shots));
        out.extend(counts(&self.hits));
        out.extend(counts(&self.critical_hits));
        for p in &self.per_phase {
            out.extend(
                [
                    &p.expected_shots,
                    &p.expected_hits,
                    &p.expected_critical_hits,
                    &p.p_first_hit,
                    &p.p_hit_by_end,
                    &p.p_malfunctioned_at_end,
                    &p.p_removed_by_end,
                ]
                .map(Clone::clone),
            );
            out.extend(counts(&p.shots));
        }
        out
    }

    pub(super) fn unit_list(&self) -> Vec<Figure> {
        let mut out = Vec::new();
        for u in &self.units {
            out.extend(u.outcomes.iter().map(|(_, f)| f.clone()));
            out.push(u.p_out_of_action.clone());
            out.push(u.p_burning_wreck.clone());
        }
        if let Some(h) = &self.hex {
            out.push(h.p_cleared.clone());
            out.push(h.p_all_eliminated.clone());
            out.extend(h.at_least_out_of_action.iter().map(|c| c.figure.clone()));
        }
        for p in &self.per_phase {
            out.extend(p.p_hex_cleared_by_end.iter().cloned());
            out.extend(p.p_out_of_action_by_end.iter().cloned());
        }
        out
    }
}

/// The weapon's figures as a flat list, named as in the JSON report
/// ([`PlanFigures::weapon`]); either side may be absent.
pub fn figures(exact: Option<&PlanOdds>, mc: Option<&McTally>) -> Vec<Figure> {
    PlanFigures::weapon(exact, mc).list()
}
