//! The learning machine on a board, behind the front panel
//! (`fpga/protocol.md`): the machine and the shared
//! [`FrontPanel`](crate::blocks::front_panel::FrontPanel).
//!
//! Keys: `0`..`7` PLAY with the play selector at that number (plays are
//! 1..6; 0 and 7 are refused), `n` NEW GAME, `m` MEMORY RESET, `p` MEMORY
//! PRELOAD, `r` RESET (power-on: the memory cleared too).
//! The board's buttons: 0 NEW GAME, 1..3 PLAY 1..3.
//!
//! The report is 128 bits, 32 hex digits, most significant first (the LFSR
//! and the goof flip-flop, which run every cycle, and selector 4 are left
//! out):
//!
//! | bits    | field |
//! |---------|-------|
//! | 127     | YOUR TURN |
//! | 126     | illegal (a refused key since the last report) |
//! | 125-124 | winner: 0 nobody yet, 1 the human, 2 the machine |
//! | 122-120 | the programmer: 0 home, 1 clamp, 2 search, 3 random, 4 add, 5 rewrite |
//! | 118-116 | the machine play register (0 cleared) |
//! | 114-112 | the human's last play (0 none) |
//! | 108-104 | totalizer 2 |
//! | 101-0   | the memory: column c (1..17) at bits 6(c - 1).., row p at bit p - 1 within it |
//!
//! LEDs: 0 YOUR TURN, 1 the programmer runs, 2 the machine won, 3 the
//! human won, 4 a game not yet begun (the total 0, nobody won).

use crate::blocks::play_keys::PlayKeys;
use crate::learning::Learning;
use rust_hdl::prelude::*;

/// The report's width in bits.
pub const REPORT_BITS: usize = 128;

board_wrapper! {
    pub struct LearningPanel {
        machine: Learning = Learning::new(blank),
        keys: PlayKeys,
        key: Signal<Local, Bits<8>>,
        valid: Signal<Local, Bit>,
        running: Signal<Local, Bit>,
        over: Signal<Local, Bit>,
        fresh: Signal<Local, Bit>,
    }
    /// A machine whose cell at column 5 row 2 is blanked when `blank`;
    /// `clocks_per_bit` on the UART; a button believed after `stable`
    /// cycles.
    pub fn new(blank: bool);
}

impl<const U: usize, const B: usize> Logic for LearningPanel<U, B> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, machine, panel);
        self.panel.rx.next = self.rx.val();
        self.panel.buttons.next = self.buttons.val();
        self.tx.next = self.panel.tx.val();

        // Keys `0`..`7`, `n`, `r` and the buttons (`blocks/play_keys.rs`).
        self.keys.key.next = self.panel.key.val();
        self.keys.pressed.next = self.panel.pressed.val();
        self.keys.button_press.next = self.panel.button_press.val();
        self.machine.play.next = self.keys.play.val();
        self.machine.choice.next = self.keys.choice.val();
        self.machine.new_game.next = self.keys.new_game.val();
        self.machine.reset.next = self.keys.reset.val();
        self.key.next = self.panel.key.val();
        self.valid.next = self.panel.pressed.val();
        self.machine.memory_reset.next = self.valid.val() & (self.key.val() == 0x6d);
        self.machine.memory_preload.next = self.valid.val() & (self.key.val() == 0x70);

        // A refused press is held by the front panel until a report has carried it.
        self.panel.refused.next = self.machine.illegal.val();

        self.panel.state.next = (bit_cast::<128, 1>(self.machine.your_turn.val().into()) << 127)
            | (bit_cast::<128, 1>(self.panel.illegal.val().into()) << 126)
            | (bit_cast::<128, 2>(self.machine.winner.val()) << 124)
            | (bit_cast::<128, 3>(self.machine.phase.val()) << 120)
            | (bit_cast::<128, 3>(self.machine.m_play.val()) << 116)
            | (bit_cast::<128, 3>(self.machine.h_play.val()) << 112)
            | (bit_cast::<128, 5>(self.machine.total.val()) << 104)
            | (bit_cast::<128, 12>(self.machine.memory_d.val()) << 90)
            | (bit_cast::<128, 30>(self.machine.memory_c.val()) << 60)
            | (bit_cast::<128, 30>(self.machine.memory_b.val()) << 30)
            | bit_cast::<128, 30>(self.machine.memory_a.val());

        // The LEDs; negations apart, as inside a widening cast Verilog
        // would widen first.
        self.running.next = self.machine.phase.val().any();
        self.over.next = self.machine.winner.val().any();
        self.fresh.next = !self.machine.total.val().any() & !self.over.val();
        self.leds.next = bit_cast::<5, 1>(self.machine.your_turn.val().into())
            | (bit_cast::<5, 1>(self.running.val().into()) << 1)
            | (bit_cast::<5, 1>((self.machine.winner.val() == 2).into()) << 2)
            | (bit_cast::<5, 1>((self.machine.winner.val() == 1).into()) << 3)
            | (bit_cast::<5, 1>(self.fresh.val().into()) << 4);
    }
}
