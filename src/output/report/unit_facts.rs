//! A unit as every report that lists units (shot, plan, dc) names it:
//! its name, kind and the values it was read with, in the JSON, and the
//! label the text and the table rows give it.

use serde::Serialize;

use crate::rules::units::{Unit, UnitKind};

/// A unit's name, kind and the values it was read with, echoed in every
/// report that lists units, so that a player sees what its figures rest
/// on; and its label.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct UnitFactsJson {
    pub(crate) name: String,
    /// Its label in the text and the table rows ([`unit_labels`]): the
    /// name, with its place when another unit has that name.
    #[serde(skip)]
    pub(crate) label: String,
    pub(crate) kind: UnitKind,
    /// Morale Level; `None` (null) for a vehicle.
    morale: Option<u8>,
    /// The broken side's Morale Level, if given.
    broken_morale: Option<u8>,
    /// The Morale Level of the half-squad a squad is reduced to (its
    /// `morale` when not given); `None` for all but squads.
    half_squad_morale: Option<u8>,
    /// Leadership DRM; `None` for all but leaders.
    leadership: Option<i8>,
    /// Its state before the attack.
    start: StartJson,
}

#[derive(Clone, Debug, Serialize)]
struct StartJson {
    broken: bool,
    pinned: bool,
    reduced: bool,
}

/// Each unit's label in the text and the table rows: its name, and, when
/// another unit of `units` has that name, its place too (from 1, as a unit
/// without a name is called): two `squad:4-6-7` read "4-6-7 (unit 1)" and
/// "4-6-7 (unit 2)". The JSON keeps the name as given, in list order.
fn unit_labels(units: &[Unit]) -> Vec<String> {
    units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            if units.iter().filter(|o| o.name == u.name).count() > 1 {
                format!("{} (unit {})", u.name, i + 1)
            } else {
                u.name.clone()
            }
        })
        .collect()
}

impl UnitFactsJson {
    /// Each unit of `units`, in order, with its label.
    pub(crate) fn all(units: &[Unit]) -> Vec<UnitFactsJson> {
        units
            .iter()
            .zip(unit_labels(units))
            .map(|(u, label)| UnitFactsJson::of(u, label))
            .collect()
    }

    fn of(u: &Unit, label: String) -> UnitFactsJson {
        let personnel = !u.kind.is_vehicle();
        UnitFactsJson {
            name: u.name.clone(),
            label,
            kind: u.kind,
            morale: personnel.then_some(u.morale),
            broken_morale: u.broken_morale,
            half_squad_morale: (u.kind == UnitKind::Squad)
                .then(|| u.half_squad_morale.unwrap_or(u.morale)),
            leadership: (u.kind == UnitKind::Leader).then_some(u.leadership),
            start: StartJson {
                broken: u.start.broken,
                pinned: u.start.pinned,
                reduced: u.start.reduced,
            },
        }
    }
}
