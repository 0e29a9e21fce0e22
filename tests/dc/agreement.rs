//! Demolition Charges: the exact odds against Monte Carlo's on every
//! figure, a sampler run on a wrong TEM caught, and the same tally on any
//! number of threads.

use super::*;

/// Scenarios for the agreement test: every kind, units in both Locations.
const AGREEMENT: [&str; 4] = [
    include_str!("../../examples/dc/placed-stone-building.toml"),
    include_str!("../../examples/dc/thrown-afph.toml"),
    "[dc]\nkind = \"set\"\ncaptured = true\n[dc.target]\nconcealed = true\n[[dc.target.units]]\nkind = \"half-squad\"\nmorale = 6\nbroken_morale = 7\n[[dc.target.units]]\nkind = \"leader\"\nmorale = 9\nleadership = -1\n[[dc.target.units]]\nkind = \"unarmored-vehicle\"\n",
    "[dc]\nkind = \"placed\"\nbreach = true\ncx = true\nelite = true\n[dc.target]\ntem = 4\n[[dc.target.units]]\nkind = \"squad\"\nmorale = 8\n[[dc.target.units]]\nkind = \"squad\"\nmorale = 6\n",
];

const TRIALS: u64 = 200_000;

/// The rows that stray from the exact ones by more than `k` standard
/// errors (of the exact p), with their z-scores.
fn strays(exact: &[DcRow], mc: &[DcRow], k: f64) -> Vec<String> {
    assert_eq!(exact.len(), mc.len(), "the engines list the same figures");
    exact
        .iter()
        .zip(mc)
        .filter_map(|(e, m)| {
            assert_eq!(
                (e.location, &e.unit, &e.quantity),
                (m.location, &m.unit, &m.quantity)
            );
            let z = z_score(e.p, m.p, TRIALS as f64);
            (z.abs() > k).then(|| format!("{} {} {}: z = {z:.2}", e.location, e.unit, e.quantity))
        })
        .collect()
}

#[test]
fn exact_and_monte_carlo_agree_on_every_figure() {
    // Four scenarios of ~30 figures: at 4.5 SE a chance flag is rare
    // (about 1 in 10,000 figures); a real bias of a few percent is not.
    for (i, text) in AGREEMENT.iter().enumerate() {
        let d = dc(text);
        let exact = DcOdds::exact(&d).rows(&d);
        let mc = monte_carlo::run(&d, TRIALS, 11 + i as u64, &|_| {}).rows(&d);
        assert!(
            mc.iter()
                .all(|r| r.engine == "monte-carlo" && r.ci95.is_some())
        );
        let bad = strays(&exact, &mc, 4.5);
        assert!(bad.is_empty(), "scenario {i}: {bad:?}");
    }
}

#[test]
fn monte_carlo_catches_a_wrong_tem() {
    // The sampler run on a DC one TEM higher must stray from the exact odds.
    let text = AGREEMENT[0];
    let d = dc(text);
    let wrong = dc(&text.replace("tem = 3", "tem = 4"));
    let exact = DcOdds::exact(&d).rows(&d);
    let mc = monte_carlo::run(&wrong, TRIALS, 5, &|_| {}).rows(&d);
    assert!(strays(&exact, &mc, 4.5).len() >= 3);
}

#[test]
fn monte_carlo_is_the_same_on_any_number_of_threads() {
    let d = dc(AGREEMENT[1]);
    let on = |threads| on_threads(threads, || monte_carlo::tally(&d, 150_000, 9, &|_| {}));
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
    assert_eq!(one.target.values().sum::<u64>(), 150_000);
    // The thrower's Location is tallied apart, every trial too.
    assert!(d.thrower.is_some());
    assert_eq!(one.thrower.values().sum::<u64>(), 150_000);
}
