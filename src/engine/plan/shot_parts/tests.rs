use super::*;
use crate::rules::units::UnitState;

/// Two lists in key order merge into one in key order, the numerators of
/// equal states added, as sorting the two together and adding would.
#[test]
fn sorted_lists_merge_in_key_order() {
    let states = |bits: &[u8]| {
        let list: Vec<UnitState> = bits.iter().map(|&b| UnitState::from_bits(b)).collect();
        UnitStates::from_slice(&list)
    };
    let mut a = vec![
        (states(&[0, 1]), 1),
        (states(&[2, 0]), 2),
        (states(&[4, 4]), 3),
    ];
    let mut b = vec![
        (states(&[0, 1]), 10),
        (states(&[1, 1]), 20),
        (states(&[8, 0]), 30),
    ];
    a.sort_by_key(|(u, _)| u.key());
    b.sort_by_key(|(u, _)| u.key());
    let merged = merge_sorted(&a, b.iter().copied());
    let mut expected: Vec<(UnitStates, u128)> = Vec::new();
    let mut all = [a.clone(), b.clone()].concat();
    all.sort_by_key(|(u, _)| u.key());
    for (u, n) in all {
        match expected.last_mut() {
            Some((v, m)) if v.key() == u.key() => *m += n,
            _ => expected.push((u, n)),
        }
    }
    assert_eq!(merged, expected);
    assert_eq!(merged.len(), 5);
}
