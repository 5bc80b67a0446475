//! Step 1, the per-size sets: the move forms, what each group size 0..=127
//! can do to a position's value with the hardware's split ranges, and the
//! reduction's search of a position by those sets.

use crate::wilson::{self as w, judge as hw};

/// The largest group and the judge's slot count.
pub const MAX_GROUP: u8 = hw::MAX_GROUP;
/// The judge's slot count: groups in a position.
pub const SLOTS: usize = hw::SLOTS;

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
