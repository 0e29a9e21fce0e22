//! The exact odds of one shot: at the hex alone ([`ShotOdds`], every dice
//! outcome of the shot's process summed up) and at the units in it
//! ([`UnitShotOdds`], the units' law as a mixture of products).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::attack_law::{AttackLaws, Term};
use super::hex_odds::HexOdds;
use crate::dice::Dist;
use crate::prob::{Prob, ProbSum};
use crate::rules::ift::IftResult;
use crate::rules::shot::{AmmoUse, Breakdown, Shot};
use crate::rules::shot_process::AfterToHit;
use crate::rules::shot_process::{ShotProcess, ShotState, ShotSummary};
use crate::rules::to_hit::HitKind;
use crate::rules::units::UnitState;

/// The exact odds of one shot at the hex: every dice outcome of the shot's
/// process.
#[derive(Clone, Debug)]
pub struct ShotOdds {
    /// Every outcome of the shot with its exact probability.
    pub table: Dist<ShotSummary>,
}

impl ShotOdds {
    /// Works out every dice outcome of one shot at the hex.
    pub fn of(shot: &Shot) -> ShotOdds {
        let process = ShotProcess::hex(shot);
        ShotOdds {
            table: process.exact_by(&process.start_units(), ShotState::summary),
        }
    }

    /// P(hit), a Critical Hit included.
    pub fn p_hit(&self) -> Prob {
        self.table.prob(|s| s.hit.is_hit())
    }

    /// P(Critical Hit) (C3.7).
    pub fn p_critical_hit(&self) -> Prob {
        self.table.prob(|s| s.hit == HitKind::Critical)
    }

    /// P(Multiple Hits) (C3.8).
    pub fn p_multiple_hit(&self) -> Prob {
        self.table.prob(|s| s.multiple_hit)
    }

    /// `None` when the ROF is not known.
    pub fn p_keep_rof(&self) -> Option<Prob> {
        self.known(|s| s.keeps_rof).map(|d| d.prob(|k| *k))
    }

    /// P(malfunction, X# included); `None` when the B# is not known.
    pub fn p_malfunction(&self) -> Option<Prob> {
        self.known(|s| s.breakdown)
            .map(|d| d.prob(|b| *b != Breakdown::None))
    }

    /// P(X#: removed for good); `None` when the B# is not known.
    pub fn p_removed(&self) -> Option<Prob> {
        self.known(|s| s.breakdown)
            .map(|d| d.prob(|b| *b == Breakdown::Removed))
    }

    /// P(this depletion result for the ammunition fired) (C8.9).
    pub fn p_ammo(&self, ammo: AmmoUse) -> Prob {
        self.table.prob(|s| s.ammo == ammo)
    }

    /// The IFT results of a hit of this kind, given such a hit.
    pub fn ift_given(&self, kind: HitKind) -> Option<Dist<IftResult>> {
        self.table
            .given(|s| s.hit == kind && s.result.is_some())
            .map(|d| d.map(|s| s.result.unwrap_or(IftResult::NoEffect)))
    }

    /// The distribution of a field that is either known on every outcome or
    /// on none.
    fn known<T: Ord + Clone>(&self, f: impl Fn(&ShotSummary) -> Option<T>) -> Option<Dist<T>> {
        let d = self.table.map(&f);
        if d.iter().any(|(v, _)| v.is_none()) {
            return None;
        }
        Some(d.map(|v| v.clone().expect("checked above")))
    }
}

/// The exact odds of one shot at the units of the hex.
#[derive(Clone, Debug)]
pub struct UnitShotOdds {
    /// The shot, for the joint law on demand ([`terms`](Self::terms)).
    shot: Shot,
    /// The units' and the hex's odds after the shot.
    pub hex: HexOdds,
    /// P(each distinct way the units are hit): the To Hit outcomes'
    /// weights added up once, so that a unit's hit odds read a few
    /// entries, not every term.
    hit_patterns: Vec<(Vec<HitKind>, Prob)>,
}

impl UnitShotOdds {
    /// [`UnitShotOdds::of`], refused at once for a stack past what the
    /// exact engine takes on ([`exact_fits`](super::exact_fits)), naming
    /// `target.units`.
    pub fn checked(shot: &Shot) -> crate::error::Result<Option<UnitShotOdds>> {
        UnitShotOdds::check(shot)?;
        Ok(UnitShotOdds::of(shot))
    }

    /// What [`UnitShotOdds::checked`] refuses, at once, for a caller that
    /// checks many inputs before it works any out (`report`).
    pub fn check(shot: &Shot) -> crate::error::Result<()> {
        super::exact_fits(&shot.input.units).map_err(|e| {
            e.to_error(
                "target.units",
                "give fewer units, or fire a plan by Monte Carlo (plan --engine mc)",
            )
        })
    }

    /// `None` when the hex has no units.
    ///
    /// The units' odds read each unit's law and the enemy units' laws
    /// alone, never which units were hit together: so the To Hit outcomes
    /// are stepped first and those that leave the same situation for the
    /// rest of the shot ([`AfterToHit`]: ROF, malfunction and ammunition
    /// forgotten) are taken on together, and each list of terms the
    /// attack laws share ([`AttackLaws`]) is read once, at its summed
    /// weight, with no term copied.
    ///
    /// Unbounded in time and memory: [`UnitShotOdds::checked`] refuses a
    /// stack past what the exact engine takes on.
    pub fn of(shot: &Shot) -> Option<UnitShotOdds> {
        if shot.units.is_empty() {
            return None;
        }
        let process = ShotProcess::units(shot);
        let heads = process.exact_until(&process.start_units(), ShotProcess::to_hit_done);
        let mut patterns: BTreeMap<&[HitKind], ProbSum> = BTreeMap::new();
        let mut afters: BTreeMap<AfterToHit, ProbSum> = BTreeMap::new();
        for (s, p) in heads.iter() {
            patterns.entry(&s.hits).or_default().add(p);
            afters.entry(s.after_to_hit()).or_default().add(p);
        }
        let hit_patterns = patterns
            .into_iter()
            .map(|(hits, p)| (hits.to_vec(), p.total()))
            .collect();
        // Each shared list of terms by its address, with its weight.
        let laws = AttackLaws::default();
        let mut lists: BTreeMap<*const Vec<Term>, (Arc<Vec<Term>>, ProbSum)> = BTreeMap::new();
        for (after, p) in &afters {
            let p = p.total();
            for (q, terms) in process.terms_after_to_hit(after, &laws) {
                let slot = lists
                    .entry(Arc::as_ptr(&terms))
                    .or_insert_with(|| (terms, ProbSum::new()));
                slot.1.add_product(&p, &q);
            }
        }
        let weighted: Vec<(Prob, &Arc<Vec<Term>>)> = lists
            .values()
            .map(|(terms, w)| (w.total(), terms))
            .collect();
        let hex = HexOdds::of_weighted(
            &shot.input.units,
            weighted
                .iter()
                .flat_map(|(w, terms)| terms.iter().map(move |t| (w, t))),
        );
        Some(UnitShotOdds {
            shot: shot.clone(),
            hex,
            hit_patterns,
        })
    }

    /// The law of the shot, as a mixture of products: for each way the
    /// dice fall up to the units' checks, which units were hit (and how),
    /// and the term of the units' states after the shot ([`Term`]: the
    /// units that are not leaders end independently of each other).
    /// Worked out anew: as many terms as the units' Random Selections
    /// allow, for small stacks and tests.
    pub fn terms(&self) -> Vec<(Vec<HitKind>, Term)> {
        let process = ShotProcess::units(&self.shot);
        process.exact_terms(&process.start_units())
    }

    /// P(unit `i` is hit, a Critical Hit included).
    pub fn p_hit(&self, i: usize) -> Prob {
        self.p_hits(|h| h[i].is_hit())
    }

    /// P(unit `i` takes a Critical Hit) (C3.7).
    pub fn p_critical_hit(&self, i: usize) -> Prob {
        self.p_hits(|h| h[i] == HitKind::Critical)
    }

    fn p_hits(&self, pred: impl Fn(&[HitKind]) -> bool) -> Prob {
        self.hit_patterns
            .iter()
            .filter(|(h, _)| pred(h))
            .map(|(_, p)| p)
            .sum()
    }

    /// The joint law of (hits, every unit's state after the shot): as large
    /// as the product of the units' outcomes, for small stacks and tests.
    pub fn joint(&self) -> Dist<(Vec<HitKind>, Vec<UnitState>)> {
        Dist::from_masses(self.terms().into_iter().flat_map(|(hits, t)| {
            t.joint()
                .iter()
                .map(|(units, q)| ((hits.clone(), units.clone()), &t.p * q))
                .collect::<Vec<_>>()
        }))
    }
}
