//! A scenario as the player wrote it: a file's text and the command line's
//! flags, merged and read the same way for every kind of scenario (a
//! mortar's, a Demolition Charge's, a push's).
//!
//! The flags arrive as a TOML table in the file's shape (made from the flag
//! table in `input::flags`) and are merged over the file's table before it
//! is read, so a flag and a file key are one setting with one check. The
//! file is read alone first, so that its own errors carry a line number.

use serde::de::DeserializeOwned;
use toml::{Table, Value};

use crate::error::{Error, Result};
use crate::input::check::plain_texts;
use crate::input::toml_error::{json_error, toml_error_line};

/// A scenario as the player wrote it: the file's text (empty without a
/// file) and the command line's overrides. `compare` and `worth` keep it
/// whole to read it again with one more change, through the same checks as
/// a flag ([`ScenarioSource::read_with`]).
#[derive(Clone, Debug, Default)]
pub struct ScenarioSource {
    /// Names the scenario in errors (the file's path, or "flags").
    pub name: String,
    /// The file's TOML text (empty without a file).
    pub text: String,
    /// The flags, as a table in the file's shape, to merge over it.
    pub overrides: Table,
    /// The text was written from a JSON request's scenario (`serve`): its
    /// errors name the key's path (`target.units[0].morale`), not a line
    /// of a text the player never wrote.
    pub from_json: bool,
}

impl ScenarioSource {
    /// The file `text` (named `name` in errors) with `overrides` over it.
    pub fn new(name: &str, text: &str, overrides: Table) -> ScenarioSource {
        ScenarioSource {
            name: name.to_string(),
            text: text.to_string(),
            overrides,
            from_json: false,
        }
    }

    /// A JSON request's scenario, named `name`, as the TOML text of its
    /// table: errors name the key's JSON path within the scenario (`name`
    /// alone at its top).
    pub fn from_json(name: &str, table: &Table) -> Result<ScenarioSource> {
        let text = toml::to_string(table).map_err(|e| Error::Parse {
            source_name: name.to_string(),
            message: e.to_string(),
        })?;
        Ok(ScenarioSource {
            from_json: true,
            ..ScenarioSource::new(name, &text, Table::new())
        })
    }

    /// Reads the scenario in any shape (`Scenario`, `DcScenario`,
    /// `PushScenario`) with the overrides merged over the file.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T> {
        self.read_with(&Table::new())
    }

    /// Whether the flags set the key `dotted` (e.g. `target.units`).
    pub fn sets(&self, dotted: &str) -> bool {
        let mut here = Some(&self.overrides);
        let mut parts = dotted.split('.').peekable();
        while let Some(part) = parts.next() {
            let Some(table) = here else { return false };
            match (table.get(part), parts.peek()) {
                (Some(_), None) => return true,
                (Some(Value::Table(t)), Some(_)) => here = Some(t),
                _ => return false,
            }
        }
        false
    }

    /// Reads the scenario with `more` merged over the overrides, and both
    /// over the file.
    pub fn read_with<T: DeserializeOwned>(&self, more: &Table) -> Result<T> {
        let parse_err = |message: String| Error::Parse {
            source_name: self.name.clone(),
            message,
        };
        let text = &self.text;
        // A file's error names its line; a JSON request's the key's path.
        let file_err = |e: toml::de::Error| {
            if !self.from_json {
                return parse_err(toml_error_line(text, &e));
            }
            // The key's path within the scenario, as every other check of
            // a scenario names its field (`plan.phases[1]`).
            let (path, message) = json_error(text, &e);
            Error::invalid(path.unwrap_or_else(|| self.name.clone()), message)
        };
        let mut table: Table = toml::from_str(text).map_err(file_err)?;
        plain_texts(&table, "")?;
        // The file alone first, so that its errors carry a line number.
        toml::from_str::<T>(text).map_err(file_err)?;
        let mut overrides = self.overrides.clone();
        merge(&mut overrides, more.clone());
        plain_texts(&overrides, "")?;
        drop_what_flags_replace(&mut table, &overrides);
        merge(&mut table, overrides);
        T::deserialize(Value::Table(table)).map_err(|e| {
            let message = e.message().trim().replace('\n', " ");
            parse_err(format!("{message} (from a command-line flag)"))
        })
    }

    /// The file's `[mortar]` table (empty without one); the flags' mortar
    /// keys are in `overrides["mortar"]`.
    pub fn file_mortar(&self) -> Table {
        toml::from_str::<Table>(&self.text)
            .ok()
            .and_then(|mut t| t.remove("mortar"))
            .and_then(|m| m.as_table().cloned())
            .unwrap_or_default()
    }
}

/// Drops from the `file` what the `flags` say in other words: a mortar
/// named by a flag other than the file's `[mortar]` (or in place of its
/// unnamed one) leaves out all of that table, whose values describe the
/// other mortar; a flag's `target.acquisition` is the plan's start too, so
/// it leaves out the file's `plan.acquisition`.
fn drop_what_flags_replace(file: &mut Table, flags: &Table) {
    let name = |t: &Table| {
        t.get("mortar")
            .and_then(|m| m.get("name"))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    if let Some(flag) = name(flags)
        && file.contains_key("mortar")
        && !name(file).is_some_and(|n| n.eq_ignore_ascii_case(&flag))
    {
        file.remove("mortar");
    }
    let acquisition = flags.get("target").and_then(|t| t.get("acquisition"));
    if acquisition.is_some()
        && let Some(Value::Table(plan)) = file.get_mut("plan")
    {
        plan.remove("acquisition");
    }
}

/// Merges `over` into `base`: tables key by key, anything else replaced.
fn merge(base: &mut Table, over: Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(Value::Table(b)), Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Sets `dotted.key = value` in a TOML table, making sub-tables as needed.
pub fn set_key(table: &mut Table, dotted: &str, value: Value) {
    let mut parts: Vec<&str> = dotted.split('.').collect();
    let last = parts.pop().unwrap_or(dotted);
    let mut here = table;
    for part in parts {
        let entry = here
            .entry(part.to_string())
            .or_insert_with(|| Value::Table(Table::new()));
        if !entry.is_table() {
            *entry = Value::Table(Table::new());
        }
        here = entry.as_table_mut().expect("made a table above");
    }
    here.insert(last.to_string(), value);
}
