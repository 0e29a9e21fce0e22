//! What the program shows a player: plain-text tables and JSON, built from
//! the rules' exact results. Floats appear here and only here.

pub mod compare;
pub mod plan;
pub mod shot;
pub mod worth;

use serde::Serialize;

use crate::prob::Prob;

/// A probability in JSON: `{"value": 0.2508, "exact": "325/1296"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbJson {
    pub value: f64,
    pub exact: String,
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

/// A signed DRM as players write it: "+2", "-1", "0".
pub fn signed(v: i16) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
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

/// The Markdown index of a report run: one row per scenario with its
/// headline figures, linking the full reports.
pub fn shot_index(entries: &[(String, shot::ShotReport)]) -> String {
    let mut out = String::from(
        "# mortar-odds reports\n\nExact odds of one shot for each example scenario \
         (`mortar-odds report`). Each links its full text and JSON report.\n\n\
         | scenario | mortar | range | TH# | DRM | hit | Critical Hit | keeps ROF | malfunction |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    let pct = |p: &Option<ProbJson>| {
        p.as_ref().map_or("not known".to_string(), |p| {
            format!("{:.2}%", p.value * 100.0)
        })
    };
    for (name, r) in entries {
        out.push_str(&format!(
            "| [{name}](shots/{name}.txt) ([json](shots/{name}.json)) | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.mortar.title,
            r.range,
            r.modified_to_hit_number,
            signed(r.to_hit_drm),
            pct(&Some(r.p_hit.clone())),
            pct(&Some(r.p_critical_hit.clone())),
            pct(&r.p_keep_rof),
            pct(&r.p_malfunction),
        ));
    }
    out
}
