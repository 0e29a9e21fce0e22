//! Every path of dice a rule reads ([`each_path`]), with its probability
//! as an integer fraction: the enumerating source replays the rule once
//! per distinct sequence of dice, depth first.

use super::Dice;

/// One choice on the enumerator's tape: value `v` of `radix`, equally
/// likely, or weighted by `weights` (`radix` = their number).
struct Choice {
    v: usize,
    radix: usize,
    /// The weights and their sum.
    weights: Option<(Vec<u64>, u64)>,
}

impl Choice {
    /// The choice's probability as (numerator, denominator).
    fn weight(&self) -> (u64, u64) {
        match &self.weights {
            None => (1, self.radix as u64),
            Some((w, total)) => (w[self.v], *total),
        }
    }
}

/// The enumerating source: replays a tape of choices, extending it with
/// first values when the rule asks for more than the tape holds.
struct Tape<'a> {
    tape: &'a mut Vec<Choice>,
    pos: usize,
}

impl Tape<'_> {
    fn next(&mut self, radix: usize, weights: Option<&[u64]>) -> usize {
        if self.pos == self.tape.len() {
            let weights = weights.map(|w| (w.to_vec(), w.iter().sum()));
            // Start on the first possible value.
            let v = weights
                .as_ref()
                .map_or(0, |(w, _)| w.iter().position(|&x| x > 0).unwrap_or(0));
            self.tape.push(Choice { v, radix, weights });
        }
        let choice = &self.tape[self.pos];
        debug_assert_eq!(
            choice.radix, radix,
            "a rule must ask the same question on the same path"
        );
        self.pos += 1;
        choice.v
    }
}

impl Dice for Tape<'_> {
    fn choose(&mut self, n: u8) -> u8 {
        self.next(usize::from(n), None) as u8
    }

    fn takes_laws(&self) -> bool {
        true
    }

    fn weighted(&mut self, weights: &[u64]) -> Option<usize> {
        Some(self.next(weights.len(), Some(weights)))
    }
}

/// The paths of dice a rule reads, run one by one ([`Paths::next`]):
/// the enumerating source replays the rule once per distinct sequence of
/// dice, depth first, so the caller may keep its own buffers between runs.
#[derive(Default)]
pub struct Paths {
    tape: Vec<Choice>,
    done: bool,
}

impl Paths {
    /// Before the first path.
    pub fn new() -> Self {
        Paths::default()
    }

    /// Before the first path again, for another rule (or the same one
    /// anew), the tape's buffer kept.
    pub fn restart(&mut self) {
        self.tape.clear();
        self.done = false;
    }

    /// Runs `rule` on the next path of the dice it reads, and returns its
    /// outcome with the path's probability as (numerator, denominator):
    /// `(1/6)^(dice read)` for plain dice; `None` once every path has run.
    ///
    /// `rule` must be the same deterministic function of the dice on
    /// every call (a pure function of them). A path's denominator is the
    /// product of its choices' (checked: a rule reads few dice per call).
    pub fn next<T>(&mut self, rule: impl FnOnce(&mut dyn Dice) -> T) -> Option<(T, u128, u128)> {
        if self.done {
            return None;
        }
        let mut source = Tape {
            tape: &mut self.tape,
            pos: 0,
        };
        let outcome = rule(&mut source);
        let used = source.pos;
        let tape = &mut self.tape;
        tape.truncate(used);
        let (num, den) = tape.iter().fold((1u128, 1u128), |(n, d), c| {
            let (cn, cd) = c.weight();
            let d = d
                .checked_mul(u128::from(cd))
                .expect("a path of a rule's dice has a denominator in 128 bits");
            (n * u128::from(cn), d)
        });
        // Advance the tape like an odometer: the last choice read goes
        // up (past values of weight 0), finished choices are dropped.
        while let Some(last) = tape.last_mut() {
            let next = (last.v + 1..last.radix)
                .find(|&v| last.weights.as_ref().is_none_or(|(w, _)| w[v] > 0));
            match next {
                Some(v) => {
                    last.v = v;
                    break;
                }
                None => {
                    tape.pop();
                }
            }
        }
        self.done = tape.is_empty();
        Some((outcome, num, den))
    }
}

/// Runs `rule` once for each distinct path of the dice it reads
/// ([`Paths`]), and hands each outcome to `visit` with the path's
/// probability as (numerator, denominator).
pub fn each_path<T>(
    mut rule: impl FnMut(&mut dyn Dice) -> T,
    mut visit: impl FnMut(T, u128, u128),
) {
    let mut paths = Paths::new();
    while let Some((t, num, den)) = paths.next(&mut rule) {
        visit(t, num, den);
    }
}
