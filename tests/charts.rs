//! Charts as a player sees them (issue 13): axes scaled to the data,
//! every bar and segment labelled, distributions cut to their support,
//! titles naming the mortar and range, and SVG text drawn as the same
//! glyph outlines as the PNG, so the SVG needs no font on the viewer's
//! machine. Labels are read back from the SVG's `aria-label`s.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command as Process;
use std::sync::OnceLock;

use common::{MANIFEST_DIR, png_size, report_into, svg_labels};
use mortar_odds::Catalog;
use mortar_odds::analysis::to_hit_curves::to_hit_curves;
use mortar_odds::output::chart::{
    BarChart, LineChart, SIZE, Series, StackedBars, render_png, render_svg,
};
use mortar_odds::output::report::charts::to_hit_charts;

fn lines() -> LineChart {
    LineChart {
        caption: "P(hit) by DRM".into(),
        x_title: "net To Hit DRM".into(),
        y_title: "P(hit)".into(),
        series: vec![
            Series {
                name: "0-6 hexes".into(),
                points: vec![(-2.0, 0.9), (0.0, 0.6), (2.0, 0.3)],
            },
            Series {
                name: "7-12 hexes".into(),
                points: vec![(-2.0, 0.7), (0.0, 0.4), (2.0, 0.1)],
            },
        ],
        signed_x: true,
    }
}

fn has(labels: &[String], want: &str) -> bool {
    labels.iter().any(|l| l == want)
}

#[test]
fn png_and_svg_have_the_stated_size() {
    assert_eq!(png_size(&render_png(&lines(), SIZE).unwrap()), SIZE);
    let svg = render_svg(&lines(), SIZE).unwrap();
    assert!(
        svg.contains(r#"width="960" height="600""#),
        "{}",
        &svg[..200]
    );
}

#[test]
fn bars_and_stacks_render() {
    let bars = BarChart {
        caption: "hits".into(),
        x_title: "hits".into(),
        y_title: "P".into(),
        categories: vec!["0".into(), "1".into(), "2+".into()],
        values: vec![0.5, 0.3, 0.2],
        estimates: Some(vec![
            (0.49, 0.48, 0.5),
            (0.31, 0.3, 0.32),
            (0.2, 0.19, 0.21),
        ]),
        legend: ("exact".into(), "Monte Carlo".into()),
        points: false,
    };
    assert!(render_png(&bars, SIZE).unwrap().len() > 1000);
    let stack = StackedBars {
        caption: "outcomes".into(),
        x_title: "share".into(),
        bars: vec!["4-6-7".into(), "8-1 leader".into()],
        segments: vec![
            ("no effect".into(), vec![0.5, 0.7]),
            ("broken".into(), vec![0.5, 0.3]),
        ],
    };
    assert!(svg_labels(&render_svg(&stack, SIZE).unwrap()).contains(&"8-1 leader".to_string()));
}

#[test]
fn svg_text_is_drawn_as_glyph_outlines_with_its_words_kept() {
    let svg = render_svg(&lines(), SIZE).unwrap();
    assert!(!svg.contains("<text"), "no text left for the viewer's font");
    assert!(!svg.contains("font-family"), "no font named");
    assert!(svg.contains("<defs><path id=\"g"), "glyphs defined once");
    // Every glyph used is defined.
    for used in svg.split(r##"href="#"##).skip(1) {
        let id = used.split('"').next().unwrap();
        assert!(svg.contains(&format!(r#"id="{id}""#)), "{id} is defined");
    }
    let labels = svg_labels(&svg);
    for want in [
        "P(hit) by DRM",
        "7-12 hexes",
        "net To Hit DRM",
        "+2",
        "100%",
    ] {
        assert!(has(&labels, want), "{want} in {labels:?}");
    }
}

/// Issue 13: the Critical Hit chart ran to 100% for values under 3%.
#[test]
fn issue_13_the_critical_hit_axis_is_scaled_to_the_data() {
    let catalog = Catalog::builtin();
    let curves = to_hit_curves(&catalog, 81, "81mm").unwrap();
    let (hit, crit) = to_hit_charts(&curves, "81mm");
    let crit = svg_labels(&render_svg(&crit, SIZE).unwrap());
    // P(CH) is 1/36 = 2.78% at most: the axis tops at 4.0% (room for the
    // legend), in steps of 0.5%.
    assert!(has(&crit, "4.0%"), "{crit:?}");
    assert!(has(&crit, "2.5%"), "{crit:?}");
    assert!(!crit.iter().any(|l| l == "100%" || l == "50%"), "{crit:?}");
    let hit = svg_labels(&render_svg(&hit, SIZE).unwrap());
    assert!(has(&hit, "100%"), "P(hit) reaches 97%: {hit:?}");
}

fn worth_bars() -> BarChart {
    BarChart {
        caption: "What each modifier is worth: my-81mm at 8 hexes, one shot".into(),
        x_title: "modifier".into(),
        y_title: "change in P(hit)".into(),
        categories: vec!["Acquisition -2".into(), "concealed".into()],
        values: vec![0.25, -0.3056],
        estimates: None,
        legend: ("with minus without".into(), String::new()),
        points: true,
    }
}

#[test]
fn bars_carry_their_values() {
    let labels = svg_labels(&render_svg(&worth_bars(), SIZE).unwrap());
    for want in ["+25.0 pts", "-30.6 pts", "Acquisition -2", "concealed"] {
        assert!(has(&labels, want), "{want} in {labels:?}");
    }
}

/// Issue 13: a 6% "eliminated" had no label; now every segment has one,
/// outside the bar when it does not fit inside.
#[test]
fn issue_13_small_segments_are_labelled() {
    let stack = StackedBars {
        caption: "outcomes".into(),
        x_title: "share".into(),
        bars: vec!["4-6-7".into()],
        segments: vec![
            ("no effect".into(), vec![0.9]),
            ("broken".into(), vec![0.06]),
            ("casualty reduced".into(), vec![0.029]),
            ("eliminated".into(), vec![0.011]),
        ],
    };
    let labels = svg_labels(&render_svg(&stack, SIZE).unwrap());
    for want in ["90%", "6.0%", "2.9%", "1.1%", "eliminated"] {
        assert!(has(&labels, want), "{want} in {labels:?}");
    }
}

/// A long title shrinks to fit rather than being cut at the chart's edges.
#[test]
fn a_long_caption_is_kept_whole() {
    let mut chart = lines();
    chart.caption = "What each modifier is worth: Japanese Type 89 50mm heavy grenade launcher at 16 hexes, over the fire plan".into();
    let svg = render_svg(&chart, SIZE).unwrap();
    let labels = svg_labels(&svg);
    assert!(has(&labels, &chart.caption), "{labels:?}");
    // The caption's first glyph starts inside the chart: its group's first
    // `use` is translated to x >= 0.
    let group = svg
        .split(&format!(r#"aria-label="{}""#, chart.caption))
        .nth(1)
        .unwrap();
    let matrix = group.split("matrix(").nth(1).unwrap();
    let x: f64 = matrix.split(' ').nth(4).unwrap().parse().unwrap();
    assert!(x >= 0.0, "caption starts at x = {x}");
}

/// The main job's charts for one fire plan and one Placed DC, made once
/// for the tests that read them.
fn report_charts() -> &'static Path {
    static OUT: OnceLock<tempfile::TempDir> = OnceLock::new();
    OUT.get_or_init(|| {
        let examples = tempfile::tempdir().unwrap();
        let from = Path::new(MANIFEST_DIR).join("examples");
        fs::create_dir(examples.path().join("dc")).unwrap();
        for f in ["plan-spotted-81mm.toml", "dc/placed-stone-building.toml"] {
            fs::copy(from.join(f), examples.path().join(f)).unwrap();
        }
        let out = tempfile::tempdir().unwrap();
        report_into(examples.path(), out.path(), 2000);
        out
    })
    .path()
}

fn report_chart(stem: &str) -> Vec<String> {
    let path = report_charts().join("charts").join(format!("{stem}.svg"));
    svg_labels(&fs::read_to_string(path).unwrap())
}

/// Issue 13: a DC removed without detonating was counted as "no effect".
#[test]
fn issue_13_a_dc_that_does_not_detonate_has_its_own_segment() {
    let labels = report_chart("placed-stone-building-dc-units");
    // Removed on an Original DR of 10+: 1/6. No effect: 29.86% - 16.67%.
    for want in ["not detonated", "17%", "13%", "no effect", "2.9%"] {
        assert!(has(&labels, want), "{want} in {labels:?}");
    }
    assert!(
        has(
            &labels,
            "Each unit's worst outcome: Placed DC, target TEM +3"
        ),
        "{labels:?}"
    );
}

/// Runs `args` with `--charts` into a new folder and checks that chart
/// `file` has the title `title` and no word of the scenario file's name.
fn assert_chart_title(args: &[&str], file: &str, title: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = args.to_vec();
    args.extend(["--charts", dir.path().to_str().unwrap()]);
    common::succeeds(&args);
    let labels = svg_labels(&fs::read_to_string(dir.path().join(file)).unwrap());
    assert!(has(&labels, title), "{labels:?}");
    assert!(
        !labels.iter().any(|l| l.contains("squad-in-woods")),
        "{labels:?}"
    );
}

/// Issue 13: titles named file stems; they name the mortar and range.
#[test]
fn issue_13_titles_name_the_mortar_and_range() {
    assert_chart_title(
        &["worth", "examples/squad-in-woods-plan.toml"],
        "worth.svg",
        "What each modifier is worth: my-81mm at 8 hexes, one shot",
    );
}

/// Issue 13: the comparison's title named the scenario file; it names the
/// mortars compared and the range.
#[test]
fn issue_13_the_comparison_title_names_the_mortars_and_range() {
    assert_chart_title(
        &[
            "compare",
            "my-81mm",
            "japanese-type-89:breakdown=12",
            "--scenario",
            "examples/squad-in-woods-plan.toml",
        ],
        "compare.svg",
        "P(at least one enemy unit out of action) at 8 hexes: my-81mm vs japanese-type-89",
    );
}

/// Issue 13: the hits chart showed 0-24+ for a plan whose hits end near 8;
/// the at-least-N chart mixed three scenarios. One plan, cut to its
/// support, one chart of each per plan.
#[test]
fn issue_13_hits_are_cut_to_their_support_one_plan_per_chart() {
    let hits = report_chart("plan-spotted-81mm-plan-hits");
    let last = hits.iter().find(|l| l.ends_with('+') && l.len() <= 3);
    let n: usize = last
        .expect("a folded tail bucket")
        .trim_end_matches('+')
        .parse()
        .unwrap();
    assert!((4..=14).contains(&n), "tail folded at {n}+: {hits:?}");
    assert!(!has(&hits, "24+"), "{hits:?}");
    assert!(
        hits.iter()
            .any(|l| l.starts_with("Hits: my-81mm at ") && l.contains(" hexes, ")),
        "{hits:?}"
    );
    let at_least = report_chart("plan-spotted-81mm-plan-at-least-hits");
    assert!(
        at_least
            .iter()
            .any(|l| l.starts_with("P(at least N hits): my-81mm at ")),
        "{at_least:?}"
    );
    assert!(
        !report_charts()
            .join("charts/plans-at-least-hits.svg")
            .exists()
    );
}

/// The SVG, drawn by a browser, looks like the PNG: rendered in headless
/// Chromium (when installed; CI installs it) and compared pixel by pixel.
#[test]
fn svg_in_chromium_looks_like_the_png() {
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        eprintln!("skipped: /usr/bin/chromium is not installed");
        return;
    }
    // Bars and words: straight edges, which both draw crisp, and text.
    let chart = worth_bars();
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("chart.svg");
    fs::write(&svg, render_svg(&chart, SIZE).unwrap()).unwrap();
    let shot = dir.path().join("shot.png");
    let status = Process::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg(format!("--window-size={},{}", SIZE.0, SIZE.1))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", svg.display()))
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let browser = image::load_from_memory(&fs::read(&shot).unwrap())
        .unwrap()
        .to_luma8();
    let ours = image::load_from_memory(&render_png(&chart, SIZE).unwrap())
        .unwrap()
        .to_luma8();
    assert_eq!(browser.dimensions(), ours.dimensions());
    let (mut far, mut total) = (0u64, 0u64);
    for (a, b) in browser.pixels().zip(ours.pixels()) {
        let d = (i32::from(a.0[0]) - i32::from(b.0[0])).unsigned_abs();
        total += u64::from(d);
        far += u64::from(d > 96);
    }
    let n = u64::from(SIZE.0 * SIZE.1);
    let mean = total as f64 / n as f64;
    // Anti-aliasing differs at edges; a missing, moved or resized label
    // leaves hundreds of pixels far apart.
    assert!(mean < 1.0, "mean difference {mean:.2} grey levels");
    assert!(
        far * 1000 < n,
        "{far} pixels differ by more than 96 grey levels"
    );
}

/// `--charts DIR` makes its folder, and the folders above it, as `report`
/// and `sheet` make theirs (it was refused as "not a folder"); a run
/// refused before its work makes none.
#[test]
fn a_charts_folder_is_made_as_needed() {
    let dir = tempfile::tempdir().unwrap();
    let charts = dir.path().join("new").join("charts");
    let plan = "examples/squad-in-woods-plan.toml";
    let at = charts.to_str().unwrap();
    common::rejects(&["worth", plan, "--mortar", "zzz", "--charts", at]);
    assert!(!dir.path().join("new").exists());
    common::succeeds(&["worth", plan, "--charts", at]);
    for file in ["worth.png", "worth.svg"] {
        assert!(charts.join(file).is_file(), "{file}");
    }
}
