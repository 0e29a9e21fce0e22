//! The sheet page as SVG: hand-written `text`, `rect` and `line` elements on
//! a page of the paper's size (width and height in mm or in, a viewBox in
//! mm). Black on white, headings bold, every other row light grey; no
//! meaning rests on colour.

use std::fmt::Write;

use super::page::{Align, Block, CONTENT_WIDTH, FONT, GAP, Page, Paper, ROW, Table, wrap};

const TITLE_FONT: f64 = 4.2;
const SUBTITLE_FONT: f64 = 2.6;
const TABLE_TITLE_FONT: f64 = 2.75;
const TABLE_TITLE_HEIGHT: f64 = 4.0;
const BLOCK_GAP: f64 = 3.0;
const NOTE_LINE: f64 = FONT * 1.3;
const TOP_MARGIN: f64 = 8.0;
const SHADE: &str = "#e6e6e6";
const THIN: &str = "stroke=\"#555\" stroke-width=\"0.12\"";
const HEAVY: &str = "stroke=\"#000\" stroke-width=\"0.35\"";
const FAMILY: &str = "DejaVu Sans, sans-serif";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn text(out: &mut String, x: f64, y: f64, size: f64, bold: bool, anchor: &str, s: &str) {
    let weight = if bold { " font-weight=\"bold\"" } else { "" };
    let _ = writeln!(
        out,
        "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size:.2}\"{weight} text-anchor=\"{anchor}\">{}</text>",
        escape(s)
    );
}

fn line(out: &mut String, x1: f64, y1: f64, x2: f64, y2: f64, style: &str) {
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" {style}/>"
    );
}

/// The baseline that centres text of size `size` in a row starting at `top`.
fn baseline(top: f64, height: f64, size: f64) -> f64 {
    top + height / 2.0 + size * 0.36
}

/// Height of a table as drawn, title included.
pub fn table_height(t: &Table) -> f64 {
    TABLE_TITLE_HEIGHT + ROW * (t.head.len() + t.rows.len()) as f64
}

fn draw_table(out: &mut String, t: &Table, x: f64, y: f64) {
    text(
        out,
        x,
        y + TABLE_TITLE_FONT,
        TABLE_TITLE_FONT,
        true,
        "start",
        &t.title,
    );
    let top = y + TABLE_TITLE_HEIGHT;
    let width = t.width();
    let edges: Vec<f64> = std::iter::once(x)
        .chain(t.widths.iter().scan(x, |acc, w| {
            *acc += w;
            Some(*acc)
        }))
        .collect();
    // Shading first, so the rules are drawn over it.
    let body = top + ROW * t.head.len() as f64;
    for i in (1..t.rows.len()).step_by(2) {
        let _ = writeln!(
            out,
            "<rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{width:.2}\" height=\"{ROW:.2}\" fill=\"{SHADE}\"/>",
            body + ROW * i as f64
        );
    }
    // Header rows: bold, centred over their span.
    for (r, cells) in t.head.iter().enumerate() {
        let row_top = top + ROW * r as f64;
        let mut col = 0;
        for h in cells {
            let (left, right) = (edges[col], edges[(col + h.span).min(t.widths.len())]);
            if !h.text.is_empty() {
                text(
                    out,
                    (left + right) / 2.0,
                    baseline(row_top, ROW, FONT),
                    FONT,
                    true,
                    "middle",
                    &h.text,
                );
            }
            if col > 0 {
                let style = if t.heavy_columns.contains(&col) {
                    HEAVY
                } else {
                    THIN
                };
                line(out, left, row_top, left, row_top + ROW, style);
            }
            col += h.span;
        }
        if r > 0 {
            line(out, x, row_top, x + width, row_top, THIN);
        }
    }
    // Body rows.
    for (r, cells) in t.rows.iter().enumerate() {
        let row_top = body + ROW * r as f64;
        for (c, cell) in cells.iter().enumerate() {
            let (left, right) = (edges[c], edges[c + 1]);
            let (tx, anchor) = match cell.align {
                Align::Left => (left + 0.9, "start"),
                Align::Center => ((left + right) / 2.0, "middle"),
            };
            if !cell.text.is_empty() {
                text(
                    out,
                    tx,
                    baseline(row_top, ROW, FONT),
                    FONT,
                    cell.bold,
                    anchor,
                    &cell.text,
                );
            }
        }
        if r > 0 {
            let heavy = t.row_group > 1 && r % t.row_group == 0;
            line(
                out,
                x,
                row_top,
                x + width,
                row_top,
                if heavy { HEAVY } else { THIN },
            );
        }
    }
    let bottom = body + ROW * t.rows.len() as f64;
    for (c, &edge) in edges.iter().enumerate().skip(1).take(t.widths.len() - 1) {
        let style = if t.heavy_columns.contains(&c) {
            HEAVY
        } else {
            THIN
        };
        line(out, edge, body, edge, bottom, style);
    }
    // Under the header, and the frame.
    line(out, x, body, x + width, body, HEAVY);
    let _ = writeln!(
        out,
        "<rect x=\"{x:.2}\" y=\"{top:.2}\" width=\"{width:.2}\" height=\"{:.2}\" fill=\"none\" {HEAVY}/>",
        bottom - top
    );
}

/// The page as an SVG document of the paper's size.
pub fn render(page: &Page, paper: Paper) -> String {
    let (w, h) = (paper.width_mm(), paper.height_mm());
    let (sw, sh) = paper.svg_size();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{sw}\" height=\"{sh}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FAMILY}\" fill=\"#000\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&page.title));
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    let x0 = (w - CONTENT_WIDTH) / 2.0;
    let mut y = TOP_MARGIN;
    text(
        &mut out,
        x0,
        y + TITLE_FONT * 0.8,
        TITLE_FONT,
        true,
        "start",
        &page.title,
    );
    y += TITLE_FONT * 1.15;
    text(
        &mut out,
        x0,
        y + SUBTITLE_FONT,
        SUBTITLE_FONT,
        false,
        "start",
        &page.subtitle,
    );
    y += SUBTITLE_FONT * 1.3 + BLOCK_GAP;
    for block in &page.blocks {
        match block {
            Block::Tables(tables) => {
                let mut x = x0;
                let mut height: f64 = 0.0;
                for t in tables {
                    draw_table(&mut out, t, x, y);
                    x += t.width() + GAP;
                    height = height.max(table_height(t));
                }
                y += height + BLOCK_GAP;
            }
            Block::Notes { title, lines } => {
                text(
                    &mut out,
                    x0,
                    y + TABLE_TITLE_FONT,
                    TABLE_TITLE_FONT,
                    true,
                    "start",
                    title,
                );
                y += TABLE_TITLE_HEIGHT;
                for note in lines {
                    for l in wrap(note, CONTENT_WIDTH, FONT) {
                        text(&mut out, x0, y + FONT, FONT, false, "start", &l);
                        y += NOTE_LINE;
                    }
                    y += NOTE_LINE * 0.3;
                }
                y += BLOCK_GAP;
            }
        }
    }
    text(
        &mut out,
        x0,
        y + FONT,
        FONT * 0.9,
        false,
        "start",
        &page.footer,
    );
    out.push_str("</svg>\n");
    out
}
