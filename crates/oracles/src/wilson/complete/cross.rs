//! The cross-check: the oracle's judge and the reduction over every small
//! position and seeded random ones, on several threads.

use super::sizes::{codes, reach, search, value, Forms, Reach, MAX_GROUP, SLOTS};
use crate::wilson::{self as w, judge as hw, Kind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Every position of up to this many groups is cross-checked.
pub const EXHAUSTIVE_GROUPS: usize = 3;
/// Seeded random positions of 8 groups cross-checked, and the seed.
pub const RANDOM_POSITIONS: u64 = 10_000_000;
/// The seed of the random positions.
pub const SEED: u64 = 0x0004_5749_4c53_4f4e;
/// Counterexamples kept (the smallest).
const KEEP: usize = 10;

/// The judge's moves by form, over the positions not won.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct JudgeForms {
    /// Moves of one counter.
    pub one: u64,
    /// Moves of two adjacent counters.
    pub two_adjacent: u64,
    /// Moves of two adjacent counters and one more from a piece.
    pub three_in_group: u64,
    /// Moves of two adjacent counters and one from another group.
    pub three_across: u64,
}

/// The cross-check's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CrossCheck {
    /// Every position of 1 to `exhaustive_groups` groups of 1 to
    /// `max_group` counters (as multisets), and how many.
    pub exhaustive_groups: usize,
    /// The largest group of the exhaustive positions.
    pub max_group: u8,
    /// How many exhaustive positions were checked.
    pub exhaustive_positions: u64,
    /// Seeded random positions of 8 groups of 1 to 127.
    pub random_positions: u64,
    /// The random positions' seed.
    pub seed: u64,
    /// Positions not won (value nonzero), of both kinds.
    pub not_won: u64,
    /// The judge's moves, by form.
    pub judge_forms: JudgeForms,
    /// The judge's verdict or move disagrees with the value rule, or the
    /// reduction disagrees with the judge (with the hardware's forms).
    pub mismatches: u64,
    /// Up to 10 of the positions with a mismatch, in canonical form.
    pub mismatch_examples: Vec<Vec<u16>>,
    /// Positions not won with no sound move of the forms checked.
    pub counterexamples: u64,
    /// The smallest of them (fewest counters, then fewest groups).
    pub smallest: Vec<Vec<u16>>,
}

#[derive(Default)]
struct Tally {
    exhaustive: u64,
    random: u64,
    not_won: u64,
    forms: JudgeForms,
    mismatches: u64,
    mismatch_examples: Vec<Vec<u16>>,
    counterexamples: u64,
    smallest: Vec<Vec<u16>>,
}

pub(super) fn position(slots: &[u8]) -> Vec<u16> {
    w::canon(slots.iter().map(|&g| g as u16).collect())
}

/// Fewest counters, then fewest groups, then the groups.
fn size_order(p: &[u16]) -> (u32, usize, Vec<u16>) {
    (p.iter().map(|&g| g as u32).sum(), p.len(), p.to_vec())
}

pub(super) fn keep_smallest(v: &mut Vec<Vec<u16>>) {
    v.sort_by_key(|p| size_order(p));
    v.dedup();
    v.truncate(KEEP);
}

impl Tally {
    fn check(&mut self, slots: &[u8; SLOTS], table: &[Reach], codes: &[u8], forms: Forms) {
        let t = value(slots, table);
        let j = hw::judge(slots);
        let mut bad = j.won != (t == 0) || j.found.is_some() != (t != 0);
        if let Some(m) = j.found {
            if !w::rule_won(&m.leaves(slots), codes) {
                bad = true;
            }
            let f = &mut self.forms;
            match (m.kind, m.second) {
                (Kind::One, _) => f.one += 1,
                (Kind::TwoAdjacent, _) => f.two_adjacent += 1,
                (Kind::Three, 8 | 9) => f.three_in_group += 1,
                (Kind::Three, _) => f.three_across += 1,
            }
        }
        let found = search(slots, table, forms);
        if forms == Forms::HARDWARE && found.is_some() != j.found.is_some() {
            bad = true;
        }
        if t != 0 {
            self.not_won += 1;
            let none = found.is_none() || (forms == Forms::HARDWARE && j.found.is_none());
            if none {
                self.counterexamples += 1;
                self.smallest.push(position(slots));
                if self.smallest.len() > 4 * KEEP {
                    keep_smallest(&mut self.smallest);
                }
            }
        }
        if bad {
            self.mismatches += 1;
            if self.mismatch_examples.len() < KEEP {
                self.mismatch_examples.push(position(slots));
            }
        }
    }

    fn add(&mut self, o: Tally) {
        self.exhaustive += o.exhaustive;
        self.random += o.random;
        self.not_won += o.not_won;
        self.forms.one += o.forms.one;
        self.forms.two_adjacent += o.forms.two_adjacent;
        self.forms.three_in_group += o.forms.three_in_group;
        self.forms.three_across += o.forms.three_across;
        self.mismatches += o.mismatches;
        self.mismatch_examples.extend(o.mismatch_examples);
        self.mismatch_examples.truncate(KEEP);
        self.counterexamples += o.counterexamples;
        self.smallest.extend(o.smallest);
        keep_smallest(&mut self.smallest);
    }
}

/// A seeded generator (splitmix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Random positions come in chunks of this many, each chunk seeded on its
/// own, so the positions do not depend on the number of threads.
pub const CHUNK: u64 = 5_000;

/// Every position of 1 to `groups` (at most 3) groups of 1 to `max_group`
/// counters, as ascending slots (multisets), in the order `cross_check`
/// takes them: the positions the hardware judge's deep runs replay too.
pub fn exhaustive_positions(groups: usize, max_group: u8) -> Vec<[u8; SLOTS]> {
    assert!((1..=3).contains(&groups));
    let mut out = Vec::new();
    for a in 1..=max_group {
        out.push([a, 0, 0, 0, 0, 0, 0, 0]);
    }
    if groups >= 2 {
        for a in 1..=max_group {
            for b in a..=max_group {
                out.push([a, b, 0, 0, 0, 0, 0, 0]);
                if groups >= 3 {
                    out.extend((b..=max_group).map(|c| [a, b, c, 0, 0, 0, 0, 0]));
                }
            }
        }
    }
    out
}

/// The `k`-th chunk's positions of 8 groups of 1 to 127.
pub fn random_chunk(seed: u64, k: u64, count: u64) -> impl Iterator<Item = [u8; SLOTS]> {
    let mut rng = SplitMix(seed ^ k.wrapping_mul(0xd605_bbb5_8c8a_bd15));
    (0..count).map(move |_| {
        let mut slots = [0u8; SLOTS];
        for s in &mut slots {
            *s = (rng.next() % MAX_GROUP as u64) as u8 + 1;
        }
        slots
    })
}

/// Every position of 1 to `groups` groups of 1 to `max_group` counters
/// (multisets, as ascending slots), and `random` seeded random positions of
/// 8 groups, through the judge and the reduction with `forms`, on `threads`
/// threads.
pub fn cross_check(forms: Forms, groups: usize, max_group: u8, random: u64, seed: u64, threads: usize) -> CrossCheck {
    assert!((1..=3).contains(&groups) && max_group <= MAX_GROUP);
    let codes = codes();
    let table = reach(&codes);
    // Jobs: a first group, or a first and second (each with every third).
    let mut jobs: Vec<(u8, u8)> = (1..=max_group).map(|a| (a, 0)).collect();
    if groups >= 2 {
        for a in 1..=max_group {
            jobs.extend((a..=max_group).map(|b| (a, b)));
        }
    }
    let chunks = random.div_ceil(CHUNK);
    let next = AtomicUsize::new(0);
    let next_chunk = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut tally = Tally::default();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(a, b)) = jobs.get(k) else { break };
                    let mut slots = [0u8; SLOTS];
                    slots[0] = a;
                    slots[1] = b;
                    tally.check(&slots, &table, &codes, forms);
                    tally.exhaustive += 1;
                    if b > 0 && groups >= 3 {
                        for c in b..=max_group {
                            slots[2] = c;
                            tally.check(&slots, &table, &codes, forms);
                            tally.exhaustive += 1;
                        }
                    }
                }
                loop {
                    let k = next_chunk.fetch_add(1, Ordering::Relaxed) as u64;
                    if k >= chunks {
                        break;
                    }
                    let count = CHUNK.min(random - k * CHUNK);
                    for slots in random_chunk(seed, k, count) {
                        tally.check(&slots, &table, &codes, forms);
                        tally.random += 1;
                    }
                }
                total.lock().expect("no thread panicked").add(tally);
            });
        }
    });
    let t = total.into_inner().expect("no thread panicked");
    CrossCheck {
        exhaustive_groups: groups,
        max_group,
        exhaustive_positions: t.exhaustive,
        random_positions: t.random,
        seed,
        not_won: t.not_won,
        judge_forms: t.forms,
        mismatches: t.mismatches,
        mismatch_examples: t.mismatch_examples,
        counterexamples: t.counterexamples,
        smallest: t.smallest,
    }
}
