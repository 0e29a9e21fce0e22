//! A hex of friendly units only: the units are hit and attacked, but the
//! hex's figures (cleared, enemy units out of action) are about enemy
//! units, and there are none. "Cleared" is then no figure at all, not 1.

use super::common::*;

/// `command` with the US 81mm at 10 hexes, `units` and `more` flags.
fn with(command: &str, units: &[&str], more: &[&str]) -> Vec<String> {
    let base = [&[command][..], &US_81_FLAGS, &["--range", "10"]].concat();
    with_units(&base, units, more)
}

/// The JSON document of `args`.
fn json_of(mut args: Vec<String>) -> serde_json::Value {
    args.extend(["--format".into(), "json".into()]);
    json(&args)
}

#[test]
fn a_hex_of_friendly_units_has_no_hex_figures() {
    let friendly = ["squad:4-6-7,enemy=false"];
    let text = succeeds(&with("shot", &friendly, &[]));
    assert!(text.contains("4-6-7 out of action"), "{text}");
    for gone in ["hex cleared", "Hex cleared", "Enemy units out of action"] {
        assert!(!text.contains(gone), "`{gone}` in:\n{text}");
    }
    assert!(json_of(with("shot", &friendly, &[]))["hex"].is_null());
    // With an enemy unit beside it, the hex's figures are back.
    let both = ["squad:4-6-7,enemy=false", "squad:4-6-7"];
    assert!(succeeds(&with("shot", &both, &[])).contains("hex cleared"));
    assert!(json_of(with("shot", &both, &[]))["hex"].is_object());

    let plan = ["--phases", "PFPh,DFPh", "--engine", "exact"];
    let friendly = ["squad:4-6-7,enemy=false,broken=6"];
    let doc = json_of(with("plan", &friendly, &plan));
    assert!(doc["hex"].is_null(), "{}", doc["hex"]);
    assert!(doc["per_phase"][0].get("p_hex_cleared_by_end").is_none());
    assert!(doc["units"][0]["p_out_of_action"].is_object());
    assert!(!succeeds(&with("plan", &friendly, &plan)).contains("hex cleared"));
}

#[test]
fn a_comparison_says_the_units_given_are_friendly() {
    let args = [
        "compare",
        "us-81mm:rof=3,breakdown=12,range=2-40",
        "--range",
        "10",
        "--phases",
        "PFPh",
        "--unit",
        "squad:4-6-7,enemy=false,broken=6",
    ];
    let text = succeeds(&args);
    assert_mentions(
        &text,
        &[
            "Enemy units: none: the units given are friendly",
            "P(1+ out of action)         no enemy units\n",
            "out of action: no enemy units ([[target.units]])",
        ],
    );
    // No units at all still says so.
    let text = succeeds(&args[..6]);
    assert_mentions(&text, &["Enemy units: no units given"]);
}
