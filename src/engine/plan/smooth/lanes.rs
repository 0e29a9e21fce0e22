//! Numerators in lanes of 52 bits, for the sums a pass sends along its
//! moves (`smooth_slots.rs`).
//!
//! A number in lanes is `Σ lane_k · 2^(52·k)`, each lane a word. Limbs of
//! 64 bits (`limbs.rs`) take a carry chain, limb after limb, for every sum
//! `dst += src · w`; in lanes a sum leaves its carries in the lanes above
//! (each lane takes the low 52 bits of its own product and the high bits
//! of the product below), so the lanes are independent of each other, and
//! AVX-512 IFMA multiplies and adds eight of them in one instruction
//! (`vpmadd52luq`, `vpmadd52huq`). The carries are passed up only when the
//! number is read ([`to_limbs`]) or when its lanes could next pass the word
//! ([`carry`], at most every [`BUDGET`] sums).
//!
//! Exact either way: a number in lanes is the same integer as in limbs,
//! and the tests compare the IFMA kernel, and a kernel that computes the
//! same a lane at a time on any machine, with limbs.

use super::limbs::{ExactDivider, bit_length, digit, trim};

/// Bits of a carried lane.
const BITS: u32 = 52;
const MASK: u64 = (1 << BITS) - 1;
/// Lanes are held in blocks of eight, one 512-bit register.
pub(crate) const BLOCK: usize = 8;
/// Sixteen lanes of 52 bits are thirteen limbs of 64, bit for bit: a
/// number passes between the two a group at a time.
const GROUP_LANES: usize = 16;
const GROUP_LIMBS: usize = 13;

/// Units of sum ([`units`]) a number in lanes takes, from carried, before
/// a lane could pass the word: a carried lane is below 2^52 and each unit
/// adds less than 2^53 to it, so 2047 units keep it below 2^64.
pub(crate) const BUDGET: u32 = 2047;

/// How lanes are multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// A lane at a time, on any machine: the tests' reference (it is
    /// slower than limbs).
    #[cfg(test)]
    Scalar,
    /// Eight lanes at a time, on a core with AVX-512 IFMA (never made on
    /// other architectures).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Ifma,
}

impl Kernel {
    /// [`Kernel::Ifma`] if this core has it, or `None`.
    pub(crate) fn ifma() -> Option<Kernel> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512ifma")
        {
            return Some(Kernel::Ifma);
        }
        None
    }
}

/// The units of sum `dst += src · w` takes ([`BUDGET`]): one for each
/// 52-bit digit of `w`.
pub(crate) fn units(w: u64) -> u32 {
    1 + u32::from(w >> BITS != 0)
}

/// A number to send, in carried lanes, with two zero lanes before them and
/// zeros after, so that each lane is read beside the two below it.
#[derive(Default)]
pub(crate) struct Source {
    padded: Vec<u64>,
    lanes: usize,
}

impl Source {
    /// The number given by its limbs (no high zero limb).
    pub(crate) fn set(&mut self, limbs: &[u64]) {
        self.lanes = digit_count(limbs);
        // Every digit is written below: only the zeros around them are
        // set, not the whole zeroed first.
        self.padded.resize(self.reach() + 2, 0);
        self.padded[..2].fill(0);
        self.padded[2 + self.lanes..].fill(0);
        write_digits(limbs, &mut self.padded[2..2 + self.lanes]);
    }

    /// The number's digits of 52 bits, lowest first, and the zeros above
    /// them (for the tests).
    #[cfg(test)]
    pub(crate) fn digits(&self) -> &[u64] {
        &self.padded[2..]
    }

    /// The lanes a sum of this number times a word reaches: its own, the
    /// two above, in whole blocks.
    pub(crate) fn reach(&self) -> usize {
        (self.lanes + 2).div_ceil(BLOCK) * BLOCK
    }
}

/// The number of digits of 52 bits of the number given by its limbs (no
/// high zero limb).
pub(crate) fn digit_count(limbs: &[u64]) -> usize {
    bit_length(limbs).div_ceil(BITS as usize)
}

/// The number of lanes the digits of 52 bits of a number below
/// `2^(64 · limbs)` take.
pub(crate) fn lanes_for(limbs: usize) -> usize {
    (64 * limbs).div_ceil(BITS as usize)
}

/// The digits of 52 bits of the number given by its limbs (no high zero
/// limb), lowest first, into `digits`, as many as it has room for (the
/// number's own, [`lanes_for`] its bits): whole groups of limbs at once,
/// then a digit at a time.
pub(crate) fn write_digits(limbs: &[u64], digits: &mut [u64]) {
    let mut done = 0;
    for (group, out) in limbs
        .chunks_exact(GROUP_LIMBS)
        .zip(digits.chunks_exact_mut(GROUP_LANES))
    {
        out.copy_from_slice(&unpack(group));
        done += GROUP_LANES;
    }
    for (k, d) in digits.iter_mut().enumerate().skip(done) {
        *d = digit(limbs, k, BITS);
    }
}

/// `dst += src · w` over whole blocks of lanes, carries left in place:
/// `padded[k + 2]` is the source's digit under `dst[k]`, and the two
/// before `dst[0]`'s are read too (`smooth_blocks.rs` sends a node's
/// counts in one such sum, each count's digits with two zero lanes above
/// them). `dst` is not checked against a budget here.
pub(crate) fn add_lanes(dst: &mut [u64], padded: &[u64], w: u64, kernel: Kernel) {
    debug_assert!(dst.len().is_multiple_of(BLOCK) && padded.len() >= dst.len() + 2);
    match kernel {
        #[cfg(test)]
        Kernel::Scalar => add_scalar(dst, padded, w & MASK, w >> BITS),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `send_all`.
        Kernel::Ifma => unsafe { ifma::add_lanes(dst, padded, w & MASK, w >> BITS) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Ifma => unreachable!("made only on x86-64"),
    }
}

/// Carries passed up within `dst`, whose number they fit: every lane
/// below 2^52 after.
pub(crate) fn carry_in_place(dst: &mut [u64]) {
    let c = carry_within(dst);
    debug_assert_eq!(c, 0, "the lanes hold their number");
}

/// Carries passed up within `dst`, every lane below 2^52 after: what is
/// carried out of the last lane.
fn carry_within(dst: &mut [u64]) -> u64 {
    let mut c = 0u64;
    for d in dst.iter_mut() {
        let t = u128::from(*d) + u128::from(c);
        *d = t as u64 & MASK;
        c = (t >> BITS) as u64;
    }
    c
}

/// The masses a send adds to, by slot: each in lanes (or not reached
/// yet), with the budget it has spent ([`BUDGET`]), and words kept for
/// reuse.
pub(crate) struct Held<'a> {
    pub(crate) masses: &'a mut [Option<Vec<u64>>],
    pub(crate) spent: &'a mut [u32],
    pub(crate) spare: &'a mut Vec<Vec<u64>>,
}

/// `dst += src · w` for each `(slot, w)` of `targets`, into `held`: a slot
/// not reached yet is reached (even at a weight of 0), and a mass is
/// carried first if the sum could pass its budget. The mass two targets
/// ahead is brought into the cache meanwhile.
pub(crate) fn send_all(held: Held<'_>, src: &Source, targets: &[(usize, u64)], kernel: Kernel) {
    match kernel {
        #[cfg(test)]
        Kernel::Scalar => send_with(held, src, targets, add_scalar, |_| {}),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Kernel::Ifma` is made only by `Kernel::ifma`, on a
        // core that has AVX-512F and IFMA.
        Kernel::Ifma => unsafe { ifma::send_all(held, src, targets) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Ifma => unreachable!("made only on x86-64"),
    }
}

/// [`send_all`] with a kernel's sum and prefetch, inlined into the
/// kernel's own function (so that the IFMA sums are inlined too: called
/// one by one, their calls took 4% of solving the README's three
/// units on one core). Each sum writes
/// [`Source::reach`] lanes, and takes [`units`]`(w)` of the budget.
#[inline(always)]
fn send_with(
    held: Held<'_>,
    src: &Source,
    targets: &[(usize, u64)],
    add: impl Fn(&mut [u64], &[u64], u64, u64),
    prefetch: impl Fn(&[u64]),
) {
    let reach = src.reach();
    for (k, &(t, w)) in targets.iter().enumerate() {
        if let Some(&(next, _)) = targets.get(k + 2)
            && let Some(ahead) = &held.masses[next]
        {
            prefetch(&ahead[..reach.min(ahead.len())]);
        }
        let mass = held.masses[t].get_or_insert_with(|| held.spare.pop().unwrap_or_default());
        if w == 0 {
            continue;
        }
        let units = units(w);
        if held.spent[t] + units > BUDGET {
            carry(mass);
            held.spent[t] = 0;
        }
        if mass.len() < reach {
            mass.resize(reach, 0);
        }
        add(&mut mass[..reach], &src.padded, w & MASK, w >> BITS);
        held.spent[t] += units;
    }
}

/// Low 52 bits of `s · w`.
#[cfg(test)]
fn lo(s: u64, w: u64) -> u64 {
    s.wrapping_mul(w) & MASK
}

/// `s · w` over 2^52, rounded down (`s`, `w` below 2^52).
#[cfg(test)]
fn hi(s: u64, w: u64) -> u64 {
    ((u128::from(s) * u128::from(w)) >> BITS) as u64
}

/// `dst += s · w`, the carries left in the lanes, a lane at a time: lane
/// k of `s · w` (digits `w0`, `w1`) is the low bits of s_k · w0 and
/// s_(k-1) · w1, and the high bits of s_(k-1) · w0 and s_(k-2) · w1;
/// `padded[k + 2]` is s_k.
#[cfg(test)]
fn add_scalar(dst: &mut [u64], padded: &[u64], w0: u64, w1: u64) {
    for (k, d) in dst.iter_mut().enumerate() {
        let (s0, s1, s2) = (padded[k + 2], padded[k + 1], padded[k]);
        *d += lo(s0, w0) + hi(s1, w0);
        if w1 != 0 {
            *d += lo(s1, w1) + hi(s2, w1);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod ifma;

/// Carries passed up, every lane below 2^52 after (lanes added on top as
/// needed, in whole blocks): the number takes its whole budget again.
pub(crate) fn carry(dst: &mut Vec<u64>) {
    let mut c = carry_within(dst);
    while c != 0 {
        dst.push(c & MASK);
        c >>= BITS;
    }
    dst.resize(dst.len().div_ceil(BLOCK) * BLOCK, 0);
}

/// The number in lanes (carried or not) in limbs of 64 bits, no high zero
/// limb, into `out`.
pub(crate) fn to_limbs(lanes: &[u64], out: &mut Vec<u64>) {
    out.clear();
    each_group(lanes, |limbs| out.extend_from_slice(limbs));
    trim(out);
}

/// The number in lanes (carried or not) divided by `k`, which divides it,
/// in limbs of 64 bits, no high zero limb, into `out`: each limb divided
/// as it is made ([`ExactDivider`]), in the one walk up the lanes.
pub(crate) fn to_limbs_over(lanes: &[u64], k: u64, out: &mut Vec<u64>) {
    out.clear();
    // Room for every group's limbs.
    out.reserve((lanes.len() / GROUP_LANES + 1) * GROUP_LIMBS);
    let mut divider = ExactDivider::new(k);
    each_group(lanes, |limbs| {
        for &limb in limbs {
            if let Some(q) = divider.step(limb) {
                out.push(q);
            }
        }
    });
    out.extend(divider.finish());
    trim(out);
}

/// The limbs of the number in lanes (carried or not), a group at a time,
/// lowest first, some high zero limbs at the end: a group of lanes is
/// carried and packed into whole limbs in a loop of fixed length (which
/// the compiler unrolls), then the lanes left and the carry out of the
/// last are one more group.
#[inline(always)]
fn each_group(lanes: &[u64], mut f: impl FnMut(&[u64; GROUP_LIMBS])) {
    // Lanes above the last that is not zero hold only what is carried.
    let used = lanes.iter().rposition(|&d| d != 0).map_or(0, |k| k + 1);
    // The carry into the next lane (below 2^13: a lane is below 2^64).
    let mut c = 0u64;
    let mut carried = |d: u64| {
        let (t, over) = d.overflowing_add(c);
        c = t >> BITS | u64::from(over) << (64 - BITS);
        t & MASK
    };
    let mut groups = lanes[..used].chunks_exact(GROUP_LANES);
    let mut digits = [0u64; GROUP_LANES];
    for group in &mut groups {
        for (d, &lane) in digits.iter_mut().zip(group) {
            *d = carried(lane);
        }
        f(&pack(&digits));
    }
    // At most fifteen lanes are left, and the carry is one digit.
    let rest = groups.remainder();
    digits.fill(0);
    for (d, &lane) in digits.iter_mut().zip(rest) {
        *d = carried(lane);
    }
    digits[rest.len()] = c;
    f(&pack(&digits));
}

/// A group of digits of 52 bits (each below 2^52) as the limbs they make.
#[inline(always)]
fn pack(digits: &[u64; GROUP_LANES]) -> [u64; GROUP_LIMBS] {
    let mut limbs = [0u64; GROUP_LIMBS];
    let (mut bits, mut held, mut k) = (0u128, 0u32, 0);
    for &d in digits {
        bits |= u128::from(d) << held;
        held += BITS;
        if held >= 64 {
            limbs[k] = bits as u64;
            bits >>= 64;
            held -= 64;
            k += 1;
        }
    }
    limbs
}

/// A group of limbs as its digits of 52 bits.
#[inline(always)]
fn unpack(limbs: &[u64]) -> [u64; GROUP_LANES] {
    let mut digits = [0u64; GROUP_LANES];
    let (mut bits, mut held, mut k) = (0u128, 0u32, 0);
    for d in &mut digits {
        if held < BITS {
            bits |= u128::from(limbs[k]) << held;
            held += 64;
            k += 1;
        }
        *d = bits as u64 & MASK;
        bits >>= BITS;
        held -= BITS;
    }
    digits
}
