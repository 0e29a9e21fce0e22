//! What the program shows a player: plain-text tables and JSON, built from
//! the rules' exact results. Floats appear here and only here.

pub mod charts;
pub mod compare;
pub mod dc;
pub mod index;
pub(crate) mod legend;
pub mod notes;
pub mod plan;
pub mod push;
pub mod shot;
pub mod worth;

use serde::Serialize;

use crate::prob::Prob;

/// A probability in JSON: `{"value": 0.2508, "exact": "325/1296"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbJson {
    pub(crate) value: f64,
    pub(crate) exact: String,
}

impl From<&Prob> for ProbJson {
    fn from(p: &Prob) -> Self {
        ProbJson {
            value: p.to_f64(),
            exact: p.exact_string(),
        }
    }
}

impl From<Prob> for ProbJson {
    fn from(p: Prob) -> Self {
        ProbJson::from(&p)
    }
}

/// A value as written in scenario files and JSON ("half-squad", "first-hit").
pub fn kebab<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A report as pretty JSON with a final newline.
pub fn pretty_json<T: Serialize>(report: &T) -> String {
    serde_json::to_string_pretty(report).expect("a report always serialises") + "\n"
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
    fn scenario_stem_drops_folder_and_extension() {
        assert_eq!(
            super::scenario_stem("examples/stack-in-woods.toml"),
            "stack-in-woods"
        );
        assert_eq!(super::scenario_stem("flags"), "flags");
    }
}
