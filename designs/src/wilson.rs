//! Wilson's number problem (seed 004; rulings in spec/machines.md): a
//! position judge and sound-move finder for up to 8 groups of up to 127
//! counters.
//!
//! The position is loaded a group at a time (`load` with `slot` and `size`;
//! size 0 is no group), then `start`. The judge then works one step a cycle:
//! - SUM: each group's base by the Table of Equivalents ([`BaseCode`]),
//!   the bases' codes added (XOR: "all pairs in this series may be
//!   ignored") and the counters' parity counted, one group a cycle;
//! - CHOOSE: codes that cancel mean the position is won for the side that
//!   just moved, and there is no sound move; an odd number of counters means
//!   the sound move leaves an even number, so it takes one counter or three;
//!   an even number means it takes two adjacent;
//! - ONE or TWO: every group and every way to split it around the counter
//!   (or the two adjacent counters) taken, in order, one a cycle, until the
//!   pieces' codes make the position's codes cancel;
//! - OUTER and INNER, when no single counter will do: two adjacent counters
//!   from one group (OUTER, each split in turn), then one more counter from
//!   any group or from either piece (INNER), the two together being three
//!   counters "from anywhere".
//!
//! The scans run in two stages: each cycle the split the scan stands on is
//! written into the candidate registers while the candidate of the cycle
//! before is judged (its pieces' codes looked up and compared), so a split
//! is found one cycle after the scan passes it, and OUTER takes a second
//! cycle for each split it tries. The lookups and the choice of the next
//! split are not in one path (24 MHz on both boards; issue 25).
//! The result holds until the next `start`: `won`, and when there is a sound
//! move, its kind as the article numbers them ((1) one counter, (2) three,
//! (3) two adjacent), the group and the piece left of the gap, and for
//! three counters the second removal: a group (8 and 9 are the left and
//! right pieces of the first) and the piece left of it.
//!
//! A `load` or `start` while the judge works changes nothing and raises
//! `illegal` for one cycle.

use crate::blocks::base_code::BaseCode;
use rust_hdl::prelude::*;

/// The stages (the `stage` output).
pub const IDLE: u64 = 0;
pub const SUM: u64 = 1;
pub const CHOOSE: u64 = 2;
pub const ONE: u64 = 3;
pub const TWO: u64 = 4;
pub const OUTER: u64 = 5;
pub const INNER: u64 = 6;

/// Kinds of move, the article's numbers.
pub const KIND_ONE: u64 = 1;
pub const KIND_THREE: u64 = 2;
pub const KIND_TWO_ADJACENT: u64 = 3;

#[derive(Clone, LogicBlock)]
pub struct Wilson {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// Write `size` into group `slot`.
    pub load: Signal<In, Bit>,
    pub slot: Signal<In, Bits<3>>,
    pub size: Signal<In, Bits<7>>,
    pub start: Signal<In, Bit>,
    pub stage: Signal<Out, Bits<3>>,
    pub busy: Signal<Out, Bit>,
    /// A judgement is complete; the outputs below hold it.
    pub done: Signal<Out, Bit>,
    /// Won for the side that just moved.
    pub won: Signal<Out, Bit>,
    pub found: Signal<Out, Bit>,
    pub kind: Signal<Out, Bits<2>>,
    pub group: Signal<Out, Bits<3>>,
    pub left: Signal<Out, Bits<7>>,
    pub second: Signal<Out, Bits<4>>,
    pub second_left: Signal<Out, Bits<7>>,
    pub illegal: Signal<Out, Bit>,
    groups: [DFF<Bits<7>>; 8],
    /// The scans' three lookups: the candidate's group and its pieces.
    lookup: [BaseCode; 3],
    /// SUM's lookup: the group at i.
    summand: BaseCode,
    phase: DFF<Bits<3>>,
    i: DFF<Bits<3>>,
    a: DFF<Bits<7>>,
    j: DFF<Bits<4>>,
    b: DFF<Bits<7>>,
    x: DFF<Bits<5>>,
    odd: DFF<Bit>,
    y: DFF<Bits<5>>,
    /// INNER: the right piece of the first removal, held (a shorter path).
    first_right: DFF<Bits<7>>,
    /// The candidate: the split the scan stood on last cycle, whose pieces'
    /// codes are compared this cycle (a two-stage scan: the next split is
    /// chosen while the last one is judged). `cand_slot` is its group (`i`,
    /// or `j` in INNER), `cand_group` that group's counters, `cand_left` and
    /// `cand_right` the pieces either side of the gap.
    cand_valid: DFF<Bit>,
    cand_slot: DFF<Bits<4>>,
    cand_group: DFF<Bits<7>>,
    cand_left: DFF<Bits<7>>,
    cand_right: DFF<Bits<7>>,
    finished: DFF<Bit>,
    hit: DFF<Bit>,
    move_kind: DFF<Bits<2>>,
    move_group: DFF<Bits<3>>,
    move_left: DFF<Bits<7>>,
    move_second: DFF<Bits<4>>,
    move_second_left: DFF<Bits<7>>,
    refused: DFF<Bit>,
    stages: [Constant<Bits<3>>; 7],
    /// The group under the scan, and the removal's width (1 or 2).
    m: Signal<Local, Bits<7>>,
    width: Signal<Local, Bits<9>>,
    need: Signal<Local, Bits<9>>,
    valid: Signal<Local, Bit>,
    right: Signal<Local, Bits<7>>,
    m2: Signal<Local, Bits<7>>,
    need2: Signal<Local, Bits<9>>,
    valid2: Signal<Local, Bit>,
    right2: Signal<Local, Bits<7>>,
    pieces: Signal<Local, Bits<5>>,
    /// The candidate's pieces make the position's codes cancel (`x`; `y`
    /// in INNER).
    cancels: Signal<Local, Bit>,
    working: Signal<Local, Bit>,
}

impl Default for Wilson {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            load: Default::default(),
            slot: Default::default(),
            size: Default::default(),
            start: Default::default(),
            stage: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            won: Default::default(),
            found: Default::default(),
            kind: Default::default(),
            group: Default::default(),
            left: Default::default(),
            second: Default::default(),
            second_left: Default::default(),
            illegal: Default::default(),
            groups: Default::default(),
            lookup: Default::default(),
            summand: Default::default(),
            phase: Default::default(),
            i: Default::default(),
            a: Default::default(),
            j: Default::default(),
            b: Default::default(),
            x: Default::default(),
            odd: Default::default(),
            y: Default::default(),
            first_right: Default::default(),
            cand_valid: Default::default(),
            cand_slot: Default::default(),
            cand_group: Default::default(),
            cand_left: Default::default(),
            cand_right: Default::default(),
            finished: Default::default(),
            hit: Default::default(),
            move_kind: Default::default(),
            move_group: Default::default(),
            move_left: Default::default(),
            move_second: Default::default(),
            move_second_left: Default::default(),
            refused: Default::default(),
            stages: array_init::array_init(|s| Constant::new((s as u64).into())),
            m: Default::default(),
            width: Default::default(),
            need: Default::default(),
            valid: Default::default(),
            right: Default::default(),
            m2: Default::default(),
            need2: Default::default(),
            valid2: Default::default(),
            right2: Default::default(),
            pieces: Default::default(),
            cancels: Default::default(),
            working: Default::default(),
        }
    }
}

impl Logic for Wilson {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            phase,
            i,
            a,
            j,
            b,
            x,
            odd,
            y,
            first_right,
            cand_valid,
            cand_slot,
            cand_group,
            cand_left,
            cand_right,
            finished,
            hit,
            move_kind,
            move_group,
            move_left,
            move_second,
            move_second_left,
            refused
        );
        for k in 0..8 {
            self.groups[k].clock.next = self.clock.val();
            self.groups[k].d.next = self.groups[k].q.val();
        }
        self.working.next = self.phase.q.val().any();

        // The group at i, and the split of it the scan stands on: a counters
        // left of the gap, `right` right of it. Valid while a <= right.
        self.m.next = 0.into();
        for k in 0..8 {
            if self.i.q.val().index() == k {
                self.m.next = self.groups[k].q.val();
            }
        }
        self.width.next = 2.into();
        if self.phase.q.val() == self.stages[3].val() {
            self.width.next = 1.into();
        }
        self.need.next = (bit_cast::<9, 7>(self.a.q.val()) << 1) + self.width.val();
        self.valid.next = bit_cast::<9, 7>(self.m.val()) >= self.need.val();
        self.right.next = self.m.val() - self.a.q.val() - bit_cast::<7, 9>(self.width.val());

        // INNER: the second removal's group: another group, or a piece of
        // the first (8 left, 9 right).
        self.m2.next = 0.into();
        for k in 0..8 {
            if (self.j.q.val().index() == k) & (self.i.q.val().index() != k) {
                self.m2.next = self.groups[k].q.val();
            }
        }
        if self.j.q.val() == 8 {
            self.m2.next = self.a.q.val();
        }
        if self.j.q.val() == 9 {
            self.m2.next = self.first_right.q.val();
        }
        self.need2.next = (bit_cast::<9, 7>(self.b.q.val()) << 1) + 1;
        self.valid2.next = bit_cast::<9, 7>(self.m2.val()) >= self.need2.val();
        self.right2.next = self.m2.val() - self.b.q.val() - 1;

        // Lookups in the Table of Equivalents: SUM's of the group at i, the
        // scans' three of the candidate's group and pieces (SUM has its own,
        // so the scans' lookups read registers only).
        self.summand.group.next = self.m.val();
        self.lookup[0].group.next = self.cand_group.q.val();
        self.lookup[1].group.next = self.cand_left.q.val();
        self.lookup[2].group.next = self.cand_right.q.val();
        // The change a removal makes: the group's code out, the pieces' in.
        self.pieces.next = self.lookup[0].code.val() ^ self.lookup[1].code.val() ^ self.lookup[2].code.val();
        if self.phase.q.val() == self.stages[6].val() {
            self.cancels.next = self.pieces.val() == self.y.q.val();
        } else {
            self.cancels.next = self.pieces.val() == self.x.q.val();
        }

        // The scan's first stage writes the split it stands on into the
        // candidate; nothing is a candidate unless a scan says so.
        self.cand_valid.d.next = false;
        if self.phase.q.val() == self.stages[6].val() {
            self.cand_slot.d.next = self.j.q.val();
            self.cand_group.d.next = self.m2.val();
            self.cand_left.d.next = self.b.q.val();
            self.cand_right.d.next = self.right2.val();
        } else {
            self.cand_slot.d.next = bit_cast::<4, 3>(self.i.q.val());
            self.cand_group.d.next = self.m.val();
            self.cand_left.d.next = self.a.q.val();
            self.cand_right.d.next = self.right.val();
        }

        self.refused.d.next = false;
        if self.phase.q.val() == self.stages[1].val() {
            // SUM
            self.x.d.next = self.x.q.val() ^ self.summand.code.val();
            self.odd.d.next = self.odd.q.val() ^ self.m.val().get_bit(0);
            self.i.d.next = self.i.q.val() + 1;
            if self.i.q.val() == 7 {
                self.phase.d.next = self.stages[2].val();
            }
        }
        if self.phase.q.val() == self.stages[2].val() {
            // CHOOSE
            self.i.d.next = 0.into();
            self.a.d.next = 0.into();
            if !self.x.q.val().any() {
                self.phase.d.next = self.stages[0].val();
                self.finished.d.next = true;
            } else if self.odd.q.val() {
                self.phase.d.next = self.stages[3].val();
            } else {
                self.phase.d.next = self.stages[4].val();
            }
        }
        if (self.phase.q.val() == self.stages[3].val()) | (self.phase.q.val() == self.stages[4].val()) {
            // ONE or TWO: the next split chosen (below) while the candidate
            // is judged; a hit ends the search whatever the scan chose.
            if self.valid.val() {
                self.cand_valid.d.next = true;
                self.a.d.next = self.a.q.val() + 1;
            } else {
                self.a.d.next = 0.into();
                self.i.d.next = self.i.q.val() + 1;
                if self.i.q.val() == 7 {
                    if self.phase.q.val() == self.stages[3].val() {
                        self.phase.d.next = self.stages[5].val();
                    } else {
                        self.phase.d.next = self.stages[0].val();
                        self.finished.d.next = true;
                    }
                }
            }
            if self.cand_valid.q.val() & self.cancels.val() {
                self.hit.d.next = true;
                self.move_kind.d.next = 3.into();
                if self.phase.q.val() == self.stages[3].val() {
                    self.move_kind.d.next = 1.into();
                }
                self.move_group.d.next = bit_cast::<3, 4>(self.cand_slot.q.val());
                self.move_left.d.next = self.cand_left.q.val();
                self.phase.d.next = self.stages[0].val();
                self.finished.d.next = true;
            }
        }
        if self.phase.q.val() == self.stages[5].val() {
            // OUTER: two adjacent from group i, split at a: the split is
            // made the candidate, and the cycle after, its pieces' codes
            // give the change the one more counter must make.
            if self.cand_valid.q.val() {
                self.y.d.next = self.x.q.val() ^ self.pieces.val();
                self.first_right.d.next = self.cand_right.q.val();
                self.j.d.next = 0.into();
                self.b.d.next = 0.into();
                self.phase.d.next = self.stages[6].val();
            } else if self.valid.val() {
                self.cand_valid.d.next = true;
            } else {
                self.a.d.next = 0.into();
                self.i.d.next = self.i.q.val() + 1;
                if self.i.q.val() == 7 {
                    self.phase.d.next = self.stages[0].val();
                    self.finished.d.next = true;
                }
            }
        }
        if self.phase.q.val() == self.stages[6].val() {
            // INNER: one more counter, from group j split at b; the next
            // split chosen while the candidate is judged, as in ONE.
            if self.valid2.val() {
                self.cand_valid.d.next = true;
                self.b.d.next = self.b.q.val() + 1;
            } else {
                self.b.d.next = 0.into();
                self.j.d.next = self.j.q.val() + 1;
                if self.j.q.val() == 9 {
                    self.a.d.next = self.a.q.val() + 1;
                    self.phase.d.next = self.stages[5].val();
                }
            }
            if self.cand_valid.q.val() & self.cancels.val() {
                self.hit.d.next = true;
                self.move_kind.d.next = 2.into();
                self.move_group.d.next = self.i.q.val();
                self.move_left.d.next = self.a.q.val();
                self.move_second.d.next = self.cand_slot.q.val();
                self.move_second_left.d.next = self.cand_left.q.val();
                self.phase.d.next = self.stages[0].val();
                self.finished.d.next = true;
            }
        }

        // The buttons: refused while the judge works.
        if self.load.val() | self.start.val() {
            if self.working.val() {
                self.refused.d.next = true;
            } else {
                if self.load.val() {
                    for k in 0..8 {
                        if self.slot.val().index() == k {
                            self.groups[k].d.next = self.size.val();
                        }
                    }
                }
                if self.start.val() {
                    self.phase.d.next = self.stages[1].val();
                    self.i.d.next = 0.into();
                    self.x.d.next = 0.into();
                    self.odd.d.next = false;
                    self.finished.d.next = false;
                    self.hit.d.next = false;
                    self.move_kind.d.next = 0.into();
                    self.move_group.d.next = 0.into();
                    self.move_left.d.next = 0.into();
                    self.move_second.d.next = 0.into();
                    self.move_second_left.d.next = 0.into();
                }
            }
        }
        if self.reset.val() {
            for k in 0..8 {
                self.groups[k].d.next = 0.into();
            }
            self.phase.d.next = 0.into();
            self.i.d.next = 0.into();
            self.a.d.next = 0.into();
            self.j.d.next = 0.into();
            self.b.d.next = 0.into();
            self.x.d.next = 0.into();
            self.odd.d.next = false;
            self.y.d.next = 0.into();
            self.first_right.d.next = 0.into();
            self.cand_valid.d.next = false;
            self.cand_slot.d.next = 0.into();
            self.cand_group.d.next = 0.into();
            self.cand_left.d.next = 0.into();
            self.cand_right.d.next = 0.into();
            self.finished.d.next = false;
            self.hit.d.next = false;
            self.move_kind.d.next = 0.into();
            self.move_group.d.next = 0.into();
            self.move_left.d.next = 0.into();
            self.move_second.d.next = 0.into();
            self.move_second_left.d.next = 0.into();
            self.refused.d.next = false;
        }

        self.stage.next = self.phase.q.val();
        self.busy.next = self.working.val();
        self.done.next = self.finished.q.val();
        self.won.next = self.finished.q.val() & !self.x.q.val().any();
        self.found.next = self.hit.q.val();
        self.kind.next = self.move_kind.q.val();
        self.group.next = self.move_group.q.val();
        self.left.next = self.move_left.q.val();
        self.second.next = self.move_second.q.val();
        self.second_left.next = self.move_second_left.q.val();
        self.illegal.next = self.refused.q.val();
    }
}
