//! The rulebook's examples worked dice by dice: C3.331 (a 50mm mortar at a
//! woods-gully hex) and C3.332 (a 76mm Gun at an AFV and a truck).

use super::*;

// ---------------------------------------------------------------------------
// 3. C3.331 EX: a 50mm mortar at a woods-gully hex
// ---------------------------------------------------------------------------

/// Two squads in Crest status (index 0 concealed, index 1 Known) and a third
/// IN the gully (index 2), all in woods with no Crest TEM. The gully squad
/// is in the firer's LOS or not.
fn woods_gully_shot(gully_in_los: bool) -> Shot {
    let woods = Target {
        woods: true,
        tem: 0,
        ..hex(5)
    };
    let concealed = Target {
        concealed: true,
        ..woods.clone()
    };
    let mut gully = squad(7, woods.clone());
    gully.in_los = gully_in_los;
    shot_at(
        mortar(50),
        woods.clone(),
        vec![squad(7, concealed), squad(7, woods), gully],
    )
}

#[test]
fn c3_331_a_hit_on_the_concealed_squad_hits_all_three() {
    for gully_in_los in [true, false] {
        let shot = woods_gully_shot(gully_in_los);
        // 50mm: 6 FP halved to 3, the 2 column; Air Burst -1 instead of the
        // woods TEM; the Crest gives no TEM.
        for (i, t) in shot.units.iter().enumerate() {
            let a = t.normal_attack.as_ref().unwrap();
            assert_eq!((a.column.fp(), a.drm()), (2, -1), "unit {i}");
            assert!(t.air_burst);
        }
        let process = ShotProcess::units(&shot);
        let start = process.start_units();
        let col2 = Column::of_fp(2).unwrap();
        for colored in 1..=6u8 {
            for white in 1..=6u8 {
                let original = colored + white;
                for (ec, ew) in [(1, 1), (2, 3), (3, 3), (4, 6), (6, 6)] {
                    // The To Hit DR, the effects DR, then 1s for any Random
                    // Selection and check (a 1 chooses the first candidate).
                    // (After an Original 2, the Random Selection of the
                    // Critical Hit among the three: a dr each, 6 1 1, so the
                    // first keeps it alone.)
                    let mut tape = vec![colored, white];
                    if original == 2 {
                        tape.extend([6, 1, 1]);
                    }
                    tape.extend([ec, ew]);
                    tape.extend([1u8; 40]);
                    let end = process.run(&start, &mut FixedDice::new(&tape));
                    let h = &end.hits;
                    let what = format!("TH DR {colored}{white}, gully in LOS {gully_in_los}");
                    if h[0].is_hit() {
                        assert!(h[1].is_hit() && h[2].is_hit(), "{what}: {h:?}");
                    }
                    // TH# 7 at 5 hexes (no ≤57mm row at 0-6 hexes).
                    assert_eq!(h[0].is_hit(), original <= 5, "{what}");
                    assert_eq!(h[1].is_hit(), original <= 7, "{what}");
                    // Out of LOS, the gully squad shares the concealed
                    // squad's fate (C3.33); in LOS it is a Known squad.
                    let gully_hit = if gully_in_los {
                        original <= 7
                    } else {
                        original <= 5
                    };
                    assert_eq!(h[2].is_hit(), gully_hit, "{what}");
                    // Barring a CH: the 2 FP column at -1.
                    for (i, kind) in h.iter().enumerate() {
                        if *kind == HitKind::Hit {
                            let (dr, final_dr) = end.rolls[i].expect("an effects DR");
                            assert_eq!(dr.original(), ec + ew);
                            assert_eq!(final_dr, i16::from(ec + ew) - 1, "{what}");
                            assert_eq!(
                                end.location.results[i],
                                Some(col2.result(final_dr)),
                                "{what}"
                            );
                        }
                    }
                    if original == 2 {
                        let ch = h.iter().filter(|k| **k == HitKind::Critical).count();
                        assert_eq!(ch, 1, "{what}: one Critical Hit only");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 4. C3.332 EX: a 76mm Gun hits an AFV, or a truck
// ---------------------------------------------------------------------------

#[test]
fn c3_332_afv_and_truck_attacks() {
    let gun = mortar(76);
    assert!(!gun.support_weapon, "a 76mm mortar is a Gun");
    let open = hex(5);
    let hedge = Target { tem: 1, ..hex(5) };
    // AFV: the 6 FP column at -1 (all AF ≤ 4); behind a hedge net 0.
    let a = afv_attack(&gun, &open, &pz3g_armor(), false).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (6, -1));
    let a = afv_attack(&gun, &hedge, &pz3g_armor(), false).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (6, 0));
    // Truck: the Vehicle line of the 6 FP column, Kill number 6, net 0 in
    // the open, +1 behind the hedge.
    let t = normal_attack(&gun, &open, false).unwrap();
    assert_eq!((t.column.fp(), t.drm()), (6, 0));
    assert_eq!(t.column.vehicle_kill_number(), 6);
    let t = normal_attack(&gun, &hedge, false).unwrap();
    assert_eq!((t.column.fp(), t.drm()), (6, 1));
    // The shot gives each vehicle these attacks.
    let mut afv = unit("PzKpfw IIIG", UnitKind::Afv, 0, open.clone());
    afv.armor = pz3g_armor();
    let s = shot_at(gun.clone(), open.clone(), vec![afv.clone()]);
    let a = s.units[0].normal_attack.as_ref().unwrap();
    assert_eq!((a.column.fp(), a.drm()), (6, -1));
    let truck = unit("truck", UnitKind::UnarmoredVehicle, 0, hedge.clone());
    let s = shot_at(gun.clone(), hedge.clone(), vec![truck]);
    assert!(!s.units[0].air_burst);
    let a = s.units[0].normal_attack.as_ref().unwrap();
    assert_eq!((a.column.fp(), a.drm()), (6, 1));
}

/// Runs the single-vehicle shot with a non-CH hit (TH DR 2-2) and this
/// effects DR; no other dice may be read.
fn vehicle_run(shot: &Shot, colored: u8, white: u8) -> ShotState {
    let process = ShotProcess::units(shot);
    let tape = [2, 2, colored, white];
    let mut dice = FixedDice::new(&tape);
    let end = process.run(&process.start_units(), &mut dice);
    assert_eq!(dice.used(), 4);
    assert_eq!(end.hits[0], HitKind::Hit);
    end
}

#[test]
fn c3_332_turret_hit_shocks_hull_hit_immobilizes() {
    let gun = mortar(76);
    // K: the lowest Final DR with a K/# result in the 6 FP column.
    let k = Column::of_fp(6).unwrap().lowest_k_dr().unwrap();
    assert_eq!(k, 3);
    for (tem, drm) in [(0i8, -1i16), (1, 0)] {
        let location = Target { tem, ..hex(5) };
        let mut afv = unit("PzKpfw IIIG", UnitKind::Afv, 0, location.clone());
        afv.armor = pz3g_armor();
        let shot = shot_at(gun.clone(), location, vec![afv]);
        // Final DR = K: a turret hit (colored < white) shocks, a hull hit
        // immobilizes.
        let (c, w) = if drm == -1 { (1, 3) } else { (1, 2) };
        let end = vehicle_run(&shot, c, w);
        assert_eq!(end.rolls[0].unwrap().1, k);
        assert_eq!(
            end.location.units[0],
            UnitState {
                shocked: true,
                ..UnitState::default()
            }
        );
        let end = vehicle_run(&shot, w, c);
        assert_eq!(end.rolls[0].unwrap().1, k);
        assert_eq!(
            end.location.units[0],
            UnitState {
                immobilized: true,
                ..UnitState::default()
            }
        );
        // Every effects DR, against the C7.7 reading.
        for c in 1..=6u8 {
            for w in 1..=6u8 {
                let f = i16::from(c + w) + drm;
                let want = if f <= k / 2 {
                    UnitState {
                        eliminated: true,
                        burning: true,
                        ..UnitState::default()
                    }
                } else if f < k {
                    UnitState {
                        eliminated: true,
                        ..UnitState::default()
                    }
                } else if f <= k + 1 && c < w {
                    UnitState {
                        shocked: true,
                        ..UnitState::default()
                    }
                } else if f <= k + 1 {
                    UnitState {
                        immobilized: true,
                        ..UnitState::default()
                    }
                } else {
                    UnitState::default()
                };
                assert_eq!(
                    vehicle_run(&shot, c, w).location.units[0],
                    want,
                    "AFV tem {tem} {c}{w}"
                );
            }
        }
    }
    // The truck: Kill number 6; ≤ 3 burns, < 6 eliminated, 6 immobilized.
    for tem in [0i8, 1] {
        let location = Target { tem, ..hex(5) };
        let truck = unit("truck", UnitKind::UnarmoredVehicle, 0, location.clone());
        let shot = shot_at(gun.clone(), location, vec![truck]);
        for c in 1..=6u8 {
            for w in 1..=6u8 {
                let f = i16::from(c + w) + i16::from(tem);
                let want = if f <= 3 {
                    UnitState {
                        eliminated: true,
                        burning: true,
                        ..UnitState::default()
                    }
                } else if f < 6 {
                    UnitState {
                        eliminated: true,
                        ..UnitState::default()
                    }
                } else if f == 6 {
                    UnitState {
                        immobilized: true,
                        ..UnitState::default()
                    }
                } else {
                    UnitState::default()
                };
                assert_eq!(
                    vehicle_run(&shot, c, w).location.units[0],
                    want,
                    "truck tem {tem} {c}{w}"
                );
            }
        }
    }
}
