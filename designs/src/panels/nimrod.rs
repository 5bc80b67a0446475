//! Nimrod on a board, behind the front panel (`fpga/protocol.md`): the machine
//! and the shared [`FrontPanel`](crate::blocks::front_panel::FrontPanel).
//!
//! Keys: a byte 0x80 + 8 x heap + n is the "leave n" button of a heap
//! (0x80..0x9f); 0xa0 + 4 x reverse + k is NEW GAME with the variant
//! switches so set (0xa0..0xa7; k = 0 is refused); `c` COMPUTER MOVE, `s`
//! STEP, `f` `w` `m` the mode switch at fast, slow ("walk") or manual, `p`
//! SELF PLAY, `r` RESET. The board's buttons: 0 COMPUTER MOVE, 1 STEP,
//! 2 SELF PLAY, 3 NEW GAME (the simple normal game).
//!
//! The report is 56 bits, 14 hex digits, most significant first:
//!
//! | bits  | field |
//! |-------|-------|
//! | 52-48 | the five status lamps, bit 48 "opponent wins" ... bit 52 "computer's move" |
//! | 47-45 | phase: 0 set-up, 1 opponent to move, 2 opponent moved, 3 computing, 4 over |
//! | 44    | illegal (a refused press since the last report) |
//! | 43-42 | winner: 0 nobody yet, 1 the opponent, 2 the computer |
//! | 41    | the side the program plays: 0 the computer, 1 the opponent |
//! | 40    | self-play |
//! | 39-36 | the instruction obeyed (1..8 as displayed, 9 the extra one, not displayed: a panel lights no line for it; 0 none) |
//! | 35-34 | mode: 0 fast, 1 slow, 2 manual |
//! | 33    | reverse game |
//! | 32    | transition |
//! | 29-28 | k |
//! | 25-24 | the column counter |
//! | 21-20 | the heap counter |
//! | 19-16 | the heap selected memory (the white lights), bit 16 heap 0 |
//! | 15-0  | heaps 0..3, a digit each, heap 0 in bits 15-12 |
//!
//! LEDs: the five status lamps, LED k the lamp of bit 48 + k.

use crate::nimrod::Nimrod;
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 56;

board_wrapper! {
    pub struct NimrodPanel<D> {
        nimrod: Nimrod<D> = Nimrod::new(pace),
        key: Signal<Local, Bits<8>>,
        valid: Signal<Local, Bit>,
        button_new_game: Signal<Local, Bit>,
        key_new_game: Signal<Local, Bit>,
        key_mode: Signal<Local, Bits<2>>,
        heaps: Signal<Local, Bits<16>>,
    }
    /// Slow mode shows an instruction `pace` cycles; `clocks_per_bit` on
    /// the UART; a button believed after `stable` cycles.
    pub fn new(pace: u64);
}

impl<const D: usize, const U: usize, const B: usize> Logic for NimrodPanel<D, U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, nimrod, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Keys and buttons become the machine's buttons, each input written
        // once.
        self.key.next = self.panel.key.val();
        self.valid.next = self.panel.pressed.val();
        self.key_new_game.next = self.valid.val() & (self.key.val().get_bits::<5>(3) == 0b10100);
        self.button_new_game.next = self.panel.button_press.val().get_bit(3);
        self.nimrod.reset.next = self.valid.val() & (self.key.val() == 0x72);
        self.nimrod.new_game.next = self.key_new_game.val() | self.button_new_game.val();
        if self.key_new_game.val() {
            self.nimrod.reverse_switch.next = self.key.val().get_bit(2);
            self.nimrod.k_switch.next = self.key.val().get_bits::<2>(0);
        } else {
            self.nimrod.reverse_switch.next = false;
            self.nimrod.k_switch.next = 1.into();
        }
        self.nimrod.leave.next = self.valid.val() & (self.key.val().get_bits::<3>(5) == 0b100);
        self.nimrod.leave_heap.next = self.key.val().get_bits::<2>(3);
        self.nimrod.leave_count.next = self.key.val().get_bits::<3>(0);
        self.nimrod.computer_move.next = (self.valid.val() & (self.key.val() == 0x63)) | self.panel.button_press.val().get_bit(0);
        self.nimrod.step.next = (self.valid.val() & (self.key.val() == 0x73)) | self.panel.button_press.val().get_bit(1);
        self.nimrod.self_play.next = (self.valid.val() & (self.key.val() == 0x70)) | self.panel.button_press.val().get_bit(2);
        if self.key.val() == 0x77 {
            self.key_mode.next = 1.into();
        } else if self.key.val() == 0x6d {
            self.key_mode.next = 2.into();
        } else {
            self.key_mode.next = 0.into();
        }
        self.nimrod.set_mode.next = self.valid.val() & ((self.key.val() == 0x66) | (self.key.val() == 0x77) | (self.key.val() == 0x6d));
        self.nimrod.mode_switch.next = self.key_mode.val();

        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.nimrod.illegal.val();

        self.heaps.next = (bit_cast::<16, 3>(self.nimrod.heap_0.val()) << 12)
            | (bit_cast::<16, 3>(self.nimrod.heap_1.val()) << 8)
            | (bit_cast::<16, 3>(self.nimrod.heap_2.val()) << 4)
            | bit_cast::<16, 3>(self.nimrod.heap_3.val());
        self.panel.state.next = (bit_cast::<56, 5>(self.nimrod.lamps.val()) << 48)
            | (bit_cast::<56, 3>(self.nimrod.phase.val()) << 45)
            | (bit_cast::<56, 1>(self.panel.illegal.val().into()) << 44)
            | (bit_cast::<56, 2>(self.nimrod.winner.val()) << 42)
            | (bit_cast::<56, 1>(self.nimrod.side.val().into()) << 41)
            | (bit_cast::<56, 1>(self.nimrod.self_playing.val().into()) << 40)
            | (bit_cast::<56, 4>(self.nimrod.instruction.val()) << 36)
            | (bit_cast::<56, 2>(self.nimrod.mode.val()) << 34)
            | (bit_cast::<56, 1>(self.nimrod.reverse.val().into()) << 33)
            | (bit_cast::<56, 1>(self.nimrod.transition.val().into()) << 32)
            | (bit_cast::<56, 2>(self.nimrod.k.val()) << 28)
            | (bit_cast::<56, 2>(self.nimrod.column_counter.val()) << 24)
            | (bit_cast::<56, 2>(self.nimrod.heap_counter.val()) << 20)
            | (bit_cast::<56, 4>(self.nimrod.heap_selected.val()) << 16)
            | bit_cast::<56, 16>(self.heaps.val());
        self.leds.next = self.nimrod.lamps.val();
    }
}
