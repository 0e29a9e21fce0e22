//! What happens to the units of a hex, from the law of their final states:
//! per unit (worst outcome), and for the hex (cleared of Good Order enemy
//! units, "at least N out of action").

use std::collections::BTreeMap;

use super::attack_law::Term;
use crate::dice::Dist;
use crate::prob::{Prob, ProbSum};
use crate::rules::location::Slots;
use crate::rules::outcomes::{OUTCOMES, in_action};
use crate::rules::units::{Outcome, Unit, UnitState, outcome};

/// One unit's odds.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitOdds {
    /// P(worst outcome), in the order of [`OUTCOMES`].
    pub outcomes: Vec<(Outcome, Prob)>,
    /// P(out of action at the end: broken or eliminated; a vehicle eliminated).
    pub p_out_of_action: Prob,
    /// P(eliminated as a burning wreck) (vehicles).
    pub p_burning: Prob,
}

/// The hex's odds.
#[derive(Clone, Debug, PartialEq)]
pub struct HexOdds {
    /// Each unit's odds, in input order.
    pub units: Vec<UnitOdds>,
    /// No enemy unit still in action.
    pub p_cleared: Prob,
    /// Every enemy unit eliminated.
    pub p_all_eliminated: Prob,
    /// `at_least_out[k]`: at least k+1 enemy units out of action.
    pub at_least_out: Vec<Prob>,
}

/// One unit's law in a term: a state it keeps, or its own law. A state is
/// ordered by value, a law by its address: terms share their laws (one
/// allocation each), and two allocations of equal laws only make two
/// entries whose weights are read apart, with the same sums.
#[derive(Clone, Copy, Debug)]
enum UnitLaw<'t> {
    Stays(UnitState),
    Law(&'t Dist<UnitState>),
}

/// By [`UnitLaw::code`]: a state before any law, states by their bits,
/// laws by their address.
impl Ord for UnitLaw<'_> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.code().cmp(&other.code())
    }
}

impl PartialOrd for UnitLaw<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for UnitLaw<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for UnitLaw<'_> {}

impl UnitLaw<'_> {
    /// The law as one number, which orders it: a state's bits (below
    /// 128), a law's address (above, as no allocation sits that low).
    fn code(&self) -> usize {
        match self {
            UnitLaw::Stays(s) => usize::from(s.bits()),
            UnitLaw::Law(law) => {
                let address = *law as *const Dist<UnitState> as usize;
                debug_assert!(address > 0x7f, "an address above a state's bits");
                address
            }
        }
    }

    fn prob(&self, pred: impl Fn(&UnitState) -> bool) -> Prob {
        match self {
            UnitLaw::Stays(s) if pred(s) => Prob::one(),
            UnitLaw::Stays(_) => Prob::zero(),
            UnitLaw::Law(law) => law.prob(pred),
        }
    }

    /// Each state the unit may end in, with its probability.
    fn each(&self, mut f: impl FnMut(&UnitState, &Prob)) {
        match self {
            UnitLaw::Stays(s) => f(s, &Prob::one()),
            UnitLaw::Law(law) => law.iter().for_each(|(s, p)| f(s, p)),
        }
    }
}

/// Unit `i`'s law in term `t`.
fn unit_law(t: &Term, i: usize) -> UnitLaw<'_> {
    t.factors
        .iter()
        .find(|(j, _)| *j == i)
        .map_or(UnitLaw::Stays(t.base[i]), |(_, law)| UnitLaw::Law(law))
}

/// Adds `weight` times P(exactly k of the units are out of action) to
/// `out[k]`, for k = 0..=n, when each is out independently with its chance
/// in `qs`: in integers over the product of the denominators, added
/// unreduced, when it fits; else in fractions.
fn add_count_out(out: &mut [ProbSum], weight: &Prob, qs: &[Prob]) {
    let fractions: Option<Vec<(u128, u128)>> = qs.iter().map(Prob::to_u128_pair).collect();
    if let Some(fractions) = fractions
        && let Some(den) = fractions
            .iter()
            .try_fold(1u128, |acc, (_, d)| acc.checked_mul(*d))
    {
        // The coefficients of Π (d - a + a·x): each at most the product
        // of the denominators, which fits. Multiplied in place, the
        // highest coefficient first.
        let mut poly = Vec::with_capacity(fractions.len() + 1);
        poly.push(1u128);
        for &(a, d) in &fractions {
            poly.push(0);
            for k in (0..poly.len()).rev() {
                let below = if k > 0 { poly[k - 1] * a } else { 0 };
                poly[k] = poly[k] * (d - a) + below;
            }
        }
        for (k, &c) in poly.iter().enumerate() {
            out[k].add_scaled(weight, c, den);
        }
        return;
    }
    let mut count = vec![Prob::one()];
    for q in qs {
        let stays = q.complement();
        let mut next = vec![Prob::zero(); count.len() + 1];
        for (k, c) in count.iter().enumerate() {
            next[k] = next[k].clone() + c * &stays;
            next[k + 1] = next[k + 1].clone() + c * q;
        }
        count = next;
    }
    for (k, c) in count.iter().enumerate() {
        out[k].add_product(weight, c);
    }
}

/// Adds `weight` times the product of `es` to `sum`: the product in
/// integers, added unreduced, when it fits; else in fractions.
fn add_product_of(sum: &mut ProbSum, weight: &Prob, es: &[Prob]) {
    let product = es.iter().try_fold((1u128, 1u128), |(n, d), e| {
        let (a, b) = e.to_u128_pair()?;
        Some((n.checked_mul(a)?, d.checked_mul(b)?))
    });
    match product {
        Some((n, d)) => sum.add_scaled(weight, n, d),
        None => sum.add(&es.iter().fold(weight.clone(), |acc, e| &acc * e)),
    }
}

impl HexOdds {
    /// The same odds as [`HexOdds::of`], from a mixture of products
    /// ([`Term`]) without building the joint law: each unit's odds are a
    /// mixture of its laws, and the number of enemy units out of action in
    /// a term is the convolution of independent units' chances. Terms that
    /// give a unit (or the enemy units) the same laws are added up first,
    /// so each distinct law is worked out once.
    pub fn of_terms<'t>(units: &[Unit], terms: impl IntoIterator<Item = &'t Term>) -> HexOdds {
        let one = Prob::one();
        HexOdds::of_weighted(units, terms.into_iter().map(|t| (&one, t)))
    }

    /// [`of_terms`](Self::of_terms) with a weight beside each term, by
    /// which its own `p` is multiplied: a list of terms shared by many
    /// situations is read once, at their summed weight.
    pub fn of_weighted<'w, 't>(
        units: &[Unit],
        terms: impl IntoIterator<Item = (&'w Prob, &'t Term)>,
    ) -> HexOdds {
        let n = units.len();
        let enemies: Vec<usize> = (0..n).filter(|&i| units[i].enemy).collect();
        // The weight of each distinct law of each unit, and of each
        // distinct set of the enemy units' laws.
        let mut by_unit: Vec<BTreeMap<UnitLaw<'t>, ProbSum>> = vec![BTreeMap::new(); n];
        // Each term's enemy laws, side by side in one list (`e` a term),
        // with its weights: sorted by those laws (as their codes, the
        // order of `UnitLaw`), runs of equal ones added.
        let e = enemies.len();
        let mut laws_of: Vec<UnitLaw<'t>> = Vec::new();
        let mut keys: Vec<usize> = Vec::new();
        let mut term_weights: Vec<(&Prob, &Prob)> = Vec::new();
        for (w, t) in terms {
            for (i, weights) in by_unit.iter_mut().enumerate() {
                weights
                    .entry(unit_law(t, i))
                    .or_default()
                    .add_product(w, &t.p);
            }
            let first = laws_of.len();
            laws_of.extend(enemies.iter().map(|&i| unit_law(t, i)));
            keys.extend(laws_of[first..].iter().map(UnitLaw::code));
            term_weights.push((w, &t.p));
        }
        let key = |k: usize| &keys[k * e..(k + 1) * e];
        let mut order: Vec<usize> = (0..term_weights.len()).collect();
        order.sort_unstable_by(|&a, &b| key(a).cmp(key(b)));
        let by_enemies = order.chunk_by(|&a, &b| key(a) == key(b)).map(|run| {
            let mut sum = ProbSum::new();
            for &k in run {
                sum.add_product(term_weights[k].0, term_weights[k].1);
            }
            (&laws_of[run[0] * e..(run[0] + 1) * e], sum)
        });
        let unit_odds = |i: usize| {
            let u = &units[i];
            let mut outcomes = vec![ProbSum::new(); OUTCOMES.len()];
            let (mut out_of_action, mut burning) = (ProbSum::new(), ProbSum::new());
            // Each end state of each law, added where it counts (the sums
            // are exact, in whatever order).
            for (law, weight) in &by_unit[i] {
                let w = weight.total();
                law.each(|s, p| {
                    let o = outcome(&u.start, s);
                    if let Some(k) = OUTCOMES.iter().position(|x| *x == o) {
                        outcomes[k].add_product(&w, p);
                    }
                    if !in_action(u, s) {
                        out_of_action.add_product(&w, p);
                    }
                    if s.burning {
                        burning.add_product(&w, p);
                    }
                });
            }
            UnitOdds {
                outcomes: OUTCOMES
                    .iter()
                    .zip(&outcomes)
                    .map(|(o, p)| (*o, p.total()))
                    .collect(),
                p_out_of_action: out_of_action.total(),
                p_burning: burning.total(),
            }
        };
        // out[k]: P(exactly k enemy units out of action).
        let mut out = vec![ProbSum::new(); enemies.len() + 1];
        let mut all_eliminated = ProbSum::new();
        // Each enemy law's P(out of action) and P(eliminated), once.
        let mut chances: BTreeMap<(usize, UnitLaw<'t>), (Prob, Prob)> = BTreeMap::new();
        let mut qs = Vec::with_capacity(enemies.len());
        let mut es = Vec::with_capacity(enemies.len());
        for (laws, weight) in by_enemies {
            let weight = weight.total();
            qs.clear();
            es.clear();
            for (law, &i) in laws.iter().zip(&enemies) {
                let (q, e) = chances.entry((i, *law)).or_insert_with(|| {
                    let u = &units[i];
                    (law.prob(|s| !in_action(u, s)), law.prob(|s| s.eliminated))
                });
                qs.push(q.clone());
                es.push(e.clone());
            }
            add_count_out(&mut out, &weight, &qs);
            add_product_of(&mut all_eliminated, &weight, &es);
        }
        let out: Vec<Prob> = out.iter().map(ProbSum::total).collect();
        let e = enemies.len();
        HexOdds {
            units: (0..n).map(unit_odds).collect(),
            p_cleared: out[e].clone(),
            p_all_eliminated: all_eliminated.total(),
            at_least_out: (1..=e).map(|k| out[k..].iter().sum()).collect(),
        }
    }

    /// Every figure, in a fixed order: each unit's outcomes, its
    /// P(out of action) and P(burning), then the hex's figures.
    pub fn figures_mut(&mut self) -> Vec<&mut Prob> {
        let mut out: Vec<&mut Prob> = Vec::new();
        for u in &mut self.units {
            out.extend(u.outcomes.iter_mut().map(|(_, p)| p));
            out.push(&mut u.p_out_of_action);
            out.push(&mut u.p_burning);
        }
        out.push(&mut self.p_cleared);
        out.push(&mut self.p_all_eliminated);
        out.extend(self.at_least_out.iter_mut());
        out
    }

    /// The odds from the joint law of the units' final states (each state
    /// a term of its own).
    pub fn of(units: &[Unit], end: &Dist<Vec<UnitState>>) -> HexOdds {
        let terms: Vec<Term> = end
            .iter()
            .map(|(states, p)| Term {
                p: p.clone(),
                base: Slots::from_slice(states),
                factors: Vec::new(),
            })
            .collect();
        HexOdds::of_terms(units, &terms)
    }
}
