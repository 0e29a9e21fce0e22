use super::*;
use crate::rules::units::UnitState;

/// Lists in key order, each scaled, merge into one in key order, the
/// numerators of equal states added, as sorting them all together and
/// adding would; an empty law adds nothing.
#[test]
fn scaled_laws_merge_in_key_order() {
    let states = |bits: &[u8]| {
        let list: Vec<UnitState> = bits.iter().map(|&b| UnitState::from_bits(b)).collect();
        UnitStates::from_slice(&list)
    };
    let lists = [
        vec![
            (states(&[0, 1]), 1),
            (states(&[2, 0]), 2),
            (states(&[4, 4]), 3),
        ],
        vec![
            (states(&[0, 1]), 10),
            (states(&[1, 1]), 20),
            (states(&[8, 0]), 30),
        ],
        vec![],
        vec![(states(&[4, 4]), 100), (states(&[0, 1]), 200)],
    ];
    let laws: Vec<(u128, Arc<UnitsLaw>)> = lists
        .iter()
        .zip([1, 2, 5, 3])
        .map(|(list, scale)| {
            let mut list = list.clone();
            list.sort_by_key(|(u, _)| u.key());
            let d = list.iter().map(|(_, n)| n).sum::<u128>().max(1);
            (scale, Arc::new(Weighed::Integer(list, d)))
        })
        .collect();
    let mut merged: Vec<(UnitStates, u128)> = Vec::new();
    merge_scaled(&laws, |u, n| merged.push((u, n)));
    let mut all: Vec<(UnitStates, u128)> = lists
        .iter()
        .zip([1, 2, 5, 3])
        .flat_map(|(list, scale)| list.iter().map(move |&(u, n)| (u, n * scale)))
        .collect();
    all.sort_by_key(|(u, _)| u.key());
    let mut expected: Vec<(UnitStates, u128)> = Vec::new();
    for (u, n) in all {
        match expected.last_mut() {
            Some((v, m)) if v.key() == u.key() => *m += n,
            _ => expected.push((u, n)),
        }
    }
    assert_eq!(merged, expected);
    assert_eq!(merged.len(), 5);
    assert_eq!(merged[0], (states(&[0, 1]), 1 + 20 + 600));
}
