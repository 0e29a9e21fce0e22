//! `index.md` of the main job: links to every file `mortar-odds report`
//! writes, with the charts shown inline and the headline figures in
//! tables.

use std::fmt::Write;

use crate::output::report::plan::{FigureJson, PlanReport};
use crate::output::report::shot::ShotReport;
use crate::output::report::signed;
use crate::output::report::{ProbJson, number};
use crate::output::table::{OddsRow, Row, WorthRow, schema_markdown};

/// A chart written as `charts/{stem}.png` and `.svg`.
#[derive(Clone, Debug)]
pub struct ChartLink {
    /// The caption shown with the chart.
    pub title: String,
    /// The file name without its extension, under `charts/`.
    pub stem: String,
}

impl ChartLink {
    fn markdown(&self) -> String {
        format!(
            "![{t}](charts/{s}.png)\n\n[PNG](charts/{s}.png) · [SVG](charts/{s}.svg)\n\n",
            t = self.title,
            s = self.stem
        )
    }
}

/// A fire plan of an example scenario and its charts.
pub struct PlanEntry {
    /// The example scenario's name, also its file name under `plans/`.
    pub name: String,
    /// The plan's report, whose headline figures the index tabulates.
    pub report: PlanReport,
    /// The chart of the hits over the plan.
    pub hits: ChartLink,
    /// The chart of P(at least N hits) over the plan.
    pub at_least: ChartLink,
    /// The chart of each unit's fate over the whole plan, when the
    /// scenario gives units.
    pub units: Option<ChartLink>,
}

/// A scenario's report of one kind (`compare/{name}.txt`, `dc/...`) and
/// its chart.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The scenario's name, also the report's file name in its folder.
    pub name: String,
    /// The folder: `compare`, `worth`, `dc` or `push`.
    pub folder: String,
    /// The report's chart.
    pub chart: ChartLink,
    /// The report's text, shown in the index as it prints.
    pub text: Option<String>,
}

impl Entry {
    /// An entry linking `{folder}/{name}.txt` and `.json`, with its chart
    /// and no text shown.
    pub fn new(name: &str, folder: &str, chart: ChartLink) -> Entry {
        Entry {
            name: name.to_string(),
            folder: folder.to_string(),
            chart,
            text: None,
        }
    }

    /// The same, with the report's text shown in the index.
    pub fn with_text(mut self, text: String) -> Entry {
        self.text = Some(text);
        self
    }

    fn markdown(&self) -> String {
        let text = self.text.as_ref().map_or(String::new(), |t| {
            format!("```text\n{}\n```\n\n", t.trim_end())
        });
        format!(
            "### {n}: {t}\n\n[text]({f}/{n}.txt) · [JSON]({f}/{n}.json)\n\n{text}{c}",
            n = self.name,
            t = self.chart.title,
            f = self.folder,
            c = self.chart.markdown()
        )
    }
}

/// Everything the index links.
#[derive(Default)]
pub struct Index {
    /// The To Hit and Critical Hit charts, two per caliber.
    pub to_hit: Vec<ChartLink>,
    /// Each example's one-shot report, by scenario name: the index shows
    /// its Modified TH#, To Hit DRM and key odds.
    pub shots: Vec<(String, ShotReport)>,
    /// The one-shot, per-unit charts of the examples that give units.
    pub unit_charts: Vec<ChartLink>,
    /// The examples' fire plans.
    pub plans: Vec<PlanEntry>,
    /// The mortar comparisons (`compare/`).
    pub compare: Vec<Entry>,
    /// What each DRM is worth (`worth/`).
    pub worth: Vec<Entry>,
    /// The Demolition Charge reports (`dc/`).
    pub dc: Vec<Entry>,
    /// The Gun pushes (`push/`).
    pub push: Vec<Entry>,
    /// Paths of the odds table in each format.
    pub tables: Vec<String>,
    /// Paths of the DRM-worth table in each format.
    pub worth_tables: Vec<String>,
    /// Stems of the odds sheets (`sheets/sheet-a4`).
    pub sheets: Vec<String>,
}

fn pct(p: Option<&ProbJson>) -> String {
    p.map_or("not known".to_string(), |p| {
        format!("{:.2}%", p.value * 100.0)
    })
}

/// An exact figure, with the Monte Carlo estimate beside it.
fn figure(f: &FigureJson, percent: bool) -> String {
    let show = |v: f64| number(v, percent, 3);
    match (f.value, f.mc) {
        (Some(e), Some(m)) => format!("{} (MC {})", show(e), show(m)),
        (Some(e), None) => show(e),
        (None, Some(m)) => format!("MC {}", show(m)),
        (None, None) => "-".into(),
    }
}

impl Index {
    /// The index page, of the scenarios in the folder `examples`.
    pub fn to_markdown(&self, trials: u64, examples: &str) -> String {
        let mut out = format!(
            "# mortar-odds reports\n\n\
             Written by `mortar-odds report` from the scenarios in `{}/`. Every \
             figure is exact (worked out over all dice outcomes) unless marked MC: a \
             Monte Carlo estimate, shown beside the exact figure as a check.\n\n",
            examples.trim_end_matches('/')
        );
        self.sheets_section(&mut out);
        self.to_hit_section(&mut out);
        self.shots_section(&mut out);
        self.plans_section(&mut out, trials);
        Self::entries(
            &mut out,
            "Which mortar? A comparison",
            "The same target and plan for each mortar. Values after `:` in a mortar's name are placeholders given for illustration, listed as \"values you gave\".",
            &self.compare,
        );
        Self::entries(
            &mut out,
            "What each modifier is worth",
            "One shot's key odds with and without each modifier, in percentage points.",
            &self.worth,
        );
        Self::entries(&mut out, "Demolition Charges", "", &self.dc);
        Self::entries(&mut out, "Pushing a Gun", "", &self.push);
        self.tables_section(&mut out);
        out
    }

    fn sheets_section(&self, out: &mut String) {
        out.push_str("## Odds sheets to print\n\n");
        for s in &self.sheets {
            let paper = s.rsplit('-').next().unwrap_or(s).to_uppercase();
            let paper = if paper == "LETTER" {
                "Letter".into()
            } else {
                paper
            };
            let _ = writeln!(out, "- {paper}: [HTML]({s}.html) · [SVG]({s}.svg)");
        }
        out.push_str(
            "\nOne page: To Hit % by range band and net DRM, Rate of Fire, IFT outcomes \
             for squads of morale 6-8, Critical Hit and malfunction odds.\n\n",
        );
    }

    fn to_hit_section(&self, out: &mut String) {
        out.push_str("## To Hit and Critical Hit by DRM\n\n");
        for c in &self.to_hit {
            let _ = write!(out, "### {}\n\n{}", c.title, c.markdown());
        }
    }

    fn shots_section(&self, out: &mut String) {
        out.push_str(
            "## One shot, each example scenario\n\n\
             | scenario | mortar | range | TH# | DRM | hit | Critical Hit | keeps ROF | malfunction |\n\
             |---|---|---|---|---|---|---|---|---|\n",
        );
        for (name, r) in &self.shots {
            let _ = writeln!(
                out,
                "| [{name}](shots/{name}.txt) ([json](shots/{name}.json)) | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.mortar.title,
                r.range,
                r.modified_to_hit_number,
                signed(r.to_hit.drm),
                pct(Some(&r.to_hit.p_hit)),
                pct(Some(&r.to_hit.p_critical_hit)),
                pct(r.p_keep_rof.as_ref()),
                pct(r.p_malfunction.as_ref()),
            );
        }
        out.push('\n');
        for c in &self.unit_charts {
            let _ = write!(
                out,
                "### {}: {}\n\n{}",
                c.stem.trim_end_matches("-shot-units"),
                c.title,
                c.markdown()
            );
        }
    }

    fn plans_section(&self, out: &mut String, trials: u64) {
        if self.plans.is_empty() {
            return;
        }
        let _ = write!(
            out,
            "## Fire plans\n\n\
             Exact engine and Monte Carlo ({trials} trials) side by side.\n\n\
             | scenario | mortar | phases | expected shots | expected hits | P(at least one hit) | P(malfunction) | P(hex cleared) |\n\
             |---|---|---|---|---|---|---|---|\n"
        );
        for p in &self.plans {
            let r = &p.report;
            let phases: Vec<&str> = r.per_phase.iter().map(|ph| ph.phase).collect();
            let _ = writeln!(
                out,
                "| [{n}](plans/{n}.txt) ([json](plans/{n}.json)) | {} | {} | {} | {} | {} | {} | {} |",
                r.mortar.title,
                phases.join(", "),
                figure(&r.expected_shots, false),
                figure(&r.expected_hits, false),
                figure(&r.p_at_least_one_hit, true),
                figure(&r.p_malfunction, true),
                r.hex
                    .as_ref()
                    .map_or("-".into(), |h| figure(&h.p_cleared, true)),
                n = p.name,
            );
        }
        out.push('\n');
        for p in &self.plans {
            let _ = write!(
                out,
                "### {}: {}\n\n{}",
                p.name,
                p.hits.title,
                p.hits.markdown()
            );
            let _ = write!(
                out,
                "### {}: {}\n\n{}",
                p.name,
                p.at_least.title,
                p.at_least.markdown()
            );
            if let Some(u) = &p.units {
                let _ = write!(out, "### {}: {}\n\n{}", p.name, u.title, u.markdown());
            }
        }
    }

    fn entries(out: &mut String, heading: &str, intro: &str, entries: &[Entry]) {
        if entries.is_empty() {
            return;
        }
        let _ = write!(out, "## {heading}\n\n");
        if !intro.is_empty() {
            let _ = write!(out, "{intro}\n\n");
        }
        for e in entries {
            out.push_str(&e.markdown());
        }
    }

    fn tables_section(&self, out: &mut String) {
        out.push_str("## Tables\n\nEvery figure above, one row each, in four formats: ");
        table_files::<OddsRow>(out, &self.tables);
        if !self.worth_tables.is_empty() {
            out.push_str("\nWhat each modifier is worth: ");
            table_files::<WorthRow>(out, &self.worth_tables);
        }
    }
}

/// Links to one table's files (one per format), then the table's columns.
fn table_files<R: Row>(out: &mut String, files: &[String]) {
    let links: Vec<String> = files
        .iter()
        .map(|t| format!("[{}]({t})", t.rsplit('.').next().unwrap_or(t)))
        .collect();
    out.push_str(&links.join(" · "));
    out.push_str(".\n\nColumns:\n\n");
    out.push_str(&schema_markdown::<R>());
}
