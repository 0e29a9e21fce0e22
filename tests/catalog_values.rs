//! The catalog: the counter values of the built-in catalog that issue 13
//! gave, each with its source, and what stays for the player to give; the
//! player's own catalog, the list of mortars, and a mortar's name.

use std::fs;
use std::path::Path;

mod common;

use common::{assert_mentions, json, mortar_odds, rejects, succeeds};
use mortar_odds::Catalog;

#[test]
fn issue_13_the_two_50mm_light_mortars_have_their_counter_values() {
    let catalog = Catalog::builtin();
    for (name, (min, max)) in [("german-50mm", (2, 13)), ("russian-50mm", (3, 20))] {
        let m = catalog.get(name).unwrap();
        assert!(m.support_weapon, "{name} is a SW");
        assert_eq!(m.rof, Some(3), "{name}");
        // No printed B#: a SW malfunctions on an Original 12.
        assert_eq!(m.breakdown, Some(12), "{name}");
        let range = m.range.unwrap();
        assert_eq!((range.min, range.max), (min, max), "{name}");
        let source = m.source.as_deref().unwrap_or_default();
        assert!(
            source.contains("issue 13"),
            "{name} cites its source: {source}"
        );
        // Not sourced: left for the player.
        assert_eq!(
            (m.repair, m.smoke_depletion, m.wp_depletion),
            (None, None, None)
        );
    }
}

#[test]
fn a_shot_past_the_german_50mm_range_is_refused() {
    let line = rejects(&["shot", "--mortar", "german-50mm", "--range", "14"]);
    assert!(line.contains("13"), "{line}");
}

#[test]
fn an_unsourced_depletion_number_is_asked_for() {
    let line = rejects(&[
        "shot",
        "--mortar",
        "russian-50mm",
        "--range",
        "8",
        "--ammo",
        "WP",
    ]);
    assert!(
        line.contains("wp-depletion") || line.contains("wp_depletion"),
        "{line}"
    );
}

#[test]
fn unknown_mortar_is_rejected() {
    let line = rejects(&["shot", "--mortar", "nosuch", "--range", "5"]);
    assert_mentions(&line, &["unknown mortar", "nosuch"]);
    assert!(!line.contains("did you mean"), "nothing is near: {line}");
}

#[test]
fn the_player_s_own_catalog_is_read_by_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let catalog = "[[mortar]]\nname = \"my-60mm\"\ntitle = \"My 60mm\"\ncaliber = 60\nrof = 3\nbreakdown = 12\nrange = [1, 17]\n";
    // In the platform's config folder (XDG_CONFIG_HOME on Linux).
    let config = dir.path().join("config");
    fs::create_dir_all(config.join("mortar-odds")).expect("folder");
    fs::write(config.join("mortar-odds/catalog.toml"), catalog).expect("write");
    let run = |var: &str, value: &Path, args: &[&str]| {
        let output = mortar_odds()
            .env(var, value)
            .args(args)
            .output()
            .expect("runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).to_string(),
        )
    };
    let (code, listed) = run("XDG_CONFIG_HOME", &config, &["mortars"]);
    assert_eq!(code, Some(0));
    assert_mentions(&listed, &["my-60mm", "My 60mm"]);
    let (code, shot) = run(
        "XDG_CONFIG_HOME",
        &config,
        &["shot", "--mortar", "my-60mm", "--range", "8"],
    );
    assert_eq!(code, Some(0), "{shot}");
    assert_mentions(&shot, &["My 60mm"]);
    // Or named by MORTAR_ODDS_CATALOG, which must then exist.
    let file = dir.path().join("mine.toml");
    fs::write(&file, catalog).expect("write");
    assert_mentions(
        &run("MORTAR_ODDS_CATALOG", &file, &["mortars"]).1,
        &["my-60mm"],
    );
    let output = mortar_odds()
        .env("MORTAR_ODDS_CATALOG", dir.path().join("none.toml"))
        .arg("mortars")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_mentions(
        &String::from_utf8_lossy(&output.stderr),
        &["MORTAR_ODDS_CATALOG", "none.toml"],
    );
}

#[test]
fn the_catalog_lists_as_json() {
    let catalog = json(&["mortars", "--format", "json"]);
    let mortars = catalog["mortars"].as_array().expect("a list of mortars");
    let type89 = mortars
        .iter()
        .find(|m| m["name"] == "japanese-type-89")
        .expect("the Type 89 is built in");
    assert_eq!(type89["rof"], 2);
    assert_eq!(type89["range"]["max"], 16);
    // Not sourced: the player gives it, and the JSON says it is not known.
    assert!(type89["breakdown"].is_null());
    assert_eq!(mortars.len(), succeeds(&["mortars"]).lines().count() - 3);
}

#[test]
fn a_mortar_name_one_slip_away_gets_a_suggestion() {
    let line = rejects(&["shot", "--mortar", "german-80mm", "--range", "5"]);
    assert_mentions(
        &line,
        &["unknown mortar `german-80mm`; did you mean `german-50mm` or `german-81mm`?"],
    );
    let line = rejects(&["shot", "--mortar", "us-m2-60", "--range", "5"]);
    assert_mentions(&line, &["did you mean `us-m2-60mm`?"]);
}
