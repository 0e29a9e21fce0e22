//! The sheet as a page of formatted tables and notes, shared by the SVG and
//! HTML renderers: `tables` turns every figure of [`Sheet`] into text,
//! once, and writes the legend that says what each figure means. Lengths
//! are in millimetres; the renderers only place and draw.

use crate::analysis::sheet::Sheet;

mod tables;

pub use tables::{IMPROBABLE_MARK, LOWEST_ONLY_MARK};
use tables::{
    caliber_table, critical_table, ift_table, legend, malfunction_table, rof_table, to_hit_tables,
};

/// Paper sizes the sheet is laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// The page width, mm.
    pub fn width_mm(self) -> f64 {
        match self {
            Paper::A4 => 210.0,
            Paper::Letter => 215.9,
        }
    }

    /// The page height, mm.
    pub fn height_mm(self) -> f64 {
        match self {
            Paper::A4 => 297.0,
            Paper::Letter => 279.4,
        }
    }

    /// The page size as SVG `width`/`height` attributes.
    pub fn svg_size(self) -> (&'static str, &'static str) {
        match self {
            Paper::A4 => ("210mm", "297mm"),
            Paper::Letter => ("8.5in", "11in"),
        }
    }

    /// The CSS `@page` size keyword.
    pub fn css_size(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }

    /// The name in file names: `a4`, `letter`.
    pub fn stem(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

/// Width of the printed area every layout fits in, mm.
pub const CONTENT_WIDTH: f64 = 190.0;
/// Body text size, mm (about 6.8 pt).
pub const FONT: f64 = 2.4;
/// Table row height, mm.
pub const ROW: f64 = 3.45;
/// Space between tables side by side, mm.
pub const GAP: f64 = 4.0;

/// How a cell's text sits in its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Flush left: the text of a row label.
    Left,
    /// Centred: headings and figures.
    Center,
}

/// One header cell spanning `span` columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// The heading as printed.
    pub text: String,
    /// How many columns it spans, at least 1.
    pub span: usize,
}

/// One body cell of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The cell as printed: a figure, a label, or blank.
    pub text: String,
    /// Printed bold: the row labels.
    pub bold: bool,
    /// Where the text sits in the column.
    pub align: Align,
}

impl Cell {
    fn label(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            bold: true,
            align: Align::Center,
        }
    }

    fn left(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            bold: false,
            align: Align::Left,
        }
    }

    fn num(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            bold: false,
            align: Align::Center,
        }
    }
}

/// A table: title, header rows, body rows, column widths (mm).
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The caption printed above the table.
    pub title: String,
    /// The header rows, top to bottom.
    pub head: Vec<Vec<Head>>,
    /// The body rows, top to bottom, one cell per column.
    pub rows: Vec<Vec<Cell>>,
    /// The width of each column, mm.
    pub widths: Vec<f64>,
    /// Columns before which a heavy vertical rule is drawn.
    pub heavy_columns: Vec<usize>,
    /// Rows are shaded and ruled in groups of this many (1: every other row).
    pub row_group: usize,
}

impl Table {
    /// The table's whole width: its columns' widths summed, mm.
    pub fn width(&self) -> f64 {
        self.widths.iter().sum()
    }
}

/// A block of the page, top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// Tables side by side, tops aligned.
    Tables(Vec<Table>),
    /// A titled list of notes (each wrapped to the page width).
    Notes {
        /// The heading of the list.
        title: String,
        /// The notes, one paragraph each.
        lines: Vec<String>,
    },
}

/// The laid-out page of an odds sheet, ready for the HTML, SVG or text
/// renderer.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The page's title, at the top.
    pub title: String,
    /// The line under the title: what the figures are.
    pub subtitle: String,
    /// The tables and notes, top to bottom.
    pub blocks: Vec<Block>,
    /// The line at the foot of the page: the program and its version.
    pub footer: String,
}

/// The page of a sheet.
pub fn page(sheet: &Sheet) -> Page {
    Page {
        title: "Mortar odds sheet: ASL mortar fire on the Area Target Type".into(),
        subtitle: "Exact odds from the rules, for one HE shot or one fire phase. Percent unless a fraction is shown.".into(),
        blocks: vec![
            Block::Tables(to_hit_tables(sheet)),
            Block::Tables(vec![rof_table(sheet), malfunction_table(sheet)]),
            Block::Tables(vec![critical_table(sheet), caliber_table(sheet)]),
            Block::Tables(vec![ift_table(sheet)]),
            Block::Notes {
                title: "What the figures are".into(),
                lines: legend(sheet),
            },
        ],
        footer: format!(
            "mortar-odds {}: `mortar-odds sheet` prints this page; `mortar-odds shot` gives any one shot exactly.",
            env!("CARGO_PKG_VERSION")
        ),
    }
}

/// Estimated width of `text` at font size `font` (mm), DejaVu Sans.
pub fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * 0.56
}

/// Splits `text` into lines no wider than `width` mm at font size `font`.
pub fn wrap(text: &str, width: f64, font: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, font) > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The page as plain text, table by table (for tests and diffs).
pub fn to_text(page: &Page) -> String {
    let mut out = format!("{}\n{}\n", page.title, page.subtitle);
    for block in &page.blocks {
        match block {
            Block::Tables(tables) => {
                for t in tables {
                    out.push_str(&format!("\n## {}\n", t.title));
                    for h in &t.head {
                        let cells: Vec<String> = h
                            .iter()
                            .map(|c| {
                                if c.span > 1 {
                                    format!("{} (x{})", c.text, c.span)
                                } else {
                                    c.text.clone()
                                }
                            })
                            .collect();
                        out.push_str(&format!("{}\n", cells.join(" | ")));
                    }
                    for r in &t.rows {
                        let cells: Vec<&str> = r.iter().map(|c| c.text.as_str()).collect();
                        out.push_str(&format!("{}\n", cells.join(" | ")));
                    }
                }
            }
            Block::Notes { title, lines } => {
                out.push_str(&format!("\n## {title}\n"));
                for l in lines {
                    out.push_str(&format!("{l}\n"));
                }
            }
        }
    }
    out.push_str(&format!("\n{}\n", page.footer));
    out
}
