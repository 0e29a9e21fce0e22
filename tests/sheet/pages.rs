//! The sheet's pages: the SVG (well formed, of the paper's size, everything
//! on the page), the HTML, and the `sheet` command.

use super::*;

/// The value of `name="..."` in a tag.
fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')? + start;
    Some(tag[start..end].to_string())
}

fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number {name} in {tag}"))
}

/// Checks the tags nest, and returns every tag with the text after it.
fn parse_tags(svg: &str) -> Vec<(String, String)> {
    let mut stack: Vec<String> = Vec::new();
    let mut tags = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("every tag closes") + open;
        let tag = &rest[open..=close];
        let after = &rest[close + 1..];
        let text = &after[..after.find('<').unwrap_or(after.len())];
        assert!(!text.contains('>'), "a stray > in {text:?}");
        assert!(
            !text
                .replace("&amp;", "")
                .replace("&lt;", "")
                .replace("&gt;", "")
                .replace("&quot;", "")
                .contains('&'),
            "an unescaped & in {text:?}"
        );
        let name: String = tag
            .trim_start_matches(['<', '/'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if tag.starts_with("</") {
            assert_eq!(stack.pop().as_deref(), Some(name.as_str()), "{tag}");
        } else if !tag.ends_with("/>") {
            stack.push(name);
        }
        tags.push((tag.to_string(), text.to_string()));
        rest = after;
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    tags
}

#[test]
fn svg_pages_are_well_formed_of_the_paper_size_and_everything_is_on_the_page() {
    let page = page::page(&SHEET);
    for (paper, w, h, (sw, sh)) in [
        (Paper::A4, 210.0, 297.0, ("210mm", "297mm")),
        (Paper::Letter, 215.9, 279.4, ("8.5in", "11in")),
    ] {
        let svg = render_svg::render(&page, paper);
        let tags = parse_tags(&svg);
        let root = &tags[0].0;
        assert!(root.starts_with("<svg "), "{root}");
        assert_eq!(attr(root, "width").as_deref(), Some(sw));
        assert_eq!(attr(root, "height").as_deref(), Some(sh));
        assert_eq!(attr(root, "viewBox"), Some(format!("0 0 {w} {h}")));
        assert!(attr(root, "font-family").is_some_and(|f| f.starts_with("DejaVu Sans")));
        let margin = 5.0;
        let mut texts = 0;
        for (tag, text) in &tags {
            if tag.starts_with("<text ") {
                texts += 1;
                let (x, y, size) = (num(tag, "x"), num(tag, "y"), num(tag, "font-size"));
                let width = text_width(text, size);
                let (left, right) = match attr(tag, "text-anchor").as_deref() {
                    Some("middle") => (x - width / 2.0, x + width / 2.0),
                    _ => (x, x + width),
                };
                assert!(
                    left >= margin && right <= w - margin && y <= h - margin,
                    "{paper:?}: {text:?} at ({x}, {y}) leaves the page"
                );
            } else if tag.starts_with("<rect ") || tag.starts_with("<line ") {
                let (x2, y2) = if tag.starts_with("<rect ") {
                    (
                        num(tag, "x") + num(tag, "width"),
                        num(tag, "y") + num(tag, "height"),
                    )
                } else {
                    (num(tag, "x2"), num(tag, "y2"))
                };
                assert!(x2 <= w + 1e-9 && y2 <= h + 1e-9, "{paper:?}: {tag}");
            }
        }
        assert!(texts > 500, "{texts} texts");
        // No colour carries meaning: black, white and greys only.
        for (tag, _) in &tags {
            for key in ["fill", "stroke"] {
                if let Some(c) = attr(tag, key) {
                    let grey = c == "none"
                        || (c.len() == 7 && c[1..3] == c[3..5] && c[3..5] == c[5..7])
                        || (c.len() == 4 && c[1..2] == c[2..3] && c[2..3] == c[3..4]);
                    assert!(grey, "{paper:?}: colour {c} in {tag}");
                }
            }
        }
    }
}

#[test]
fn html_pages_set_the_paper_and_hold_every_table() {
    let page = page::page(&SHEET);
    let tables = page
        .blocks
        .iter()
        .map(|b| match b {
            page::Block::Tables(t) => t.len(),
            page::Block::Notes { .. } => 0,
        })
        .sum::<usize>();
    for (paper, size) in [(Paper::A4, "size: A4;"), (Paper::Letter, "size: letter;")] {
        let html = render_html::render(&page, paper);
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains(size), "{paper:?}");
        assert!(html.contains("print-color-adjust: exact"));
        assert_eq!(html.matches("<table").count(), tables);
        assert_eq!(html.matches("</table>").count(), tables);
        assert_eq!(html.matches("<tr").count(), html.matches("</tr>").count());
    }
}

#[test]
fn sheet_command_writes_svg_and_html_for_each_paper() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("sheets");
    let output = mortar_odds()
        .args(["sheet", "--out"])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let mut names: Vec<String> = fs::read_dir(&out)
        .expect("the folder is made")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "sheet-a4.html",
            "sheet-a4.svg",
            "sheet-letter.html",
            "sheet-letter.svg"
        ]
    );
    let svg = fs::read_to_string(out.join("sheet-a4.svg")).expect("svg");
    assert_eq!(svg, render_svg::render(&page::page(&SHEET), Paper::A4));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 4, "{stdout}");

    // One paper, another B#: two files, and the B# is on the sheet.
    let letter = dir.path().join("letter");
    mortar_odds()
        .args(["sheet", "--paper", "letter", "--breakdown", "9", "--out"])
        .arg(&letter)
        .assert()
        .success();
    let html = fs::read_to_string(letter.join("sheet-letter.html")).expect("html");
    assert!(html.contains("B# 9, no Intensive Fire"));
    assert_eq!(fs::read_dir(&letter).expect("folder").count(), 2);
}

#[test]
fn sheet_command_rejects_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A folder inside a file cannot be made.
    let file = dir.path().join("a-file");
    fs::write(&file, "not a folder").expect("write");
    let inside = file.join("sheets");
    let inside_str = inside.to_str().expect("a UTF-8 temp path");
    for (args, names) in [
        (["sheet", "--out", inside_str], "--out"),
        (["sheet", "--breakdown", "13"], "--breakdown"),
        (["sheet", "--paper", "a3"], "--paper"),
    ] {
        let line = refused(&args);
        assert!(line.contains(names), "`{names}` expected in {line}");
    }
    assert!(!inside.exists());
}
