//! The learning machine for the harness: its ports, its letters, the oracle
//! (`oracle::learning::State`) and the design (`designs::learning`) side by
//! side.
//!
//! No tour: the whole machine's state cannot be enumerated. The memory
//! alone is 102 bits (2^102 contents, of which learning can reach a great
//! many), times the total, both last plays, the programmer, selector 4, the
//! random pair, the goof flip-flop and the 16-bit LFSR that runs every
//! clock. So the machine is checked in parts and as a whole:
//!
//! - the scanner block exhaustively, in its own test
//!   (`designs/src/blocks/scanner.rs`): every photocell under every content
//!   of the column it looks at, at every total;
//! - the search and programmer against the move-level function
//!   (`oracle::learning::machine_move`) under every scanner result, legal
//!   mask, goof and random pair, in `tests` below, at `rtl`;
//! - the whole machine by lockstep co-simulation with its cycle-level
//!   oracle, every output after every clock, over [`SERIES`] x [`GAMES`]
//!   whole games against the four scripted humans with fixed seeds: the
//!   plan every level replays. Along the way each machine move is checked
//!   against the move-level function with the goof and pair it clamped, and
//!   each game against a referee's own count (every play allowed, the total
//!   the sum of the plays, the winner the side that reached 18 exactly or
//!   the other one past it). The runs also press what a person might:
//!   barred plays, 0 and 7 on the selector, presses while the programmer
//!   runs, PLAY after the game is over, MEMORY RESET and MEMORY PRELOAD.

use nimforge_designs::learning::Learning as Design;
use nimforge_oracles::counting::{allowed_after, COLUMNS, GOAL};
use nimforge_oracles::learning::{machine_move, Human, Memory, Phase, Press, Random, State, Winner};
use nimforge_verify::{Letter, Machine};

/// The learning machine as a [`Machine`].
pub struct Learning;

/// Series of games from a power-on reset, and games in each: the plan
/// every level replays.
pub const SERIES: usize = 60;
/// Games in each series of the plan.
pub const GAMES: usize = 170;
/// The deep runs of the bitsim levels ([`Machine::deep`]): series, games
/// in each (1,003,520 games), and series in a chunk.
pub const DEEP_SERIES: usize = 20_480;
/// Games in each deep series.
pub const DEEP_GAMES: usize = 49;
const DEEP_CHUNK: usize = 2_048;

/// Series `index` of `games` games from a power-on reset: the human is the
/// index's of the four scripted ones, a series of two starts from MEMORY
/// PRELOAD, one of three is careless ([`game`]'s mischief, PLAY after a
/// game's end, MEMORY RESET after every 50th game), and MEMORY PRELOAD is
/// pressed on the learned memory after every 23rd game. `anywhere`: MEMORY
/// PRELOAD and MEMORY RESET are also pressed at random points of the
/// series, between games and in the human's pauses (the deep runs).
pub fn series(s: &mut Script, index: usize, games: usize, anywhere: bool) -> Result<(), String> {
    let humans = [Human::Perfect, Human::Random, Human::Ones, Human::Trap];
    let human = humans[index % 4];
    let mut rng = Random(0x9e37_79b9_7f4a_7c15 ^ ((index as u64 + 1) * 0x2545_f491_4f6c_dd1d));
    s.push(Press::Reset);
    if index % 2 == 1 {
        s.push(Press::MemoryPreload);
    }
    let mischief = index % 3 == 2;
    for g in 0..games {
        game(s, human, g + 1, &mut rng, mischief, anywhere).map_err(|e| format!("series {index}, game {g}: {e}"))?;
        if mischief && rng.below(4) == 0 {
            s.push(Press::Play(1 + rng.below(6) as u8));
            if !s.state.illegal {
                return Err(format!("series {index}, game {g}: PLAY after the game was not refused"));
            }
        }
        if mischief && g % 50 == 49 {
            s.push(Press::MemoryReset);
        }
        // MEMORY PRELOAD pressed on a memory that has learned (every
        // series, at a game's end), so a PRELOAD that disturbs a learned
        // column is seen (issue 19's mutation of `columns$0$q | preload$0`).
        if g % 23 == 22 {
            s.push(Press::MemoryPreload);
        }
        if anywhere && rng.below(16) == 0 {
            s.push([Press::MemoryPreload, Press::MemoryReset][rng.below(2) as usize]);
        }
    }
    Ok(())
}

/// The memory as the four memory ports show it.
pub fn memory_words(m: &Memory) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (c, &cells) in m.cells.iter().enumerate() {
        w[c / 5] |= (cells as u64) << (6 * (c % 5));
    }
    w
}

/// The memory read back from the four memory ports.
pub fn memory_of(words: &[u64], blank: bool) -> Memory {
    let mut m = Memory::reset(blank);
    for c in 0..COLUMNS {
        m.cells[c] = (words[c / 5] >> (6 * (c % 5)) & 63) as u8;
    }
    m
}

/// A whole game recorded as letters, with the oracle following along
/// (a [`nimforge_verify::Recorder`] whose memory may start with a blanked cell).
pub struct Script {
    /// The letters pushed so far, one per clock cycle.
    pub letters: Vec<usize>,
    /// The oracle's state after the last of them.
    pub state: State,
    alphabet: Vec<Press>,
}

impl Script {
    /// An empty script from power-on, the memory's cell at column 5, row 2
    /// blanked when `blank`.
    pub fn new(blank: bool) -> Script {
        Script { letters: Vec::new(), state: State::power_on(blank), alphabet: Learning::alphabet() }
    }

    /// Clocks the oracle once under `press` and records its letter.
    pub fn push(&mut self, press: Press) {
        self.state = self.state.step(press);
        self.letters.push(<Learning as nimforge_verify::Machine>::letter_in(&self.alphabet, press));
    }

    /// Clocks with nothing pressed until the programmer is home.
    pub fn run_home(&mut self) {
        while self.state.phase != Phase::Idle {
            self.push(Press::None);
        }
    }
}

/// One whole game by `human`, from NEW GAME, every machine move checked
/// against the move-level function and the game against the referee.
/// `mischief` presses what a careless person might along the way;
/// `anywhere` presses MEMORY PRELOAD or MEMORY RESET now and then in the
/// human's pauses.
pub fn game(s: &mut Script, human: Human, number: usize, rng: &mut Random, mischief: bool, anywhere: bool) -> Result<Winner, String> {
    s.push(Press::NewGame);
    let (mut total, mut last_m) = (0u8, 0u8);
    loop {
        for _ in 0..Human::pause(rng) {
            s.push(Press::None);
        }
        if anywhere && rng.below(40) == 0 {
            // MEMORY PRELOAD or MEMORY RESET in the human's pause, mid-game.
            s.push([Press::MemoryPreload, Press::MemoryReset][rng.below(2) as usize]);
        }
        if mischief && rng.below(6) == 0 {
            // A barred play, or no play on the selector: refused.
            let c = if last_m != 0 && rng.below(2) == 0 { [last_m, 7 - last_m][rng.below(2) as usize] } else { [0, 7][rng.below(2) as usize] };
            let before = s.state;
            s.push(Press::Play(c));
            if !s.state.illegal || s.state.memory != before.memory || s.state.total != before.total {
                return Err(format!("PLAY {c} after the machine's {last_m} was not refused"));
            }
        }
        let h = human.play(number, total, last_m, rng);
        if last_m != 0 && !allowed_after(last_m, h) {
            return Err(format!("{human:?} chose a barred play {h}"));
        }
        let mut model = s.state.memory;
        s.push(Press::Play(h));
        total += h;
        if s.state.total != total {
            return Err(format!("total {} where the plays make {total}", s.state.total));
        }
        if total >= GOAL {
            let want = if total == GOAL { Winner::Human } else { Winner::Machine };
            return if s.state.winner == want { Ok(want) } else { Err(format!("winner {:?} at {total}, the referee says {want:?}", s.state.winner)) };
        }
        // The clamp, then the search or the random play.
        let goof = s.state.goof == 0;
        if mischief && rng.below(5) == 0 {
            s.push([Press::NewGame, Press::MemoryReset, Press::MemoryPreload, Press::Play(h)][rng.below(4) as usize]);
            if !s.state.illegal {
                return Err("a press while the programmer ran was not refused".into());
            }
        } else {
            s.push(Press::None);
        }
        let mut pair = None;
        while s.state.phase != Phase::Idle {
            if s.state.phase == Phase::Random {
                pair = Some(s.state.pair);
            }
            s.push(Press::None);
        }
        let p = machine_move(&mut model, total, h, goof, pair.unwrap_or(0));
        if s.state.m_play != p || s.state.memory != model {
            return Err(format!(
                "at total {total} after {h}: the cycles played {} and left another memory than the move-level function's play {p}",
                s.state.m_play
            ));
        }
        if !allowed_after(h, p) {
            return Err(format!("the machine played {p} after {h}"));
        }
        total += p;
        last_m = p;
        if s.state.total != total {
            return Err(format!("total {} where the plays make {total}", s.state.total));
        }
        if total >= GOAL {
            let want = if total == GOAL { Winner::Machine } else { Winner::Human };
            return if s.state.winner == want { Ok(want) } else { Err(format!("winner {:?} at {total}, the referee says {want:?}", s.state.winner)) };
        }
        if s.state.winner != Winner::Nobody {
            return Err(format!("a winner at total {total}"));
        }
    }
}

impl Machine for Learning {
    type State = State;
    type Extra = ();
    type Design = Design;
    type Press = Press;
    const NAME: &'static str = "learning";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &Design) -> Option<Design> {
        Some(design.clone())
    }

    nimforge_verify::ports!(Design;
        inputs: [reset, new_game, memory_reset, memory_preload, play, choice];
        outputs: [memory_a, memory_b, memory_c, memory_d, total, h_play, m_play, phase, selector, pair, goof, lfsr, winner, your_turn, illegal]);

    /// None, RESET, NEW GAME, MEMORY RESET, MEMORY PRELOAD, PLAY with the
    /// selector at 0..7.
    fn alphabet() -> Vec<Press> {
        [Press::None, Press::Reset, Press::NewGame, Press::MemoryReset, Press::MemoryPreload].into_iter().chain((0..8).map(Press::Play)).collect()
    }

    fn letter(press: Press) -> Letter {
        match press {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::NewGame => Letter::of::<Self>("NEW GAME", &[("new_game", 1)]),
            Press::MemoryReset => Letter::of::<Self>("MEMORY RESET", &[("memory_reset", 1)]),
            Press::MemoryPreload => Letter::of::<Self>("MEMORY PRELOAD", &[("memory_preload", 1)]),
            Press::Play(c) => Letter::of::<Self>(format!("PLAY {c}"), &[("play", 1), ("choice", c as u64)]),
        }
    }

    fn home() -> Option<Press> {
        Some(Press::Reset)
    }

    fn walks_tour() -> bool {
        false
    }

    fn power_on() -> State {
        State::power_on(true)
    }

    fn step(state: &State, press: Press) -> State {
        state.step(press)
    }

    fn observe(s: &State, _: &()) -> Vec<u64> {
        let m = memory_words(&s.memory);
        vec![
            m[0],
            m[1],
            m[2],
            m[3],
            s.total as u64,
            s.h_play as u64,
            s.m_play as u64,
            s.phase as u64,
            s.selector as u64,
            s.pair as u64,
            s.goof as u64,
            s.lfsr as u64,
            s.winner as u64,
            s.your_turn() as u64,
            s.illegal as u64,
        ]
    }

    /// [`SERIES`] series of [`GAMES`] games, each series from RESET against
    /// one scripted human (perfect, random, ones, the trap in turn), every other one
    /// after MEMORY PRELOAD, MEMORY PRELOAD again on the learned memory after
    /// every 23rd game, with a careless person's presses in every third;
    /// seeds fixed.
    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        let mut s = Script::new(true);
        for index in 0..SERIES {
            series(&mut s, index, GAMES, false).map_err(nimforge_verify::Error::Model)?;
        }
        Ok(s.letters)
    }

    /// [`DEEP_SERIES`] series of [`DEEP_GAMES`] games after the plan's, in
    /// chunks of 2,048 series (a lane each on two threads of 1,024 lanes).
    fn deep() -> Option<nimforge_verify::Deep> {
        Some(nimforge_verify::Deep {
            what: format!("{} games in {DEEP_SERIES} series from power-on", DEEP_SERIES * DEEP_GAMES),
            chunks: DEEP_SERIES.div_ceil(DEEP_CHUNK),
            chunk: |k| {
                let mut s = Script::new(true);
                for index in k * DEEP_CHUNK..((k + 1) * DEEP_CHUNK).min(DEEP_SERIES) {
                    series(&mut s, SERIES + index, DEEP_GAMES, true).map_err(nimforge_verify::Error::Model)?;
                }
                Ok(s.letters)
            },
        })
    }

    fn design() -> Design {
        Design::new(true)
    }
}

#[cfg(test)]
mod deep_tests {
    use super::*;

    /// A deep series presses MEMORY PRELOAD and MEMORY RESET mid-game (the
    /// total above 0) on a memory that has learned, as the issue asks; the
    /// plan's series never do mid-game, so the deep runs reach states the
    /// plan does not.
    #[test]
    fn deep_series_press_the_memory_buttons_mid_game() {
        let mut s = Script::new(true);
        series(&mut s, SERIES, DEEP_GAMES, true).unwrap();
        let alphabet = Learning::alphabet();
        let mut state = State::power_on(true);
        let (mut preload, mut reset) = (0, 0);
        for l in s.letters.iter().map(|&l| alphabet[l]) {
            let mut preloaded = Memory::reset(true);
            preloaded.preload();
            let learned = state.memory != Memory::reset(true) && state.memory != preloaded;
            if state.total > 0 && learned {
                preload += (l == Press::MemoryPreload) as usize;
                reset += (l == Press::MemoryReset) as usize;
            }
            state = state.step(l);
        }
        assert!(preload > 0 && reset > 0, "mid-game on a learned memory: {preload} PRELOAD, {reset} MEMORY RESET");
        let mut plan = Script::new(true);
        series(&mut plan, 0, DEEP_GAMES, false).unwrap();
        let mut state = State::power_on(true);
        for l in plan.letters.iter().map(|&l| alphabet[l]) {
            assert!(!(state.total > 0 && state.winner == Winner::Nobody && (l == Press::MemoryPreload || l == Press::MemoryReset) && !state.step(l).illegal));
            state = state.step(l);
        }
    }
}
