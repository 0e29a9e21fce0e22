//! The chain's nodes by [`Node::key`](super::Node::key), for the compiler
//! to find a node it has seen: a hash map whose hash of a key is two
//! folded multiplications. The keys are the program's own, so no defence
//! against chosen keys is needed, and std's SipHash over every unit's flags
//! cost more than the ordered map it replaced.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Node keys to node numbers.
pub(super) type NodeIndex = HashMap<u128, usize, BuildHasherDefault<KeyHasher>>;

/// The high and low halves of `a · b`, xored: every bit of each factor
/// reaches the result's low and high bits (the map reads both).
fn folded(a: u64, b: u64) -> u64 {
    let m = u128::from(a) * u128::from(b);
    (m as u64) ^ (m >> 64) as u64
}

/// Hashes one `u128` key.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = folded(self.0 ^ u64::from(b), 0x9e37_79b9_7f4a_7c15);
        }
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
    /// and every one of 128 tags.
    #[test]
    fn nearby_keys_spread() {
        let build = BuildHasherDefault::<KeyHasher>::default();
        for shift in [0, 20, 64, 100, 116] {
            let hashes: Vec<u64> = (0..4096u128).map(|i| build.hash_one(i << shift)).collect();
            let buckets: BTreeSet<u64> = hashes.iter().map(|h| h & 0xfff).collect();
            let tags: BTreeSet<u64> = hashes.iter().map(|h| h >> 57).collect();
            assert!(
                buckets.len() > 2300,
                "shift {shift}: {} buckets",
                buckets.len()
            );
            assert_eq!(tags.len(), 128, "shift {shift}");
        }
    }
}
