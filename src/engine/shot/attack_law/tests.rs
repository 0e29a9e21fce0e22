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
