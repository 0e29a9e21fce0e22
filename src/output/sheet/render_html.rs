//! The sheet page as one HTML document that prints on one page: `@page`
//! sets the paper and margins, tables keep the column widths (mm) the SVG
//! uses, every other row is light grey and printed as such
//! (`print-color-adjust: exact`); no meaning rests on colour.

use std::fmt::Write;

use super::page::{Align, Block, CONTENT_WIDTH, FONT, GAP, Page, Paper, ROW, Table};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn style(paper: Paper) -> String {
    let margin_x = (paper.width_mm() - CONTENT_WIDTH) / 2.0;
    format!(
        r#"@page {{ size: {size}; margin: 8mm {margin_x:.1}mm; }}
html, body {{ margin: 0; padding: 0; background: #fff; color: #000; }}
body {{ font-family: "DejaVu Sans", sans-serif; font-size: {FONT}mm; width: {CONTENT_WIDTH}mm;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
@media screen {{ body {{ margin: 8mm auto; }} }}
h1 {{ font-size: 4.2mm; margin: 0 0 0.6mm; }}
p.sub {{ font-size: 2.6mm; margin: 0 0 3.2mm; }}
div.row {{ display: flex; gap: {GAP}mm; align-items: flex-start; margin-bottom: 3mm; }}
table {{ border-collapse: collapse; table-layout: fixed; border: 0.35mm solid #000; }}
caption {{ caption-side: top; text-align: left; font-weight: bold; font-size: 2.75mm;
  padding: 0 0 0.9mm; white-space: nowrap; }}
th, td {{ border: 0.12mm solid #555; height: {row:.2}mm; padding: 0 0.4mm; text-align: center;
  white-space: nowrap; overflow: hidden; line-height: 1; }}
thead tr:last-child th {{ border-bottom: 0.35mm solid #000; }}
tbody tr:nth-child(even) td {{ background: #e6e6e6; }}
td.l {{ text-align: left; padding-left: 0.9mm; }}
th.b, td.b {{ font-weight: bold; }}
td:not(.b) {{ font-weight: normal; }}
.h {{ border-left: 0.35mm solid #000; }}
tr.g td {{ border-top: 0.35mm solid #000; }}
h2 {{ font-size: 2.75mm; margin: 0 0 0.9mm; }}
p.note {{ margin: 0 0 0.9mm; line-height: 1.3; }}
p.foot {{ font-size: {foot:.2}mm; margin: 2.4mm 0 0; }}
"#,
        size = paper.css_size(),
        foot = FONT * 0.9,
        // The cell's share of the row: the rest is its borders.
        row = ROW - 0.12,
    )
}

fn table(out: &mut String, t: &Table) {
    let _ = writeln!(
        out,
        "<table style=\"width:{:.2}mm\"><caption>{}</caption>",
        t.width(),
        escape(&t.title)
    );
    out.push_str("<colgroup>");
    for w in &t.widths {
        let _ = write!(out, "<col style=\"width:{w:.2}mm\">");
    }
    out.push_str("</colgroup>\n<thead>\n");
    for cells in &t.head {
        out.push_str("<tr>");
        let mut col = 0;
        for h in cells {
            let class = if col > 0 && t.heavy_columns.contains(&col) {
                " class=\"h\""
            } else {
                ""
            };
            let span = if h.span > 1 {
                format!(" colspan=\"{}\"", h.span)
            } else {
                String::new()
            };
            let _ = write!(out, "<th{class}{span}>{}</th>", escape(&h.text));
            col += h.span;
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</thead>\n<tbody>\n");
    for (r, cells) in t.rows.iter().enumerate() {
        let group = t.row_group > 1 && r > 0 && r % t.row_group == 0;
        out.push_str(if group { "<tr class=\"g\">" } else { "<tr>" });
        for (c, cell) in cells.iter().enumerate() {
            let mut classes = Vec::new();
            if cell.bold {
                classes.push("b");
            }
            if cell.align == Align::Left {
                classes.push("l");
            }
            if c > 0 && t.heavy_columns.contains(&c) {
                classes.push("h");
            }
            let class = if classes.is_empty() {
                String::new()
            } else {
                format!(" class=\"{}\"", classes.join(" "))
            };
            let _ = write!(out, "<td{class}>{}</td>", escape(&cell.text));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// The page as an HTML document for this paper.
pub fn render(page: &Page, paper: Paper) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>",
        escape(&page.title),
        style(paper)
    );
    let _ = writeln!(out, "<h1>{}</h1>", escape(&page.title));
    let _ = writeln!(out, "<p class=\"sub\">{}</p>", escape(&page.subtitle));
    for block in &page.blocks {
        match block {
            Block::Tables(tables) => {
                out.push_str("<div class=\"row\">\n");
                for t in tables {
                    table(&mut out, t);
                }
                out.push_str("</div>\n");
            }
            Block::Notes { title, lines } => {
                let _ = writeln!(out, "<h2>{}</h2>", escape(title));
                for l in lines {
                    let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(l));
                }
            }
        }
    }
    let _ = writeln!(out, "<p class=\"foot\">{}</p>", escape(&page.footer));
    out.push_str("</body>\n</html>\n");
    out
}
