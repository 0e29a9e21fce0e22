//! The general sampler: one draw below each node's own denominator.

use super::batches::{batch_rng, below};
use super::tally::{McTally, Recorder};
use crate::engine::plan::chain::{Chain, Event, Weapon};
use crate::rules::to_hit::HitKind;

/// The chain in flat arrays, for the general sampler.
pub(super) struct Flat {
    /// Per node: first edge index, edge count, denominator, phase.
    nodes: Vec<(u32, u32, u64, u8)>,
    /// Per edge: cumulative weight, target node, the shot's hit (`None`
    /// for a phase end).
    edges: Vec<(u64, u32, Option<HitKind>)>,
    nodes_weapon: Vec<Weapon>,
    ever_malfunctioned: Vec<bool>,
}

impl Flat {
    pub(super) fn new(chain: &Chain) -> Flat {
        let mut nodes = Vec::with_capacity(chain.nodes.len());
        let mut edges = Vec::new();
        for (i, node) in chain.nodes.iter().enumerate() {
            let table = &chain.tables[i];
            nodes.push((
                edges.len() as u32,
                chain.edges[i].len() as u32,
                table.denominator,
                node.phase,
            ));
            for (e, cum) in chain.edges[i].iter().zip(&table.cumulative) {
                let hit = match e.event {
                    Event::PhaseEnd => None,
                    Event::Shot { hit, .. } => Some(hit),
                };
                edges.push((*cum, e.to() as u32, hit));
            }
        }
        Flat {
            nodes,
            edges,
            nodes_weapon: chain.nodes.iter().map(|n| n.weapon).collect(),
            ever_malfunctioned: chain.nodes.iter().map(|n| n.ever_malfunctioned).collect(),
        }
    }
}

/// The general sampler: one draw below the node's own denominator per
/// step, looked up by binary search in the node's cumulative weights. Used
/// when the chain's tables do not fit the fast sampler.
pub(super) fn simulate_batch_search(
    flat: &Flat,
    start: usize,
    phases: usize,
    seed: u64,
    batch: u64,
    trials: u64,
) -> McTally {
    let mut rng = batch_rng(seed, batch);
    let mut tally = McTally::new(phases);
    tally.trials = trials;
    for _ in 0..trials {
        let mut i = start;
        let mut trial = Recorder::default();
        loop {
            let (first, count, denominator, phase) = flat.nodes[i];
            if count == 0 {
                break;
            }
            let edges = &flat.edges[first as usize..(first + count) as usize];
            let k = if count == 1 {
                0
            } else {
                let draw = below(&mut rng, denominator);
                edges.partition_point(|(c, _, _)| *c <= draw)
            };
            let (_, to, hit) = edges[k];
            match hit {
                None => trial.phase_end(&mut tally, usize::from(phase), flat.nodes_weapon[i]),
                Some(hit) => trial.shot(&mut tally, usize::from(phase), hit),
            }
            i = to as usize;
        }
        trial.trial_end(&mut tally, flat.ever_malfunctioned[i], flat.nodes_weapon[i]);
    }
    tally
}
