//! A DC's attack, exactly: the one step function of the DC (`rules::dc`)
//! enumerated through its DR, then every Random Selection and check of the
//! units composed ([`AttackLaws`]).

use crate::dice::Dist;
use crate::engine::shot::attack_law::{AttackLaws, Term};
use crate::prob::Prob;
use crate::rules::dc::{Dc, DcStage, DcState, Detonation, LocationAttack};
use crate::rules::location::{LocationState, Slots};
use crate::rules::units::UnitState;

/// The law of the units after the attack on a Location, from its states
/// just after its DR (with their probabilities): a mixture of products
/// indexed by unit (target 0, the Location itself, left out).
fn terms<'s>(
    location: &LocationAttack,
    states: impl Iterator<Item = (&'s LocationState, &'s Prob)>,
) -> Vec<Term> {
    let laws = AttackLaws::default();
    let mut out = Vec::new();
    for (state, p) in states {
        let terms = laws.resolve(&location.targets[..], &location.order, state);
        out.extend(terms.iter().map(|t| {
            Term {
                p: p * &t.p,
                base: Slots::from_slice(&t.base[1..]),
                factors: t
                    .factors
                    .iter()
                    .map(|(i, law)| (i - 1, law.clone()))
                    .collect(),
            }
        }));
    }
    out
}

impl Dc {
    /// The DC and the target Location just after the DR, exactly (dice
    /// forgotten so that equal outcomes merge, the thrower's Location left
    /// out), with the law of the target's units after the attack as a
    /// mixture of products ([`Term`], indexed by unit, the Location itself
    /// left out): every Random Selection and check composed
    /// ([`AttackLaws`]).
    pub fn exact_target(&self) -> (Dist<DcState>, Vec<Term>) {
        let hit = |s: &DcState| s.stage != DcStage::Detonation;
        let dist = Dist::certain(self.start()).run(hit, |s, d| self.step(s, d).forget_dice());
        let terms = terms(&self.target, dist.iter().map(|(s, p)| (&s.target, p)));
        (dist.map(DcState::target_part), terms)
    }

    /// The thrower's Location just after its DR, exactly, given that the
    /// DC went off, and the law of its units as [`Dc::exact_target`] gives
    /// the target's: its DR is independent of the target's, so it is
    /// worked out on its own (the joint law of two stacks would multiply
    /// their states).
    pub fn exact_thrower_given_detonation(&self) -> Option<(Dist<LocationState>, Vec<Term>)> {
        let thrower = self.thrower.as_ref()?;
        let start = DcState {
            stage: DcStage::Thrower,
            detonation: Some(Detonation::Detonated),
            ..self.start()
        };
        let hit = |s: &DcState| s.stage != DcStage::Thrower;
        let dist = Dist::certain(start)
            .run(hit, |s, d| self.step(s, d).forget_dice())
            .map(|s| s.thrower.clone());
        let terms = terms(thrower, dist.iter());
        Some((dist, terms))
    }
}

/// The units' states of a Location (without its target 0, the Location
/// itself), for `HexOdds`.
pub fn unit_states(dist: &Dist<LocationState>) -> Dist<Vec<UnitState>> {
    dist.map(|loc| loc.units.iter().skip(1).copied().collect())
}
