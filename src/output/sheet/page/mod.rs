//! The sheet as a page of formatted tables and notes, shared by the SVG and
//! HTML renderers: every figure of [`Sheet`] is turned into text here, once,
//! and the legend that says what each figure means is written here.
//! Lengths are in millimetres; the renderers only place and draw.

use crate::analysis::sheet::{IFT_COLUMNS, IFT_DRMS, Sheet, SquadOutcomes, TO_HIT_DRMS};
use crate::prob::Prob;
use crate::rules::to_hit::HitMode;

/// Paper sizes the sheet is laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    pub fn width_mm(self) -> f64 {
        match self {
            Paper::A4 => 210.0,
            Paper::Letter => 215.9,
        }
    }

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
}

/// One header cell spanning `span` columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    pub text: String,
    pub span: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub bold: bool,
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
    pub title: String,
    pub head: Vec<Vec<Head>>,
    pub rows: Vec<Vec<Cell>>,
    pub widths: Vec<f64>,
    /// Columns before which a heavy vertical rule is drawn.
    pub heavy_columns: Vec<usize>,
    /// Rows are shaded and ruled in groups of this many (1: every other row).
    pub row_group: usize,
}

impl Table {
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
    Notes { title: String, lines: Vec<String> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub title: String,
    pub subtitle: String,
    pub blocks: Vec<Block>,
    pub footer: String,
}

/// A percentage with one decimal ("58.3").
fn pct1(p: &Prob) -> String {
    format!("{:.1}", p.to_f64() * 100.0)
}

/// A whole percentage; "–" exactly 0, "<1" and ">99" for figures that
/// would round to 0 or 100 but are not.
fn pct0(p: &Prob) -> String {
    let v = p.to_f64() * 100.0;
    if p.is_zero() {
        "–".into()
    } else if *p == Prob::one() {
        "100".into()
    } else if v < 0.5 {
        "<1".into()
    } else if v >= 99.5 {
        ">99".into()
    } else {
        format!("{v:.0}")
    }
}

/// An exact fraction: "0", "1" or "n/d".
fn frac(p: &Prob) -> String {
    if p.is_zero() {
        "0".into()
    } else if *p == Prob::one() {
        "1".into()
    } else {
        p.exact_string()
    }
}

/// An exact fraction and its percentage ("1/6 16.7"), or "0".
fn frac_pct(p: &Prob) -> String {
    if p.is_zero() {
        "0".into()
    } else {
        format!("{} {}", frac(p), pct1(p))
    }
}

/// An exact expectation: "2", or "1.20 (6/5)".
fn expectation(p: &Prob) -> String {
    if p.denom() == 1.into() {
        p.numer().to_string()
    } else {
        format!("{:.2} ({})", p.to_f64(), frac(p))
    }
}

fn signed(n: i16) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Marks of To Hit cells where an Original 2 needs a subsequent dr.
pub const LOWEST_ONLY_MARK: &str = "†";
pub const IMPROBABLE_MARK: &str = "‡";

fn mode_mark(mode: HitMode) -> &'static str {
    match mode {
        HitMode::Normal => "",
        HitMode::LowestOnly => LOWEST_ONLY_MARK,
        HitMode::Improbable => IMPROBABLE_MARK,
    }
}

fn to_hit_tables(sheet: &Sheet) -> Vec<Table> {
    sheet
        .to_hit
        .iter()
        .map(|t| {
            let n = t.columns.len();
            let mut widths = vec![9.0];
            widths.extend(std::iter::repeat_n(10.5, n));
            let mut head = vec![
                Head {
                    text: "hexes".into(),
                    span: 1,
                },
                Head {
                    text: "TH#".into(),
                    span: 1,
                },
            ];
            let mut bands = vec![head.remove(0)];
            bands.extend(t.columns.iter().map(|c| Head {
                text: c.ranges.clone(),
                span: 1,
            }));
            let mut numbers = vec![head.remove(0)];
            numbers.extend(t.columns.iter().map(|c| Head {
                text: c.to_hit_number.to_string(),
                span: 1,
            }));
            let rows = TO_HIT_DRMS
                .iter()
                .enumerate()
                .map(|(i, &drm)| {
                    let mut row = vec![Cell::label(signed(drm))];
                    row.extend(t.columns.iter().map(|c| {
                        let cell = &c.cells[i];
                        Cell::num(format!("{}{}", pct1(&cell.p_hit), mode_mark(cell.mode)))
                    }));
                    row
                })
                .collect();
            Table {
                title: format!("To Hit %, {}", t.class),
                head: vec![bands, numbers],
                rows,
                widths,
                heavy_columns: vec![1],
                row_group: 1,
            }
        })
        .collect()
}

fn head(texts: &[&str]) -> Vec<Head> {
    texts
        .iter()
        .map(|t| Head {
            text: (*t).into(),
            span: 1,
        })
        .collect()
}

fn rof_table(sheet: &Sheet) -> Table {
    let mut rows = Vec::new();
    for r in &sheet.rof {
        let mut row = vec![Cell::label(r.rof.to_string())];
        for f in [&r.direct, &r.spotted] {
            row.push(Cell::num(f.effective_rof.to_string()));
            row.push(Cell::num(frac_pct(&f.p_keep)));
            row.push(Cell::num(expectation(&f.expected_shots)));
            row.push(Cell::num(pct1(&f.p_two_or_more)));
            row.push(Cell::num(pct1(&f.p_three_or_more)));
        }
        rows.push(row);
    }
    let side = ["eff.", "kept %", "shots", "2+ %", "3+ %"];
    let mut sub = head(&["ROF"]);
    sub.extend(head(&side));
    sub.extend(head(&side));
    Table {
        title: format!(
            "Rate of Fire: one fire phase (B# {}, no Intensive Fire)",
            sheet.params.breakdown
        ),
        head: vec![
            vec![
                Head {
                    text: "".into(),
                    span: 1,
                },
                Head {
                    text: "direct fire".into(),
                    span: 5,
                },
                Head {
                    text: "spotted fire (C9.31)".into(),
                    span: 5,
                },
            ],
            sub,
        ],
        rows,
        widths: vec![8.0, 6.5, 13.0, 14.0, 7.5, 7.5, 6.5, 13.0, 14.0, 7.5, 7.5],
        heavy_columns: vec![1, 6],
        row_group: 1,
    }
}

fn critical_table(sheet: &Sheet) -> Table {
    let rows = sheet
        .criticals
        .iter()
        .map(|c| {
            let what = match c.mode {
                HitMode::Normal => "Original 3 would hit too".to_string(),
                HitMode::LowestOnly => format!("{LOWEST_ONLY_MARK} only an Original 2 hits (C3.7)"),
                HitMode::Improbable => format!("{IMPROBABLE_MARK} an Original 2 misses (C3.6)"),
            };
            let dr = match c.mode {
                HitMode::Normal => "none",
                HitMode::LowestOnly => "1 CH, 2-6 hit",
                HitMode::Improbable => "1 CH, 2-3 hit",
            };
            vec![
                Cell::left(what),
                Cell::num(dr),
                Cell::num(frac_pct(&c.p_critical)),
                Cell::num(match c.mode {
                    HitMode::Normal => "see To Hit".to_string(),
                    _ => frac_pct(&c.p_hit),
                }),
            ]
        })
        .collect();
    Table {
        title: "Critical Hits: one shot (C3.7)".into(),
        head: vec![head(&["when", "dr after Orig. 2", "P(CH) %", "P(hit) %"])],
        rows,
        widths: vec![40.0, 19.0, 15.0, 19.0],
        heavy_columns: vec![],
        row_group: 1,
    }
}

fn malfunction_table(sheet: &Sheet) -> Table {
    let rows = sheet
        .malfunction
        .iter()
        .map(|m| {
            let f = |p: &Prob| Cell::num(frac_pct(p));
            vec![
                Cell::label(m.breakdown.to_string()),
                f(&m.p_malfunction),
                f(&m.lowered2_malfunction),
                f(&m.lowered2_removed),
                f(&m.lowered4_malfunction),
                f(&m.lowered4_removed),
            ]
        })
        .collect();
    Table {
        title: "Malfunction: one shot (A.11)".into(),
        head: vec![
            vec![
                Head {
                    text: "".into(),
                    span: 2,
                },
                Head {
                    text: "B# -2".into(),
                    span: 2,
                },
                Head {
                    text: "B# -4".into(),
                    span: 2,
                },
            ],
            head(&["B#", "malf. %", "malf. %", "X# %", "malf. %", "X# %"]),
        ],
        rows,
        widths: vec![8.0, 14.5, 14.5, 14.5, 14.5, 14.5],
        heavy_columns: vec![1, 2, 4],
        row_group: 1,
    }
}

fn caliber_table(sheet: &Sheet) -> Table {
    let mut hit = vec![Cell::label("hit")];
    let mut critical = vec![Cell::label("CH")];
    let mut top = vec![Head {
        text: "mm".into(),
        span: 1,
    }];
    let mut widths = vec![9.0];
    for c in &sheet.calibers {
        let calibers: Vec<String> = c.calibers.iter().map(u16::to_string).collect();
        let label = match c.area_fp {
            Some(fp) => format!("{} ({fp} FP)", calibers.join(", ")),
            None => calibers.join(", "),
        };
        // Room for the label at the body font size.
        widths.push((text_width(&label, FONT) + 2.0).max(8.5));
        top.push(Head {
            text: label,
            span: 1,
        });
        hit.push(Cell::num(c.hit_column.to_string()));
        critical.push(Cell::num(if c.critical_drm == 0 {
            c.critical_column.to_string()
        } else {
            format!("{} {}", c.critical_column, signed(c.critical_drm))
        }));
    }
    Table {
        title: "IFT column of a hit (C3.33) and a CH (C3.71)".into(),
        head: vec![top],
        rows: vec![hit, critical],
        widths,
        heavy_columns: vec![1],
        row_group: 1,
    }
}

fn ift_table(sheet: &Sheet) -> Table {
    let mut top = vec![Head {
        text: "".into(),
        span: 2,
    }];
    top.extend(IFT_COLUMNS.iter().map(|c| Head {
        text: format!("{c} FP column"),
        span: 4,
    }));
    let mut sub = head(&["ML", "DRM"]);
    for _ in IFT_COLUMNS {
        sub.extend(head(&["KIA", "CR", "brk", "pin"]));
    }
    let mut rows = Vec::new();
    for t in &sheet.ift {
        for (i, &drm) in IFT_DRMS.iter().enumerate() {
            let ml = if i == 0 {
                t.morale.to_string()
            } else {
                String::new()
            };
            let mut row = vec![Cell::label(ml), Cell::label(signed(drm))];
            for o in &t.rows[i] {
                let SquadOutcomes {
                    eliminated,
                    casualty_reduced,
                    broken,
                    pinned,
                } = o;
                row.extend(
                    [eliminated, casualty_reduced, broken, pinned]
                        .into_iter()
                        .map(|p| Cell::num(pct0(p))),
                );
            }
            rows.push(row);
        }
    }
    let mut widths = vec![7.0, 8.0];
    widths.extend(std::iter::repeat_n(
        (CONTENT_WIDTH - 15.0) / (4 * IFT_COLUMNS.len()) as f64,
        4 * IFT_COLUMNS.len(),
    ));
    Table {
        title: "IFT: a lone squad's worst outcome of one HE hit (not a Critical Hit), %".into(),
        head: vec![top, sub],
        rows,
        widths,
        heavy_columns: (0..=IFT_COLUMNS.len()).map(|i| 2 + 4 * i).collect(),
        row_group: IFT_DRMS.len(),
    }
}

fn legend(sheet: &Sheet) -> Vec<String> {
    vec![
        format!(
            "To Hit %: P(hit), Critical Hits included, of one HE shot (Area Target Type, C3.33). Columns: range bands sharing a Modified TH# (Basic TH# with the C4 rows; ≤ 40mm takes the ≤ 57mm row too, Reading small-caliber-both-rows). Rows: net To Hit DRM, every firer- and target-based DRM summed (spotted fire +2, concealed +2, AFPh +2, Acquisition -1/-2, ...). {LOWEST_ONLY_MARK} only an Original 2 hits; {IMPROBABLE_MARK} improbable hit (see Critical Hits). Printed without \"*\": beyond 12 hexes use the row one DRM lower."
        ),
        format!(
            "Rate of Fire: ROF printed; eff. = effective ROF; kept % = P(the shot keeps Multiple ROF) = P(colored die ≤ effective ROF), hit or miss (C2.24); spotted fire: ROF -1 and +2 To Hit (C9.31). shots = exact expected shots of one mortar in one fire phase (it fires again while it keeps ROF and has not malfunctioned; B# {}, no Intensive Fire); 2+ %, 3+ %: P(at least 2, 3 shots). A pinned firer or Spotter, or a lone SMC: no Multiple ROF.",
            sheet.params.breakdown
        ),
        "Malfunction: B# printed; malf. % = P(Original To Hit DR ≥ effective B#) (the shot is still resolved). B# -2: Intensive Fire (IF, C5.62) or a captured weapon (A21.11); B# -4: both. X#: removed for good (lowered B#, DR ≥ printed B#).".into(),
        "IFT: a squad alone in the hex, no leader, takes one non-Critical HE hit on that column; DRM = net effects DRM (TEM, Air Burst -1, ...; FFNAM, FFMO and Hazardous Movement modify only a Critical Hit's, C.3); ML = Morale Level (its half-squad keeps it). Worst outcome: KIA eliminated, CR Casualty Reduced (broken or not), brk broken, pin pinned; the rest no effect. – exactly 0; <1, >99: not exactly 0 or 100.".into(),
    ]
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
