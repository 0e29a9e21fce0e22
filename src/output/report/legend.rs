//! The legend under a text report: each outcome word and column the report
//! shows, defined once here in the players' words, and the cells that show
//! an exact fraction or point to its JSON key when it is long.

use std::fmt::Write;

/// A word or column a report shows and its legend defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Term {
    Hit,
    HitAs,
    CriticalHit,
    KeepsRof,
    Malfunction,
    Removed,
    MalfunctionedAtEnd,
    IftResults,
    NoEffect,
    Pinned,
    Broken,
    CasualtyReduced,
    Eliminated,
    Vehicle,
    OutOfAction,
    Cleared,
    Expected,
    MonteCarlo,
    Detonates,
    NotAttacked,
    LongFraction,
}

impl Term {
    fn text(self) -> (&'static str, &'static str) {
        match self {
            Term::Hit => (
                "hit",
                "the To Hit DR hits (Critical Hits included); a unit's hit is a hit on that unit (C3.33)",
            ),
            Term::HitAs => (
                "TH DRM as (a unit), never",
                "a unit out of LOS is hit only when the enemy unit in LOS with the highest To Hit DRM (the one named) is hit, and as it is (C3.33); never: no enemy unit is in LOS, so it is not hit",
            ),
            Term::CriticalHit => (
                "Critical Hit (CH)",
                "an Original 2 that hits (C3.7): full HE FP doubled, positive TEM reversed (C3.71)",
            ),
            Term::KeepsRof => (
                "keeps ROF",
                "the colored die is at or below the effective ROF (C2.24): the mortar may fire again in the phase, unless the same DR malfunctioned it",
            ),
            Term::Malfunction => (
                "malfunction",
                "an Original DR at or above the effective B# (A.11); the shot is still resolved",
            ),
            Term::Removed => (
                "removed for good (X#)",
                "the weapon is eliminated, not just malfunctioned: an Original DR at or above the printed B# when the B# was lowered, or a repair dr of 6",
            ),
            Term::MalfunctionedAtEnd => (
                "malfunctioned at end (per phase)",
                "the weapon is malfunctioned, and not yet repaired, when the phase ends; the whole plan's malfunction counts any malfunction, repaired or not",
            ),
            Term::IftResults => (
                "IFT results",
                "#KIA: # units eliminated by Random Selection, the others broken; K/#: the unit chosen by Random Selection (all tied on the highest dr) Casualty Reduced, then every other unit, and the half-squad a squad was reduced to, takes a #MC (a SMC it wounded takes none); #MC: a Morale Check at DR +#; NMC: a Morale Check at +0; PTC: a Pin Task Check",
            ),
            Term::NoEffect => (
                "no effect",
                "none of the outcomes below happened to the unit",
            ),
            Term::Pinned => (
                "pinned",
                "still Good Order, but pinned: it failed a PTC or passed a MC on its morale exactly (A7.8)",
            ),
            Term::Broken => (
                "broken",
                "failed a Morale Check (or survived a KIA): out of the fight until rallied (A10)",
            ),
            Term::CasualtyReduced => (
                "CR (Casualty Reduced)",
                "a squad reduced to a half-squad or a SMC wounded, still on the map, broken or not (A7.302); a half-squad or crew so reduced is eliminated instead",
            ),
            Term::Eliminated => (
                "eliminated",
                "removed from play (a vehicle: destroyed or a burning wreck)",
            ),
            Term::Vehicle => (
                "imm / sh",
                "a vehicle immobilized / an AFV Shocked, and nothing worse (C7.7)",
            ),
            Term::OutOfAction => (
                "out of action",
                "no longer Good Order: broken (Casualty Reduced or not) or eliminated; a vehicle eliminated",
            ),
            Term::Cleared => (
                "hex cleared",
                "no enemy unit left in Good Order in the hex: every enemy unit out of action",
            ),
            Term::Expected => (
                "E[...], expected",
                "the mean number over all the ways the dice fall; ≈: the exact value as a decimal",
            ),
            Term::MonteCarlo => (
                "Monte Carlo, 95% CI",
                "the share of random trials, and the interval that holds the exact value 95 times in 100",
            ),
            Term::Detonates => (
                "detonates",
                "the DC goes off: its Original DR is below its removal number (A23.4)",
            ),
            Term::NotAttacked => (
                "not attacked, removed",
                "the DC was removed without detonating: no attack (A23.4)",
            ),
            Term::LongFraction => (
                "a key in an exact column",
                "the fraction is too long to print: --format json holds it at that key",
            ),
        }
    }
}

/// The legend of the terms a report used, in a fixed order, each once.
pub(crate) fn legend(terms: &[Term]) -> String {
    let mut terms = terms.to_vec();
    terms.sort();
    terms.dedup();
    let mut out = String::from("\nLegend:\n");
    for t in terms {
        let (word, text) = t.text();
        let _ = writeln!(out, "  {word}: {text}");
    }
    out
}

/// The longest fraction a text cell shows whole.
const SHORT: usize = 15;

/// An exact value in a text cell: a whole number as such (`0`, `1`, `2`
/// for an expected count), a short fraction whole, a long one as the JSON
/// key (`key`) that holds it.
pub(crate) fn exact_cell(exact: &str, key: &str) -> String {
    match exact.strip_suffix("/1") {
        Some(whole) => whole.into(),
        None if exact.len() <= SHORT => exact.into(),
        None => key.into(),
    }
}

/// Whether [`exact_cell`] shows `exact` as a key.
pub(crate) fn is_long(exact: &str) -> bool {
    exact.len() > SHORT
}

/// A probability in percent: exactly 0 as `0`, exactly 1 as `100%`, a
/// value that rounds to the ends but is not one as `<0.01%` / `>99.99%`.
pub(crate) fn percent(p: f64) -> String {
    if p == 0.0 {
        "0".into()
    } else if p == 1.0 {
        "100%".into()
    } else if p < 0.000_05 {
        "<0.01%".into()
    } else if p > 0.999_95 {
        ">99.99%".into()
    } else {
        format!("{:.2}%", p * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_0_and_long_fractions_name_their_key() {
        assert_eq!(exact_cell("0/1", "p_removed"), "0");
        assert_eq!(exact_cell("2/1", "expected_shots"), "2");
        assert_eq!(exact_cell("3/11", "p"), "3/11");
        assert_eq!(exact_cell("7/12", "p_hit"), "7/12");
        assert_eq!(
            exact_cell("1038626147/161243136", "expected_shots"),
            "expected_shots"
        );
        assert_eq!(percent(0.0), "0");
        assert_eq!(percent(1e-9), "<0.01%");
        assert_eq!(percent(7.0 / 12.0), "58.33%");
        assert_eq!(percent(1.0), "100%");
    }

    #[test]
    fn each_term_once_in_a_fixed_order() {
        let text = legend(&[Term::Pinned, Term::Hit, Term::Pinned]);
        assert_eq!(text.matches("  pinned:").count(), 1);
        assert!(text.find("  hit:") < text.find("  pinned:"));
    }
}
