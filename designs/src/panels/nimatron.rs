//! Nimatron on a board, behind the front panel (`fpga/protocol.md`): the
//! machine, a UART receiver whose bytes become its buttons, and a reporter
//! that sends its visible state after every change.
//!
//! Keys: `a` `b` `c` `d` the row buttons, `m` MTR, `r` reset. The report is
//! 68 bits, 17 hex digits, most significant first:
//!
//! | bits  | field |
//! |-------|-------|
//! | 67-66 | phase (0 set-up, 1 player, 2 dimming, 3 pulsing) |
//! | 65    | lamp P |
//! | 64    | lamp M |
//! | 63    | game ended |
//! | 62    | the player won |
//! | 61    | illegal (a refused press since the last report) |
//! | 60    | token (a token released since the last report) |
//! | 59-56 | locks AL..DL (bit 56 = a) |
//! | 55-52 | combination index (0 = No. 1) |
//! | 51-45 | row a lamps (bit 45 = lamp 1) |
//! | 44-38 | row b lamps |
//! | 37-31 | row c lamps |
//! | 30-24 | row d lamps |
//! | 23-16 | TP |
//! | 15-8  | MWC |
//! | 7-0   | PWC |
//!
//! LEDs: 0 the player's turn, 1 the machine's turn, 2 the machine won the
//! last game, 3 lamp M, 4 the player won the last game (the iCEstick's green
//! D5). The last game's result stays lit until the next game ends or `r`.

use crate::nimatron::{Nimatron, PLAYER};
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 68;

board_wrapper! {
    pub struct NimatronPanel<D> {
        machine: Nimatron<D> = Nimatron::new(pace),
        token_seen: DFF<Bit>,
        /// The last game's result: bit 0 the machine won, bit 1 the player won.
        result: DFF<Bits<2>>,
        player: Constant<Bits<2>> = Constant::new(PLAYER.into()),
        key: Signal<Local, Bits<8>>,
        valid: Signal<Local, Bit>,
        player_turn: Signal<Local, Bit>,
        machine_turn: Signal<Local, Bit>,
        machine_won: Signal<Local, Bit>,
    }
    /// `pace` cycles per T relay and per pulse; `clocks_per_bit` on the UART.
    pub fn new(pace: u64);
}

impl<const D: usize, const U: usize, const B: usize> Logic for NimatronPanel<D, U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, token_seen, result);
        clock!(self, clock, machine, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Bytes in become one-cycle button pulses.
        self.key.next = self.panel.key.val();
        self.valid.next = self.panel.pressed.val();
        self.machine.pa.next = self.valid.val() & (self.key.val() == 0x61) | self.panel.button_press.val().get_bit(1);
        self.machine.pb.next = self.valid.val() & (self.key.val() == 0x62) | self.panel.button_press.val().get_bit(2);
        self.machine.pc.next = self.valid.val() & (self.key.val() == 0x63) | self.panel.button_press.val().get_bit(3);
        self.machine.pd.next = self.valid.val() & (self.key.val() == 0x64);
        self.machine.mtr.next = self.valid.val() & (self.key.val() == 0x6d) | self.panel.button_press.val().get_bit(0);
        self.machine.reset.next = self.valid.val() & (self.key.val() == 0x72);

        // One-cycle indications are held until a report has carried them.
        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.machine.illegal.val();
        self.token_seen.d.next = self.machine.token.val() | (self.token_seen.q.val() & !self.panel.taken.val());

        self.panel.state.next = (bit_cast::<68, 2>(self.machine.phase.val()) << 66)
            | (bit_cast::<68, 1>(self.machine.lamp_p.val().into()) << 65)
            | (bit_cast::<68, 1>(self.machine.lamp_m.val().into()) << 64)
            | (bit_cast::<68, 1>(self.machine.ended.val().into()) << 63)
            | (bit_cast::<68, 1>(self.machine.player_won.val().into()) << 62)
            | (bit_cast::<68, 1>(self.panel.illegal.val().into()) << 61)
            | (bit_cast::<68, 1>(self.token_seen.q.val().into()) << 60)
            | (bit_cast::<68, 4>(self.machine.lock.val()) << 56)
            | (bit_cast::<68, 4>(self.machine.combination.val()) << 52)
            | (bit_cast::<68, 7>(self.machine.lamps_a.val()) << 45)
            | (bit_cast::<68, 7>(self.machine.lamps_b.val()) << 38)
            | (bit_cast::<68, 7>(self.machine.lamps_c.val()) << 31)
            | (bit_cast::<68, 7>(self.machine.lamps_d.val()) << 24)
            | (bit_cast::<68, 8>(self.machine.tp.val()) << 16)
            | (bit_cast::<68, 8>(self.machine.mwc.val()) << 8)
            | bit_cast::<68, 8>(self.machine.pwc.val());

        // The board's LEDs. Negations apart: inside a widening cast Verilog
        // would widen first.
        self.player_turn.next = self.machine.phase.val() == self.player.val();
        self.machine_won.next = !self.machine.player_won.val();
        self.machine_turn.next = !self.player_turn.val() & !self.machine.ended.val();
        if self.machine.reset.val() {
            self.result.d.next = 0.into();
        }
        if self.machine.ended.val() {
            self.result.d.next = bit_cast::<2, 1>(self.machine_won.val().into()) | (bit_cast::<2, 1>(self.machine.player_won.val().into()) << 1);
        }
        self.leds.next = bit_cast::<5, 1>((self.player_turn.val() & !self.machine.ended.val()).into())
            | (bit_cast::<5, 1>(self.machine_turn.val().into()) << 1)
            | (bit_cast::<5, 1>(self.result.q.val().get_bit(0).into()) << 2)
            | (bit_cast::<5, 1>(self.machine.lamp_m.val().into()) << 3)
            | (bit_cast::<5, 1>(self.result.q.val().get_bit(1).into()) << 4);
    }
}
