//! Which readings and not-modelled notes concern one output: the text shows
//! those after the figures, and every one of them with `--notes`.

use std::fmt::Write;

use serde::Serialize;

use super::legend::{Term, legend};
use crate::rules::effects::caliber_payload_drm;
use crate::rules::mortar::Ammo;
use crate::rules::outcomes::NOT_MODELLED;
use crate::rules::readings::{READINGS, Reading};
use crate::rules::units::{Unit, UnitKind};

/// How many notes a text report shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notes {
    /// Only the readings and not-modelled notes that concern this output.
    #[default]
    Applicable,
    /// Every reading and every not-modelled note of the program.
    All,
}

/// What an output is about, as far as the readings care.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Facts<'a> {
    /// The mortar's caliber, for a mortar shot.
    pub(crate) caliber_mm: Option<u16>,
    pub(crate) ammo: Option<Ammo>,
    /// The mortar may score Multiple Hits (C3.8).
    pub(crate) multiple_hits: bool,
    /// The hex is marsh (or a unit's own Location is).
    pub(crate) marsh: bool,
    /// Hazardous Movement in the hex (or by a unit).
    pub(crate) hazardous_movement: bool,
    /// A fire plan: several attacks, broken units hit again.
    pub(crate) plan: bool,
    /// The firing crew is pinned, or its Spotter is (C9.3).
    pub(crate) firer_pinned: bool,
    /// A DC used by non-elite Personnel.
    pub(crate) dc_non_elite: bool,
    pub(crate) units: &'a [Unit],
}

impl Facts<'_> {
    fn leaders(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.kind == UnitKind::Leader)
    }

    /// A leader shares the Location with another Personnel unit.
    fn leader_with_others(&self) -> bool {
        let personnel = self.units.iter().filter(|u| !u.kind.is_vehicle()).count();
        self.leaders().next().is_some() && personnel >= 2
    }

    /// Whether the reading `id` can change a figure of this output.
    fn applies(&self, id: &str) -> bool {
        let units = !self.units.is_empty();
        match id {
            "small-caliber-both-rows" => self.caliber_mm.is_some_and(|c| c <= 40),
            "critical-hit-no-halving" => self.marsh && self.ammo == Some(Ammo::He),
            "multiple-hit-lower-dr" => self.multiple_hits,
            "smoke-uses-acquisition" => self.ammo == Some(Ammo::Smoke),
            "wp-smoke-row" => self.ammo == Some(Ammo::Wp),
            "afv-k-threshold" => self.units.iter().any(|u| u.kind == UnitKind::Afv),
            "critical-hit-to-vehicle" => {
                self.units.iter().any(|u| u.kind.is_vehicle())
                    && self.units.iter().any(|u| !u.kind.is_vehicle())
            }
            "broken-again-reduced" => {
                self.plan && units || self.units.iter().any(|u| u.start.broken)
            }
            "random-selection-by-location" => self.units.len() >= 2,
            "out-of-los-reference" => self.units.iter().any(|u| !u.in_los),
            "positive-leadership-applies" => {
                // A wound makes a 0 leader's modifier +1 (A17.3).
                self.leader_with_others() && self.leaders().any(|l| l.leadership >= 0)
            }
            "lltc-failure-pins" => self.leader_with_others(),
            "leader-loss-leadership" => self.leader_with_others() && self.leaders().count() >= 2,
            "hazardous-movement-ch-drm" => self.hazardous_movement,
            "pins-lifted-each-player-turn" => self.plan && (units || self.firer_pinned),
            "dc-non-elite-penalty" => self.dc_non_elite,
            "heavy-payload-by-caliber" => {
                self.ammo == Some(Ammo::He)
                    && self.caliber_mm.is_some_and(|c| caliber_payload_drm(c) != 0)
            }
            _ => true,
        }
    }

    /// Whether a not-modelled note concerns this output.
    fn gap_applies(&self, note: &str) -> bool {
        if self.units.is_empty() {
            return false;
        }
        if note.starts_with("rally") {
            return self.plan;
        }
        if note.contains("vehicles") {
            return self.units.iter().any(|u| u.kind.is_vehicle());
        }
        true
    }

    /// The readings this output rests on.
    pub(crate) fn readings(&self) -> Vec<Reading> {
        READINGS
            .iter()
            .filter(|r| self.applies(r.id))
            .copied()
            .collect()
    }

    /// The model's gaps that concern this output's units.
    pub(crate) fn not_modelled(&self) -> Vec<&'static str> {
        NOT_MODELLED
            .iter()
            .filter(|n| self.gap_applies(n))
            .copied()
            .collect()
    }
}

/// Facts from the units and the hex of a mortar's target.
pub(crate) fn shot_facts<'a>(
    input: &'a crate::rules::shot::ShotInput,
    multiple_hits: bool,
    plan: bool,
) -> Facts<'a> {
    let t = &input.target;
    let units = &input.units;
    Facts {
        caliber_mm: Some(input.mortar.caliber_mm),
        ammo: Some(input.ammo),
        multiple_hits,
        marsh: t.marsh || units.iter().any(|u| u.location.marsh),
        hazardous_movement: t.hazardous_movement
            || units.iter().any(|u| u.location.hazardous_movement),
        plan,
        firer_pinned: input.firer.crew_pinned(),
        dc_non_elite: false,
        units,
    }
}

/// The note for a firer given as elite where that changes nothing
/// (`unused`: see `Firer::elite_unused`).
pub(crate) fn unused_elite(unused: bool) -> Option<String> {
    unused.then(|| {
        "firer.elite: elite only raises a SMOKE or WP depletion number (+1, C8.9), so it changes nothing here (HE)".to_string()
    })
}

/// What a shot's or a plan's report rests on and leaves out, the last
/// keys of its JSON: what the model leaves out that concerns it, its own
/// notes, and the readings of the rules it rests on.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct AboutJson {
    pub(crate) not_modelled: Vec<&'static str>,
    pub(crate) notes: Vec<String>,
    pub(crate) readings: Vec<Reading>,
}

impl AboutJson {
    /// The readings and gaps of `facts`, with the report's own `notes`.
    pub(crate) fn new(facts: &Facts, notes: Vec<String>) -> AboutJson {
        AboutJson {
            not_modelled: facts.not_modelled(),
            notes,
            readings: facts.readings(),
        }
    }

    /// The end of the report's text: [`legend_and_notes`].
    pub(crate) fn text(&self, terms: &[Term], which: Notes) -> String {
        legend_and_notes(
            terms,
            &self.notes,
            &self.readings,
            &self.not_modelled,
            which,
        )
    }
}

/// The report's own notes, the readings it rests on and what it leaves
/// out, each a list under its heading (none when empty).
pub(crate) fn notes_sections(
    own: &[String],
    readings: &[Reading],
    not_modelled: &[&str],
) -> String {
    let mut out = String::new();
    if !own.is_empty() {
        out.push_str("\nNotes:\n");
        for n in own {
            let _ = writeln!(out, "  - {n}");
        }
    }
    if !readings.is_empty() {
        out.push_str("\nReadings of the rules this output rests on (docs/rules.md):\n");
        for r in readings {
            let _ = writeln!(out, "  - {} ({}): {}", r.id, r.rule, r.text);
        }
    }
    if !not_modelled.is_empty() {
        out.push_str("\nNot modelled:\n");
        for n in not_modelled {
            let _ = writeln!(out, "  - {n}");
        }
    }
    out
}

/// The end of a text report: the legend of `terms`, the report's own
/// notes, then the readings and the not-modelled notes, those of this
/// output or all.
pub(crate) fn legend_and_notes(
    terms: &[Term],
    own: &[String],
    readings: &[Reading],
    not_modelled: &[&str],
    which: Notes,
) -> String {
    let (readings, not_modelled): (Vec<Reading>, Vec<&str>) = match which {
        Notes::Applicable => (readings.to_vec(), not_modelled.to_vec()),
        Notes::All => (READINGS.to_vec(), NOT_MODELLED.to_vec()),
    };
    let mut out = legend(terms);
    out.push_str(&notes_sections(own, &readings, &not_modelled));
    if which == Notes::Applicable {
        out.push_str("\n--notes lists every reading and every part of the rules not modelled.\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::target::Target;

    fn squad(name: &str) -> Unit {
        Unit::new(name, UnitKind::Squad, 7, Target::default())
    }

    #[test]
    fn a_lone_squad_in_one_shot_rests_on_no_unit_reading() {
        let units = [squad("4-6-7")];
        let facts = Facts {
            caliber_mm: Some(81),
            ammo: Some(Ammo::He),
            units: &units,
            ..Facts::default()
        };
        assert!(facts.readings().is_empty(), "{:?}", facts.readings());
        let gaps = facts.not_modelled();
        assert!(!gaps.iter().any(|n| n.starts_with("rally")), "{gaps:?}");
        assert!(!gaps.iter().any(|n| n.contains("vehicles")), "{gaps:?}");
        assert!(gaps.iter().any(|n| n.contains("ELR")), "{gaps:?}");
    }

    #[test]
    fn a_leader_with_a_squad_in_a_plan_brings_leader_loss_and_broken_again() {
        let mut leader = Unit::new("8-1", UnitKind::Leader, 8, Target::default());
        leader.leadership = -1;
        let units = [squad("4-6-7"), leader];
        let facts = Facts {
            plan: true,
            units: &units,
            ..Facts::default()
        };
        let ids: Vec<&str> = facts.readings().iter().map(|r| r.id).collect();
        assert_eq!(
            ids,
            [
                "broken-again-reduced",
                "random-selection-by-location",
                "lltc-failure-pins",
                "pins-lifted-each-player-turn"
            ]
        );
        assert!(facts.not_modelled().iter().any(|n| n.starts_with("rally")));
    }

    #[test]
    fn a_pinned_firer_brings_the_lifted_pins_to_a_plan_only() {
        // A7.8: the firer's pin is lifted after the plan's first Player
        // Turn, so a plan rests on the reading even with no units; one
        // shot does not.
        let pinned = |plan| Facts {
            caliber_mm: Some(81),
            ammo: Some(Ammo::He),
            plan,
            firer_pinned: true,
            ..Facts::default()
        };
        let ids = |facts: Facts| facts.readings().iter().map(|r| r.id).collect::<Vec<_>>();
        assert_eq!(ids(pinned(true)), ["pins-lifted-each-player-turn"]);
        assert!(ids(pinned(false)).is_empty());
    }

    #[test]
    fn every_reading_has_a_rule_of_when_it_applies() {
        // A reading unknown to `applies` would be shown everywhere: each one
        // must be off for a bare 81mm HE shot at an empty hex.
        let facts = Facts {
            caliber_mm: Some(81),
            ammo: Some(Ammo::He),
            ..Facts::default()
        };
        assert!(facts.readings().is_empty(), "{:?}", facts.readings());
        assert!(facts.not_modelled().is_empty());
    }
}
