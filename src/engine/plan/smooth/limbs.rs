//! Arithmetic on little-endian 64-bit limbs, the numerators of `Smooth`.

use crate::prob::Prob;

/// `a *= k` (`k` non-zero).
pub(crate) fn mul_small(a: &mut Vec<u64>, k: u64) {
    if k == 1 {
        return;
    }
    let mut carry = 0u64;
    for limb in a.iter_mut() {
        let t = u128::from(*limb) * u128::from(k) + u128::from(carry);
        *limb = t as u64;
        carry = (t >> 64) as u64;
    }
    if carry != 0 {
        a.push(carry);
    }
}

/// `dst += src · k` (`k` non-zero, `src` without high zero limbs).
pub(crate) fn mul_add(dst: &mut Vec<u64>, src: &[u64], k: u64) {
    if dst.len() < src.len() {
        dst.resize(src.len(), 0);
    }
    let mut carry = 0u64;
    for (d, &s) in dst.iter_mut().zip(src) {
        let t = u128::from(*d) + u128::from(s) * u128::from(k) + u128::from(carry);
        *d = t as u64;
        carry = (t >> 64) as u64;
    }
    add_carry(dst, src.len(), carry);
}

/// `a += src · j` and `b += src · k` (`j`, `k` non-zero, `src` without
/// high zero limbs): two carry chains side by side, which a core runs in
/// about the time of one (the passes send each state's share along many
/// moves).
pub(crate) fn mul_add_two(a: &mut Vec<u64>, b: &mut Vec<u64>, src: &[u64], j: u64, k: u64) {
    for d in [&mut *a, &mut *b] {
        if d.len() < src.len() {
            d.resize(src.len(), 0);
        }
    }
    let (mut ca, mut cb) = (0u64, 0u64);
    for ((x, y), &s) in a.iter_mut().zip(b.iter_mut()).zip(src) {
        let ta = u128::from(*x) + u128::from(s) * u128::from(j) + u128::from(ca);
        let tb = u128::from(*y) + u128::from(s) * u128::from(k) + u128::from(cb);
        *x = ta as u64;
        *y = tb as u64;
        ca = (ta >> 64) as u64;
        cb = (tb >> 64) as u64;
    }
    add_carry(a, src.len(), ca);
    add_carry(b, src.len(), cb);
}

/// `a += carry · 2^(64·i)`.
fn add_carry(a: &mut Vec<u64>, mut i: usize, mut carry: u64) {
    while carry != 0 {
        if i == a.len() {
            a.push(carry);
            break;
        }
        let (s, overflow) = a[i].overflowing_add(carry);
        a[i] = s;
        carry = u64::from(overflow);
        i += 1;
    }
}

/// `a /= k` for a `k` (non-zero) known to divide `a`, in place
/// ([`ExactDivider`]: exact division needs no quotient estimate, so it
/// costs about what a multiplication costs).
pub(crate) fn div_exact(a: &mut Vec<u64>, k: u64) {
    let mut divider = ExactDivider::new(k);
    // The quotient's limbs are written at or below the limb read.
    let mut w = 0;
    for r in 0..a.len() {
        if let Some(q) = divider.step(a[r]) {
            a[w] = q;
            w += 1;
        }
    }
    if let Some(q) = divider.finish() {
        a[w] = q;
        w += 1;
    }
    a.truncate(w);
    trim(a);
}

/// Exact division by a `k` (non-zero) known to divide the number, limb by
/// limb, lowest first: the odd part of `k` divided out of each limb as it
/// comes, by its inverse modulo 2^64, and the powers of two shifted out one
/// limb behind. So a number can be divided as it is made (`lanes.rs`
/// divides a mass as it takes it out of lanes), and the quotient has as
/// many limbs as the number.
pub(crate) struct ExactDivider {
    odd: u64,
    inv: u64,
    shift: u32,
    borrow: u64,
    /// The quotient's last limb before its shift (with a shift).
    pending: Option<u64>,
}

impl ExactDivider {
    pub(crate) fn new(k: u64) -> ExactDivider {
        let shift = k.trailing_zeros();
        let odd = k >> shift;
        ExactDivider {
            odd,
            inv: inverse(odd),
            shift,
            borrow: 0,
            pending: None,
        }
    }

    /// The number's next limb: the quotient's next limb, if one is done (with
    /// a shift, each is done one limb behind).
    #[inline(always)]
    pub(crate) fn step(&mut self, limb: u64) -> Option<u64> {
        let q = if self.odd > 1 {
            let (q, borrow) = quotient_limb(limb, self.borrow, self.odd, self.inv);
            self.borrow = borrow;
            q
        } else {
            limb
        };
        if self.shift == 0 {
            return Some(q);
        }
        let done = self
            .pending
            .map(|p| p >> self.shift | q << (64 - self.shift));
        self.pending = Some(q);
        done
    }

    /// After the number's last limb: the quotient's last, if one is left.
    pub(crate) fn finish(self) -> Option<u64> {
        debug_assert_eq!(self.borrow, 0, "the division is exact");
        self.pending.map(|p| p >> self.shift)
    }
}

/// The inverse of `odd` modulo 2^64.
fn inverse(odd: u64) -> u64 {
    // Newton's iteration doubles the bits of the inverse each time:
    // odd · odd ≡ 1 modulo 8 to begin with.
    let mut inv = odd;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inv)));
    }
    inv
}

/// One limb of the exact division by `odd` (of inverse `inv` modulo
/// 2^64), lowest limb first: the quotient's limb and the borrow into the
/// next. Over all the limbs of `a` this gives the one number `q` below
/// 2^(64·len) with `q · odd ≡ a`, and the borrow left over is zero
/// exactly when `q · odd = a`: when `odd` divides `a`, and `q` is the
/// quotient.
#[inline]
fn quotient_limb(limb: u64, borrow: u64, odd: u64, inv: u64) -> (u64, u64) {
    let (s, under) = limb.overflowing_sub(borrow);
    let q = s.wrapping_mul(inv);
    (
        q,
        ((u128::from(q) * u128::from(odd)) >> 64) as u64 + u64::from(under),
    )
}

/// `a /= odd` if `odd` (odd, above one) divides `a`, and whether it did
/// (`a` is left as it was if not): the quotient's limbs into `scratch`,
/// the borrow left over telling ([`quotient_limb`]; a division
/// instruction per limb, as a remainder takes, cost twenty times as
/// much).
pub(super) fn divide_if(a: &mut Vec<u64>, odd: u64, scratch: &mut Vec<u64>) -> bool {
    debug_assert!(odd % 2 == 1 && odd > 1);
    let inv = inverse(odd);
    scratch.clear();
    let mut borrow = 0u64;
    for &limb in a.iter() {
        let q;
        (q, borrow) = quotient_limb(limb, borrow, odd, inv);
        scratch.push(q);
    }
    if borrow != 0 {
        return false;
    }
    trim(scratch);
    std::mem::swap(a, scratch);
    true
}

/// Shifts `a` (not zero) right by its trailing zero bits, at most `most`
/// of them, and returns how many.
pub(super) fn shift_out_twos(a: &mut Vec<u64>, most: u32) -> u32 {
    let zeros = a.iter().position(|&l| l != 0).map_or(0, |k| {
        (k as u64 * 64 + u64::from(a[k].trailing_zeros())).min(u64::from(most))
    }) as u32;
    let (words, bits) = ((zeros / 64) as usize, zeros % 64);
    a.drain(..words);
    if bits > 0 {
        shift_right(a, bits);
    }
    trim(a);
    zeros
}

/// `a >>= bits`, for `bits` from 1 to 63.
fn shift_right(a: &mut [u64], bits: u32) {
    for i in 0..a.len() {
        let high = a.get(i + 1).map_or(0, |&h| h << (64 - bits));
        a[i] = (a[i] >> bits) | high;
    }
}

/// `a` without its high zero limbs.
pub(super) fn trim(a: &mut Vec<u64>) {
    while a.last() == Some(&0) {
        a.pop();
    }
}

/// The bits of the number given by its limbs (no high zero limb).
pub(super) fn bit_length(limbs: &[u64]) -> usize {
    limbs
        .last()
        .map_or(0, |l| limbs.len() * 64 - l.leading_zeros() as usize)
}

/// Digit `k` of the number given by its limbs, in digits of `bits` bits
/// (below 64), lowest first.
pub(super) fn digit(limbs: &[u64], k: usize, bits: u32) -> u64 {
    let at = k * bits as usize;
    let (i, shift) = (at / 64, at % 64);
    let mut d = limbs[i] >> shift;
    if shift > 64 - bits as usize
        && let Some(&next) = limbs.get(i + 1)
    {
        d |= next << (64 - shift);
    }
    d & ((1 << bits) - 1)
}

/// A non-negative integer given by its limbs, as a [`Prob`]: in digits of
/// 63 bits (so that the base itself is a `Prob::new`), split in halves so
/// that the gcds `Prob` takes on the way cost little next to the last one.
pub(super) fn integer(limbs: &[u64]) -> Prob {
    const DIGIT: u32 = 63;
    let digits: Vec<u64> = (0..bit_length(limbs).div_ceil(DIGIT as usize))
        .map(|k| digit(limbs, k, DIGIT))
        .collect();
    // powers[j] = 2^(63·2^j).
    let mut powers = vec![Prob::new(1 << DIGIT, 1)];
    while 1 << powers.len() < digits.len() {
        let last = &powers[powers.len() - 1];
        powers.push(last * last);
    }
    fn build(digits: &[u64], powers: &[Prob]) -> Prob {
        match digits {
            [] => Prob::zero(),
            [d] => Prob::new(*d, 1),
            _ => {
                // The low half: the largest power of two below the length.
                let j = (usize::BITS - 1 - (digits.len() - 1).leading_zeros()) as usize;
                let (lo, hi) = digits.split_at(1 << j);
                &build(hi, powers) * &powers[j] + build(lo, powers)
            }
        }
    }
    build(&digits, &powers)
}
