//! The odds of a Demolition Charge attack (rules in `rules::dc`), from the
//! exact engine or from Monte Carlo, as one shape: distributions of the
//! attack's final states (the DC and the target Location; the thrower's
//! Location). The exact one enumerates [`Dc::step`] over every die (the
//! thrower's Location on its own, its DR being independent); the Monte Carlo one ([`monte_carlo`]) is the frequencies of the
//! final states of sampled runs of the same function. Every figure is then
//! worked out from that distribution by the same code ([`DcOdds::rows`]),
//! so the two engines can be compared figure by figure.

pub mod exact;
pub mod monte_carlo;

use serde::Serialize;

use crate::dice::Dist;
use crate::engine::shot::HexOdds;
use crate::engine::shot::attack_law::Term;
use crate::prob::Prob;
use crate::rules::dc::{Dc, DcState, Detonation, LocationAttack};
use crate::rules::ift::IftResult;
use crate::rules::location::{LocationState, Slots};
use crate::rules::units::{Outcome, Unit};
use crate::stats;
use exact::unit_states;

/// The odds of one DC attack.
#[derive(Clone, Debug)]
pub struct DcOdds {
    /// The DC and the target Location, dice forgotten, the thrower's
    /// Location left out: for the DC's figures and the IFT results (the
    /// exact engine stops it after the DR; the units' odds are in
    /// `target`).
    pub dist: Dist<DcState>,
    /// The thrower's Location when it can be attacked, likewise (as it
    /// started when the DC was removed).
    pub thrower_dist: Option<Dist<LocationState>>,
    /// Monte Carlo trials behind the distributions; `None` for the exact
    /// engine.
    pub trials: Option<u64>,
    /// The units of the target Location.
    pub target: HexOdds,
    /// The units of the thrower's Location, when it is attacked.
    pub thrower: Option<HexOdds>,
}

/// One figure, as a row for tables and charts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DcRow {
    /// "exact" or "monte-carlo".
    pub engine: &'static str,
    /// "dc" (the charge itself), "target" or "thrower" (a Location).
    pub location: &'static str,
    /// The unit's name; empty for a figure of the DC or of a Location.
    pub unit: String,
    /// The unit's position in its Location's list.
    pub unit_index: Option<usize>,
    /// "detonates", "removed", "breach"; an IFT result ("1KIA", "K/2",
    /// "no effect", "not attacked"); a unit's outcome ("no_effect",
    /// "pinned", "broken", "casualty_reduced", "eliminated", "immobilized",
    /// "out_of_action"); or a Location's ("cleared", "all_eliminated",
    /// "2+_out_of_action").
    pub quantity: String,
    /// The probability as an exact fraction (Monte Carlo: hits/trials).
    pub exact: String,
    /// The probability as a float, for charts and sorting.
    pub p: f64,
    /// Monte Carlo only: the 95% Wilson interval and the standard error.
    pub ci95: Option<[f64; 2]>,
    /// Monte Carlo only: the standard error of `p`.
    pub std_error: Option<f64>,
}

/// The name of a "not attacked" IFT row: the DC was removed.
pub const NOT_ATTACKED: &str = "not attacked";

impl DcOdds {
    /// The exact odds: the target's part enumerated, then the thrower's
    /// Location given detonation, mixed by P(detonation); the units' odds
    /// from the laws of their checks, composed.
    pub fn exact(dc: &Dc) -> DcOdds {
        let (dist, target_terms) = dc.exact_target();
        let detonates = dist.prob(|s| s.detonation == Some(Detonation::Detonated));
        let thrower = dc.exact_thrower_given_detonation().map(|(given, terms)| {
            let start = dc.start().thrower;
            let dist = Dist::from_masses(
                given
                    .iter()
                    .map(|(s, p)| (s.clone(), &detonates * p))
                    .chain([(start.clone(), detonates.complement())]),
            );
            let mut terms: Vec<Term> = terms
                .into_iter()
                .map(|t| Term {
                    p: &detonates * &t.p,
                    ..t
                })
                .collect();
            terms.push(Term {
                p: detonates.complement(),
                base: Slots::from_slice(&start.units[1..]),
                factors: Vec::new(),
            });
            (dist, terms)
        });
        let target = HexOdds::of_terms(&dc.target.units(), &target_terms);
        let (thrower_dist, thrower) = match (thrower, &dc.thrower) {
            (Some((d, terms)), Some(t)) => (Some(d), Some(HexOdds::of_terms(&t.units(), &terms))),
            _ => (None, None),
        };
        DcOdds {
            dist,
            thrower_dist,
            trials: None,
            target,
            thrower,
        }
    }

    /// The odds of the distributions of the final states of the DC and
    /// the target Location (`dist`, [`DcState::target_part`]) and of the
    /// thrower's Location (Monte Carlo's frequencies).
    pub fn from_dists(
        dc: &Dc,
        dist: Dist<DcState>,
        thrower_dist: Option<Dist<LocationState>>,
        trials: Option<u64>,
    ) -> DcOdds {
        let target = HexOdds::of(
            &dc.target.units(),
            &unit_states(&dist.map(|s| s.target.clone())),
        );
        let thrower = dc
            .thrower
            .as_ref()
            .zip(thrower_dist.as_ref())
            .map(|(t, d)| HexOdds::of(&t.units(), &unit_states(d)));
        DcOdds {
            dist,
            thrower_dist,
            trials,
            target,
            thrower,
        }
    }

    /// P(the DC detonates) (A23.4).
    pub fn p_detonates(&self) -> Prob {
        self.dist
            .prob(|s| s.detonation == Some(Detonation::Detonated))
    }

    /// P(removed without detonating).
    pub fn p_removed(&self) -> Prob {
        self.dist
            .prob(|s| s.detonation == Some(Detonation::Removed))
    }

    /// P(a Placed DC Breaches the Fortified Building hexside) (A23.3 EX).
    pub fn p_breach(&self) -> Prob {
        self.dist.prob(|s| s.breached)
    }

    /// The IFT result on a Location at its own TEM; `None`: not attacked.
    pub fn ift(&self, thrower: bool) -> Dist<Option<IftResult>> {
        let first = |loc: &LocationState| loc.results.first().copied().flatten();
        match (&self.thrower_dist, thrower) {
            (Some(d), true) => d.map(first),
            (None, true) => Dist::certain(None),
            (_, false) => self.dist.map(|s| first(&s.target)),
        }
    }

    /// Every figure, in report order.
    pub fn rows(&self, dc: &Dc) -> Vec<DcRow> {
        let mut rows = Vec::new();
        let mut push = |location, unit: Option<(usize, &Unit)>, quantity: String, p: Prob| {
            rows.push(self.row(location, unit, quantity, &p));
        };
        push("dc", None, "detonates".into(), self.p_detonates());
        push("dc", None, "removed".into(), self.p_removed());
        if dc.breach_attack.is_some() {
            push("dc", None, "breach".into(), self.p_breach());
        }
        let locations = [
            ("target", Some(&dc.target), Some(&self.target), false),
            ("thrower", dc.thrower.as_ref(), self.thrower.as_ref(), true),
        ];
        for (name, attack, hex, thrower) in locations {
            let (Some(attack), Some(hex)) = (attack, hex) else {
                continue;
            };
            let ift = self.ift(thrower);
            for result in possible_results(dc, attack, thrower) {
                let label = result.map_or(NOT_ATTACKED.to_string(), |r| r.to_string());
                push(name, None, label, ift.prob_of(&result));
            }
            let units = attack.units();
            for (i, (u, odds)) in units.iter().zip(&hex.units).enumerate() {
                for (o, p) in &odds.outcomes {
                    if relevant(u, *o) {
                        push(name, Some((i, u)), o.key().into(), p.clone());
                    }
                }
                push(
                    name,
                    Some((i, u)),
                    "out_of_action".into(),
                    odds.p_out_of_action.clone(),
                );
            }
            if !units.is_empty() {
                push(name, None, "cleared".into(), hex.p_cleared.clone());
                push(
                    name,
                    None,
                    "all_eliminated".into(),
                    hex.p_all_eliminated.clone(),
                );
                for (k, p) in hex.at_least_out.iter().enumerate() {
                    push(name, None, format!("{}+_out_of_action", k + 1), p.clone());
                }
            }
        }
        rows
    }

    fn row(
        &self,
        location: &'static str,
        unit: Option<(usize, &Unit)>,
        quantity: String,
        p: &Prob,
    ) -> DcRow {
        let (engine, ci95, std_error) = match self.trials {
            None => ("exact", None, None),
            Some(n) => {
                let e = stats::proportion(successes(p, n), n);
                ("monte-carlo", Some(e.ci95), Some(e.std_error))
            }
        };
        DcRow {
            engine,
            location,
            unit: unit.map(|(_, u)| u.name.clone()).unwrap_or_default(),
            unit_index: unit.map(|(i, _)| i),
            quantity,
            exact: p.exact_string(),
            p: p.to_f64(),
            ci95,
            std_error,
        }
    }
}

/// The count behind a Monte Carlo frequency `p` of `trials`.
fn successes(p: &Prob, trials: u64) -> u64 {
    use num_traits::ToPrimitive;
    (p.numer() * num_bigint::BigInt::from(trials) / p.denom())
        .to_u64()
        .unwrap_or(0)
}

/// The outcomes a unit can have: personnel are never immobilized or
/// shocked, a vehicle never pinned, broken or reduced.
fn relevant(unit: &Unit, outcome: Outcome) -> bool {
    let vehicle = unit.kind.is_vehicle();
    match outcome {
        Outcome::NoEffect | Outcome::Eliminated => true,
        Outcome::Pinned | Outcome::Broken | Outcome::CasualtyReduced => !vehicle,
        Outcome::Immobilized | Outcome::Shocked => vehicle,
    }
}

/// The IFT results a Location can get (most severe first), then "not
/// attacked" if the DC can be removed: fixed by the attack, so that both
/// engines list the same rows.
fn possible_results(dc: &Dc, attack: &LocationAttack, thrower: bool) -> Vec<Option<IftResult>> {
    let a = attack.attack();
    let mut results: Vec<Option<IftResult>> = crate::dice::Dr::all()
        .filter(|dr| thrower || !dc.removes(*dr))
        .map(|dr| Some(a.column.result(i16::from(dr.original()) + a.drm())))
        .collect();
    results.sort();
    results.dedup();
    let removable = crate::dice::Dr::all().any(|dr| dc.removes(dr));
    if removable {
        results.push(None);
    }
    results
}
