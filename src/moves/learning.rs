//! `nimforge learn`'s games: a scripted human against the cycle-accurate
//! learning machine (its design in the rust-hdl simulation, the `rtl`
//! level) from a reset memory; after each game the winner and how many
//! memory cells are right, wrong and missing against the game's solution
//! (`nimforge_oracles::counting`).

use crate::harness::learning::{memory_of, Learning};
use nimforge_designs::learning::Learning as Design;
use nimforge_oracles::counting::{table, GOAL};
use nimforge_oracles::learning::{Human, Press, Random};
use nimforge_verify::clocked::Driver;

/// One game's outcome and the memory after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameReport {
    /// The game's number, from 1.
    pub game: usize,
    /// "human" or "machine".
    pub winner: String,
    /// Memory cells set that are winning plays in the game's solution.
    pub right: usize,
    /// Memory cells set that are losing plays.
    pub wrong: usize,
    /// Winning cells not set.
    pub missing: usize,
    /// The document's opening-1 trap holds after the game: the cell at
    /// column 5, row 2 is lit and the winning reply 4 at total 1 is not.
    pub trapped: bool,
}

/// The design on the bench ([`Driver`]), pressed as a person would.
struct Machine_ {
    d: Driver<Learning>,
    blank: bool,
}

/// Clock cycles the programmer may take over one play (a search of six
/// rows and a rewrite of a column take a few dozen).
const PLAY_CYCLES: u64 = 1_000;

impl Machine_ {
    fn new(blank: bool, search_skips_illegal: bool) -> Machine_ {
        let mut d = Driver::with_design(Design::with_reading(blank, search_skips_illegal));
        d.press(Press::Reset);
        Machine_ { d, blank }
    }

    fn get(&self, name: &str) -> u64 {
        self.d.get(name)
    }

    /// One game from NEW GAME; the winner (1 human, 2 machine). A game to
    /// 18 ends within 18 of the human's plays; one that does not is an error.
    fn game(&mut self, human: Human, number: usize, rng: &mut Random) -> Result<u64, crate::Error> {
        self.d.press(Press::NewGame);
        for _ in 0..GOAL {
            if self.get("winner") != 0 {
                return Ok(self.get("winner"));
            }
            for _ in 0..Human::pause(rng) {
                self.d.press(Press::None);
            }
            let c = human.play(number, self.get("total") as u8, self.get("m_play") as u8, rng);
            self.d.press(Press::Play(c));
            self.d.wait("finish its play", PLAY_CYCLES, |d| d.get("phase") == 0)?;
        }
        match self.get("winner") {
            0 => Err(format!("game {number} did not end within {GOAL} plays of the human's").into()),
            w => Ok(w),
        }
    }

    fn memory(&self) -> nimforge_oracles::learning::Memory {
        let words: Vec<u64> = ["memory_a", "memory_b", "memory_c", "memory_d"].iter().map(|n| self.get(n)).collect();
        memory_of(&words, self.blank)
    }
}

/// `games` games from a reset memory.
pub fn games(games: usize, human: Human, seed: u64, blank: bool) -> Result<Vec<GameReport>, crate::Error> {
    games_read(games, human, seed, blank, false)
}

/// The same, and with `search_skips_illegal` the machine under the trap
/// study's reading B (`docs/trap-study.md`).
pub fn games_read(games: usize, human: Human, seed: u64, blank: bool, search_skips_illegal: bool) -> Result<Vec<GameReport>, crate::Error> {
    let mut m = Machine_::new(blank, search_skips_illegal);
    let mut rng = Random(seed.max(1));
    (1..=games)
        .map(|game| {
            let w = m.game(human, game, &mut rng)?;
            let memory = m.memory();
            let (right, wrong, missing) = memory.score();
            let trapped = memory.get(5, 2) && !memory.get(1, 4);
            Ok(GameReport { game, winner: if w == 1 { "human" } else { "machine" }.into(), right, wrong, missing, trapped })
        })
        .collect()
}

/// The cells a fully learned memory holds.
pub fn winning_cells() -> usize {
    let w = table();
    (1..GOAL as usize).map(|t| w[t].iter().filter(|&&x| x).count()).sum()
}
