//! A fast hash for the exact engines' own keys: among them the chain's
//! nodes by [`Node::key`](crate::engine::plan::chain::Node::key) while it
//! is compiled, the situations whose laws a plan's shots share and the
//! units' states those laws reach (`plan/shot_effect.rs`), each unit's law
//! by its script (`shot/attack_law.rs`, which is why this lives in
//! `engine/`, not `engine/plan/`), and the groups of nodes a count merges
//! (`plan/lump.rs`). Each word written is one folded multiplication. The keys are the program's own, so no defence
//! against chosen keys is needed, and std's SipHash cost more than the
//! ordered maps it replaced.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map with the fast hash.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// A hash set with the fast hash.
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<KeyHasher>>;

/// The high and low halves of `a · b`, xored: every bit of each factor
/// reaches the result's low and high bits (the map reads both).
fn folded(a: u64, b: u64) -> u64 {
    let m = u128::from(a) * u128::from(b);
    (m as u64) ^ (m >> 64) as u64
}

/// Hashes words, each with one folded multiplication.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = folded(self.0 ^ n, 0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u128(&mut self, k: u128) {
        let low = folded(self.0 ^ k as u64, 0x9e37_79b9_7f4a_7c15);
        self.0 = folded(low ^ (k >> 64) as u64, 0xd6e8_feb8_6659_fd93);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::hash::{BuildHasher, BuildHasherDefault};

    use super::KeyHasher;

    /// Keys that differ only in a few high bits, or a few low ones, spread
    /// over the buckets (a map's low bits) and the tags (its top seven) as
    /// a random function would: 4,096 keys fill about 63% of 4,096 buckets
    /// and every one of 128 tags. Likewise lists of small words, as the
    /// lumping's keys are.
    #[test]
    fn nearby_keys_spread() {
        let build = BuildHasherDefault::<KeyHasher>::default();
        let spread = |hashes: Vec<u64>, what: &str| {
            let buckets: BTreeSet<u64> = hashes.iter().map(|h| h & 0xfff).collect();
            let tags: BTreeSet<u64> = hashes.iter().map(|h| h >> 57).collect();
            assert!(buckets.len() > 2300, "{what}: {} buckets", buckets.len());
            assert_eq!(tags.len(), 128, "{what}");
        };
        for shift in [0, 20, 64, 100, 116] {
            let hashes = (0..4096u128).map(|i| build.hash_one(i << shift)).collect();
            spread(hashes, &format!("u128 keys, shift {shift}"));
        }
        let lists = (0..4096usize)
            .map(|i| build.hash_one((3u8, false, 36u64, vec![(i % 64, 1u8, i / 64)])))
            .collect();
        spread(lists, "lists");
    }
}
