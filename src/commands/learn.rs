//! `nimforge learn`: games between a scripted human and the cycle-accurate
//! learning machine (its design in the rust-hdl simulation, the `rtl`
//! level), from a reset memory; after each game the winner and how many
//! memory cells are right, wrong and missing against the game's solution
//! (`oracle::counting`); `--plot` draws that learning curve as SVG.

use crate::oracle::counting::{table, GOAL};
use crate::oracle::learning::{Human, Press, Random};
use crate::verify::learning::{memory_of, Learning};
use crate::verify::driver::Driver;
use askama::Template;
use nimforge_designs::learning::Learning as Design;
use std::path::Path;

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
    fn game(&mut self, human: Human, number: usize, rng: &mut Random) -> Result<u64, String> {
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
            0 => Err(format!("game {number} did not end within {GOAL} plays of the human's")),
            w => Ok(w),
        }
    }

    fn memory(&self) -> crate::oracle::learning::Memory {
        let words: Vec<u64> = ["memory_a", "memory_b", "memory_c", "memory_d"].iter().map(|n| self.get(n)).collect();
        memory_of(&words, self.blank)
    }
}

/// `games` games from a reset memory.
pub fn games(games: usize, human: Human, seed: u64, blank: bool) -> Result<Vec<GameReport>, String> {
    games_read(games, human, seed, blank, false)
}

/// The same, and with `search_skips_illegal` the machine under the trap
/// study's reading B (`docs/trap-study.md`).
pub fn games_read(games: usize, human: Human, seed: u64, blank: bool, search_skips_illegal: bool) -> Result<Vec<GameReport>, String> {
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

/// `nimforge learn`: `games_n` games (1..=100000) against `human` from `seed`, with the
/// blanked cell and the trap study's reading B as `(blank, skips)`; prints the table or
/// JSON lines, and with `plot` writes the learning curve as SVG.
pub fn run(games_n: usize, human: Human, seed: u64, (blank, skips): (bool, bool), json: bool, plot: Option<&Path>) -> Result<i32, String> {
    if !(1..=100_000).contains(&games_n) {
        return Err(format!("--games {games_n}: give a number of games from 1 to 100000"));
    }
    if let Some(p) = plot {
        check_writable(p)?;
    }
    let reports = games_read(games_n, human, seed, blank, skips)?;
    if json {
        for r in &reports {
            super::print_json(r);
        }
    } else {
        let rows: Vec<Vec<String>> = reports
            .iter()
            .map(|r| {
                let trap = if r.trapped { "(5, 2) lit, 4 at 1 not" } else { "" };
                vec![r.game.to_string(), r.winner.clone(), r.right.to_string(), r.wrong.to_string(), r.missing.to_string(), trap.to_string()]
            })
            .collect();
        println!("{}", crate::emit::report::table(&["game", "winner", "right", "wrong", "missing", "trap"], &rows, &[true, false, true, true, true, false]));
        let won = reports.iter().filter(|r| r.winner == "machine").count();
        let trapped = reports.iter().filter(|r| r.trapped).count();
        println!(
            "the machine won {won} of {games_n} games; {trapped} ended in the opening-1 trap; the game's solution has {} winning cells",
            winning_cells()
        );
    }
    if let Some(p) = plot {
        let title = format!(
            "The learning machine against a {} human{}, seed {seed}",
            format!("{human:?}").to_lowercase(),
            if blank { "" } else { ", blank cell off" }
        ) + if skips { ", the search writing legal plays only" } else { "" };
        write_atomically(p, &svg(&reports, &title))?;
    }
    Ok(0)
}

/// The cells a fully learned memory holds.
pub fn winning_cells() -> usize {
    let w = table();
    (1..GOAL as usize).map(|t| w[t].iter().filter(|&&x| x).count()).sum()
}

fn check_writable(p: &Path) -> Result<(), String> {
    if p.extension().and_then(|e| e.to_str()) != Some("svg") {
        return Err(format!("--plot {}: the plot is SVG; give a file name ending in .svg", p.display()));
    }
    let dir = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(format!("--plot {}: the directory {} does not exist; create it or choose another", p.display(), dir.display()));
    }
    Ok(())
}

/// Written whole or not at all ([`crate::files`]).
fn write_atomically(p: &Path, text: &str) -> Result<(), String> {
    crate::files::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
}

struct Tick {
    at: i64,
    label: String,
}

struct Series {
    name: String,
    colour: &'static str,
    points: String,
    /// Where its line of the legend stands.
    legend: i64,
}

#[derive(Template)]
#[template(path = "learning.svg.j2", escape = "none")]
struct Plot {
    title: String,
    width: i64,
    height: i64,
    left: i64,
    right: i64,
    top: i64,
    bottom: i64,
    x_ticks: Vec<Tick>,
    y_ticks: Vec<Tick>,
    series: Vec<Series>,
    human_wins: Vec<i64>,
    legend_end: i64,
}

/// The learning curve: right, wrong and missing cells after each game.
pub fn svg(reports: &[GameReport], title: &str) -> String {
    let (width, height, left, right, top, bottom) = (720i64, 400i64, 60i64, 700i64, 40i64, 340i64);
    let n = reports.len().max(1) as i64;
    let highest = reports.iter().map(|r| r.right.max(r.wrong).max(r.missing)).max().unwrap_or(0).max(winning_cells());
    let y_max = (highest as i64 + 9) / 10 * 10;
    let x = |g: usize| left + (right - left) * g as i64 / n;
    let y = |v: usize| bottom - (bottom - top) * v as i64 / y_max;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000].into_iter().find(|s| n / *s as i64 <= 10).unwrap_or(20000);
    let x_ticks = (0..=reports.len()).step_by(step).map(|g| Tick { at: x(g), label: g.to_string() }).collect();
    let y_ticks = (0..=y_max as usize).step_by(10).map(|v| Tick { at: y(v), label: v.to_string() }).collect();
    let line = |f: &dyn Fn(&GameReport) -> usize| {
        std::iter::once(format!("{},{}", x(0), y(0)))
            .chain(reports.iter().map(|r| format!("{},{}", x(r.game), y(f(r)))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let missing_start = winning_cells();
    let missing = std::iter::once(format!("{},{}", x(0), y(missing_start)))
        .chain(reports.iter().map(|r| format!("{},{}", x(r.game), y(r.missing))))
        .collect::<Vec<_>>()
        .join(" ");
    let series = vec![
        Series { name: "right".into(), colour: "#1a7f37", points: line(&|r| r.right), legend: top + 13 },
        Series { name: "wrong".into(), colour: "#cf222e", points: line(&|r| r.wrong), legend: top + 31 },
        Series { name: "missing".into(), colour: "#8250df", points: missing, legend: top + 49 },
    ];
    let human_wins = reports.iter().filter(|r| r.winner == "human").map(|r| x(r.game)).collect();
    Plot { title: title.into(), width, height, left, right, top, bottom, x_ticks, y_ticks, series, human_wins, legend_end: top + 67 }
        .render()
        .expect("the plot template renders")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command's games are the design's: the same seed gives the same
    /// games, and the scores are the memory the design shows.
    #[test]
    fn the_curve_is_drawn_from_the_games() {
        let r = games(12, Human::Perfect, 7, true).unwrap();
        assert_eq!(r, games(12, Human::Perfect, 7, true).unwrap());
        assert!(r.iter().all(|g| g.right + g.missing == winning_cells()));
        let s = svg(&r, "t");
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert_eq!(s.matches("<polyline").count(), 3);
    }
}
