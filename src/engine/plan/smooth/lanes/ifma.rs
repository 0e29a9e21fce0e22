//! The IFMA kernel of `lanes.rs`: eight lanes multiplied and added in
//! one instruction (`vpmadd52luq`, `vpmadd52huq`), on a core that has
//! AVX-512 IFMA.

use std::arch::x86_64::{
    __m512i, _MM_HINT_T0, _mm_prefetch, _mm512_loadu_si512, _mm512_madd52hi_epu64,
    _mm512_madd52lo_epu64, _mm512_set1_epi64, _mm512_storeu_si512,
};

use super::{BLOCK, Held, Source, send_with};

/// `add_scalar`, eight lanes at a time.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn add(dst: &mut [u64], padded: &[u64], w0: u64, w1: u64) {
    let (v0, v1) = (_mm512_set1_epi64(w0 as i64), _mm512_set1_epi64(w1 as i64));
    for (b, d) in dst.chunks_exact_mut(BLOCK).enumerate() {
        let k = b * BLOCK;
        let mut x = load(d);
        x = _mm512_madd52lo_epu64(x, load(&padded[k + 2..]), v0);
        x = _mm512_madd52hi_epu64(x, load(&padded[k + 1..]), v0);
        if w1 != 0 {
            x = _mm512_madd52lo_epu64(x, load(&padded[k + 1..]), v1);
            x = _mm512_madd52hi_epu64(x, load(&padded[k..]), v1);
        }
        let d: &mut [u64; BLOCK] = d.try_into().expect("a whole block");
        // SAFETY: `d` is eight words, the 64 bytes stored.
        unsafe { _mm512_storeu_si512(d.as_mut_ptr().cast(), x) }
    }
}

/// `add_lanes` with the sums below.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn add_lanes(dst: &mut [u64], padded: &[u64], w0: u64, w1: u64) {
    add(dst, padded, w0, w1);
}

/// `send_all` with the sums below.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn send_all(held: Held<'_>, src: &Source, targets: &[(usize, u64)]) {
    send_with(
        held,
        src,
        targets,
        |d, p, w0, w1| add(d, p, w0, w1),
        |w| prefetch(w),
    );
}

/// A line of 64 bytes at a time.
#[target_feature(enable = "avx512f")]
fn prefetch(words: &[u64]) {
    for line in words.chunks(BLOCK) {
        _mm_prefetch::<_MM_HINT_T0>(line.as_ptr().cast());
    }
}

/// The first eight words of `s` (at least eight long).
#[target_feature(enable = "avx512f")]
fn load(s: &[u64]) -> __m512i {
    let s: &[u64; BLOCK] = s[..BLOCK].try_into().expect("a whole block");
    // SAFETY: `s` is eight words, the 64 bytes loaded.
    unsafe { _mm512_loadu_si512(s.as_ptr().cast()) }
}
