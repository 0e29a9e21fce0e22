//! The masses a smooth pass holds for the states it has reached but not
//! yet taken (`smooth_pass.rs`, `smooth_phases.rs`): what each state sends
//! along its moves is added to them, and most of a pass's time goes there
//! (five 4-6-7s: each state's share, some hundred limbs, sent along about
//! 175 moves).

use super::prepared::Move;
use super::smooth::lanes::{self, Held, Kernel, Source};
use super::smooth::{Basis, div_exact, mul_add, mul_add_two, mul_small};

/// A numerator over the pass's denominator: little-endian limbs, no high
/// zero limb.
pub(super) type Numer = Vec<u64>;

/// How the masses are held and added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arithmetic {
    /// In limbs of 64 bits, two sums side by side, each a carry chain.
    Limbs,
    /// In lanes of 52 bits, carries left in place (`smooth/lanes.rs`).
    Lanes(Kernel),
}

impl Arithmetic {
    /// The kernel that adds masses of up to `limbs` limbs, if they are held
    /// in lanes (below [`LANES_FROM`] limbs they are not).
    pub(crate) fn lanes_for(self, limbs: usize) -> Option<Kernel> {
        match self {
            Arithmetic::Lanes(kernel) if limbs >= LANES_FROM => Some(kernel),
            _ => None,
        }
    }

    /// The fastest this core has: lanes where it has AVX-512 IFMA (solving
    /// five 4-6-7s' plan on two cores took 1.21-1.38 s in limbs and
    /// 0.94-1.02 s in lanes, side by side), limbs elsewhere (a lane at a
    /// time is slower than a limb).
    pub(crate) fn best() -> Arithmetic {
        Kernel::ifma().map_or(Arithmetic::Limbs, Arithmetic::Lanes)
    }

    /// Every arithmetic this core can run, for the tests: limbs, lanes a
    /// lane at a time, and lanes eight at a time where the core has IFMA.
    #[cfg(test)]
    pub(crate) fn every() -> Vec<Arithmetic> {
        let mut all = vec![Arithmetic::Limbs, Arithmetic::Lanes(Kernel::Scalar)];
        all.extend(Kernel::ifma().map(Arithmetic::Lanes));
        all
    }
}

/// Masses shorter than this many limbs stay in limbs: lanes cost a
/// conversion each time a mass is sent or taken, more than short sums
/// gain (the plan of `examples/plan-spotted-81mm.toml`, whose masses are
/// a limb or two, took 5-10% longer in lanes).
const LANES_FROM: usize = 4;

/// `dst += src · k` in limbs.
pub(super) fn add_times(dst: &mut Numer, src: &[u64], k: u64) {
    if k != 0 && !src.is_empty() {
        mul_add(dst, src, k);
    }
}

/// The masses of a pass's states, by slot, each taken once.
pub(super) struct Slots {
    arithmetic: Arithmetic,
    /// By slot: the mass reached so far, in limbs or in lanes.
    masses: Vec<Option<Vec<u64>>>,
    /// In lanes, by slot: the budget its mass has spent (`lanes::BUDGET`).
    spent: Vec<u32>,
    /// Words of masses taken, kept for reuse.
    spare: Vec<Vec<u64>>,
    /// In lanes: the share being sent.
    source: Source,
}

impl Slots {
    /// `n` slots, none reached, for masses of up to `limbs` limbs (the
    /// pass's largest denominator): in limbs below [`LANES_FROM`] whatever
    /// `arithmetic` says.
    pub(super) fn new(n: usize, arithmetic: Arithmetic, limbs: usize) -> Slots {
        let arithmetic = arithmetic
            .lanes_for(limbs)
            .map_or(Arithmetic::Limbs, Arithmetic::Lanes);
        let lanes = matches!(arithmetic, Arithmetic::Lanes(_));
        Slots {
            arithmetic,
            masses: vec![None; n],
            spent: if lanes { vec![0; n] } else { Vec::new() },
            spare: Vec::new(),
            source: Source::default(),
        }
    }

    /// Slot `i` reached with `mass`, the first to reach it.
    pub(super) fn put(&mut self, i: usize, mass: Numer) {
        debug_assert!(self.masses[i].is_none());
        match self.arithmetic {
            Arithmetic::Limbs => self.masses[i] = Some(mass),
            Arithmetic::Lanes(kernel) => {
                self.send(&mass, &[(i, 1)], kernel);
                self.recycle(mass);
            }
        }
    }

    /// The mass that reached slot `i`, if any, in limbs; the slot is left
    /// empty.
    pub(super) fn take(&mut self, i: usize) -> Option<Numer> {
        let held = self.masses[i].take()?;
        match self.arithmetic {
            Arithmetic::Limbs => Some(held),
            Arithmetic::Lanes(_) => {
                let mut mass = self.spare.pop().unwrap_or_default();
                lanes::to_limbs(&held, &mut mass);
                self.spent[i] = 0;
                self.recycle(held);
                Some(mass)
            }
        }
    }

    /// Whether slot `i` has been reached (and not taken).
    pub(super) fn reached(&self, i: usize) -> bool {
        self.masses[i].is_some()
    }

    /// The mass that reached slot `i` (zero if none did) divided by `k`,
    /// which divides it, in limbs, into `out`; the slot is left empty.
    /// Taken out of lanes and divided in one walk.
    pub(super) fn take_over(&mut self, i: usize, k: u64, out: &mut Numer) {
        let Some(held) = self.masses[i].take() else {
            out.clear();
            return;
        };
        match self.arithmetic {
            Arithmetic::Limbs => {
                let old = std::mem::replace(out, held);
                self.recycle(old);
                div_exact(out, k);
            }
            Arithmetic::Lanes(_) => {
                lanes::to_limbs_over(&held, k, out);
                self.spent[i] = 0;
                self.recycle(held);
            }
        }
    }

    /// A mass taken and done with: its words are kept for reuse.
    pub(super) fn recycle(&mut self, mut words: Vec<u64>) {
        words.clear();
        self.spare.push(words);
    }

    /// Adds `visits · w` to the mass of each `(slot, w)` of `targets`; a
    /// slot of weight 0 is reached all the same, but none is when `visits`
    /// is zero.
    pub(super) fn send_all(&mut self, visits: &[u64], targets: &[(usize, u64)]) {
        if visits.is_empty() {
            return;
        }
        match self.arithmetic {
            Arithmetic::Limbs => self.send_limbs(visits, targets),
            Arithmetic::Lanes(kernel) => self.send(visits, targets, kernel),
        }
    }

    /// [`Slots::send_all`] in limbs, two slots at a time.
    fn send_limbs(&mut self, visits: &[u64], targets: &[(usize, u64)]) {
        for &(t, _) in targets {
            if self.masses[t].is_none() {
                self.masses[t] = Some(self.spare.pop().unwrap_or_default());
            }
        }
        let slots = &mut self.masses;
        let mut pairs = targets.chunks_exact(2);
        for pair in &mut pairs {
            let [(s, j), (t, k)] = [pair[0], pair[1]];
            match slots.get_disjoint_mut([s, t]) {
                Ok([Some(a), Some(b)]) if j != 0 && k != 0 => mul_add_two(a, b, visits, j, k),
                _ => {
                    for (u, w) in [(s, j), (t, k)] {
                        if let Some(slot) = &mut slots[u] {
                            add_times(slot, visits, w);
                        }
                    }
                }
            }
        }
        for &(t, w) in pairs.remainder() {
            if let Some(slot) = &mut slots[t] {
                add_times(slot, visits, w);
            }
        }
    }

    /// [`Slots::send_all`] in lanes.
    fn send(&mut self, visits: &[u64], targets: &[(usize, u64)], kernel: Kernel) {
        self.source.set(visits);
        let held = Held {
            masses: &mut self.masses,
            spent: &mut self.spent,
            spare: &mut self.spare,
        };
        lanes::send_all(held, &self.source, targets, kernel);
    }
}

/// What a state sends along its moves at one count: to the states at
/// that count as it is, and to those that count one more brought over to
/// the next count's denominator, once for all of them (each state holds
/// one mass, over its count's denominator; `smooth_pass.rs`). Its lists
/// are kept from one state to the next.
pub(super) struct Sends {
    /// The counts' cap, and the states a node has (the counts to the cap).
    cap: u8,
    width: usize,
    /// `up[c]`: the factors of count c + 1's denominator over count c's.
    up: Vec<Vec<u64>>,
    targets: Vec<(usize, u64)>,
    ups: Vec<(usize, u64)>,
    scaled: Numer,
}

impl Sends {
    /// For counts up to `cap`, whose denominators have the exponents
    /// `exps` over `basis` (each dividing the next).
    pub(super) fn new(cap: u8, basis: &Basis, exps: &[Vec<u32>]) -> Sends {
        Sends {
            cap,
            width: usize::from(cap) + 1,
            up: (1..exps.len())
                .map(|c| basis.ratio_words(&exps[c - 1], &exps[c]))
                .collect(),
            targets: Vec::new(),
            ups: Vec::new(),
            scaled: Numer::new(),
        }
    }

    /// `visits` at `count` brought over to the next count's denominator,
    /// into `scaled`.
    pub(super) fn scale_up(&self, visits: &Numer, count: usize, scaled: &mut Numer) {
        times_words(visits, &self.up[count], scaled);
    }

    /// Sends `visits`, at `count`, along `moves` to the states
    /// `rank · width + count` of their nodes: all but the moves back to the
    /// same state and those `left_out` names.
    pub(super) fn send(
        &mut self,
        slots: &mut Slots,
        visits: &Numer,
        moves: &[Move],
        count: u8,
        left_out: impl Fn(&Move) -> bool,
    ) {
        self.targets.clear();
        self.ups.clear();
        for m in moves.iter().filter(|m| !left_out(m)) {
            let to_count = m.step.next(count, self.cap);
            if m.to_self && to_count == count {
                continue;
            }
            let to = m.to_rank() * self.width + usize::from(to_count);
            if to_count > count {
                self.ups.push((to, m.w));
            } else {
                self.targets.push((to, m.w));
            }
        }
        slots.send_all(visits, &self.targets);
        if !self.ups.is_empty() {
            times_words(visits, &self.up[usize::from(count)], &mut self.scaled);
            slots.send_all(&self.scaled, &self.ups);
        }
    }
}

/// `numer` times each of `words`, into `out`.
fn times_words(numer: &Numer, words: &[u64], out: &mut Numer) {
    out.clone_from(numer);
    for &k in words {
        mul_small(out, k);
    }
}

#[cfg(test)]
pub(super) mod tests;
