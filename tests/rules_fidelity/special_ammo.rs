//! C8.9: a SMOKE or WP shot whose Original To Hit DR is above the
//! depletion number fires none, so it cannot hit. The text's To Hit line
//! says the Original DRs that hit, and they must be the odds it prints.

use super::common::*;

/// Ways 2d6 make `n` or less, of 36.
fn ways_at_most(n: u32) -> u32 {
    (1..=6u32)
        .flat_map(|a| (1..=6u32).map(move |b| a + b))
        .filter(|&s| s <= n)
        .count() as u32
}

#[test]
fn c8_9_the_to_hit_line_names_the_original_drs_that_hit() {
    // US 81mm at 10 hexes with SMOKE: Modified TH# 7 + 2 (C4 SMOKE row) = 9,
    // no DRM. Each depletion number below 9 lowers the highest Original DR
    // that hits to it; at 9 or more, 9 stays.
    for depletion in 2..=12u32 {
        let d = depletion.to_string();
        let base = [&["shot", "--range", "10"][..], &US_81_FLAGS].concat();
        let args = [&base[..], &["--ammo", "SMOKE", "--smoke-depletion", &d]].concat();
        let text = succeeds(&args);
        let line = text
            .lines()
            .find(|l| l.starts_with("Hits on a Final DR of 9 or less"))
            .unwrap_or_else(|| panic!("no To Hit line in:\n{text}"));
        let highest = depletion.min(9);
        assert!(
            line.contains(&format!("an Original DR of {highest} or less")),
            "depletion {depletion}: {line}"
        );
        if depletion < 9 {
            assert!(
                line.contains(&format!(
                    "above the depletion number {depletion} fires no SMOKE (C8.9)"
                )),
                "{line}"
            );
        }
        let doc = json(&[&args[..], &["--format", "json"]].concat());
        let (n, d) = fraction(&doc["p_hit"]);
        let ways = i128::from(ways_at_most(highest));
        assert_eq!(n * 36, ways * d, "depletion {depletion}: p_hit {n}/{d}");
    }
}
