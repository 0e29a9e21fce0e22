//! Push scenario files (TOML), in the style of `crate::input::scenario`: every
//! field optional with a default, unknown keys an error, flags merged over
//! the file as a TOML table so that a flag and a key share one check.
//!
//! ```toml
//! path = "open,woods+hedge"   # or a list: ["open", "woods+hedge"]; required
//! mud = false                 # every hex, the starting one too, is mud
//! deep_snow = false           # every hex, the starting one too, is deep snow
//! start_mud = false           # the Gun starts in a mud hex
//! start_deep_snow = false     # the Gun starts in a deep snow hex
//!
//! [gun]
//! name = "37L AT Gun"         # for the output only
//! m_number = 12               # printed on the counter; required
//!
//! [pushers]                   # default: one crew
//! crews = 1
//! half_squads = 0
//! squads = 0
//! smc = 0
//! mf = 4                      # MF allotment per MPh; required
//! labor = 0                   # Labor steps already held
//! labor_max = 2
//!
//! [drm]                       # C10.3 chart values not built in: from your chart
//! mud = 0                     # required if a hex is mud/deep snow
//! road = 0                    # required if a hex crosses a road hexside
//! extra = 0                   # any DRM for every attempt
//! ```

use serde::Deserialize;
use toml::Table;

use crate::error::{Error, MissingValue, Result};
use crate::input::source::ScenarioSource;
use crate::rules::manhandling::terrain::{parse_hex, parse_path};
use crate::rules::manhandling::{LABOR_MAX, PushInput, Pushers, Soft};

/// A push scenario file: the Gun, its pushers and the hexes it is pushed
/// into (C10.3).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushScenario {
    /// The hexes the Gun is pushed into, in order, at most 50: a terrain
    /// with `+` modifiers each, e.g. "open,woods+hedge". Required.
    pub path: Option<PathSpec>,
    /// Every hex of the path, the starting one too, is mud. Left out: no.
    pub mud: Option<bool>,
    /// Every hex of the path, the starting one too, is deep snow. Left
    /// out: no.
    pub deep_snow: Option<bool>,
    /// The Gun starts in a mud hex. Left out: no (yes with `mud`).
    pub start_mud: Option<bool>,
    /// The Gun starts in a deep snow hex. Left out: no (yes with
    /// `deep_snow`).
    pub start_deep_snow: Option<bool>,
    /// `[gun]`: the Gun pushed.
    #[serde(default)]
    pub gun: GunSpec,
    /// `[pushers]`: the units pushing it and their MF.
    #[serde(default)]
    pub pushers: PushersSpec,
    /// `[drm]`: DRM values of the C10.3 chart that are not built in, and
    /// any other DRM.
    #[serde(default)]
    pub drm: DrmSpec,
}

/// The path: `"open,woods"` or `["open", "woods"]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum PathSpec {
    /// The hexes in one string, separated by commas: `"open,woods"`.
    Text(String),
    /// The hexes as a list, one string each: `["open", "woods"]`; not
    /// empty.
    Hexes(Vec<String>),
}

/// `[gun]`: the Gun pushed.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunSpec {
    /// A name for the output only, e.g. "37L AT Gun". Left out: none.
    pub name: Option<String>,
    /// The Gun's M#, 2 to 12, printed on its counter; an attempt enters on
    /// a Final DR at or below it. Required.
    pub m_number: Option<i64>,
}

/// `[pushers]`: the units pushing the Gun (C10.3). A count left out is 0;
/// with no count given at all, one crew pushes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushersSpec {
    /// Crews pushing, 0 to 20.
    pub crews: Option<i64>,
    /// Half-squads pushing, 0 to 20.
    pub half_squads: Option<i64>,
    /// Squads pushing, 0 to 20; a squad counts as two HS.
    pub squads: Option<i64>,
    /// SMC pushing, 0 to 20; five equal a crew (C10.111).
    pub smc: Option<i64>,
    /// The pushers' MF allotment in each MPh, 1 to 40, with Double Time or
    /// a leader's bonus if they use it. Required.
    pub mf: Option<i64>,
    /// Labor steps the pushers already hold from failed attempts, 0 to
    /// `labor_max`: -1 DRM each. Left out: 0.
    pub labor: Option<i64>,
    /// The most Labor steps, 0 to 6 (reading `labor-cumulative-to-2`).
    /// Left out: 2.
    pub labor_max: Option<i64>,
}

/// `[drm]`: DRM of every attempt that the program does not work out.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrmSpec {
    /// The C10.3 chart's DRM for pushing into or from mud or deep snow,
    /// -12 to +12. Left out: not given; asked for when a hex needs it.
    pub mud: Option<i64>,
    /// The C10.3 chart's DRM for crossing a road hexside, -12 to +12. Left
    /// out: not given; asked for when a hex needs it.
    pub road: Option<i64>,
    /// Any other DRM for every attempt, -12 to +12. Left out: 0.
    pub extra: Option<i64>,
}

/// The ground that a pair of yes/no keys gives (`mud`, `deep_snow`);
/// `field` names the second in the error when both are given.
fn soft_of(field: &str, mud: Option<bool>, deep_snow: Option<bool>) -> Result<Option<Soft>> {
    match (mud == Some(true), deep_snow == Some(true)) {
        (true, true) => Err(Error::invalid(field, "mud and deep snow at once: give one")),
        (true, false) => Ok(Some(Soft::Mud)),
        (false, true) => Ok(Some(Soft::DeepSnow)),
        (false, false) => Ok(None),
    }
}

/// The file key of a ground: `mud`, `deep_snow`.
fn soft_key(soft: Soft) -> &'static str {
    match soft {
        Soft::Mud => "mud",
        Soft::DeepSnow => "deep_snow",
    }
}

/// Every hex being `soft`, in words and by its key: "deep snow
/// (deep_snow = true)".
fn every_hex(soft: Soft) -> String {
    let key = soft_key(soft);
    format!("{} ({key} = true)", key.replace('_', " "))
}

fn ranged(field: &str, v: i64, lo: i64, hi: i64, what: &str) -> Result<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(Error::invalid(
            field,
            format!("{v} is outside {lo} to {hi} ({what})"),
        ))
    }
}

impl PushScenario {
    /// Reads a push scenario from TOML text (`source_name` names it in
    /// errors), with `overrides` (from command-line flags) merged over it.
    pub fn parse(source_name: &str, text: &str, overrides: Table) -> Result<PushScenario> {
        ScenarioSource::new(source_name, text, overrides).read()
    }

    /// The checked-field input of a push.
    pub fn input(&self) -> Result<PushInput> {
        // Every value still to give, in one message, as the other commands.
        let (Some(m_number), Some(path), Some(mf)) =
            (self.gun.m_number, &self.path, self.pushers.mf)
        else {
            let missing = [
                (self.gun.m_number.is_none(), "--m-number", "gun.m_number"),
                (self.path.is_none(), "--path HEX,HEX", "path"),
                (self.pushers.mf.is_none(), "--mf", "pushers.mf"),
            ]
            .into_iter()
            .filter(|(missing, ..)| *missing)
            .map(|(_, flag, field)| MissingValue::flag(flag, field))
            .collect();
            return Err(Error::MissingValues(missing));
        };
        let m_number = ranged("gun.m_number", m_number, 2, 12, "an M# is 2 to 12")? as u8;
        let mut path = match path {
            PathSpec::Text(text) => parse_path(text)?,
            PathSpec::Hexes(hexes) => {
                if hexes.is_empty() {
                    return Err(Error::invalid(
                        "path",
                        "the path is empty; give the hexes entered, e.g. open,woods",
                    ));
                }
                hexes
                    .iter()
                    .enumerate()
                    .map(|(i, h)| parse_hex(&format!("path[{}]", i + 1), h))
                    .collect::<Result<_>>()?
            }
        };
        let every = soft_of("deep_snow", self.mud, self.deep_snow)?;
        if let Some(soft) = every {
            for (i, hex) in path.iter_mut().enumerate() {
                if hex.soft.is_some_and(|own| own != soft) {
                    return Err(Error::invalid(
                        format!("path[{}]", i + 1),
                        format!(
                            "`{}` in a path whose every hex is {}: give one",
                            hex.label,
                            every_hex(soft)
                        ),
                    ));
                }
                hex.soft = Some(soft);
            }
            let (key, start) = match soft {
                Soft::Mud => ("start_mud", self.start_mud),
                Soft::DeepSnow => ("start_deep_snow", self.start_deep_snow),
            };
            if start == Some(false) {
                return Err(Error::invalid(
                    key,
                    format!(
                        "every hex, the starting one too, is {}: leave {key} out",
                        every_hex(soft)
                    ),
                ));
            }
        }
        let start = soft_of("start_deep_snow", self.start_mud, self.start_deep_snow)?;
        let start_soft = match (start, every) {
            (Some(start), Some(every)) if start != every => {
                return Err(Error::invalid(
                    format!("start_{}", soft_key(start)),
                    format!(
                        "every hex, the starting one too, is {}: give one",
                        every_hex(every)
                    ),
                ));
            }
            (start, every) => start.or(every),
        };
        let p = &self.pushers;
        let count = |field: &str, v: Option<i64>, default: i64| -> Result<u8> {
            Ok(ranged(field, v.unwrap_or(default), 0, 20, "units")? as u8)
        };
        let none_given =
            p.crews.is_none() && p.half_squads.is_none() && p.squads.is_none() && p.smc.is_none();
        let pushers = Pushers {
            crews: count("pushers.crews", p.crews, i64::from(none_given))?,
            half_squads: count("pushers.half_squads", p.half_squads, 0)?,
            squads: count("pushers.squads", p.squads, 0)?,
            smc: count("pushers.smc", p.smc, 0)?,
        };
        let mf = ranged("pushers.mf", mf, 1, 40, "MF")? as u8;
        let labor_max = ranged(
            "pushers.labor_max",
            p.labor_max.unwrap_or(i64::from(LABOR_MAX)),
            0,
            6,
            "Labor steps",
        )? as u8;
        let labor = ranged("pushers.labor", p.labor.unwrap_or(0), 0, 6, "Labor steps")? as u8;
        let drm = |field: &str, v: Option<i64>| -> Result<Option<i8>> {
            v.map(|v| ranged(field, v, -12, 12, "a DRM").map(|v| v as i8))
                .transpose()
        };
        Ok(PushInput {
            gun: self.gun.name.clone(),
            m_number,
            pushers,
            mf,
            labor,
            labor_max,
            start_soft,
            mud_drm: drm("drm.mud", self.drm.mud)?,
            road_drm: drm("drm.road", self.drm.road)?,
            extra_drm: drm("drm.extra", self.drm.extra)?.unwrap_or(0),
            path,
        })
    }
}
