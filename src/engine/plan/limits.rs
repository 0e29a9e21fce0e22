//! What the exact engine may build of a plan's chain (states, edges, the
//! outcomes of the units' laws), and why a chain is refused: read by the
//! chain's compiler (`compile.rs`) and by the shot effects it builds
//! (`shot_effect.rs`), and by the engine facade.

/// What the exact engine may build: chain states, and edges (the memory
/// of the chain and of its solution grows with them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub max_nodes: usize,
    pub max_edges: usize,
}

/// Edges (and outcomes of one shot) the exact engine builds at most. A
/// large plan takes some 65 bytes of memory an edge at its peak, chain,
/// caches and solution together (measured: 180 MB for the 2.75 million
/// edges of five 4-6-7s in woods, 0.46 GB for the 7.2 million of three
/// units and a 5-4-8; a small plan more, 150 bytes an edge for the 267,991
/// of `examples/stack-in-woods.toml` in 40 MB), so this keeps it well
/// within 1 GB. It was 4 million while an edge held its fraction beside
/// its table's weight, at some 210-220 bytes an edge.
pub const MAX_EDGES: usize = 9_000_000;

/// Outcomes of the units' laws the exact engine works out at most for
/// each edge it may build, counted before equal outcomes merge (the guard
/// counts them before a law is built): a law is held merged, 32 bytes an
/// outcome, and twins' laws merge most of theirs (five 4-6-7s: 13.7
/// million counted within the 0.38 GB above). Halved when edges shrank
/// and [`MAX_EDGES`] went from 4 to 9 million: a law's outcome did not
/// shrink, and 18 million counted keeps the laws near the 16 million
/// allowed before.
pub const LAW_OUTCOMES_PER_EDGE: usize = 2;

/// Chain states the exact engine builds at most unless told otherwise
/// (`--max-states`); past them a plan runs by Monte Carlo.
pub const DEFAULT_MAX_STATES: usize = 20_000;

/// Why a plan's exact chain is not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The chain has more states than the budget: at least this many.
    States {
        /// States found when the budget ran out: the chain has at least
        /// this many.
        at_least: usize,
    },
    /// The chain's transitions would take more than about 1 GB
    /// ([`MAX_EDGES`]).
    Memory,
    /// The hex's stack is past what the exact engine takes on for one
    /// attack ([`crate::engine::shot::exact_fits`]).
    Stack(crate::engine::shot::StackTooLarge),
}

/// A refused chain, and the work done before the refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Why it was refused.
    pub refusal: Refusal,
    /// Shot effects worked out in full (joint laws built) before it.
    pub effects_built: usize,
    /// Chain states found before it.
    pub states_built: usize,
}

impl TooLarge {
    /// The refusal as a library error for a caller that has no Monte Carlo
    /// to fall back on: a stack past the exact engine names `target.units`;
    /// a chain past the budget `max_states` or past 1 GB names `chain`
    /// (`max_states` where the caller takes that bound, else `plan`), with
    /// `fix`, what the caller can do instead.
    pub fn to_error(&self, max_states: usize, chain: &str, fix: &str) -> crate::error::Error {
        match self.refusal {
            Refusal::Stack(stack) => stack.to_error("target.units", fix),
            Refusal::States { .. } | Refusal::Memory => crate::error::Error::invalid(
                chain,
                format!(
                    "this plan's exact chain is past the exact engine's limits (more than {max_states} states, or about 1 GB): {fix}"
                ),
            ),
        }
    }
}
