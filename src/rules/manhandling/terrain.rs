//! Hexes of a push path: built-in terrain, hexsides, and the path syntax.
//!
//! A hex is described by the terrain entered and, optionally, what else
//! bears on the Manhandling DR (C10.3): the hexside crossed, a road
//! hexside, mud or deep snow, or a DRM of its own. The built-in terrain
//! holds only values we can source from the ASL Chapter B Terrain Chart
//! (and the C10.3 example, for the stone building); anything else is given
//! as `tem=N` and `mf=N` (the positive TEM and the MF the unit would
//! normally pay to enter, hexside included).
//!
//! Path syntax (the `--path` flag and the scenario's `path`): hexes in the
//! order entered, separated by commas; within a hex, parts joined by `+`:
//! `open+road`, `woods+hedge`, `stone-building+mud`, `tem=2+mf=1.5`,
//! `grain+drm=-1`.

use serde::Serialize;

use crate::error::{Error, Result};

/// A built-in terrain: the Gun's hex entered ([`TERRAIN`]), or a hexside
/// crossed into it ([`HEXSIDES`]), whose TEM and MF add to the hex's
/// (C10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Terrain {
    /// The name a path writes for it, e.g. `woods`, `stone-building` or
    /// (a hexside, added to a hex) `wall`.
    pub name: &'static str,
    /// Its TEM (only positive TEM counts for C10.3).
    pub tem: u8,
    /// Normal Infantry MF cost to enter (a hexside: to cross), in half MF
    /// (grain: 3 = 1½ MF).
    pub mf_halves: u8,
    /// Where the figures come from.
    pub source: &'static str,
}

/// The built-in terrain. TEM and Infantry MF from the Chapter B Terrain
/// Chart; the stone building's +3 TEM and 2 MF are also those of the C10.3
/// example (+3 TEM, +4 for the doubled MF).
pub const TERRAIN: &[Terrain] = &[
    Terrain {
        name: "open",
        tem: 0,
        mf_halves: 2,
        source: "B1 Open Ground: TEM 0 (FFMO is not a TEM here), 1 MF",
    },
    Terrain {
        name: "orchard",
        tem: 0,
        mf_halves: 2,
        source: "B14 Orchard: TEM 0, 1 MF",
    },
    Terrain {
        name: "grain",
        tem: 0,
        mf_halves: 3,
        source: "B15 Grain (in season): TEM 0, 1½ MF",
    },
    Terrain {
        name: "brush",
        tem: 0,
        mf_halves: 4,
        source: "B12 Brush: no TEM, 2 MF",
    },
    Terrain {
        name: "woods",
        tem: 1,
        mf_halves: 4,
        source: "B13 Woods: TEM +1, 2 MF",
    },
    Terrain {
        name: "wooden-building",
        tem: 2,
        mf_halves: 4,
        source: "B23 Building, wooden: TEM +2, 2 MF",
    },
    Terrain {
        name: "stone-building",
        tem: 3,
        mf_halves: 4,
        source: "B23 Building, stone: TEM +3, 2 MF (the C10.3 example)",
    },
];

/// Wall and hedge: TEM and "1 + COT" Infantry cost from the Chapter B
/// Terrain Chart (B9).
pub const HEXSIDES: &[Terrain] = &[
    Terrain {
        name: "wall",
        tem: 2,
        mf_halves: 2,
        source: "B9 Wall: TEM +2, 1 MF + COT",
    },
    Terrain {
        name: "hedge",
        tem: 1,
        mf_halves: 2,
        source: "B9 Hedge: TEM +1, 1 MF + COT",
    },
];

/// Infantry crossing a road hexside pay 1 MF (B3.4), in half MF.
pub const ROAD_MF_HALVES: u8 = 2;

/// Ground that the C10.3 chart's mud/deep snow DRM is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Soft {
    /// Mud: a road hexside's DRM stands into or from it on a paved road.
    Mud,
    /// Deep snow: a road hexside's DRM stands into or from it on a plowed
    /// road.
    DeepSnow,
}

/// One hex of the path, as given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hex {
    /// As written in the path (`woods+hedge`).
    pub label: String,
    /// Positive TEM of the hexside crossed plus that of the hex entered (X).
    pub tem: u8,
    /// Normal Infantry MF cost to enter (hexside included), in half MF;
    /// pushing doubles it, so this is also the pushing MF (Y).
    pub mf_halves: u8,
    /// The hex is mud or deep snow.
    pub soft: Option<Soft>,
    /// The Gun crosses a road hexside into the hex: a built-in terrain
    /// then costs 1 MF (B3.4).
    pub road: bool,
    /// That road is paved: its DRM stands into or from mud.
    pub paved: bool,
    /// That road is plowed: its DRM stands into or from deep snow.
    pub plowed: bool,
    /// Any other DRM of this hex's Manhandling DR.
    pub drm: i8,
}

impl Hex {
    /// The MF the pushing Infantry spend to enter: double the normal cost
    /// (C10.3), in whole MF.
    pub fn pushing_mf(&self) -> u8 {
        self.mf_halves
    }
}

/// `1`, `1.5`, `2`, ... MF, in half MF.
fn parse_mf(field: &str, text: &str) -> Result<u8> {
    let bad = || {
        Error::invalid(
            field,
            format!("`mf={text}` is not an MF cost such as 1, 1.5 or 2"),
        )
    };
    let (whole, half) = match text.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some((w, "0")) | Some((w, "")) => (w, 0),
        Some(_) => return Err(bad()),
        None => (text, 0),
    };
    let whole: u8 = whole.parse().map_err(|_| bad())?;
    let halves = u16::from(whole) * 2 + half;
    if halves == 0 || halves > 40 {
        return Err(Error::invalid(
            field,
            format!("`mf={text}`: an MF cost is more than 0 and at most 20"),
        ));
    }
    Ok(halves as u8)
}

fn terrain_names() -> String {
    TERRAIN
        .iter()
        .map(|t| t.name)
        .chain(HEXSIDES.iter().map(|h| h.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One hex from its text (`woods+hedge+road`); `field` names it in errors.
pub fn parse_hex(field: &str, text: &str) -> Result<Hex> {
    let label = text.trim().to_string();
    if label.is_empty() {
        return Err(Error::invalid(
            field,
            "an empty hex; give a terrain (e.g. open) or tem=N+mf=N",
        ));
    }
    let mut terrain: Option<(u8, u8)> = None;
    let (mut tem, mut mf): (Option<u8>, Option<u8>) = (None, None);
    let (mut side_tem, mut side_mf) = (0u8, 0u8);
    let mut hex = Hex {
        label: label.clone(),
        tem: 0,
        mf_halves: 0,
        soft: None,
        road: false,
        paved: false,
        plowed: false,
        drm: 0,
    };
    let mut drm_given = false;
    let mut seen: Vec<String> = Vec::new();
    let mut hexside: Option<&str> = None;
    for part in label.split('+').map(str::trim) {
        let lower = part.to_ascii_lowercase();
        // A modifier given twice would count twice (`hedge+hedge`: +2 TEM).
        if seen.contains(&lower) {
            return Err(Error::invalid(
                field,
                format!("`{label}` gives `{part}` twice: give each once"),
            ));
        }
        seen.push(lower.clone());
        for key in ["tem=", "mf=", "drm="] {
            let seen = match key {
                "tem=" => tem.is_some(),
                "mf=" => mf.is_some(),
                _ => drm_given,
            };
            if seen && lower.starts_with(key) {
                return Err(Error::invalid(
                    field,
                    format!("`{label}` gives `{key}` twice: give each value once"),
                ));
            }
        }
        if let Some(t) = TERRAIN.iter().find(|t| t.name == lower) {
            if terrain.replace((t.tem, t.mf_halves)).is_some() {
                return Err(Error::invalid(
                    field,
                    format!("`{label}` names two terrains"),
                ));
            }
        } else if let Some(h) = HEXSIDES.iter().find(|h| h.name == lower) {
            // The Gun enters the hex across one hexside.
            if let Some(first) = hexside.replace(h.name) {
                return Err(Error::invalid(
                    field,
                    format!(
                        "`{label}` names two hexsides, `{first}` and `{}`; a Gun enters a hex across one",
                        h.name
                    ),
                ));
            }
            side_tem += h.tem;
            side_mf += h.mf_halves;
        } else if let Some(v) = lower.strip_prefix("tem=") {
            let v: i64 = v
                .parse()
                .map_err(|_| Error::invalid(field, format!("`{part}`: TEM is a whole number")))?;
            if !(0..=10).contains(&v) {
                return Err(Error::invalid(
                    field,
                    format!("`{part}`: give a TEM of 0 to 10 (only positive TEM counts, C10.3)"),
                ));
            }
            tem = Some(v as u8);
        } else if let Some(v) = lower.strip_prefix("mf=") {
            mf = Some(parse_mf(field, v)?);
        } else if let Some(v) = lower.strip_prefix("drm=") {
            let v: i64 = v
                .parse()
                .map_err(|_| Error::invalid(field, format!("`{part}`: a DRM is a whole number")))?;
            if !(-12..=12).contains(&v) {
                return Err(Error::invalid(field, format!("`{part}`: DRM -12 to +12")));
            }
            hex.drm = v as i8;
            drm_given = true;
        } else {
            match lower.as_str() {
                "mud" | "deep-snow" => {
                    if hex.soft.is_some() {
                        return Err(Error::invalid(
                            field,
                            format!("`{label}`: a hex is mud or deep snow, not both: give one"),
                        ));
                    }
                    hex.soft = Some(if lower == "mud" {
                        Soft::Mud
                    } else {
                        Soft::DeepSnow
                    });
                }
                "road" => hex.road = true,
                "paved-road" => {
                    hex.road = true;
                    hex.paved = true;
                }
                "plowed-road" => {
                    hex.road = true;
                    hex.plowed = true;
                }
                _ => {
                    return Err(Error::invalid(
                        field,
                        format!(
                            "unknown terrain `{part}`; known: {}, or give tem=N+mf=N (modifiers: road, paved-road, plowed-road, mud, deep-snow, drm=N)",
                            terrain_names()
                        ),
                    ));
                }
            }
        }
    }
    let (base_tem, base_mf) = match (terrain, tem, mf) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(Error::invalid(
                field,
                format!("`{label}`: give a terrain or tem=N+mf=N, not both"),
            ));
        }
        (Some(t), None, None) => t,
        (None, Some(t), Some(m)) => (t, m),
        (None, _, _) => {
            return Err(Error::invalid(
                field,
                format!("`{label}`: no terrain; give one (e.g. open) or both tem=N and mf=N"),
            ));
        }
    };
    hex.tem = base_tem + side_tem;
    hex.mf_halves = base_mf + side_mf;
    if hex.road && terrain.is_some() {
        // B3.4: Infantry cross a road hexside for 1 MF, whatever else is in
        // the hex entered (its TEM still counts, B3.3); pushing doubles it.
        if side_mf > 0 {
            return Err(Error::invalid(
                field,
                format!(
                    "`{label}` crosses a road hexside and a wall or hedge at once; give what the unit pays as tem=N+mf=N+road"
                ),
            ));
        }
        hex.mf_halves = ROAD_MF_HALVES;
    }
    Ok(hex)
}

/// A path from its text: hexes separated by commas.
pub fn parse_path(text: &str) -> Result<Vec<Hex>> {
    if text.trim().is_empty() {
        return Err(Error::invalid(
            "path",
            "the path is empty; give the hexes entered, e.g. open,woods",
        ));
    }
    text.split(',')
        .enumerate()
        .map(|(i, h)| parse_hex(&format!("path[{}]", i + 1), h))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_and_generic_hexes() {
        let h = parse_hex("h", "stone-building").unwrap();
        assert_eq!((h.tem, h.pushing_mf()), (3, 4));
        let h = parse_hex("h", "Woods+hedge").unwrap();
        assert_eq!((h.tem, h.pushing_mf(), h.road), (2, 6, false));
        // B3.4: along a road, 1 MF whatever else is in the hex; its TEM stays.
        for (hex, tem) in [
            ("woods+road", 1),
            ("grain+road", 0),
            ("stone-building+road", 3),
        ] {
            let h = parse_hex("h", hex).unwrap();
            assert_eq!((h.tem, h.pushing_mf(), h.road), (tem, 2, true), "{hex}");
        }
        // Given as tem=N+mf=N, the MF is the player's.
        let h = parse_hex("h", "tem=1+mf=2+road").unwrap();
        assert_eq!((h.tem, h.pushing_mf()), (1, 4));
        let h = parse_hex("h", "tem=2+mf=1.5+mud+drm=-1").unwrap();
        assert_eq!(
            (h.tem, h.pushing_mf(), h.soft, h.drm),
            (2, 3, Some(Soft::Mud), -1)
        );
        assert_eq!(parse_hex("h", "grain").unwrap().pushing_mf(), 3);
    }

    #[test]
    fn bad_hexes_name_the_field() {
        for bad in [
            "swamp",
            "tem=2",
            "open+tem=1+mf=1",
            "mf=0.7+tem=0",
            "",
            "open+woods",
            "woods+hedge+road",
        ] {
            let e = parse_hex("path[2]", bad).unwrap_err().to_string();
            assert!(e.starts_with("path[2]: "), "{bad}: {e}");
        }
        assert!(
            parse_path(" ")
                .unwrap_err()
                .to_string()
                .starts_with("path: ")
        );
    }
}
