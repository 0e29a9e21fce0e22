//! The rules that join one shot to the next over a fire plan: Rate of Fire
//! kept or lost (C2.24), Intensive Fire (C5.6), Area Acquisition (C6.5),
//! repair in the Rally Phase (A9.72), which phases share a Player Turn,
//! what a new Player Turn lifts (pins, A7.8), and in which phases the
//! target can be moving (C6).
//! Pure functions; the plan engines (`engine::plan`) apply them to a
//! plan's state.

use super::firer::{Firer, Phase};
use super::readings;
use super::target::Target;
use super::units::UnitState;

/// Area Acquisition reaches at most this level (C6.5: -1, then -2).
pub const MAX_ACQUISITION: u8 = 2;

/// Consecutive listed phases are in different Player Turns, except an AFPh
/// directly after a PFPh (the same Player Turn).
pub fn same_player_turn(before: Phase, after: Phase) -> bool {
    before == Phase::Prep && after == Phase::Advancing
}

/// A unit's state as a new Player Turn finds it: a pin lasts until the end
/// of the Player Turn it was taken in (A7.8; Reading
/// `pins-lifted-each-player-turn`). Broken units do not rally here: no
/// Rally Phase check is modelled.
pub fn at_new_player_turn(state: UnitState) -> UnitState {
    UnitState {
        pinned: state.pinned && !readings::PINS_LIFTED_EACH_PLAYER_TURN,
        ..state
    }
}

/// The firer as a new Player Turn finds it: its crew's pin and its
/// Spotter's, given for the plan's start, last until the end of that
/// Player Turn (A7.8; Reading `pins-lifted-each-player-turn`), and with
/// them Case D, the loss of Multiple ROF (C5.4) and the bar on Intensive
/// Fire (C5.6). Everything else given of the firer holds for the whole plan.
pub fn firer_at_new_player_turn(firer: &Firer) -> Firer {
    let lifted = readings::PINS_LIFTED_EACH_PLAYER_TURN;
    Firer {
        pinned: firer.pinned && !lifted,
        spotter_pinned: firer.spotter_pinned && !lifted,
        ..firer.clone()
    }
}

/// The target (the hex's, or a unit's own) as a shot in `phase` finds it.
/// Dashing (Case J), FFNAM (J3), FFMO (J4) and Hazardous Movement (O) are
/// the target moving, which it does only in its own MPh: in the opponent's
/// Player Turn, where the mortar fires as the defender (a plan's DFPh). In
/// the firer's own PFPh and AFPh they are off. A vehicle's Motion (Case J,
/// `moving_vehicle`) stays: it keeps its Motion status into the firer's
/// Player Turn.
pub fn target_in_phase(target: &Target, phase: Phase) -> Target {
    if phase == Phase::Defensive {
        return target.clone();
    }
    Target {
        dashing: false,
        ffnam: false,
        ffmo: false,
        hazardous_movement: false,
        ..target.clone()
    }
}

/// The Rally Phases between two consecutive listed phases: none within a
/// Player Turn; one into the other side's next Player Turn; two when a
/// Player Turn of the other side is skipped (A9.72: every Player Turn
/// begins with a Rally Phase).
pub fn rally_phases_between(before: Phase, after: Phase) -> u8 {
    let firers_turn = |p: Phase| p != Phase::Defensive;
    if same_player_turn(before, after) {
        0
    } else if firers_turn(before) != firers_turn(after) {
        1
    } else {
        2
    }
}

/// C2.24: Multiple ROF is lost after a shot unless its colored die kept it;
/// an Intensive Fire shot never keeps it (C5.6).
pub fn rof_lost_after(kept_on_colored_die: bool, intensive: bool) -> bool {
    !kept_on_colored_die || intensive
}

/// C5.6: an Intensive Fire shot may follow once Multiple ROF is lost: one
/// per Player Turn, never in the AFPh, and only by a weapon that may use it
/// (`possible`: a Gun, not a Support Weapon).
pub fn intensive_fire_allowed(possible: bool, used_this_player_turn: bool, phase: Phase) -> bool {
    possible && !used_this_player_turn && phase != Phase::Advancing
}

/// C6.5: the Acquisition level after a shot at the same hex (one step
/// more, at most [`MAX_ACQUISITION`]); lost on a malfunction.
pub fn acquisition_after_shot(level: u8, malfunctioned: bool) -> u8 {
    if malfunctioned {
        0
    } else {
        (level + 1).min(MAX_ACQUISITION)
    }
}

/// What a repair dr does to a malfunctioned weapon (A9.72).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    /// dr ≤ R#: the weapon is repaired.
    Repaired,
    /// dr 6: the weapon is eliminated.
    Eliminated,
    /// Otherwise it stays malfunctioned.
    Malfunctioned,
}

/// A9.72: the repair dr of a malfunctioned weapon with repair number `r`
/// (a 6 eliminates it, whatever the R#).
pub fn repair(r: u8, dr: u8) -> Repair {
    if dr == 6 {
        Repair::Eliminated
    } else if dr <= r {
        Repair::Repaired
    } else {
        Repair::Malfunctioned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A9.72: with R# 2, a dr of 1-2 repairs, 3-5 leaves the malfunction,
    /// 6 eliminates; C6.5: -1, -2, then -2 stays, and a malfunction loses it.
    #[test]
    fn repair_and_acquisition_by_hand() {
        let by_dr: Vec<Repair> = (1..=6).map(|dr| repair(2, dr)).collect();
        use Repair::*;
        assert_eq!(
            by_dr,
            [
                Repaired,
                Repaired,
                Malfunctioned,
                Malfunctioned,
                Malfunctioned,
                Eliminated
            ]
        );
        assert_eq!(repair(6, 6), Eliminated);
        assert_eq!(
            [0, 1, 2].map(|a| acquisition_after_shot(a, false)),
            [1, 2, 2]
        );
        assert_eq!(acquisition_after_shot(2, true), 0);
    }

    /// C2.24, C5.6: ROF is kept only by a normal shot whose colored die kept
    /// it; Intensive Fire once per Player Turn, never in the AFPh.
    #[test]
    fn rof_and_intensive_fire_by_hand() {
        assert!(!rof_lost_after(true, false));
        assert!(rof_lost_after(false, false));
        assert!(rof_lost_after(true, true));
        assert!(intensive_fire_allowed(true, false, Phase::Prep));
        assert!(!intensive_fire_allowed(true, true, Phase::Prep));
        assert!(!intensive_fire_allowed(true, false, Phase::Advancing));
        assert!(!intensive_fire_allowed(false, false, Phase::Defensive));
    }

    #[test]
    fn player_turns_and_rally_phases() {
        use Phase::*;
        assert!(same_player_turn(Prep, Advancing));
        assert!(!same_player_turn(Prep, Defensive));
        assert!(!same_player_turn(Advancing, Advancing));
        assert_eq!(rally_phases_between(Prep, Advancing), 0);
        assert_eq!(rally_phases_between(Prep, Defensive), 1);
        assert_eq!(rally_phases_between(Defensive, Prep), 1);
        assert_eq!(rally_phases_between(Prep, Prep), 2);
        assert_eq!(rally_phases_between(Advancing, Prep), 2);
        assert_eq!(rally_phases_between(Defensive, Defensive), 2);
    }

    /// A7.8, A10.21: a pinned leader lends his leadership DRM to no check;
    /// the new Player Turn lifts his pin and, with it, gives his DRM back
    /// for the plan's later shots. Being broken carries over.
    #[test]
    fn a_new_player_turn_gives_a_pinned_leader_his_drm_back() {
        use crate::rules::location::leader_drm;
        use crate::rules::target::Target;
        use crate::rules::units::{Unit, UnitKind};
        let hex = Target::default();
        let units = [
            Unit::new("4-6-7", UnitKind::Squad, 7, hex.clone()),
            Unit {
                leadership: -1,
                ..Unit::new("8-1", UnitKind::Leader, 8, hex)
            },
        ];
        let pinned = UnitState {
            pinned: true,
            ..UnitState::default()
        };
        let states = [UnitState::default(), pinned];
        assert_eq!(leader_drm(&units[..], &states, 0), 0);
        let next = states.map(at_new_player_turn);
        assert_eq!(leader_drm(&units[..], &next, 0), -1);
        let broken = UnitState {
            broken: true,
            ..UnitState::default()
        };
        assert!(at_new_player_turn(broken).broken);
        let next = [UnitState::default(), at_new_player_turn(broken)];
        assert_eq!(leader_drm(&units[..], &next, 0), 0);
    }
}
