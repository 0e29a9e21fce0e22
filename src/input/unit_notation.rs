//! A unit as players write it on the command line (`--unit squad:4-6-7`,
//! `--unit leader:8-1`, `--unit afv:PzIIIG,all_af_at_most_4`), read into
//! the table of one `[[target.units]]` (or DC unit), so that it goes
//! through the same checks as a unit of the scenario file.
//!
//! The notation gives the kind, the name (the notation itself, "4-6-7",
//! or a vehicle's name) and the counter's values the model uses: a
//! squad's, half-squad's, crew's or hero's Morale Level (its FP and range
//! are read but not used: a mortar's attack does not depend on them), a
//! leader's Morale Level and leadership DRM. Options after commas are the
//! other keys of the unit's table; nothing else is filled in, so a counter
//! value the player did not give stays missing.

use toml::{Table, Value};

use crate::error::{Error, Result};
use crate::rules::units::UnitKind;

/// Which list a unit goes to, and so which keys its options may set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitList {
    /// `[[target.units]]`: a mortar's target hex.
    Target,
    /// `[[dc.target.units]]` or `[[dc.thrower.units]]`: a DC's Location.
    Dc,
}

/// How an option's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    /// `true` or `false`; the key alone is `true`.
    Yes,
    /// A whole number.
    Number,
}

use Type::{Number, Yes};

/// The options of a `[[target.units]]` unit: every key of `UnitSpec` but
/// those the notation gives (`name`, `kind`, `morale`, `leadership`) and
/// `broken_morale`, written `broken=N`.
const TARGET_OPTIONS: &[(&str, Type)] = &[
    ("half_squad_morale", Number),
    ("enemy", Yes),
    ("in_los", Yes),
    ("pinned", Yes),
    ("reduced", Yes),
    ("all_af_at_most_4", Yes),
    ("all_af_at_least_8", Yes),
    ("open_topped", Yes),
    ("size", Number),
    ("moving_vehicle", Yes),
    ("concealed", Yes),
    ("dashing", Yes),
    ("ffnam", Yes),
    ("ffmo", Yes),
    ("hazardous_movement", Yes),
    ("hindrance", Number),
    ("extra_drm", Number),
    ("tem", Number),
    ("woods", Yes),
    ("marsh", Yes),
    ("effects_drm", Number),
];

/// The options of a DC's unit: every key of `DcUnitSpec` but those the
/// notation gives and `broken_morale`, written `broken=N`.
const DC_OPTIONS: &[(&str, Type)] = &[
    ("half_squad_morale", Number),
    ("pinned", Yes),
    ("reduced", Yes),
    ("tem", Number),
];

/// The keys the notation itself sets, and `broken_morale` (`broken=N`).
pub const NOTATION_KEYS: &[&str] = &["name", "kind", "morale", "leadership", "broken_morale"];

impl UnitList {
    fn options(self) -> &'static [(&'static str, Type)] {
        match self {
            UnitList::Target => TARGET_OPTIONS,
            UnitList::Dc => DC_OPTIONS,
        }
    }

    /// The option keys of this list's units (without `broken`).
    pub fn option_keys(self) -> Vec<&'static str> {
        self.options().iter().map(|(k, _)| *k).collect()
    }
}

/// The prefix of `kind` in the notation (`hs` for a half-squad).
pub fn prefix(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Squad => "squad",
        UnitKind::HalfSquad => "hs",
        UnitKind::Crew => "crew",
        UnitKind::Leader => "leader",
        UnitKind::Hero => "hero",
        UnitKind::UnarmoredVehicle => "unarmored-vehicle",
        UnitKind::Afv => "afv",
    }
}

const KINDS: &str = "squad, hs (or half-squad), crew, hero, leader, unarmored-vehicle or afv";

fn kind_of(prefix: &str) -> Option<UnitKind> {
    Some(match prefix.to_ascii_lowercase().as_str() {
        "squad" => UnitKind::Squad,
        "hs" | "half-squad" => UnitKind::HalfSquad,
        "crew" => UnitKind::Crew,
        "hero" => UnitKind::Hero,
        "leader" => UnitKind::Leader,
        "unarmored-vehicle" => UnitKind::UnarmoredVehicle,
        "afv" => UnitKind::Afv,
        _ => return None,
    })
}

/// Reads one unit, `KIND:NOTATION[,OPTION...]`, as given to `flag` (e.g.
/// `--unit`, which names it in errors), into its table for `list`.
pub fn parse_unit(flag: &str, text: &str, list: UnitList) -> Result<Table> {
    let bad = |message: String| Error::invalid(format!("{flag} {text}"), message);
    let mut items = text.split(',');
    let head = items.next().unwrap_or_default().trim();
    let (kind, notation) = head.split_once(':').ok_or_else(|| {
        bad(format!(
            "give KIND:NOTATION, e.g. squad:4-6-7, leader:8-1 or afv:PzIIIG; KIND is {KINDS}"
        ))
    })?;
    let notation = notation.trim();
    let kind = kind_of(kind.trim())
        .ok_or_else(|| bad(format!("unknown unit kind `{}`; use {KINDS}", kind.trim())))?;
    let mut table = Table::new();
    table.insert("kind".into(), Value::String(kind_key(kind)));
    table.insert("name".into(), Value::String(notation.to_string()));
    match kind {
        UnitKind::Leader => {
            let (morale, leadership) = leader(notation).ok_or_else(|| {
                bad(format!(
                    "`{notation}` is not a leader's morale and leadership, e.g. leader:8-1, leader:7-0 or leader:6+1"
                ))
            })?;
            table.insert("morale".into(), Value::Integer(morale));
            table.insert("leadership".into(), Value::Integer(leadership));
        }
        UnitKind::UnarmoredVehicle | UnitKind::Afv => {
            if notation.is_empty() {
                return Err(bad(format!(
                    "give the vehicle's name, e.g. {}:PzIIIG",
                    prefix(kind)
                )));
            }
        }
        _ => {
            let morale = fp_range_morale(notation).ok_or_else(|| {
                bad(format!(
                    "`{notation}` is not FP-range-morale, e.g. {}:{}",
                    prefix(kind),
                    example(kind)
                ))
            })?;
            table.insert("morale".into(), Value::Integer(morale));
        }
    }
    for item in items {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (key, value) = option(item, list).map_err(bad)?;
        table.insert(key, value);
    }
    Ok(table)
}

/// The unit's `kind` as the scenario file writes it.
fn kind_key(kind: UnitKind) -> String {
    match kind {
        UnitKind::HalfSquad => "half-squad".into(),
        other => prefix(other).into(),
    }
}

fn example(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::HalfSquad => "2-3-7",
        UnitKind::Crew => "2-2-8",
        UnitKind::Hero => "1-4-9",
        _ => "4-6-7",
    }
}

/// A whole number written with digits only.
fn digits(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The Morale Level of `FP-range-morale` (FP and range must be numbers).
fn fp_range_morale(notation: &str) -> Option<i64> {
    let parts: Vec<&str> = notation.split('-').collect();
    let [fp, range, morale] = parts[..] else {
        return None;
    };
    digits(fp)?;
    digits(range)?;
    digits(morale)
}

/// A leader's `MORALE-N` (leadership -N) or `MORALE+N` (+N).
fn leader(notation: &str) -> Option<(i64, i64)> {
    let at = notation.find(['-', '+'])?;
    let (morale, rest) = notation.split_at(at);
    let drm = digits(&rest[1..])?;
    let sign = if rest.starts_with('-') { -1 } else { 1 };
    Some((digits(morale)?, sign * drm))
}

/// One option, `key=value` or a yes/no key alone, as its table key and
/// value; the error says what is wrong (the caller names the unit).
fn option(item: &str, list: UnitList) -> std::result::Result<(String, Value), String> {
    let (key, value) = match item.split_once('=') {
        Some((k, v)) => (k.trim().replace('-', "_"), Some(v.trim())),
        None => (item.replace('-', "_"), None),
    };
    if key == "broken" {
        // `broken=N` is the broken side's morale; `broken` alone (or
        // `broken=true`) says the unit starts broken.
        return match value {
            None => Ok(("broken".into(), Value::Boolean(true))),
            Some(v) => match (v.parse::<bool>(), v.parse::<i64>()) {
                (Ok(b), _) => Ok(("broken".into(), Value::Boolean(b))),
                (_, Ok(n)) => Ok(("broken_morale".into(), Value::Integer(n))),
                _ => Err(format!(
                    "`broken={v}`: give broken=N, the broken side's Morale Level"
                )),
            },
        };
    }
    let valid = || {
        let mut keys = vec![
            "broken=N (broken side's morale)".to_string(),
            "broken (starts broken)".to_string(),
        ];
        keys.extend(list.options().iter().map(|(k, t)| match t {
            Yes => k.to_string(),
            Number => format!("{k}=N"),
        }));
        keys.join(", ")
    };
    let Some(&(_, ty)) = list.options().iter().find(|(k, _)| *k == key) else {
        let why = if NOTATION_KEYS.contains(&key.as_str()) {
            "it comes from the notation"
        } else {
            "no such option"
        };
        return Err(format!("`{key}`: {why}; options are {}", valid()));
    };
    let parsed = match (ty, value) {
        (Yes, None) => Some(Value::Boolean(true)),
        (Yes, Some(v)) => v.parse().ok().map(Value::Boolean),
        (Number, Some(v)) => v.parse().ok().map(Value::Integer),
        (Number, None) => None,
    };
    let what = match ty {
        Yes => "true or false (or the key alone)",
        Number => "a whole number",
    };
    parsed
        .map(|v| (key.clone(), v))
        .ok_or_else(|| format!("`{item}`: give {key}=VALUE, {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::dc::DcUnitSpec;
    use crate::input::scenario::UnitSpec;
    use serde::Deserialize;

    fn target(text: &str) -> Table {
        parse_unit("--unit", text, UnitList::Target).unwrap()
    }

    fn error(text: &str) -> String {
        parse_unit("--unit", text, UnitList::Target)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_squad_is_fp_range_morale() {
        let t = target("squad:4-6-7");
        assert_eq!(t["kind"].as_str(), Some("squad"));
        assert_eq!(t["name"].as_str(), Some("4-6-7"));
        assert_eq!(t["morale"].as_integer(), Some(7));
        assert!(t.get("leadership").is_none());
        assert_eq!(target("hs:2-3-7")["kind"].as_str(), Some("half-squad"));
        assert_eq!(target("half-squad:2-3-7")["morale"].as_integer(), Some(7));
        assert_eq!(target("crew:2-2-8")["morale"].as_integer(), Some(8));
        assert_eq!(target("hero:1-4-9")["morale"].as_integer(), Some(9));
        assert_eq!(target("squad:6-2-10")["morale"].as_integer(), Some(10));
    }

    #[test]
    fn a_leader_is_morale_and_signed_leadership() {
        for (text, morale, leadership) in [
            ("leader:8-1", 8, -1),
            ("leader:9-2", 9, -2),
            ("leader:7-0", 7, 0),
            ("leader:10-3", 10, -3),
            ("leader:6+1", 6, 1),
            ("leader:7+0", 7, 0),
        ] {
            let t = target(text);
            assert_eq!(t["kind"].as_str(), Some("leader"), "{text}");
            assert_eq!(t["morale"].as_integer(), Some(morale), "{text}");
            assert_eq!(t["leadership"].as_integer(), Some(leadership), "{text}");
        }
    }

    #[test]
    fn options_set_their_keys() {
        let t = target("squad:4-6-7,broken=6,concealed,tem=3,in-los=false,hindrance=-0");
        assert_eq!(t["broken_morale"].as_integer(), Some(6));
        assert!(t.get("broken").is_none());
        assert_eq!(t["concealed"].as_bool(), Some(true));
        assert_eq!(t["tem"].as_integer(), Some(3));
        assert_eq!(t["in_los"].as_bool(), Some(false));
        let t = target("squad:4-6-7,broken,broken=6,effects_drm=-1");
        assert_eq!(t["broken"].as_bool(), Some(true));
        assert_eq!(t["broken_morale"].as_integer(), Some(6));
        assert_eq!(t["effects_drm"].as_integer(), Some(-1));
        let t = target("afv:PzIIIG,all_af_at_most_4,size=-1");
        assert_eq!(t["kind"].as_str(), Some("afv"));
        assert_eq!(t["name"].as_str(), Some("PzIIIG"));
        assert!(t.get("morale").is_none(), "a vehicle has no morale");
        assert_eq!(t["all_af_at_most_4"].as_bool(), Some(true));
        assert_eq!(t["size"].as_integer(), Some(-1));
    }

    #[test]
    fn bad_notation_and_options_name_the_unit() {
        let e = error("squad:4-6");
        assert!(
            e.starts_with("--unit squad:4-6: `4-6` is not FP-range-morale"),
            "{e}"
        );
        let e = error("leader:8-x");
        assert!(
            e.starts_with("--unit leader:8-x: `8-x` is not a leader's"),
            "{e}"
        );
        assert!(error("leader:8").contains("not a leader's"));
        assert!(error("leader:-1").contains("not a leader's"));
        assert!(error("squad:a-6-7").contains("not FP-range-morale"));
        let e = error("squad:4-6-7,nonsense");
        assert!(
            e.starts_with(
                "--unit squad:4-6-7,nonsense: `nonsense`: no such option; options are broken=N"
            ),
            "{e}"
        );
        assert!(e.contains("tem=N") && e.contains("concealed"), "{e}");
        assert!(error("squad:4-6-7,morale=8").contains("comes from the notation"));
        assert!(error("squad:4-6-7,tem").contains("give tem=VALUE, a whole number"));
        assert!(error("squad:4-6-7,concealed=maybe").contains("true or false"));
        assert!(error("squad:4-6-7,broken=x").contains("broken=N"));
        assert!(error("tank:4-6-7").contains("unknown unit kind `tank`"));
        assert!(error("4-6-7").contains("KIND:NOTATION"));
        assert!(error("afv:").contains("vehicle's name"));
        let e = parse_unit("--thrower-unit", "squad:4-6-7,woods", UnitList::Dc)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("--thrower-unit squad:4-6-7,woods: `woods`: no such option"),
            "{e}"
        );
    }

    /// The keys serde lists for a struct that refuses unknown fields.
    fn fields_of<T: for<'de> Deserialize<'de>>() -> Vec<String> {
        let mut t = Table::new();
        t.insert("no_such_key".into(), Value::Boolean(true));
        let e = T::deserialize(Value::Table(t))
            .err()
            .expect("an unknown field")
            .to_string();
        let list = e
            .split("expected one of")
            .nth(1)
            .expect("serde lists the fields");
        list.split(',')
            .map(|k| k.trim().trim_matches('`').to_string())
            .collect()
    }

    /// Every option is a key of the unit's spec, and every key of the spec
    /// is an option or set by the notation: none offered that the code
    /// does not take, none of the code's left out.
    #[test]
    fn the_options_are_the_specs_keys() {
        for (list, fields) in [
            (UnitList::Target, fields_of::<UnitSpec>()),
            (UnitList::Dc, fields_of::<DcUnitSpec>()),
        ] {
            let mut ours: Vec<String> = list.option_keys().iter().map(|k| k.to_string()).collect();
            ours.extend(NOTATION_KEYS.iter().map(|k| k.to_string()));
            ours.push("broken".into());
            let mut theirs = fields.clone();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{list:?}");
            for (key, ty) in list.options() {
                let mut unit = Table::new();
                let value = match ty {
                    Yes => Value::Boolean(true),
                    Number => Value::Integer(1),
                };
                unit.insert((*key).into(), value);
                let ok = match list {
                    UnitList::Target => UnitSpec::deserialize(Value::Table(unit)).is_ok(),
                    UnitList::Dc => DcUnitSpec::deserialize(Value::Table(unit)).is_ok(),
                };
                assert!(ok, "{key} is not a {list:?} key of that type");
            }
        }
    }
}
