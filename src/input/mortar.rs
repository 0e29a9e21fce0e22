//! `[mortar]`: a catalog mortar, an inline one, or a catalog mortar with
//! values added or replaced. Catalog files use the same shape.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::input::check::{int, opt_int};
use crate::rules::mortar::{LIGHT_MORTAR_MAX_CALIBER, Mortar, RangeLimits};

/// A mortar: a catalog name, inline values, or a catalog name with values
/// added or replaced. The same shape is used by catalog files.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MortarSpec {
    /// A catalog mortar's name (any case), e.g. "japanese-type-89"; a name
    /// not in the catalog names a mortar of your own, which needs
    /// `caliber`. Left out: give the caliber, and it is called e.g.
    /// "81mm mortar".
    pub name: Option<String>,
    /// A longer name for reports. Left out: the catalog's, or the name.
    pub title: Option<String>,
    /// The caliber in millimetres, 1 to 999. Light mortars (60mm or less)
    /// are Support Weapons, larger ones Guns. Needed when `name` is not in
    /// the catalog; left out, the catalog's.
    pub caliber: Option<i64>,
    /// A Support Weapon (light mortar) rather than a Gun. Left out: by the
    /// caliber, or the catalog's.
    pub support_weapon: Option<bool>,
    /// The counter has the "*" of the To Hit table; false: Basic TH# +1
    /// beyond 12 hexes. Left out: the catalog's; an inline mortar has it.
    pub asterisk: Option<bool>,
    /// The printed ROF, 1 to 6. Left out: the catalog's; without one, a
    /// shot gives every figure but the ROF's and names the flag, and a
    /// fire plan asks for it.
    pub rof: Option<i64>,
    /// The printed B#, 2 to 12; 12 where the counter prints none. Left
    /// out: the catalog's; without one, a shot gives every figure but the
    /// breakdown's, and a fire plan asks for it.
    pub breakdown: Option<i64>,
    /// The printed R#, 1 to 6, for a fire plan's repair dr. Left out: the
    /// catalog's; asked for by a plan with `repair = true`.
    pub repair: Option<i64>,
    /// The printed range in hexes, `[min, max]`, e.g. `[1, 16]`; no
    /// ordnance fires beyond it (C3.52). Left out: the catalog's; a shot
    /// asks for it.
    pub range: Option<Vec<i64>>,
    /// The SMOKE depletion number, 2 to 12 (C8.9). Left out: the
    /// catalog's; a SMOKE shot asks for it.
    pub smoke_depletion: Option<i64>,
    /// The WP depletion number, 2 to 12 (C8.9). Left out: the catalog's;
    /// a WP shot asks for it.
    pub wp_depletion: Option<i64>,
    /// This mortar may not fire Air Bursts. Left out: the catalog's, or
    /// no.
    pub air_bursts_na: Option<bool>,
    /// Multiple Hits on a non-Critical-Hit Original doubles (C3.8; the
    /// Chinese Type 27). Left out: the catalog's, or no.
    pub multiple_hits: Option<bool>,
    /// This mortar gains no Acquisition (the Russian PM-39). Left out:
    /// the catalog's, or no.
    pub acquisition_na: Option<bool>,
    /// An Area Target FP, 1 to 36, used instead of half the caliber's HE
    /// FP (12 for the US M2 4.2-in). Left out: the catalog's, or none.
    pub area_fp: Option<i64>,
    /// The Japanese/Chinese Type 89 50mm restrictions on range, ROF and
    /// Air Bursts by ammunition. Left out: the catalog's, or no.
    pub type89_rules: Option<bool>,
    /// Where the mortar's values come from, for reports. Left out: the
    /// catalog's, or none.
    pub source: Option<String>,
}

impl MortarSpec {
    /// Sets every value this spec gives on `mortar`. With `track`, records
    /// each as supplied by the player (the catalog did not have it).
    pub fn apply(&self, mortar: &mut Mortar, track: bool) -> Result<()> {
        let mut given: Vec<&str> = Vec::new();
        if let Some(t) = &self.title {
            mortar.title = t.clone();
        }
        if let Some(src) = &self.source {
            mortar.source = Some(src.clone());
        }
        if let Some(c) = self.caliber {
            let caliber = caliber_mm(c)?;
            if caliber != mortar.caliber_mm {
                given.push("caliber");
                mortar.caliber_mm = caliber;
                mortar.support_weapon = caliber <= LIGHT_MORTAR_MAX_CALIBER;
            }
        }
        let mut flag = |name: &'static str, value: Option<bool>, slot: &mut bool| {
            if let Some(v) = value {
                given.push(name);
                *slot = v;
            }
        };
        flag(
            "support_weapon",
            self.support_weapon,
            &mut mortar.support_weapon,
        );
        flag("asterisk", self.asterisk, &mut mortar.asterisk);
        flag(
            "air_bursts_na",
            self.air_bursts_na,
            &mut mortar.air_bursts_na,
        );
        flag(
            "multiple_hits",
            self.multiple_hits,
            &mut mortar.multiple_hits,
        );
        flag(
            "acquisition_na",
            self.acquisition_na,
            &mut mortar.acquisition_na,
        );
        flag("type89_rules", self.type89_rules, &mut mortar.type89_rules);
        let numbers: [NumberField; 6] = [
            ("rof", self.rof, 1, 6, "a ROF", &mut mortar.rof),
            (
                "breakdown",
                self.breakdown,
                2,
                12,
                "a B#; 12 where the counter prints none",
                &mut mortar.breakdown,
            ),
            ("repair", self.repair, 1, 6, "an R#", &mut mortar.repair),
            (
                "smoke_depletion",
                self.smoke_depletion,
                2,
                12,
                "a depletion number",
                &mut mortar.smoke_depletion,
            ),
            (
                "wp_depletion",
                self.wp_depletion,
                2,
                12,
                "a depletion number",
                &mut mortar.wp_depletion,
            ),
            (
                "area_fp",
                self.area_fp,
                1,
                36,
                "an Area Target FP",
                &mut mortar.area_fp,
            ),
        ];
        for (name, value, min, max, what, slot) in numbers {
            if let Some(v) = opt_int(&format!("mortar.{name}"), value, min, max, what)? {
                given.push(name);
                *slot = Some(v);
            }
        }
        if let Some(r) = &self.range {
            given.push("range");
            mortar.range = Some(range_limits(r)?);
        }
        if track {
            for g in given {
                if !mortar.user_values.iter().any(|u| u == g) {
                    mortar.user_values.push(g.to_string());
                }
            }
        }
        Ok(())
    }
}

/// A counter number: its name, the given value, its bounds, what it is, and
/// where it goes.
type NumberField<'a> = (
    &'static str,
    Option<i64>,
    i64,
    i64,
    &'static str,
    &'a mut Option<u8>,
);

/// A caliber in millimetres, checked (`mortar.caliber`).
pub(crate) fn caliber_mm(value: i64) -> Result<u16> {
    int(
        "mortar.caliber",
        value,
        1,
        999,
        "a caliber must be a positive number of millimetres",
    )
}

fn range_limits(values: &[i64]) -> Result<RangeLimits> {
    let field = "mortar.range";
    let [min, max] = values else {
        return Err(Error::invalid(
            field,
            "give the printed range as [min, max], e.g. [1, 16]",
        ));
    };
    let min = int(field, *min, 1, 999, "a range in hexes")?;
    let max = int(field, *max, 1, 999, "a range in hexes")?;
    if min > max {
        return Err(Error::invalid(
            field,
            format!("minimum {min} is above maximum {max}"),
        ));
    }
    Ok(RangeLimits { min, max })
}
