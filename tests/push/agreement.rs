//! Gun manhandling: the exact odds against Monte Carlo's on a corpus of
//! pushes, a wrong M# caught, and the same tally on any number of
//! threads.

use super::*;

const TRIALS: u64 = 200_000;
const SEED: u64 = 0x9C10_3000;

fn corpus() -> Vec<(&'static str, Push)> {
    let mut squads = input(9, "open,woods+hedge,grain", 8);
    squads.pushers = Pushers {
        squads: 2,
        ..Pushers::default()
    };
    let mut labor = input(7, "wooden-building,open", 6);
    labor.labor = 1;
    let mut mud = input(10, "open+mud,open+road,brush", 6);
    mud.mud_drm = Some(2);
    mud.road_drm = Some(-1);
    vec![
        ("seed example", push(12, "stone-building", 4)),
        ("two woods", push(8, "woods,woods", 8)),
        ("open run", push(10, "open,open,open,open", 8)),
        ("squads", Push::new(squads).unwrap()),
        ("labor", Push::new(labor).unwrap()),
        ("mud and road", Push::new(mud).unwrap()),
        ("never", push(4, "open,woods", 6)),
    ]
}

/// Every figure of `mc` that strays from `exact`.
fn disagreements(exact: &PushOdds, mc: &PushTally) -> Vec<String> {
    let n = mc.trials as f64;
    let mut out = Vec::new();
    let mut check = |what: String, p: &Prob, count: u64| {
        let pf = p.to_f64();
        let q = count as f64 / n;
        if p.is_zero() || *p == Prob::one() {
            let want = if p.is_zero() { 0 } else { mc.trials };
            if count != want {
                out.push(format!("{what}: exact {p}, MC {count} of {}", mc.trials));
            }
            return;
        }
        let z = z_score(pf, q, n).abs();
        if z > MAX_Z {
            out.push(format!("{what}: exact {pf:.6}, MC {q:.6}, z = {z:.2}"));
        }
    };
    for (k, p) in exact.first_phase.iter().enumerate() {
        check(format!("first_phase[{k}]"), p, mc.first_phase[k]);
    }
    let at = |t: usize| mc.phases.get(t).copied().unwrap_or(0);
    for t in 1..PHASE_CAP as usize {
        check(format!("phases[{t}]"), &exact.phases[t], at(t));
    }
    let below: u64 = (1..PHASE_CAP as usize).map(at).sum();
    check(
        "phases_or_more".into(),
        &exact.phases_or_more,
        mc.trials - below,
    );
    check("never".into(), &exact.p_never, mc.never);
    if let (Some(e), Some(m)) = (&exact.expected_phases, mc.mean_phases()) {
        let z = (m.value - e.to_f64()).abs() / m.std_error.max(1e-12);
        if z > MAX_Z {
            out.push(format!(
                "expected phases: exact {e}, MC {:.4}, z = {z:.2}",
                m.value
            ));
        }
    }
    out
}

#[test]
fn exact_and_monte_carlo_agree() {
    for (i, (name, push)) in corpus().iter().enumerate() {
        let exact = PushOdds::of(push);
        let mc = monte_carlo::run(push, TRIALS, SEED + i as u64, &|_| {});
        assert_eq!(mc.trials, TRIALS);
        let strays = disagreements(&exact, &mc);
        if strays.is_empty() {
            continue;
        }
        // Hundreds of figures at 4 SE give a rare chance flag: a figure
        // fails only if it strays again in a run ten times larger.
        let confirm = monte_carlo::run(push, 10 * TRIALS, SEED ^ (1 << 40) ^ i as u64, &|_| {});
        let again: Vec<String> = disagreements(&exact, &confirm)
            .into_iter()
            .filter(|s| {
                strays
                    .iter()
                    .any(|f| f.split(':').next() == s.split(':').next())
            })
            .collect();
        assert!(
            again.is_empty(),
            "{name}: exact and Monte Carlo disagree:\n{}",
            again.join("\n")
        );
    }
}

#[test]
fn a_wrong_m_number_is_caught() {
    // Sampled with M#9 and compared with the exact odds of M#8: the check
    // must see it, or it could not fail.
    let exact = PushOdds::of(&push(8, "open,woods", 6));
    let mc = monte_carlo::run(&push(9, "open,woods", 6), TRIALS, SEED, &|_| {});
    let strays = disagreements(&exact, &mc);
    // Not only where the exact odds are 0 or 1: a probability strays by
    // standard errors too.
    let by_z = |s: &String| s.starts_with("phases[") && s.contains("z =");
    assert!(strays.iter().any(by_z), "{strays:#?}");
}

#[test]
fn monte_carlo_is_the_same_on_any_number_of_threads() {
    let push = push(9, "open,woods+hedge,grain", 8);
    let on = |threads| {
        on_threads(threads, || {
            monte_carlo::run(&push, 3 * 65_536 + 17, 5, &|_| {})
        })
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
    assert_ne!(one, monte_carlo::run(&push, 3 * 65_536 + 17, 6, &|_| {}));
}
