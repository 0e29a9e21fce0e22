//! Every JSON document starts with its `schema_version`, and every command
//! names its figures by one scheme (docs/json.md): `p_*` probabilities,
//! `expected_*` expectations, `n` a count, `value` the decimal of `exact`,
//! `mc` a Monte Carlo estimate, the same outcome ids everywhere.

mod common;

use common::{json, succeeds};
use serde_json::Value;

const DOCUMENTS: &[&[&str]] = &[
    &["shot", "examples/stack-in-woods.toml", "--format", "json"],
    &[
        "plan",
        "examples/plan-spotted-81mm.toml",
        "--trials",
        "2000",
        "--format",
        "json",
    ],
    &[
        "compare",
        "my-81mm",
        "japanese-type-89:breakdown=12",
        "--scenario",
        "examples/squad-in-woods-plan.toml",
        "--phases",
        "PFPh",
        "--format",
        "json",
    ],
    &[
        "worth",
        "examples/squad-in-woods-plan.toml",
        "--format",
        "json",
    ],
    &[
        "dc",
        "examples/dc/thrown-afph.toml",
        "--trials",
        "2000",
        "--format",
        "json",
    ],
    &[
        "push",
        "examples/push/at-gun-into-village.toml",
        "--trials",
        "2000",
        "--format",
        "json",
    ],
    &["push", "--hookup", "--mp", "16", "--format", "json"],
    &["mortars", "--format", "json"],
];

#[test]
fn every_json_document_starts_with_its_schema_version() {
    for args in DOCUMENTS {
        let text = succeeds(args);
        assert!(
            text.starts_with("{\n  \"schema_version\": 3,"),
            "{}: {}",
            args.join(" "),
            &text[..text.len().min(200)]
        );
    }
}

/// Every object in `v`, depth first, with its path.
fn objects<'a>(v: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
    match v {
        Value::Object(map) => {
            out.push((path.clone(), v));
            for (k, child) in map {
                objects(child, format!("{path}.{k}"), out);
            }
        }
        Value::Array(list) => {
            for (i, child) in list.iter().enumerate() {
                objects(child, format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn value_is_always_the_decimal_of_exact_and_counts_are_n() {
    for args in DOCUMENTS {
        let doc = json(args);
        let mut all = Vec::new();
        objects(&doc, String::new(), &mut all);
        for (path, obj) in all {
            let (Some(exact), Some(value)) = (obj.get("exact"), obj.get("value")) else {
                assert!(
                    obj.get("value").is_none() || obj.get("exact").is_some(),
                    "{}: `value` without `exact` at {path}: {obj}",
                    args.join(" ")
                );
                continue;
            };
            let (n, d) = exact
                .as_str()
                .and_then(|e| e.split_once('/'))
                .map(|(n, d)| (n.parse::<f64>().unwrap(), d.parse::<f64>().unwrap()))
                .unwrap_or_else(|| panic!("{path}: exact {exact}"));
            let v = value.as_f64().expect("a number");
            assert!(
                (v - n / d).abs() <= 1e-9 * (n / d).max(1.0),
                "{}: {path}: value {v} is not {exact}",
                args.join(" ")
            );
            if let Some(count) = obj.get("n") {
                assert!(count.is_u64(), "{path}: n {count}");
            }
        }
    }
}

#[test]
fn dc_and_push_rows_use_the_shot_and_plan_names() {
    let dc = json(DOCUMENTS[4]);
    let measures: Vec<&str> = dc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["measure"].as_str().unwrap())
        .collect();
    for m in [
        "p_detonates",
        "p_removed",
        "ift_2MC",
        "broken",
        "p_out_of_action",
        "p_cleared",
        "at_least_out_of_action",
    ] {
        assert!(measures.contains(&m), "{m}: {measures:?}");
    }
    let mc = &dc["monte_carlo"]["rows"][0];
    assert!(mc["mc"].is_f64() && mc["value"].is_null(), "{mc}");

    let push = json(DOCUMENTS[5]);
    let row = &push["exact"]["rows"][0];
    assert_eq!(row["measure"], "hexes_first_phase");
    assert_eq!(row["n"], 0);
    assert!(push["monte_carlo"]["p_never"]["mc"].is_f64());

    let shot = json(DOCUMENTS[0]);
    let outcomes = shot["units"][0]["outcomes"].as_object().unwrap();
    let plan_units = json(&[
        "plan",
        "examples/stack-in-woods.toml",
        "--engine",
        "mc",
        "--trials",
        "500",
        "--format",
        "json",
    ]);
    let plan_outcomes = plan_units["units"][0]["outcomes"].as_object().unwrap();
    let keys = |m: &serde_json::Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(outcomes), keys(plan_outcomes));
    assert!(plan_units["per_phase"][0]["p_out_of_action_by_end"].is_object());
}

#[test]
fn each_unit_echoes_the_values_it_was_read_with() {
    // A player checks what the figures rest on: each unit's Morale, broken
    // side, half-squad Morale, leadership and start state, in shot, plan
    // and dc alike (the 8-1 leader of the example: morale 8, -1).
    let leader = |v: &Value, path: &str| {
        let units = v.pointer(path).and_then(Value::as_array).expect(path);
        let u = units.iter().find(|u| u["name"] == "8-1").expect("the 8-1");
        (
            u["morale"].as_u64(),
            u["broken_morale"].as_u64(),
            u["leadership"].as_i64(),
            u["start"].clone(),
        )
    };
    let expected = (
        Some(8),
        Some(8),
        Some(-1),
        serde_json::json!({"broken": false, "pinned": false, "reduced": false}),
    );
    let stack = "examples/stack-in-woods.toml";
    let shot = json(&["shot", stack, "--format", "json"]);
    assert_eq!(leader(&shot, "/units"), expected);
    let squad = &shot["units"][0];
    assert_eq!(squad["half_squad_morale"], 7, "{squad}");
    let plan = json(&[
        "plan", stack, "--engine", "mc", "--trials", "1000", "--format", "json",
    ]);
    assert_eq!(leader(&plan, "/units"), expected);
    let dc = json(&[
        "dc",
        "--kind",
        "placed",
        "--unit",
        "leader:8-1,broken=8",
        "--format",
        "json",
    ]);
    assert_eq!(leader(&dc, "/target/units"), expected);
}

#[test]
fn readings_notes_and_what_is_not_modelled_are_lists_in_every_document() {
    // One scheme: a push said what it leaves out in one text (schema 2).
    for args in DOCUMENTS {
        let doc = json(args);
        for key in ["not_modelled", "notes", "readings"] {
            if let Some(v) = doc.get(key) {
                assert!(v.is_array(), "{}: {key} is {v}", args.join(" "));
            }
        }
    }
    let push = json(DOCUMENTS[5]);
    assert_eq!(push["not_modelled"].as_array().map(Vec::len), Some(4));
    // Who pushes, as the text's first line says it.
    let who = push["pushers_text"].as_str().expect("pushers_text");
    let text = succeeds(&[
        "push",
        "examples/push/at-gun-into-village.toml",
        "--trials",
        "2000",
    ]);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.contains(&format!("pushed by {who} (")),
        "{who}: {first}"
    );
}
