//! The hardware judge (`designs/src/wilson.rs`), as the article and the
//! rulings ask for it: up to 8 groups of up to 127 counters, one slot each
//! (0 is no group).

use super::{codes, Kind, Take};

/// Slots for groups.
pub const SLOTS: usize = 8;
/// The most counters a group may have (seven bits).
pub const MAX_GROUP: u8 = 127;

/// Codes of groups 0..=127 (value under move (3), parity).
fn code_table() -> &'static [u8] {
    use std::sync::OnceLock;
    static CODES: OnceLock<Vec<u8>> = OnceLock::new();
    CODES.get_or_init(|| codes(MAX_GROUP as usize))
}

fn code(n: u8) -> u8 {
    code_table()[n as usize]
}

/// A sound move as the judge reports it: the slot and the piece left of
/// the gap; for three counters also the second removal, from slot
/// `second` (8 and 9: the left and right pieces of the first) and the
/// piece left of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HwMove {
    /// The kind of move.
    pub kind: Kind,
    /// The slot taken from (for three counters: the two adjacent ones).
    pub group: u8,
    /// The counters left of the gap in it.
    pub left: u8,
    /// Three counters only: the slot of the one more counter, or 8 and
    /// 9 for the left and right pieces of the first removal; 0 otherwise.
    pub second: u8,
    /// Three counters only: the counters left of the second gap; 0
    /// otherwise.
    pub second_left: u8,
}

impl HwMove {
    /// The position the move leaves (slots as groups, zeros dropped).
    pub fn leaves(&self, groups: &[u8; SLOTS]) -> Vec<u16> {
        let mut out: Vec<u16> = groups.iter().map(|&g| g as u16).collect();
        let n = groups[self.group as usize];
        let width = if self.kind == Kind::One { 1 } else { 2 };
        let right = n - width - self.left;
        out[self.group as usize] = 0;
        let mut pieces = vec![self.left as u16, right as u16];
        if self.kind == Kind::Three {
            let m = match self.second {
                8 => self.left,
                9 => right,
                s => groups[s as usize],
            };
            let r2 = (m - 1 - self.second_left) as u16;
            match self.second {
                8 => pieces[0] = 0,
                9 => pieces[1] = 0,
                s => out[s as usize] = 0,
            }
            pieces.push(self.second_left as u16);
            pieces.push(r2);
        }
        out.extend(pieces);
        super::canon(out)
    }

    /// The move in the row, as the judge's outputs give it: what it does
    /// to each slot it takes from (place = slot + 1), the pieces in the
    /// row's order (the piece left of the gap first, as `left` and
    /// `second_left` say), and the row after it (zeros dropped); the
    /// row sorted is [`HwMove::leaves`].
    pub fn row(&self, groups: &[u8; SLOTS]) -> (Vec<Take>, Vec<u16>) {
        let nonzero = |v: &[u8]| v.iter().filter(|&&x| x > 0).map(|&x| x as u16).collect::<Vec<u16>>();
        let n = groups[self.group as usize];
        let width = if self.kind == Kind::One { 1 } else { 2 };
        let right = n - width - self.left;
        let (a, b) = (self.left, self.second_left);
        let mut first = vec![a, right];
        let mut taken = width;
        let mut other = None;
        if self.kind == Kind::Three {
            match self.second {
                8 => (first, taken) = (vec![b, a - 1 - b, right], 3),
                9 => (first, taken) = (vec![a, b, right - 1 - b], 3),
                s => {
                    let m = groups[s as usize];
                    other = Some(Take { place: s as usize + 1, size: m as u16, taken: 1, into: nonzero(&[b, m - 1 - b]) });
                }
            }
        }
        let mut takes = vec![Take { place: self.group as usize + 1, size: n as u16, taken: taken as u16, into: nonzero(&first) }];
        takes.extend(other);
        takes.sort_by_key(|t| t.place);
        let row: Vec<u16> = groups.iter().map(|&g| g as u16).collect();
        let after = super::row_after(&row, &takes);
        (takes, after)
    }
}

/// The judge's answer: won for the side that just moved, and the first
/// sound move in its search order (none when won).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Won for the side that just moved: the codes cancel.
    pub won: bool,
    /// The first sound move in the search order; none when won.
    pub found: Option<HwMove>,
}

/// The move-level function: the search as plain loops. The order is the
/// judge's: with an odd number of counters, one counter from each slot
/// and each split in turn, then two adjacent counters (each slot, each
/// split) with one more counter (each other slot, then the two pieces,
/// each split); with an even number, two adjacent counters.
pub fn judge(groups: &[u8; SLOTS]) -> Verdict {
    let x = groups.iter().fold(0, |x, &g| x ^ code(g));
    if x == 0 {
        return Verdict { won: true, found: None };
    }
    let odd = groups.iter().map(|&g| g as u32).sum::<u32>() % 2 == 1;
    let splits = |n: u8, width: u8| (0..=n).filter(move |&a| 2 * a as u32 + width as u32 <= n as u32);
    let delta = |n: u8, width: u8, a: u8| code(n) ^ code(a) ^ code(n - width - a);
    let width = if odd { 1 } else { 2 };
    for (i, &n) in groups.iter().enumerate() {
        for a in splits(n, width) {
            if delta(n, width, a) == x {
                let kind = if odd { Kind::One } else { Kind::TwoAdjacent };
                let m = HwMove { kind, group: i as u8, left: a, second: 0, second_left: 0 };
                return Verdict { won: false, found: Some(m) };
            }
        }
    }
    if odd {
        for (i, &n) in groups.iter().enumerate() {
            for a in splits(n, 2) {
                let y = x ^ delta(n, 2, a);
                for j in 0..10u8 {
                    let m = match j {
                        8 => a,
                        9 => n - 2 - a,
                        s if s as usize == i => 0,
                        s => groups[s as usize],
                    };
                    for b in splits(m, 1) {
                        if delta(m, 1, b) == y {
                            let mv = HwMove { kind: Kind::Three, group: i as u8, left: a, second: j, second_left: b };
                            return Verdict { won: false, found: Some(mv) };
                        }
                    }
                }
            }
        }
    }
    Verdict { won: false, found: None }
}

/// The stages, as the design numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Waiting for START; LOAD is accepted.
    Idle = 0,
    /// The slots' codes XORed into `x` and their parity into `odd`, a
    /// slot a cycle.
    Sum = 1,
    /// Won (the codes cancel), or which search: one counter when the
    /// counters are odd, two adjacent ones when even.
    Choose = 2,
    /// One counter: each slot, each split of it, a split a cycle.
    One = 3,
    /// Two adjacent counters: each slot, each split of it.
    Two = 4,
    /// Three counters, the outer loop: two adjacent counters from slot
    /// `i` at split `a`.
    Outer = 5,
    /// Three counters, the inner loop: one more counter from slot `j`
    /// at split `b`.
    Inner = 6,
}

/// One clock cycle's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Nothing.
    None,
    /// Power-on: every register zero.
    Reset,
    /// A group into a slot (refused while the judge works).
    Load {
        /// The slot, 0..7.
        slot: u8,
        /// The group's counters, 0..127 (0: no group).
        size: u8,
    },
    /// START: the search begins (refused while the judge works).
    Start,
}

/// The judge's registers, cycle by cycle. `x` and `y` hold codes in the
/// oracle's own form (value and parity); the design's bases have codes
/// of their own, and only whether they cancel is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// The groups, one a slot (0: no group).
    pub groups: [u8; SLOTS],
    /// The stage, as its number ([`Stage`]).
    pub stage: u8,
    /// The slot the scan stands on: summed, or the (first) removal's.
    pub i: u8,
    /// The split of slot `i`: the counters left of the gap.
    pub a: u8,
    /// The slot of the one more counter (three counters), 8 and 9 the
    /// left and right pieces of the first removal.
    pub j: u8,
    /// The split of slot `j`: the counters left of the gap.
    pub b: u8,
    /// The XOR of the slots' codes: 0 when won.
    pub x: u8,
    /// The counters in all slots are odd in number.
    pub odd: bool,
    /// The code change the one more counter must make: `x` after the
    /// outer loop's removal.
    pub y: u8,
    /// The candidate: the split the scan stood on last cycle, judged this
    /// cycle (the design's two-stage scan). Its group's slot (`i`, or
    /// `j` in INNER), that group's counters and the pieces either side
    /// of the gap; `None` when the last cycle wrote no candidate.
    pub candidate: Option<Candidate>,
    /// INNER: the right piece of the first removal.
    pub first_right: u8,
    /// The search has ended since the last START.
    pub finished: bool,
    /// The sound move found; none when won, not found, or not finished.
    pub found: Option<HwMove>,
    /// The last cycle's LOAD or START was refused: the judge was working.
    pub illegal: bool,
}

/// A split the scan stood on, waiting to be judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Candidate {
    /// The slot of the group split.
    pub slot: u8,
    /// The group's counters.
    pub group: u8,
    /// The piece left of the gap.
    pub left: u8,
    /// The piece right of the gap.
    pub right: u8,
}

impl Candidate {
    /// The change the removal makes to the position's codes: the
    /// group's code out, the pieces' in.
    fn pieces(&self) -> u8 {
        code(self.group) ^ code(self.left) ^ code(self.right)
    }
}

impl State {
    /// Power-on: every register zero, every slot empty, idle.
    pub fn power_on() -> State {
        State::default()
    }

    /// The judge is searching: not idle.
    pub fn working(&self) -> bool {
        self.stage != Stage::Idle as u8
    }

    /// The search has ended and the codes cancel: won for the side that
    /// just moved.
    pub fn won(&self) -> bool {
        self.finished && self.x == 0
    }

    /// One clock cycle.
    pub fn step(&self, input: Input) -> State {
        if input == Input::Reset {
            return State::power_on();
        }
        let mut s = *self;
        s.illegal = false;
        s.candidate = None;
        let g = |k: u8| if (k as usize) < SLOTS { self.groups[k as usize] } else { 0 };
        // The split the scan stands on, as the design computes it.
        let m = g(self.i);
        let width = if self.stage == Stage::One as u8 { 1 } else { 2 };
        let valid = m as u32 >= 2 * self.a as u32 + width as u32;
        let split = Candidate { slot: self.i, group: m, left: self.a, right: m.wrapping_sub(self.a + width) };
        // The candidate of the cycle before, judged: its pieces make the
        // codes cancel.
        let target = if self.stage == Stage::Inner as u8 { self.y } else { self.x };
        let hit = self.candidate.filter(|c| c.pieces() == target);
        const IDLE: u8 = Stage::Idle as u8;
        const SUM: u8 = Stage::Sum as u8;
        const CHOOSE: u8 = Stage::Choose as u8;
        const ONE: u8 = Stage::One as u8;
        const TWO: u8 = Stage::Two as u8;
        const OUTER: u8 = Stage::Outer as u8;
        const INNER: u8 = Stage::Inner as u8;
        match self.stage {
            SUM => {
                s.x ^= code(m);
                s.odd ^= m & 1 == 1;
                s.i = (self.i + 1) % 8;
                if self.i == 7 {
                    s.stage = CHOOSE;
                }
            }
            CHOOSE => {
                s.i = 0;
                s.a = 0;
                s.stage = if self.x == 0 {
                    s.finished = true;
                    IDLE
                } else if self.odd {
                    ONE
                } else {
                    TWO
                };
            }
            ONE | TWO => {
                // The scan moves on whatever the candidate's judgement.
                if valid {
                    s.candidate = Some(split);
                    s.a = self.a + 1;
                } else {
                    s.a = 0;
                    s.i = (self.i + 1) % 8;
                    if self.i == 7 {
                        if self.stage == ONE {
                            s.stage = OUTER;
                        } else {
                            s.stage = IDLE;
                            s.finished = true;
                        }
                    }
                }
                if let Some(c) = hit {
                    let kind = if self.stage == ONE { Kind::One } else { Kind::TwoAdjacent };
                    s.found = Some(HwMove { kind, group: c.slot, left: c.left, second: 0, second_left: 0 });
                    s.stage = IDLE;
                    s.finished = true;
                }
            }
            OUTER => {
                if let Some(c) = self.candidate {
                    s.y = self.x ^ c.pieces();
                    s.first_right = c.right;
                    s.j = 0;
                    s.b = 0;
                    s.stage = INNER;
                } else if valid {
                    s.candidate = Some(split);
                } else {
                    s.a = 0;
                    s.i = (self.i + 1) % 8;
                    if self.i == 7 {
                        s.stage = IDLE;
                        s.finished = true;
                    }
                }
            }
            INNER => {
                let m2 = match self.j {
                    8 => self.a,
                    9 => self.first_right,
                    k if k == self.i => 0,
                    k => g(k),
                };
                let valid2 = m2 as u32 > 2 * self.b as u32;
                if valid2 {
                    s.candidate = Some(Candidate { slot: self.j, group: m2, left: self.b, right: m2 - self.b - 1 });
                    s.b = self.b + 1;
                } else {
                    s.b = 0;
                    s.j = (self.j + 1) % 16;
                    if self.j == 9 {
                        s.a = self.a + 1;
                        s.stage = OUTER;
                    }
                }
                if let Some(c) = hit {
                    s.found = Some(HwMove { kind: Kind::Three, group: self.i, left: self.a, second: c.slot, second_left: c.left });
                    s.stage = IDLE;
                    s.finished = true;
                }
            }
            _ => {}
        }
        match input {
            Input::Load { .. } | Input::Start if self.working() => s.illegal = true,
            Input::Load { slot, size } => s.groups[slot as usize] = size,
            Input::Start => {
                s.stage = SUM;
                s.i = 0;
                s.x = 0;
                s.odd = false;
                s.finished = false;
                s.found = None;
            }
            _ => {}
        }
        s
    }
}

/// The article's numbers for the kinds of move, as the `kind` output.
pub fn kind_number(k: Kind) -> u64 {
    match k {
        Kind::One => 1,
        Kind::Three => 2,
        Kind::TwoAdjacent => 3,
    }
}

/// `n` seeded random positions: each slot empty one time in four, else 1 to
/// 127 counters.
pub fn random_positions(n: usize, seed: u64) -> Vec<[u8; SLOTS]> {
    let mut rng = seed;
    let mut next = move || {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        rng >> 33
    };
    (0..n)
        .map(|_| {
            let mut slots = [0u8; SLOTS];
            for s in slots.iter_mut() {
                *s = if next() % 4 == 0 { 0 } else { (next() % 127 + 1) as u8 };
            }
            slots
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move found, told in the row, leaves what `leaves` says, and
    /// takes what its kind takes, on every position of three slots of
    /// up to 24, 24 and 12 counters.
    #[test]
    fn the_row_is_the_move() {
        for a in 0..=24u8 {
            for b in 0..=24u8 {
                for c in 0..=12u8 {
                    let slots = [a, b, c, 0, 0, 0, 0, 0];
                    let Some(m) = judge(&slots).found else { continue };
                    let (takes, row) = m.row(&slots);
                    assert_eq!(super::super::canon(row.clone()), m.leaves(&slots), "{slots:?} {m:?}");
                    assert_eq!(takes.iter().map(|t| t.taken as u32).sum::<u32>(), m.kind.removes(), "{slots:?} {m:?}");
                    for t in &takes {
                        assert_eq!(t.into.iter().sum::<u16>() + t.taken, slots[t.place - 1] as u16, "{slots:?} {m:?}");
                    }
                }
            }
        }
    }

    /// 28, 1: three counters from the left end of the 28 (two adjacent,
    /// then the first of the right piece), leaving 25, 1 as a row.
    #[test]
    fn three_from_one_group() {
        let slots = [28, 1, 0, 0, 0, 0, 0, 0];
        let m = judge(&slots).found.unwrap();
        let (takes, row) = m.row(&slots);
        assert_eq!(takes, vec![Take { place: 1, size: 28, taken: 3, into: vec![25] }]);
        assert_eq!(row, vec![25, 1]);
    }
}
