//! A chunk of walked trials, and the words the fast sampler's walk and its
//! tally share: a step of the walker's table, and the slot it stores.

// A step is a word:
// - bits 0..32: the row of the next node (the index of its first step);
//   at the trial's end, the start node's, for the next trial;
// - bits 32..58: the shots (9 bits), hits (9) and Critical Hits (8) of the
//   step: what it adds to the running totals, which are kept in the same
//   place (so a step adds `step & ADD_MASK`);
// - bits 58..60: the weapon's state in the node left (AT_END_*);
// - bits 60..62: at the trial's end, the end node's END_*;
// - bits 62..64: how many slots on the next step stores its totals: 0
//   within a phase, 1 at a phase end, 2 at the trial's end (past the next
//   trial's first slot, which stays zero). So bit 63 marks the trial's end.
pub(super) const COUNTS_SHIFT: u32 = 32;
pub(super) const FIELD: u32 = 9;
pub(super) const FIELD_MASK: u64 = (1 << FIELD) - 1;
pub(super) const ADD_SHOT: u64 = 1 << COUNTS_SHIFT;
pub(super) const ADD_HIT: u64 = 1 << (COUNTS_SHIFT + FIELD);
pub(super) const ADD_CRITICAL: u64 = 1 << (COUNTS_SHIFT + 2 * FIELD);
pub(super) const ADD_MASK: u64 = ((1 << 26) - 1) << COUNTS_SHIFT;
pub(super) const AT_END_MALFUNCTIONED: u64 = 1 << 58;
pub(super) const AT_END_REMOVED: u64 = 1 << 59;
pub(super) const END_MALFUNCTIONED: u64 = 1 << 60;
pub(super) const END_REMOVED: u64 = 1 << 61;
/// What a step stores in the slot besides the running totals.
pub(super) const STATE_MASK: u64 =
    AT_END_MALFUNCTIONED | AT_END_REMOVED | END_MALFUNCTIONED | END_REMOVED;
pub(super) const MOVE_SHIFT: u32 = 62;
pub(super) const NEXT_PHASE: u64 = 1 << MOVE_SHIFT;
pub(super) const NEXT_TRIAL: u64 = 2 << MOVE_SHIFT;

/// Slots of a chunk of trials walked before they are tallied: a trial has
/// `phases + 1`, the first always zero.
pub(super) const SLOTS: usize = 1024;

/// A chunk of walked trials.
pub(super) struct Chunk {
    pub(super) slots: [u64; SLOTS],
    /// Running totals moved out: (trial, phase it was in then, totals).
    pub(super) spills: Vec<(usize, usize, u64)>,
}
