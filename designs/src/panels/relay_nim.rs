//! The relay NIM on a board, behind the front panel (`fpga/protocol.md`): the
//! machine and the shared
//! [`FrontPanel`](crate::blocks::front_panel::FrontPanel): bytes in become its
//! buttons, its visible state goes out after every change.
//!
//! Keys: `a` `b` `c` TAKE a stone from pile A, B, C; `g` GO; `r` RESET. The
//! report is 28 bits, 7 hex digits, most significant first:
//!
//! | bits  | field |
//! |-------|-------|
//! | 25-24 | winner (0 nobody yet, 1 the human, 2 the machine) |
//! | 23    | illegal (a refused press since the last report) |
//! | 22    | the machine is moving (the sequencer is not idle) |
//! | 21    | in game (the machine has moved since RESET) |
//! | 18-16 | the selection register, one-hot (bit 16 = A) |
//! | 14-12 | the pile the human is taking from this turn, one-hot (bit 12 = A) |
//! | 10-8  | pile A's size |
//! | 6-4   | pile B's size |
//! | 2-0   | pile C's size |
//!
//! LEDs: 0 the human's turn, 1 the machine is moving, 2 the machine won,
//! 3 in game, 4 the human won (the iCEstick's green D5).

use crate::relay_nim::{RelayNim, HUMAN, MACHINE, NOBODY};
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 28;

board_wrapper! {
    pub struct RelayNimPanel<D> {
        nim: RelayNim<D> = RelayNim::new(pace),
        nobody: Constant<Bits<2>> = Constant::new(NOBODY.into()),
        human: Constant<Bits<2>> = Constant::new(HUMAN.into()),
        machine_won: Constant<Bits<2>> = Constant::new(MACHINE.into()),
        key: Signal<Local, Bits<8>>,
        valid: Signal<Local, Bit>,
        moving: Signal<Local, Bit>,
        human_turn: Signal<Local, Bit>,
        size_a: Signal<Local, Bits<3>>,
        size_b: Signal<Local, Bits<3>>,
        size_c: Signal<Local, Bits<3>>,
    }
    /// `pace` cycles per sequencer step; `clocks_per_bit` on the UART.
    pub fn new(pace: u64);
}

impl<const D: usize, const U: usize, const B: usize> Logic for RelayNimPanel<D, U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, nim, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Bytes in become one-cycle button pulses.
        self.key.next = self.panel.key.val();
        self.valid.next = self.panel.pressed.val();
        self.nim.take_a.next = self.valid.val() & (self.key.val() == 0x61) | self.panel.button_press.val().get_bit(1);
        self.nim.take_b.next = self.valid.val() & (self.key.val() == 0x62) | self.panel.button_press.val().get_bit(2);
        self.nim.take_c.next = self.valid.val() & (self.key.val() == 0x63) | self.panel.button_press.val().get_bit(3);
        self.nim.go.next = self.valid.val() & (self.key.val() == 0x67) | self.panel.button_press.val().get_bit(0);
        self.nim.reset.next = self.valid.val() & (self.key.val() == 0x72);

        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.nim.illegal.val();

        // Sizes from the ones'-complement registers; negations apart, as
        // inside a widening cast Verilog would widen first.
        self.size_a.next = !self.nim.count_a.val();
        self.size_b.next = !self.nim.count_b.val();
        self.size_c.next = !self.nim.count_c.val();
        self.moving.next = self.nim.step.val().any();
        self.panel.state.next = (bit_cast::<28, 2>(self.nim.winner.val()) << 24)
            | (bit_cast::<28, 1>(self.panel.illegal.val().into()) << 23)
            | (bit_cast::<28, 1>(self.moving.val().into()) << 22)
            | (bit_cast::<28, 1>(self.nim.in_game.val().into()) << 21)
            | (bit_cast::<28, 1>(self.nim.selected_c.val().into()) << 18)
            | (bit_cast::<28, 1>(self.nim.selected_b.val().into()) << 17)
            | (bit_cast::<28, 1>(self.nim.selected_a.val().into()) << 16)
            | (bit_cast::<28, 1>(self.nim.turn_c.val().into()) << 14)
            | (bit_cast::<28, 1>(self.nim.turn_b.val().into()) << 13)
            | (bit_cast::<28, 1>(self.nim.turn_a.val().into()) << 12)
            | (bit_cast::<28, 3>(self.size_a.val()) << 8)
            | (bit_cast::<28, 3>(self.size_b.val()) << 4)
            | bit_cast::<28, 3>(self.size_c.val());

        // The board's LEDs.
        self.human_turn.next = !self.moving.val() & (self.nim.winner.val() == self.nobody.val());
        self.leds.next = bit_cast::<5, 1>(self.human_turn.val().into())
            | (bit_cast::<5, 1>(self.moving.val().into()) << 1)
            | (bit_cast::<5, 1>((self.nim.winner.val() == self.machine_won.val()).into()) << 2)
            | (bit_cast::<5, 1>(self.nim.in_game.val().into()) << 3)
            | (bit_cast::<5, 1>((self.nim.winner.val() == self.human.val()).into()) << 4);
    }
}
