//! Every outcome of one shot, exactly: the shot's one step function
//! (`rules::shot_process`) enumerated through the To Hit and effects DR,
//! then the units' Random Selections and checks composed ([`AttackLaws`]),
//! each distinct situation worked out once.

use std::sync::Arc;

use super::attack_law::{AttackLaws, Term};
use crate::dice::Dist;
use crate::prob::Prob;
use crate::rules::shot_process::{AfterToHit, ShotProcess, ShotState, Slots, Stage};
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

impl ShotProcess<'_> {
    /// Every outcome of the shot, exactly: the To Hit and effects DR
    /// stepped, then the units' Random Selections and checks composed
    /// ([`AttackLaws`]), each distinct situation worked out
    /// once.
    pub fn exact(&self, units: &[UnitState]) -> Dist<ShotState> {
        Self::joint_of(&self.attacked_terms(units))
    }

    /// The joint law of [`attacked_terms`](Self::attacked_terms): one
    /// outcome per state and units' states.
    fn joint_of(terms: &[(ShotState, Term)]) -> Dist<ShotState> {
        Dist::from_masses(terms.iter().flat_map(|(s, t)| {
            t.joint()
                .iter()
                .map(|(units, q)| (s.resolved(units), &t.p * q))
                .collect::<Vec<_>>()
        }))
    }

    /// Every outcome of the shot as a mixture of products: for each way
    /// the dice fall up to the units' checks, the hits and the term of the
    /// units' law ([`AttackLaws`]).
    pub fn exact_terms(&self, units: &[UnitState]) -> Vec<(Vec<HitKind>, Term)> {
        self.attacked_terms(units)
            .into_iter()
            .map(|(s, t)| (s.hits.to_vec(), t))
            .collect()
    }

    /// Each state the To Hit and effects DR leave (dice forgotten) with
    /// each term of the law of its units' checks, its probability included:
    /// the shot's law before any joint law of the units is built (its size
    /// is the sum of the terms' [`Term::size`]).
    pub fn attacked_terms(&self, units: &[UnitState]) -> Vec<(ShotState, Term)> {
        self.attacked_terms_with(units, &AttackLaws::default())
    }

    /// [`attacked_terms`](Self::attacked_terms) with the laws of earlier
    /// shots at the same units.
    pub fn attacked_terms_with(
        &self,
        units: &[UnitState],
        laws: &AttackLaws,
    ) -> Vec<(ShotState, Term)> {
        self.terms_from(self.start(units), laws)
    }

    /// The law of the units' final states from a state whose To Hit DR is
    /// made (`after`), as lists of terms: one list for each way the
    /// effects DR goes, with its probability `p` (a term `t` of it has
    /// probability `p · t.p`), shared with every other state that leads
    /// to the same Location.
    pub fn terms_after_to_hit(
        &self,
        after: &AfterToHit,
        laws: &AttackLaws,
    ) -> Vec<(Prob, Arc<Vec<Term>>)> {
        let state = self.resume(after);
        let mut out = Vec::new();
        self.each_attacked(state, laws, |_, p, terms| out.push((p.clone(), terms)));
        out
    }

    /// From `state` on: each state the To Hit and effects DR leave (dice
    /// forgotten) with each term of its units' law, its probability
    /// included.
    fn terms_from(&self, state: ShotState, laws: &AttackLaws) -> Vec<(ShotState, Term)> {
        let mut out = Vec::new();
        self.each_attacked(state, laws, |s, p, terms| {
            for t in terms.iter() {
                let term = Term {
                    p: p * &t.p,
                    ..t.clone()
                };
                out.push((s.clone(), term));
            }
        });
        out
    }

    /// From `state` on: each state the To Hit and effects DR leave (dice
    /// forgotten), with its probability and the terms of its units' law
    /// ([`AttackLaws::resolve`]), handed to `f` in turn.
    fn each_attacked(
        &self,
        state: ShotState,
        laws: &AttackLaws,
        mut f: impl FnMut(&ShotState, &Prob, Arc<Vec<Term>>),
    ) {
        for (s, p) in self.attacked(state).iter() {
            f(s, p, laws.resolve(&*self.targets, &self.order, &s.location));
        }
    }

    /// Each state the To Hit and effects DR leave from `state` (dice
    /// forgotten), with its probability.
    pub fn attacked(&self, state: ShotState) -> Dist<ShotState> {
        Dist::certain(state).run(
            |s| !matches!(s.stage, Stage::ToHit | Stage::Effects),
            |s, d| self.step(s, d).forget_dice(),
        )
    }

    /// [`terms_after_to_hit`](Self::terms_after_to_hit) of a situation
    /// whose Location holds `units`, from the states the effects DR left
    /// from another situation with the same
    /// [`effects_key`](ShotProcess::effects_key) (`attacked`): each put
    /// back to `units` ([`ShotProcess::attacked_with_units`]).
    pub fn terms_after_attacked(
        &self,
        attacked: &Dist<ShotState>,
        units: &Slots<UnitState>,
        laws: &AttackLaws,
    ) -> Vec<(Prob, Arc<Vec<Term>>)> {
        attacked
            .iter()
            .map(|(s, p)| {
                let s = ShotProcess::attacked_with_units(s, units);
                (
                    p.clone(),
                    laws.resolve(&*self.targets, &self.order, &s.location),
                )
            })
            .collect()
    }

    /// Every outcome of the shot, exactly, by stepping the whole process:
    /// the reference [`exact`](Self::exact) is tested against.
    pub fn exact_stepped(&self, units: &[UnitState]) -> Dist<ShotState> {
        self.exact_until(units, Self::finished)
    }

    /// Every outcome of the shot until `done`, exactly.
    pub fn exact_until(
        &self,
        units: &[UnitState],
        done: impl Fn(&ShotState) -> bool,
    ) -> Dist<ShotState> {
        Dist::certain(self.start(units)).run(done, |s, d| self.step(s, d).forget_dice())
    }
}
