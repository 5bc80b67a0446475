//! The learning machine for the counting game to 18 (seed 001; rulings in
//! spec/machines.md). The human sets the play selector (`choice`) and
//! presses PLAY; the programmer (stepping switch 1) then runs a step a
//! clock:
//!
//! - PLAY accepted (Idle): the machine play register is cleared and
//!   totalizer 2 adds the human's play. Exactly 18 wins for the human, past
//!   18 loses at once; otherwise:
//! - Clamp: the goof flip-flop (on one clock in seven) is clamped "just
//!   before the machine play selector 4 starts its search"; on, relay 20
//!   sends the machine straight to a random play.
//! - Search: selector 4 steps 1,2,3,4,5,6,5,4,3,2,1, a position a clock;
//!   at each it writes the cell of the current total (set when the scanner
//!   sees no winning answer, erased when it does) and stops at the first
//!   legal winning play. After a full circuit relay 20 locks.
//! - Random: relay 20 clamps the two neon flip-flops (the LFSR's two low
//!   bits), which name a pair of plays; selector 4 steps from 1 and stops at
//!   the pair's first legal play. Nothing is written.
//! - Add: the play enters the totalizer; exactly 18 wins for the machine,
//!   past 18 loses.
//! - Rewrite: selector 4 advances from the selected play to home, writing
//!   every row of the new total's column; then YOUR TURN.
//!
//! MEMORY RESET, MEMORY PRELOAD (the six winning plays from 12..17) and
//! NEW GAME act at home. The cell at column 5, row 2 never lights when
//! `blank` is on. Refused (nothing changes, `illegal` for one clock): a
//! play the game forbids (the machine's last play or its complement to 7,
//! 0 or 7 on the selector), PLAY after the game is over, any press while
//! the programmer runs. `reset` is power-on: every register zero, the
//! memory too. The LFSR and the goof flip-flop run every clock, so a
//! person's timing is what makes them random.

use crate::blocks::scanner::Scanner;
use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Learning {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub new_game: Signal<In, Bit>,
    pub memory_reset: Signal<In, Bit>,
    pub memory_preload: Signal<In, Bit>,
    pub play: Signal<In, Bit>,
    /// The play selector, 0..7 (plays are 1..6).
    pub choice: Signal<In, Bits<3>>,
    /// The memory, five columns a port (column c at bits 6(c - 1).. of its
    /// port, row p at bit p - 1 within it): columns 1-5, 6-10, 11-15, 16-17.
    pub memory_a: Signal<Out, Bits<30>>,
    pub memory_b: Signal<Out, Bits<30>>,
    pub memory_c: Signal<Out, Bits<30>>,
    pub memory_d: Signal<Out, Bits<12>>,
    /// Totalizer 2.
    pub total: Signal<Out, Bits<5>>,
    pub h_play: Signal<Out, Bits<3>>,
    /// The machine play register (relays 21-23), 0 when cleared.
    pub m_play: Signal<Out, Bits<3>>,
    /// The programmer: 0 home, 1 clamp, 2 search, 3 random, 4 add, 5 rewrite.
    pub phase: Signal<Out, Bits<3>>,
    /// Machine play selector 4's position, 0..10.
    pub selector: Signal<Out, Bits<4>>,
    /// The random pair last clamped (relays 24, 25).
    pub pair: Signal<Out, Bits<2>>,
    /// The goof flip-flop's count, 0..6 (on at 0).
    pub goof: Signal<Out, Bits<3>>,
    pub lfsr: Signal<Out, Bits<16>>,
    /// 0 nobody yet, 1 the human, 2 the machine.
    pub winner: Signal<Out, Bits<2>>,
    pub your_turn: Signal<Out, Bit>,
    pub illegal: Signal<Out, Bit>,

    scanner: Scanner,
    columns: [DFF<Bits<6>>; 17],
    total_reg: DFF<Bits<5>>,
    h_play_reg: DFF<Bits<3>>,
    m_play_reg: DFF<Bits<3>>,
    phase_reg: DFF<Bits<3>>,
    selector_reg: DFF<Bits<4>>,
    pair_reg: DFF<Bits<2>>,
    goof_reg: DFF<Bits<3>>,
    lfsr_reg: DFF<Bits<16>>,
    winner_reg: DFF<Bits<2>>,
    refused: DFF<Bit>,
    /// The blanked cell (column 5, row 2) cannot be set.
    blank: Constant<Bit>,
    /// The trap study's reading B (`docs/trap-study.md`): the search writes
    /// only the legal plays it tries.
    search_skips_illegal: Constant<Bit>,
    /// Column numbers 1..17, and the play MEMORY PRELOAD sets in each.
    numbers: [Constant<Bits<5>>; 17],
    preload: [Constant<Bits<6>>; 17],

    /// The play at selector 4's position.
    at: Signal<Local, Bits<3>>,
    row: Signal<Local, Bits<3>>,
    /// That play may follow the human's.
    at_legal: Signal<Local, Bit>,
    /// The scanner sees no winning answer to it.
    at_wins: Signal<Local, Bit>,
    /// What the write pulse puts in its cell.
    written: Signal<Local, Bit>,
    in_pair: Signal<Local, Bit>,
    choice_ok: Signal<Local, Bit>,
    any_press: Signal<Local, Bit>,
    new_total: Signal<Local, Bits<5>>,
    machine_total: Signal<Local, Bits<5>>,
    feedback: Signal<Local, Bit>,
}

impl Learning {
    /// A machine whose blanked cell is on (`blank`) or an ordinary cell.
    pub fn new(blank: bool) -> Self {
        Self::with_reading(blank, false)
    }

    /// The same, and with `search_skips_illegal` the trap study's reading B
    /// (the search steps over an illegal play without writing its cell).
    pub fn with_reading(blank: bool, search_skips_illegal: bool) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            new_game: Default::default(),
            memory_reset: Default::default(),
            memory_preload: Default::default(),
            play: Default::default(),
            choice: Default::default(),
            memory_a: Default::default(),
            memory_b: Default::default(),
            memory_c: Default::default(),
            memory_d: Default::default(),
            total: Default::default(),
            h_play: Default::default(),
            m_play: Default::default(),
            phase: Default::default(),
            selector: Default::default(),
            pair: Default::default(),
            goof: Default::default(),
            lfsr: Default::default(),
            winner: Default::default(),
            your_turn: Default::default(),
            illegal: Default::default(),
            scanner: Default::default(),
            columns: array_init::array_init(|_| Default::default()),
            total_reg: Default::default(),
            h_play_reg: Default::default(),
            m_play_reg: Default::default(),
            phase_reg: Default::default(),
            selector_reg: Default::default(),
            pair_reg: Default::default(),
            goof_reg: Default::default(),
            lfsr_reg: Default::default(),
            winner_reg: Default::default(),
            refused: Default::default(),
            blank: Constant::new(blank),
            search_skips_illegal: Constant::new(search_skips_illegal),
            numbers: array_init::array_init(|i| Constant::new((i as u64 + 1).into())),
            // Totals 12..17: the play 18 - total.
            preload: array_init::array_init(|i| {
                let t = i as u64 + 1;
                Constant::new((if t >= 12 { 1u64 << (18 - t - 1) } else { 0 }).into())
            }),
            at: Default::default(),
            row: Default::default(),
            at_legal: Default::default(),
            at_wins: Default::default(),
            written: Default::default(),
            in_pair: Default::default(),
            choice_ok: Default::default(),
            any_press: Default::default(),
            new_total: Default::default(),
            machine_total: Default::default(),
            feedback: Default::default(),
        }
    }
}

impl Default for Learning {
    fn default() -> Self {
        Self::new(true)
    }
}

impl Logic for Learning {
    #[hdl_gen]
    fn update(&mut self) {
        // Phases (hdl_gen reads no Rust constants): 0 home, 1 clamp, 2
        // search, 3 random, 4 add, 5 rewrite. Winner 1 human, 2 machine.
        dff_setup!(self, clock, total_reg, h_play_reg, m_play_reg, phase_reg, selector_reg, pair_reg, goof_reg, lfsr_reg, winner_reg, refused);
        for c in 0..17 {
            self.columns[c].clock.next = self.clock.val();
            self.columns[c].d.next = self.columns[c].q.val();
            self.scanner.columns[c].next = self.columns[c].q.val();
        }
        self.scanner.total.next = self.total_reg.q.val();

        // Selector 4: positions 0..5 are plays 1..6, 6..10 are 5..1.
        if self.selector_reg.q.val() <= 5 {
            self.at.next = bit_cast::<3, 4>(self.selector_reg.q.val() + 1);
        } else {
            self.at.next = bit_cast::<3, 4>(11 - self.selector_reg.q.val());
        }
        self.row.next = self.at.val() - 1;
        // 7 - x is x with its three bits inverted.
        self.at_legal.next = (self.at.val() != self.h_play_reg.q.val()) & (self.at.val() != !self.h_play_reg.q.val());
        self.at_wins.next = !self.scanner.losing.val().get_bit(self.row.val().index());
        self.written.next = self.at_wins.val() & !(self.blank.val() & (self.total_reg.q.val() == 5) & (self.at.val() == 2));
        // The pairs: relays 24 and 25 both - 1 or 5; 24 only - 2 or 6;
        // 25 only - 3 or 5; neither - 4 or 6.
        if self.pair_reg.q.val() == 3 {
            self.in_pair.next = (self.at.val() == 1) | (self.at.val() == 5);
        } else if self.pair_reg.q.val() == 1 {
            self.in_pair.next = (self.at.val() == 2) | (self.at.val() == 6);
        } else if self.pair_reg.q.val() == 2 {
            self.in_pair.next = (self.at.val() == 3) | (self.at.val() == 5);
        } else {
            self.in_pair.next = (self.at.val() == 4) | (self.at.val() == 6);
        }
        self.choice_ok.next = (self.winner_reg.q.val() == 0)
            & (self.choice.val() != 0)
            & (self.choice.val() != 7)
            & !(self.m_play_reg.q.val().any() & ((self.choice.val() == self.m_play_reg.q.val()) | (self.choice.val() == !self.m_play_reg.q.val())));
        self.any_press.next = self.new_game.val() | self.memory_reset.val() | self.memory_preload.val() | self.play.val();
        self.new_total.next = self.total_reg.q.val() + bit_cast::<5, 3>(self.choice.val());
        self.machine_total.next = self.total_reg.q.val() + bit_cast::<5, 3>(self.m_play_reg.q.val());

        // The free-running flip-flops: the LFSR (XNOR taps 16, 15, 13, 4)
        // and the goof flip-flop's count of seven.
        self.feedback.next =
            !(self.lfsr_reg.q.val().get_bit(15) ^ self.lfsr_reg.q.val().get_bit(14) ^ self.lfsr_reg.q.val().get_bit(12) ^ self.lfsr_reg.q.val().get_bit(3));
        self.lfsr_reg.d.next = (self.lfsr_reg.q.val() << 1) | bit_cast::<16, 1>(self.feedback.val().into());
        if self.goof_reg.q.val() == 6 {
            self.goof_reg.d.next = 0.into();
        } else {
            self.goof_reg.d.next = self.goof_reg.q.val() + 1;
        }

        self.refused.d.next = (self.phase_reg.q.val() != 0) & self.any_press.val();
        if self.phase_reg.q.val() == 0 {
            if self.new_game.val() {
                self.total_reg.d.next = 0.into();
                self.h_play_reg.d.next = 0.into();
                self.m_play_reg.d.next = 0.into();
                self.winner_reg.d.next = 0.into();
            }
            if self.memory_reset.val() {
                for c in 0..17 {
                    self.columns[c].d.next = 0.into();
                }
            }
            if self.memory_preload.val() {
                for c in 0..17 {
                    self.columns[c].d.next = self.columns[c].q.val() | self.preload[c].val();
                }
            }
            if self.play.val() {
                if self.choice_ok.val() {
                    self.h_play_reg.d.next = self.choice.val();
                    self.m_play_reg.d.next = 0.into();
                    self.total_reg.d.next = self.new_total.val();
                    if self.new_total.val() == 18 {
                        self.winner_reg.d.next = 1.into();
                    } else if self.new_total.val() > 18 {
                        self.winner_reg.d.next = 2.into();
                    } else {
                        self.phase_reg.d.next = 1.into();
                    }
                } else {
                    self.refused.d.next = true;
                }
            }
        } else if self.phase_reg.q.val() == 1 {
            // The goof clamp.
            self.selector_reg.d.next = 0.into();
            if self.goof_reg.q.val() == 0 {
                self.phase_reg.d.next = 3.into();
                self.pair_reg.d.next = self.lfsr_reg.q.val().get_bits::<2>(0);
            } else {
                self.phase_reg.d.next = 2.into();
            }
        } else if (self.phase_reg.q.val() == 2) | (self.phase_reg.q.val() == 5) {
            // Search and rewrite write the cell they try (under reading B
            // the search only a legal one).
            for c in 0..17 {
                if (self.total_reg.q.val() == self.numbers[c].val()) & ((self.phase_reg.q.val() == 5) | self.at_legal.val() | !self.search_skips_illegal.val())
                {
                    self.columns[c].d.next = self.columns[c].q.val().replace_bit(self.row.val().index(), self.written.val());
                }
            }
            if (self.phase_reg.q.val() == 2) & self.at_wins.val() & self.at_legal.val() {
                self.m_play_reg.d.next = self.at.val();
                self.phase_reg.d.next = 4.into();
            } else if self.selector_reg.q.val() == 10 {
                self.selector_reg.d.next = 0.into();
                if self.phase_reg.q.val() == 2 {
                    // A full circuit and no legal winning play: relay 20.
                    self.phase_reg.d.next = 3.into();
                    self.pair_reg.d.next = self.lfsr_reg.q.val().get_bits::<2>(0);
                } else {
                    self.phase_reg.d.next = 0.into();
                }
            } else {
                self.selector_reg.d.next = self.selector_reg.q.val() + 1;
            }
        } else if self.phase_reg.q.val() == 3 {
            if self.in_pair.val() & self.at_legal.val() {
                self.m_play_reg.d.next = self.at.val();
                self.phase_reg.d.next = 4.into();
            } else {
                self.selector_reg.d.next = self.selector_reg.q.val() + 1;
            }
        } else if self.phase_reg.q.val() == 4 {
            self.total_reg.d.next = self.machine_total.val();
            self.selector_reg.d.next = bit_cast::<4, 3>(self.m_play_reg.q.val() - 1);
            self.phase_reg.d.next = 5.into();
            if self.machine_total.val() == 18 {
                self.winner_reg.d.next = 2.into();
            }
            if self.machine_total.val() > 18 {
                self.winner_reg.d.next = 1.into();
            }
            if self.machine_total.val() >= 18 {
                self.phase_reg.d.next = 0.into();
                self.selector_reg.d.next = 0.into();
            }
        }

        if self.reset.val() {
            for c in 0..17 {
                self.columns[c].d.next = 0.into();
            }
            self.total_reg.d.next = 0.into();
            self.h_play_reg.d.next = 0.into();
            self.m_play_reg.d.next = 0.into();
            self.phase_reg.d.next = 0.into();
            self.selector_reg.d.next = 0.into();
            self.pair_reg.d.next = 0.into();
            self.goof_reg.d.next = 0.into();
            self.lfsr_reg.d.next = 0.into();
            self.winner_reg.d.next = 0.into();
            self.refused.d.next = false;
        }

        self.memory_a.next = bit_cast::<30, 6>(self.columns[0].q.val())
            | (bit_cast::<30, 6>(self.columns[1].q.val()) << 6)
            | (bit_cast::<30, 6>(self.columns[2].q.val()) << 12)
            | (bit_cast::<30, 6>(self.columns[3].q.val()) << 18)
            | (bit_cast::<30, 6>(self.columns[4].q.val()) << 24);
        self.memory_b.next = bit_cast::<30, 6>(self.columns[5].q.val())
            | (bit_cast::<30, 6>(self.columns[6].q.val()) << 6)
            | (bit_cast::<30, 6>(self.columns[7].q.val()) << 12)
            | (bit_cast::<30, 6>(self.columns[8].q.val()) << 18)
            | (bit_cast::<30, 6>(self.columns[9].q.val()) << 24);
        self.memory_c.next = bit_cast::<30, 6>(self.columns[10].q.val())
            | (bit_cast::<30, 6>(self.columns[11].q.val()) << 6)
            | (bit_cast::<30, 6>(self.columns[12].q.val()) << 12)
            | (bit_cast::<30, 6>(self.columns[13].q.val()) << 18)
            | (bit_cast::<30, 6>(self.columns[14].q.val()) << 24);
        self.memory_d.next = bit_cast::<12, 6>(self.columns[15].q.val()) | (bit_cast::<12, 6>(self.columns[16].q.val()) << 6);
        self.total.next = self.total_reg.q.val();
        self.h_play.next = self.h_play_reg.q.val();
        self.m_play.next = self.m_play_reg.q.val();
        self.phase.next = self.phase_reg.q.val();
        self.selector.next = self.selector_reg.q.val();
        self.pair.next = self.pair_reg.q.val();
        self.goof.next = self.goof_reg.q.val();
        self.lfsr.next = self.lfsr_reg.q.val();
        self.winner.next = self.winner_reg.q.val();
        self.your_turn.next = (self.phase_reg.q.val() == 0) & (self.winner_reg.q.val() == 0);
        self.illegal.next = self.refused.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    const SELECTOR: [u64; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

    fn allowed(h: u64, p: u64) -> bool {
        p != h && p != 7 - h
    }

    /// The scanner's rule, written again (columns indexed by total).
    fn losing(cols: &[u64; 24], t: u64, p: u64) -> bool {
        let c = t + p;
        c > 18 || (c < 18 && (1..=6).any(|q| allowed(p, q) && cols[c as usize] >> (q - 1) & 1 == 1))
    }

    fn write(cols: &mut [u64; 24], t: u64, p: u64, wins: bool) {
        if (1..18).contains(&t) {
            let bit = 1 << (p - 1);
            cols[t as usize] = if wins && !(t == 5 && p == 2) { cols[t as usize] | bit } else { cols[t as usize] & !bit };
        }
    }

    /// The document's move, written again: search (unless a goof), the
    /// random pair's first legal play, then the rewrite of the new column.
    /// `skip`: the trap study's reading B, the search writes only legal plays.
    fn reference(cols: &mut [u64; 24], t: u64, h: u64, goof: bool, pair: u64, skip: bool) -> u64 {
        let mut found = None;
        if !goof {
            for &p in &SELECTOR {
                let wins = !losing(cols, t, p);
                if !skip || allowed(h, p) {
                    write(cols, t, p, wins);
                }
                if wins && allowed(h, p) {
                    found = Some(p);
                    break;
                }
            }
        }
        let (a, b) = [(4, 6), (2, 6), (3, 5), (1, 5)][pair as usize];
        let play = found.unwrap_or_else(|| (1..=6).find(|&p| (p == a || p == b) && allowed(h, p)).unwrap());
        if t + play < 18 {
            for p in 1..=6 {
                let wins = !losing(cols, t + play, p);
                write(cols, t + play, p, wins);
            }
        }
        play
    }

    fn lfsr_next(x: u64) -> u64 {
        let b = |i: u64| x >> i & 1;
        (x << 1 | (1 ^ b(15) ^ b(14) ^ b(12) ^ b(3))) & 0xffff
    }

    /// An LFSR value whose two low bits are `pair` after `k` steps.
    fn lfsr_giving(pair: u64, k: usize) -> u64 {
        (0..0xffffu64).find(|&x| (0..k).fold(x, |y, _| lfsr_next(y)) & 3 == pair).unwrap()
    }

    /// The search and the programmer under every scanner result, every
    /// legal mask (the human's play 1..6), the goof on and off, and every
    /// random pair: at every total 1..17 the memory ahead is set so that the
    /// scanner reports each of the 64 results it can (past 18 a play always
    /// loses, at 18 it always wins, so near the end fewer are possible), the
    /// programmer is started at its clamp, and the machine's play and the
    /// whole memory after the move are checked against the document's move.
    /// The random pair is clamped after the goof clamp or after a full
    /// search circuit (11 clocks later), so the LFSR is started where its low
    /// bits give the pair at that clock.
    #[test]
    fn the_programmer_under_every_scanner_result() {
        programmer_under_every_scanner_result(false);
    }

    /// The same under the trap study's reading B.
    #[test]
    fn the_programmer_under_reading_b() {
        programmer_under_every_scanner_result(true);
    }

    fn programmer_under_every_scanner_result(skip: bool) {
        let mut b = Bench::new(Learning::with_reading(true, skip));
        let mut runs = 0;
        for t in 1..18u64 {
            for result in 0..64u64 {
                let reachable = (1..=6u64).all(|p| {
                    let lose = result >> (p - 1) & 1 == 1;
                    (t + p < 18) || (t + p > 18 && lose) || (t + p == 18 && !lose)
                });
                if !reachable {
                    continue;
                }
                // One lit cell, in a row photocell p sees, makes p losing.
                let mut cols = [0u64; 24];
                for p in 1..=6u64 {
                    if t + p < 18 && result >> (p - 1) & 1 == 1 {
                        let q = (1..=6).find(|&q| allowed(p, q)).unwrap();
                        cols[(t + p) as usize] |= 1 << (q - 1);
                    }
                }
                for h in 1..=6u64 {
                    for goof in [true, false] {
                        for pair in 0..4u64 {
                            let mut want_cols = cols;
                            let want = reference(&mut want_cols, t, h, goof, pair, skip);
                            for c in 0..17 {
                                b.uut.columns[c].q.next = cols[c + 1].into();
                            }
                            b.uut.total_reg.q.next = t.into();
                            b.uut.h_play_reg.q.next = h.into();
                            b.uut.m_play_reg.q.next = 0.into();
                            b.uut.winner_reg.q.next = 0.into();
                            b.uut.phase_reg.q.next = 1.into();
                            b.uut.selector_reg.q.next = 0.into();
                            b.uut.goof_reg.q.next = (if goof { 0 } else { 3 }).into();
                            b.uut.lfsr_reg.q.next = lfsr_giving(pair, if goof { 0 } else { 11 }).into();
                            let mut clocks = 0;
                            loop {
                                b.tick(|d| &mut d.clock);
                                clocks += 1;
                                assert!(clocks < 40, "the programmer did not come home");
                                if b.uut.phase.val().index() == 0 {
                                    break;
                                }
                            }
                            let what = format!("total {t}, scanner {result:06b}, human {h}, goof {goof}, pair {pair}");
                            assert_eq!(b.uut.m_play.val().index() as u64, want, "{what}");
                            assert_eq!(b.uut.total.val().index() as u64, t + want, "{what}");
                            for c in 0..17 {
                                assert_eq!(b.uut.columns[c].q.val().index() as u64, want_cols[c + 1], "{what}: column {}", c + 1);
                            }
                            runs += 1;
                        }
                    }
                }
            }
        }
        // Scanner results: 64 at each total 1..11, then 32, 16, 8, 4, 2, 1
        // at 12..17; each under 6 human plays, 2 goofs, 4 pairs.
        assert_eq!(runs, (11 * 64 + 63) * 6 * 2 * 4);
    }
}
