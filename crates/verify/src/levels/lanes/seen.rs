//! The set of pair states the search has seen: the oracle's state with
//! the keyed registers, in shards that threads rarely wait on.

use hashbrown::hash_table::{Entry, HashTable};
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
/// wait on. The oracle's state is hashed once a pair: the shard comes from
/// that hash, and the table's hash of the pair is it mixed with the
/// registers' words ([`Seen::pair_hash`]).
pub(super) struct Seen<S, R> {
    shards: Vec<Mutex<HashTable<(S, R)>>>,
    hasher: rustc_hash::FxBuildHasher,
    count: AtomicUsize,
}

const SHARDS: usize = 256;

/// The multiplier of rustc-hash's FxHasher: mixes a word into a hash.
const MIX: u64 = 0xf135_7aea_2e62_a9c5;

impl<S: Hash + Eq + Copy, R: Regs> Seen<S, R> {
    pub(super) fn new() -> Self {
        Seen { shards: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(), hasher: Default::default(), count: AtomicUsize::new(0) }
    }

    /// The table's hash of a pair: the oracle state's hash `state` with
    /// each register word mixed in, then the whole rotated so that the
    /// last words reach the top bits hashbrown tags by.
    fn pair_hash(state: u64, regs: &R) -> u64 {
        let mut h = state;
        for &w in regs.words() {
            h = (h ^ w).wrapping_mul(MIX).rotate_left(26);
        }
        h
    }

    /// Inserts each of `pairs`; `new[i]` says whether `pairs[i]` was not
    /// there before (and is the first of its kind in this call). Each
    /// shard is locked once per call. The shard comes from the state's
    /// hash's middle bits: hashbrown places by the low bits and tags by
    /// the top seven, so a shard chosen by either would crowd its own
    /// table.
    pub(super) fn insert_all(&self, pairs: &[(S, R)], new: &mut Vec<bool>) {
        new.clear();
        new.resize(pairs.len(), false);
        let hashes: Vec<u64> = pairs.iter().map(|(s, _)| self.hasher.hash_one(s)).collect();
        let shard_of = |h: u64| (h >> 32) as usize % SHARDS;
        let mut count = [0usize; SHARDS + 1];
        for &h in &hashes {
            count[shard_of(h) + 1] += 1;
        }
        for k in 0..SHARDS {
            count[k + 1] += count[k];
        }
        let mut order = vec![0usize; pairs.len()];
        let mut at = count;
        for (i, &h) in hashes.iter().enumerate() {
            let k = shard_of(h);
            order[at[k]] = i;
            at[k] += 1;
        }
        let rehash = |(s, r): &(S, R)| Self::pair_hash(self.hasher.hash_one(s), r);
        let mut added = 0;
        for shard in 0..SHARDS {
            let (from, to) = (count[shard], count[shard + 1]);
            if from == to {
                continue;
            }
            let mut table = self.shards[shard].lock().expect("a search thread panicked");
            for &i in &order[from..to] {
                let (s, r) = &pairs[i];
                let h = Self::pair_hash(hashes[i], r);
                if let Entry::Vacant(slot) = table.entry(h, |(t, q)| t == s && q == r, rehash) {
                    slot.insert(pairs[i].clone());
                    new[i] = true;
                    added += 1;
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A pair is new once: within one call (its first place only) and
    /// across calls; pairs of one state with other registers are pairs of
    /// their own, counted once as a state, their differing bits named; the
    /// same with the registers boxed.
    fn pairs_are_new_once<R: Regs>() {
        let seen = Seen::<u32, R>::new();
        let regs = |w: &[u64]| R::of(w);
        let mut new = Vec::new();
        seen.insert_all(&[(1, regs(&[0, 0])), (2, regs(&[0, 0])), (1, regs(&[0, 0])), (1, regs(&[4, 0]))], &mut new);
        assert_eq!(new, [true, true, false, true]);
        seen.insert_all(&[(1, regs(&[4, 0])), (1, regs(&[0, 1])), (3, regs(&[0, 0]))], &mut new);
        assert_eq!(new, [false, true, true]);
        assert_eq!(seen.len(), 5);
        assert_eq!(seen.states_and_varying(2), (3, vec![4, 1]));
        // Many pairs: every one new once, whatever shard and place in its
        // table (the tables grow past their first sizes).
        let many: Vec<(u32, R)> = (0..20_000u32).map(|i| (i % 1000, regs(&[u64::from(i / 1000), 0]))).collect();
        seen.insert_all(&many, &mut new);
        // Four of them are there already: (1, 0), (2, 0), (3, 0) and (1, 4).
        assert_eq!(new.iter().filter(|&&n| n).count(), 20_000 - 4);
        seen.insert_all(&many, &mut new);
        assert!(new.iter().all(|&n| !n));
        assert_eq!(seen.len(), 5 + 20_000 - 4);
    }

    #[test]
    fn a_pair_is_new_once() {
        pairs_are_new_once::<[u64; 2]>();
        pairs_are_new_once::<Box<[u64]>>();
    }
}
