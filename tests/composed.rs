//! Issue 11: the exact law of a shot's units, composed (the leaders'
//! checks jointly, every other unit's on its own, then multiplied), equals
//! the whole process stepped jointly, to the fraction, on stacks with
//! leaders, Leader Loss cascades, heroes, vehicles and units already
//! broken or pinned.

mod common;

use common::mortar;
use mortar_odds::engine::shot::HexOdds;
use mortar_odds::engine::shot::UnitShotOdds;
use mortar_odds::rules::firer::Firer;
use mortar_odds::rules::mortar::Ammo;
use mortar_odds::rules::outcomes::in_action;
use mortar_odds::rules::shot::{Shot, ShotInput};
use mortar_odds::rules::shot_process::ShotProcess;
use mortar_odds::rules::target::Target;
use mortar_odds::rules::units::{Unit, UnitKind, UnitState};

fn unit(kind: UnitKind, morale: u8, leadership: i8, location: &Target) -> Unit {
    Unit {
        broken_morale: Some(morale + 1),
        leadership,
        ..Unit::new(format!("{kind:?}"), kind, morale, location.clone())
    }
}

fn shot(caliber: u16, location: Target, units: Vec<Unit>) -> Shot {
    Shot::new(ShotInput {
        mortar: mortar(caliber),
        firer: Firer::default(),
        target: location,
        units,
        ammo: Ammo::He,
    })
    .expect("a valid shot")
}

fn assert_composed_equals_stepped(what: &str, shot: &Shot) {
    let process = ShotProcess::units(shot);
    let start = process.start_units();
    let composed = process.exact(&start);
    let stepped = process.exact_stepped(&start);
    assert_eq!(composed, stepped, "{what}");
    // The hex's odds from the mixture of products, without the joint law,
    // are those of the joint law.
    let odds = UnitShotOdds::of(shot).unwrap();
    let units = &shot.input.units;
    assert_eq!(
        odds.hex,
        HexOdds::of(units, &stepped.map(|s| s.location.units.to_vec())),
        "{what}: hex odds"
    );
    assert_eq!(
        odds.joint(),
        stepped.map(|s| (s.hits.to_vec(), s.location.units.to_vec())),
        "{what}: joint"
    );
    // The count of enemy units out of action, counted here state by state
    // (the program convolves it).
    let out = stepped.map(|s| {
        units
            .iter()
            .zip(&s.location.units)
            .filter(|(u, st)| u.enemy && !in_action(u, st))
            .count()
    });
    let enemies = units.iter().filter(|u| u.enemy).count();
    assert_eq!(odds.hex.p_cleared, out.prob(|k| *k == enemies), "{what}");
    for (k, p) in odds.hex.at_least_out.iter().enumerate() {
        assert_eq!(*p, out.prob(|n| *n > k), "{what}: {}+ out", k + 1);
    }
}

#[test]
fn leader_and_squads_in_woods() {
    let woods = Target {
        range: 10,
        woods: true,
        ..Target::default()
    };
    let s = shot(
        81,
        woods.clone(),
        vec![
            unit(UnitKind::Squad, 7, 0, &woods),
            unit(UnitKind::Leader, 8, -1, &woods),
            unit(UnitKind::HalfSquad, 7, 0, &woods),
        ],
    );
    assert_composed_equals_stepped("8-1 with a squad and a HS in woods", &s);
}

#[test]
fn two_leaders_cascade_with_a_hero_and_a_broken_squad() {
    let open = Target {
        range: 6,
        acquisition: 2,
        ..Target::default()
    };
    let mut broken = unit(UnitKind::Squad, 6, 0, &open);
    broken.start = UnitState {
        broken: true,
        ..UnitState::default()
    };
    let s = shot(
        120,
        open.clone(),
        vec![
            unit(UnitKind::Leader, 9, -2, &open),
            unit(UnitKind::Leader, 8, 0, &open),
            unit(UnitKind::Hero, 9, 0, &open),
            broken,
        ],
    );
    assert_composed_equals_stepped("9-2, 8-0, hero, broken squad", &s);
}

#[test]
fn six_plus_one_leader_pinned_crew_and_vehicles() {
    let open = Target {
        range: 5,
        ..Target::default()
    };
    let concealed = Target {
        concealed: true,
        ..open.clone()
    };
    let mut crew = unit(UnitKind::Crew, 7, 0, &open);
    crew.start.pinned = true;
    let s = shot(
        60,
        open.clone(),
        vec![
            unit(UnitKind::Leader, 6, 1, &open),
            crew,
            unit(UnitKind::Squad, 7, 0, &concealed),
            Unit::new("truck", UnitKind::UnarmoredVehicle, 0, open.clone()),
        ],
    );
    assert_composed_equals_stepped("6+1, pinned crew, concealed squad, truck", &s);
}

#[test]
fn friendly_and_enemy_leaders_apart() {
    let open = Target {
        range: 8,
        acquisition: 1,
        ..Target::default()
    };
    let mut friend = unit(UnitKind::Leader, 9, -1, &open);
    friend.enemy = false;
    let mut friendly_squad = unit(UnitKind::Squad, 7, 0, &open);
    friendly_squad.enemy = false;
    let s = shot(
        81,
        open.clone(),
        vec![
            friend,
            friendly_squad,
            unit(UnitKind::Leader, 8, -1, &open),
            unit(UnitKind::Squad, 7, 0, &open),
        ],
    );
    assert_composed_equals_stepped("a friendly and an enemy leader, a squad each", &s);
}
