//! Random Selection (A.9): each unit concerned rolls a dr and the highest
//! is chosen, every unit tied on it included. #KIA takes the `k` highest
//! (ties with the `k`-th included); K/# and the Critical Hit of C3.74 take
//! the highest.
//!
//! [`random_selection`] is the rule, a pure function of the dice. Its law,
//! which units end up chosen, has a closed form ([`law`]): the exact
//! enumeration takes it in one weighted choice of at most 2^n subsets
//! instead of the 6^n ways the dice can fall (tested equal).

use std::borrow::Cow;
use std::sync::OnceLock;

use super::units::MAX_UNITS;
use crate::dice::Dice;

/// A.9 Random Selection among `n` units: the `k` highest dr are chosen,
/// every unit tied with the `k`-th highest included; `true` for each
/// chosen unit. No dice are read when `k` ≥ `n`.
pub fn random_selection(n: usize, k: usize, dice: &mut dyn Dice) -> Vec<bool> {
    if k >= n {
        return vec![true; n];
    }
    if dice.takes_laws()
        && let Some(mask) = dice.weighted(&table_weights(n, k))
    {
        return chosen(n, mask);
    }
    let drs: Vec<u8> = (0..n).map(|_| dice.die()).collect();
    let mut sorted = drs.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let threshold = sorted[k.max(1) - 1];
    drs.iter().map(|&d| d >= threshold).collect()
}

/// The law of [`random_selection`] for `k` < `n`: each possible chosen set
/// with its number of ways among the 6^n rolls of the `n` dice.
pub fn law(n: usize, k: usize) -> Vec<(Vec<bool>, u64)> {
    weights(n, k)
        .into_iter()
        .enumerate()
        .filter(|(_, w)| *w > 0)
        .map(|(mask, w)| (chosen(n, mask), w))
        .collect()
}

/// The law of [`random_selection`] for `k` < `n` by the chosen set's mask
/// (bit `i`: unit `i` chosen), every mask below 2^n, each with its number
/// of ways among the 6^n rolls of the `n` dice (0 for a set that cannot be
/// chosen).
///
/// A set S of s ≥ k units is chosen exactly when, for some face m, every
/// unit outside S rolls below m, and within S at least one rolls m, the
/// others at least m, fewer than k of them above m: the ways are the sum
/// over m and over j < k units above m of C(s, j)·(6 - m)^j·(m - 1)^(n - s)
/// (the s - j others on m). They depend on the size of S alone, so they
/// are worked out once per size.
pub fn weights(n: usize, k: usize) -> Vec<u64> {
    let k = k.max(1);
    let ways_for_size = |s: usize| -> u64 {
        if s < k {
            return 0;
        }
        (1..=6u64)
            .map(|m| {
                (0..k.min(s))
                    .map(|j| binomial(s, j) * (6 - m).pow(j as u32))
                    .sum::<u64>()
                    * (m - 1).pow((n - s) as u32)
            })
            .sum()
    };
    let by_size: Vec<u64> = (0..=n).map(ways_for_size).collect();
    (0..1usize << n)
        .map(|mask| by_size[mask.count_ones() as usize])
        .collect()
}

/// [`weights`], from a table worked out once for every `n` up to
/// [`MAX_UNITS`]: the exact enumeration replays the rule once per way the
/// dice fall, and each replay asks for them.
fn table_weights(n: usize, k: usize) -> Cow<'static, [u64]> {
    static TABLE: OnceLock<Vec<Vec<Vec<u64>>>> = OnceLock::new();
    if n > MAX_UNITS || k >= n {
        return Cow::Owned(weights(n, k));
    }
    let table = TABLE.get_or_init(|| {
        (0..=MAX_UNITS)
            .map(|n| (0..n).map(|k| weights(n, k)).collect())
            .collect()
    });
    Cow::Borrowed(&table[n][k])
}

/// The units of the set `mask`, as [`random_selection`] gives them.
fn chosen(n: usize, mask: usize) -> Vec<bool> {
    (0..n).map(|i| mask & (1 << i) != 0).collect()
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceOnly, Dist, FixedDice};

    #[test]
    fn the_law_is_the_dice() {
        for n in 1..=5 {
            for k in 1..n {
                let by_law = Dist::enumerate(|d| random_selection(n, k, d));
                let by_dice = Dist::enumerate(|d| random_selection(n, k, &mut DiceOnly(d)));
                assert_eq!(by_law, by_dice, "{k} of {n}");
                let total: u64 = law(n, k).iter().map(|(_, w)| w).sum();
                assert_eq!(total, 6u64.pow(n as u32), "{k} of {n}");
            }
        }
    }

    #[test]
    fn two_units_keep_it_seven_twelfths_each() {
        let d = Dist::enumerate(|d| random_selection(2, 1, d));
        assert_eq!(d.prob(|c| c[0]), crate::prob::Prob::new(7, 12));
        assert_eq!(d.prob(|c| c[0] && c[1]), crate::prob::Prob::new(1, 6));
    }

    #[test]
    fn ties_with_the_kth_highest_are_chosen() {
        let mut dice = FixedDice::new(&[5, 3, 5, 2]);
        assert_eq!(
            random_selection(4, 1, &mut dice),
            vec![true, false, true, false]
        );
        let mut dice = FixedDice::new(&[6, 3, 3, 2]);
        assert_eq!(
            random_selection(4, 2, &mut dice),
            vec![true, true, true, false]
        );
    }
}
