//! Readings: where the rules can be read more than one way, the reading
//! mortar-odds takes is one named constant here, listed in [`READINGS`] so
//! that every output can name the readings it used.

use serde::Serialize;

/// C4: a ≤40mm weapon takes both the ≤57mm and the ≤40mm rows of the To
/// Hit modifications (a 40mm at 13-18 hexes: -1 -1 = -2). `false`: it
/// takes its own ≤40mm row only (-1).
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

/// A23.2, A21.11: non-elite Personnel attacking with a DC take the
/// captured-SW penalty, which we read as the DC's removal number lowered by
/// 2: a Placed/Thrown/Set DC is removed without detonating on an Original DR
/// of 10 or more instead of 12 (the Set DC's enemy-Infantry DRM added). With
/// a captured DC the penalty is doubled: 8 or more (an elite user of a
/// captured DC: 10 or more, A23.4). `false`: non-elite users take no penalty.
pub const DC_NON_ELITE_CAPTURED_PENALTY: bool = true;

/// C4, A24.3: WP is a kind of SMOKE, so a WP shot takes the SMOKE row of
/// the To Hit modifications too (+2 at 0-12 hexes).
pub const WP_TAKES_SMOKE_ROW: bool = true;

/// A10.21: a Good Order leader's positive modifier (a 6+1's +1, or a
/// wounded 8-0's) applies to the other units' checks when he is the only
/// leader whose modifier they may take; with another such leader there, a
/// check takes the other's modifier, or none when it is positive too.
/// `false`: a positive modifier never applies.
pub const POSITIVE_LEADERSHIP_APPLIES: bool = true;

/// A10.2: a unit that fails a Leader Loss Task Check is pinned (it does not
/// break). `false`: the LLTC is taken as a MC (failure breaks).
pub const LLTC_FAILURE_PINS: bool = true;

/// A10.2, A10.21: a Leader Loss MC or TC takes the leadership modifier of
/// another Good Order leader still in the Location, as any MC or TC does.
pub const LEADER_LOSS_TAKES_LEADERSHIP: bool = true;

/// C3.71, C.3: a Critical Hit's IFT DR takes Hazardous Movement again, at
/// its To Hit value (Case O, -2), as it takes FFNAM and FFMO again at -1.
/// `false`: a CH takes no Hazardous Movement DRM (add one with effects_drm).
pub const HAZARDOUS_MOVEMENT_CH_DRM: bool = true;

/// C3.74 EXC: when a Critical Hit strikes a vehicle and other units of the
/// hex, the vehicle receives it (Random Selection among the vehicles so
/// hit) and the others take a normal hit, as the exception for a CH
/// obtained vs a vehicle says, Area Target Type fire included. `false`:
/// Random Selection among every unit critically hit.
pub const CRITICAL_HIT_GOES_TO_VEHICLE: bool = true;

/// A7.8 over a fire plan: a unit's pin is lifted when a new Player Turn
/// begins, as at the end of every Player Turn in play, though the rest of
/// the target's state (broken, reduced, eliminated) carries over; so is
/// the pin of the firing crew or of its Spotter, given for the plan's
/// first Player Turn. `false`: a pin lasts to the end of the plan.
pub const PINS_LIFTED_EACH_PLAYER_TURN: bool = true;

/// IFT Heavy Payload (C.7): the IFT header ends at 36+ FP for 200mm+, and
/// its Heavy Payload line gives -1 per 50mm or per 8 FP over that. We read
/// the caliber part as -1 on the effects DR of every HE hit per whole 50mm
/// over 200mm (a 250mm: -1), on a Critical Hit too, where it adds to the -1
/// per whole 8 FP of the doubled FP over 36. `false`: only the FP excess
/// counts, and a 250mm fires as a 200mm.
pub const HEAVY_PAYLOAD_BY_CALIBER: bool = true;

/// One reading, for the notes of an output.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reading {
    /// A short kebab-case name for the reading, as reports print it.
    pub id: &'static str,
    /// The rule numbers it concerns, such as `C3.8` or `C1.55, C7.7`.
    pub rule: &'static str,
    /// The reading taken, in one sentence for the player.
    pub text: &'static str,
}

/// The readings of shots and DCs, listed in the notes of shot, plan and DC reports.
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
    Reading {
        id: "afv-k-threshold",
        rule: "C1.55, C7.7",
        text: "vs an AFV, with K the lowest Final DR giving a K/# result in the column: ≤ K/2 burning wreck, < K eliminated, K or K+1 Shock on a turret hit and Immobilization on a hull hit",
    },
    Reading {
        id: "critical-hit-to-vehicle",
        rule: "C3.74",
        text: "a Critical Hit on a hex with a vehicle and other units goes to the vehicle (Random Selection among vehicles); the others take a normal hit",
    },
    Reading {
        id: "broken-again-reduced",
        rule: "A7.3, A10",
        text: "a unit already broken that a KIA result would break is Casualty Reduced, as a broken unit failing a MC",
    },
    Reading {
        id: "random-selection-by-location",
        rule: "A7.3",
        text: "KIA and K/# Random Selection is among the units that got the same result at the same Final DR (one Location)",
    },
    Reading {
        id: "out-of-los-reference",
        rule: "C3.33",
        text: "a unit out of LOS is hit as the in-LOS enemy unit with the highest To Hit DRM was; with no enemy unit in LOS it is not hit",
    },
    Reading {
        id: "wp-smoke-row",
        rule: "C4, A24.3",
        text: "WP is a kind of SMOKE and takes the SMOKE To Hit modification (+2 at 0-12 hexes)",
    },
    Reading {
        id: "positive-leadership-applies",
        rule: "A10.21",
        text: "a 6+1 leader's +1 applies to the other units' checks when he is the only Good Order leader there whose modifier they may take; with two such leaders of positive modifier, none applies",
    },
    Reading {
        id: "lltc-failure-pins",
        rule: "A10.2",
        text: "a unit failing a Leader Loss Task Check is pinned; it does not break",
    },
    Reading {
        id: "leader-loss-leadership",
        rule: "A10.2, A10.21",
        text: "a Leader Loss MC or TC takes the modifier of another Good Order leader still in the Location, as any MC or TC does",
    },
    Reading {
        id: "hazardous-movement-ch-drm",
        rule: "C3.71, C.3",
        text: "a Critical Hit's IFT DR takes Hazardous Movement again at its To Hit value, -2 (a normal hit's takes none)",
    },
    Reading {
        id: "pins-lifted-each-player-turn",
        rule: "A7.8",
        text: "over a fire plan a unit's pin is lifted when a new Player Turn begins, the firing crew's and its Spotter's too (Case D, no Multiple ROF and no Intensive Fire in the first Player Turn only); being broken, reduced or eliminated carries over (broken units do not rally)",
    },
    Reading {
        id: "heavy-payload-by-caliber",
        rule: "C.7",
        text: "a weapon over 200mm takes -1 on the effects DR of every HE hit per whole 50mm over 200mm (250mm: -1), on a Critical Hit on top of the -1 per whole 8 FP over 36",
    },
    Reading {
        id: "dc-non-elite-penalty",
        rule: "A23.2, A21.11",
        text: "a DC used by non-elite Personnel is removed without detonating on an Original DR of 10 or more (the captured-SW penalty), 8 or more with a captured DC",
    },
];
