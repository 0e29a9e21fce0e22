//! The examples in the docs that are not console sessions run as written:
//! docs/scenario.md's three reference blocks (a shot and plan scenario, a
//! DC file, a push file) and docs/web.md's request bodies, each posted to
//! the endpoint its paragraph names. (`tests/readme.rs` runs the console
//! sessions.)

mod common;

use std::fs;

use common::serve::serve;
use common::{MANIFEST_DIR, scenario_file, succeeds};

/// The fenced blocks of `lang` in the doc, each with the text before it
/// (back to the previous block).
fn blocks(doc: &str, lang: &str) -> Vec<(String, String)> {
    let text = fs::read_to_string(format!("{MANIFEST_DIR}/{doc}")).expect("the doc");
    let mut found = Vec::new();
    let (mut before, mut inside): (String, Option<String>) = (String::new(), None);
    for line in text.lines() {
        match &mut inside {
            Some(block) if line.starts_with("```") => {
                found.push((std::mem::take(&mut before), std::mem::take(block)));
                inside = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None if line == format!("```{lang}") => inside = Some(String::new()),
            None if line.starts_with("```") => before.clear(),
            None => {
                before.push_str(line);
                before.push('\n');
            }
        }
    }
    found
}

#[test]
fn the_scenario_reference_blocks_run_as_written() {
    let toml = blocks("docs/scenario.md", "toml");
    assert_eq!(toml.len(), 3, "a scenario, a DC file and a push file");
    let commands: [&[&[&str]]; 3] = [
        &[&["shot"], &["plan", "--engine", "exact"]],
        &[&["dc"]],
        &[&["push", "--engine", "exact"]],
    ];
    for ((_, block), commands) in toml.iter().zip(commands) {
        let (_dir, path) = scenario_file(block);
        for command in commands {
            succeeds(&[&command[..1], &[path.as_str()], &command[1..]].concat());
        }
    }
}

#[test]
fn the_web_api_bodies_are_answered() {
    let bodies = blocks("docs/web.md", "json");
    assert!(bodies.len() >= 6, "one body per POST endpoint");
    let server = serve(&[]);
    let mut endpoints = Vec::new();
    for (before, body) in &bodies {
        if before.contains("### Answers") {
            break; // what follows shows parts of answers, not bodies
        }
        // The endpoint its paragraph names last, e.g. "`/api/plan`, ...".
        let at = before.rfind("`/api/").expect("a body follows its endpoint");
        let endpoint = &before[at + 1..];
        let endpoint = &endpoint[..endpoint.find('`').expect("closed")];
        let answer = server.post(endpoint, body);
        assert_eq!(answer.status, 200, "{endpoint}: {}", answer.body);
        endpoints.push(endpoint.to_string());
    }
    endpoints.sort();
    endpoints.dedup();
    let all = ["compare", "dc", "plan", "push", "shot", "worth"];
    assert_eq!(endpoints, all.map(|e| format!("/api/{e}")));
}
