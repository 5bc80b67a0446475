//! "18-with-a-die" (the second part of seed 001; rulings in
//! spec/machines.md): the fixed-dictionary machine.
//!
//! Each side has its own score (M-score, H-score) from 0. The human sets
//! the play selector (`choice`, 1..6) and presses PLAY; a play may not be
//! the machine's last play (the M-play register) nor its complement to 7.
//! PLAY with the selector at 0 lets the machine open, at the start of a
//! game only. The program (the document's T1..T3): T1 in the cycle PLAY is
//! accepted, the counting oscillator stops, the human's play is added to
//! the H-score and the M-play register is cleared; T2 the M-play is entered;
//! T3 it is added to the M-score. Reaching exactly 18 wins; a play past 18
//! loses at once (the program stops after a human play that ends the game).
//!
//! The M-play: at M-score 0 a random play from the counting oscillator (a
//! counter 0..11 that runs while the program is off): one of all six when
//! the human made no choice, else one of the four allowed ("offering ONE
//! M-Play either 1-2-3-4-5-6 or 1-2-3-4, according to the situation");
//! otherwise the dictionary's first choice F for the M-score, or its second
//! choice S when the human's play bars F. The dictionary is a ROM whose
//! contents the constructor takes (the main crate derives them in
//! `oracle::die18`); the design does not compute them.
//!
//! Refused (nothing changes, `illegal` for one cycle): PLAY with a barred or
//! no play, or after the game is over, and any press while the program runs.
//! NEW GAME clears the scores and plays; RESET clears everything.

use rust_hdl::prelude::*;

/// The `winner` output.
pub const NOBODY: u64 = 0;
pub const HUMAN: u64 = 1;
pub const MACHINE: u64 = 2;

#[derive(Clone, LogicBlock)]
pub struct Die18 {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub new_game: Signal<In, Bit>,
    pub play: Signal<In, Bit>,
    /// The play selector, 0..7.
    pub choice: Signal<In, Bits<3>>,
    pub m_score: Signal<Out, Bits<5>>,
    pub h_score: Signal<Out, Bits<5>>,
    /// The M-play register (0 cleared).
    pub m_play: Signal<Out, Bits<3>>,
    /// The human's last play (0 none).
    pub h_play: Signal<Out, Bits<3>>,
    /// The counting oscillator, 0..11.
    pub oscillator: Signal<Out, Bits<4>>,
    /// The program: 0 off, 1 T2 next (enter the M-play), 2 T3 next (add it).
    pub step: Signal<Out, Bits<2>>,
    pub winner: Signal<Out, Bits<2>>,
    pub illegal: Signal<Out, Bit>,

    m_score_reg: DFF<Bits<5>>,
    h_score_reg: DFF<Bits<5>>,
    m_play_reg: DFF<Bits<3>>,
    h_play_reg: DFF<Bits<3>>,
    oscillator_reg: DFF<Bits<4>>,
    step_reg: DFF<Bits<2>>,
    winner_reg: DFF<Bits<2>>,
    refused: DFF<Bit>,
    /// The dictionary: first and second choice at each M-score 0..17.
    first: [Constant<Bits<3>>; 18],
    second: [Constant<Bits<3>>; 18],
    /// The four plays allowed after each play 1..6, packed three bits a
    /// play, the smallest in bits 2-0.
    allowed: [Constant<Bits<12>>; 6],

    at_start: Signal<Local, Bit>,
    choice_ok: Signal<Local, Bit>,
    f: Signal<Local, Bits<3>>,
    s: Signal<Local, Bits<3>>,
    dictionary_play: Signal<Local, Bits<3>>,
    row: Signal<Local, Bits<12>>,
    one_of_six: Signal<Local, Bits<4>>,
    random_play: Signal<Local, Bits<3>>,
    machine_play: Signal<Local, Bits<3>>,
    new_h: Signal<Local, Bits<5>>,
    new_m: Signal<Local, Bits<5>>,
}

impl Die18 {
    /// A machine whose dictionary holds `dictionary[score] = (F, S)`.
    pub fn new(dictionary: [(u8, u8); 18]) -> Self {
        let barred = |last: u64, p: u64| p == last || p == 7 - last;
        Self {
            clock: Default::default(),
            reset: Default::default(),
            new_game: Default::default(),
            play: Default::default(),
            choice: Default::default(),
            m_score: Default::default(),
            h_score: Default::default(),
            m_play: Default::default(),
            h_play: Default::default(),
            oscillator: Default::default(),
            step: Default::default(),
            winner: Default::default(),
            illegal: Default::default(),
            m_score_reg: Default::default(),
            h_score_reg: Default::default(),
            m_play_reg: Default::default(),
            h_play_reg: Default::default(),
            oscillator_reg: Default::default(),
            step_reg: Default::default(),
            winner_reg: Default::default(),
            refused: Default::default(),
            first: array_init::array_init(|i| Constant::new((dictionary[i].0 as u64).into())),
            second: array_init::array_init(|i| Constant::new((dictionary[i].1 as u64).into())),
            allowed: array_init::array_init(|i| {
                let last = i as u64 + 1;
                let plays: Vec<u64> = (1..=6).filter(|&p| !barred(last, p)).collect();
                Constant::new(plays.iter().enumerate().fold(0, |w, (k, &p)| w | p << (3 * k)).into())
            }),
            at_start: Default::default(),
            choice_ok: Default::default(),
            f: Default::default(),
            s: Default::default(),
            dictionary_play: Default::default(),
            row: Default::default(),
            one_of_six: Default::default(),
            random_play: Default::default(),
            machine_play: Default::default(),
            new_h: Default::default(),
            new_m: Default::default(),
        }
    }
}

impl Logic for Die18 {
    #[hdl_gen]
    fn update(&mut self) {
        // hdl_gen reads no Rust constants: winner 1 is the human, 2 the machine.
        dff_setup!(self, clock, m_score_reg, h_score_reg, m_play_reg, h_play_reg, oscillator_reg, step_reg, winner_reg, refused);

        self.at_start.next =
            !self.m_score_reg.q.val().any() & !self.h_score_reg.q.val().any() & !self.m_play_reg.q.val().any() & !self.h_play_reg.q.val().any();
        // A play is barred by the M-play and its complement (7 - x is x
        // with its three bits inverted).
        self.choice_ok.next = (self.winner_reg.q.val() == 0)
            & (((self.choice.val() == 0) & self.at_start.val())
                | ((self.choice.val() != 0)
                    & (self.choice.val() != 7)
                    & !(self.m_play_reg.q.val().any() & ((self.choice.val() == self.m_play_reg.q.val()) | (self.choice.val() == !self.m_play_reg.q.val())))));

        // The dictionary at the M-score; S when the human's play bars F.
        self.f.next = 0.into();
        self.s.next = 0.into();
        for i in 0..18 {
            if self.m_score_reg.q.val().index() == i {
                self.f.next = self.first[i].val();
                self.s.next = self.second[i].val();
            }
        }
        if self.h_play_reg.q.val().any() & ((self.f.val() == self.h_play_reg.q.val()) | (self.f.val() == !self.h_play_reg.q.val())) {
            self.dictionary_play.next = self.s.val();
        } else {
            self.dictionary_play.next = self.f.val();
        }
        // The random-play logic: the oscillator modulo 6, or modulo 4 among
        // the four plays allowed.
        self.row.next = 0.into();
        for i in 0..6 {
            if self.h_play_reg.q.val().index() == i + 1 {
                self.row.next = self.allowed[i].val();
            }
        }
        if self.oscillator_reg.q.val() >= 6 {
            self.one_of_six.next = self.oscillator_reg.q.val() - 5;
        } else {
            self.one_of_six.next = self.oscillator_reg.q.val() + 1;
        }
        if !self.h_play_reg.q.val().any() {
            self.random_play.next = self.one_of_six.val().get_bits::<3>(0);
        } else if self.oscillator_reg.q.val().get_bits::<2>(0) == 0 {
            self.random_play.next = self.row.val().get_bits::<3>(0);
        } else if self.oscillator_reg.q.val().get_bits::<2>(0) == 1 {
            self.random_play.next = self.row.val().get_bits::<3>(3);
        } else if self.oscillator_reg.q.val().get_bits::<2>(0) == 2 {
            self.random_play.next = self.row.val().get_bits::<3>(6);
        } else {
            self.random_play.next = self.row.val().get_bits::<3>(9);
        }
        if self.m_score_reg.q.val().any() {
            self.machine_play.next = self.dictionary_play.val();
        } else {
            self.machine_play.next = self.random_play.val();
        }
        self.new_h.next = self.h_score_reg.q.val() + bit_cast::<5, 3>(self.choice.val());
        self.new_m.next = self.m_score_reg.q.val() + bit_cast::<5, 3>(self.m_play_reg.q.val());

        self.refused.d.next = false;
        if self.step_reg.q.val() == 1 {
            // T2: the M-play entered.
            self.m_play_reg.d.next = self.machine_play.val();
            self.step_reg.d.next = 2.into();
            self.refused.d.next = self.new_game.val() | self.play.val();
        } else if self.step_reg.q.val() == 2 {
            // T3: added to the M-score.
            self.m_score_reg.d.next = self.new_m.val();
            if self.new_m.val() == 18 {
                self.winner_reg.d.next = 2.into();
            }
            if self.new_m.val() > 18 {
                self.winner_reg.d.next = 1.into();
            }
            self.step_reg.d.next = 0.into();
            self.refused.d.next = self.new_game.val() | self.play.val();
        } else {
            // The program is off: the counting oscillator runs, except in
            // the cycle PLAY starts the program.
            if !(self.play.val() & self.choice_ok.val()) {
                if self.oscillator_reg.q.val() == 11 {
                    self.oscillator_reg.d.next = 0.into();
                } else {
                    self.oscillator_reg.d.next = self.oscillator_reg.q.val() + 1;
                }
            }
            if self.new_game.val() {
                self.m_score_reg.d.next = 0.into();
                self.h_score_reg.d.next = 0.into();
                self.m_play_reg.d.next = 0.into();
                self.h_play_reg.d.next = 0.into();
                self.winner_reg.d.next = 0.into();
            }
            if self.play.val() {
                if self.choice_ok.val() {
                    // T1.
                    self.h_play_reg.d.next = self.choice.val();
                    self.h_score_reg.d.next = self.new_h.val();
                    self.m_play_reg.d.next = 0.into();
                    if self.new_h.val() == 18 {
                        self.winner_reg.d.next = 1.into();
                    } else if self.new_h.val() > 18 {
                        self.winner_reg.d.next = 2.into();
                    } else {
                        self.step_reg.d.next = 1.into();
                    }
                } else {
                    self.refused.d.next = true;
                }
            }
        }
        if self.reset.val() {
            self.m_score_reg.d.next = 0.into();
            self.h_score_reg.d.next = 0.into();
            self.m_play_reg.d.next = 0.into();
            self.h_play_reg.d.next = 0.into();
            self.oscillator_reg.d.next = 0.into();
            self.step_reg.d.next = 0.into();
            self.winner_reg.d.next = 0.into();
            self.refused.d.next = false;
        }

        self.m_score.next = self.m_score_reg.q.val();
        self.h_score.next = self.h_score_reg.q.val();
        self.m_play.next = self.m_play_reg.q.val();
        self.h_play.next = self.h_play_reg.q.val();
        self.oscillator.next = self.oscillator_reg.q.val();
        self.step.next = self.step_reg.q.val();
        self.winner.next = self.winner_reg.q.val();
        self.illegal.next = self.refused.q.val();
    }
}
