//! The counter values of the built-in catalog that issue 13 gave, each
//! with its source, and what stays for the player to give.

mod common;

use common::rejects;
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
