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
    let mut given = Vec::new();
    for item in items {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (key, value) = option(item, list, kind).map_err(bad)?;
        if given.contains(&key) {
            return Err(bad(format!("`{key}` twice: give each value once")));
        }
        given.push(key.clone());
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
fn option(
    item: &str,
    list: UnitList,
    kind: UnitKind,
) -> std::result::Result<(String, Value), String> {
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
        let why = match key.as_str() {
            "morale" | "leadership" | "broken_morale" if kind.is_vehicle() => {
                "a vehicle has no Morale Level and no leadership"
            }
            k if NOTATION_KEYS.contains(&k) => "it comes from the notation",
            _ => "no such option",
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
mod tests;
