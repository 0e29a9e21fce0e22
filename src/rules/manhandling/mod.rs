//! Gun manhandling (C10.3): the odds of pushing a Gun along a path.
//!
//! A Good Order crew (or HS; five SMC count as one, C10.111) pushes a
//! limbered or QSU Gun one hex at a time during its MPh, at double the
//! normal MF cost, making a Manhandling DR for each hex it tries to enter:
//! a Final DR below the Gun's M# enters and may go on, equal to it enters
//! and stops, above it stays out, ends the push for the MPh and gives the
//! pushers a Labor counter for their next attempt. The M# is printed on the
//! counter: the user gives it.
//!
//! DRM of one attempt (C10.3, cumulative), each from [`Push::terms`]:
//! - `+X`: positive TEM of the hexside crossed plus that of the hex entered;
//! - `+Y`: the MF the pushers spend to enter (double the normal cost);
//! - mud or deep snow, into or from: the value the user gives (`drm.mud`);
//! - additional pushers: -1 per crew/HS beyond the first, a squad counting
//!   as two (so -1 for a lone squad, -2 per additional squad), at most -4;
//! - a road hexside crossed: the value the user gives (`drm.road`); not
//!   into/from mud unless the road is paved, nor into/from deep snow unless
//!   it is plowed;
//! - Labor: -1 per Labor step the pushers hold (see the readings below);
//! - any other DRM of a hex (`drm=N`, e.g. for a Low Ammo counter, D3.71)
//!   or of every attempt (`drm.extra`).
//!
//! The C10.3 chart's mud/deep snow and road hexside DRM are not built in
//! (the rules text this was built from lacks them): we never guess them. A path that needs one
//! asks for it (`--mud-drm`, `--road-drm`).
//!
//! The pushers may only try a hex while they have the MF to enter it
//! (C10.3): the MF allotment per MPh (Double Time and leader bonus
//! included) is the user's. A hex costing more than the whole allotment
//! can never be entered (a Minimum Move is NA when pushing): an error.
//!
//! Engines: `rules::attempt` is the one pure function of the dice (one
//! Manhandling DR); `rules::phase_step` moves the push on by one attempt
//! within an MPh. `exact` enumerates them through `Dist` and solves the
//! chain of MPh over (hexes entered, Labor) exactly; `monte_carlo` samples
//! the same functions. [`hookup`] gives the MP of hooking up a Gun.

pub mod hookup;
mod pushers;
pub mod step;
pub mod terrain;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::rules::readings::Reading;
pub use pushers::{MAX_ADDITIONAL_PUSHERS_DRM, Pushers};
pub use terrain::{Hex, Soft};

/// Lowest and highest M# (a Final DR is compared with it).
pub const M_NUMBER_RANGE: std::ops::RangeInclusive<u8> = 2..=12;

/// Reading: a failed attempt adds one Labor step (-1, C10.3); Labor
/// counters are -1 or -2 (the chart's "-1 or -2 per Labor status"), so a
/// second failure makes it -2 and further failures keep it at -2.
pub const LABOR_MAX: u8 = 2;

/// Reading: the Labor DRM is used by the next attempts until the Gun enters
/// a hex; entering (below or at the M#) removes it.
pub const LABOR_ENDS_ON_ENTRY: bool = true;

/// The readings of gun manhandling; a push output names those it rests on
/// ([`Push::readings`]).
pub const PUSH_READINGS: &[Reading] = &[
    Reading {
        id: "labor-cumulative-to-2",
        rule: "C10.3",
        text: "each failed attempt adds one Labor step (-1); Labor is -1 or -2, so it stays at -2 after a second failure (--labor-max changes the limit)",
    },
    Reading {
        id: "labor-until-entry",
        rule: "C10.3",
        text: "the Labor DRM applies to the pushers' attempts until the Gun enters a hex, and is then removed",
    },
    Reading {
        id: "additional-pushers-by-hs",
        rule: "C10.3",
        text: "-1 per crew/HS-equivalent beyond the first (a squad is two, five SMC one): a lone squad -1, each additional squad -2, at most -4",
    },
    Reading {
        id: "mud-once",
        rule: "C10.3",
        text: "the mud/deep snow DRM applies once to an attempt into or from such a hex, not twice when both are",
    },
    Reading {
        id: "paved-for-mud-plowed-for-snow",
        rule: "C10.3",
        text: "the chart's \"unless paved/plowed\" pairs with its \"mud/deep snow\": the road DRM stands into/from mud when the road is paved, and into/from deep snow when it is plowed",
    },
];

/// What the user gives for one push.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PushInput {
    /// A name for the Gun, for the output.
    pub gun: Option<String>,
    /// The Gun's M#, printed on its counter.
    pub m_number: u8,
    /// The Good Order Infantry pushing the Gun (C10.111).
    pub pushers: Pushers,
    /// The pushers' MF allotment in each MPh (Double Time, leader bonus
    /// included).
    pub mf: u8,
    /// Labor steps the pushers already hold from earlier failures.
    pub labor: u8,
    /// The most Labor steps (reading `labor-cumulative-to-2`).
    pub labor_max: u8,
    /// The Gun starts in a mud or deep snow hex.
    pub start_soft: Option<Soft>,
    /// The mud/deep snow DRM from the C10.3 chart (not built in).
    pub mud_drm: Option<i8>,
    /// The road hexside DRM from the C10.3 chart (not built in).
    pub road_drm: Option<i8>,
    /// Any DRM for every attempt.
    pub extra_drm: i8,
    /// The hexes entered, in order.
    pub path: Vec<Hex>,
}

/// A DRM of the C10.3 chart that is not built in: when an attempt takes
/// it, the value the player gave, its key (`drm.{key}`, `--{key}-drm`) and
/// how an attempt or the path is said to take it or not.
struct ChartDrm {
    applies: fn(&Push, usize) -> bool,
    given: Option<i8>,
    key: &'static str,
    what: &'static str,
    never: &'static str,
}

/// One DRM of an attempt (all from the C10.3 chart): "TEM" (X, hexside
/// and hex), "MF" (Y, the pushing MF), "mud", "deep snow" or "mud/deep
/// snow" (from one into the other), "additional
/// pushers", "road hexside", "Labor", "hex DRM" (`drm=N` of the hex),
/// "other" (`drm.extra`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Term {
    /// Which DRM it is, one of the names above.
    pub what: &'static str,
    /// Its value for this attempt.
    pub drm: i16,
}

/// A checked push: the path's DRM (Labor aside) and MF costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Push {
    /// The input as given and checked.
    pub input: PushInput,
    /// DRM of an attempt into each hex, without Labor.
    base_drm: Vec<i16>,
}

impl Push {
    /// The readings of [`PUSH_READINGS`] this push rests on: the Labor
    /// ones always (any attempt may fail), the pushers' DRM when it is not
    /// 0, mud/deep snow when either is on the path, and the paved or
    /// plowed road when one is crossed on such ground.
    pub fn readings(&self) -> Vec<Reading> {
        let i = &self.input;
        let soft = i.start_soft.is_some() || i.path.iter().any(|h| h.soft.is_some());
        let road = i.path.iter().any(|h| h.road);
        PUSH_READINGS
            .iter()
            .filter(|r| match r.id {
                "additional-pushers-by-hs" => i.pushers.drm() != 0,
                "mud-once" => soft,
                "paved-for-mud-plowed-for-snow" => soft && road,
                _ => true,
            })
            .copied()
            .collect()
    }

    /// Checks the input; every error names its field.
    pub fn new(input: PushInput) -> Result<Push> {
        if !M_NUMBER_RANGE.contains(&input.m_number) {
            return Err(Error::invalid(
                "gun.m_number",
                format!(
                    "M# {} is outside 2-12; give the M# printed on the Gun counter",
                    input.m_number
                ),
            ));
        }
        if input.path.is_empty() {
            return Err(Error::invalid(
                "path",
                "the path is empty; give the hexes entered, e.g. open,woods",
            ));
        }
        if input.path.len() > 50 {
            return Err(Error::invalid("path", "at most 50 hexes"));
        }
        if input.pushers.hs_equivalents() == 0 {
            return Err(Error::invalid(
                "pushers",
                "no pushing unit; a crew, HS or squad pushes (five SMC equal a crew, C10.111)",
            ));
        }
        if input.mf == 0 {
            return Err(Error::invalid(
                "pushers.mf",
                "give the pushers' MF allotment for the MPh (with Double Time or a leader's bonus if they use it)",
            ));
        }
        if input.labor_max > 6 {
            return Err(Error::invalid("pushers.labor_max", "at most 6 Labor steps"));
        }
        if input.labor > input.labor_max {
            return Err(Error::invalid(
                "pushers.labor",
                format!(
                    "{} Labor steps, more than the limit of {}",
                    input.labor, input.labor_max
                ),
            ));
        }
        for (i, hex) in input.path.iter().enumerate() {
            if hex.pushing_mf() > input.mf {
                return Err(Error::invalid(
                    format!("path[{}]", i + 1),
                    format!(
                        "pushing the Gun into `{}` costs {} MF, more than the pushers' {} MF (C10.3; no Minimum Move)",
                        hex.label,
                        hex.pushing_mf(),
                        input.mf
                    ),
                ));
            }
        }
        let mut push = Push {
            input,
            base_drm: Vec::new(),
        };
        for i in 0..push.input.path.len() {
            for ChartDrm {
                applies,
                given,
                key,
                what,
                ..
            } in push.chart_drm()
            {
                if applies(&push, i) && given.is_none() {
                    return Err(Error::invalid(
                        format!("drm.{key}"),
                        format!(
                            "path[{}] {what}; the C10.3 chart's DRM for it is not built in: give it from your chart (drm.{key}, --{key}-drm)",
                            i + 1
                        ),
                    ));
                }
            }
        }
        push.base_drm = (0..push.input.path.len())
            .map(|i| push.terms(i).iter().map(|t| t.drm).sum())
            .collect();
        Ok(push)
    }

    /// Hexes in the path.
    pub fn len(&self) -> usize {
        self.input.path.len()
    }

    /// Whether the path has no hex (never so once [`Push::new`] has checked it).
    pub fn is_empty(&self) -> bool {
        self.input.path.is_empty()
    }

    /// The C10.3 chart's DRM that are not built in, which the player gives.
    fn chart_drm(&self) -> [ChartDrm; 2] {
        [
            ChartDrm {
                applies: Push::muddy,
                given: self.input.mud_drm,
                key: "mud",
                what: "is pushed into or from mud/deep snow",
                never: "no attempt is into or from mud/deep snow",
            },
            ChartDrm {
                applies: Push::road_counts,
                given: self.input.road_drm,
                key: "road",
                what: "crosses a road hexside",
                never: "no attempt crosses a road hexside that counts (into or from mud, only a paved road does; into or from deep snow, only a plowed one)",
            },
        ]
    }

    /// A note for each chart DRM the player gave that no attempt of the
    /// path takes.
    pub fn unused_drm(&self) -> Vec<String> {
        self.chart_drm()
            .into_iter()
            .filter(|d| d.given.is_some() && !(0..self.len()).any(|i| (d.applies)(self, i)))
            .map(|d| {
                format!(
                    "drm.{0} (--{0}-drm) is given but not used: {1} (C10.3)",
                    d.key, d.never
                )
            })
            .collect()
    }

    /// The mud or deep snow the attempt into hex `i` (0-based) is pushed
    /// from and into.
    fn soft_ground(&self, i: usize) -> [Option<Soft>; 2] {
        let from = if i == 0 {
            self.input.start_soft
        } else {
            self.input.path[i - 1].soft
        };
        [from, self.input.path[i].soft]
    }

    /// The attempt into hex `i` is into or from mud/deep snow.
    fn muddy(&self, i: usize) -> bool {
        self.soft_ground(i).iter().any(Option::is_some)
    }

    /// The road hexside DRM applies to the attempt into hex `i`: not
    /// into/from mud unless the road is paved, nor deep snow unless it is
    /// plowed (Reading `paved-for-mud-plowed-for-snow`).
    fn road_counts(&self, i: usize) -> bool {
        let hex = &self.input.path[i];
        hex.road
            && self.soft_ground(i).iter().flatten().all(|soft| match soft {
                Soft::Mud => hex.paved,
                Soft::DeepSnow => hex.plowed,
            })
    }

    /// The DRM of an attempt into hex `i` (0-based), Labor aside, by rule.
    pub fn terms(&self, i: usize) -> Vec<Term> {
        let hex = &self.input.path[i];
        let mut terms = vec![
            Term {
                what: "TEM",
                drm: i16::from(hex.tem),
            },
            Term {
                what: "MF",
                drm: i16::from(hex.pushing_mf()),
            },
        ];
        if self.muddy(i) {
            let soft = self.soft_ground(i);
            let what = match (
                soft.contains(&Some(Soft::Mud)),
                soft.contains(&Some(Soft::DeepSnow)),
            ) {
                (true, false) => "mud",
                (false, true) => "deep snow",
                _ => "mud/deep snow",
            };
            terms.push(Term {
                what,
                drm: i16::from(self.input.mud_drm.unwrap_or(0)),
            });
        }
        let pushers = self.input.pushers.drm();
        if pushers != 0 {
            terms.push(Term {
                what: "additional pushers",
                drm: pushers,
            });
        }
        if self.road_counts(i) {
            terms.push(Term {
                what: "road hexside",
                drm: i16::from(self.input.road_drm.unwrap_or(0)),
            });
        }
        if hex.drm != 0 {
            terms.push(Term {
                what: "hex DRM",
                drm: i16::from(hex.drm),
            });
        }
        if self.input.extra_drm != 0 {
            terms.push(Term {
                what: "other",
                drm: i16::from(self.input.extra_drm),
            });
        }
        terms.retain(|t| t.drm != 0);
        terms
    }

    /// The net DRM of an attempt into hex `i` with `labor` Labor steps.
    pub fn drm(&self, i: usize, labor: u8) -> i16 {
        self.base_drm[i] - i16::from(labor)
    }

    /// The pushing MF of hex `i`.
    pub fn cost(&self, i: usize) -> u8 {
        self.input.path[i].pushing_mf()
    }
}

#[cfg(test)]
mod tests;
