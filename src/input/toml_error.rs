//! A TOML reader's error in the player's words: where it is (a file's
//! line, or the key's path in a JSON request's scenario), what is wrong in
//! words without the program's inner names, and the hints for the usual
//! slips (`[[pushers]]` for `[pushers]`, `range = "2-40"`, another
//! command's file).

use crate::error::shown;

/// One line from a TOML error: "line N (`the line`): message".
pub fn toml_error_line(text: &str, err: &toml::de::Error) -> String {
    match located(text, err, Words::File) {
        Some(at) => format!("line {} (`{}`): {}", at.line, at.source, at.message),
        None => worded(err),
    }
}

/// A TOML error in a text written from a JSON request's scenario
/// (`toml::to_string`): the JSON path of the key at fault under the
/// scenario (`target.units[1].morale`; `None` at its top), and the message
/// in JSON's words.
pub(crate) fn json_error(text: &str, err: &toml::de::Error) -> (Option<String>, String) {
    match located(text, err, Words::Json) {
        // A list where one object or a value goes: the path is the key's,
        // not its first entry's.
        Some(at) => {
            let whole = at.list_for_one || at.list_for_value;
            (key_path(text, at.line, at.key_end, whole), at.message)
        }
        None => (None, worded(err)),
    }
}

/// A phase table as `PhaseSpec`'s messages write it, in TOML.
const PHASE_TABLE: &str = "{ phase = \"PFPh\", max_shots = 1 }";

/// Whose words a message is in: a scenario file's (TOML) or a JSON
/// request's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Words {
    File,
    Json,
}

/// Where a TOML error is, and what it says there.
struct At {
    /// The line, from 1.
    line: usize,
    /// A list was given where one table goes.
    list_for_one: bool,
    /// A list of tables was given where a value goes (`[[target.range]]`).
    list_for_value: bool,
    /// On a header line, where the key at fault ends in the line, when the
    /// reader faults one key of the header (`x` of `[target.x.y]`), not
    /// the table it opens.
    key_end: Option<usize>,
    /// The line's text, trimmed, as a message may show it.
    source: String,
    /// The message, in the player's words and with its hints.
    message: String,
}

/// The names a TOML header or key names, unquoted: `a."b c"` is `a`, `b c`.
fn names(dotted: &str) -> Option<Vec<String>> {
    let table: toml::Table = toml::from_str(&format!("{dotted} = 0")).ok()?;
    let mut out = Vec::new();
    let mut here = &table;
    loop {
        let (name, value) = here.iter().next()?;
        out.push(name.clone());
        match value {
            toml::Value::Table(t) => here = t,
            _ => return Some(out),
        }
    }
}

/// A JSON path of `parts` (each name with its index in a list): a name
/// other than letters, digits, `_` and `-` in brackets, `["a b"]`.
fn json_path(parts: &[(String, Option<usize>)]) -> String {
    let mut out = String::new();
    for (name, index) in parts {
        if !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(name);
        } else {
            out.push_str(&format!("[{}]", serde_json::Value::from(name.as_str())));
        }
        if let Some(i) = index {
            out.push_str(&format!("[{i}]"));
        }
    }
    out
}

/// The JSON path of the key on `line` (from 1) of a TOML text as
/// `toml::to_string` writes it (a `[table]` or `[[list]]` header, then its
/// `key = value` lines): `target.units[0].morale`; a header line's own
/// path on a header, or with `key_end` the path of the header's key that
/// ends there (`target.x` of `[target.x.y]`: a key holding only tables is
/// written as a header of its inner table). `whole`: the key itself is at
/// fault, not one entry of its list. The reader places an error in any
/// entry of a list of more than one entry (a bad phase table) at the
/// list's first header: there too the path names the list, without an
/// index. `None` before any key or header.
pub(crate) fn key_path(
    text: &str,
    line: usize,
    key_end: Option<usize>,
    whole: bool,
) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let list_header = |l: &str| {
        l.strip_prefix("[[")
            .and_then(|s| s.strip_suffix("]]"))
            .and_then(names)
    };
    let table_header = |l: &str| {
        l.strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .and_then(names)
    };
    // Each list of tables by its names, with its entries so far.
    let mut lists: Vec<(Vec<String>, usize)> = Vec::new();
    let indexed = |names: &[String], lists: &[(Vec<String>, usize)]| {
        (1..=names.len())
            .map(|n| {
                let index = lists
                    .iter()
                    .find(|(l, _)| l[..] == names[..n])
                    .map(|(_, count)| count - 1);
                (names[n - 1].clone(), index)
            })
            .collect::<Vec<_>>()
    };
    let mut path: Option<Vec<(String, Option<usize>)>> = None;
    let mut whole = whole;
    for (i, raw) in lines.iter().enumerate().take(line) {
        let l = raw.trim();
        let here = i + 1 == line;
        let list = list_header(l);
        if let Some(header) = &list {
            match lists.iter_mut().find(|(l, _)| l == header) {
                Some((_, n)) => *n += 1,
                None => lists.push((header.clone(), 1)),
            }
        }
        if let (true, Some(end)) = (here, key_end) {
            let key = names(raw.get(..end)?.trim().trim_start_matches('['))?;
            path = Some(indexed(&key, &lists));
            whole = true;
        } else if let Some(header) = list.clone().or_else(|| table_header(l)) {
            path = Some(indexed(&header, &lists));
            let entries = lines
                .iter()
                .filter(|l| list_header(l.trim()) == list)
                .count();
            whole |= here && list.is_some() && entries > 1;
        } else if here {
            let key = toml::from_str::<toml::Table>(l)
                .ok()
                .and_then(|t| t.keys().next().cloned())
                .or_else(|| l.split_once(" = ").map(|(k, _)| k.to_string()))?;
            path.get_or_insert_with(Vec::new).push((key, None));
        }
    }
    let mut path = path?;
    if whole && let Some(last) = path.last_mut() {
        last.1 = None;
    }
    Some(json_path(&path))
}

/// The reader's message of `err` in the player's words, on one line.
fn worded(err: &toml::de::Error) -> String {
    in_players_words(&err.message().trim().replace('\n', " "))
}

/// Where `err` is in `text`, and its message there in `words`, with the
/// hint for a usual slip; `None` when the reader gives no place.
fn located(text: &str, err: &toml::de::Error, words: Words) -> Option<At> {
    let raw = err.message().trim().replace('\n', " ");
    let message = in_players_words(&raw);
    let span = err.span()?;
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let source = shown(text.lines().nth(line - 1).unwrap_or_default().trim());
    let json = words == Words::Json;
    let at = text.get(span.clone()).unwrap_or_default().trim_start();
    // A list where one table goes: `[[pushers]]` where `[pushers]` goes,
    // whose first entry the reader took for the table's first field.
    let list_for_one = source.starts_with("[[") && raw.starts_with("invalid type: map");
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let key_end = (source.starts_with('[') && !at.starts_with('['))
        .then(|| span.end.saturating_sub(line_start));
    let message = match source.strip_prefix("[[").and_then(|s| s.strip_suffix("]]")) {
        Some(name) if list_for_one && !json => {
            format!("a list of tables where one table goes: write [{name}], with single brackets")
        }
        _ if list_for_one => {
            "a list where one object goes: give an object, {...}, not a list".into()
        }
        // A list's table where the list goes.
        _ if json && raw.starts_with("invalid type: map, expected a sequence") => {
            "one object where a list goes: give a list of objects, [{...}]".into()
        }
        // `range = "2-40"`, as the command line writes it.
        _ if source.starts_with("range")
            && message.starts_with("invalid type: string")
            && message.ends_with("expected a list in brackets") =>
        {
            if json {
                "a printed range is a list of two numbers: \"range\": [2, 40]".into()
            } else {
                "a printed range is a list of two numbers: range = [2, 40] (the command line's --range-limits 2-40)".into()
            }
        }
        // A vehicle's keys in `[target]`, the hex (whose keys include
        // `range`): they go with the vehicle.
        _ if (message.starts_with("unknown field `size`")
            || message.starts_with("unknown field `moving_vehicle`"))
            && message.contains("`range`") =>
        {
            let list = if json {
                "target.units"
            } else {
                "[[target.units]]"
            };
            format!("{message}; a vehicle's size and moving_vehicle go with it in {list}")
        }
        // A phase table's example, in JSON.
        _ if json && message.contains(PHASE_TABLE) => {
            message.replace(PHASE_TABLE, r#"{"phase": "PFPh", "max_shots": 1}"#)
        }
        _ => match other_command(&message) {
            Some((_, endpoint)) if json => format!("{message}; this is a scenario for {endpoint}"),
            Some((command, _)) => format!("{message}; this is a file for `mortar-odds {command}`"),
            None => message,
        },
    };
    // JSON has objects where TOML has tables.
    let message = if json {
        message
            .replace("a phase table", "a phase object")
            .replace("a table", "an object")
    } else {
        message
    };
    Some(At {
        line,
        list_for_one,
        list_for_value: at.starts_with("[[") && raw.starts_with("invalid type: sequence"),
        key_end,
        source,
        message,
    })
}

/// The commands whose files have their own top-level keys: each one's
/// API endpoint, keys, and the end of the reader's message refusing a key
/// at its top.
const FILES: [(&str, &str, &[&str], &str); 3] = [
    (
        "shot` or `plan",
        "`/api/shot` or `/api/plan`",
        &["ammo", "mortar", "firer", "target", "plan"],
        "expected one of `ammo`, `mortar`, `firer`, `target`, `plan`",
    ),
    ("dc", "`/api/dc`", &["dc"], "expected `dc`"),
    (
        "push",
        "`/api/push`",
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

/// The command (and API endpoint) whose file this is, when `message`
/// refuses at the top of one command's file a key at the top of another's
/// (a `[dc]` given to `shot`).
fn other_command(message: &str) -> Option<(&'static str, &'static str)> {
    let key = message.strip_prefix("unknown field `")?.split('`').next()?;
    let (_, _, ours, _) = FILES
        .iter()
        .find(|(_, _, _, refusal)| message.ends_with(refusal))?;
    let (command, endpoint, _, _) = FILES
        .iter()
        .find(|(_, _, keys, _)| keys.contains(&key) && !ours.contains(&key))?;
    Some((command, endpoint))
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
        let at = |line| key_path(text, line, None, false);
        assert_eq!(at(1).as_deref(), Some("ammo"));
        assert_eq!(at(3).as_deref(), Some("target"));
        assert_eq!(at(4).as_deref(), Some("target.range"));
        assert_eq!(at(7).as_deref(), Some("target.units[0].kind"));
        assert_eq!(at(10).as_deref(), Some("target.units[1].morale"));
        assert_eq!(at(13).as_deref(), Some("target.units[1].x.y"));
        assert_eq!(at(16).as_deref(), Some("plan.phases"));
        assert_eq!(key_path("", 1, None, false), None);
    }

    #[test]
    fn a_list_header_of_many_entries_and_quoted_keys_have_their_path() {
        // The reader places an error in any phase table at the first
        // header: with two entries the path names the list.
        let text = "[[plan.phases]]\nphase = \"PFPh\"\n\n[[plan.phases]]\nphase = \"DFPh\"\n";
        assert_eq!(
            key_path(text, 1, None, false).as_deref(),
            Some("plan.phases")
        );
        assert_eq!(
            key_path(text, 5, None, false).as_deref(),
            Some("plan.phases[1].phase")
        );
        let one = "[[plan.phases]]\nphase = \"PFPh\"\n";
        assert_eq!(
            key_path(one, 1, None, false).as_deref(),
            Some("plan.phases[0]")
        );
        let quoted = "[target]\n\"a = b\" = 1\n\n[[target.units]]\n\"mörale\" = 7\n";
        assert_eq!(
            key_path(quoted, 2, None, false).as_deref(),
            Some(r#"target["a = b"]"#)
        );
        assert_eq!(
            key_path(quoted, 5, None, false).as_deref(),
            Some("target.units[0].mörale")
        );
    }

    #[test]
    fn a_key_of_a_header_is_named_up_to_where_the_reader_faults_it() {
        // `"x": {"y": {"z": 1}}` is written `[target.x.y]`: a fault in `x`
        // (its span ends at column 9) names `target.x`, not `target.x.y`.
        let text = "[target]\nrange = 3\n\n[target.x.y]\nz = 1\n";
        assert_eq!(
            key_path(text, 4, Some(9), false).as_deref(),
            Some("target.x")
        );
        let units = "[[target.units]]\nkind = \"squad\"\n\n[[target.units]]\nkind = \"squad\"\n\n[target.units.x.y]\nz = 1\n";
        assert_eq!(
            key_path(units, 7, Some(15), false).as_deref(),
            Some("target.units[1].x")
        );
    }
}
