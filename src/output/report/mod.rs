//! What the program shows a player: plain-text tables and JSON, built from
//! the rules' exact results. Floats appear here and only here.

pub mod charts;
pub mod compare;
pub mod dc;
pub(crate) mod legend;
pub(crate) mod measures;
pub mod notes;
pub mod plan;
pub mod push;
pub mod shot;
pub(crate) mod unit_facts;
pub mod worth;

use serde::{Serialize, Serializer};

use crate::prob::Prob;
use crate::rules::to_hit::Modifier;

/// A probability in JSON: `{"exact": "325/1296", "value": 0.2508}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbJson {
    pub(crate) exact: String,
    pub(crate) value: f64,
}

impl From<&Prob> for ProbJson {
    fn from(p: &Prob) -> Self {
        ProbJson {
            exact: p.exact_string(),
            value: p.to_f64(),
        }
    }
}

impl From<Prob> for ProbJson {
    fn from(p: Prob) -> Self {
        ProbJson::from(&p)
    }
}

/// One entry of a list of counts: the count `n` (`or_more`: `n` or
/// more) and its figure `p`, what the list's key says (P(shots = n), P(at
/// least n units out of action)): a [`ProbJson`] in a shot's report, a
/// `plan::FigureJson` in a plan's.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct CountJson<P> {
    pub(crate) n: usize,
    /// True for the last bucket: "n or more".
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) or_more: bool,
    pub(crate) p: P,
}

/// The hex's odds in a report, with its figures as in [`CountJson`].
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HexJson<P> {
    pub(crate) p_cleared: P,
    pub(crate) p_all_eliminated: P,
    /// `{"n": k, "p": ...}`: at least k enemy units out of action.
    pub(crate) at_least_out_of_action: Vec<CountJson<P>>,
}

/// DRM in JSON: `[{"rule": "C5.61", "what": "Case F: Intensive Fire",
/// "drm": 2}]` (in the one scheme, `value` is only ever the decimal of an
/// exact figure).
pub(crate) fn drm_json<S: Serializer>(list: &[Modifier], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Drm<'a> {
        rule: &'a str,
        what: &'a str,
        drm: i8,
    }
    s.collect_seq(list.iter().map(|m| Drm {
        rule: m.rule,
        what: m.what,
        drm: m.value,
    }))
}

/// The C4 modifications of the Basic TH# in JSON: `[{"rule", "what",
/// "to_hit_number_change"}]`.
pub(crate) fn to_hit_changes_json<S: Serializer>(
    list: &[Modifier],
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Change<'a> {
        rule: &'a str,
        what: &'a str,
        to_hit_number_change: i8,
    }
    s.collect_seq(list.iter().map(|m| Change {
        rule: m.rule,
        what: m.what,
        to_hit_number_change: m.value,
    }))
}

/// A value as written in scenario files and JSON ("half-squad", "first-hit").
pub fn kebab<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The version of the JSON documents' shape (`schema_version`, the first
/// key of every document; docs/json.md). Raised whenever a key is renamed,
/// removed or changes meaning.
pub const SCHEMA_VERSION: u32 = 3;

/// A JSON document: `schema_version`, then the report's own keys.
#[derive(Serialize)]
struct Versioned<'a, T: Serialize> {
    schema_version: u32,
    #[serde(flatten)]
    report: &'a T,
}

/// A JSON document that is a list: `schema_version`, then the list as `rows`.
#[derive(Serialize)]
struct VersionedRows<'a, T: Serialize> {
    schema_version: u32,
    rows: &'a T,
}

/// A report as pretty JSON with a final newline, `schema_version` first; a
/// report that is a list becomes `{"schema_version": .., "rows": [..]}`.
pub fn pretty_json<T: Serialize>(report: &T) -> String {
    let schema_version = SCHEMA_VERSION;
    serde_json::to_string_pretty(&Versioned {
        schema_version,
        report,
    })
    .or_else(|_| {
        serde_json::to_string_pretty(&VersionedRows {
            schema_version,
            rows: report,
        })
    })
    .expect("a report always serialises")
        + "\n"
}

/// A scenario's short name for captions: the file's stem ("flags" stays).
pub fn scenario_stem(source_name: &str) -> &str {
    let file = source_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(source_name);
    file.strip_suffix(".toml").unwrap_or(file)
}

/// A signed DRM as players write it: "+2", "-1", "0".
pub fn signed(v: i16) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A figure in text: a percentage to two places, or a plain number to
/// `places` decimal places.
pub(crate) fn number(v: f64, percent: bool, places: usize) -> String {
    if percent {
        format!("{:.2}%", v * 100.0)
    } else {
        format!("{v:.places$}")
    }
}

/// Left-aligned text table with a header row.
pub fn text_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let cols = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(cols) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::from("  ");
        for (i, cell) in cells.iter().enumerate() {
            let pad = widths[i] - cell.chars().count();
            s.push_str(cell);
            if i + 1 < cells.len() {
                s.push_str(&" ".repeat(pad + 2));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_document_starts_with_its_schema_version() {
        #[derive(serde::Serialize)]
        struct Doc {
            p_hit: f64,
        }
        assert_eq!(
            super::pretty_json(&Doc { p_hit: 0.5 }),
            "{\n  \"schema_version\": 3,\n  \"p_hit\": 0.5\n}\n"
        );
        let list: serde_json::Value =
            serde_json::from_str(&super::pretty_json(&vec![1, 2])).expect("JSON");
        assert_eq!(
            list,
            serde_json::json!({"schema_version": 3, "rows": [1, 2]})
        );
    }

    #[test]
    fn scenario_stem_drops_folder_and_extension() {
        assert_eq!(
            super::scenario_stem("examples/stack-in-woods.toml"),
            "stack-in-woods"
        );
        assert_eq!(super::scenario_stem("flags"), "flags");
    }
}
