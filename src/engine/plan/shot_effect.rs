//! The exact effect of one shot of a plan, for the chain.
//!
//! A shot's To Hit DR settles what the plan needs of the weapon (ROF kept,
//! malfunction, the hit); what its units go through after that depends only
//! on the hits and the units' states ([`AfterToHit`]), not on the
//! Acquisition, Intensive Fire or phase that led there. So the law of the
//! units' states after each such situation is worked out once for the whole
//! plan ([`ShotLaws`]), and a shot's effect is its To Hit outcomes, each
//! with the law of what follows.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use rayon::prelude::*;

use super::FirePlan;
use super::ShotKey;
use super::chain::{Node, ShotEffect};
use super::joint_law;
use super::limits::{LAW_OUTCOMES_PER_EDGE, Limits, Refusal};
use super::shot_parts::{Parts, UnitsLaw};
use super::twins::{IntegerLaws, Twins};
use super::weighed::Weighed;
use crate::dice::Dist;
use crate::engine::fast_hash::{FastMap, FastSet};
use crate::engine::shot::attack_law::{AttackLaws, lock};
use crate::rules::effects::Attack;
use crate::rules::shot::TargetShot;
use crate::rules::shot_process::{AfterToHit, EffectsKey};
use crate::rules::shot_process::{ShotProcess, ShotState};
use crate::rules::units::UnitStates;

/// Each target's attacks: normal, and on a Critical Hit.
type Attacks = Vec<(Option<Attack>, Option<Attack>)>;

/// The map's value under a read lock, whatever a panicking thread left (the
/// engine's maps only ever gain complete entries).
fn read<T>(m: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    m.read().unwrap_or_else(PoisonError::into_inner)
}

/// The map's value under a write lock (see [`read`]).
fn write<T>(m: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    m.write().unwrap_or_else(PoisonError::into_inner)
}

/// The law after one situation, once worked out (or its refusal).
type AfterCell = OnceLock<Result<Arc<UnitsLaw>, Refusal>>;

/// The laws a plan's shots share, each worked out once: the units' checks
/// ([`AttackLaws`], keeping no terms) and the units' states after each
/// situation a To Hit DR leaves. Shared between threads.
#[derive(Debug)]
pub struct ShotLaws {
    /// The laws of the units' checks, one set for each thread of the pool
    /// (and one for any other thread): the laws are the same whichever
    /// thread works them out, but shared, every check a law looks up
    /// locked the same maps and counted references to the same laws from
    /// both cores. The README's three units: the laws took 46-55 ms on two
    /// cores shared, 41-50 ms so, 75 ms on one.
    checks: Vec<ThreadChecks>,
    /// The targets' attacks (normal, Critical Hit) of each distinct set of
    /// them among the plan's shots (one, in every plan so far).
    attacks: Mutex<Vec<Attacks>>,
    /// By the index of the targets' attacks, then by the situation a To
    /// Hit DR leaves: a cell each, filled by the first thread to need it
    /// while any other that needs it waits (two threads never work out the
    /// same law, so the memory guard counts each once). A map for each
    /// index, so that a situation is looked up as it is, not copied into a
    /// key.
    after: RwLock<Vec<FastMap<AfterToHit, Arc<AfterCell>>>>,
    /// Outcomes held in `after`, for the memory guard.
    held: Mutex<usize>,
    /// Every units' state the laws built so far reach, by its key.
    reached: Mutex<FastSet<u64>>,
    /// The To Hit outcomes of each shot, by the shot and what the To Hit
    /// DR reads of the units' states ([`ShotProcess::to_hit_key`]), with
    /// the index of its targets' attacks: the README's three units need
    /// 1,945 shots' effects, from 71 such keys.
    to_hit: Mutex<BTreeMap<(ShotKey, u64), ToHit>>,
    /// The states the effects DR leaves, by the index of the targets'
    /// attacks and what the DR reads of a situation
    /// ([`ShotProcess::effects_key`]), from the first situation met:
    /// another with the same key takes them over with its own units'
    /// states. The README's three units: 1,479 situations, whose effects
    /// DR had been stepped for each.
    attacked: Mutex<FastMap<(usize, EffectsKey), Attacked>>,
}

/// The states a shot's effects DR leaves from a situation (see
/// [`ShotLaws`]).
type Attacked = Arc<Dist<ShotState>>;

/// A shot's To Hit outcomes from some units' states, and the index of its
/// targets' attacks ([`ShotLaws::attacks_of`]).
type ToHit = (usize, Arc<Dist<ShotState>>);

/// One thread's laws of the units' checks (see [`ShotLaws`]).
#[derive(Debug)]
struct ThreadChecks {
    checks: AttackLaws,
    /// The same laws in integers, as the joint laws read them.
    integer: Mutex<IntegerLaws>,
}

impl Default for ShotLaws {
    fn default() -> ShotLaws {
        ShotLaws {
            checks: (0..=rayon::current_num_threads())
                .map(|_| ThreadChecks {
                    checks: AttackLaws::keeping_no_terms(),
                    integer: Mutex::default(),
                })
                .collect(),
            attacks: Mutex::default(),
            after: RwLock::default(),
            held: Mutex::default(),
            reached: Mutex::default(),
            to_hit: Mutex::default(),
            attacked: Mutex::default(),
        }
    }
}

impl ShotLaws {
    /// This thread's laws of the units' checks; a thread outside the pool,
    /// or of a larger pool than the one the laws were made in, shares the
    /// first.
    fn checks(&self) -> &ThreadChecks {
        let mine = rayon::current_thread_index().map_or(0, |i| i + 1);
        self.checks.get(mine).unwrap_or(&self.checks[0])
    }

    /// The index of these targets' attacks among those seen.
    fn attacks_of(&self, targets: &[TargetShot]) -> usize {
        let mine: Attacks = targets
            .iter()
            .map(|t| (t.normal_attack.clone(), t.critical_attack.clone()))
            .collect();
        let mut seen = lock(&self.attacks);
        match seen.iter().position(|a| *a == mine) {
            Some(k) => k,
            None => {
                seen.push(mine);
                seen.len() - 1
            }
        }
    }

    /// The cell of each situation of `situations` (filled or not), made
    /// now for those met first. Looked up under a read lock first: once a
    /// level's laws are built, the threads no longer wait on each other
    /// for the map (that stage took as long on two cores as on one).
    fn cells(&self, attacks: usize, situations: &[AfterToHit]) -> Vec<Arc<AfterCell>> {
        let mut cells: Vec<Option<Arc<AfterCell>>> = {
            let known = read(&self.after);
            let known = known.get(attacks);
            situations
                .iter()
                .map(|after| known.and_then(|k| k.get(after)).map(Arc::clone))
                .collect()
        };
        if cells.iter().any(Option::is_none) {
            let mut all = write(&self.after);
            if all.len() <= attacks {
                all.resize_with(attacks + 1, FastMap::default);
            }
            let all = &mut all[attacks];
            for (cell, after) in cells.iter_mut().zip(situations) {
                if cell.is_none() {
                    *cell = Some(Arc::clone(all.entry(after.clone()).or_default()));
                }
            }
        }
        cells.into_iter().flatten().collect()
    }

    /// Builds the `needed` laws, each once, in parallel: a thread that
    /// needs a law another is building waits for it, so the laws a level
    /// needs are built before its effects are put together. Refused, before
    /// a law is built, if it passes `limits`.
    pub(super) fn build_all(
        &self,
        plan: &FirePlan,
        needed: Vec<Need<'_>>,
        limits: &Limits,
    ) -> Result<(), Refusal> {
        needed
            .par_iter()
            .try_for_each(|need| self.law(plan, need, limits).map(|_| ()))
    }

    /// The law `need` names, built now if no thread has built it (another
    /// that needs it meanwhile waits), or why it is refused.
    fn law(
        &self,
        plan: &FirePlan,
        need: &Need<'_>,
        limits: &Limits,
    ) -> Result<Arc<UnitsLaw>, Refusal> {
        need.cell
            .get_or_init(|| {
                let process = ShotProcess::of(plan.shot(need.key));
                self.build_after(&process, need.attacks, plan.twins(), need.after, limits)
            })
            .clone()
    }

    /// The law of the units' states after `after`, or why it is refused.
    fn build_after(
        &self,
        process: &ShotProcess<'_>,
        attacks: usize,
        twins: &Twins,
        after: &AfterToHit,
        limits: &Limits,
    ) -> Result<Arc<UnitsLaw>, Refusal> {
        let mine = self.checks();
        let lists = match process.effects_key(after) {
            Some(key) => {
                let key = (attacks, key);
                let known = lock(&self.attacked).get(&key).cloned();
                let attacked = known.unwrap_or_else(|| {
                    let made = Arc::new(process.attacked(process.resume(after)));
                    Arc::clone(lock(&self.attacked).entry(key).or_insert(made))
                });
                process.terms_after_attacked(&attacked, after.units(), &mine.checks)
            }
            None => process.terms_after_to_hit(after, &mine.checks),
        };
        let terms = || lists.iter().flat_map(|(_, terms)| terms.iter());
        // Each distinct outcome of one term (twins sorted) is a distinct
        // node of the chain: the most that one term surely has bounds the
        // chain's size from below.
        let sizes: Vec<(usize, usize)> = terms().map(|t| twins.joint_size(&t.factors)).collect();
        let at_least = sizes.iter().map(|s| s.1).max().unwrap_or(1) + 1;
        if at_least > limits.max_nodes {
            return Err(Refusal::States { at_least });
        }
        let size = sizes.iter().fold(0usize, |n, s| n.saturating_add(s.0));
        {
            let mut held = lock(&self.held);
            if held.saturating_add(size) > limits.max_edges.saturating_mul(LAW_OUTCOMES_PER_EDGE) {
                return Err(Refusal::Memory);
            }
            *held += size;
        }
        let law = joint_law::of(&lists, twins, &mut lock(&mine.integer));
        // Each state of a law is reached (its situation was, and each
        // state has a positive probability), and distinct units' states
        // are distinct nodes: the states the laws reach are a lower bound
        // of the chain's size, known before the chain is built that far.
        let reached = {
            let mut reached = lock(&self.reached);
            reached.extend(law.outcomes().map(UnitStates::key));
            reached.len()
        };
        if reached > limits.max_nodes {
            return Err(Refusal::States { at_least: reached });
        }
        Ok(Arc::new(law))
    }
}

/// A law an effect needs: its cell, and the situation with a shot that
/// leads there.
pub(super) struct Need<'h> {
    cell: &'h Arc<AfterCell>,
    attacks: usize,
    after: &'h AfterToHit,
    key: ShotKey,
}

impl Need<'_> {
    /// The law's cell, as one number: the same law for all effects that
    /// need it.
    pub(super) fn address(&self) -> usize {
        Arc::as_ptr(self.cell) as usize
    }
}

/// A shot's To Hit outcomes from a node, at units, before the units' laws:
/// they tell which situations' laws its effect needs ([`Heads::unbuilt`]).
pub(super) struct Heads {
    key: ShotKey,
    /// The index of its targets' attacks among those the laws have seen.
    attacks: usize,
    /// The To Hit outcomes, shared by all units' states the To Hit DR
    /// reads alike: their Locations are those of the states they were
    /// worked out from, which the effect does not read (each head's own is
    /// its situation's).
    heads: Arc<Dist<ShotState>>,
    /// Each head's situation, twins in order ([`Twins::situation`]), in
    /// the order of `heads`: worked out once, for the laws it needs and
    /// for its effect.
    situations: Vec<AfterToHit>,
    /// The cell of each situation's law, in the same order.
    cells: Vec<Arc<AfterCell>>,
}

impl Heads {
    /// The To Hit outcomes of the shot `key` from `node`, at units: worked
    /// out once for all units' states the To Hit DR reads alike.
    pub(super) fn of(plan: &FirePlan, node: &Node, key: ShotKey, laws: &ShotLaws) -> Heads {
        let units = node.units.states();
        let read = (key, ShotProcess::to_hit_key(&units));
        let known = lock(&laws.to_hit).get(&read).cloned();
        let (attacks, from) = known.unwrap_or_else(|| {
            let process = ShotProcess::of(plan.shot(key));
            let heads = process.exact_until(&units, ShotProcess::to_hit_done);
            let made = (laws.attacks_of(&process.targets), Arc::new(heads));
            lock(&laws.to_hit).entry(read).or_insert(made).clone()
        });
        // Each outcome's situation, as the outcome leaves it from these
        // units.
        let situations: Vec<AfterToHit> = from
            .iter()
            .map(|(s, _)| plan.twins().situation(&ShotProcess::with_units(s, &units)))
            .collect();
        let cells = laws.cells(attacks, &situations);
        Heads {
            key,
            attacks,
            heads: from,
            situations,
            cells,
        }
    }

    /// The law each head needs, in the order of the heads.
    fn needs(&self) -> impl Iterator<Item = Need<'_>> {
        self.cells
            .iter()
            .zip(&self.situations)
            .map(|(cell, after)| Need {
                cell,
                attacks: self.attacks,
                after,
                key: self.key,
            })
    }

    /// The laws the effect needs that are not built yet.
    pub(super) fn unbuilt(&self) -> impl Iterator<Item = Need<'_>> {
        self.needs().filter(|need| need.cell.get().is_none())
    }

    /// The shot's effect: each To Hit outcome with the law of what follows
    /// it ([`shot_parts`]).
    pub(super) fn effect(
        &self,
        plan: &FirePlan,
        limits: &Limits,
        laws: &ShotLaws,
    ) -> Result<Parts, Refusal> {
        let mut parts = Vec::with_capacity(self.heads.len());
        for ((s, p), need) in self.heads.iter().zip(self.needs()) {
            let law = laws.law(plan, &need, limits)?;
            parts.push((ShotEffect::of(s, false), p, law));
        }
        // The laws hold twins' states sorted: arrangements of the same
        // states are one effect.
        Ok(Parts::of(&parts))
    }
}

/// The exact effect of the shot `key` from `node`, as its parts: its To
/// Hit outcomes, and with units in the hex, each with the law of the units'
/// states after it; its distinct (effect, probability) pairs sum to one.
/// Refused, before any joint law past `limits` is built.
pub(super) fn shot_parts(
    plan: &FirePlan,
    node: &Node,
    key: ShotKey,
    limits: &Limits,
    laws: &ShotLaws,
) -> Result<Parts, Refusal> {
    if plan.units().is_empty() {
        // Without units, ROF, malfunction and the hit are all a plan needs.
        let process = ShotProcess::of(plan.shot(key));
        let heads = process.exact_until(&process.start_units(), ShotProcess::to_hit_done);
        return Ok(Parts::Listed(Weighed::of_dist(
            &heads.map(|s| ShotEffect::of(s, false)),
        )));
    }
    Heads::of(plan, node, key, laws).effect(plan, limits, laws)
}

#[cfg(test)]
mod tests;
