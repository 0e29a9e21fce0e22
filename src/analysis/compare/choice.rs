//! One mortar to compare as the player writes it (`NAME:key=value,...`),
//! and the fire plan it fires: the scenario's target and plan with this
//! mortar.

use serde::Deserialize;
use toml::{Table, Value};

use crate::engine::plan::{FirePlan, IntensiveFirePolicy};
use crate::error::{Error, MissingValue, Result};
use crate::input::catalog::Catalog;
use crate::input::check::plain_text;
use crate::input::scenario::{MortarSpec, Scenario};
use crate::input::source::ScenarioSource;
use crate::rules::firer::fired_as_light_mortar;

/// The `mortar.*` keys a choice may give.
pub const CHOICE_KEYS: &[&str] = &[
    "caliber",
    "rof",
    "breakdown",
    "repair",
    "range",
    "smoke_depletion",
    "wp_depletion",
    "area_fp",
    "support_weapon",
    "asterisk",
    "air_bursts_na",
    "multiple_hits",
    "acquisition_na",
    "type89_rules",
];

/// One mortar to compare, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct MortarChoice {
    /// As written, e.g. `us-81mm:rof=3,breakdown=12`.
    pub text: String,
    /// The mortar's name: a catalog name, or the scenario's own mortar.
    pub name: String,
    /// `mortar.*` keys and their values.
    pub values: Table,
}

impl MortarChoice {
    /// Reads `NAME` or `NAME:key=value,key=value`. Keys are [`CHOICE_KEYS`]
    /// (`-` may stand for `_`); `range=MIN-MAX`; flags are `true`/`false`.
    pub fn parse(text: &str) -> Result<MortarChoice> {
        plain_text("mortars", text)?;
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(Error::invalid(
                "mortars",
                format!("`{text}`: give a mortar name, e.g. us-81mm:rof=3"),
            ));
        }
        let mut values = Table::new();
        for item in rest.split(',').filter(|s| !s.trim().is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                Error::invalid(
                    name,
                    format!("`{item}` is not KEY=VALUE (e.g. {name}:rof=3,breakdown=12)"),
                )
            })?;
            let key = key.trim().replace('-', "_");
            let key = if key == "repair_number" {
                "repair".into()
            } else {
                key
            };
            if !CHOICE_KEYS.contains(&key.as_str()) {
                return Err(Error::invalid(
                    format!("{name}:{key}"),
                    format!("not a mortar value; use {}", CHOICE_KEYS.join(", ")),
                ));
            }
            let value = choice_value(&key, value.trim()).ok_or_else(|| {
                let what = match key.as_str() {
                    "range" => "MIN-MAX hexes, e.g. range=2-40",
                    k if is_flag(k) => "true or false",
                    _ => "a whole number",
                };
                Error::invalid(format!("{name}:{key}"), format!("`{value}`: give {what}"))
            })?;
            if values.contains_key(&key) {
                return Err(Error::invalid(
                    format!("{name}:{key}"),
                    format!("`{key}` twice: give each value once"),
                ));
            }
            values.insert(key, value);
        }
        Ok(MortarChoice {
            text: text.to_string(),
            name: name.to_string(),
            values,
        })
    }
}

fn is_flag(key: &str) -> bool {
    matches!(
        key,
        "support_weapon"
            | "asterisk"
            | "air_bursts_na"
            | "multiple_hits"
            | "acquisition_na"
            | "type89_rules"
    )
}

fn choice_value(key: &str, text: &str) -> Option<Value> {
    if key == "range" {
        let (a, b) = text.split_once('-')?;
        let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return Some(Value::Array(vec![Value::Integer(a), Value::Integer(b)]));
    }
    if is_flag(key) {
        return text.parse().ok().map(Value::Boolean);
    }
    text.parse().ok().map(Value::Integer)
}

/// An error about one mortar's values, named after the choice.
pub(super) fn for_choice(choice: &MortarChoice, e: Error) -> Error {
    match e {
        Error::Invalid { field, message } => match field.strip_prefix("mortar.") {
            Some(key) => Error::invalid(format!("{}:{key}", choice.name), message),
            None if field == "mortar" => Error::invalid(&choice.name, message),
            None => Error::Invalid { field, message },
        },
        Error::Missing {
            field,
            mortar,
            flag: _,
        } if field.starts_with("mortar.") => Error::Missing {
            flag: choice_flag(choice, &field),
            field,
            mortar,
        },
        Error::UnknownMortar {
            name, suggestions, ..
        } => Error::UnknownMortar {
            name,
            suggestions,
            compared: true,
        },
        Error::MissingValues(values) => Error::MissingValues(
            values
                .into_iter()
                .map(|v| match v.field.starts_with("mortar.") {
                    true => MissingValue::flag(choice_flag(choice, &v.field), v.field),
                    false => v,
                })
                .collect(),
        ),
        other => other,
    }
}

/// How a choice gives the mortar value `field` (`us-81mm:rof=N`,
/// `us-81mm:range=MIN-MAX`), as [`MortarChoice::parse`] reads it.
fn choice_flag(choice: &MortarChoice, field: &str) -> String {
    let key = field.strip_prefix("mortar.").unwrap_or(field);
    let value = if key == "range" { "MIN-MAX" } else { "N" };
    format!("{}:{key}={value}", choice.name)
}

/// Every value the mortars' plans lack, in one error (a value of the
/// target or plan once, not once per mortar); the first other error as is.
pub(super) fn all_missing(
    catalog: &Catalog,
    source: &ScenarioSource,
    choices: &[MortarChoice],
) -> Result<()> {
    let mut all: Vec<MissingValue> = Vec::new();
    for c in choices {
        match plan_of(catalog, source, c) {
            Ok(_) => {}
            Err(Error::MissingValues(values)) => {
                for v in values {
                    if !all.contains(&v) {
                        all.push(v);
                    }
                }
            }
            Err(e) => return Err(e),
        }
    }
    if all.is_empty() {
        Ok(())
    } else {
        Err(Error::MissingValues(all))
    }
}

/// Whether the scenario file's own `[mortar]` (`file`) is the mortar of
/// `choice`: it has the same name (case aside).
fn is_file_mortar(file: &Table, choice: &MortarChoice) -> bool {
    file.get("name")
        .and_then(Value::as_str)
        .is_some_and(|n| n.eq_ignore_ascii_case(&choice.name))
}

/// The scenario file's own `[mortar]` when no choice has its name, so
/// that its values go unused: its name, or `[mortar]` when it has none.
pub(super) fn unused_file_mortar(
    source: &ScenarioSource,
    choices: &[MortarChoice],
) -> Option<String> {
    let file = source.file_mortar();
    if file.is_empty() || choices.iter().any(|c| is_file_mortar(&file, c)) {
        return None;
    }
    Some(match file.get("name").and_then(Value::as_str) {
        Some(name) => format!("`{name}`"),
        None => "[mortar]".into(),
    })
}

/// The `[mortar]` table of one choice: the scenario file's own mortar if it
/// has the same name, then the mortar flags, then the choice's values.
fn mortar_table(source: &ScenarioSource, choice: &MortarChoice) -> Table {
    let file = source.file_mortar();
    let mut table = if is_file_mortar(&file, choice) {
        file
    } else {
        Table::new()
    };
    if let Some(Value::Table(flags)) = source.overrides.get("mortar") {
        for (k, v) in flags {
            if k != "name" {
                table.insert(k.clone(), v.clone());
            }
        }
    }
    for (k, v) in &choice.values {
        table.insert(k.clone(), v.clone());
    }
    table.insert("name".into(), Value::String(choice.name.clone()));
    table
}

/// The `[mortar]` of one choice, read.
pub(super) fn mortar_spec(source: &ScenarioSource, choice: &MortarChoice) -> Result<MortarSpec> {
    MortarSpec::deserialize(Value::Table(mortar_table(source, choice)))
        .map_err(|e| Error::invalid(&choice.name, e.to_string().trim().replace('\n', " ")))
}

/// One mortar's plan on the scenario's target.
pub(super) struct ChoicePlan {
    /// The plan as this mortar fires it.
    pub(super) plan: FirePlan,
    /// When to use Intensive Fire, as the scenario asks.
    pub(super) asked: IntensiveFirePolicy,
    /// The scenario asks for Intensive Fire but this mortar fires as a
    /// light mortar, which may not use it (C5.6): its plan is fired
    /// without it.
    pub(super) intensive_fire_barred: bool,
}

/// The plan of one mortar choice: the scenario's plan, but without
/// Intensive Fire for a mortar that may not use it (C5.6), so that one
/// light mortar does not keep a Gun from it in the same comparison.
pub(super) fn plan_of(
    catalog: &Catalog,
    source: &ScenarioSource,
    choice: &MortarChoice,
) -> Result<ChoicePlan> {
    let mut scenario = Scenario::from_source(source)?;
    scenario.mortar = mortar_spec(source, choice)?;
    let (shot_input, mut plan_input) = scenario
        .plan_input(catalog)
        .map_err(|e| for_choice(choice, e))?;
    let asked = plan_input.intensive_fire;
    let intensive_fire_barred = asked != IntensiveFirePolicy::Never
        && fired_as_light_mortar(&shot_input.mortar, &shot_input.firer);
    if intensive_fire_barred {
        plan_input.intensive_fire = IntensiveFirePolicy::Never;
    }
    let plan = FirePlan::new(shot_input, plan_input).map_err(|e| for_choice(choice, e))?;
    Ok(ChoicePlan {
        plan,
        asked,
        intensive_fire_barred,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_reads_its_values() {
        let c =
            MortarChoice::parse("us-81mm:rof=3,breakdown=11,range=2-40,repair-number=2").unwrap();
        assert_eq!(c.name, "us-81mm");
        assert_eq!(c.values["rof"], Value::Integer(3));
        assert_eq!(c.values["repair"], Value::Integer(2));
        assert_eq!(
            c.values["range"],
            Value::Array(vec![Value::Integer(2), Value::Integer(40)])
        );
        assert!(
            MortarChoice::parse("german-81mm")
                .unwrap()
                .values
                .is_empty()
        );
    }

    #[test]
    fn a_bad_choice_names_the_mortar_and_key() {
        let e = MortarChoice::parse("us-81mm:rof=x")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("us-81mm:rof: `x`"), "{e}");
        let e = MortarChoice::parse("us-81mm:colour=3")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("us-81mm:colour: not a mortar value"), "{e}");
        let e = MortarChoice::parse("us-81mm:rof").unwrap_err().to_string();
        assert!(e.contains("KEY=VALUE"), "{e}");
        assert!(MortarChoice::parse(":rof=3").is_err());
    }
}
