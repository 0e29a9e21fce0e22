//! The exact engine against Monte Carlo on mixed stacks of 1 to 4 units,
//! and a wrong morale that the comparison must catch.

use super::*;

// ---------------------------------------------------------------------------
// 5. Exact engine vs Monte Carlo
// ---------------------------------------------------------------------------

/// Monte Carlo runs per stack.
const RUNS: u64 = 100_000;
const SEED: u64 = 0x5EED_0FA5;

/// The stacks of the differential test: (what, shot).
fn stacks() -> Vec<(&'static str, Shot)> {
    let woods = Target {
        woods: true,
        ..hex(4)
    };
    let leader = |morale, leadership, location| {
        let mut u = unit("leader", UnitKind::Leader, morale, location);
        u.leadership = leadership;
        u
    };
    let mut stacks = Vec::new();

    // 1 unit: a concealed squad in woods (Air Burst).
    let mut s = squad(
        7,
        Target {
            concealed: true,
            ..woods.clone()
        },
    );
    s.half_squad_morale = Some(6);
    stacks.push((
        "concealed squad in woods, 60mm",
        shot_at(mortar(60), woods.clone(), vec![s]),
    ));

    // 2 units: a leader and a squad, Acquisition -2.
    let acquired = Target {
        acquisition: 2,
        ..hex(5)
    };
    stacks.push((
        "leader -1 + squad, 81mm acquired",
        shot_at(
            mortar(81),
            acquired.clone(),
            vec![
                leader(8, -1, acquired.clone()),
                broken_side(squad(6, acquired.clone()), 7),
            ],
        ),
    ));

    // 3 units: a hero, a half-squad and a crew, FFNAM.
    let moving = Target {
        ffnam: true,
        acquisition: 1,
        ..hex(3)
    };
    stacks.push((
        "hero + half-squad + crew, FFNAM, 50mm",
        shot_at(
            mortar(50),
            moving.clone(),
            vec![
                unit("hero", UnitKind::Hero, 9, moving.clone()),
                unit("half-squad", UnitKind::HalfSquad, 6, moving.clone()),
                unit("crew", UnitKind::Crew, 6, moving.clone()),
            ],
        ),
    ));

    // 4 units: a leader, a broken squad, a concealed squad, a squad in a
    // foxhole; 120mm.
    let base = Target {
        acquisition: 2,
        ..hex(6)
    };
    let mut broken = squad(7, base.clone());
    broken.start.broken = true;
    broken.broken_morale = Some(7);
    broken.half_squad_morale = Some(6);
    let concealed = squad(
        8,
        Target {
            concealed: true,
            ..base.clone()
        },
    );
    let foxhole = squad(
        7,
        Target {
            tem: 2,
            ..base.clone()
        },
    );
    stacks.push((
        "leader + broken squad + concealed squad + squad in foxhole, 120mm",
        shot_at(
            mortar(120),
            base.clone(),
            vec![
                leader(9, -1, base.clone()),
                broken,
                broken_side(concealed, 8),
                broken_side(foxhole, 8),
            ],
        ),
    ));

    // 4 units: a truck, an AFV, a squad and a half-squad; 81mm.
    let mut afv = unit("AFV", UnitKind::Afv, 0, acquired.clone());
    afv.armor = Armor {
        open_topped: true,
        ..Armor::default()
    };
    let mut hs = unit("half-squad", UnitKind::HalfSquad, 7, acquired.clone());
    hs.start.pinned = true;
    stacks.push((
        "truck + AFV + squad + pinned half-squad, 81mm acquired",
        shot_at(
            mortar(81),
            acquired.clone(),
            vec![
                unit("truck", UnitKind::UnarmoredVehicle, 0, acquired.clone()),
                afv,
                squad(7, acquired.clone()),
                hs,
            ],
        ),
    ));

    // 2 units: an AFV (all AF ≤ 4) and a crew in woods, 81mm.
    let mut afv = unit("AFV", UnitKind::Afv, 0, woods.clone());
    afv.armor = pz3g_armor();
    stacks.push((
        "AFV + crew in woods, 81mm",
        shot_at(
            mortar(81),
            Target {
                acquisition: 2,
                ..woods.clone()
            },
            vec![
                afv,
                unit(
                    "crew",
                    UnitKind::Crew,
                    7,
                    Target {
                        acquisition: 2,
                        ..woods.clone()
                    },
                ),
            ],
        ),
    ));
    stacks
}

/// The figures compared, by name, and whether each holds for one end state.
fn figure_names(units: &[Unit]) -> Vec<String> {
    let mut names = Vec::new();
    for (i, u) in units.iter().enumerate() {
        names.push(format!("units[{i}] ({}) hit", u.name));
        names.push(format!("units[{i}] ({}) critical hit", u.name));
        for o in OUTCOMES {
            names.push(format!("units[{i}] ({}) {o:?}", u.name));
        }
        names.push(format!("units[{i}] ({}) out of action", u.name));
        names.push(format!("units[{i}] ({}) burning", u.name));
    }
    names.push("hex cleared".into());
    names.push("hex all eliminated".into());
    for k in 1..=units.len() {
        names.push(format!("hex at least {k} out of action"));
    }
    names
}

fn figure_values(units: &[Unit], hits: &[HitKind], end: &[UnitState]) -> Vec<bool> {
    let mut v = Vec::new();
    for (i, u) in units.iter().enumerate() {
        v.push(hits[i].is_hit());
        v.push(hits[i] == HitKind::Critical);
        for o in OUTCOMES {
            v.push(outcome(&u.start, &end[i]) == o);
        }
        v.push(!in_action(u, &end[i]));
        v.push(end[i].burning);
    }
    let out = (0..units.len())
        .filter(|&i| !in_action(&units[i], &end[i]))
        .count();
    v.push(out == units.len());
    v.push(end.iter().all(|s| s.eliminated));
    for k in 1..=units.len() {
        v.push(out >= k);
    }
    v
}

/// Exact figures from the exact engine's distribution.
fn exact_figures(shot: &Shot) -> Vec<Prob> {
    let units = &shot.input.units;
    let process = ShotProcess::units(shot);
    let dist: Dist<ShotState> = process.exact(&process.start_units());
    let mut sums = vec![Prob::zero(); figure_names(units).len()];
    for (s, p) in dist.iter() {
        for (j, on) in figure_values(units, &s.hits, &s.location.units)
            .into_iter()
            .enumerate()
        {
            if on {
                sums[j] = sums[j].clone() + p;
            }
        }
    }
    // The marginals agree with the program's own HexOdds.
    let hex = HexOdds::of(units, &dist.map(|s| s.location.units.to_vec()));
    let per_unit = 2 + OUTCOMES.len() + 2;
    for (i, u) in hex.units.iter().enumerate() {
        for (k, (_, q)) in u.outcomes.iter().enumerate() {
            assert_eq!(&sums[i * per_unit + 2 + k], q);
        }
        assert_eq!(sums[i * per_unit + 2 + OUTCOMES.len()], u.p_out_of_action);
    }
    let base = units.len() * per_unit;
    assert_eq!(sums[base], hex.p_cleared);
    assert_eq!(sums[base + 1], hex.p_all_eliminated);
    assert_eq!(sums[base + 2..], hex.at_least_out[..]);
    sums
}

/// Monte Carlo counts of every figure over `runs` runs of the process.
fn monte_carlo_counts(shot: &Shot, runs: u64, seed: u64) -> Vec<u64> {
    let units = &shot.input.units;
    let process = ShotProcess::units(shot);
    let start = process.start_units();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut counts = vec![0u64; figure_names(units).len()];
    for _ in 0..runs {
        let end = process.run(&start, &mut RngDice(&mut rng));
        for (j, on) in figure_values(units, &end.hits, &end.location.units)
            .into_iter()
            .enumerate()
        {
            counts[j] += u64::from(on);
        }
    }
    counts
}

/// The failures of the Monte Carlo counts of `mc_shot` against the exact
/// figures of `exact_shot`.
fn failures(exact_shot: &Shot, mc_shot: &Shot, seed: u64) -> Vec<String> {
    let names = figure_names(&exact_shot.input.units);
    let exact = exact_figures(exact_shot);
    let counts = monte_carlo_counts(mc_shot, RUNS, seed);
    names
        .iter()
        .zip(exact.iter().zip(&counts))
        .filter_map(|(name, (e, k))| {
            count_disagrees(e, *k, RUNS).map(|why| format!("{name}: {why}"))
        })
        .collect()
}

#[test]
fn exact_and_monte_carlo_agree_on_mixed_stacks() {
    let stacks = stacks();
    let sizes: Vec<usize> = stacks.iter().map(|(_, s)| s.units.len()).collect();
    for n in 1..=4 {
        assert!(sizes.contains(&n), "a stack of {n}");
    }
    let report: Vec<String> = stacks
        .par_iter()
        .enumerate()
        .flat_map(|(i, (what, shot))| {
            failures(shot, shot, SEED + i as u64)
                .into_iter()
                .map(|f| format!("{what}: {f}"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}

/// The comparison can fail: Monte Carlo of a squad of morale 7 against the
/// exact odds of the same squad at morale 6.
#[test]
fn differential_check_catches_a_wrong_morale() {
    let at = hex(5);
    let exact = shot_at(mortar(81), at.clone(), vec![squad(6, at.clone())]);
    let mc = shot_at(mortar(81), at.clone(), vec![squad(7, at)]);
    let found = failures(&exact, &mc, SEED);
    assert!(
        found.iter().any(|f| f.contains("Broken")),
        "the check missed a wrong morale: {found:?}"
    );
}
