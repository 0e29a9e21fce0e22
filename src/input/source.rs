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

use crate::error::{Error, Result, shown};
use crate::input::check::plain_texts;

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
}

impl ScenarioSource {
    /// The file `text` (named `name` in errors) with `overrides` over it.
    pub fn new(name: &str, text: &str, overrides: Table) -> ScenarioSource {
        ScenarioSource {
            name: name.to_string(),
            text: text.to_string(),
            overrides,
        }
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
        let mut table: Table =
            toml::from_str(text).map_err(|e| parse_err(toml_error_line(text, &e)))?;
        plain_texts(&table, "")?;
        // The file alone first, so that its errors carry a line number.
        toml::from_str::<T>(text).map_err(|e| parse_err(toml_error_line(text, &e)))?;
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

/// One line from a TOML error: "line N: message".
pub fn toml_error_line(text: &str, err: &toml::de::Error) -> String {
    let message = in_players_words(&err.message().trim().replace('\n', " "));
    match err.span() {
        Some(span) => {
            let start = span.start.min(text.len());
            let line = text[..start].matches('\n').count() + 1;
            let source = shown(text.lines().nth(line - 1).unwrap_or_default().trim());
            // `[[pushers]]` where `[pushers]` goes: the reader takes the
            // list's first table for the table's first field.
            let message = match source.strip_prefix("[[").and_then(|s| s.strip_suffix("]]")) {
                Some(name) if message.starts_with("invalid type: map") => format!(
                    "a list of tables where one table goes: write [{name}], with single brackets"
                ),
                // `range = "2-40"`, as the command line writes it.
                _ if source.starts_with("range")
                    && message.starts_with("invalid type: string")
                    && message.ends_with("expected a list in brackets") =>
                {
                    "a printed range is a list of two numbers: range = [2, 40] (the command line's --range-limits 2-40)".into()
                }
                // A vehicle's keys in `[target]`, the hex (whose keys
                // include `range`): they go with the vehicle.
                _ if (message.starts_with("unknown field `size`")
                    || message.starts_with("unknown field `moving_vehicle`"))
                    && message.contains("`range`") =>
                {
                    format!(
                        "{message}; a vehicle's size and moving_vehicle go with it in [[target.units]]"
                    )
                }
                _ => match other_command(&message) {
                    Some(command) => format!("{message}; this is a file for `mortar-odds {command}`"),
                    None => message,
                },
            };
            format!("line {line} (`{source}`): {message}")
        }
        None => message,
    }
}

/// The commands whose files have their own top-level keys: each one's
/// keys, and the end of the reader's message refusing a key at its top.
const FILES: [(&str, &[&str], &str); 3] = [
    (
        "shot` or `plan",
        &["ammo", "mortar", "firer", "target", "plan"],
        "expected one of `ammo`, `mortar`, `firer`, `target`, `plan`",
    ),
    ("dc", &["dc"], "expected `dc`"),
    (
        "push",
        &[
            "path",
            "mud",
            "deep_snow",
            "start_mud",
            "start_deep_snow",
            "gun",
            "pushers",
            "drm",
        ],
        "expected one of `path`, `mud`, `deep_snow`, `start_mud`, `start_deep_snow`, `gun`, `pushers`, `drm`",
    ),
];

/// The command whose file this is, when `message` refuses at the top of
/// one command's file a key at the top of another's (a `[dc]` given to
/// `shot`).
fn other_command(message: &str) -> Option<&'static str> {
    let key = message.strip_prefix("unknown field `")?.split('`').next()?;
    let (_, ours, _) = FILES
        .iter()
        .find(|(_, _, refusal)| message.ends_with(refusal))?;
    let (command, _, _) = FILES
        .iter()
        .find(|(_, keys, _)| keys.contains(&key) && !ours.contains(&key))?;
    Some(command)
}

/// A TOML reader's message without the program's inner names: "struct
/// MortarSpec" is a table, an untagged list of forms is the forms a key
/// takes, a number past 64 bits is too large, "i64" is a whole number and
/// a map where a sequence goes is a table without its `[[...]]`.
fn in_players_words(message: &str) -> String {
    if message.contains("did not match any variant of untagged enum PathSpec") {
        return "a path is the hexes' terrain as one text, \"open,woods\", or a list, [\"open\", \"woods\"]".into();
    }
    if let Some(at) = message.find(" as i128, expected ") {
        let number = message[..at].rsplit('`').nth(1).unwrap_or("the number");
        return format!("{number} is too large a number");
    }
    let mut out = String::with_capacity(message.len());
    let mut words = message.split(' ').peekable();
    while let Some(word) = words.next() {
        // "expected struct XSpec" → "expected a table"
        if word == "struct"
            && words
                .peek()
                .is_some_and(|w| w.ends_with("Spec") || w.ends_with("Spec,"))
        {
            let name = words.next().unwrap_or_default();
            out.push_str("a table");
            if name.ends_with(',') {
                out.push(',');
            }
        } else {
            out.push_str(word);
        }
        out.push(' ');
    }
    out.pop();
    // The reader's type names in the words of the file.
    for int in ["i64", "u64", "i32", "u32", "i16", "u16", "i8", "u8"] {
        out = out.replace(&format!("expected {int}"), "expected a whole number");
    }
    out = out.replace("expected a boolean", "expected true or false");
    // "a table with 27 elements": the count is of the program's fields.
    if let Some(at) = out.find("a table with ")
        && let Some(end) = out[at..].find(" elements")
        && out[at + 13..at + end].bytes().all(|b| b.is_ascii_digit())
    {
        out.replace_range(at + 7..at + end + 9, "");
        if out.starts_with("invalid length 0,") {
            out = out.replacen("invalid length 0,", "an empty list,", 1);
        }
    }
    out.replace(
        "invalid type: map, expected a sequence",
        "one table where a list of tables goes: write each entry under its own [[...]] header (e.g. [[mortar]], [[target.units]])",
    )
    .replace("expected a sequence", "expected a list in brackets")
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
