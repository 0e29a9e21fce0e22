//! Result tables, charts and the main job (`mortar-odds report`): the
//! formats, their schema, snapshots and the files written.

mod common;

use std::fs;
use std::path::Path;

use common::{assert_snapshot, png_size, rejects, rejects_usage, succeeds};
use mortar_odds::output::table::{self, OddsRow, Row};

#[test]
fn shot_markdown_snapshot() {
    let md = succeeds(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "markdown",
    ]);
    assert_snapshot("stack-in-woods-shot.md", &md, "shot --format markdown");
}

#[test]
fn plan_csv_snapshot() {
    let csv = succeeds(&[
        "plan",
        "examples/plan-spotted-81mm.toml",
        "--format",
        "csv",
        "--trials",
        "20000",
        "--seed",
        "7",
    ]);
    assert_snapshot("plan-spotted-81mm.csv", &csv, "plan --format csv");
    let header = csv.lines().next().unwrap();
    let schema: Vec<&str> = OddsRow::SCHEMA.iter().map(|f| f.name).collect();
    assert_eq!(header, schema.join(","), "CSV header follows the schema");
}

#[test]
fn json_rows_parse_back_into_the_row_type() {
    let json = succeeds(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "json-rows",
    ]);
    let rows: Vec<OddsRow> = serde_json::from_str(&json).expect("rows deserialize");
    let hit = rows
        .iter()
        .find(|r| r.subject == "hex" && r.measure == "p_hit")
        .expect("p_hit row");
    assert_eq!(hit.exact.as_deref(), Some("7/12"));
    // Each unit's outcomes sum to 1 exactly: the fractions add up.
    let unit = "4-6-7";
    let total: f64 = rows
        .iter()
        .filter(|r| r.subject == unit)
        .filter(|r| {
            [
                "no_effect",
                "pinned",
                "broken",
                "casualty_reduced",
                "eliminated",
                "immobilized",
                "shocked",
            ]
            .contains(&r.measure.as_str())
        })
        .map(|r| r.value.unwrap())
        .sum();
    assert!(
        (total - 1.0).abs() < 1e-12,
        "outcomes of {unit} sum to {total}"
    );
}

/// The key of a row: the figure it holds.
type RowKey = (
    String,
    String,
    String,
    Option<String>,
    String,
    String,
    Option<i64>,
);

fn row_keys(args: &[&str]) -> Vec<RowKey> {
    let json = succeeds(&[args, &["--format", "json-rows"][..]].concat());
    let rows: Vec<OddsRow> = serde_json::from_str(&json).expect("rows deserialize");
    rows.into_iter()
        .map(|r| {
            (
                r.scenario, r.weapon, r.scope, r.phase, r.subject, r.measure, r.n,
            )
        })
        .collect()
}

#[test]
fn each_figure_is_one_row_even_for_units_of_one_name() {
    // Two units named alike, or one in each Location of a Thrown DC, were
    // rows no one could tell apart: the subject is now the text's label.
    let squads = [
        "--unit",
        "squad:4-6-7,broken=6",
        "--unit",
        "squad:4-6-7,broken=6",
    ];
    let shot = [
        &["shot", "--mortar", "german-50mm", "--range", "5"][..],
        &squads,
    ]
    .concat();
    let plan = [
        &[
            "plan",
            "--mortar",
            "german-50mm",
            "--range",
            "5",
            "--repair-number",
            "1",
        ][..],
        &["--phases", "PFPh", "--trials", "2000"],
        &squads,
    ]
    .concat();
    let dc = [
        "dc",
        "--kind",
        "thrown",
        "--unit",
        "squad:4-6-7",
        "--thrower-unit",
        "squad:4-6-7",
    ];
    for args in [&shot[..], &plan[..], &dc[..]] {
        let keys = row_keys(args);
        let mut unique = keys.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "{}", args.join(" "));
    }
    let subjects = |args: &[&str]| -> Vec<String> {
        let mut s: Vec<String> = row_keys(args).into_iter().map(|k| k.4).collect();
        s.dedup();
        s
    };
    assert!(subjects(&shot).contains(&"4-6-7 (unit 2)".to_string()));
    let dc = subjects(&dc);
    assert!(dc.contains(&"4-6-7".to_string()) && dc.contains(&"thrower's 4-6-7".to_string()));
}

#[test]
fn parquet_reads_back_equal() {
    let json = succeeds(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "json-rows",
    ]);
    let rows: Vec<OddsRow> = serde_json::from_str(&json).unwrap();
    let mut frame = OddsRow::frame(&rows).unwrap();
    let bytes = table::encode(&mut frame, table::Format::Parquet).unwrap();
    let back = table::decode_parquet(&bytes).unwrap();
    assert_eq!(back.shape(), frame.shape());
    assert!(back.equals_missing(&frame), "{back}\n!=\n{frame}");

    // And through the command line, to a file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shot.parquet");
    let p = path.to_str().unwrap();
    succeeds(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "parquet",
        "--out",
        p,
    ]);
    let mut from_file = table::decode_parquet(&fs::read(&path).unwrap()).unwrap();
    // The same table as CSV straight from the program, and via the Parquet file.
    let csv = succeeds(&["shot", "examples/stack-in-woods.toml", "--format", "csv"]);
    let again = table::encode(&mut from_file, table::Format::Csv).unwrap();
    assert_eq!(String::from_utf8(again).unwrap(), csv);
}

#[test]
fn parquet_needs_a_file() {
    let line = rejects(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "parquet",
    ]);
    assert!(
        line.contains("--format") && line.contains("--out"),
        "{line}"
    );
}

#[test]
fn unknown_format_is_rejected() {
    let message = rejects_usage(&["shot", "examples/stack-in-woods.toml", "--format", "xlsx"]);
    assert!(message.contains("--format"), "{message}");
    assert!(
        message.contains("possible values: table, json"),
        "{message}"
    );
}

#[test]
fn unwritable_out_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    fs::write(&file, "x").unwrap();
    let inside = file.join("odds.csv");
    let line = rejects(&[
        "shot",
        "examples/stack-in-woods.toml",
        "--format",
        "csv",
        "--out",
        inside.to_str().unwrap(),
    ]);
    assert!(line.contains("--out"), "{line}");
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "only the file we made is there");
}

/// The main job on a small examples folder: every kind of file appears,
/// charts have the stated size, and the index links only files that exist.
#[test]
fn report_writes_tables_charts_sheets_and_index() {
    let examples = tempfile::tempdir().unwrap();
    for f in ["type89-squad-in-woods.toml", "plan-spotted-81mm.toml"] {
        fs::copy(
            Path::new(common::MANIFEST_DIR).join("examples").join(f),
            examples.path().join(f),
        )
        .unwrap();
    }
    for (dir, f) in [
        ("dc", "placed-stone-building.toml"),
        ("push", "at-gun-into-village.toml"),
    ] {
        let to = examples.path().join(dir);
        fs::create_dir_all(&to).unwrap();
        let from = Path::new(common::MANIFEST_DIR).join("examples").join(dir);
        fs::copy(from.join(f), to.join(f)).unwrap();
    }
    let out = tempfile::tempdir().unwrap();
    let said = succeeds(&[
        "report",
        "--examples",
        examples.path().to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
        "--trials",
        "20000",
    ]);
    assert!(said.starts_with("wrote "), "{said}");
    let o = out.path();
    for f in [
        "index.md",
        "shots/type89-squad-in-woods.txt",
        "plans/plan-spotted-81mm.json",
        "tables/odds.csv",
        "tables/odds.parquet",
        "tables/odds.json",
        "tables/odds.md",
        "sheets/sheet-a4.svg",
        "sheets/sheet-letter.html",
        "dc/placed-stone-building.json",
        "push/at-gun-into-village.txt",
        "charts/placed-stone-building-dc-units.png",
        "charts/at-gun-into-village-push.svg",
    ] {
        assert!(o.join(f).is_file(), "{f} written");
    }
    let charts: Vec<_> = fs::read_dir(o.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let pngs: Vec<_> = charts
        .iter()
        .filter(|p| p.extension().unwrap() == "png")
        .collect();
    assert!(pngs.len() >= 6, "{charts:?}");
    for png in &pngs {
        let bytes = fs::read(png).unwrap();
        assert!(
            bytes.len() > 1000,
            "a PNG of {} bytes is too small",
            bytes.len()
        );
        assert_eq!(
            png_size(&bytes),
            mortar_odds::output::chart::SIZE,
            "{}",
            png.display()
        );
        let svg = fs::read_to_string(png.with_extension("svg")).unwrap();
        assert!(
            svg.contains(r#"width="960" height="600""#),
            "{}",
            png.display()
        );
    }
    let index = fs::read_to_string(o.join("index.md")).unwrap();
    for link in index.split("](").skip(1) {
        let target = link.split(')').next().unwrap();
        assert!(
            o.join(target).is_file(),
            "index links `{target}`, which is missing"
        );
    }
    // The tables hold the rows of both scenarios.
    let csv = fs::read_to_string(o.join("tables/odds.csv")).unwrap();
    assert!(csv.contains("type89-squad-in-woods,japanese-type-89,shot,"));
    assert!(csv.contains("plan-spotted-81mm,my-81mm,plan,,weapon,expected_hits,"));
    assert!(csv.contains("placed-stone-building,Placed DC,dc,,dc,p_detonates,"));
    assert!(csv.contains("at-gun-into-village,37L AT Gun,push,,gun,phases_to_end,"));
}

#[test]
fn the_main_job_s_table_holds_each_figure_once() {
    // The comparison of the file's own mortar gave again its shot's and
    // plan's figures: nine rows of odds.csv were there twice.
    let examples = tempfile::tempdir().unwrap();
    let f = "squad-in-woods-plan.toml";
    let from = Path::new(common::MANIFEST_DIR).join("examples").join(f);
    fs::copy(from, examples.path().join(f)).unwrap();
    let out = tempfile::tempdir().unwrap();
    let dir = examples.path().to_str().unwrap();
    let to = out.path().join("r");
    let to = to.to_str().unwrap();
    succeeds(&["report", "--examples", dir, "--out", to, "--trials", "2000"]);
    let csv = fs::read_to_string(out.path().join("r/tables/odds.csv")).unwrap();
    let mut keys: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').take(7).collect())
        .collect();
    let rows = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), rows);
    // The comparison's other mortars are in it.
    assert!(
        csv.contains("squad-in-woods-plan,us-m2-60mm,shot,,hex,p_hit,"),
        "{csv}"
    );
}

#[test]
fn report_with_a_bad_examples_folder_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("reports");
    let line = rejects(&[
        "report",
        "--examples",
        "no-such-folder",
        "--out",
        target.to_str().unwrap(),
    ]);
    assert!(line.contains("--examples"), "{line}");
    assert!(!target.exists());
}

#[test]
fn report_of_a_folder_without_scenarios_is_refused_and_the_index_names_its_folder() {
    // An empty folder (a mistyped one) wrote a report of 0 scenarios, and
    // the index always said `examples/`.
    let dir = tempfile::tempdir().unwrap();
    let (empty, mine) = (dir.path().join("empty"), dir.path().join("mine"));
    fs::create_dir_all(&empty).unwrap();
    fs::create_dir_all(&mine).unwrap();
    let target = dir.path().join("reports");
    let line = rejects(
        &common::report_args(&empty, &target, 1000)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(
        line.contains("--examples: no scenario file (*.toml) in `"),
        "{line}"
    );
    assert!(!target.exists());
    fs::copy(
        "examples/stack-in-woods.toml",
        mine.join("stack-in-woods.toml"),
    )
    .unwrap();
    common::report_into(&mine, &target, 1000);
    let index = fs::read_to_string(target.join("index.md")).unwrap();
    let folder = format!("from the scenarios in `{}/`", mine.display());
    assert!(index.contains(&folder), "{}", &index[..300]);
}

#[test]
fn report_names_the_scenario_file_that_is_wrong() {
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = dir.path().join("examples");
    fs::create_dir_all(&examples).expect("folder");
    fs::copy(
        "examples/stack-in-woods.toml",
        examples.join("stack-in-woods.toml"),
    )
    .expect("copy");
    // Parses, but names a mortar the catalog does not have.
    fs::write(
        examples.join("my-bad-one.toml"),
        "ammo = \"HE\"\n[mortar]\nname = \"zzz\"\n[target]\nrange = 5\n",
    )
    .expect("write");
    let out = dir.path().join("out");
    let line = rejects(&[
        "report",
        "--examples",
        examples.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(
        line.contains("my-bad-one.toml: mortar: unknown mortar `zzz`"),
        "{line}"
    );
}

/// The report's own comparison (its mortars are fixed) is checked with
/// every file, before any work, and the line says which mortars it
/// compares: it failed after the shots and plans, naming `my-81mm` as an
/// unknown mortar with no word of where that name came from.
#[test]
fn report_checks_its_comparison_before_the_work() {
    let examples = common::files::examples(&["squad-in-woods-plan.toml"]);
    let file = examples.path().join("squad-in-woods-plan.toml");
    let text = fs::read_to_string(&file).expect("read");
    fs::write(
        &file,
        text.replace("name = \"my-81mm\"", "name = \"my-81x\""),
    )
    .expect("write");
    let out = examples.path().join("out");
    let line = rejects(&[
        "report",
        "--examples",
        examples.path().to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(
        line.contains("squad-in-woods-plan.toml: the report compares my-81mm, ")
            && line.contains(" here: my-81mm: unknown mortar `my-81mm`"),
        "{line}"
    );
    assert!(!out.exists());
}
