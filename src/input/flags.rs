//! The one table of command-line flags that stand for scenario file keys:
//! each flag, the key it sets, how its value is written there, and the
//! commands that take it.
//!
//! A flag is merged over the file as that key ([`overrides`]), so a flag and
//! a key are one setting with one check, and its errors name the key
//! (`mortar.caliber: ...`). The same flag name may set different keys for
//! different commands: `--tem` is `target.tem` for a shot and
//! `dc.target.tem` for a Demolition Charge.

use toml::{Table, Value};

use crate::error::{Error, Result};
use crate::input::source::set_key;
use crate::input::unit_notation::{UnitList, parse_unit};
use Command::{Compare, Dc, Plan, Push, Shot, Worth};
use Kind::{Given, List, Off, On, Range, Units, Word};

/// A command that reads a scenario and takes flags over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `mortar-odds shot`.
    Shot,
    /// `mortar-odds plan`.
    Plan,
    /// `mortar-odds compare`.
    Compare,
    /// `mortar-odds worth`.
    Worth,
    /// `mortar-odds dc`.
    Dc,
    /// `mortar-odds push`.
    Push,
}

/// How a flag's value is written to its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The value as given: a number, a word, or `true`/`false`.
    Given,
    /// A switch: when given, the key is `true`.
    On,
    /// A switch: when given, the key is `false`.
    Off,
    /// A switch: when given, the key is this word.
    Word(&'static str),
    /// A comma-separated list (`PFPh,DFPh`): a list of words.
    List,
    /// Printed range limits `MIN-MAX` (`1-16`): the list `[MIN, MAX]`.
    Range,
    /// A repeatable flag, one unit each in the players' notation
    /// (`squad:4-6-7,broken=6`, `input::unit_notation`): the list of the
    /// units' tables, which replaces the file's list when given.
    Units(UnitList),
}

impl Kind {
    /// Whether the flag is a switch, given without a value.
    pub fn is_switch(self) -> bool {
        matches!(self, Kind::On | Kind::Off | Kind::Word(_))
    }
}

/// One row of the table: a flag and the scenario key it sets.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The flag as typed, without its `--`.
    pub name: &'static str,
    /// The dotted key of the scenario file it sets.
    pub key: &'static str,
    /// How its value is written there.
    pub kind: Kind,
    /// The commands that take it.
    pub commands: &'static [Command],
}

const fn row(
    name: &'static str,
    key: &'static str,
    kind: Kind,
    commands: &'static [Command],
) -> Flag {
    Flag {
        name,
        key,
        kind,
        commands,
    }
}

/// The commands that read a mortar scenario.
const MORTAR: &[Command] = &[Shot, Plan, Compare, Worth];
/// The commands that read a fire plan.
const PLAN: &[Command] = &[Plan, Compare];

/// Every flag that stands for a scenario key.
pub const FLAGS: &[Flag] = &[
    // The mortar (docs/scenario.md: [mortar]).
    row("mortar", "mortar.name", Given, MORTAR),
    row("caliber", "mortar.caliber", Given, MORTAR),
    row("rof", "mortar.rof", Given, MORTAR),
    row("breakdown", "mortar.breakdown", Given, MORTAR),
    row("repair-number", "mortar.repair", Given, MORTAR),
    row("range-limits", "mortar.range", Range, MORTAR),
    row("smoke-depletion", "mortar.smoke_depletion", Given, MORTAR),
    row("wp-depletion", "mortar.wp_depletion", Given, MORTAR),
    row("area-fp", "mortar.area_fp", Given, MORTAR),
    row("support-weapon", "mortar.support_weapon", Given, MORTAR),
    row("no-asterisk", "mortar.asterisk", Off, MORTAR),
    row("air-bursts-na", "mortar.air_bursts_na", On, MORTAR),
    row("multiple-hits", "mortar.multiple_hits", On, MORTAR),
    row("ammo", "ammo", Given, MORTAR),
    // The firer ([firer]).
    row("phase", "firer.phase", Given, MORTAR),
    row("lone-smc", "firer.manning", Word("lone-smc"), MORTAR),
    row("pinned", "firer.pinned", On, MORTAR),
    row("spotter-pinned", "firer.spotter_pinned", On, MORTAR),
    row("captured", "firer.captured", On, MORTAR),
    row("non-qualified", "firer.non_qualified", On, MORTAR),
    row("spotted", "firer.spotted", On, MORTAR),
    row("elite", "firer.elite", On, MORTAR),
    row("leader-drm", "firer.leader_drm", Given, MORTAR),
    row("ca-change", "firer.ca_change", Given, MORTAR),
    row("gun-type", "firer.gun_type", Given, MORTAR),
    row(
        "firer-in-woods-building-rubble",
        "firer.in_woods_building_rubble",
        On,
        MORTAR,
    ),
    row("cx", "firer.cx", On, MORTAR),
    row("encircled", "firer.encircled", On, MORTAR),
    row("overstacked", "firer.overstacked", Given, MORTAR),
    row("stun", "firer.stun", Given, MORTAR),
    row("intensive-fire", "firer.intensive_fire", On, MORTAR),
    row("firer-drm", "firer.extra_drm", Given, MORTAR),
    // The target hex ([target]).
    row("range", "target.range", Given, MORTAR),
    row("concealed", "target.concealed", On, MORTAR),
    row("dashing", "target.dashing", On, MORTAR),
    row("ffnam", "target.ffnam", On, MORTAR),
    row("ffmo", "target.ffmo", On, MORTAR),
    row(
        "hazardous-movement",
        "target.hazardous_movement",
        On,
        MORTAR,
    ),
    row("hindrance", "target.hindrance", Given, MORTAR),
    row("bore-sighted", "target.bore_sighted", On, MORTAR),
    row("acquisition", "target.acquisition", Given, MORTAR),
    row("tem", "target.tem", Given, MORTAR),
    row("woods", "target.woods", On, MORTAR),
    row("marsh", "target.marsh", On, MORTAR),
    row("target-drm", "target.extra_drm", Given, MORTAR),
    row("effects-drm", "target.effects_drm", Given, MORTAR),
    row("unit", "target.units", Units(UnitList::Target), MORTAR),
    // The fire plan ([plan]).
    row("phases", "plan.phases", List, PLAN),
    row("stop", "plan.stop", Given, PLAN),
    row("intensive", "plan.intensive_fire", Given, PLAN),
    row("repair", "plan.repair", On, PLAN),
    // A Demolition Charge ([dc], A23).
    row("kind", "dc.kind", Given, &[Dc]),
    row("captured", "dc.captured", On, &[Dc]),
    row("elite", "dc.elite", On, &[Dc]),
    row("non-elite", "dc.elite", Off, &[Dc]),
    row("cx", "dc.cx", On, &[Dc]),
    row("afph", "dc.afph", On, &[Dc]),
    row("opportunity-fire", "dc.opportunity_fire", On, &[Dc]),
    row("from-vehicle", "dc.from_vehicle", On, &[Dc]),
    row("cavalry", "dc.cavalry", On, &[Dc]),
    row("from-two-levels-up", "dc.from_two_levels_up", On, &[Dc]),
    row("breach", "dc.breach", On, &[Dc]),
    row("enemy-infantry", "dc.enemy_infantry", Given, &[Dc]),
    row("concealed-target", "dc.target.concealed", On, &[Dc]),
    row("tem", "dc.target.tem", Given, &[Dc]),
    row("hexside-tem", "dc.target.hexside_tem", Given, &[Dc]),
    row("unit", "dc.target.units", Units(UnitList::Dc), &[Dc]),
    row(
        "thrower-unit",
        "dc.thrower.units",
        Units(UnitList::Dc),
        &[Dc],
    ),
    row("thrower-tem", "dc.thrower.tem", Given, &[Dc]),
    row(
        "thrower-hexside-tem",
        "dc.thrower.hexside_tem",
        Given,
        &[Dc],
    ),
    // Pushing a Gun (C10.3).
    row("m-number", "gun.m_number", Given, &[Push]),
    row("gun", "gun.name", Given, &[Push]),
    row("path", "path", Given, &[Push]),
    row("mud", "mud", On, &[Push]),
    row("start-mud", "start_mud", On, &[Push]),
    row("mf", "pushers.mf", Given, &[Push]),
    row("crews", "pushers.crews", Given, &[Push]),
    row("half-squads", "pushers.half_squads", Given, &[Push]),
    row("squads", "pushers.squads", Given, &[Push]),
    row("smc", "pushers.smc", Given, &[Push]),
    row("labor", "pushers.labor", Given, &[Push]),
    row("labor-max", "pushers.labor_max", Given, &[Push]),
    row("mud-drm", "drm.mud", Given, &[Push]),
    row("road-drm", "drm.road", Given, &[Push]),
    row("extra-drm", "drm.extra", Given, &[Push]),
];

/// The row of flag `name` (without its `--`) for `command`, if it has one.
pub fn find(command: Command, name: &str) -> Option<&'static Flag> {
    FLAGS
        .iter()
        .find(|f| f.name == name && f.commands.contains(&command))
}

/// The flags given to `command` as a table in the scenario file's shape,
/// to merge over the file. `given` holds each flag by name (without its
/// `--`): a switch as `true` or `false`, a flag with a value as that value;
/// a flag not given is left out.
pub fn overrides(command: Command, given: &Table) -> Result<Table> {
    let mut table = Table::new();
    for (name, value) in given {
        let flag = find(command, name).ok_or_else(|| {
            Error::invalid(
                format!("--{name}"),
                "this command has no such scenario flag",
            )
        })?;
        if let Some(value) = flag.value(value)? {
            set_key(&mut table, flag.key, value);
        }
    }
    Ok(table)
}

impl Flag {
    /// The key's value for the flag's given value (none for a switch not
    /// given).
    fn value(&self, given: &Value) -> Result<Option<Value>> {
        let on = given.as_bool() == Some(true);
        Ok(match self.kind {
            Kind::Given => Some(given.clone()),
            Kind::On => on.then_some(Value::Boolean(true)),
            Kind::Off => on.then_some(Value::Boolean(false)),
            Kind::Word(word) => on.then(|| Value::String(word.to_string())),
            Kind::List => Some(Value::Array(
                text(given)
                    .split(',')
                    .map(|p| Value::String(p.trim().to_string()))
                    .collect(),
            )),
            Kind::Range => {
                let limits = text(given);
                let (min, max) = limits
                    .split_once('-')
                    .and_then(|(a, b)| {
                        Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
                    })
                    .ok_or_else(|| {
                        Error::invalid(
                            format!("--{}", self.name),
                            format!("`{limits}` is not MIN-MAX hexes (e.g. 1-16)"),
                        )
                    })?;
                Some(Value::Array(vec![Value::Integer(min), Value::Integer(max)]))
            }
            Kind::Units(list) => {
                let texts: Vec<String> = match given {
                    Value::Array(items) => items.iter().map(text).collect(),
                    other => vec![text(other)],
                };
                let flag = format!("--{}", self.name);
                let units = texts
                    .iter()
                    .map(|t| parse_unit(&flag, t, list).map(Value::Table))
                    .collect::<Result<Vec<_>>>()?;
                (!units.is_empty()).then_some(Value::Array(units))
            }
        })
    }
}

/// A flag's value as text (a list or a range is given as one word).
fn text(given: &Value) -> String {
    match given {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_name_has_one_key_per_command() {
        for command in [Shot, Plan, Compare, Worth, Dc, Push] {
            for (i, a) in FLAGS.iter().enumerate() {
                for b in &FLAGS[i + 1..] {
                    assert!(
                        a.name != b.name
                            || !(a.commands.contains(&command) && b.commands.contains(&command)),
                        "--{} is in the table twice for {command:?}",
                        a.name
                    );
                }
            }
        }
    }

    #[test]
    fn flags_become_nested_keys() {
        let mut given = Table::new();
        given.insert("tem".into(), Value::Integer(3));
        given.insert("pinned".into(), Value::Boolean(false));
        given.insert("lone-smc".into(), Value::Boolean(true));
        given.insert("range-limits".into(), Value::String("2-40".into()));
        let t = overrides(Shot, &given).unwrap();
        assert_eq!(t["target"]["tem"].as_integer(), Some(3));
        assert!(t["firer"].get("pinned").is_none());
        assert_eq!(t["firer"]["manning"].as_str(), Some("lone-smc"));
        assert_eq!(t["mortar"]["range"].as_array().map(Vec::len), Some(2));
        let t = overrides(Dc, &given);
        assert!(t.is_err(), "--lone-smc is not a DC flag");
    }

    #[test]
    fn units_become_the_list_of_unit_tables() {
        let mut given = Table::new();
        let units = ["squad:4-6-7,broken=6", "leader:8-1"].map(|u| Value::String(u.into()));
        given.insert("unit".into(), Value::Array(units.to_vec()));
        let t = overrides(Shot, &given).unwrap();
        let list = t["target"]["units"].as_array().unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[1]["leadership"].as_integer(), Some(-1));
        let t = overrides(Dc, &given).unwrap();
        assert_eq!(t["dc"]["target"]["units"].as_array().map(Vec::len), Some(2));
        given.insert("unit".into(), Value::Array(Vec::new()));
        let t = overrides(Shot, &given).unwrap();
        assert!(
            t.get("target").is_none(),
            "no --unit: the file's units stay"
        );
    }
}
