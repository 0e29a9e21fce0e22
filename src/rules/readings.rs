//! Readings: where the rules can be read more than one way, the reading
//! mortar-odds takes is one named constant here, listed in [`READINGS`] so
//! that every output can name the readings it used.

use serde::Serialize;

/// C4: a ≤40mm weapon takes both the ≤57mm and the ≤40mm rows of the To
/// Hit modifications (a 40mm at 13-18 hexes: -1 -1 = -2).
pub const SMALL_CALIBER_TAKES_BOTH_ROWS: bool = true;

/// C3.71: a Critical Hit uses the full HE FP doubled "with no prior
/// halving", which we read as no halving of any kind: marsh or fording does
/// not halve a Critical Hit either.
pub const CRITICAL_HIT_IGNORES_MARSH: bool = true;

/// C3.8: a Multiple Hit gives the firer two effects DR for the same target;
/// the firer keeps the lower (better) one.
pub const MULTIPLE_HIT_KEEPS_LOWER_DR: bool = true;

/// C6.56: SMOKE can neither gain nor keep Acquisition. We read that a SMOKE
/// shot at an acquired hex still takes the Acquisition DRM already there,
/// and the Acquisition is lost after it.
pub const SMOKE_SHOT_USES_ACQUISITION: bool = true;

/// One reading, for the notes of an output.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reading {
    pub id: &'static str,
    pub rule: &'static str,
    pub text: &'static str,
}

pub const READINGS: &[Reading] = &[
    Reading {
        id: "small-caliber-both-rows",
        rule: "C4",
        text: "a weapon of 40mm or less takes both the ≤57mm and the ≤40mm To Hit modifications",
    },
    Reading {
        id: "critical-hit-no-halving",
        rule: "C3.71",
        text: "a Critical Hit's doubled full FP is never halved, not even for marsh or fording",
    },
    Reading {
        id: "multiple-hit-lower-dr",
        rule: "C3.8",
        text: "of the two effects DR of a Multiple Hit, the firer keeps the lower",
    },
    Reading {
        id: "smoke-uses-acquisition",
        rule: "C6.56",
        text: "a SMOKE shot takes the Acquisition DRM already on the hex, then the Acquisition is lost",
    },
];
