//! The printable odds sheet: cells against hand-worked values, the claims
//! its legend makes, a snapshot of its text, the SVG page (well formed, of
//! the paper's size, everything on the page), the HTML, and the command.
//!
//! The pages and the command are in `pages.rs`.

use std::fs;
use std::sync::LazyLock;

use mortar_odds::analysis::sheet::{CaliberColumns, IFT_COLUMNS, IFT_DRMS, MORALES, TO_HIT_DRMS};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::input::catalog::Catalog;
use mortar_odds::output::sheet::page::{self, Paper, text_width};
use mortar_odds::output::sheet::{Sheet, SheetParams, render_html, render_svg};
use mortar_odds::prob::Prob;
use mortar_odds::rules::firer::Firer;
use mortar_odds::rules::mortar::{Ammo, Mortar, RangeLimits};
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::HitMode;

#[path = "../common/mod.rs"]
mod common;
mod pages;
use common::{assert_snapshot, mortar_odds, p, refused};

static SHEET: LazyLock<Sheet> = LazyLock::new(|| {
    Sheet::new(SheetParams::default(), Catalog::builtin().iter()).expect("the sheet works out")
});

/// The To Hit cell of a class (index into the sheet's tables), the column
/// whose ranges are `ranges`, and a net DRM.
fn to_hit(class: usize, ranges: &str, drm: i16) -> (Prob, HitMode, i16) {
    let table = &SHEET.to_hit[class];
    let col = table
        .columns
        .iter()
        .find(|c| c.ranges == ranges)
        .unwrap_or_else(|| panic!("no column {ranges} in {}", table.class));
    let i = TO_HIT_DRMS
        .iter()
        .position(|d| *d == drm)
        .expect("a DRM row");
    let cell = &col.cells[i];
    (cell.p_hit.clone(), cell.mode, col.to_hit_number)
}

#[test]
fn to_hit_cells_match_hand_counts() {
    // > 57mm, 1-24 hexes: TH# 7; DRM 0 hits on an Original DR ≤ 7: 21/36.
    assert_eq!(to_hit(0, "1-24", 0), (p(7, 12), HitMode::Normal, 7));
    // DRM -4: Original ≤ 11, 35/36.
    assert_eq!(to_hit(0, "1-24", -4).0, p(35, 36));
    // 41-57mm beyond 48 hexes: Basic TH# 4, ≤57mm -4: TH# 0.
    // DRM -3: Original ≤ 3, 3/36; DRM -2: only an Original 2 hits, 1/36.
    assert_eq!(to_hit(1, "49+", -3), (p(1, 12), HitMode::Normal, 0));
    assert_eq!(to_hit(1, "49+", -2), (p(1, 36), HitMode::LowestOnly, 0));
    // DRM -1: improbable: Original 2 and dr 1-3, 1/72.
    assert_eq!(to_hit(1, "49+", -1), (p(1, 72), HitMode::Improbable, 0));
    // ≤ 40mm at 13-24 hexes: 7 - 1 (≤57mm) - 1 (≤40mm) = 5; DRM 0: 10/36.
    assert_eq!(to_hit(2, "13-24", 0), (p(5, 18), HitMode::Normal, 5));
}

#[test]
fn range_bands_merge_only_equal_to_hit_numbers() {
    let th: Vec<Vec<(String, i16)>> = SHEET
        .to_hit
        .iter()
        .map(|t| {
            t.columns
                .iter()
                .map(|c| (c.ranges.clone(), c.to_hit_number))
                .collect()
        })
        .collect();
    let cols = |v: &[(&str, i16)]| -> Vec<(String, i16)> {
        v.iter().map(|(r, n)| (r.to_string(), *n)).collect()
    };
    assert_eq!(
        th[0],
        cols(&[("1-24", 7), ("25-36", 6), ("37-48", 5), ("49+", 4)])
    );
    assert_eq!(
        th[1],
        cols(&[
            ("1-12", 7),
            ("13-24", 6),
            ("25-36", 4),
            ("37-48", 2),
            ("49+", 0)
        ])
    );
    assert_eq!(
        th[2],
        cols(&[
            ("1-12", 7),
            ("13-24", 5),
            ("25-36", 3),
            ("37-48", 1),
            ("49+", -1)
        ])
    );
}

#[test]
fn rate_of_fire_rows_match_hand_values() {
    let rof2 = &SHEET.rof[1];
    assert_eq!(rof2.rof, 2);
    // Colored die ≤ 2: 1/3; spotted, ROF 1: 1/6.
    assert_eq!(rof2.direct.p_keep, p(1, 3));
    assert_eq!(rof2.spotted.effective_rof, 1);
    assert_eq!(rof2.spotted.p_keep, p(1, 6));
    // With B# 12 no shot that keeps ROF (colored ≤ 3) can malfunction, so
    // shots are geometric: E = 1 / (1 - ROF/6), P(n or more) = (ROF/6)^(n-1).
    assert_eq!(rof2.direct.expected_shots, p(3, 2));
    assert_eq!(rof2.direct.p_two_or_more, p(1, 3));
    assert_eq!(rof2.direct.p_three_or_more, p(1, 9));
    assert_eq!(SHEET.rof[2].direct.expected_shots, p(2, 1));
    assert_eq!(SHEET.rof[2].spotted.expected_shots, p(3, 2));
    // Spotted ROF 1 is ROF 0: one shot.
    assert_eq!(SHEET.rof[0].spotted.effective_rof, 0);
    assert_eq!(SHEET.rof[0].spotted.expected_shots, p(1, 1));
    assert_eq!(SHEET.rof[0].spotted.p_two_or_more, Prob::zero());
}

#[test]
fn shots_per_phase_follow_the_breakdown_number() {
    let sheet = |b| {
        Sheet::new(SheetParams { breakdown: b }, std::iter::empty()).expect("the sheet works out")
    };
    // ROF 3, B# 9: the firer goes on when colored ≤ 3 and DR < 9; colored 3
    // with white 6 (DR 9) malfunctions: q = 17/36, E = 1 / (1 - q) = 36/19.
    assert_eq!(sheet(9).rof[2].direct.expected_shots, p(36, 19));
    // With ROF ≤ 3 any B# of 10 or more gives the B# 12 figures.
    for b in [10, 11] {
        assert_eq!(sheet(b).rof, SHEET.rof, "B# {b}");
    }
    assert!(Sheet::new(SheetParams { breakdown: 13 }, std::iter::empty()).is_err());
}

#[test]
fn ift_cell_for_morale_7_matches_a_hand_count() {
    // 8 FP column, DRM 0, squad of ML 7. DR 2: 1KIA; 3: K/2; 4-5: 2MC;
    // 6-7: 1MC; 8: NMC; 9: PTC (out of 36).
    // KIA: DR 2 (1/36), or K/2 then the half-squad's 2MC is an Original 12:
    //   36/1296 + 2/1296 = 38/1296.
    // CR: K/2 otherwise (70/1296), or an Original 12 on any MC (23/1296).
    // Broken: 2MC fails on DR 6-11 (25/36), 1MC on 7-11 (20), NMC on 8-11
    //   (14): (7*25 + 11*20 + 5*14) / 1296 = 465/1296.
    // Pinned: 2MC on DR 5 (4), 1MC on 6 (5), NMC on 7 (6), PTC on 8+ (15):
    //   (7*4 + 11*5 + 5*6 + 4*15) / 1296 = 173/1296.
    let m = MORALES.iter().position(|m| *m == 7).expect("ML 7");
    let d = IFT_DRMS.iter().position(|d| *d == 0).expect("DRM 0");
    let c = IFT_COLUMNS.iter().position(|c| *c == 8).expect("8 FP");
    let cell = &SHEET.ift[m].rows[d][c];
    assert_eq!(SHEET.ift[m].morale, 7);
    assert_eq!(cell.eliminated, p(38, 1296));
    assert_eq!(cell.casualty_reduced, p(93, 1296));
    assert_eq!(cell.broken, p(465, 1296));
    assert_eq!(cell.pinned, p(173, 1296));
}

#[test]
fn ift_cells_are_probabilities_and_worsen_with_lower_drm() {
    for t in &SHEET.ift {
        for (c, _) in IFT_COLUMNS.iter().enumerate() {
            let mut last_worse = Prob::one();
            for row in &t.rows {
                let o = &row[c];
                let total = o.eliminated.clone() + &o.casualty_reduced + &o.broken + &o.pinned;
                assert!(total <= Prob::one());
                // P(broken or worse) does not grow as the DRM rises.
                let worse = o.eliminated.clone() + &o.casualty_reduced + &o.broken;
                assert!(worse <= last_worse, "ML {} column {c}", t.morale);
                last_worse = worse;
            }
        }
    }
}

#[test]
fn critical_hit_and_malfunction_rows() {
    let modes: Vec<(HitMode, Prob, Prob)> = SHEET
        .criticals
        .iter()
        .map(|c| (c.mode, c.p_critical.clone(), c.p_hit.clone()))
        .collect();
    assert_eq!(
        modes,
        vec![
            (HitMode::Normal, p(1, 36), p(7, 12)),
            (HitMode::LowestOnly, p(1, 216), p(1, 36)),
            (HitMode::Improbable, p(1, 216), p(1, 72)),
        ]
    );
    let b11 = &SHEET.malfunction[1];
    assert_eq!(b11.breakdown, 11);
    // DR 11-12: 3/36; lowered to 9: DR 9-12 = 10/36, of which 11-12 are X#.
    assert_eq!(b11.p_malfunction, p(1, 12));
    assert_eq!(b11.lowered2_malfunction, p(5, 18));
    assert_eq!(b11.lowered2_removed, p(1, 12));
    // Lowered to 7: DR 7-12 = 21/36.
    assert_eq!(b11.lowered4_malfunction, p(7, 12));
    assert_eq!(b11.lowered4_removed, p(1, 12));
}

fn shot(mortar: Mortar, firer: Firer, range: u16, drm: i8) -> ShotOdds {
    let shot = Shot::new(ShotInput {
        mortar,
        firer,
        target: Target {
            range,
            extra_drm: drm,
            ..Target::default()
        },
        units: Vec::new(),
        ammo: Ammo::He,
    })
    .expect("a valid shot");
    ShotOdds::of(&shot)
}

fn mortar(caliber: u16) -> Mortar {
    let mut m = Mortar::with_caliber("m", caliber);
    m.range = Some(RangeLimits { min: 1, max: 60 });
    m.breakdown = Some(11);
    m
}

/// The legend says so: a weapon printed without "*" beyond 12 hexes is
/// the row one DRM lower; a captured weapon lowers the B# as Intensive
/// Fire does.
#[test]
fn the_legend_claims_hold() {
    for caliber in [40, 51, 81] {
        for range in [13, 30, 55] {
            for drm in -3..=4 {
                let mut plain = mortar(caliber);
                plain.asterisk = false;
                assert_eq!(
                    shot(plain, Firer::default(), range, drm).p_hit(),
                    shot(mortar(caliber), Firer::default(), range, drm - 1).p_hit(),
                    "{caliber}mm at {range} hexes, DRM {drm}"
                );
            }
        }
    }
    let captured = shot(
        mortar(81),
        Firer {
            captured: true,
            ..Firer::default()
        },
        6,
        0,
    );
    assert_eq!(
        (captured.p_malfunction(), captured.p_removed()),
        (
            Some(SHEET.malfunction[1].lowered2_malfunction.clone()),
            Some(SHEET.malfunction[1].lowered2_removed.clone())
        )
    );
}

#[test]
fn caliber_columns_of_the_builtin_catalog() {
    let row =
        |calibers: &[u16], area_fp, hit_column, critical_column, critical_drm| CaliberColumns {
            calibers: calibers.to_vec(),
            area_fp,
            hit_column,
            hit_drm: 0,
            critical_column,
            critical_drm,
        };
    // 81mm: 16 FP, half 8; a CH 32 FP, the 30 column. 120mm: a CH 48 FP,
    // the 36 column at -1 (one whole 8 FP over 36). The M2 4.2-in's Area
    // Target FP 12 (every 107mm of the catalog) takes the 12 column.
    for expected in [
        row(&[81, 82], None, 8, 30, 0),
        row(&[107], Some(12), 12, 36, 0),
        row(&[120], None, 12, 36, -1),
    ] {
        assert!(SHEET.calibers.contains(&expected), "{expected:?}");
    }
}

#[test]
fn caliber_columns_of_a_mortar_over_200mm() {
    // C.7, Reading `heavy-payload-by-caliber`: a 250mm added to the catalog
    // is 36 FP (the 16 column for a hit) with -1 for its 50mm over 200mm,
    // and its CH 72 FP, the 36 column at -4 -1.
    let big = Mortar::with_caliber("big", 250);
    let sheet = Sheet::new(SheetParams::default(), [&big]).expect("the sheet works out");
    assert_eq!(
        sheet.calibers,
        [CaliberColumns {
            calibers: vec![250],
            area_fp: None,
            hit_column: 16,
            hit_drm: -1,
            critical_column: 36,
            critical_drm: -5,
        }]
    );
    let text = page::to_text(&page::page(&sheet));
    assert!(text.contains("16 -1") && text.contains("36 -5"), "{text}");
}

/// `tests/snapshots/sheet.txt` holds the sheet as text; with
/// `UPDATE_SNAPSHOTS=1` the test writes it instead (check it by hand
/// before committing it).
#[test]
fn sheet_text_matches_the_snapshot() {
    let actual = page::to_text(&page::page(&SHEET));
    assert_snapshot("sheet.txt", &actual, "the sheet's text");
}
