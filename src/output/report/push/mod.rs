//! What `mortar-odds push` shows: typed rows (for tables and charts) and
//! JSON, built here, and text (`text`). Floats appear only here.

use serde::Serialize;

use crate::engine::push::exact::{PHASE_CAP, PushOdds};
use crate::engine::push::monte_carlo::PushTally;
use crate::output::report::{ProbJson, pretty_json};
use crate::prob::Prob;
use crate::rules::manhandling::{Push, Pushers, Term};
use crate::rules::readings::Reading;
use crate::stats::{self, Estimate};

mod text;

pub use text::hookup_text;

/// Which figure a push row gives: the probability that `quantity` equals
/// `value` (`value` or more when `or_more`). In JSON (docs/json.md):
/// `measure`, `n` (the count), `or_more`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PushCount {
    /// "hexes_first_phase" or "phases_to_end".
    #[serde(rename = "measure")]
    pub(crate) quantity: &'static str,
    /// Hexes gained, or Movement Phases.
    #[serde(rename = "n")]
    pub(crate) value: u32,
    pub(crate) or_more: bool,
}

impl PushCount {
    fn new(quantity: &'static str, value: usize, or_more: bool) -> PushCount {
        PushCount {
            quantity,
            value: value as u32,
            or_more,
        }
    }
}

/// One exact figure. In JSON: its [`PushCount`], `exact` and `value` (its
/// decimal).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PushRow {
    #[serde(flatten)]
    pub(crate) count: PushCount,
    pub(crate) exact: String,
    #[serde(rename = "value")]
    pub(crate) probability: f64,
}

/// One Monte Carlo figure, with its 95% interval. In JSON: its
/// [`PushCount`], `mc` (the estimate), `ci95`, `std_error`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PushMcRow {
    #[serde(flatten)]
    pub(crate) count: PushCount,
    #[serde(rename = "mc")]
    pub(crate) probability: f64,
    pub(crate) ci95: [f64; 2],
    pub(crate) std_error: f64,
}

impl PushOdds {
    /// Every exact figure as a row: hexes 0..=N in the first MPh, then MPh
    /// to the end, 1 up to the last likely count, and the "cap or more"
    /// bucket (which holds "never").
    pub fn rows(&self) -> Vec<PushRow> {
        self.rows_capped(PHASE_CAP as usize)
    }

    /// As [`PushOdds::rows`], with the "or more" bucket at `cap` MPh
    /// (at most [`PHASE_CAP`]).
    pub fn rows_capped(&self, cap: usize) -> Vec<PushRow> {
        let cap = cap.min(PHASE_CAP as usize);
        let row = |quantity, value: usize, or_more, p: &Prob| PushRow {
            count: PushCount::new(quantity, value, or_more),
            exact: p.exact_string(),
            probability: p.to_f64(),
        };
        let mut rows: Vec<PushRow> = self
            .first_phase
            .iter()
            .enumerate()
            .map(|(k, p)| row("hexes_first_phase", k, false, p))
            .collect();
        for t in 1..=self.last_listed_phase().min(cap - 1) {
            rows.push(row("phases_to_end", t, false, &self.phases[t]));
        }
        rows.push(row("phases_to_end", cap, true, &self.at_least(cap)));
        rows
    }
}

impl PushTally {
    /// The Monte Carlo figures matching [`PushOdds::rows_capped`] (`last` =
    /// the last MPh count to list, `cap` = the "or more" bucket).
    pub fn rows(&self, last: usize, cap: usize) -> Vec<PushMcRow> {
        let cap = cap.min(PHASE_CAP as usize);
        let n = self.trials;
        let row = |quantity, value: usize, or_more, count: u64| {
            let e = stats::proportion(count, n);
            PushMcRow {
                count: PushCount::new(quantity, value, or_more),
                probability: e.value,
                ci95: e.ci95,
                std_error: e.std_error,
            }
        };
        let mut rows: Vec<PushMcRow> = self
            .first_phase
            .iter()
            .enumerate()
            .map(|(k, c)| row("hexes_first_phase", k, false, *c))
            .collect();
        let at = |t: usize| self.phases.get(t).copied().unwrap_or(0);
        for t in 1..=last.min(cap - 1) {
            rows.push(row("phases_to_end", t, false, at(t)));
        }
        let below: u64 = (1..cap).map(at).sum();
        rows.push(row("phases_to_end", cap, true, n - below));
        rows
    }

    /// Mean MPh to the end, when every trial arrived.
    pub fn mean_phases(&self) -> Option<Estimate> {
        (self.never == 0)
            .then(|| stats::mean_of_histogram(&self.phases[1..]))
            .map(|e| Estimate {
                value: e.value + 1.0,
                ci95: [e.ci95[0] + 1.0, e.ci95[1] + 1.0],
                std_error: e.std_error,
            })
    }

    /// P(the Gun never reaches the end of the path), with its 95% Wilson
    /// interval.
    pub fn p_never(&self) -> Estimate {
        stats::proportion(self.never, self.trials)
    }
}

/// One hex of the path, as shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct HexJson {
    pub(crate) hex: usize,
    pub(crate) terrain: String,
    pub(crate) pushing_mf: u8,
    /// Net DRM with the starting Labor (first hex) or none.
    pub(crate) drm: i16,
    pub(crate) terms: Vec<Term>,
    /// The Gun enters on an Original DR of at most this (none: never).
    pub(crate) enters_on_original_at_most: Option<u8>,
    /// P(enter) on one attempt with this DRM.
    pub(crate) p_enter: ProbJson,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ExactJson {
    pub(crate) rows: Vec<PushRow>,
    pub(crate) p_end_first_phase: ProbJson,
    pub(crate) expected_hexes_first_phase: ProbJson,
    pub(crate) p_never: ProbJson,
    /// `None` (null) when the end may never be reached.
    pub(crate) expected_phases: Option<ProbJson>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct McJson {
    pub(crate) trials: u64,
    pub(crate) seed: u64,
    pub(crate) rows: Vec<PushMcRow>,
    pub(crate) p_never: EstimateJson,
    pub(crate) expected_phases: Option<EstimateJson>,
}

/// A Monte Carlo estimate in JSON: `mc`, `ci95`, `std_error`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct EstimateJson {
    #[serde(rename = "mc")]
    pub(crate) value: f64,
    pub(crate) ci95: [f64; 2],
    pub(crate) std_error: f64,
}

impl From<Estimate> for EstimateJson {
    fn from(e: Estimate) -> Self {
        EstimateJson {
            value: e.value,
            ci95: e.ci95,
            std_error: e.std_error,
        }
    }
}

/// The report of one push.
#[derive(Clone, Debug, Serialize)]
pub struct PushReport {
    /// The Gun's name as the scenario gives it, if it gives one.
    pub gun: Option<String>,
    pub(crate) m_number: u8,
    pub(crate) pushers: Pushers,
    /// Who pushes, as the text says it: "1 crew, 2 squads".
    pub(crate) pushers_text: String,
    pub(crate) pushers_drm: i16,
    pub(crate) mf: u8,
    pub(crate) labor: u8,
    pub(crate) labor_max: u8,
    pub(crate) path: Vec<HexJson>,
    pub(crate) exact: Option<ExactJson>,
    pub(crate) monte_carlo: Option<McJson>,
    /// What the player should know of this push: a chart DRM given that
    /// no attempt takes.
    pub(crate) notes: Vec<String>,
    pub(crate) readings: Vec<Reading>,
    pub(crate) not_modelled: &'static [&'static str],
    /// The rows the text shows: MPh counts cut where fewer than 1 in 1,000
    /// pushes are left.
    #[serde(skip)]
    text_rows: (Option<Vec<PushRow>>, Option<Vec<PushMcRow>>),
}

/// Below this share of pushes left, the text table ends with "or more".
const TEXT_TAIL: f64 = 0.001;

/// What a push leaves out.
const NOT_MODELLED: &[&str] = &[
    "enemy fire during the push (Hazardous Movement)",
    "hooking up after the push in the same MPh (C10.31)",
    "stopping early by choice",
    "the rules for pushing a Gun into a building (B23.423, B23.85, B23.93, C2.7) or a pillbox (B30.45): a building hex is pushed into as any other",
];

/// P(Original DR ≤ n).
fn p_original_at_most(n: i16) -> Prob {
    let ways = (2..=n.min(12)).map(|s| 6 - (s - 7).abs()).sum::<i16>();
    Prob::new(ways.max(0) as u64, 36)
}

impl PushReport {
    /// The report of `push` (C10.3) from whichever engines ran: the exact
    /// odds, and the Monte Carlo tally with its seed.
    pub fn new(push: &Push, exact: Option<&PushOdds>, mc: Option<(&PushTally, u64)>) -> Self {
        let m = i16::from(push.input.m_number);
        let path = (0..push.len())
            .map(|i| {
                let labor = if i == 0 { push.input.labor } else { 0 };
                let drm = push.drm(i, labor);
                let mut terms = push.terms(i);
                if labor > 0 {
                    terms.push(Term {
                        what: "Labor",
                        drm: -i16::from(labor),
                    });
                }
                let most = m - drm;
                HexJson {
                    hex: i + 1,
                    terrain: push.input.path[i].label.clone(),
                    pushing_mf: push.cost(i),
                    drm,
                    terms,
                    enters_on_original_at_most: (most >= 2).then(|| most.min(12) as u8),
                    p_enter: ProbJson::from(p_original_at_most(most)),
                }
            })
            .collect();
        let last = exact.map_or(PHASE_CAP as usize - 1, |e| e.last_listed_phase());
        let cap = PHASE_CAP as usize;
        let text_cap = match (exact, mc) {
            (Some(e), _) => (2..cap).find(|t| e.at_least(*t).to_f64() < TEXT_TAIL),
            (None, Some((m, _))) => (2..cap).find(|t| {
                let below: u64 = m.phases.iter().take(*t).sum();
                ((m.trials - below) as f64) < TEXT_TAIL * m.trials as f64
            }),
            (None, None) => None,
        }
        .unwrap_or(cap);
        let text_rows = (
            exact.map(|e| e.rows_capped(text_cap)),
            mc.map(|(m, _)| m.rows(last, text_cap)),
        );
        PushReport {
            text_rows,
            gun: push.input.gun.clone(),
            m_number: push.input.m_number,
            pushers: push.input.pushers,
            pushers_text: push.input.pushers.describe(),
            pushers_drm: push.input.pushers.drm(),
            mf: push.input.mf,
            labor: push.input.labor,
            labor_max: push.input.labor_max,
            path,
            exact: exact.map(|e| ExactJson {
                rows: e.rows(),
                p_end_first_phase: ProbJson::from(e.p_end_first_phase()),
                expected_hexes_first_phase: ProbJson::from(&e.expected_first_phase),
                p_never: ProbJson::from(&e.p_never),
                expected_phases: e.expected_phases.as_ref().map(ProbJson::from),
            }),
            monte_carlo: mc.map(|(t, seed)| McJson {
                trials: t.trials,
                seed,
                rows: t.rows(last, cap),
                p_never: t.p_never().into(),
                expected_phases: t.mean_phases().map(EstimateJson::from),
            }),
            notes: push.unused_drm(),
            readings: push.readings(),
            not_modelled: NOT_MODELLED,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}
