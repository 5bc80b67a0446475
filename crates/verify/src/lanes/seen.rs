//! The set of pair states the search has seen: the oracle's state with
//! the keyed registers, in shards that threads rarely wait on.

use rustc_hash::FxHashSet;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The keyed registers of a pair state, held beside the oracle's state in
/// the set of pairs seen: a few words inline (one memory access a lookup,
/// as for the oracle's state alone), or boxed past that.
pub(super) trait Regs: Hash + Eq + Clone + Send + Sync {
    /// From `words` (at most as many as the type holds).
    fn of(words: &[u64]) -> Self;
    /// The words (inline ones padded with zeros).
    fn words(&self) -> &[u64];
}

impl<const N: usize> Regs for [u64; N] {
    fn of(words: &[u64]) -> Self {
        let mut a = [0; N];
        a[..words.len()].copy_from_slice(words);
        a
    }
    fn words(&self) -> &[u64] {
        self
    }
}

impl Regs for Box<[u64]> {
    fn of(words: &[u64]) -> Self {
        words.into()
    }
    fn words(&self) -> &[u64] {
        self
    }
}

/// The pair states seen, each the oracle's state with the keyed registers
/// of every netlist, in shards chosen by the oracle's state alone (so that
/// every pair of one oracle state sits in one shard) that threads rarely
/// wait on.
pub(super) struct Seen<S, R> {
    shards: Vec<Mutex<FxHashSet<(S, R)>>>,
    hasher: rustc_hash::FxBuildHasher,
    count: AtomicUsize,
}

const SHARDS: usize = 256;

impl<S: Hash + Eq + Copy, R: Regs> Seen<S, R> {
    pub(super) fn new() -> Self {
        Seen { shards: (0..SHARDS).map(|_| Mutex::new(FxHashSet::default())).collect(), hasher: Default::default(), count: AtomicUsize::new(0) }
    }

    /// Inserts each of `pairs`; `new[i]` says whether `pairs[i]` was not
    /// there before (and is the first of its kind in this call). Each
    /// shard is locked once per call. The shard comes from the hash's
    /// middle bits: hashbrown places by the low bits and tags by the top
    /// seven, so a shard chosen by either would crowd its own table.
    pub(super) fn insert_all(&self, pairs: &[(S, R)], new: &mut Vec<bool>) {
        new.clear();
        new.resize(pairs.len(), false);
        let shard_of: Vec<u16> = pairs.iter().map(|(s, _)| ((self.hasher.hash_one(s) >> 32) as usize % SHARDS) as u16).collect();
        let mut count = [0usize; SHARDS + 1];
        for &k in &shard_of {
            count[k as usize + 1] += 1;
        }
        for k in 0..SHARDS {
            count[k + 1] += count[k];
        }
        let mut order = vec![0usize; pairs.len()];
        let mut at = count;
        for (i, &k) in shard_of.iter().enumerate() {
            order[at[k as usize]] = i;
            at[k as usize] += 1;
        }
        let mut added = 0;
        for shard in 0..SHARDS {
            let (from, to) = (count[shard], count[shard + 1]);
            if from == to {
                continue;
            }
            let mut set = self.shards[shard].lock().expect("a search thread panicked");
            for &i in &order[from..to] {
                new[i] = set.insert(pairs[i].clone());
                added += new[i] as usize;
            }
        }
        self.count.fetch_add(added, Ordering::Relaxed);
    }

    pub(super) fn len(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// The oracle states among the pairs, and the register bits (`width`
    /// words) that differ between two pairs of one oracle state, shard by
    /// shard.
    pub(super) fn states_and_varying(&self, width: usize) -> (usize, Vec<u64>) {
        let mut varying = vec![0u64; width];
        let mut states = 0;
        for shard in &self.shards {
            let pairs = shard.lock().expect("a search thread panicked");
            let mut first: rustc_hash::FxHashMap<S, &R> = Default::default();
            for (s, r) in pairs.iter() {
                let f = *first.entry(*s).or_insert(r);
                for (v, (a, b)) in varying.iter_mut().zip(r.words().iter().zip(f.words())) {
                    *v |= a ^ b;
                }
            }
            states += first.len();
        }
        (states, varying)
    }
}
