//! Is Wilson's judge's search complete? (issue 19, "A proof that the judge's
//! search is complete"; `nimforge wilson complete`.)
//!
//! The claim: every position of up to 8 groups of up to 127 counters that
//! is not won for the side that just moved has a sound move of one of the
//! forms the hardware judge tries. "Won" and "sound" are the value rule's
//! (`oracle::wilson`), which is what the judge computes.
//!
//! # The terms
//!
//! - A group of `n` counters has a code `c(n) = 2·G(n) + (n mod 2)`, where
//!   `G(n)` is its value when only two adjacent counters may be taken (the
//!   brute-force mex of `oracle::wilson::adjacent_values`); `c(0) = 0`
//!   ([`super::codes`]). Groups 1 to 127 have 14 different codes
//!   (Wilson's 14 bases), all below 32.
//! - A position's value `V` is the XOR of its groups' codes. It is won for
//!   the side that just moved exactly when `V = 0`. Bit 0 of `V` is the
//!   parity of the number of counters.
//! - A move inside one group of `n` counters replaces it by pieces; its
//!   change is `c(n) XOR` the pieces' codes, and it is sound exactly when its
//!   change equals `V`. A move that takes from two groups changes `V` by the
//!   XOR of the two groups' changes.
//!
//! # The forms the hardware tries
//!
//! From `designs/src/wilson.rs` and the oracle's move-level function
//! [`super::judge::judge`] (its `HwMove`s):
//! - `V` even (an even number of counters): two adjacent counters from a
//!   group, at every split (stage TWO);
//! - `V` odd: one counter from a group, at every split (stage ONE); then two
//!   adjacent counters from a group at every split and one more counter from
//!   either of its two pieces ("three in the group", INNER with second 8 or
//!   9) or from any other group ("three across", second 0 to 7).
//!
//! The scans visit a split once with its mirror image (the left piece no
//! longer than the right); mirror images leave the same pieces, so every
//! multiset of pieces a form can leave is visited. A move changes the
//! parity by the number of counters it takes, so the judge's choice of forms
//! by the parity of the count is the only one that can reach `V = 0`.
//!
//! # The argument
//!
//! 1. Per group size (finite: sizes 1 to 127, [`reach`]). For every `n`, the
//!    set of changes each form makes inside a group of `n`, computed with the
//!    hardware's own split ranges: `one(n)`, `two(n)`, `three(n)` (two
//!    adjacent and one more from a piece). The unit tests tie these sets to
//!    the oracle's own move generator (`take_one`, `take_two_adjacent`).
//! 2. Per target (finite: every nonzero value `t` below 32, [`argument`]).
//!    Call a size `n` *moving* for `t` when a move of the form for `t`'s
//!    parity inside a group of `n` has change `t` (`t` in `one(n) ∪
//!    three(n)` when `t` is odd, in `two(n)` when even), and *stuck*
//!    otherwise. Enumerate every combination (subset) of the different codes
//!    of the stuck sizes and check that none of them XORs to `t`.
//! 3. Why that suffices, for any number of groups. Take a position with
//!    `V = t ≠ 0`. If all its groups were stuck for `t`, `V` would be the XOR
//!    of their codes; equal codes cancel in pairs, so `V` would be the XOR of
//!    a subset of the different stuck codes, which step 2 excludes. So some
//!    group is moving for `t`: a move inside it, of a form the hardware tries
//!    for that parity, changes `V` by `t`, leaving `V = 0`, a sound move.
//!    The hardware scans every group and every split of that form, so it
//!    finds that move or an earlier sound one.
//!
//! The argument never uses "three across": a sound move inside one group
//! always exists. It holds for any number of groups; 8 is the judge's slot
//! count. What it rests on: the oracle's codes (those of its judge; the
//! design's `BaseCode` holds the article's 5-bit codes instead, and the
//! verification runs every group size beside each of the 14 bases at every
//! level) and the value rule itself, which `oracle::wilson` confirms against
//! the brute-force solver on small positions and which is not proven here.
//!
//! # The cross-check
//!
//! [`cross_check`] runs the oracle's own search (`judge`, plain loops over
//! groups and splits, no per-size tables) on every position of up to 3
//! groups of up to 127 counters and on seeded random positions of 8 groups:
//! its verdict must be the value rule's, it must find a move exactly when
//! `V ≠ 0`, the move must leave `V = 0`, and the reduction ([`search`], the
//! per-size sets) must find a move exactly when the judge does.

use super::{self as w, judge as hw, Kind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The largest group and the judge's slot count.
pub const MAX_GROUP: u8 = hw::MAX_GROUP;
/// The judge's slot count: groups in a position.
pub const SLOTS: usize = hw::SLOTS;
/// Every position of up to this many groups is cross-checked.
pub const EXHAUSTIVE_GROUPS: usize = 3;
/// Seeded random positions of 8 groups cross-checked, and the seed.
pub const RANDOM_POSITIONS: u64 = 10_000_000;
/// The seed of the random positions.
pub const SEED: u64 = 0x0004_5749_4c53_4f4e;
/// Counterexamples kept (the smallest).
const KEEP: usize = 10;

/// Which move forms a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Forms {
    /// One counter from a group (odd count).
    pub one: bool,
    /// Two adjacent counters from a group (even count).
    pub two_adjacent: bool,
    /// Two adjacent counters and one more from either piece (odd count).
    pub three_in_group: bool,
    /// Two adjacent counters from a group and one from another (odd count).
    pub three_across: bool,
}

impl Forms {
    /// The forms the hardware judge tries.
    pub const HARDWARE: Forms = Forms { one: true, two_adjacent: true, three_in_group: true, three_across: true };
}

/// The form of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// One counter from a group.
    One,
    /// Two adjacent counters from a group.
    TwoAdjacent,
    /// Two adjacent counters from a group and one more from either piece.
    ThreeInGroup,
    /// Two adjacent counters from a group and one from another group.
    ThreeAcross,
}

/// What a group of `size` counters can do to a position's value: bit `d` of
/// a mask is set when a move of that form inside the group changes the value
/// by `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The group's counters, 0..127.
    pub size: u8,
    /// Its code `c(size)`.
    pub code: u8,
    /// Changes by one counter: `one(n)`.
    pub one: u64,
    /// Changes by two adjacent counters: `two(n)`.
    pub two: u64,
    /// Changes by two adjacent counters and one more from a piece: `three(n)`.
    pub three: u64,
}

impl Reach {
    /// Does a move of `forms` inside this group change the value by `t`
    /// (the form chosen by `t`'s parity, as the judge chooses it)?
    pub fn moves(&self, t: u8, forms: Forms) -> Option<Form> {
        let has = |mask: u64| mask >> t & 1 == 1;
        if t & 1 == 1 {
            if forms.one && has(self.one) {
                return Some(Form::One);
            }
            if forms.three_in_group && has(self.three) {
                return Some(Form::ThreeInGroup);
            }
            None
        } else if forms.two_adjacent && has(self.two) {
            Some(Form::TwoAdjacent)
        } else {
            None
        }
    }
}

/// The codes of groups 0..=127 (the oracle's: value under two adjacent,
/// and parity).
pub fn codes() -> Vec<u8> {
    w::codes(MAX_GROUP as usize)
}

/// The splits the judge visits: `a` counters left of a gap of `width`, the
/// left piece no longer than the right.
fn splits(n: u8, width: u8) -> impl Iterator<Item = u8> {
    (0..=n).filter(move |&a| 2 * a as u32 + width as u32 <= n as u32)
}

/// Step 1: every group size 0..=127 and the changes each form makes inside
/// it, with the hardware's split ranges.
pub fn reach(codes: &[u8]) -> Vec<Reach> {
    assert!(codes.iter().all(|&c| c < 64), "a code of 6 bits or more: the masks hold 64 values");
    let delta = |n: u8, width: u8, a: u8| codes[n as usize] ^ codes[a as usize] ^ codes[(n - width - a) as usize];
    (0..=MAX_GROUP)
        .map(|n| {
            let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
            for a in splits(n, 1) {
                one |= 1 << delta(n, 1, a);
            }
            for a in splits(n, 2) {
                let d = delta(n, 2, a);
                two |= 1 << d;
                for m in [a, n - 2 - a] {
                    for b in splits(m, 1) {
                        three |= 1 << (d ^ delta(m, 1, b));
                    }
                }
            }
            Reach { size: n, code: codes[n as usize], one, two, three }
        })
        .collect()
}

/// Step 2 for one target.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TargetCase {
    /// The position's value `t`.
    pub target: u8,
    /// `t` odd: an odd number of counters.
    pub odd: bool,
    /// Sizes 1..=127 with a move inside the group that changes the value by
    /// `t` (moving).
    pub moving: usize,
    /// Of those, the sizes moving by three in the group only, not by one
    /// counter (odd targets).
    pub only_three: usize,
    /// The sizes with none (stuck), ascending.
    pub stuck: Vec<u8>,
    /// Their different codes, ascending.
    pub stuck_codes: Vec<u8>,
    /// Combinations (subsets) of those codes enumerated.
    pub combinations: u64,
    /// Some combination XORs to `t`: the argument leaves `t` open.
    pub open: bool,
}

/// The argument's counts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Argument {
    /// The forms the argument allows.
    pub forms: Forms,
    /// Group sizes examined (1 to 127).
    pub sizes: usize,
    /// Different codes among them.
    pub codes: usize,
    /// Bits of the codes; the targets are 1 .. 2^bits - 1.
    pub code_bits: u32,
    /// Targets examined: every nonzero value of `code_bits` bits.
    pub targets: usize,
    /// (size, target) cases: sizes × targets.
    pub cases: usize,
    /// Cases with a move inside the group (moving).
    pub moving: usize,
    /// Cases without (stuck).
    pub stuck: usize,
    /// Cases (odd targets) moving by three in the group only.
    pub only_three: usize,
    /// Combinations of stuck codes enumerated, over every target.
    pub combinations: u64,
    /// Targets some combination of stuck codes makes (none: proven).
    pub open_targets: Vec<u8>,
    /// Step 2 for each target, 1 first.
    pub per_target: Vec<TargetCase>,
}

impl Argument {
    /// No target is left open: step 2 holds for every target.
    pub fn proven(&self) -> bool {
        self.open_targets.is_empty()
    }
}

/// Steps 1 and 2: the per-size sets, then every target against every
/// combination of the codes of the sizes stuck for it.
pub fn argument(forms: Forms) -> Argument {
    let codes = codes();
    let table = reach(&codes);
    let groups = &table[1..];
    let mut distinct: Vec<u8> = groups.iter().map(|r| r.code).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let all = groups.iter().fold(0u8, |x, r| x | r.code);
    let code_bits = 8 - all.leading_zeros();
    let mut per_target = Vec::new();
    for t in 1u8..(1 << code_bits) {
        let moving_by: Vec<Option<Form>> = groups.iter().map(|r| r.moves(t, forms)).collect();
        let stuck: Vec<u8> = groups.iter().zip(&moving_by).filter(|(_, m)| m.is_none()).map(|(r, _)| r.size).collect();
        let mut stuck_codes: Vec<u8> = stuck.iter().map(|&n| codes[n as usize]).collect();
        stuck_codes.sort_unstable();
        stuck_codes.dedup();
        assert!(stuck_codes.len() < 32, "too many stuck codes to enumerate");
        let combinations = 1u64 << stuck_codes.len();
        let open = (0..combinations).any(|s| {
            let x = stuck_codes.iter().enumerate().filter(|(k, _)| s >> k & 1 == 1).fold(0, |x, (_, &c)| x ^ c);
            x == t
        });
        per_target.push(TargetCase {
            target: t,
            odd: t & 1 == 1,
            moving: moving_by.iter().filter(|m| m.is_some()).count(),
            only_three: moving_by.iter().filter(|m| **m == Some(Form::ThreeInGroup)).count(),
            stuck,
            stuck_codes,
            combinations,
            open,
        });
    }
    let cases = groups.len() * per_target.len();
    let moving = per_target.iter().map(|c| c.moving).sum();
    Argument {
        forms,
        sizes: groups.len(),
        codes: distinct.len(),
        code_bits,
        targets: per_target.len(),
        cases,
        moving,
        stuck: cases - moving,
        only_three: per_target.iter().map(|c| c.only_three).sum(),
        combinations: per_target.iter().map(|c| c.combinations).sum(),
        open_targets: per_target.iter().filter(|c| c.open).map(|c| c.target).collect(),
        per_target,
    }
}

/// A sound move the reduction finds: its form, the slot it takes from, and
/// for three across the slot of the one more counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The move's form.
    pub form: Form,
    /// The slot it takes from (the two adjacent counters, for three across).
    pub group: usize,
    /// Three across only: the slot of the one more counter.
    pub other: Option<usize>,
}

/// The position's value: its groups' codes XORed (0 for an empty slot).
pub fn value(slots: &[u8], table: &[Reach]) -> u8 {
    slots.iter().fold(0, |x, &g| x ^ table[g as usize].code)
}

/// The reduction applied to a position: a sound move of `forms` by the
/// per-size sets, none when the position is won.
pub fn search(slots: &[u8], table: &[Reach], forms: Forms) -> Option<Witness> {
    let t = value(slots, table);
    if t == 0 {
        return None;
    }
    for (i, &g) in slots.iter().enumerate() {
        if let Some(form) = table[g as usize].moves(t, forms) {
            return Some(Witness { form, group: i, other: None });
        }
    }
    if t & 1 == 1 && forms.three_across {
        for (i, &g) in slots.iter().enumerate() {
            let two = table[g as usize].two;
            for (j, &h) in slots.iter().enumerate() {
                let one = table[h as usize].one;
                if i != j && (0..64u32).any(|d| two >> d & 1 == 1 && one >> (d ^ t as u32) & 1 == 1) {
                    return Some(Witness { form: Form::ThreeAcross, group: i, other: Some(j) });
                }
            }
        }
    }
    None
}

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

fn position(slots: &[u8]) -> Vec<u16> {
    w::canon(slots.iter().map(|&g| g as u16).collect())
}

/// Fewest counters, then fewest groups, then the groups.
fn size_order(p: &[u16]) -> (u32, usize, Vec<u16>) {
    (p.iter().map(|&g| g as u32).sum(), p.len(), p.to_vec())
}

fn keep_smallest(v: &mut Vec<Vec<u16>>) {
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

/// For each target the argument leaves open, the smallest position (fewest
/// counters) of at most 8 groups, all stuck for it, whose value is the
/// target: the first place a counterexample could be.
pub fn open_candidates(arg: &Argument) -> Vec<Vec<u16>> {
    let codes = codes();
    let mut out = Vec::new();
    for case in arg.per_target.iter().filter(|c| c.open) {
        // best[x]: the fewest counters in k groups making x, and the groups.
        let mut best: Vec<Option<(u32, Vec<u16>)>> = vec![None; 64];
        best[0] = Some((0, vec![]));
        let mut found: Option<(u32, Vec<u16>)> = None;
        for _ in 0..SLOTS {
            let mut next: Vec<Option<(u32, Vec<u16>)>> = vec![None; 64];
            for (x, b) in best.iter().enumerate() {
                let Some((sum, groups)) = b else { continue };
                for &n in &case.stuck {
                    let y = x ^ codes[n as usize] as usize;
                    let mut g = groups.clone();
                    g.push(n as u16);
                    g.sort_unstable();
                    let cand = (sum + n as u32, g);
                    if next[y].as_ref().is_none_or(|c| (c.0, &c.1) > (cand.0, &cand.1)) {
                        next[y] = Some(cand);
                    }
                }
            }
            if let Some(c) = &next[case.target as usize] {
                if found.as_ref().is_none_or(|f| f.0 > c.0) {
                    found = Some(c.clone());
                }
            }
            best = next;
        }
        out.extend(found.map(|f| f.1));
    }
    out
}

/// The whole answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// Steps 1 and 2.
    pub argument: Argument,
    /// How long the argument took, in seconds.
    pub argument_seconds: f64,
    /// The cross-check.
    pub cross_check: CrossCheck,
    /// How long the cross-check took, in seconds.
    pub cross_check_seconds: f64,
    /// Smallest positions (of the argument's open targets) tried.
    pub open_candidates: Vec<Vec<u16>>,
    /// Positions not won with no sound move of the forms, the smallest.
    pub counterexamples: Vec<Vec<u16>>,
    /// The search is complete: the argument proven, no mismatch, no
    /// counterexample.
    pub complete: bool,
    /// The answer in one sentence, for people.
    pub verdict: String,
}

fn list(v: &[u16]) -> String {
    v.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
}

/// The argument, the cross-check, and the verdict.
pub fn run(forms: Forms, groups: usize, max_group: u8, random: u64, seed: u64, threads: usize) -> Report {
    let t0 = std::time::Instant::now();
    let argument = argument(forms);
    let argument_seconds = t0.elapsed().as_secs_f64();
    let t1 = std::time::Instant::now();
    let cross_check = cross_check(forms, groups, max_group, random, seed, threads);
    let cross_check_seconds = t1.elapsed().as_secs_f64();
    let codes = codes();
    let table = reach(&codes);
    let open_candidates = open_candidates(&argument);
    let mut counterexamples: Vec<Vec<u16>> = cross_check.smallest.clone();
    for p in &open_candidates {
        let mut slots = [0u8; SLOTS];
        for (s, &g) in slots.iter_mut().zip(p) {
            *s = g as u8;
        }
        let judge_none = forms == Forms::HARDWARE && hw::judge(&slots).found.is_none();
        if search(&slots, &table, forms).is_none() || judge_none {
            counterexamples.push(p.clone());
        }
    }
    keep_smallest(&mut counterexamples);
    let complete = argument.proven() && cross_check.mismatches == 0 && counterexamples.is_empty();
    let verdict = if complete {
        "complete: every position of up to 8 groups of up to 127 counters that is not won has a sound move the \
         judge tries, inside one group: one counter, two adjacent counters, or two adjacent and one more \
         (two adjacent and one more from another group is never needed)"
            .to_string()
    } else if !counterexamples.is_empty() {
        let shown: Vec<String> = counterexamples.iter().map(|p| format!("({})", list(p))).collect();
        format!("not complete: positions that are not won have no sound move of the forms tried; the smallest: {}", shown.join(", "))
    } else if cross_check.mismatches > 0 {
        let shown: Vec<String> = cross_check.mismatch_examples.iter().map(|p| format!("({})", list(p))).collect();
        format!("not complete: the judge disagrees with the value rule on {} positions, e.g. {}", cross_check.mismatches, shown.join(", "))
    } else {
        let open: Vec<String> = argument.open_targets.iter().map(u8::to_string).collect();
        format!("not proven: the argument leaves the values {} open (no counterexample among the positions checked)", open.join(", "))
    };
    Report { argument, argument_seconds, cross_check, cross_check_seconds, open_candidates, counterexamples, complete, verdict }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exhaustive positions are every multiset of 1 to 3 sizes from 1
    /// to 127, each once: 127 + C(128, 2) + C(129, 3) of them.
    #[test]
    fn exhaustive_positions_are_every_multiset_once() {
        let p = exhaustive_positions(3, 127);
        let n = 127u64;
        assert_eq!(p.len() as u64, n + n * (n + 1) / 2 + n * (n + 1) * (n + 2) / 6);
        let distinct: std::collections::HashSet<_> = p.iter().collect();
        assert_eq!(distinct.len(), p.len());
        assert!(p.iter().all(|s| s[0] >= 1 && s.windows(2).take(2).all(|w| w[1] == 0 || w[1] >= w[0])));
    }
    use std::collections::HashSet;

    fn xor(p: &[u16], codes: &[u8]) -> u8 {
        p.iter().fold(0, |x, &g| x ^ codes[g as usize])
    }

    fn mask(changes: impl Iterator<Item = u8>) -> u64 {
        changes.fold(0, |m, d| m | 1 << d)
    }

    /// Step 1 against the oracle's own move generator: for every size 1 to
    /// 127, the changes of one counter are those of `take_one`, of two
    /// adjacent those of `take_two_adjacent`, and of three in the group
    /// those of `take_two_adjacent` followed by `take_one` (the group alone,
    /// so every second counter is from one of its pieces).
    #[test]
    fn per_size_sets_are_the_oracle_s_moves() {
        let codes = codes();
        let table = reach(&codes);
        for n in 1..=MAX_GROUP as u16 {
            let p = vec![n];
            let c = codes[n as usize];
            let r = &table[n as usize];
            assert_eq!((r.size, r.code), (n as u8, c));
            assert_eq!(r.one, mask(w::take_one(&p).iter().map(|q| c ^ xor(q, &codes))), "one {n}");
            assert_eq!(r.two, mask(w::take_two_adjacent(&p).iter().map(|q| c ^ xor(q, &codes))), "two {n}");
            let three: HashSet<Vec<u16>> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).collect();
            assert_eq!(r.three, mask(three.iter().map(|q| c ^ xor(q, &codes))), "three {n}");
        }
    }

    /// The reduction agrees with brute force on small positions: for every
    /// position of up to 3 groups of up to 24 counters, the reduction finds a
    /// move exactly when the position is not won, exactly when a move of the
    /// hardware's forms (one counter; two adjacent; two adjacent then one
    /// more anywhere, from the oracle's move generator) leaves a won
    /// position, exactly when any move of the game does (`moves`), and
    /// exactly when the oracle's judge finds one; and a move inside one group
    /// always does (the argument's witness).
    #[test]
    fn the_reduction_agrees_with_brute_force() {
        let codes = codes();
        let table = reach(&codes);
        let single = Forms { three_across: false, ..Forms::HARDWARE };
        let mut checked = 0;
        for a in 1..=24u8 {
            for b in 0..=24u8 {
                for c in 0..=if b == 0 { 0 } else { 24u8 } {
                    let slots = [a, b, c, 0, 0, 0, 0, 0];
                    let p = position(&slots);
                    let won = xor(&p, &codes) == 0;
                    let sound = |qs: Vec<Vec<u16>>| qs.iter().any(|q| w::rule_won(q, &codes));
                    let total: u32 = p.iter().map(|&g| g as u32).sum();
                    let hardware = if total % 2 == 1 {
                        let threes: HashSet<Vec<u16>> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).collect();
                        sound(w::take_one(&p).into_iter().chain(threes).collect())
                    } else {
                        sound(w::take_two_adjacent(&p).into_iter().collect())
                    };
                    let any = w::moves(&p).into_iter().any(|(_, q)| w::rule_won(&q, &codes));
                    let found = search(&slots, &table, Forms::HARDWARE);
                    assert_eq!(found.is_some(), !won, "{p:?}");
                    assert_eq!(hardware, !won, "{p:?}");
                    assert_eq!(any, !won, "{p:?}");
                    assert_eq!(hw::judge(&slots).found.is_some(), !won, "{p:?}");
                    assert_eq!(search(&slots, &table, single).is_some(), !won, "{p:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 24 * (1 + 24 * 25));
    }

    /// The argument's counts are what the enumeration found, each recounted
    /// here another way.
    #[test]
    fn the_counts_are_the_enumeration_s() {
        let arg = argument(Forms::HARDWARE);
        assert!(arg.proven(), "{:?}", arg.open_targets);
        let codes = codes();
        assert_eq!(arg.sizes, MAX_GROUP as usize);
        let distinct: HashSet<u8> = codes[1..].iter().copied().collect();
        assert_eq!(arg.codes, distinct.len());
        let bits = (0..8).find(|b| distinct.iter().all(|&c| (c as u32) < 1 << b)).unwrap();
        assert_eq!(arg.code_bits, bits);
        assert_eq!(arg.targets, (1 << bits) - 1);
        assert_eq!(arg.cases, arg.sizes * arg.targets);
        // Moving sizes recounted from the oracle's moves of a lone group:
        // a move inside a group of n changes the value by t when the pieces
        // make c(n) XOR t.
        let mut moving = 0;
        let mut only_three = 0;
        for n in 1..=MAX_GROUP as u16 {
            let p = vec![n];
            let c = codes[n as usize];
            let ones: HashSet<u8> = w::take_one(&p).iter().map(|q| xor(q, &codes)).collect();
            let twos: HashSet<u8> = w::take_two_adjacent(&p).iter().map(|q| xor(q, &codes)).collect();
            let threes: HashSet<u8> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).map(|q| xor(&q, &codes)).collect();
            for t in 1..=arg.targets as u8 {
                let by_one = t & 1 == 1 && ones.contains(&(c ^ t));
                let by_three = t & 1 == 1 && threes.contains(&(c ^ t));
                let by_two = t & 1 == 0 && twos.contains(&(c ^ t));
                moving += (by_one || by_three || by_two) as usize;
                only_three += (by_three && !by_one) as usize;
            }
        }
        assert_eq!(arg.moving, moving);
        assert_eq!(arg.only_three, only_three);
        assert_eq!(arg.stuck, arg.cases - moving);
        assert_eq!(arg.per_target.iter().map(|c| c.stuck.len()).sum::<usize>(), arg.stuck);
        assert_eq!(arg.combinations, arg.per_target.iter().map(|c| 1u64 << c.stuck_codes.len()).sum::<u64>());
        // No combination of stuck codes makes its target, by span this time
        // (Gaussian elimination), not by enumeration.
        for case in &arg.per_target {
            let mut basis: Vec<u8> = Vec::new();
            for &c in &case.stuck_codes {
                let r = basis.iter().fold(c, |x, &b| x.min(x ^ b));
                if r != 0 {
                    basis.push(r);
                    basis.sort_unstable_by(|a, b| b.cmp(a));
                }
            }
            let r = basis.iter().fold(case.target, |x, &b| x.min(x ^ b));
            assert_eq!(r != 0, !case.open, "target {}", case.target);
        }
        // The three-in-group form is needed: some odd targets move only by it.
        assert!(arg.only_three > 0);
    }

    /// The cross-check's position count: every multiset of 1 to 3 sizes
    /// from 1 to n, C(n, 1) + C(n + 1, 2) + C(n + 2, 3) (357,759 for 127),
    /// counted here on a smaller range, with no mismatch.
    #[test]
    fn the_cross_check_counts_every_position() {
        let n = 20u64;
        let cc = cross_check(Forms::HARDWARE, 3, n as u8, 12_345, SEED, 2);
        assert_eq!(cc.exhaustive_positions, n + (n + 1) * n / 2 + (n + 2) * (n + 1) * n / 6);
        assert_eq!(cc.random_positions, 12_345);
        assert_eq!((cc.mismatches, cc.counterexamples), (0, 0));
        let f = &cc.judge_forms;
        assert_eq!(f.one + f.two_adjacent + f.three_in_group + f.three_across, cc.not_won);
        let choose3 = |m: u64| (m + 2) * (m + 1) * m / 6;
        assert_eq!(choose3(127) + 128 * 127 / 2 + 127, 357_759);
        // The positions do not depend on the number of threads.
        assert_eq!(cross_check(Forms::HARDWARE, 2, 12, 7_000, 9, 1), cross_check(Forms::HARDWARE, 2, 12, 7_000, 9, 3));
    }

    /// With a form taken away the verdict finds the gap: one counter alone
    /// (no three) leaves positions without a sound move, and the smallest it
    /// names are those a brute force over the oracle's `take_one` finds.
    #[test]
    fn a_missing_form_is_found() {
        let forms = Forms { three_in_group: false, three_across: false, ..Forms::HARDWARE };
        let arg = argument(forms);
        assert!(!arg.proven());
        let report = run(forms, 2, 40, 0, SEED, 2);
        assert!(!report.complete && report.verdict.starts_with("not complete"), "{}", report.verdict);
        let codes = codes();
        let mut want = Vec::new();
        for a in 1..=40u16 {
            for b in (a..=40).map(Some).chain([None]) {
                let p = w::canon(vec![a, b.unwrap_or(0)]);
                let total: u32 = p.iter().map(|&g| g as u32).sum();
                let moved = if total % 2 == 1 {
                    w::take_one(&p).iter().any(|q| w::rule_won(q, &codes))
                } else {
                    w::take_two_adjacent(&p).iter().any(|q| w::rule_won(q, &codes))
                };
                if xor(&p, &codes) != 0 && !moved {
                    want.push(p);
                }
            }
        }
        keep_smallest(&mut want);
        assert!(!want.is_empty());
        // Every position the report names is a real counterexample, and the
        // smallest from the brute force are among them.
        for p in &report.counterexamples {
            let total: u32 = p.iter().map(|&g| g as u32).sum();
            assert!(total % 2 == 1 && !w::take_one(p).iter().any(|q| w::rule_won(q, &codes)), "{p:?}");
        }
        assert_eq!(report.cross_check.smallest, want);
    }

    /// The argument's open-target candidates: a position of stuck groups
    /// whose value is the target, the fewest counters.
    #[test]
    fn open_candidates_make_their_target() {
        let forms = Forms { three_in_group: false, three_across: false, ..Forms::HARDWARE };
        let arg = argument(forms);
        let codes = codes();
        let cands = open_candidates(&arg);
        assert!(!cands.is_empty());
        for p in &cands {
            let t = xor(p, &codes);
            let case = arg.per_target.iter().find(|c| c.target == t).unwrap();
            assert!(case.open && p.iter().all(|&g| case.stuck.contains(&(g as u8))), "{p:?}");
        }
        assert!(open_candidates(&argument(Forms::HARDWARE)).is_empty());
    }
}
