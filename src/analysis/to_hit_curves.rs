//! P(hit) and P(Critical Hit) of one HE shot against the net To Hit DRM,
//! for each range band: the curves of the report's To Hit charts, each
//! point a shot's exact odds.

use toml::{Table, Value};

use crate::engine::shot::ShotOdds;
use crate::input::catalog::Catalog;
use crate::input::scenario::Scenario;
use crate::input::source::set_key;
use crate::rules::shot::Shot;
use crate::rules::to_hit::RANGE_BANDS;

/// Net To Hit DRMs on the x axis of the hit charts.
pub const DRMS: std::ops::RangeInclusive<i64> = -4..=4;

/// A range band's name and its P(hit) and P(CH) points, by net DRM.
pub type Curve = (String, Vec<(f64, f64)>, Vec<(f64, f64)>);

/// P(hit) and P(Critical Hit) of one HE shot by a mortar of `caliber` mm
/// (named `label`) against net To Hit DRM, one curve per range band; bands
/// whose curves are the same are merged into one ("0-24 hexes").
pub fn to_hit_curves(catalog: &Catalog, caliber: u16, label: &str) -> crate::Result<Vec<Curve>> {
    let mut curves: Vec<Curve> = Vec::new();
    for (band, name) in RANGE_BANDS.iter().enumerate() {
        // The band's farthest range (">54": 55 hexes).
        let range = 6 * (band as i64 + 1) - i64::from(band == 9) * 5;
        let mut hit = Vec::new();
        let mut crit = Vec::new();
        for drm in DRMS {
            let mut t = Table::new();
            set_key(&mut t, "mortar.name", Value::String(label.into()));
            set_key(&mut t, "mortar.caliber", Value::Integer(caliber.into()));
            // Not a counter: a stand-in weapon whose range spans every band.
            let span = vec![Value::Integer(1), Value::Integer(55)];
            set_key(&mut t, "mortar.range", Value::Array(span));
            set_key(&mut t, "target.range", Value::Integer(range));
            set_key(&mut t, "target.extra_drm", Value::Integer(drm));
            let scenario = Scenario::parse("chart", "", t)?;
            let odds = ShotOdds::of(&Shot::new(scenario.shot_input(catalog)?)?);
            hit.push((drm as f64, odds.p_hit().to_f64()));
            crit.push((drm as f64, odds.p_critical_hit().to_f64()));
        }
        match curves.last_mut() {
            Some(last) if last.1 == hit && last.2 == crit => {
                let first = last.0.split('-').next().unwrap_or("0").to_string();
                last.0 = format!("{first}-{}", name.rsplit('-').next().unwrap_or(name));
                if name.starts_with('>') {
                    last.0 = format!("{first}+");
                }
            }
            _ => curves.push((name.to_string(), hit, crit)),
        }
    }
    Ok(curves)
}
