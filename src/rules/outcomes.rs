//! What happens to the units of a hex, from a distribution of their final
//! states: per unit (worst outcome), and for the hex (cleared of Good Order
//! enemy units, "at least N out of action").

use super::attack_law::Term;
use super::units::{Outcome, Unit, UnitState, outcome};
use crate::dice::Dist;
use crate::prob::Prob;

/// What the model leaves out, named in every output that reports units.
pub const NOT_MODELLED: &[&str] = &[
    "ELR replacement (A19.13)",
    "Heat of Battle (A15)",
    "rally and self-rally: broken units stay broken for the rest of a fire plan",
    "vulnerable crews and Passengers of vehicles (collateral attacks)",
    "DM, berserk, surrender and Cowering",
];

/// Every outcome category, in report order.
pub const OUTCOMES: [Outcome; 7] = [
    Outcome::NoEffect,
    Outcome::Pinned,
    Outcome::Broken,
    Outcome::CasualtyReduced,
    Outcome::Eliminated,
    Outcome::Immobilized,
    Outcome::Shocked,
];

/// Still in action: a person Good Order (pinned included), a vehicle not
/// eliminated.
pub fn in_action(unit: &Unit, state: &UnitState) -> bool {
    if unit.kind.is_vehicle() {
        !state.eliminated
    } else {
        state.good_order()
    }
}

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
    pub units: Vec<UnitOdds>,
    /// No enemy unit still in action.
    pub p_cleared: Prob,
    /// Every enemy unit eliminated.
    pub p_all_eliminated: Prob,
    /// `at_least_out[k]`: at least k+1 enemy units out of action.
    pub at_least_out: Vec<Prob>,
}

impl HexOdds {
    /// The same odds as [`HexOdds::of`], from a mixture of products
    /// ([`Term`]) without building the joint law: each unit's odds are a
    /// mixture of its laws, and the number of enemy units out of action in
    /// a term is the convolution of independent units' chances.
    pub fn of_terms<'t>(units: &[Unit], terms: impl IntoIterator<Item = &'t Term>) -> HexOdds {
        let n = units.len();
        let enemies: Vec<usize> = (0..n).filter(|&i| units[i].enemy).collect();
        let mut outcomes = vec![vec![Prob::zero(); OUTCOMES.len()]; n];
        let mut out_of_action = vec![Prob::zero(); n];
        let mut burning = vec![Prob::zero(); n];
        let mut all_eliminated = Prob::zero();
        // out[k]: P(exactly k enemy units out of action).
        let mut out = vec![Prob::zero(); enemies.len() + 1];
        for t in terms {
            let laws: Vec<Dist<UnitState>> = (0..n).map(|i| t.unit(i)).collect();
            for (i, u) in units.iter().enumerate() {
                for (k, o) in OUTCOMES.iter().enumerate() {
                    let q = laws[i].prob(|s| outcome(&u.start, s) == *o);
                    outcomes[i][k] = outcomes[i][k].clone() + &t.p * &q;
                }
                out_of_action[i] =
                    out_of_action[i].clone() + &t.p * &laws[i].prob(|s| !in_action(u, s));
                burning[i] = burning[i].clone() + &t.p * &laws[i].prob(|s| s.burning);
            }
            let mut count = vec![Prob::one()];
            let mut eliminated = t.p.clone();
            for &i in &enemies {
                let q = laws[i].prob(|s| !in_action(&units[i], s));
                let stays = q.complement();
                let mut next = vec![Prob::zero(); count.len() + 1];
                for (k, c) in count.iter().enumerate() {
                    next[k] = next[k].clone() + c * &stays;
                    next[k + 1] = next[k + 1].clone() + c * &q;
                }
                count = next;
                eliminated = &eliminated * &laws[i].prob(|s| s.eliminated);
            }
            for (k, c) in count.iter().enumerate() {
                out[k] = out[k].clone() + &t.p * c;
            }
            all_eliminated = all_eliminated + eliminated;
        }
        let e = enemies.len();
        HexOdds {
            units: (0..n)
                .map(|i| UnitOdds {
                    outcomes: OUTCOMES
                        .iter()
                        .zip(&outcomes[i])
                        .map(|(o, p)| (*o, p.clone()))
                        .collect(),
                    p_out_of_action: out_of_action[i].clone(),
                    p_burning: burning[i].clone(),
                })
                .collect(),
            p_cleared: out[e].clone(),
            p_all_eliminated: all_eliminated,
            at_least_out: (1..=e).map(|k| out[k..].iter().sum()).collect(),
        }
    }

    /// The odds from the joint law of the units' final states (each state
    /// a term of its own).
    pub fn of(units: &[Unit], end: &Dist<Vec<UnitState>>) -> HexOdds {
        let terms: Vec<Term> = end
            .iter()
            .map(|(states, p)| Term {
                p: p.clone(),
                base: states.clone(),
                factors: Vec::new(),
            })
            .collect();
        HexOdds::of_terms(units, &terms)
    }
}
