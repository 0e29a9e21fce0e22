//! A TOML reader's error in the player's words: where it is (a file's
//! line, or the key's path in a JSON request's scenario), what is wrong in
//! words without the program's inner names, and the hints for the usual
//! slips (`[[pushers]]` for `[pushers]`, `range = "2-40"`, another
//! command's file).

use crate::error::shown;

/// One line from a TOML error: "line N (`the line`): message".
pub fn toml_error_line(text: &str, err: &toml::de::Error) -> String {
    match located(text, err) {
        Some(at) => at.line_first(),
        None => in_players_words(&err.message().trim().replace('\n', " ")),
    }
}

/// Where a TOML error is, and what it says there.
pub(crate) struct At {
    /// The line, from 1.
    pub line: usize,
    /// The line's text, trimmed, as a message may show it.
    pub source: String,
    /// The message, in the player's words and with its hints.
    pub message: String,
}

impl At {
    fn line_first(self) -> String {
        format!("line {} (`{}`): {}", self.line, self.source, self.message)
    }
}

/// The dotted path of the key on `line` (from 1) of a TOML text as
/// `toml::to_string` writes it (a `[table]` or `[[list]]` header, then its
/// `key = value` lines): `target.units[0].morale`; a header line's own path
/// on a header. `None` before any key or header.
pub(crate) fn key_path(text: &str, line: usize) -> Option<String> {
    let mut lists: Vec<(String, usize)> = Vec::new();
    let mut table: Option<String> = None;
    let indexed = |name: &str, lists: &[(String, usize)]| {
        let mut path = String::new();
        let mut plain = String::new();
        for part in name.split('.') {
            for out in [&mut path, &mut plain] {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(part);
            }
            if let Some((_, n)) = lists.iter().find(|(l, _)| *l == plain) {
                path.push_str(&format!("[{}]", n - 1));
            }
        }
        path
    };
    for (i, l) in text.lines().take(line).enumerate() {
        let l = l.trim();
        if let Some(name) = l.strip_prefix("[[").and_then(|s| s.strip_suffix("]]")) {
            match lists.iter_mut().find(|(l, _)| l == name) {
                Some((_, n)) => *n += 1,
                None => lists.push((name.to_string(), 1)),
            }
            table = Some(indexed(name, &lists));
        } else if let Some(name) = l.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            table = Some(indexed(name, &lists));
        } else if i + 1 == line
            && let Some((key, _)) = l.split_once(" = ")
        {
            return Some(match &table {
                Some(table) => format!("{table}.{key}"),
                None => key.to_string(),
            });
        }
    }
    table
}

/// Where `err` is in `text`, and its message there; `None` when the
/// reader gives no place.
pub(crate) fn located(text: &str, err: &toml::de::Error) -> Option<At> {
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
            Some(At {
                line,
                source,
                message,
            })
        }
        None => None,
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

#[cfg(test)]
mod tests {
    use super::key_path;

    #[test]
    fn a_line_of_written_toml_has_its_key_path() {
        let text = "ammo = \"HE\"\n\n[target]\nrange = 5\n\n[[target.units]]\nkind = \"squad\"\n\n[[target.units]]\nmorale = \"7\"\n\n[target.units.x]\ny = 1\n\n[plan]\nphases = [\"PFPh\"]\n";
        let at = |line| key_path(text, line);
        assert_eq!(at(1).as_deref(), Some("ammo"));
        assert_eq!(at(3).as_deref(), Some("target"));
        assert_eq!(at(4).as_deref(), Some("target.range"));
        assert_eq!(at(7).as_deref(), Some("target.units[0].kind"));
        assert_eq!(at(10).as_deref(), Some("target.units[1].morale"));
        assert_eq!(at(13).as_deref(), Some("target.units[1].x.y"));
        assert_eq!(at(16).as_deref(), Some("plan.phases"));
        assert_eq!(key_path("", 1), None);
    }
}
