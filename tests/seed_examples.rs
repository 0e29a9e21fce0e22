//! The rules' worked examples, as exact values.

mod common;

use common::mortar;

use common::p;
use mortar_odds::dice::{Dist, FixedDice};
use mortar_odds::engine::shot::ShotOdds;
use mortar_odds::prob::Prob;
use mortar_odds::rules::firer::{Firer, Manning, Phase};
use mortar_odds::rules::ift::IftResult;
use mortar_odds::rules::mortar::{Ammo, Mortar};
use mortar_odds::rules::shot::{Breakdown, Shot, ShotInput};
use mortar_odds::rules::shot_process::resolve_shot;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::to_hit::{HitKind, HitMode};

fn shot(mortar: Mortar, firer: Firer, target: Target) -> Shot {
    Shot::new(ShotInput {
        mortar,
        firer,
        target,
        units: Vec::new(),
        ammo: Ammo::He,
    })
    .expect("valid shot")
}

/// The IFT results for a fixed column and DRM over one effects DR.
fn ift_law(pairs: &[(IftResult, u64)]) -> Vec<(IftResult, Prob)> {
    let mut v: Vec<(IftResult, Prob)> = pairs.iter().map(|(r, n)| (*r, p(*n, 36))).collect();
    v.sort_by_key(|a| a.0);
    v
}

fn as_vec(d: &Dist<IftResult>) -> Vec<(IftResult, Prob)> {
    d.iter().map(|(r, p)| (*r, p.clone())).collect()
}

/// C3.331 EX: a German 50mm mortar hits a woods-gully hex: barring a CH, a
/// 2 FP attack (6 FP halved to 3: the 2 column) with -1 for Air Bursts and
/// no Crest TEM.
#[test]
fn c3_331_fifty_mm_in_woods_is_a_2_fp_attack_at_minus_1() {
    let target = Target {
        range: 5,
        woods: true,
        ..Target::default()
    };
    let s = shot(mortar(50), Firer::default(), target);
    let attack = s.normal_attack.as_ref().unwrap();
    assert_eq!(attack.column.fp(), 2);
    assert_eq!(attack.drm(), -1);
    assert!(s.air_burst);
    // Over the effects DR: final 1 (Original 2) 1KIA, 2 K/1, 3-4 1MC,
    // 5 NMC, 6 PTC, 7+ no effect.
    let odds = ShotOdds::of(&s);
    let given_hit = odds.ift_given(HitKind::Hit).unwrap();
    assert_eq!(
        as_vec(&given_hit),
        ift_law(&[
            (IftResult::Kia(1), 1),
            (IftResult::K(1), 2),
            (IftResult::Mc(1), 7),
            (IftResult::Nmc, 5),
            (IftResult::Ptc, 6),
            (IftResult::NoEffect, 15),
        ])
    );
}

/// C3.71 EX: a squad using Non-Assault Movement through woods struck by a
/// 50mm HE Critical Hit: the 12 FP column at -2 (FFNAM -1, Air Burst -1).
#[test]
fn c3_71_fifty_mm_critical_hit_vs_ffnam_in_woods() {
    let target = Target {
        range: 5,
        woods: true,
        ffnam: true,
        ..Target::default()
    };
    // FFNAM is Defensive First Fire: the opponent's Player Turn (C6).
    let defensive = Firer {
        phase: Phase::Defensive,
        ..Firer::default()
    };
    let s = shot(mortar(50), defensive, target);
    let ch = s.critical_attack.as_ref().unwrap();
    assert_eq!(ch.column.fp(), 12);
    assert_eq!(ch.drm(), -2);
    assert_eq!(ch.fp, 12 * 4);
}

/// C3.6: when even an Original 2 would miss, an Original 2 and a subsequent
/// dr of 1-3 hit (1 a Critical Hit); nothing else hits.
#[test]
fn c3_6_improbable_hit() {
    // 81mm at 40 hexes: TH# 5. Spotted +2 and concealed +2: +4, so the
    // lowest Final DR is 6 > 5.
    let firer = Firer {
        spotted: true,
        ..Firer::default()
    };
    let target = Target {
        range: 40,
        concealed: true,
        ..Target::default()
    };
    let s = shot(mortar(81), firer, target);
    assert_eq!(s.to_hit_number, 5);
    assert_eq!(s.drm, 4);
    assert_eq!(s.hit_mode, HitMode::Improbable);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_hit(), p(1, 36) * p(3, 6));
    assert_eq!(odds.p_critical_hit(), p(1, 36) * p(1, 6));

    // The dice path: Original 2 then dr 4 misses; dr 3 hits.
    let miss = resolve_shot(&s, &mut FixedDice::new(&[1, 1, 4]));
    assert_eq!(miss.hit, HitKind::Miss);
    let hit = resolve_shot(&s, &mut FixedDice::new(&[1, 1, 3, 3, 3]));
    assert_eq!(hit.hit, HitKind::Hit);
}

/// C3.7 EXC: when only the lowest Final DR hits, an Original 2 is a hit and
/// a subsequent dr of 1 makes it a Critical Hit.
#[test]
fn c3_7_only_the_lowest_final_dr_hits() {
    let firer = Firer {
        spotted: true,
        cx: true,
        ..Firer::default()
    };
    let s = shot(
        mortar(81),
        firer,
        Target {
            range: 40,
            ..Target::default()
        },
    );
    assert_eq!(s.hit_mode, HitMode::LowestOnly);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_hit(), p(1, 36));
    assert_eq!(odds.p_critical_hit(), p(1, 216));
}

/// SPEC section 3: HE FP by caliber, halved for the Area Target Type, on
/// the rightmost column not above it.
#[test]
fn fp_to_column_cases() {
    let t = Target {
        range: 5,
        ..Target::default()
    };
    for (caliber, column, critical_column) in [
        (50, 2, 12),
        (60, 4, 16),
        (76, 6, 24),
        (81, 8, 30),
        (82, 8, 30),
        (107, 8, 36),
        (120, 12, 36),
    ] {
        let s = shot(mortar(caliber), Firer::default(), t.clone());
        assert_eq!(
            s.normal_attack.as_ref().unwrap().column.fp(),
            column,
            "{caliber}mm"
        );
        assert_eq!(
            s.critical_attack.as_ref().unwrap().column.fp(),
            critical_column,
            "{caliber}mm CH"
        );
    }
    // US M2 4.2-in: Area Target FP 12.
    let mut m2 = mortar(107);
    m2.area_fp = Some(12);
    let s = shot(m2, Firer::default(), t.clone());
    assert_eq!(s.normal_attack.as_ref().unwrap().column.fp(), 12);
    // 120mm CH: 48 FP, the 36 column at -1 (Heavy Payload).
    let s = shot(mortar(120), Firer::default(), t);
    assert_eq!(s.critical_attack.as_ref().unwrap().drm(), -1);
}

/// C4: a 40mm weapon at 13-18 hexes takes -1 (≤57mm) and -1 (≤40mm)
/// (Reading: both rows), and one printed without "*" adds +1 beyond 12.
#[test]
fn c4_small_caliber_and_no_asterisk() {
    let t = Target {
        range: 15,
        ..Target::default()
    };
    let mut m = mortar(40);
    assert_eq!(
        shot(m.clone(), Firer::default(), t.clone()).to_hit_number,
        5
    );
    m.asterisk = false;
    assert_eq!(shot(m, Firer::default(), t).to_hit_number, 6);
}

/// C2.24 and its reductions: spotted -1, captured -1; pinned and a lone SMC
/// keep no Multiple ROF.
#[test]
fn rate_of_fire_reductions() {
    let t = Target {
        range: 5,
        ..Target::default()
    };
    let mut m = mortar(81);
    m.rof = Some(3);
    let rof = |firer: Firer| shot(m.clone(), firer, t.clone()).effective_rof;
    assert_eq!(rof(Firer::default()), Some(3));
    assert_eq!(
        rof(Firer {
            spotted: true,
            captured: true,
            ..Firer::default()
        }),
        Some(1)
    );
    assert_eq!(
        rof(Firer {
            pinned: true,
            ..Firer::default()
        }),
        Some(0)
    );
    assert_eq!(
        rof(Firer {
            manning: Manning::LoneSmc,
            ..Firer::default()
        }),
        Some(0)
    );
}

/// A.11, C5.62: Intensive Fire lowers the B# by 2; an Original DR at or
/// above the printed B# is then an X# (removed for good).
#[test]
fn intensive_fire_malfunction_and_x_number() {
    let firer = Firer {
        intensive_fire: true,
        phase: Phase::Defensive,
        ..Firer::default()
    };
    let s = shot(
        mortar(81),
        firer,
        Target {
            range: 5,
            ..Target::default()
        },
    );
    assert_eq!(s.effective_breakdown, Some(10));
    assert_eq!(s.effective_rof, Some(0));
    assert_eq!(s.drm, 2);
    let odds = ShotOdds::of(&s);
    assert_eq!(odds.p_malfunction(), Some(p(6, 36))); // 10, 11, 12
    assert_eq!(odds.p_removed(), Some(p(1, 36))); // 12
    let out = resolve_shot(&s, &mut FixedDice::new(&[6, 6]));
    assert_eq!(out.breakdown, Some(Breakdown::Removed));
    // The malfunctioning shot is still resolved: an 11 is a malfunction
    // and, at TH# 7 with +2, a miss; a 10 likewise.
    let out = resolve_shot(&s, &mut FixedDice::new(&[5, 5]));
    assert_eq!(out.breakdown, Some(Breakdown::Malfunctioned));
}

/// C8.9: SMOKE compares the Original DR with the depletion number: below
/// uses it, equal uses the last, above means none (no shot): the mortar
/// has not fired and, unless it malfunctioned, may still fire.
#[test]
fn smoke_depletion() {
    let mut m = mortar(81);
    m.smoke_depletion = Some(8);
    let s = Shot::new(ShotInput {
        mortar: m,
        firer: Firer::default(),
        target: Target {
            range: 5,
            ..Target::default()
        },
        units: Vec::new(),
        ammo: Ammo::Smoke,
    })
    .unwrap();
    // SMOKE at 0-6 hexes: TH# 7 + 2.
    assert_eq!(s.to_hit_number, 9);
    let odds = ShotOdds::of(&s);
    use mortar_odds::rules::shot::AmmoUse;
    assert_eq!(odds.p_ammo(AmmoUse::RunsOut), p(5, 36));
    assert_eq!(odds.p_ammo(AmmoUse::NoneLeft), p(10, 36));
    // Hits need an Original ≤ 9 but > 8 has no SMOKE: P(hit) = P(≤ 8).
    assert_eq!(odds.p_hit(), p(26, 36));
    assert!(odds.ift_given(HitKind::Hit).is_none());
    // May fire again (ROF 2, B# 12): a shot fired on an Original 8 or less
    // with the colored die 1 or 2 (6 + 6 of 36 rolls, C2.24), or no shot
    // fired on an Original 9, 10 or 11 (4 + 3 + 2); an Original 12 has no
    // SMOKE but malfunctions. Before: 12/36, the colored die alone.
    assert_eq!(odds.p_keep_rof(), Some(p(21, 36)));
}

/// C3.8: the Chinese Type 27 scores a Multiple Hit on a non-CH Original
/// doubles and keeps the lower of two effects DR.
#[test]
fn multiple_hits_keep_the_lower_effects_dr() {
    let mut m = mortar(40);
    m.multiple_hits = true;
    let s = shot(
        m,
        Firer::default(),
        Target {
            range: 5,
            ..Target::default()
        },
    );
    let odds = ShotOdds::of(&s);
    // Doubles 2-2 and 3-3 hit at TH# 7 (Originals 4 and 6); 1-1 is a CH.
    assert_eq!(odds.p_multiple_hit(), p(2, 36));
    let out = resolve_shot(&s, &mut FixedDice::new(&[2, 2, 6, 6, 1, 2]));
    assert!(out.multiple_hit);
    assert_eq!(out.effects.unwrap().dr.original(), 3);
}
