//! 18-with-a-die on a board, behind the front panel (`fpga/protocol.md`): the
//! machine and the shared
//! [`FrontPanel`](crate::blocks::front_panel::FrontPanel).
//!
//! Keys: `0`..`7` PLAY with the play selector at that number (`0`: the
//! machine opens; `7` is no play and is refused), `n` NEW GAME, `r` RESET.
//! The board's buttons: 0 NEW GAME, 1..3 PLAY 1..3.
//!
//! The report is 32 bits, 8 hex digits, most significant first (the
//! counting oscillator, which runs every cycle between plays, is left out):
//!
//! | bits  | field |
//! |-------|-------|
//! | 29-28 | winner: 0 nobody yet, 1 the human, 2 the machine |
//! | 26    | illegal (a refused key since the last report) |
//! | 25-24 | the program: 0 off, 1 T2 next, 2 T3 next |
//! | 22-20 | the M-play register (0 cleared) |
//! | 18-16 | the human's last play (0 none) |
//! | 12-8  | the M-score |
//! | 4-0   | the H-score |
//!
//! LEDs: 0 the human's turn, 1 the program runs, 2 the machine won, 3 the
//! human won, 4 a game not yet begun.

use crate::blocks::play_keys::PlayKeys;
use crate::die18::Die18;
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 32;

board_wrapper! {
    pub struct Die18Panel {
        die: Die18 = Die18::new(dictionary),
        keys: PlayKeys,
        running: Signal<Local, Bit>,
        over: Signal<Local, Bit>,
        human_turn: Signal<Local, Bit>,
        fresh: Signal<Local, Bit>,
    }
    /// A machine with `dictionary`; `clocks_per_bit` on the UART; a button
    /// believed after `stable` cycles.
    pub fn new(dictionary: [(u8, u8); 18]);
}

impl<const U: usize, const B: usize> Logic for Die18Panel<U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, die, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Keys `0`..`7`, `n`, `r` and the buttons (`blocks/play_keys.rs`).
        self.keys.key.next = self.panel.key.val();
        self.keys.pressed.next = self.panel.pressed.val();
        self.keys.button_press.next = self.panel.button_press.val();
        self.die.play.next = self.keys.play.val();
        self.die.choice.next = self.keys.choice.val();
        self.die.new_game.next = self.keys.new_game.val();
        self.die.reset.next = self.keys.reset.val();

        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.die.illegal.val();

        self.panel.state.next = (bit_cast::<32, 2>(self.die.winner.val()) << 28)
            | (bit_cast::<32, 1>(self.panel.illegal.val().into()) << 26)
            | (bit_cast::<32, 2>(self.die.step.val()) << 24)
            | (bit_cast::<32, 3>(self.die.m_play.val()) << 20)
            | (bit_cast::<32, 3>(self.die.h_play.val()) << 16)
            | (bit_cast::<32, 5>(self.die.m_score.val()) << 8)
            | bit_cast::<32, 5>(self.die.h_score.val());

        // The LEDs; negations apart, as inside a widening cast Verilog
        // would widen first.
        self.running.next = self.die.step.val().any();
        self.over.next = self.die.winner.val().any();
        self.human_turn.next = !self.running.val() & !self.over.val();
        self.fresh.next = !self.die.m_score.val().any() & !self.die.h_score.val().any() & !self.over.val();
        self.leds.next = bit_cast::<5, 1>(self.human_turn.val().into())
            | (bit_cast::<5, 1>(self.running.val().into()) << 1)
            | (bit_cast::<5, 1>((self.die.winner.val() == 2).into()) << 2)
            | (bit_cast::<5, 1>((self.die.winner.val() == 1).into()) << 3)
            | (bit_cast::<5, 1>(self.fresh.val().into()) << 4);
    }
}
