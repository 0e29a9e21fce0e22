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
}

const fn flag(name: &'static str, key: &'static str, kind: Kind) -> Flag {
    Flag { name, key, kind }
}

/// The flags of the keys that the same commands read.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// The commands that take these flags.
    pub commands: &'static [Command],
    /// The flags.
    pub flags: &'static [Flag],
}

/// The commands that read a mortar scenario.
const MORTAR: &[Command] = &[Shot, Plan, Compare, Worth];
/// The commands that read a fire plan (`worth` with `--plan`).
const PLAN: &[Command] = &[Plan, Compare, Worth];

/// Every flag that stands for a scenario key, by the commands that take it.
pub const GROUPS: &[Group] = &[
    Group {
        commands: MORTAR,
        flags: &[
            // The mortar (docs/scenario.md: [mortar]).
            flag("mortar", "mortar.name", Given),
            flag("caliber", "mortar.caliber", Given),
            flag("rof", "mortar.rof", Given),
            flag("breakdown", "mortar.breakdown", Given),
            flag("repair-number", "mortar.repair", Given),
            flag("range-limits", "mortar.range", Range),
            flag("smoke-depletion", "mortar.smoke_depletion", Given),
            flag("wp-depletion", "mortar.wp_depletion", Given),
            flag("area-fp", "mortar.area_fp", Given),
            flag("support-weapon", "mortar.support_weapon", Given),
            flag("no-asterisk", "mortar.asterisk", Off),
            flag("air-bursts-na", "mortar.air_bursts_na", On),
            flag("multiple-hits", "mortar.multiple_hits", On),
            flag("ammo", "ammo", Given),
            // The firer ([firer]).
            flag("phase", "firer.phase", Given),
            flag("lone-smc", "firer.manning", Word("lone-smc")),
            flag("pinned", "firer.pinned", On),
            flag("spotter-pinned", "firer.spotter_pinned", On),
            flag("captured", "firer.captured", On),
            flag("non-qualified", "firer.non_qualified", On),
            flag("spotted", "firer.spotted", On),
            flag("elite", "firer.elite", On),
            flag("leader-drm", "firer.leader_drm", Given),
            flag("ca-change", "firer.ca_change", Given),
            flag("gun-type", "firer.gun_type", Given),
            flag(
                "firer-in-woods-building-rubble",
                "firer.in_woods_building_rubble",
                On,
            ),
            flag("cx", "firer.cx", On),
            flag("encircled", "firer.encircled", On),
            flag("overstacked", "firer.overstacked", Given),
            flag("stun", "firer.stun", Given),
            flag("intensive-fire", "firer.intensive_fire", On),
            flag("firer-drm", "firer.extra_drm", Given),
            // The target hex ([target]).
            flag("range", "target.range", Given),
            flag("concealed", "target.concealed", On),
            flag("dashing", "target.dashing", On),
            flag("ffnam", "target.ffnam", On),
            flag("ffmo", "target.ffmo", On),
            flag("hazardous-movement", "target.hazardous_movement", On),
            flag("hindrance", "target.hindrance", Given),
            flag("bore-sighted", "target.bore_sighted", On),
            flag("acquisition", "target.acquisition", Given),
            flag("tem", "target.tem", Given),
            flag("woods", "target.woods", On),
            flag("marsh", "target.marsh", On),
            flag("target-drm", "target.extra_drm", Given),
            flag("effects-drm", "target.effects_drm", Given),
            flag("unit", "target.units", Units(UnitList::Target)),
        ],
    },
    Group {
        commands: PLAN,
        flags: &[
            // The fire plan ([plan]).
            flag("phases", "plan.phases", List),
            flag("stop", "plan.stop", Given),
            flag("intensive", "plan.intensive_fire", Given),
            flag("repair", "plan.repair", On),
        ],
    },
    Group {
        commands: &[Dc],
        flags: &[
            // A Demolition Charge ([dc], A23).
            flag("kind", "dc.kind", Given),
            flag("captured", "dc.captured", On),
            flag("elite", "dc.elite", On),
            flag("non-elite", "dc.elite", Off),
            flag("cx", "dc.cx", On),
            flag("afph", "dc.afph", On),
            flag("opportunity-fire", "dc.opportunity_fire", On),
            flag("from-vehicle", "dc.from_vehicle", On),
            flag("cavalry", "dc.cavalry", On),
            flag("from-two-levels-up", "dc.from_two_levels_up", On),
            flag("breach", "dc.breach", On),
            flag("enemy-infantry", "dc.enemy_infantry", Given),
            flag("concealed-target", "dc.target.concealed", On),
            flag("tem", "dc.target.tem", Given),
            flag("hexside-tem", "dc.target.hexside_tem", Given),
            flag("unit", "dc.target.units", Units(UnitList::Dc)),
            flag("thrower-unit", "dc.thrower.units", Units(UnitList::Dc)),
            flag("thrower-tem", "dc.thrower.tem", Given),
            flag("thrower-hexside-tem", "dc.thrower.hexside_tem", Given),
        ],
    },
    Group {
        commands: &[Push],
        flags: &[
            // Pushing a Gun (C10.3).
            flag("m-number", "gun.m_number", Given),
            flag("gun", "gun.name", Given),
            flag("path", "path", Given),
            flag("mud", "mud", On),
            flag("deep-snow", "deep_snow", On),
            flag("start-mud", "start_mud", On),
            flag("start-deep-snow", "start_deep_snow", On),
            flag("mf", "pushers.mf", Given),
            flag("crews", "pushers.crews", Given),
            flag("half-squads", "pushers.half_squads", Given),
            flag("squads", "pushers.squads", Given),
            flag("smc", "pushers.smc", Given),
            flag("labor", "pushers.labor", Given),
            flag("labor-max", "pushers.labor_max", Given),
            flag("mud-drm", "drm.mud", Given),
            flag("road-drm", "drm.road", Given),
            flag("extra-drm", "drm.extra", Given),
        ],
    },
];

/// Every flag `command` takes.
pub fn flags(command: Command) -> impl Iterator<Item = &'static Flag> {
    GROUPS
        .iter()
        .filter(move |g| g.commands.contains(&command))
        .flat_map(|g| g.flags)
}

/// The row of flag `name` (without its `--`) for `command`, if it has one.
pub fn find(command: Command, name: &str) -> Option<&'static Flag> {
    flags(command).find(|f| f.name == name)
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
            let names: Vec<&str> = flags(command).map(|f| f.name).collect();
            for (i, name) in names.iter().enumerate() {
                assert!(
                    !names[i + 1..].contains(name),
                    "--{name} is in the table twice for {command:?}"
                );
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
