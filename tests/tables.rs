//! The rules tables checked cell by cell against a second, independent
//! transcription of the Mortar play aid (IFT, Vehicle line, caliber header,
//! C3 Mortar To Hit table and C4 modifications).
//!
//! This transcription is deliberately laid out differently from the
//! project's data: the IFT is stored column by column (one array of 16
//! results per FP column, Final DR <=0, 1, ..., 14, >=15), and the To Hit
//! table per range in hexes rather than per range band. Nothing is read from
//! disk at run time.

use mortar_odds::rules::ift::{Column, he_fp};
use mortar_odds::rules::to_hit::{BASIC_TH, LE40_MOD, LE57_MOD, SMOKE_MOD, band};

/// "No effect", written as on the play aid.
const NE: &str = "—";

/// The IFT, column by column: (FP, results for Final DR <=0, 1, ..., 14, >=15).
const IFT_BY_COLUMN: [(u8, [&str; 16]); 11] = [
    (
        1,
        [
            "1KIA", "K/1", "1MC", "1MC", "NMC", "PTC", NE, NE, NE, NE, NE, NE, NE, NE, NE, NE,
        ],
    ),
    (
        2,
        [
            "2KIA", "1KIA", "K/1", "1MC", "1MC", "NMC", "PTC", NE, NE, NE, NE, NE, NE, NE, NE, NE,
        ],
    ),
    (
        4,
        [
            "2KIA", "1KIA", "K/2", "2MC", "1MC", "1MC", "NMC", "PTC", NE, NE, NE, NE, NE, NE, NE,
            NE,
        ],
    ),
    (
        6,
        [
            "3KIA", "2KIA", "1KIA", "K/2", "2MC", "1MC", "1MC", "NMC", "PTC", NE, NE, NE, NE, NE,
            NE, NE,
        ],
    ),
    (
        8,
        [
            "3KIA", "2KIA", "1KIA", "K/2", "2MC", "2MC", "1MC", "1MC", "NMC", "PTC", NE, NE, NE,
            NE, NE, NE,
        ],
    ),
    (
        12,
        [
            "3KIA", "2KIA", "1KIA", "K/3", "3MC", "2MC", "2MC", "1MC", "1MC", "NMC", "PTC", NE, NE,
            NE, NE, NE,
        ],
    ),
    (
        16,
        [
            "4KIA", "3KIA", "2KIA", "1KIA", "K/3", "3MC", "2MC", "2MC", "1MC", "1MC", "NMC", "PTC",
            NE, NE, NE, NE,
        ],
    ),
    (
        20,
        [
            "4KIA", "3KIA", "2KIA", "1KIA", "K/4", "4MC", "3MC", "2MC", "2MC", "1MC", "1MC", "NMC",
            "PTC", NE, NE, NE,
        ],
    ),
    (
        24,
        [
            "5KIA", "4KIA", "3KIA", "2KIA", "1KIA", "K/4", "4MC", "3MC", "2MC", "2MC", "1MC",
            "1MC", "NMC", "PTC", NE, NE,
        ],
    ),
    (
        30,
        [
            "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA", "K/4", "4MC", "3MC", "2MC", "2MC",
            "1MC", "1MC", "NMC", "PTC", NE,
        ],
    ),
    (
        36,
        [
            "7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA", "K/4", "4MC", "3MC", "2MC",
            "2MC", "1MC", "1MC", "NMC", "PTC",
        ],
    ),
];

/// The IFT Vehicle line: (FP column, Kill number).
const VEHICLE_LINE: [(u8, u8); 11] = [
    (1, 3),
    (2, 4),
    (4, 5),
    (6, 6),
    (8, 7),
    (12, 8),
    (16, 9),
    (20, 10),
    (24, 11),
    (30, 12),
    (36, 13),
];

/// The IFT header "FP/DR": (smallest caliber in mm, HE FP).
const CALIBER_HEADER: [(u16, u8); 11] = [
    (20, 1),
    (30, 2),
    (37, 4),
    (50, 6),
    (60, 8),
    (70, 12),
    (80, 16),
    (100, 20),
    (120, 24),
    (150, 30),
    (200, 36),
];

/// C3 Mortar To Hit table and C4 modifications, per range in hexes (both
/// ends of every band): (range, Basic TH#, SMOKE, <=57mm, <=40mm).
const TO_HIT_BY_RANGE: [(u16, i8, i8, i8, i8); 21] = [
    (0, 7, 2, 0, 0),
    (1, 7, 2, 0, 0),
    (6, 7, 2, 0, 0),
    (7, 7, 2, 0, 0),
    (12, 7, 2, 0, 0),
    (13, 7, 0, -1, -1),
    (18, 7, 0, -1, -1),
    (19, 7, 0, -1, -1),
    (24, 7, 0, -1, -1),
    (25, 6, 0, -2, -1),
    (30, 6, 0, -2, -1),
    (31, 6, 0, -2, -1),
    (36, 6, 0, -2, -1),
    (37, 5, 0, -3, -1),
    (42, 5, 0, -3, -1),
    (43, 5, 0, -3, -1),
    (48, 5, 0, -3, -1),
    (49, 4, 0, -4, -1),
    (54, 4, 0, -4, -1),
    (55, 4, 0, -4, -1),
    (80, 4, 0, -4, -1),
];

/// The display form of a transcribed cell.
fn display_form(cell: &str) -> &str {
    if cell == NE { "no effect" } else { cell }
}

#[test]
fn ift_results_match_transcription() {
    let mut failures = Vec::new();
    for (fp, column) in &IFT_BY_COLUMN {
        let col = Column::of_fp(*fp).unwrap_or_else(|| panic!("no IFT column for {fp} FP"));
        for dr in -3i16..=18 {
            let row = dr.clamp(0, 15) as usize;
            let expected = display_form(column[row]);
            let got = col.result(dr).to_string();
            if got != expected {
                failures.push(format!(
                    "IFT column {fp} FP, Final DR {dr}: expected {expected:?}, got {got:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} IFT cell(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn ift_vehicle_line_matches_transcription() {
    let mut failures = Vec::new();
    for (fp, kill) in VEHICLE_LINE {
        let col = Column::of_fp(fp).unwrap_or_else(|| panic!("no IFT column for {fp} FP"));
        let got = col.vehicle_kill_number();
        if got != kill {
            failures.push(format!(
                "IFT Vehicle line, column {fp} FP: expected {kill}, got {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ift_columns_are_exactly_the_transcribed_ones() {
    for (fp, _) in &IFT_BY_COLUMN {
        assert_eq!(
            Column::of_fp(*fp).map(Column::fp),
            Some(*fp),
            "IFT column {fp} FP"
        );
    }
    for fp in [0u8, 3, 5, 7, 10, 18, 32, 40] {
        assert!(
            Column::of_fp(fp).is_none(),
            "{fp} FP heads no IFT column, yet of_fp found one"
        );
    }
}

#[test]
fn he_fp_matches_caliber_header() {
    let mut failures = Vec::new();
    let mut check = |caliber: u16, expected: Option<u8>| {
        let got = he_fp(caliber);
        if got != expected {
            failures.push(format!(
                "he_fp({caliber}mm): expected {expected:?}, got {got:?}"
            ));
        }
    };
    let mut previous = None;
    for (caliber, fp) in CALIBER_HEADER {
        check(caliber, Some(fp));
        check(caliber - 1, previous);
        previous = Some(fp);
    }
    // "36+/200+": anything of 200mm or more is 36 FP.
    check(240, Some(36));
    check(1000, Some(36));
    check(0, None);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn to_hit_table_matches_transcription() {
    let mut failures = Vec::new();
    for (range, basic, smoke, le57, le40) in TO_HIT_BY_RANGE {
        let b = band(range);
        let tables = [
            ("Basic TH#", basic, BASIC_TH.get(b)),
            ("SMOKE", smoke, SMOKE_MOD.get(b)),
            ("<=57mm", le57, LE57_MOD.get(b)),
            ("<=40mm", le40, LE40_MOD.get(b)),
        ];
        for (what, expected, got) in tables {
            if got != Some(&expected) {
                let got = got.map_or_else(|| format!("no entry for band {b}"), i8::to_string);
                failures.push(format!(
                    "To Hit {what} at range {range} (band {b}): expected {expected}, got {got}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
