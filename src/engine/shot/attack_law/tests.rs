//! Tests of `attack_law`.

use super::*;

/// Two states have the same key exactly when they are equal but for
/// their IFT results.
#[test]
fn equal_keys_are_equal_states() {
    let checks = [None, Some(Check::Morale(1)), Some(Check::Pin)];
    let loss = Some(Check::LeaderLoss {
        task: true,
        drm: 1,
        level: 8,
    });
    let groups = [
        vec![],
        vec![Group::K {
            members: vec![0, 2],
            n: 1,
        }],
    ];
    let mut states = Vec::new();
    for bits in [0u8, 16, 32, 72] {
        for (c, g) in checks.iter().chain([&loss]).zip(groups.iter().cycle()) {
            let mut s = LocationState::new(&[UnitState::from_bits(bits); 3]);
            s.pending[1] = *c;
            s.seen[2] = UnitState::from_bits(bits / 2);
            s.groups = g.clone();
            states.push(s);
        }
    }
    for a in &states {
        for b in &states {
            assert_eq!(state_key(a) == state_key(b), a == b, "{a:?} {b:?}");
        }
    }
}

/// Two checks of a script have the same code exactly when they are equal.
#[test]
fn equal_script_codes_are_equal_checks() {
    let checks = [
        Check::Morale(0),
        Check::Morale(2),
        Check::Pin,
        Check::LeaderLoss {
            task: false,
            drm: 1,
            level: 8,
        },
        Check::LeaderLoss {
            task: true,
            drm: 1,
            level: 8,
        },
        Check::LeaderLoss {
            task: true,
            drm: 0,
            level: 8,
        },
        Check::LeaderLoss {
            task: true,
            drm: 1,
            level: 7,
        },
    ];
    let mut scripted = Vec::new();
    for check in checks {
        for leaders in [0, 1, 1 << 7, u64::MAX] {
            scripted.push((check, leaders));
        }
    }
    for a in &scripted {
        for b in &scripted {
            assert_eq!(script_code(a) == script_code(b), a == b, "{a:?} {b:?}");
        }
    }
}
