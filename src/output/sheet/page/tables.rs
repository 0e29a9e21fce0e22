//! The sheet's tables and their legend: every figure of [`Sheet`] as text,
//! and what each figure means.

use super::{CONTENT_WIDTH, Cell, FONT, Head, Table, text_width};
use crate::analysis::sheet::{IFT_COLUMNS, IFT_DRMS, Sheet, SquadOutcomes, TO_HIT_DRMS};
use crate::output::report::signed;
use crate::prob::Prob;
use crate::rules::to_hit::HitMode;

/// A percentage with one decimal ("58.3").
fn pct1(p: &Prob) -> String {
    format!("{:.1}", p.to_f64() * 100.0)
}

/// A whole percentage; "–" exactly 0, "<1" and ">99" for figures that
/// would round to 0 or 100 but are not.
fn pct0(p: &Prob) -> String {
    let v = p.to_f64() * 100.0;
    if p.is_zero() {
        "–".into()
    } else if *p == Prob::one() {
        "100".into()
    } else if v < 0.5 {
        "<1".into()
    } else if v >= 99.5 {
        ">99".into()
    } else {
        format!("{v:.0}")
    }
}

/// An exact fraction: "0", "1" or "n/d".
fn frac(p: &Prob) -> String {
    if p.is_zero() {
        "0".into()
    } else if *p == Prob::one() {
        "1".into()
    } else {
        p.exact_string()
    }
}

/// An exact fraction and its percentage ("1/6 16.7"), or "0".
fn frac_pct(p: &Prob) -> String {
    if p.is_zero() {
        "0".into()
    } else {
        format!("{} {}", frac(p), pct1(p))
    }
}

/// An exact expectation: "2", or "1.20 (6/5)".
fn expectation(p: &Prob) -> String {
    if p.denom() == 1.into() {
        p.numer().to_string()
    } else {
        format!("{:.2} ({})", p.to_f64(), frac(p))
    }
}

/// Marks of To Hit cells where an Original 2 needs a subsequent dr.
pub const LOWEST_ONLY_MARK: &str = "†";
/// Mark of To Hit cells where even an Original 2 misses, bar an improbable
/// hit (C3.6).
pub const IMPROBABLE_MARK: &str = "‡";

fn mode_mark(mode: HitMode) -> &'static str {
    match mode {
        HitMode::Normal => "",
        HitMode::LowestOnly => LOWEST_ONLY_MARK,
        HitMode::Improbable => IMPROBABLE_MARK,
    }
}

pub(super) fn to_hit_tables(sheet: &Sheet) -> Vec<Table> {
    sheet
        .to_hit
        .iter()
        .map(|t| {
            let n = t.columns.len();
            let mut widths = vec![9.0];
            widths.extend(std::iter::repeat_n(10.5, n));
            let mut head = vec![
                Head {
                    text: "hexes".into(),
                    span: 1,
                },
                Head {
                    text: "TH#".into(),
                    span: 1,
                },
            ];
            let mut bands = vec![head.remove(0)];
            bands.extend(t.columns.iter().map(|c| Head {
                text: c.ranges.clone(),
                span: 1,
            }));
            let mut numbers = vec![head.remove(0)];
            numbers.extend(t.columns.iter().map(|c| Head {
                text: c.to_hit_number.to_string(),
                span: 1,
            }));
            let rows = TO_HIT_DRMS
                .iter()
                .enumerate()
                .map(|(i, &drm)| {
                    let mut row = vec![Cell::label(signed(drm))];
                    row.extend(t.columns.iter().map(|c| {
                        let cell = &c.cells[i];
                        Cell::num(format!("{}{}", pct1(&cell.p_hit), mode_mark(cell.mode)))
                    }));
                    row
                })
                .collect();
            Table {
                title: format!("To Hit %, {}", t.class),
                head: vec![bands, numbers],
                rows,
                widths,
                heavy_columns: vec![1],
                row_group: 1,
            }
        })
        .collect()
}

fn head(texts: &[&str]) -> Vec<Head> {
    texts
        .iter()
        .map(|t| Head {
            text: (*t).into(),
            span: 1,
        })
        .collect()
}

pub(super) fn rof_table(sheet: &Sheet) -> Table {
    let mut rows = Vec::new();
    for r in &sheet.rof {
        let mut row = vec![Cell::label(r.rof.to_string())];
        for f in [&r.direct, &r.spotted] {
            row.push(Cell::num(f.effective_rof.to_string()));
            row.push(Cell::num(frac_pct(&f.p_keep)));
            row.push(Cell::num(expectation(&f.expected_shots)));
            row.push(Cell::num(pct1(&f.p_two_or_more)));
            row.push(Cell::num(pct1(&f.p_three_or_more)));
        }
        rows.push(row);
    }
    let side = ["eff.", "kept %", "shots", "2+ %", "3+ %"];
    let mut sub = head(&["ROF"]);
    sub.extend(head(&side));
    sub.extend(head(&side));
    Table {
        title: format!(
            "Rate of Fire: one fire phase (B# {}, no Intensive Fire)",
            sheet.params.breakdown
        ),
        head: vec![
            vec![
                Head {
                    text: "".into(),
                    span: 1,
                },
                Head {
                    text: "direct fire".into(),
                    span: 5,
                },
                Head {
                    text: "spotted fire (C9.31)".into(),
                    span: 5,
                },
            ],
            sub,
        ],
        rows,
        widths: vec![8.0, 6.5, 13.0, 14.0, 7.5, 7.5, 6.5, 13.0, 14.0, 7.5, 7.5],
        heavy_columns: vec![1, 6],
        row_group: 1,
    }
}

pub(super) fn critical_table(sheet: &Sheet) -> Table {
    let rows = sheet
        .criticals
        .iter()
        .map(|c| {
            let what = match c.mode {
                HitMode::Normal => "Original 3 would hit too".to_string(),
                HitMode::LowestOnly => format!("{LOWEST_ONLY_MARK} only an Original 2 hits (C3.7)"),
                HitMode::Improbable => format!("{IMPROBABLE_MARK} an Original 2 misses (C3.6)"),
            };
            let dr = match c.mode {
                HitMode::Normal => "none",
                HitMode::LowestOnly => "1 CH, 2-6 hit",
                HitMode::Improbable => "1 CH, 2-3 hit",
            };
            vec![
                Cell::left(what),
                Cell::num(dr),
                Cell::num(frac_pct(&c.p_critical)),
                Cell::num(match c.mode {
                    HitMode::Normal => "see To Hit".to_string(),
                    _ => frac_pct(&c.p_hit),
                }),
            ]
        })
        .collect();
    Table {
        title: "Critical Hits: one shot (C3.7)".into(),
        head: vec![head(&["when", "dr after Orig. 2", "P(CH) %", "P(hit) %"])],
        rows,
        widths: vec![40.0, 19.0, 15.0, 19.0],
        heavy_columns: vec![],
        row_group: 1,
    }
}

pub(super) fn malfunction_table(sheet: &Sheet) -> Table {
    let rows = sheet
        .malfunction
        .iter()
        .map(|m| {
            let f = |p: &Prob| Cell::num(frac_pct(p));
            vec![
                Cell::label(m.breakdown.to_string()),
                f(&m.p_malfunction),
                f(&m.lowered2_malfunction),
                f(&m.lowered2_removed),
                f(&m.lowered4_malfunction),
                f(&m.lowered4_removed),
            ]
        })
        .collect();
    Table {
        title: "Malfunction: one shot (A.11)".into(),
        head: vec![
            vec![
                Head {
                    text: "".into(),
                    span: 2,
                },
                Head {
                    text: "B# -2".into(),
                    span: 2,
                },
                Head {
                    text: "B# -4".into(),
                    span: 2,
                },
            ],
            head(&["B#", "malf. %", "malf. %", "X# %", "malf. %", "X# %"]),
        ],
        rows,
        widths: vec![8.0, 14.5, 14.5, 14.5, 14.5, 14.5],
        heavy_columns: vec![1, 2, 4],
        row_group: 1,
    }
}

pub(super) fn caliber_table(sheet: &Sheet) -> Table {
    let mut hit = vec![Cell::label("hit")];
    let mut critical = vec![Cell::label("CH")];
    let mut top = vec![Head {
        text: "mm".into(),
        span: 1,
    }];
    let mut widths = vec![9.0];
    for c in &sheet.calibers {
        let calibers: Vec<String> = c.calibers.iter().map(u16::to_string).collect();
        let label = match c.area_fp {
            Some(fp) => format!("{} ({fp} FP)", calibers.join(", ")),
            None => calibers.join(", "),
        };
        // Room for the label at the body font size.
        widths.push((text_width(&label, FONT) + 2.0).max(8.5));
        top.push(Head {
            text: label,
            span: 1,
        });
        let cell = |column: u8, drm: i16| {
            Cell::num(if drm == 0 {
                column.to_string()
            } else {
                format!("{column} {}", signed(drm))
            })
        };
        hit.push(cell(c.hit_column, c.hit_drm));
        critical.push(cell(c.critical_column, c.critical_drm));
    }
    Table {
        title: "IFT column of a hit (C3.33) and a CH (C3.71)".into(),
        head: vec![top],
        rows: vec![hit, critical],
        widths,
        heavy_columns: vec![1],
        row_group: 1,
    }
}

pub(super) fn ift_table(sheet: &Sheet) -> Table {
    let mut top = vec![Head {
        text: "".into(),
        span: 2,
    }];
    top.extend(IFT_COLUMNS.iter().map(|c| Head {
        text: format!("{c} FP column"),
        span: 4,
    }));
    let mut sub = head(&["ML", "DRM"]);
    for _ in IFT_COLUMNS {
        sub.extend(head(&["KIA", "CR", "brk", "pin"]));
    }
    let mut rows = Vec::new();
    for t in &sheet.ift {
        for (i, &drm) in IFT_DRMS.iter().enumerate() {
            let ml = if i == 0 {
                t.morale.to_string()
            } else {
                String::new()
            };
            let mut row = vec![Cell::label(ml), Cell::label(signed(drm))];
            for o in &t.rows[i] {
                let SquadOutcomes {
                    eliminated,
                    casualty_reduced,
                    broken,
                    pinned,
                } = o;
                row.extend(
                    [eliminated, casualty_reduced, broken, pinned]
                        .into_iter()
                        .map(|p| Cell::num(pct0(p))),
                );
            }
            rows.push(row);
        }
    }
    let mut widths = vec![7.0, 8.0];
    widths.extend(std::iter::repeat_n(
        (CONTENT_WIDTH - 15.0) / (4 * IFT_COLUMNS.len()) as f64,
        4 * IFT_COLUMNS.len(),
    ));
    Table {
        title: "IFT: a lone squad's worst outcome of one HE hit (not a Critical Hit), %".into(),
        head: vec![top, sub],
        rows,
        widths,
        heavy_columns: (0..=IFT_COLUMNS.len()).map(|i| 2 + 4 * i).collect(),
        row_group: IFT_DRMS.len(),
    }
}

pub(super) fn legend(sheet: &Sheet) -> Vec<String> {
    vec![
        format!(
            "To Hit %: P(hit), Critical Hits included, of one HE shot (Area Target Type, C3.33). Columns: range bands sharing a Modified TH# (Basic TH# with the C4 rows; ≤ 40mm takes the ≤ 57mm row too, Reading small-caliber-both-rows). Rows: net To Hit DRM, every firer- and target-based DRM summed (spotted fire +2, concealed +2, AFPh +2, Acquisition -1/-2, ...). {LOWEST_ONLY_MARK} only an Original 2 hits; {IMPROBABLE_MARK} improbable hit (see Critical Hits). Printed without \"*\": beyond 12 hexes use the row one DRM lower."
        ),
        format!(
            "Rate of Fire: ROF printed; eff. = effective ROF; kept % = P(the shot keeps Multiple ROF) = P(colored die ≤ effective ROF), hit or miss (C2.24); spotted fire: ROF -1 and +2 To Hit (C9.31). shots = exact expected shots of one mortar in one fire phase (it fires again while it keeps ROF and has not malfunctioned; B# {}, no Intensive Fire); 2+ %, 3+ %: P(at least 2, 3 shots). A pinned firer or Spotter, or a lone SMC: no Multiple ROF.",
            sheet.params.breakdown
        ),
        "Malfunction: B# printed; malf. % = P(Original To Hit DR ≥ effective B#) (the shot is still resolved). B# -2: Intensive Fire (IF, C5.62), a captured weapon (A21.11) or a non-qualified user (A21.13); B# -4: any two of them (all three: -6). X#: removed for good (lowered B#, DR ≥ printed B#).".into(),
        "IFT: a squad alone in the hex, no leader, takes one non-Critical HE hit on that column; DRM = net effects DRM (TEM, Air Burst -1, ...; FFNAM, FFMO and Hazardous Movement modify only a Critical Hit's, C.3); ML = Morale Level (its half-squad keeps it). Worst outcome: KIA eliminated, CR Casualty Reduced (broken or not), brk broken, pin pinned; the rest no effect. – exactly 0; <1, >99: not exactly 0 or 100.".into(),
    ]
}
