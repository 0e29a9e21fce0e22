//! Every figure of the odds sheet, worked out exactly through the rules
//! (`rules::shot`, `rules::units`, `rules::effects`) and the fire plan
//! engine (`engine::plan`). Nothing here re-states a rule: each figure is a
//! `Shot` (or a one-phase `FirePlan`) built from ordinary inputs and
//! read off its exact odds (`figures` works each part out; this module
//! holds the sheet's rows and the parameters).
//!
//! What each figure means (the sheet's legend says the same):
//!
//! - **To Hit %**: P(hit, Critical Hits included) of one HE shot on the
//!   Area Target Type, by weapon class (>57mm, 41-57mm, ≤40mm), range band
//!   and *net* To Hit DRM (every firer- and target-based DRM summed).
//!   Range bands that give the same Modified TH# are merged into one
//!   column. A cell is marked when only an Original 2 can hit (C3.7: a
//!   subsequent dr 1 is a CH, 2-6 a hit) or when even an Original 2 misses
//!   (improbable hit, C3.6). The ≤40mm class follows the Reading
//!   `small-caliber-both-rows`.
//! - **Kept ROF**: P(the shot keeps Multiple ROF) = P(colored die ≤ the
//!   effective ROF), hit or miss (C2.24). Spotted fire lowers the ROF by 1
//!   (and adds +2 To Hit, C9.31), which is all spotting changes here.
//! - **Shots per phase**: the exact expected number of shots one mortar
//!   fires in one fire phase (the first always, then again while it keeps
//!   ROF and has not malfunctioned), from the exact plan engine, without
//!   Intensive Fire, for a B# the player gives (default 12: the B# of a
//!   counter that prints none). Also P(2 or more) and P(3 or more) shots.
//! - **IFT outcomes**: a squad of Morale Level 6, 7 or 8, alone in the hex
//!   and without a leader, takes one non-Critical HE hit on an IFT column
//!   with a net effects DRM: the squad's worst outcome, KIA (eliminated),
//!   CR (Casualty Reduced, broken or not), broken, pinned; the rest is no
//!   effect. Its half-squad keeps the squad's morale.
//! - **Critical Hits**: P(hit) and P(CH) of one shot in each of the three
//!   ways an Original 2 is read.
//! - **Malfunction**: P(Original DR ≥ effective B#) by printed B#, plain,
//!   with the B# lowered by 2 (Intensive Fire, C5.62, a captured weapon,
//!   A21.11, or a non-qualified user, A21.13) and by 4 (any two of them);
//!   X# = removed for good (the B# was lowered and the DR reached the
//!   printed B#).
//! - **IFT columns by caliber**: the column of a hit and of a CH for the
//!   calibers of the catalog given (C3.33, C3.71).

use crate::error::{Error, Result};
use crate::prob::Prob;
use crate::rules::mortar::Mortar;
use crate::rules::to_hit::HitMode;

mod figures;

pub use figures::squad_outcomes;
use figures::{
    caliber_columns, critical_rows, ift_table, malfunction_row, rof_figures, to_hit_table,
};

/// Net To Hit DRM rows of the To Hit tables.
pub const TO_HIT_DRMS: [i16; 9] = [-4, -3, -2, -1, 0, 1, 2, 3, 4];
/// Printed ROF rows of the ROF table.
pub const ROFS: [u8; 3] = [1, 2, 3];
/// Squad Morale Levels of the IFT table.
pub const MORALES: [u8; 3] = [6, 7, 8];
/// IFT columns of the IFT table.
pub const IFT_COLUMNS: [u8; 6] = [2, 4, 6, 8, 12, 16];
/// Net effects DRM rows of the IFT table.
pub const IFT_DRMS: [i16; 8] = [-3, -2, -1, 0, 1, 2, 3, 4];
/// Printed B# rows of the malfunction table.
pub const BREAKDOWNS: [u8; 5] = [12, 11, 10, 9, 8];
/// The B# of a counter that prints none (A.11): the default for the ROF table.
pub const DEFAULT_BREAKDOWN: u8 = 12;

/// What the player chooses for the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetParams {
    /// The printed B# the shots-per-phase figures use.
    pub breakdown: u8,
}

impl Default for SheetParams {
    fn default() -> Self {
        SheetParams {
            breakdown: DEFAULT_BREAKDOWN,
        }
    }
}

/// A weapon class of the To Hit table (C4 modification rows).
#[derive(Clone, Debug, PartialEq)]
pub struct ToHitTable {
    /// "> 57mm", "41-57mm", "≤ 40mm".
    pub class: &'static str,
    /// Its columns, nearest range band first; bands with the same
    /// Modified TH# share one column.
    pub columns: Vec<ToHitColumn>,
}

/// Range bands sharing one Modified TH#.
#[derive(Clone, Debug, PartialEq)]
pub struct ToHitColumn {
    /// "0-12", "49+" ...
    pub ranges: String,
    /// The Modified TH# of these bands before any DRM (C3.1, C4).
    pub to_hit_number: i16,
    /// One cell per [`TO_HIT_DRMS`].
    pub cells: Vec<ToHitCell>,
}

/// One cell of a To Hit column: one net To Hit DRM.
#[derive(Clone, Debug, PartialEq)]
pub struct ToHitCell {
    /// The net To Hit DRM, one of [`TO_HIT_DRMS`].
    pub drm: i16,
    /// P(hit) of one HE shot, Critical Hits included, exact.
    pub p_hit: Prob,
    /// How an Original 2 is read here: normal, only an Original 2 hits
    /// (C3.7) or an improbable hit (C3.6); the sheet marks the last two.
    pub mode: HitMode,
}

/// One printed ROF, without and with spotting.
#[derive(Clone, Debug, PartialEq)]
pub struct RofRow {
    /// The printed ROF, one of [`ROFS`].
    pub rof: u8,
    /// Fired without a spotter.
    pub direct: RofFigures,
    /// Spotted fire: ROF lowered by 1 (C9.31).
    pub spotted: RofFigures,
}

/// The ROF figures of one printed ROF, fired directly or spotted, for the
/// sheet's B# ([`SheetParams::breakdown`]), without Intensive Fire.
#[derive(Clone, Debug, PartialEq)]
pub struct RofFigures {
    /// The ROF after reductions (spotted fire: one less).
    pub effective_rof: u8,
    /// P(the shot keeps Multiple ROF): colored die ≤ the effective ROF,
    /// hit or miss (C2.24).
    pub p_keep: Prob,
    /// Expected shots in one fire phase, from the exact plan engine.
    pub expected_shots: Prob,
    /// P(two or more shots in the phase).
    pub p_two_or_more: Prob,
    /// P(three or more shots in the phase).
    pub p_three_or_more: Prob,
}

/// One squad Morale Level: a row per IFT DRM, a cell per IFT column.
#[derive(Clone, Debug, PartialEq)]
pub struct IftTable {
    /// The squad's Morale Level, one of [`MORALES`].
    pub morale: u8,
    /// `rows[i][j]`: DRM [`IFT_DRMS`]`[i]`, column [`IFT_COLUMNS`]`[j]`.
    pub rows: Vec<Vec<SquadOutcomes>>,
}

/// A squad's worst outcome of one hit; no effect is the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct SquadOutcomes {
    /// P(the squad is eliminated: KIA).
    pub eliminated: Prob,
    /// P(the squad is Casualty Reduced, broken or not).
    pub casualty_reduced: Prob,
    /// P(the squad ends broken, not reduced).
    pub broken: Prob,
    /// P(the squad ends pinned, and no worse).
    pub pinned: Prob,
}

/// How an Original 2 is read, and the shot's odds then.
#[derive(Clone, Debug, PartialEq)]
pub struct CriticalRow {
    /// The way an Original 2 is read: normal, only an Original 2 hits
    /// (C3.7) or improbable (C3.6).
    pub mode: HitMode,
    /// An example: Modified TH# and net DRM that give this mode.
    pub to_hit_number: i16,
    /// The example's net To Hit DRM.
    pub drm: i16,
    /// P(hit) of the example shot, Critical Hits included.
    pub p_hit: Prob,
    /// P(Critical Hit) of the example shot (C3.7).
    pub p_critical: Prob,
}

/// Malfunction odds of one printed B#.
#[derive(Clone, Debug, PartialEq)]
pub struct MalfunctionRow {
    /// The printed B#, one of [`BREAKDOWNS`].
    pub breakdown: u8,
    /// P(Original DR ≥ the printed B#): the weapon malfunctions.
    pub p_malfunction: Prob,
    /// B# -2 (Intensive Fire, or captured).
    pub lowered2_malfunction: Prob,
    /// With B# -2: P(the DR reaches the printed B#), the X#: removed for
    /// good.
    pub lowered2_removed: Prob,
    /// B# -4 (Intensive Fire by a captured weapon).
    pub lowered4_malfunction: Prob,
    /// With B# -4: P(the DR reaches the printed B#), the X#: removed for
    /// good.
    pub lowered4_removed: Prob,
}

/// The IFT columns of one group of catalog mortars.
#[derive(Clone, Debug, PartialEq)]
pub struct CaliberColumns {
    /// The calibers (mm) of the group, smallest first.
    pub calibers: Vec<u16>,
    /// The Area Target FP that replaces half the HE FP, if the group has one.
    pub area_fp: Option<u8>,
    /// The IFT column (its FP) of a hit that is not a Critical Hit (C3.33).
    pub hit_column: u8,
    /// Heavy Payload DRM of that hit (0, or negative over 200mm, C.7).
    pub hit_drm: i16,
    /// The IFT column (its FP) of a Critical Hit (C3.71).
    pub critical_column: u8,
    /// Heavy Payload DRM of the Critical Hit (0 or negative).
    pub critical_drm: i16,
}

/// Every figure of the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// What the player chose.
    pub params: SheetParams,
    /// The To Hit tables, one per weapon class: >57mm, 41-57mm, ≤40mm.
    pub to_hit: Vec<ToHitTable>,
    /// The ROF table, one row per [`ROFS`].
    pub rof: Vec<RofRow>,
    /// The IFT outcome tables, one per [`MORALES`].
    pub ift: Vec<IftTable>,
    /// The three ways an Original 2 is read, one row each.
    pub criticals: Vec<CriticalRow>,
    /// The malfunction table, one row per [`BREAKDOWNS`].
    pub malfunction: Vec<MalfunctionRow>,
    /// The IFT columns of the catalog's calibers.
    pub calibers: Vec<CaliberColumns>,
}

impl Sheet {
    /// Works out the sheet; `mortars` (the catalog) give the caliber table.
    pub fn new<'a>(
        params: SheetParams,
        mortars: impl IntoIterator<Item = &'a Mortar>,
    ) -> Result<Sheet> {
        if !(2..=12).contains(&params.breakdown) {
            return Err(Error::invalid(
                "breakdown",
                format!(
                    "{} is not a B# (2 to 12; 12 where the counter prints none)",
                    params.breakdown
                ),
            ));
        }
        Ok(Sheet {
            to_hit: vec![
                to_hit_table("> 57mm", 81)?,
                to_hit_table("41-57mm", 50)?,
                to_hit_table("≤ 40mm", 40)?,
            ],
            rof: ROFS
                .iter()
                .map(|&rof| {
                    Ok(RofRow {
                        rof,
                        direct: rof_figures(rof, false, params.breakdown)?,
                        spotted: rof_figures(rof, true, params.breakdown)?,
                    })
                })
                .collect::<Result<_>>()?,
            ift: MORALES
                .iter()
                .map(|&m| ift_table(m))
                .collect::<Result<_>>()?,
            criticals: critical_rows()?,
            malfunction: BREAKDOWNS
                .iter()
                .map(|&b| malfunction_row(b))
                .collect::<Result<_>>()?,
            calibers: caliber_columns(mortars)?,
            params,
        })
    }
}
