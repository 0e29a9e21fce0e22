//! How each part of the sheet is worked out: a shot (or a one-phase plan)
//! built from ordinary inputs, read off its exact odds.

use super::{
    CaliberColumns, CriticalRow, IFT_COLUMNS, IFT_DRMS, IftTable, MalfunctionRow, RofFigures,
    SquadOutcomes, TO_HIT_DRMS, ToHitCell, ToHitColumn, ToHitTable,
};
use crate::dice::Dist;
use crate::engine::plan::chain::Chain;
use crate::engine::plan::exact::PlanOdds;
use crate::engine::plan::{FirePlan, IntensiveFirePolicy, PlanInput, PlanPhase, StopRule};
use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::error::Result;
use crate::prob::Prob;
use crate::rules::firer::{Firer, Phase};
use crate::rules::mortar::{Ammo, Mortar, RangeLimits};
use crate::rules::shot::{Shot, ShotInput};
use crate::rules::target::Target;
use crate::rules::to_hit::{HitKind, RANGE_BANDS};
use crate::rules::units::{Outcome, Unit, UnitKind, UnitState, outcome};

/// A mortar of this caliber that can fire at `range`: the sheet's own
/// vehicle for a figure; its counter values are the figure's row.
fn mortar(caliber: u16, range: u16) -> Mortar {
    let mut m = Mortar::with_caliber("sheet", caliber);
    m.range = Some(RangeLimits {
        min: range,
        max: range,
    });
    m
}

/// A target at `range` whose only To Hit DRM is `drm`.
fn target_with_drm(range: u16, drm: i16) -> Target {
    Target {
        range,
        extra_drm: drm as i8,
        ..Target::default()
    }
}

pub(super) fn to_hit_table(class: &'static str, caliber: u16) -> Result<ToHitTable> {
    // The first range of each band (">54" starts at 55).
    let firsts: Vec<u16> = (0..RANGE_BANDS.len() as u16).map(|b| b * 6 + 1).collect();
    let mut columns: Vec<ToHitColumn> = Vec::new();
    let mut first_range = Vec::new();
    for &range in &firsts {
        let mut cells = Vec::new();
        let mut th = 0;
        for &drm in &TO_HIT_DRMS {
            let s = Shot::he(
                mortar(caliber, range),
                Firer::default(),
                target_with_drm(range, drm),
            )?;
            th = s.to_hit_number;
            cells.push(ToHitCell {
                drm,
                p_hit: ShotOdds::of(&s).p_hit(),
                mode: s.hit_mode,
            });
        }
        match columns.last_mut() {
            Some(last) if last.to_hit_number == th => {}
            _ => {
                first_range.push(range);
                columns.push(ToHitColumn {
                    ranges: String::new(),
                    to_hit_number: th,
                    cells,
                });
            }
        }
    }
    for (i, col) in columns.iter_mut().enumerate() {
        let from = first_range[i];
        col.ranges = match first_range.get(i + 1) {
            Some(next) => format!("{from}-{}", next - 1),
            None => format!("{from}+"),
        };
    }
    Ok(ToHitTable { class, columns })
}

/// The one-phase plan of a mortar with this ROF and B#: shots in the phase.
pub(super) fn rof_figures(rof: u8, spotted: bool, breakdown: u8) -> Result<RofFigures> {
    let range = 6;
    let mut m = mortar(81, range);
    m.rof = Some(rof);
    m.breakdown = Some(breakdown);
    let firer = Firer {
        spotted,
        ..Firer::default()
    };
    let input = ShotInput {
        mortar: m,
        firer,
        target: target_with_drm(range, 0),
        units: Vec::new(),
        ammo: Ammo::He,
    };
    let s = Shot::new(input.clone())?;
    let p_keep = ShotOdds::of(&s)
        .p_keep_rof()
        .expect("the ROF is given above");
    let plan = FirePlan::new(
        input,
        PlanInput {
            phases: vec![PlanPhase {
                phase: Phase::Prep,
                max_shots: None,
            }],
            stop: StopRule::Never,
            intensive_fire: IntensiveFirePolicy::Never,
            repair: false,
            acquisition: 0,
        },
    )?;
    let odds = PlanOdds::of(&plan, &Chain::compile(&plan));
    let phase = &odds.per_phase[0];
    Ok(RofFigures {
        effective_rof: s.effective_rof.expect("the ROF is given above"),
        p_keep,
        expected_shots: phase.expected_shots.clone(),
        p_two_or_more: phase.shots.at_least(2),
        p_three_or_more: phase.shots.at_least(3),
    })
}

/// A lone squad of this morale in the hex, hit by a mortar whose Area
/// Target FP is the column's: its worst outcome given a non-Critical hit.
pub fn squad_outcomes(morale: u8, column_fp: u8, drm: i16) -> Result<Dist<Outcome>> {
    let range = 6;
    let mut m = mortar(81, range);
    m.area_fp = Some(column_fp);
    let location = Target {
        range,
        effects_drm: drm as i8,
        ..Target::default()
    };
    let squad = Unit::new(
        format!("squad ML {morale}"),
        UnitKind::Squad,
        morale,
        location.clone(),
    );
    let s = Shot::new(ShotInput {
        mortar: m,
        firer: Firer::default(),
        target: location,
        units: vec![squad],
        ammo: Ammo::He,
    })?;
    let odds = UnitShotOdds::of(&s).expect("the hex holds the squad");
    let hit = odds
        .joint()
        .given(|(hits, _)| hits[0] == HitKind::Hit)
        .expect("TH# 7 at DRM 0 can hit");
    Ok(hit.map(|(_, states)| outcome(&UnitState::default(), &states[0])))
}

pub(super) fn ift_table(morale: u8) -> Result<IftTable> {
    let rows = IFT_DRMS
        .iter()
        .map(|&drm| {
            IFT_COLUMNS
                .iter()
                .map(|&fp| {
                    let d = squad_outcomes(morale, fp, drm)?;
                    Ok(SquadOutcomes {
                        eliminated: d.prob_of(&Outcome::Eliminated),
                        casualty_reduced: d.prob_of(&Outcome::CasualtyReduced),
                        broken: d.prob_of(&Outcome::Broken),
                        pinned: d.prob_of(&Outcome::Pinned),
                    })
                })
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<_>>()?;
    Ok(IftTable { morale, rows })
}

/// One example of each way an Original 2 is read: a >57mm mortar at 1-12
/// hexes (Modified TH# 7) with net DRM 0, +5 and +6.
pub(super) fn critical_rows() -> Result<Vec<CriticalRow>> {
    [0, 5, 6]
        .into_iter()
        .map(|drm| {
            let s = Shot::he(mortar(81, 6), Firer::default(), target_with_drm(6, drm))?;
            let odds = ShotOdds::of(&s);
            Ok(CriticalRow {
                mode: s.hit_mode,
                to_hit_number: s.to_hit_number,
                drm,
                p_hit: odds.p_hit(),
                p_critical: odds.p_critical_hit(),
            })
        })
        .collect()
}

pub(super) fn malfunction_row(breakdown: u8) -> Result<MalfunctionRow> {
    let odds = |intensive_fire: bool, captured: bool| -> Result<(Prob, Prob)> {
        let mut m = mortar(81, 6);
        m.breakdown = Some(breakdown);
        let firer = Firer {
            intensive_fire,
            captured,
            ..Firer::default()
        };
        let o = ShotOdds::of(&Shot::he(m, firer, target_with_drm(6, 0))?);
        Ok((
            o.p_malfunction().expect("the B# is given above"),
            o.p_removed().expect("the B# is given above"),
        ))
    };
    let (p_malfunction, _) = odds(false, false)?;
    let (lowered2_malfunction, lowered2_removed) = odds(true, false)?;
    let (lowered4_malfunction, lowered4_removed) = odds(true, true)?;
    Ok(MalfunctionRow {
        breakdown,
        p_malfunction,
        lowered2_malfunction,
        lowered2_removed,
        lowered4_malfunction,
        lowered4_removed,
    })
}

/// The IFT columns of a hit and of a Critical Hit for each caliber (and
/// Area Target FP) of `mortars`, in caliber order; neighbouring calibers
/// with the same columns share a row.
pub(super) fn caliber_columns<'a>(
    mortars: impl IntoIterator<Item = &'a Mortar>,
) -> Result<Vec<CaliberColumns>> {
    let mut keys: Vec<(u16, Option<u8>)> = mortars
        .into_iter()
        .map(|m| (m.caliber_mm, m.area_fp))
        .collect();
    keys.sort();
    keys.dedup();
    let mut out: Vec<CaliberColumns> = Vec::new();
    for (caliber, area_fp) in keys {
        let mut m = mortar(caliber, 6);
        m.area_fp = area_fp;
        let s = Shot::he(m, Firer::default(), target_with_drm(6, 0))?;
        let (Some(hit), Some(critical)) = (&s.normal_attack, &s.critical_attack) else {
            continue;
        };
        let row = CaliberColumns {
            calibers: vec![caliber],
            area_fp,
            hit_column: hit.column.fp(),
            hit_drm: hit.drm(),
            critical_column: critical.column.fp(),
            critical_drm: critical.drm(),
        };
        match out.last_mut() {
            Some(last)
                if (
                    last.area_fp,
                    last.hit_column,
                    last.hit_drm,
                    last.critical_column,
                    last.critical_drm,
                ) == (
                    area_fp,
                    row.hit_column,
                    row.hit_drm,
                    row.critical_column,
                    row.critical_drm,
                ) =>
            {
                last.calibers.push(caliber);
            }
            _ => out.push(row),
        }
    }
    Ok(out)
}
