//! Wilson's judge on a board, behind the front panel (`fpga/protocol.md`): the
//! judge and the shared [`FrontPanel`](crate::blocks::front_panel::FrontPanel).
//!
//! Keys: a byte 0x80 + n (n from 0 to 127) puts a group of n counters in the
//! next slot (0 is no group), from slot 0 on; `g` (or the board's button 0)
//! starts the judge and brings the next group back to slot 0; `r` resets. The
//! wrapper keeps a copy of the groups the judge accepted, to report them. The
//! report is 100 bits, 25 hex digits, most significant first:
//!
//! | bits  | field |
//! |-------|-------|
//! | 99-97 | stage (0 idle, 1 sum, 2 choose, 3 one, 4 two, 5 outer, 6 inner) |
//! | 96    | busy |
//! | 95    | done |
//! | 94    | won for the side that just moved |
//! | 93    | a sound move found |
//! | 92    | illegal (a refused key since the last report) |
//! | 91-90 | kind: 1 one counter, 2 three, 3 two adjacent |
//! | 89-87 | the move's slot |
//! | 86-80 | the piece left of the gap |
//! | 79-76 | three counters: the second removal's slot (8, 9: the pieces) |
//! | 75-69 | ... and the piece left of it |
//! | 68-66 | the slot the next group goes to |
//! | 63-0  | the groups, a byte a slot, slot 0 in bits 63-56 |
//!
//! LEDs: 0 busy, 1 won, 2 a sound move found, 3 done, 4 lost (done, not
//! won).

use crate::wilson::Wilson;
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 100;

board_wrapper! {
    pub struct WilsonPanel {
        judge: Wilson,
        shown: [DFF<Bits<7>>; 8],
        next_slot: DFF<Bits<3>>,
        key: Signal<Local, Bits<8>>,
        valid: Signal<Local, Bit>,
        size_key: Signal<Local, Bit>,
        go_key: Signal<Local, Bit>,
        reset_key: Signal<Local, Bit>,
        lost: Signal<Local, Bit>,
        groups_bits: Signal<Local, Bits<64>>,
    }
    /// `clocks_per_bit` on the UART; a button believed after `stable` cycles.
    pub fn new();
}

impl<const U: usize, const B: usize> Logic for WilsonPanel<U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, next_slot);
        for k in 0..8 {
            self.shown[k].clock.next = self.clock.val();
            self.shown[k].d.next = self.shown[k].q.val();
        }
        clock!(self, clock, judge, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Keys become the judge's inputs.
        self.key.next = self.panel.key.val();
        self.valid.next = self.panel.pressed.val();
        self.size_key.next = self.valid.val() & self.key.val().get_bit(7);
        self.go_key.next = (self.valid.val() & (self.key.val() == 0x67)) | self.panel.button_press.val().get_bit(0);
        self.reset_key.next = self.valid.val() & (self.key.val() == 0x72);
        self.judge.load.next = self.size_key.val();
        self.judge.slot.next = self.next_slot.q.val();
        self.judge.size.next = self.key.val().get_bits::<7>(0);
        self.judge.start.next = self.go_key.val();
        self.judge.reset.next = self.reset_key.val();
        if self.size_key.val() & !self.judge.busy.val() {
            self.next_slot.d.next = self.next_slot.q.val() + 1;
            for k in 0..8 {
                if self.next_slot.q.val().index() == k {
                    self.shown[k].d.next = self.key.val().get_bits::<7>(0);
                }
            }
        }
        if self.go_key.val() & !self.judge.busy.val() {
            self.next_slot.d.next = 0.into();
        }
        if self.reset_key.val() {
            self.next_slot.d.next = 0.into();
            for k in 0..8 {
                self.shown[k].d.next = 0.into();
            }
        }

        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.judge.illegal.val();

        self.groups_bits.next = (bit_cast::<64, 7>(self.shown[0].q.val()) << 56)
            | (bit_cast::<64, 7>(self.shown[1].q.val()) << 48)
            | (bit_cast::<64, 7>(self.shown[2].q.val()) << 40)
            | (bit_cast::<64, 7>(self.shown[3].q.val()) << 32)
            | (bit_cast::<64, 7>(self.shown[4].q.val()) << 24)
            | (bit_cast::<64, 7>(self.shown[5].q.val()) << 16)
            | (bit_cast::<64, 7>(self.shown[6].q.val()) << 8)
            | bit_cast::<64, 7>(self.shown[7].q.val());
        self.panel.state.next = (bit_cast::<100, 3>(self.judge.stage.val()) << 97)
            | (bit_cast::<100, 1>(self.judge.busy.val().into()) << 96)
            | (bit_cast::<100, 1>(self.judge.done.val().into()) << 95)
            | (bit_cast::<100, 1>(self.judge.won.val().into()) << 94)
            | (bit_cast::<100, 1>(self.judge.found.val().into()) << 93)
            | (bit_cast::<100, 1>(self.panel.illegal.val().into()) << 92)
            | (bit_cast::<100, 2>(self.judge.kind.val()) << 90)
            | (bit_cast::<100, 3>(self.judge.group.val()) << 87)
            | (bit_cast::<100, 7>(self.judge.left.val()) << 80)
            | (bit_cast::<100, 4>(self.judge.second.val()) << 76)
            | (bit_cast::<100, 7>(self.judge.second_left.val()) << 69)
            | (bit_cast::<100, 3>(self.next_slot.q.val()) << 66)
            | bit_cast::<100, 64>(self.groups_bits.val());

        // The board's LEDs; the negation apart, as inside a widening cast
        // Verilog would widen first.
        self.lost.next = self.judge.done.val() & !self.judge.won.val();
        self.leds.next = bit_cast::<5, 1>(self.judge.busy.val().into())
            | (bit_cast::<5, 1>(self.judge.won.val().into()) << 1)
            | (bit_cast::<5, 1>(self.judge.found.val().into()) << 2)
            | (bit_cast::<5, 1>(self.judge.done.val().into()) << 3)
            | (bit_cast::<5, 1>(self.lost.val().into()) << 4);
    }
}
