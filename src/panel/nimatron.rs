//! Nimatron's front panel (`fpga/protocol.md`, "Nimatron"): its keys and its
//! 68-bit report, and what the report must say for a state of the oracle.
//! The board wrapper is `designs/src/panels/nimatron.rs`.

use crate::oracle::nimatron::{Counters, Input, Phase, State, LAMPS, ROWS};

/// The report's width in bits.
pub const REPORT_BITS: usize = 68;
/// Bit positions of the report's one-bit fields.
pub const LAMP_P: u32 = 65;
pub const LAMP_M: u32 = 64;
pub const ENDED: u32 = 63;
pub const PLAYER_WON: u32 = 62;
pub const ILLEGAL: u32 = 61;
pub const TOKEN: u32 = 60;

/// The byte that presses `input`.
pub fn key(input: Input) -> Option<u8> {
    match input {
        Input::None => None,
        Input::Row(r) => Some(b'a' + r as u8),
        Input::Mtr => Some(b'm'),
        Input::Reset => Some(b'r'),
    }
}

/// Lamps lit as the report's 7 bits: bit 0 is lamp 1, put out first.
fn lamp_bits(lit: u8) -> u128 {
    (0x7f << (LAMPS - lit)) & 0x7f
}

/// The report for the oracle's state. `illegal` and `token` are the
/// one-cycle indications of this very cycle; the wrapper holds them until a
/// report has carried them.
pub fn report(s: &State, c: &Counters) -> u128 {
    let bit = |v: bool, at: u32| (v as u128) << at;
    let mut r = (s.phase as u128) << 66
        | bit(s.phase == Phase::Player, LAMP_P)
        | bit(matches!(s.phase, Phase::Dimming | Phase::Pulsing), LAMP_M)
        | bit(s.ended, ENDED)
        | bit(s.player_won, PLAYER_WON)
        | bit(s.illegal, ILLEGAL)
        | bit(s.token, TOKEN)
        | (s.lock.map_or(0, |l| 1u128 << l)) << 56
        | (s.combination as u128) << 52
        | (c.tp as u128) << 16
        | (c.mwc as u128) << 8
        | c.pwc as u128;
    for row in 0..ROWS {
        r |= lamp_bits(s.rows[row]) << (45 - 7 * row);
    }
    r
}

/// A report in words, for mismatch messages and the terminal.
pub fn describe(r: u128) -> String {
    let rows: Vec<String> = (0..ROWS)
        .map(|row| {
            let bits = (r >> (45 - 7 * row)) & 0x7f;
            (0..7).map(|i| if bits >> i & 1 == 1 { 'o' } else { '.' }).collect()
        })
        .collect();
    let flag = |at: u32, name: &str| if r >> at & 1 == 1 { format!(" {name}") } else { String::new() };
    format!(
        "phase {} rows {} lock {:04b} combination {} TP {} MWC {} PWC {}{}{}{}{}{}{}",
        r >> 66,
        rows.join(" "),
        (r >> 56) & 0xf,
        ((r >> 52) & 0xf) + 1,
        (r >> 16) & 0xff,
        (r >> 8) & 0xff,
        r & 0xff,
        flag(LAMP_P, "P"),
        flag(LAMP_M, "M"),
        flag(ENDED, "ended"),
        flag(PLAYER_WON, "player-won"),
        flag(ILLEGAL, "illegal"),
        flag(TOKEN, "token"),
    )
}

#[cfg(test)]
mod tests {
    //! The board wrapper end to end in the rust-hdl simulation: bytes into
    //! its RX pin, the machine, report lines out of its TX pin, against the
    //! oracle run on the same presses.
    //!
    //! The wrapper is built with 4 clocks per UART bit and a pace of 2048
    //! cycles per step, longer than two report lines (18 bytes, 720
    //! cycles), so every state the machine holds for a whole step must
    //! appear in the reports. The checks:
    //! - every line is the report of a state the oracle passed through, in
    //!   the oracle's order (illegal and token aside: the wrapper holds them
    //!   until the next line, which may already show the state after);
    //! - every state the oracle held for 1,500 cycles or more has its line;
    //! - as many lines carry `illegal` (`token`) as the oracle raised it;
    //! - the last line is the oracle's last state.
    use super::*;
    use crate::panel::{parse_report, LineDriver, LineReceiver, Lines};
    use nimforge_designs::harness::Bench;
    use nimforge_designs::panels::nimatron::NimatronPanel;

    const PACE: u32 = 2048;
    const CPB: usize = 4;
    const STICKY: u128 = 1 << ILLEGAL | 1 << TOKEN;

    struct Run {
        bench: Bench<NimatronPanel<11, 2>>,
        line: LineDriver,
        receiver: LineReceiver,
        lines: Lines,
        got: Vec<u128>,
        state: State,
        counters: Counters,
        /// The oracle's report each cycle.
        want: Vec<u128>,
    }

    impl Run {
        fn new() -> Run {
            let state = State::power_on();
            let counters = Counters::default();
            Run {
                bench: Bench::new(NimatronPanel::new(PACE as u64, CPB as u64)),
                line: LineDriver::new(CPB),
                receiver: LineReceiver::new(CPB),
                lines: Lines::default(),
                got: vec![],
                want: vec![report(&state, &counters)],
                state,
                counters,
            }
        }

        /// `cycles` clock cycles of the wrapper; `input` reaches the oracle
        /// when the wrapper's receiver has the whole byte.
        fn run(&mut self, input: Input, cycles: usize) {
            if let Some(k) = key(input) {
                self.line.send(k);
            }
            let mut pending = key(input).is_some();
            for _ in 0..cycles {
                let level = self.line.level();
                self.bench.uut.rx.next = level;
                self.bench.tick(|u| &mut u.clock);
                // 10 bits on the line, 2 synchroniser flip-flops and the
                // receiver's own register: the machine sees the press a
                // few cycles after the stop bit is sampled. The order of
                // states, not the cycle, is what the checks compare.
                let now = if pending && self.line.idle() {
                    pending = false;
                    input
                } else {
                    Input::None
                };
                self.counters = self.counters.after(&self.state, now);
                self.state = self.state.step(now, PACE);
                self.want.push(report(&self.state, &self.counters));
                if let Some(byte) = self.receiver.sample(self.bench.uut.tx.val()).unwrap() {
                    if let Some(l) = self.lines.push(byte) {
                        self.got.push(parse_report(&l, REPORT_BITS).unwrap());
                    }
                }
            }
        }

        /// A press, then enough cycles for the machine to finish what it
        /// does and for the reports to catch up.
        fn press(&mut self, input: Input) {
            self.run(input, 60 * CPB);
            while self.state.phase != Phase::Player {
                self.run(Input::None, 256);
            }
            self.run(Input::None, 4 * 18 * 10 * CPB);
        }

        fn check(&self) {
            // Runs of equal reports as the oracle held them, the one-cycle
            // indications aside (they are counted below).
            let mut runs: Vec<(u128, usize)> = vec![];
            for &w in &self.want {
                match runs.last_mut() {
                    Some((v, n)) if *v == w & !STICKY => *n += 1,
                    _ => runs.push((w & !STICKY, 1)),
                }
            }
            let mut seen = vec![false; runs.len()];
            let mut at = 0;
            for (i, &g) in self.got.iter().enumerate() {
                while at < runs.len() && runs[at].0 != g & !STICKY {
                    at += 1;
                }
                assert!(at < runs.len(), "line {i} ({}) is no state the oracle passed through next", describe(g));
                seen[at] = true;
            }
            for (r, &(v, n)) in runs.iter().enumerate() {
                assert!(!(n >= 1500 && !seen[r]), "the oracle held {} for {n} cycles; no line said it", describe(v));
            }
            for flag in [ILLEGAL, TOKEN] {
                let raised = self.want.iter().filter(|&&w| w >> flag & 1 == 1).count();
                let told = self.got.iter().filter(|&&g| g >> flag & 1 == 1).count();
                assert_eq!(told, raised, "lines with bit {flag}");
            }
            assert_eq!(self.got.last(), self.want.last(), "the last line");
        }
    }

    /// The move that leaves every parity even, else one lamp from the first
    /// lit row: a correct player.
    fn best(rows: [u8; ROWS]) -> (usize, u8) {
        let x = rows.iter().fold(0, |a, &r| a ^ r);
        (0..ROWS)
            .find(|&i| x != 0 && rows[i] ^ x < rows[i])
            .map(|i| (i, rows[i] - (rows[i] ^ x)))
            .unwrap_or_else(|| ((0..ROWS).find(|&i| rows[i] > 0).unwrap(), 1))
    }

    /// Combination No. 1 won by a correct player (a token), No. 2 lost by
    /// one who always takes a lamp from the first lit row, refused presses
    /// on the way (MTR before a lamp, a second row), then reset.
    #[test]
    fn two_games_through_the_uart() {
        let mut run = Run::new();
        run.press(Input::None);
        run.press(Input::Mtr);
        for correct in [true, false] {
            let games = run.counters.tp;
            let mut first = true;
            while run.counters.tp == games {
                let first_lit = (0..ROWS).find(|&i| run.state.rows[i] > 0).unwrap();
                let (row, n) = if correct { best(run.state.rows) } else { (first_lit, 1) };
                for _ in 0..n {
                    run.press(Input::Row(row));
                }
                if first {
                    run.press(Input::Row((row + 1) % ROWS));
                    first = false;
                }
                if run.state.phase == Phase::Player && run.state.lock.is_some() {
                    run.press(Input::Mtr);
                }
            }
        }
        assert_eq!((run.counters.tp, run.counters.pwc, run.counters.mwc), (2, 1, 1));
        run.press(Input::Reset);
        run.check();
        assert!(run.got.len() > 50, "only {} lines", run.got.len());
    }
}
