//! Nimatron, US patent 2,215,544 (seed 000; rulings in spec/machines.md,
//! "Nimatron").
//!
//! Four rows a, b, c, d of seven lamps held as lamp states; the power-of-two
//! detectors (AZ, AF, AS ... DZ, DF, DS) of each row and the parity relays
//! EZ, EF, ES; the lock-out relays AL..DL; the transfer button MTR; the
//! machine's move, random (relay RM, with R1, R2, R3 putting out 1, 2, 3
//! lamps on successive random moves) or correct (relay CM, one lamp per pulse
//! until every parity is even), paced by the T1..T9 chain that dims lamp M;
//! the end of a game with the counters TP, MWC, PWC and the token release
//! SG; and the nine starting combinations of the patent's table in order.
//!
//! Human inputs are one-cycle pulses: row buttons PA..PD, MTR. `reset` is the
//! power-on reset: combination No. 1, R1, counters at zero. While the
//! machine moves the buttons are out of circuit and a press does nothing. A
//! press the rules forbid (a second row in one turn, a row with no lamp lit,
//! MTR before a lamp is out) changes nothing and raises `illegal` for a cycle.

use crate::blocks::lamp_row::LampRow;
use crate::blocks::parity_relays::ParityRelays;
use crate::blocks::power_detector::PowerDetector;
use crate::blocks::pulse_counter::PulseCounter;
use crate::blocks::randomizer::Randomizer;
use crate::blocks::row_chooser::RowChooser;
use rust_hdl::prelude::*;

/// The `phase` output: one set-up step (at power-on, and after a game, which
/// it counts), the player's move, lamp M dimming, the pulses.
pub const SETUP: u64 = 0;
pub const PLAYER: u64 = 1;
pub const DIMMING: u64 = 2;
pub const PULSING: u64 = 3;

/// The patent's table, "Set up ... Row a, Row b, Row c, Row d": lamps lit.
pub const COMBINATION_TABLE: [[u8; 4]; 9] =
    [[7, 6, 3, 4], [3, 4, 7, 5], [2, 7, 5, 3], [6, 5, 4, 3], [3, 2, 4, 7], [2, 7, 5, 4], [3, 7, 6, 1], [6, 2, 1, 7], [2, 5, 6, 4]];

/// The relays actuated to show n lamps: the first 7 - n (their lamps out).
fn relays_out(n: u8) -> u64 {
    (1 << (7 - n)) - 1
}

/// The relays of combination `i`, rows a..d, 7 each, row a in the low bits
/// (the contacts 1S12 to 8S12 of the patent for No. 1).
fn setup_bits(i: usize) -> u64 {
    (0..4).map(|r| relays_out(COMBINATION_TABLE[i][r]) << (7 * r)).sum()
}

/// D is the width of the pacing counter; see [`Nimatron::new`].
#[derive(Clone, LogicBlock)]
pub struct Nimatron<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub pa: Signal<In, Bit>,
    pub pb: Signal<In, Bit>,
    pub pc: Signal<In, Bit>,
    pub pd: Signal<In, Bit>,
    pub mtr: Signal<In, Bit>,
    /// The lamps of rows a..d, bit k is lamp k + 1.
    pub lamps_a: Signal<Out, Bits<7>>,
    pub lamps_b: Signal<Out, Bits<7>>,
    pub lamps_c: Signal<Out, Bits<7>>,
    pub lamps_d: Signal<Out, Bits<7>>,
    /// The combination of the game in play, 0 for No. 1.
    pub combination: Signal<Out, Bits<4>>,
    /// R1, R2, R3 as 0, 1, 2.
    pub r: Signal<Out, Bits<2>>,
    /// AL, BL, CL, DL in bits 0..3.
    pub lock: Signal<Out, Bits<4>>,
    /// 0 set-up, 1 the player's move (lamp P), 2 lamp M dimming, 3 pulses.
    pub phase: Signal<Out, Bits<2>>,
    /// T relays dropped out so far: lamp M's dimming. (The cycles within a
    /// step are not a port: on a board they take 22 bits.)
    pub chain: Signal<Out, Bits<4>>,
    /// AR, BR, CR, DR in bits 0..3: the row of the machine's move.
    pub machine_row: Signal<Out, Bits<4>>,
    /// CM: the machine's move is a correct one (else random, RM).
    pub correct: Signal<Out, Bit>,
    /// Lamps put out so far in the machine's move.
    pub taken: Signal<Out, Bits<3>>,
    /// A game has ended; the set-up step counts it.
    pub ended: Signal<Out, Bit>,
    /// ... and the player put out the last lamp.
    pub player_won: Signal<Out, Bit>,
    pub illegal: Signal<Out, Bit>,
    /// One-cycle pulses when a game is counted: TP, MWC, PWC, and SG (a token).
    pub tp_pulse: Signal<Out, Bit>,
    pub mwc_pulse: Signal<Out, Bit>,
    pub pwc_pulse: Signal<Out, Bit>,
    pub token: Signal<Out, Bit>,
    /// The counters.
    pub tp: Signal<Out, Bits<8>>,
    pub mwc: Signal<Out, Bits<8>>,
    pub pwc: Signal<Out, Bits<8>>,
    /// Lamps P (green) and M (red).
    pub lamp_p: Signal<Out, Bit>,
    pub lamp_m: Signal<Out, Bit>,

    row_a: LampRow,
    row_b: LampRow,
    row_c: LampRow,
    row_d: LampRow,
    detectors: [PowerDetector; 4],
    parity: ParityRelays<4>,
    chooser: RowChooser<4>,
    r_relays: Randomizer<3, 2>,
    combination_counter: Randomizer<9, 4>,
    tp_counter: PulseCounter<8>,
    mwc_counter: PulseCounter<8>,
    pwc_counter: PulseCounter<8>,
    locks: DFF<Bits<4>>,
    stage: DFF<Bits<2>>,
    t_chain: DFF<Bits<4>>,
    elapsed: DFF<Bits<D>>,
    chosen: DFF<Bits<4>>,
    cm: DFF<Bit>,
    count: DFF<Bits<3>>,
    pw: DFF<Bit>,
    game_ended: DFF<Bit>,
    refused: DFF<Bit>,
    tp_coil: DFF<Bit>,
    mwc_coil: DFF<Bit>,
    pwc_coil: DFF<Bit>,
    sg: DFF<Bit>,
    pace_last: Constant<Bits<D>>,
    chain_last: Constant<Bits<4>>,
    player: Constant<Bits<2>>,
    dimming: Constant<Bits<2>>,
    pulsing: Constant<Bits<2>>,
    setting_up: Constant<Bits<2>>,
    setups: [Constant<Bits<28>>; 9],

    buttons: Signal<Local, Bits<4>>,
    pressed: Signal<Local, Bit>,
    two_pressed: Signal<Local, Bit>,
    dark: Signal<Local, Bits<4>>,
    single: Signal<Local, Bits<4>>,
    player_turn: Signal<Local, Bit>,
    press_ok: Signal<Local, Bit>,
    mtr_ok: Signal<Local, Bit>,
    step_ends: Signal<Local, Bit>,
    put_out: Signal<Local, Bits<4>>,
    random_done: Signal<Local, Bit>,
    pulse_done: Signal<Local, Bit>,
    target: Signal<Local, Bits<4>>,
    load: Signal<Local, Bit>,
    load_pattern: Signal<Local, Bits<28>>,
}

impl<const D: usize> Nimatron<D> {
    /// A Nimatron whose T relays drop out, and pulses come, every `pace` cycles.
    pub fn new(pace: u64) -> Self {
        assert!(pace >= 1 && pace <= 1 << D, "pace {pace} does not fit {D} bits");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            pa: Default::default(),
            pb: Default::default(),
            pc: Default::default(),
            pd: Default::default(),
            mtr: Default::default(),
            lamps_a: Default::default(),
            lamps_b: Default::default(),
            lamps_c: Default::default(),
            lamps_d: Default::default(),
            combination: Default::default(),
            r: Default::default(),
            lock: Default::default(),
            phase: Default::default(),
            chain: Default::default(),
            machine_row: Default::default(),
            correct: Default::default(),
            taken: Default::default(),
            ended: Default::default(),
            player_won: Default::default(),
            illegal: Default::default(),
            tp_pulse: Default::default(),
            mwc_pulse: Default::default(),
            pwc_pulse: Default::default(),
            token: Default::default(),
            tp: Default::default(),
            mwc: Default::default(),
            pwc: Default::default(),
            lamp_p: Default::default(),
            lamp_m: Default::default(),
            row_a: Default::default(),
            row_b: Default::default(),
            row_c: Default::default(),
            row_d: Default::default(),
            detectors: Default::default(),
            parity: Default::default(),
            chooser: Default::default(),
            r_relays: Default::default(),
            combination_counter: Default::default(),
            tp_counter: Default::default(),
            mwc_counter: Default::default(),
            pwc_counter: Default::default(),
            locks: Default::default(),
            stage: Default::default(),
            t_chain: Default::default(),
            elapsed: Default::default(),
            chosen: Default::default(),
            cm: Default::default(),
            count: Default::default(),
            pw: Default::default(),
            game_ended: Default::default(),
            refused: Default::default(),
            tp_coil: Default::default(),
            mwc_coil: Default::default(),
            pwc_coil: Default::default(),
            sg: Default::default(),
            pace_last: Constant::new((pace - 1).into()),
            chain_last: Constant::new(8.into()),
            player: Constant::new(PLAYER.into()),
            dimming: Constant::new(DIMMING.into()),
            pulsing: Constant::new(PULSING.into()),
            setting_up: Constant::new(SETUP.into()),
            setups: array_init::array_init(|i| Constant::new(setup_bits(i).into())),
            buttons: Default::default(),
            pressed: Default::default(),
            two_pressed: Default::default(),
            dark: Default::default(),
            single: Default::default(),
            player_turn: Default::default(),
            press_ok: Default::default(),
            mtr_ok: Default::default(),
            step_ends: Default::default(),
            put_out: Default::default(),
            random_done: Default::default(),
            pulse_done: Default::default(),
            target: Default::default(),
            load: Default::default(),
            load_pattern: Default::default(),
        }
    }
}

impl<const D: usize> Nimatron<D> {
    /// Simulation only (the `move` command): a position and R state as if
    /// reached in play, the player's turn, row a locked as after a press.
    /// Call between clock edges, then settle.
    pub fn preset(&mut self, lit: [u8; 4], r: u64) {
        self.row_a.preset(lit[0]);
        self.row_b.preset(lit[1]);
        self.row_c.preset(lit[2]);
        self.row_d.preset(lit[3]);
        self.r_relays.preset(r);
        self.stage.q.next = PLAYER.into();
        self.locks.q.next = 1.into();
    }
}

impl<const D: usize> Logic for Nimatron<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, locks, stage, t_chain, elapsed, chosen, cm, count, pw, game_ended, refused, tp_coil, mwc_coil, pwc_coil, sg);
        clock!(self, clock, row_a, row_b, row_c, row_d, r_relays, combination_counter, tp_counter, mwc_counter, pwc_counter);

        // The power-of-two detectors and the parity relays.
        self.detectors[0].lamps.next = self.row_a.lamps.val();
        self.detectors[1].lamps.next = self.row_b.lamps.val();
        self.detectors[2].lamps.next = self.row_c.lamps.val();
        self.detectors[3].lamps.next = self.row_d.lamps.val();
        for i in 0..4 {
            self.parity.powers[i].next = self.detectors[i].powers.val();
            self.chooser.powers[i].next = self.detectors[i].powers.val();
        }
        self.chooser.even.next = self.parity.even.val();

        // The buttons, one bit per row, and the rows' states.
        self.buttons.next = bit_cast::<4, 1>(self.pa.val().into())
            | (bit_cast::<4, 1>(self.pb.val().into()) << 1)
            | (bit_cast::<4, 1>(self.pc.val().into()) << 2)
            | (bit_cast::<4, 1>(self.pd.val().into()) << 3);
        self.dark.next = bit_cast::<4, 1>(self.row_a.dark.val().into())
            | (bit_cast::<4, 1>(self.row_b.dark.val().into()) << 1)
            | (bit_cast::<4, 1>(self.row_c.dark.val().into()) << 2)
            | (bit_cast::<4, 1>(self.row_d.dark.val().into()) << 3);
        self.single.next = bit_cast::<4, 1>(self.row_a.last_lamp.val().into())
            | (bit_cast::<4, 1>(self.row_b.last_lamp.val().into()) << 1)
            | (bit_cast::<4, 1>(self.row_c.last_lamp.val().into()) << 2)
            | (bit_cast::<4, 1>(self.row_d.last_lamp.val().into()) << 3);
        self.pressed.next = self.buttons.val().any();
        self.two_pressed.next = (self.buttons.val() & (self.buttons.val() - 1)).any() | (self.pressed.val() & self.mtr.val());
        self.player_turn.next = self.stage.q.val() == self.player.val();
        self.step_ends.next = self.elapsed.q.val() == self.pace_last.val();

        // The player's button: a lamp out in an unlocked, lit row; AL..DL lock.
        self.press_ok.next = self.player_turn.val()
            & self.pressed.val()
            & !self.two_pressed.val()
            & !(self.buttons.val() & self.dark.val()).any()
            & (!self.locks.q.val().any() | (self.locks.q.val() == self.buttons.val()));
        // MTR: only after a lamp is out this turn.
        self.mtr_ok.next = self.player_turn.val() & self.mtr.val() & !self.two_pressed.val() & self.locks.q.val().any();
        self.refused.d.next = self.player_turn.val() & (self.pressed.val() | self.mtr.val()) & !self.press_ok.val() & !self.mtr_ok.val();

        self.put_out.next = 0.into();
        self.load.next = false;
        self.load_pattern.next = 0.into();
        self.r_relays.advance.next = false;
        self.combination_counter.advance.next = false;
        self.tp_coil.d.next = false;
        self.mwc_coil.d.next = false;
        self.pwc_coil.d.next = false;
        self.sg.d.next = false;

        if self.press_ok.val() {
            self.put_out.next = self.buttons.val();
            self.locks.d.next = self.buttons.val();
            // The player put out the last lamp.
            if (self.dark.val() | (self.buttons.val() & self.single.val())).all() {
                self.stage.d.next = self.setting_up.val();
                self.game_ended.d.next = true;
                self.pw.d.next = true;
            }
        }
        if self.mtr_ok.val() {
            // Relay TR: the machine moves. CMS/RMS release the lock relays.
            self.stage.d.next = self.dimming.val();
            self.t_chain.d.next = 0.into();
            self.elapsed.d.next = 0.into();
            self.chosen.d.next = bit_cast::<4, 1>(self.chooser.row[0].val().into())
                | (bit_cast::<4, 1>(self.chooser.row[1].val().into()) << 1)
                | (bit_cast::<4, 1>(self.chooser.row[2].val().into()) << 2)
                | (bit_cast::<4, 1>(self.chooser.row[3].val().into()) << 3);
            self.cm.d.next = self.chooser.correct.val();
            self.count.d.next = 0.into();
            self.locks.d.next = 0.into();
        }

        // A random move is done after R1, R2, R3 lamps, or when its row is dark.
        self.random_done.next = (self.count.q.val() == (bit_cast::<3, 2>(self.r_relays.value.val()) + 1)) | (self.chosen.q.val() & self.dark.val()).any();
        self.pulse_done.next = self.count.q.val().any() & ((self.cm.q.val() & self.parity.all_even.val()) | (!self.cm.q.val() & self.random_done.val()));
        // The combination the set-up step loads: the next one after a game.
        self.target.next = self.combination_counter.value.val();
        if self.game_ended.q.val() {
            self.target.next = self.combination_counter.value.val() + 1;
            if self.combination_counter.value.val() == 8 {
                self.target.next = 0.into();
            }
        }
        for i in 0..9 {
            if self.target.val().index() == i {
                self.load_pattern.next = self.setups[i].val();
            }
        }

        if !self.player_turn.val() {
            self.elapsed.d.next = self.elapsed.q.val() + 1;
            if self.step_ends.val() {
                self.elapsed.d.next = 0.into();
                if self.stage.q.val() == self.setting_up.val() {
                    self.load.next = true;
                    if self.game_ended.q.val() {
                        self.combination_counter.advance.next = true;
                        self.tp_coil.d.next = true;
                        self.pwc_coil.d.next = self.pw.q.val();
                        self.sg.d.next = self.pw.q.val();
                        self.mwc_coil.d.next = !self.pw.q.val();
                    }
                    self.stage.d.next = self.player.val();
                    self.locks.d.next = 0.into();
                    self.game_ended.d.next = false;
                    self.pw.d.next = false;
                }
                if self.stage.q.val() == self.dimming.val() {
                    self.t_chain.d.next = self.t_chain.q.val() + 1;
                    if self.t_chain.q.val() == self.chain_last.val() {
                        self.stage.d.next = self.pulsing.val();
                    }
                }
                if self.stage.q.val() == self.pulsing.val() {
                    if self.pulse_done.val() {
                        if !self.cm.q.val() {
                            self.r_relays.advance.next = true;
                        }
                        self.chosen.d.next = 0.into();
                        self.cm.d.next = false;
                        self.count.d.next = 0.into();
                        self.t_chain.d.next = 0.into();
                        self.stage.d.next = self.player.val();
                        if self.dark.val().all() {
                            self.stage.d.next = self.setting_up.val();
                            self.game_ended.d.next = true;
                            self.pw.d.next = false;
                        }
                    } else {
                        self.put_out.next = self.chosen.q.val();
                        self.count.d.next = self.count.q.val() + 1;
                    }
                }
            }
        }

        self.row_a.put_out.next = self.put_out.val().get_bit(0);
        self.row_b.put_out.next = self.put_out.val().get_bit(1);
        self.row_c.put_out.next = self.put_out.val().get_bit(2);
        self.row_d.put_out.next = self.put_out.val().get_bit(3);
        self.row_a.load.next = self.load.val() | self.reset.val();
        self.row_b.load.next = self.load.val() | self.reset.val();
        self.row_c.load.next = self.load.val() | self.reset.val();
        self.row_d.load.next = self.load.val() | self.reset.val();
        self.row_a.pattern.next = self.load_pattern.val().get_bits::<7>(0);
        self.row_b.pattern.next = self.load_pattern.val().get_bits::<7>(7);
        self.row_c.pattern.next = self.load_pattern.val().get_bits::<7>(14);
        self.row_d.pattern.next = self.load_pattern.val().get_bits::<7>(21);
        self.r_relays.clear.next = self.reset.val();
        self.combination_counter.clear.next = self.reset.val();
        self.tp_counter.pulse.next = self.tp_coil.q.val();
        self.mwc_counter.pulse.next = self.mwc_coil.q.val();
        self.pwc_counter.pulse.next = self.pwc_coil.q.val();
        self.tp_counter.clear.next = self.reset.val();
        self.mwc_counter.clear.next = self.reset.val();
        self.pwc_counter.clear.next = self.reset.val();

        // The power-on reset: every relay released (all lamps lit), set-up next.
        if self.reset.val() {
            self.row_a.pattern.next = 0.into();
            self.row_b.pattern.next = 0.into();
            self.row_c.pattern.next = 0.into();
            self.row_d.pattern.next = 0.into();
            self.locks.d.next = 0.into();
            self.stage.d.next = self.setting_up.val();
            self.t_chain.d.next = 0.into();
            self.elapsed.d.next = 0.into();
            self.chosen.d.next = 0.into();
            self.cm.d.next = false;
            self.count.d.next = 0.into();
            self.pw.d.next = false;
            self.game_ended.d.next = false;
            self.refused.d.next = false;
            self.tp_coil.d.next = false;
            self.mwc_coil.d.next = false;
            self.pwc_coil.d.next = false;
            self.sg.d.next = false;
            self.r_relays.advance.next = false;
            self.combination_counter.advance.next = false;
        }

        // The front panel.
        self.lamps_a.next = self.row_a.lamps.val();
        self.lamps_b.next = self.row_b.lamps.val();
        self.lamps_c.next = self.row_c.lamps.val();
        self.lamps_d.next = self.row_d.lamps.val();
        self.combination.next = self.combination_counter.value.val();
        self.r.next = self.r_relays.value.val();
        self.lock.next = self.locks.q.val();
        self.phase.next = self.stage.q.val();
        self.chain.next = self.t_chain.q.val();
        self.machine_row.next = self.chosen.q.val();
        self.correct.next = self.cm.q.val();
        self.taken.next = self.count.q.val();
        self.ended.next = self.game_ended.q.val();
        self.player_won.next = self.pw.q.val();
        self.illegal.next = self.refused.q.val();
        self.tp_pulse.next = self.tp_coil.q.val();
        self.mwc_pulse.next = self.mwc_coil.q.val();
        self.pwc_pulse.next = self.pwc_coil.q.val();
        self.token.next = self.sg.q.val();
        self.tp.next = self.tp_counter.count.val();
        self.mwc.next = self.mwc_counter.count.val();
        self.pwc.next = self.pwc_counter.count.val();
        self.lamp_p.next = self.player_turn.val();
        self.lamp_m.next = (self.stage.q.val() == self.dimming.val()) | (self.stage.q.val() == self.pulsing.val());
    }
}
