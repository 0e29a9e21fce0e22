//! To Hit on the Area Target Type (C3.3, C3.33): the mortar To Hit table
//! and its C4 modifications as data, the firer- and target-based DRM cases
//! of C5 and C6, and the hit test with Critical Hits (C3.7) and Improbable
//! Hits (C3.6).

use serde::Serialize;

use super::firer::{Firer, GunType, Phase};
use super::mortar::{Ammo, Mortar};
use super::readings;
use super::sequence::MAX_ACQUISITION;
use super::target::Target;
use crate::dice::{Dice, Dr};

/// Range bands of the To Hit table: 0-6, 7-12, ..., 49-54, >54.
pub const RANGE_BANDS: [&str; 10] = [
    "0-6", "7-12", "13-18", "19-24", "25-30", "31-36", "37-42", "43-48", "49-54", ">54",
];

/// C3 Mortar To Hit table, Area Target Type with the "*" modification: the
/// Basic TH# per range band.
pub const BASIC_TH: [i8; 10] = [7, 7, 7, 7, 6, 6, 5, 5, 4, 4];

/// C4 modification for SMOKE, per range band.
pub const SMOKE_MOD: [i8; 10] = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0];

/// C4 modification for weapons ≤ 57mm, per range band.
pub const LE57_MOD: [i8; 10] = [0, 0, -1, -1, -2, -2, -3, -3, -4, -4];

/// C4 modification for weapons ≤ 40mm, per range band.
pub const LE40_MOD: [i8; 10] = [0, 0, -1, -1, -1, -1, -1, -1, -1, -1];

/// A weapon printed without "*" uses a Basic TH# one higher beyond this range.
pub const NO_ASTERISK_BEYOND: u16 = 12;

/// The range band of a range in hexes (index into the tables above).
pub fn band(range: u16) -> usize {
    if range == 0 {
        0
    } else {
        usize::from((range - 1) / 6).min(9)
    }
}

/// One modifier with the rule it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// The rule it comes from, e.g. `C4` or `C5.1`.
    pub rule: &'static str,
    /// What it is for, in a few words for the report.
    pub what: &'static str,
    /// Its signed value, added to the TH# or to the DR it modifies.
    pub value: i8,
}

impl Modifier {
    fn new(rule: &'static str, what: &'static str, value: i8) -> Self {
        Modifier { rule, what, value }
    }
}

/// Adds, in the order given, the modifier of each case that applies:
/// `(applies, rule, what, value)`.
fn push_cases<const N: usize>(
    mods: &mut Vec<Modifier>,
    cases: [(bool, &'static str, &'static str, i8); N],
) {
    mods.extend(
        cases
            .into_iter()
            .filter(|case| case.0)
            .map(|(_, rule, what, value)| Modifier::new(rule, what, value)),
    );
}

/// Sum of a list of modifiers.
pub fn total(mods: &[Modifier]) -> i16 {
    mods.iter().map(|m| i16::from(m.value)).sum()
}

/// The Basic TH# and its C4 modifications for this weapon, ammo and range.
pub fn to_hit_number(mortar: &Mortar, ammo: Ammo, range: u16) -> (i8, Vec<Modifier>) {
    let b = band(range);
    let mut mods = Vec::new();
    // Reading `wp-smoke-row`: WP is a kind of SMOKE (A24.3).
    let smoke_row = ammo == Ammo::Smoke || (ammo == Ammo::Wp && readings::WP_TAKES_SMOKE_ROW);
    if smoke_row && SMOKE_MOD[b] != 0 {
        mods.push(Modifier::new("C4", "SMOKE", SMOKE_MOD[b]));
    }
    let (le57, le40) = caliber_rows(mortar.caliber_mm, readings::SMALL_CALIBER_TAKES_BOTH_ROWS);
    if le57 && LE57_MOD[b] != 0 {
        mods.push(Modifier::new("C4", "≤57mm", LE57_MOD[b]));
    }
    if le40 && LE40_MOD[b] != 0 {
        mods.push(Modifier::new("C4", "≤40mm", LE40_MOD[b]));
    }
    if !mortar.asterisk && range > NO_ASTERISK_BEYOND {
        mods.push(Modifier::new("C3", "no \"*\" beyond 12 hexes", 1));
    }
    (BASIC_TH[b], mods)
}

/// Which caliber rows of the C4 modifications a weapon takes: (≤57mm,
/// ≤40mm). A weapon of 40mm or less takes both under the Reading
/// `small-caliber-both-rows` (`both_rows`), else its own ≤40mm row only.
fn caliber_rows(caliber_mm: u16, both_rows: bool) -> (bool, bool) {
    let le40 = caliber_mm <= 40;
    (caliber_mm <= 57 && (both_rows || !le40), le40)
}

/// Firer-based To Hit DRM (C5 and the other firer DRM of the To Hit table).
/// `light` is true when the mortar is fired as a light mortar (a SW).
pub fn firer_modifiers(firer: &Firer, light: bool) -> Vec<Modifier> {
    let mut mods = Vec::new();
    let wbr = firer.in_woods_building_rubble;
    if firer.ca_change > 0 {
        // C5.1: first hexspine by gun type, +1 per further hexspine; C5.11:
        // doubled in woods/building/rubble.
        let first = match firer.gun_type {
            // Validation requires a gun type with a CA change.
            Some(GunType::T) | None => 1,
            Some(GunType::ST) => 2,
            Some(GunType::NT) => 3,
        };
        let mut drm = first + (firer.ca_change as i8 - 1);
        if wbr {
            drm *= 2;
        }
        mods.push(Modifier::new("C5.1", "Case A: CA change", drm));
    }
    if firer.phase == Phase::Advancing {
        let drm = if wbr { 3 } else { 2 };
        mods.push(Modifier::new("C5.2", "Case B: AFPh", drm));
    }
    // C5.4, C9.3: a pinned Spotter in effect pins the crew; Case D counts
    // once, whoever is pinned.
    match (firer.pinned, firer.spotter_pinned) {
        (true, _) => mods.push(Modifier::new("C5.4", "Case D: pinned firer", 2)),
        (false, true) => mods.push(Modifier::new("C9.3", "Case D: pinned Spotter", 2)),
        (false, false) => {}
    }
    push_cases(
        &mut mods,
        [
            (firer.intensive_fire, "C5.61", "Case F: Intensive Fire", 2),
            (firer.captured, "C5.8", "Case H: captured", 2),
            (firer.non_qualified, "C5.8", "Case H: non-qualified user", 2),
            (firer.spotted, "C9.31", "spotted fire", 2),
            (firer.cx, "A4.51", "CX firer", 1),
            (firer.encircled, "A7.7", "encircled firer", 1),
            (
                firer.overstacked > 0,
                "A5.12",
                "overstacked firer",
                firer.overstacked as i8,
            ),
            (firer.stun > 0, "D5.34", "stun", firer.stun as i8),
            (
                light && firer.leader_drm != 0,
                "A7.531",
                "leadership",
                firer.leader_drm,
            ),
            (
                firer.extra_drm != 0,
                "-",
                "other firer DRM",
                firer.extra_drm,
            ),
        ],
    );
    mods
}

/// C6.5, C6 Case M: whether Acquisition counts at all for `mortar`
/// firing at `target`: not for a mortar with Acquisition NA, and not on a
/// bore-sighted hex, since Case N does not apply with Case M.
pub fn acquisition_applies(mortar: &Mortar, target: &Target) -> bool {
    !mortar.acquisition_na && !target.bore_sighted
}

/// Target-based To Hit DRM (C6). TEM (Case Q) does not apply to the Area
/// Target Type (C3.331): it goes to the effects DR instead.
///
/// `acquisition` is the hex's Acquisition level (C6.5: it is on the hex, so
/// a unit's own view of the hex shares it), 0 where it is NA.
pub fn target_modifiers(target: &Target, acquisition: u8) -> Vec<Modifier> {
    let mut mods = Vec::new();
    push_cases(
        &mut mods,
        [
            (
                target.dashing && !target.ffnam && !target.ffmo,
                "C6",
                "Case J: dashing",
                2,
            ),
            (target.moving_vehicle, "C6", "Case J: moving vehicle", 2),
            (target.size != 0, "C6", "Case P: target size", target.size),
            (target.ffnam, "C6", "Case J3: FFNAM", -1),
            (target.ffmo, "C6", "Case J4: FFMO", -1),
            (target.concealed, "C6", "Case K: concealed target", 2),
        ],
    );
    if target.bore_sighted {
        mods.push(Modifier::new("C6", "Case M: bore-sighted", -2));
    } else if acquisition > 0 {
        // C6.5: Area Acquisition -1, then -2 at most; Case N is NA with Case M.
        let drm = -(acquisition.min(MAX_ACQUISITION) as i8);
        mods.push(Modifier::new("C6.5", "Case N: Acquisition", drm));
    }
    push_cases(
        &mut mods,
        [
            (
                target.hazardous_movement,
                "C6",
                "Case O: Hazardous Movement",
                -2,
            ),
            (
                target.hindrance > 0,
                "C6.9",
                "Case R: hindrance",
                target.hindrance as i8,
            ),
            (
                target.overstacked_squads > 0,
                "C6",
                "overstacked target",
                -(target.overstacked_squads as i8),
            ),
            (target.motorcyclist, "C6", "motorcyclist target", -1),
            (target.cavalry, "C6", "cavalry target", -2),
            (
                target.extra_drm != 0,
                "-",
                "other target DRM",
                target.extra_drm,
            ),
        ],
    );
    mods
}

/// How an Original 2 is read, given the Modified TH# and the net DRM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HitMode {
    /// An Original 2 is a Critical Hit; any Final DR ≤ TH# hits.
    Normal,
    /// Only the lowest Final DR possible hits: an Original 2 is followed by a
    /// dr, 1 = CH, 2-6 = normal hit (C3.7 EXC).
    LowestOnly,
    /// Even an Original 2 would miss: an Original 2 is followed by a dr,
    /// 1 = CH, 2-3 = normal hit, 4-6 = miss (C3.6).
    Improbable,
}

impl HitMode {
    /// The mode for a Modified TH# and a To Hit DRM, from the lowest Final DR possible (2 + DRM).
    pub fn of(to_hit_number: i16, drm: i16) -> HitMode {
        let lowest_final = 2 + drm;
        if lowest_final > to_hit_number {
            HitMode::Improbable
        } else if lowest_final == to_hit_number {
            HitMode::LowestOnly
        } else {
            HitMode::Normal
        }
    }
}

/// The result of the To Hit DR for one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HitKind {
    /// The Final DR missed this target.
    Miss,
    /// A hit that is not a Critical Hit.
    Hit,
    /// A Critical Hit (C3.7): HE attacks with the Critical Hit's FP and DRM.
    Critical,
}

impl HitKind {
    /// Whether the target was hit at all, critically or not.
    pub fn is_hit(self) -> bool {
        self != HitKind::Miss
    }
}

/// The hit test (C3.3, C3.6, C3.7). When an Original 2 calls for a
/// subsequent dr, it is read from `dice` once and kept in `subsequent`, so
/// that every unit of the hex uses the same dr.
pub fn hit_test(
    to_hit_number: i16,
    drm: i16,
    th: Dr,
    subsequent: &mut Option<u8>,
    dice: &mut dyn Dice,
) -> HitKind {
    let original = i16::from(th.original());
    let mut dr = || *subsequent.get_or_insert_with(|| dice.die());
    match (HitMode::of(to_hit_number, drm), original) {
        (HitMode::Normal, 2) => HitKind::Critical,
        (HitMode::Normal, _) if original + drm <= to_hit_number => HitKind::Hit,
        (HitMode::Normal, _) => HitKind::Miss,
        (HitMode::LowestOnly, 2) => match dr() {
            1 => HitKind::Critical,
            _ => HitKind::Hit,
        },
        (HitMode::Improbable, 2) => match dr() {
            1 => HitKind::Critical,
            2 | 3 => HitKind::Hit,
            _ => HitKind::Miss,
        },
        _ => HitKind::Miss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    #[test]
    fn bands() {
        assert_eq!(band(1), 0);
        assert_eq!(band(6), 0);
        assert_eq!(band(7), 1);
        assert_eq!(band(12), 1);
        assert_eq!(band(13), 2);
        assert_eq!(band(54), 8);
        assert_eq!(band(55), 9);
        assert_eq!(band(300), 9);
    }

    #[test]
    fn caliber_rows_under_either_reading() {
        for both in [true, false] {
            assert_eq!(caliber_rows(81, both), (false, false));
            assert_eq!(caliber_rows(58, both), (false, false));
            assert_eq!(caliber_rows(57, both), (true, false));
            assert_eq!(caliber_rows(41, both), (true, false));
        }
        // C4, Reading `small-caliber-both-rows`: 40mm at 13-18 hexes
        // takes -1 -1 = -2; read otherwise, its own row's -1 only.
        assert_eq!(caliber_rows(40, true), (true, true));
        assert_eq!(caliber_rows(40, false), (false, true));
        assert_eq!(caliber_rows(37, false), (false, true));
    }

    #[test]
    fn hit_modes() {
        assert_eq!(HitMode::of(7, 0), HitMode::Normal);
        assert_eq!(HitMode::of(7, 5), HitMode::LowestOnly);
        assert_eq!(HitMode::of(7, 6), HitMode::Improbable);
    }

    #[test]
    fn improbable_hit_reads_a_subsequent_dr() {
        let th = Dr::new(1, 1);
        for (dr, kind) in [
            (1, HitKind::Critical),
            (2, HitKind::Hit),
            (3, HitKind::Hit),
            (4, HitKind::Miss),
            (6, HitKind::Miss),
        ] {
            let tape = [dr];
            let mut dice = FixedDice::new(&tape);
            assert_eq!(hit_test(3, 2, th, &mut None, &mut dice), kind, "dr {dr}");
            assert_eq!(dice.used(), 1);
            // A second unit reuses the same subsequent dr.
            let mut sub = Some(dr);
            assert_eq!(hit_test(3, 2, th, &mut sub, &mut dice), kind);
            assert_eq!(dice.used(), 1);
        }
        // Anything but an Original 2 misses without a dr.
        let mut dice = FixedDice::new(&[]);
        assert_eq!(
            hit_test(3, 2, Dr::new(1, 2), &mut None, &mut dice),
            HitKind::Miss
        );
    }

    #[test]
    fn normal_original_two_is_critical_without_a_dr() {
        let mut dice = FixedDice::new(&[]);
        for (th, kind) in [
            (Dr::new(1, 1), HitKind::Critical),
            (Dr::new(3, 4), HitKind::Hit),
            (Dr::new(4, 4), HitKind::Miss),
        ] {
            assert_eq!(hit_test(7, 0, th, &mut None, &mut dice), kind);
        }
    }
}
