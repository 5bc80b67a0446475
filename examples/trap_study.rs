//! The opening-1 trap of seed 001, studied step by step (issue 23).
//!
//! The document (`../shared/seeds/001_390fda4fe4d11080.txt`) says, lines
//! 527-554 (the OCR's misspellings corrected here; `docs/trap-study.md`
//! quotes it as written): "It was necessary to permanently blank one point in the memory,
//! column 5, row 2. ... On the first game, the human may play 1's whenever
//! it is his turn (till near the end of the game, when he plays to win) and
//! the machine will respond with 2's, the lowest legal reply ... During this
//! first game a mistake is recorded in column 7. This mistake causes the
//! machine, in subsequent games, to erroneously mark down a "winning" move
//! at row 2, column 5. This mistake, in turn, prevents the machine from
//! finding the only correct reply to an opening move of 1 by the human - 4.
//! Further, if the human opens with 1, the machine cannot play a 6, which
//! would otherwise eventually result in correction of the mistake at column
//! 7. Furthermore, correct play by the human will result in column 7 never
//! being examined by the machine."
//!
//! This program replays that scenario with the blank cell off, first by the
//! project's own oracle (`oracle::learning::machine_move`, reading A), then
//! by small variant models of the machine, one per reading of the text
//! (readings B..M below), and prints the memory after each game, the
//! evidence at (5, 2), and a verdict per reading. Then it searches every
//! path of games 2-4 (every correct choice of the human, every goof and
//! random pair of the machine), runs seeded random series of 40 games, and
//! finally tries every combination of the readings' switches.
//!
//! ```text
//! cargo run --release --example trap_study
//! cargo run --release --example trap_study -- --all   # also list every combination
//! cargo run --release --example trap_study -- --reading M --games 10   # one narrated replay
//! ```
//!
//! Nothing in `crates/oracles/src/learning.rs` or `designs/` is changed: the
//! variant model below is self-contained, and with reading A's switches it
//! is checked against `machine_move` before anything is printed.

use nimforge_oracles::counting::{allowed_after, table, GOAL, ROWS};
use nimforge_oracles::learning::{machine_move, random_pair, random_play, Human, Memory, Random, GOOF_PERIOD, SELECTOR};
use rustc_hash::FxHashSet;

// ---------------------------------------------------------------------------
// The readings: one switch per point the text can be read more than one way.
// ---------------------------------------------------------------------------

/// Which rows of column t + p photocell p sees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Photo {
    /// The rows of the legal answers to p (lines 406-407 "any one of four
    /// neons in a column"; 418-425 "the first photocell can see only rows 2,
    /// 3, 4, and 5 ... the second photocell ... 1, 3, 4, and 6"). The oracle.
    Legal,
    /// All six rows (against 406-407 and 418-425; a counterfactual).
    AllRows,
}

/// What the search (selector 4 stepping 1,2,3,4,5,6,5,4,3,2,1 at the
/// current total) writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Search {
    /// Every position it tries, legal or not, up to and including the play
    /// it stops at (lines 149-152, 173-176 "reads into its memory only up to
    /// and including that move", 448-452 "accordingly it lights the neon in
    /// column 13, row 5. If this move is legal the machine will make such a
    /// move. If not, it will continue"). The oracle.
    Tried,
    /// Only the legal positions: an illegal play is stepped over without a
    /// write pulse (a reading of 140-152, "Interconnections between 4 and S3
    /// test each move tried ... to see if it is legal. If the move being
    /// tried is a winning move, ... mark it"; against 448-452).
    LegalOnly,
    /// Every position, but an illegal one is written as losing: the
    /// legality test acts through relay 6, which also gives the write its
    /// polarity (a reading of 140-143 with 466-481; against 448-452).
    IllegalErased,
    /// The whole column every time, stopping or not (a reading of item (5),
    /// line 84 "read into memory both before and after machine play is
    /// added to total"; against 173-176).
    FullColumn,
}

/// What is written while selector 4 picks the random play (after a full
/// circuit without a legal winning play, or at once after a goof).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RandomWrites {
    /// Nothing (the oracle).
    Nothing,
    /// The positions it steps through, 1 up to the play, written as the
    /// scanner judges them (matters only after a goof, when the search did
    /// not run).
    Judged,
    /// "Relays 24 and 25 now substitute for relay 6" (lines 157-159), in the
    /// write path too: the random pair's positions are written as winning,
    /// the others erased, 1 up to the play.
    Substitute,
}

/// When the rewrite of the new total's column (lines 164-172) runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rewrite {
    /// After every machine play (lines 164-172). The oracle.
    Always,
    /// Never: the machine before item (5) of 12 October 1959 (line 84).
    Never,
    /// Only after a random play (item (5), lines 84-86, read as "random
    /// choice of losing play and read into memory ... after").
    AfterRandom,
    /// After every play, but judged with the scanner still at the old total
    /// (against 165-166 "Again the programmer waits for the memory scanner
    /// to get into position"; a counterfactual).
    Lagged,
}

/// The human's first game (lines 531-540): "1's whenever it is his turn
/// (till near the end of the game, when he plays to win)".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FirstGame {
    /// The project's `Human::Ones`: 1 whenever allowed; once a play can
    /// reach 18 (total 12 or more), the smallest winning play.
    Ones,
    /// 1 whenever allowed, and 18 at once when a legal play reaches it.
    StraightTo18,
    /// 1 whenever allowed, else the smallest legal play, to the end.
    OnesAlways,
}

#[derive(Clone, Copy, Debug)]
struct Reading {
    id: &'static str,
    what: &'static str,
    photo: Photo,
    search: Search,
    random: RandomWrites,
    rewrite: Rewrite,
    /// MEMORY PRELOAD before the first game (lines 115-116, 492-495).
    preload: bool,
    first: FirstGame,
    /// The cell at column 5, row 2 blanked (the document's cure).
    blank: bool,
}

const ORACLE: Reading = Reading {
    id: "A",
    what: "the project's oracle (machine_move): photocells see the legal rows; the search writes every position it tries up to its play; nothing written during a random play; the new total's column rewritten after every machine play",
    photo: Photo::Legal,
    search: Search::Tried,
    random: RandomWrites::Nothing,
    rewrite: Rewrite::Always,
    preload: false,
    first: FirstGame::Ones,
    blank: false,
};

fn readings() -> Vec<Reading> {
    let r = ORACLE;
    vec![
        r,
        Reading { id: "B", what: "the search steps over illegal plays without writing them (lines 140-152)", search: Search::LegalOnly, ..r },
        Reading { id: "C", what: "the search writes an illegal play as losing (legality through relay 6, lines 140-143, 466-481)", search: Search::IllegalErased, ..r },
        Reading {
            id: "D",
            what: "the search writes the whole column every time, as if selector 4 went on home at the old total after its play (item (5), line 84; against 173-176)",
            search: Search::FullColumn,
            ..r
        },
        Reading { id: "E", what: "the random play writes the positions it steps through, as the scanner judges them", random: RandomWrites::Judged, ..r },
        Reading { id: "F", what: "the random play writes through relays 24/25 substituting for relay 6 (lines 157-159)", random: RandomWrites::Substitute, ..r },
        Reading { id: "G", what: "no rewrite after the machine's play (the machine before 12 October 1959, line 84)", rewrite: Rewrite::Never, ..r },
        Reading { id: "H", what: "the rewrite only after a random play (item (5), lines 84-86)", rewrite: Rewrite::AfterRandom, ..r },
        Reading { id: "I", what: "the rewrite judged with the scanner still at the old total (against 165-166)", rewrite: Rewrite::Lagged, ..r },
        Reading { id: "J", what: "each photocell sees all six rows (against 406-407, 418-425)", photo: Photo::AllRows, ..r },
        Reading { id: "K", what: "MEMORY PRELOAD pressed before the first game (lines 115-116, 492-495)", preload: true, ..r },
        Reading { id: "L", what: "game 1: the human plays 1s and goes to 18 as soon as a legal play reaches it", first: FirstGame::StraightTo18, ..r },
        Reading { id: "M", what: "game 1: the human plays 1 whenever allowed, to the end", first: FirstGame::OnesAlways, ..r },
    ]
}

fn knobs(r: &Reading) -> String {
    format!(
        "photocells {:?}, search {:?}, random play writes {:?}, rewrite {:?}, preload {}, game 1 {:?}, blank {}",
        r.photo,
        r.search,
        r.random,
        r.rewrite,
        if r.preload { "on" } else { "off" },
        r.first,
        if r.blank { "on" } else { "off" }
    )
}

fn is_oracle(r: &Reading) -> bool {
    r.photo == Photo::Legal && r.search == Search::Tried && r.random == RandomWrites::Nothing && r.rewrite == Rewrite::Always
}

// ---------------------------------------------------------------------------
// The machine, move by move, under a reading.
// ---------------------------------------------------------------------------

/// Photocell p at total t: does it see light (the play loses)?
fn losing(r: &Reading, m: &Memory, t: u8, p: u8) -> bool {
    match r.photo {
        Photo::Legal => m.losing(t, p),
        Photo::AllRows => {
            let after = t + p;
            // Past 18 the lit patch (rows 2 and 3, lines 427-433) is seen.
            after > GOAL || (after < GOAL && (1..=ROWS as u8).any(|q| m.get(after, q)))
        }
    }
}

/// One machine move's record.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    play: u8,
    /// The play was a random one (no legal winning play, or a goof).
    random: bool,
    goof: bool,
    /// The columns written (bit t for column t), and by which phase.
    searched: u32,
    rewritten: u32,
}

/// The variant model: `machine_move` with the reading's switches. With the
/// oracle's switches it is `machine_move` (checked in `self_check`).
fn machine_move_v(r: &Reading, m: &mut Memory, t: u8, h: u8, goof: bool, pair: u8) -> Move {
    let mut mv = Move { goof, ..Move::default() };
    let mut found = None;
    if !goof {
        match r.search {
            Search::FullColumn => {
                let mut wins = [false; 7];
                for p in 1..=ROWS as u8 {
                    wins[p as usize] = !losing(r, m, t, p);
                    m.write(t, p, wins[p as usize]);
                }
                mv.searched |= 1 << t;
                found = SELECTOR.iter().copied().find(|&p| wins[p as usize] && allowed_after(h, p));
            }
            _ => {
                for &p in &SELECTOR {
                    let legal = allowed_after(h, p);
                    if !legal && r.search == Search::LegalOnly {
                        continue;
                    }
                    let wins = !losing(r, m, t, p);
                    m.write(t, p, wins && (legal || r.search != Search::IllegalErased));
                    mv.searched |= 1 << t;
                    if wins && legal {
                        found = Some(p);
                        break;
                    }
                }
            }
        }
    }
    mv.random = found.is_none();
    let play = found.unwrap_or_else(|| random_play(h, pair));
    mv.play = play;
    if mv.random {
        // Selector 4 steps 1, 2, .. up to the play (lines 160-161, 261-264).
        match r.random {
            RandomWrites::Nothing => {}
            RandomWrites::Judged => {
                for p in 1..=play {
                    let wins = !losing(r, m, t, p);
                    m.write(t, p, wins);
                }
                mv.searched |= 1 << t;
            }
            RandomWrites::Substitute => {
                let (a, b) = random_pair(pair);
                for p in 1..=play {
                    m.write(t, p, p == a || p == b);
                }
                mv.searched |= 1 << t;
            }
        }
    }
    let after = t + play;
    let rewrite = match r.rewrite {
        Rewrite::Always | Rewrite::Lagged => true,
        Rewrite::Never => false,
        Rewrite::AfterRandom => mv.random,
    };
    if rewrite && after < GOAL {
        // "start from the selected play and advance to its home position"
        // (lines 166-172): positions play-1 ..= 10 of SELECTOR, every row.
        for &p in &SELECTOR[play as usize - 1..] {
            let from = if r.rewrite == Rewrite::Lagged { t } else { after };
            let wins = !losing(r, m, from, p);
            m.write(after, p, wins);
        }
        mv.rewritten |= 1 << after;
    }
    mv
}

/// The variant model with the oracle's switches makes the oracle's moves
/// and memories, over many random positions and memories.
fn self_check() {
    let mut rng = Random(0x5eed);
    for _ in 0..200_000 {
        let mut m = Memory::reset(rng.below(2) == 0);
        for c in m.cells.iter_mut() {
            *c = rng.below(64) as u8;
        }
        if m.blank {
            m.cells[4] &= !2;
        }
        let t = 1 + rng.below(17) as u8;
        let h = 1 + rng.below(6) as u8;
        let goof = rng.below(5) == 0;
        let pair = rng.below(4) as u8;
        let (mut a, mut b) = (m, m);
        let pa = machine_move(&mut a, t, h, goof, pair);
        let mv = machine_move_v(&Reading { blank: m.blank, ..ORACLE }, &mut b, t, h, goof, pair);
        assert_eq!((pa, a), (mv.play, b), "the variant model with the oracle's switches differs from machine_move");
    }
}

/// A machine move under a reading: the oracle's own function for reading
/// A's switches, the variant model otherwise.
fn machine(r: &Reading, m: &mut Memory, t: u8, h: u8, goof: bool, pair: u8) -> Move {
    if is_oracle(r) {
        // The oracle moves; the variant model, run beside it on a copy, only
        // records which columns were written (and must agree).
        let mut probe = *m;
        let mv = machine_move_v(r, &mut probe, t, h, goof, pair);
        let play = machine_move(m, t, h, goof, pair);
        assert_eq!((play, *m), (mv.play, probe));
        mv
    } else {
        machine_move_v(r, m, t, h, goof, pair)
    }
}

fn fresh(r: &Reading) -> Memory {
    let mut m = Memory::reset(r.blank);
    if r.preload {
        m.preload();
    }
    m
}

// ---------------------------------------------------------------------------
// The humans.
// ---------------------------------------------------------------------------

fn legal_after(last: u8) -> Vec<u8> {
    (1..=ROWS as u8).filter(|&p| last == 0 || allowed_after(last, p)).collect()
}

fn winning_after(t: u8, last: u8) -> Vec<u8> {
    let w = table();
    legal_after(last).into_iter().filter(|&p| t + p <= GOAL && w[t as usize][p as usize - 1]).collect()
}

/// Game 1's human (lines 531-540).
fn first_game_play(f: FirstGame, t: u8, last: u8, rng: &mut Random) -> u8 {
    let legal = legal_after(last);
    match f {
        FirstGame::Ones => Human::Ones.play(1, t, last, rng),
        FirstGame::StraightTo18 if t + 6 >= GOAL && legal.contains(&(GOAL - t)) => GOAL - t,
        FirstGame::StraightTo18 | FirstGame::OnesAlways => {
            if legal.contains(&1) {
                1
            } else {
                legal[0]
            }
        }
    }
}

/// Games 2 on (lines 546-550): "if the human opens with 1", "correct play by
/// the human": the project's `Human::Trap` (opens with 1, then the smallest
/// winning play, a random legal one when none wins).
fn later_play(game: usize, t: u8, last: u8, rng: &mut Random) -> u8 {
    Human::Trap.play(game, t, last, rng)
}

// ---------------------------------------------------------------------------
// Printing.
// ---------------------------------------------------------------------------

/// The memory, 17 columns by 6 rows, against the game's solution: `#` set
/// and winning, `X` set and losing (a mistake), `o` winning and not set,
/// `.` neither.
fn show(m: &Memory) -> String {
    let w = table();
    let mut s = String::from("         col");
    for t in 1..GOAL {
        s += &format!("{t:>3}");
    }
    s.push('\n');
    for p in 1..=ROWS as u8 {
        s += &format!("         row {p}");
        for t in 1..GOAL {
            let c = match (m.get(t, p), w[t as usize][p as usize - 1]) {
                (true, true) => '#',
                (true, false) => 'X',
                (false, true) => 'o',
                (false, false) => '.',
            };
            s += &format!("  {c}");
        }
        s.push('\n');
    }
    s
}

fn cells(list: &[(u8, u8)]) -> String {
    if list.is_empty() {
        "nothing".into()
    } else {
        list.iter().map(|(t, p)| format!("({t}, {p})")).collect::<Vec<_>>().join(" ")
    }
}

/// What photocell 2 sees at total 5 (column 7), what photocell 4 sees at
/// total 1 (column 5), and what the search would play at total 1 after an
/// opening 1 (no goof), on a copy.
fn evidence(r: &Reading, m: &Memory) -> String {
    let seen = |t: u8, p: u8| seen(r, m, t, p);
    let mut probe = *m;
    let mv = machine_move_v(r, &mut probe, 1, 1, false, 0);
    let reply = if mv.random { "no legal winning play: a random one".to_string() } else { format!("plays {}", mv.play) };
    format!(
        "(5, 2) {}; photocell 2 at total 5 sees {}; photocell 4 at total 1 sees {}; the search after an opening 1 {}",
        if m.get(5, 2) { "SET" } else { "dark" },
        cells(&seen(5, 2)),
        cells(&seen(1, 4)),
        reply
    )
}

// ---------------------------------------------------------------------------
// The scenario, narrated: game 1 (1s), then games 2.. (an opening 1 and
// correct play).
// ---------------------------------------------------------------------------

/// The cells photocell p sees at total t.
fn seen(r: &Reading, m: &Memory, t: u8, p: u8) -> Vec<(u8, u8)> {
    let after = t + p;
    (1..=ROWS as u8).filter(|&q| (r.photo == Photo::AllRows || allowed_after(p, q)) && m.get(after, q)).map(|q| (after, q)).collect()
}

struct GameLog {
    text: String,
    machine_won: bool,
    /// Writes to columns 5 and 7, each with whether (5, 2) was set before.
    touched: Vec<(String, bool)>,
    /// How (5, 2) came to be set in this game, if it did: a short key and
    /// the evidence.
    set_by: Option<(String, String)>,
    /// (the human's play, the machine's answer) for each exchange.
    exchanges: Vec<(u8, u8)>,
}

/// One game; `goofs` draws the goof flip-flop (one in seven) from `rng`;
/// `any_correct` lets the human of games 2.. choose at random among the
/// winning plays (else the project's `Human::Trap`, the smallest).
fn play_one(r: &Reading, m: &mut Memory, game: usize, rng: &mut Random, goofs: bool, any_correct: bool) -> GameLog {
    let (mut t, mut last) = (0u8, 0u8);
    let mut log = GameLog { text: String::new(), machine_won: false, touched: vec![], set_by: None, exchanges: vec![] };
    let mut text = Vec::new();
    loop {
        let h = if game == 1 {
            first_game_play(r.first, t, last, rng)
        } else if any_correct {
            let win = winning_after(t, last);
            let pool = if t == 0 {
                vec![1]
            } else if win.is_empty() {
                legal_after(last)
            } else {
                win
            };
            pool[rng.below(pool.len() as u64) as usize]
        } else {
            later_play(game, t, last, rng)
        };
        t += h;
        text.push(format!("H{h}>{t}"));
        if t >= GOAL {
            log.machine_won = t > GOAL;
            log.text = text.join(" ") + if t == GOAL { "  human wins" } else { "  human over 18: machine wins" };
            return log;
        }
        let goof = goofs && rng.below(GOOF_PERIOD as u64) == 0;
        let pair = rng.below(4) as u8;
        let before = *m;
        let mv = machine(r, m, t, h, goof, pair);
        let tag = if mv.goof {
            "g"
        } else if mv.random {
            "r"
        } else {
            ""
        };
        for c in [5u8, 7] {
            let what = if mv.searched >> c & 1 == 1 {
                Some(format!("search at {c} (game {game})"))
            } else if mv.rewritten >> c & 1 == 1 {
                Some(format!("rewrite after M{}{tag} to {c} (game {game})", mv.play))
            } else {
                None
            };
            if let Some(w) = what {
                log.touched.push((w, before.get(5, 2)));
            }
        }
        if !before.get(5, 2) && m.get(5, 2) && log.set_by.is_none() {
            let key =
                if t == 5 { format!("the search at total 5 (after H{h})") } else { format!("the rewrite of column 5 after M{}{tag} from total {t}", mv.play) };
            log.set_by = Some((
                key.clone(),
                format!(
                    "{key} in game {game}; just before, photocell 2 at total 5 saw {} in column 7, which held {}",
                    cells(&seen(r, &before, 5, 2)),
                    cells(&(1..=ROWS as u8).filter(|&q| before.get(7, q)).map(|q| (7, q)).collect::<Vec<_>>())
                ),
            ));
        }
        log.exchanges.push((h, mv.play));
        t += mv.play;
        text.push(format!("M{}{tag}>{t}", mv.play));
        if t >= GOAL {
            log.machine_won = t == GOAL;
            log.text = text.join(" ") + if t == GOAL { "  machine wins" } else { "  machine over 18: human wins" };
            return log;
        }
        last = mv.play;
    }
}

/// A game (from 2) whose opening 1 the machine did not answer with 4.
struct Miss {
    game: usize,
    /// What photocell 4 saw at total 1 (column 5, rows 1, 2, 5, 6).
    seen: Vec<(u8, u8)>,
}

/// What the narrated replay found.
struct Narrated {
    /// The first game at whose end (5, 2) is set, and how it was set.
    first_set: Option<(usize, String)>,
    misses: Vec<Miss>,
    set_at_end: bool,
    /// Writes to columns 5 and 7 while (5, 2) was set.
    touched_while_set: Vec<String>,
    game1_twos: bool,
    /// Column 7 after game 1: its mistakes, and its winners missing.
    game1_col7: [Vec<(u8, u8)>; 2],
    after_game1: Memory,
    memory: Memory,
}

impl Narrated {
    /// The trap as the document tells it: (5, 2) set, and then the machine
    /// missing 4 after an opening 1 with (5, 2) among what photocell 4 sees.
    fn trap(&self) -> bool {
        // A miss is recorded from game 2 on, with what photocell 4 saw at
        // the start of that game: (5, 2) among it means it was set then.
        self.misses.iter().any(|x| x.seen.contains(&(5, 2)))
    }
    /// ... with (5, 2) the only cell photocell 4 sees.
    fn sole(&self) -> bool {
        self.trap() && self.misses.iter().any(|x| x.seen == vec![(5, 2)])
    }
}

fn narrate(r: &Reading, games: usize, print: bool) -> Narrated {
    let mut m = fresh(r);
    let mut rng = Random(1);
    let w = table();
    let mut out = Narrated {
        first_set: None,
        misses: vec![],
        set_at_end: false,
        touched_while_set: vec![],
        game1_twos: false,
        game1_col7: [vec![], vec![]],
        after_game1: m,
        memory: m,
    };
    for g in 1..=games {
        let photocell4 = seen(r, &m, 1, 4);
        let log = play_one(r, &mut m, g, &mut rng, false, false);
        if g == 1 {
            // "the machine will respond with 2's" to the human's 1s.
            out.game1_twos = log.exchanges.iter().filter(|e| e.0 == 1).all(|e| e.1 == 2);
            out.game1_col7 = [
                (1..=ROWS as u8).filter(|&p| m.get(7, p) && !w[7][p as usize - 1]).map(|p| (7, p)).collect(),
                (1..=ROWS as u8).filter(|&p| !m.get(7, p) && w[7][p as usize - 1]).map(|p| (7, p)).collect(),
            ];
            out.after_game1 = m;
        } else if log.exchanges.first().is_none_or(|e| e.1 != 4) {
            out.misses.push(Miss { game: g, seen: photocell4 });
        }
        out.touched_while_set.extend(log.touched.iter().filter(|x| x.1).map(|x| x.0.clone()));
        if m.get(5, 2) && out.first_set.is_none() {
            out.first_set = Some((g, log.set_by.clone().map_or_else(|| "set before this game".into(), |x| x.1)));
        }
        if print {
            let (right, wrong, missing) = m.score();
            println!("  game {g}: {}", log.text);
            let touched: Vec<String> = log.touched.iter().map(|x| x.0.clone()).collect();
            println!("    columns 5 and 7 written: {}", if touched.is_empty() { "neither".to_string() } else { touched.join(", ") });
            if let Some(s) = &log.set_by {
                println!("    (5, 2) SET in this game by {}", s.1);
            }
            println!("    memory after game {g} ({right} right, {wrong} mistakes, {missing} winners missing):");
            print!("{}", show(&m));
            println!("    {}", evidence(r, &m));
        }
    }
    out.set_at_end = m.get(5, 2);
    out.memory = m;
    out
}

// ---------------------------------------------------------------------------
// Every path: games 2..=1+k from the memory after the narrated game 1, every
// correct choice of the human (an opening 1; any winning play; any legal
// play when none wins), every goof and random pair of the machine.
// ---------------------------------------------------------------------------

fn pack(m: &Memory, t: u8, last: u8) -> u128 {
    let mut x = 0u128;
    for (i, c) in m.cells.iter().enumerate() {
        x |= (*c as u128) << (6 * i);
    }
    x | (t as u128) << 102 | (last as u128) << 107
}

fn unpack(x: u128, blank: bool) -> (Memory, u8, u8) {
    let mut m = Memory::reset(blank);
    for (i, c) in m.cells.iter_mut().enumerate() {
        *c = (x >> (6 * i) & 63) as u8;
    }
    (m, (x >> 102 & 31) as u8, (x >> 107 & 7) as u8)
}

struct Exhaustive {
    /// Per game: distinct memories at its end, and how many have (5, 2) set.
    per_game: Vec<(usize, usize, usize)>,
    /// The first game in which some machine move left (5, 2) set.
    first_set_in_game: Option<usize>,
    /// The first game in which some path's search, answering an opening 1
    /// with (5, 2) set, did not find 4.
    trapped_in_game: Option<usize>,
    stopped: Option<usize>,
}

const STATE_LIMIT: usize = 12_000_000;

fn exhaustive(r: &Reading, start: Memory, k: usize) -> Exhaustive {
    let mut out = Exhaustive { per_game: vec![], first_set_in_game: None, trapped_in_game: None, stopped: None };
    let mut boundary: FxHashSet<u128> = FxHashSet::default();
    boundary.insert(pack(&start, 0, 0));
    for g in 2..=1 + k {
        let mut ends: FxHashSet<u128> = FxHashSet::default();
        let mut front = boundary;
        let mut positions = 0usize;
        while !front.is_empty() {
            let mut next: FxHashSet<u128> = FxHashSet::default();
            for &x in &front {
                let (m, t, last) = unpack(x, r.blank);
                let win = winning_after(t, last);
                let humans = if t == 0 {
                    vec![1]
                } else if win.is_empty() {
                    legal_after(last)
                } else {
                    win
                };
                for h in humans {
                    let t1 = t + h;
                    if t1 >= GOAL {
                        ends.insert(pack(&m, 0, 0));
                        continue;
                    }
                    for goof in [false, true] {
                        for pair in 0..4u8 {
                            let mut m2 = m;
                            let mv = machine(r, &mut m2, t1, h, goof, pair);
                            if !goof && !mv.random && pair > 0 {
                                // The pair matters only for a random play.
                                break;
                            }
                            if t1 == 1 && !goof && mv.play != 4 && m.get(5, 2) && out.trapped_in_game.is_none() {
                                out.trapped_in_game = Some(g);
                            }
                            if m2.get(5, 2) && out.first_set_in_game.is_none() {
                                out.first_set_in_game = Some(g);
                            }
                            let t2 = t1 + mv.play;
                            if t2 >= GOAL {
                                ends.insert(pack(&m2, 0, 0));
                            } else {
                                next.insert(pack(&m2, t2, mv.play));
                            }
                        }
                    }
                }
            }
            positions += next.len();
            if positions > STATE_LIMIT {
                out.stopped = Some(g);
                return out;
            }
            front = next;
        }
        let set = ends.iter().filter(|&&x| unpack(x, r.blank).0.get(5, 2)).count();
        out.per_game.push((g, ends.len(), set));
        boundary = ends;
    }
    out
}

// ---------------------------------------------------------------------------
// Seeded random series: game 1 as narrated, then games with goofs on and the
// human choosing at random among the correct plays.
// ---------------------------------------------------------------------------

struct Series {
    runs: usize,
    /// Runs with (5, 2) set at the end of game 2, 5, 10, 20, 40.
    set_at: [usize; 5],
    /// Runs with (5, 2) set at the end of the last game.
    at_end: usize,
    /// Runs in which (5, 2) was set at the end of some game.
    ever: usize,
    /// Games 21 on: how many, the machine's wins, openings answered with 4.
    late_games: usize,
    late_wins: usize,
    late_fours: usize,
    /// Games 21 on whose opening 1 the search did not answer with 4 while
    /// photocell 4 saw (5, 2) and nothing else.
    late_alone: usize,
    /// The games (from 2) that ended with (5, 2) newly set, by how it was set.
    how: Vec<(String, usize)>,
    /// Games ended with (5, 2) set, over all runs (from game 2).
    games_set: usize,
    /// The first time a run's game ended with (5, 2) newly set: the run, and
    /// how (with column 7 just before).
    first: Option<(usize, String)>,
    /// Cells right, wrong, missing after the last game, summed over runs.
    score: (usize, usize, usize),
}

const CHECKPOINTS: [usize; 5] = [2, 5, 10, 20, 40];

fn series(r: &Reading, runs: usize, games: usize, any_correct: bool) -> Series {
    let mut s = Series {
        runs,
        set_at: [0; 5],
        at_end: 0,
        ever: 0,
        late_games: 0,
        late_wins: 0,
        late_fours: 0,
        late_alone: 0,
        how: vec![],
        games_set: 0,
        first: None,
        score: (0, 0, 0),
    };
    for run in 0..runs {
        let mut m = fresh(r);
        let mut rng = Random(0x9e37_79b9_7f4a_7c15 ^ ((run as u64 + 1) * 7919));
        let mut ever = false;
        for g in 1..=games {
            let was = m.get(5, 2);
            let photocell4 = seen(r, &m, 1, 4);
            let log = play_one(r, &mut m, g, &mut rng, g > 1, any_correct);
            ever |= g > 1 && m.get(5, 2);
            if g > 1 && m.get(5, 2) {
                s.games_set += 1;
                if !was {
                    let key = log.set_by.as_ref().map_or("set and erased and set again in one game".to_string(), |x| x.0.clone());
                    if s.first.is_none() {
                        s.first = log.set_by.as_ref().map(|x| (run, x.1.clone()));
                    }
                    match s.how.iter_mut().find(|x| x.0 == key) {
                        Some(x) => x.1 += 1,
                        None => s.how.push((key, 1)),
                    }
                }
            }
            if let Some(i) = CHECKPOINTS.iter().position(|&c| c == g) {
                s.set_at[i] += m.get(5, 2) as usize;
            }
            if g > 20 {
                s.late_games += 1;
                s.late_wins += log.machine_won as usize;
                let four = log.exchanges.first().map(|e| e.1) == Some(4);
                s.late_fours += four as usize;
                s.late_alone += (!four && photocell4 == vec![(5, 2)]) as usize;
            }
        }
        s.ever += ever as usize;
        s.at_end += m.get(5, 2) as usize;
        let (a, b, c) = m.score();
        s.score = (s.score.0 + a, s.score.1 + b, s.score.2 + c);
    }
    s
}

fn pct(n: usize, d: usize) -> String {
    format!("{:.0}%", 100.0 * n as f64 / d.max(1) as f64)
}

fn misses(n: &Narrated) -> String {
    if n.misses.is_empty() {
        return "none".into();
    }
    n.misses.iter().map(|x| format!("game {} (photocell 4 saw {})", x.game, cells(&x.seen))).collect::<Vec<_>>().join("; ")
}

// ---------------------------------------------------------------------------

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let all = args.iter().any(|a| a == "--all");
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    self_check();
    if let Some(id) = value("--reading") {
        // One reading's narrated replay only, for as many games as asked.
        let games: usize = value("--games").and_then(|g| g.parse().ok()).unwrap_or(6).clamp(1, 1000);
        let Some(r) = readings().into_iter().find(|r| r.id == id) else {
            eprintln!("--reading {id}: give one of A..M");
            std::process::exit(2);
        };
        println!("=== Reading {}: {}", r.id, r.what);
        println!("    switches: {}", knobs(&r));
        narrate(&r, games, true);
        return;
    }
    println!("Self-check: the variant model with the oracle's switches makes machine_move's plays and memories (200,000 random moves).");
    println!();
    println!("Memory legend: # set and winning, X set and losing (a mistake), o winning and not set, . neither.");
    println!("Moves: H1>1 = the human plays 1, total 1; M2>3 = the machine plays 2; r = a random play (no legal winning play), g = a goof.");
    println!("Game 1 is the document's first game (lines 531-542); games 2-6: the human opens with 1 and plays correctly (lines 546-550:");
    println!("the project's Human::Trap, the smallest winning play, a random legal one when none wins); the machine without goofs (the");
    println!("narration has none); the human's random plays and the machine's random pairs from Random(1).");
    println!();

    let narrated_games = 6;
    let mut verdicts = Vec::new();
    for r in readings() {
        println!("=== Reading {}: {}", r.id, r.what);
        println!("    switches: {}", knobs(&r));
        let n = narrate(&r, narrated_games, true);
        let nb = narrate(&Reading { blank: true, ..r }, narrated_games, false);
        let ex = exhaustive(&r, n.after_game1, 3);
        let se = series(&r, 1000, 40, true);
        let sb = series(&Reading { blank: true, ..r }, 1000, 40, true);
        let st = series(&r, 1000, 40, false);
        let stb = series(&Reading { blank: true, ..r }, 1000, 40, false);
        println!("  every path of games 2-4 (every correct human choice, every goof and random pair):");
        for (g, total, set) in &ex.per_game {
            println!("    after game {g}: {total} distinct memories, {set} with (5, 2) set");
        }
        if let Some(g) = ex.stopped {
            println!("    stopped in game {g}: more than {STATE_LIMIT} positions");
        }
        println!(
            "    some machine move leaves (5, 2) set: {}; some path's search misses 4 after an opening 1 with (5, 2) set: {}",
            ex.first_set_in_game.map_or("never".to_string(), |g| format!("yes, first in game {g}")),
            ex.trapped_in_game.map_or("never".to_string(), |g| format!("yes, first in game {g}"))
        );
        println!(
            "  1000 seeded series of 40 games (goofs on from game 2, the human's correct plays at random): (5, 2) set at the end of game 2/5/10/20/40 in {} / {} / {} / {} / {} of the runs, at the end of some game in {};",
            pct(se.set_at[0], se.runs),
            pct(se.set_at[1], se.runs),
            pct(se.set_at[2], se.runs),
            pct(se.set_at[3], se.runs),
            pct(se.set_at[4], se.runs),
            pct(se.ever, se.runs),
        );
        if !se.how.is_empty() {
            let mut how = se.how.clone();
            how.sort_by_key(|x| std::cmp::Reverse(x.1));
            let episodes: usize = how.iter().map(|x| x.1).sum();
            println!(
                "    (5, 2) newly set at the end of a game {episodes} times, lasting {:.1} games on average; set by: {}",
                se.games_set as f64 / episodes as f64,
                how.iter().take(4).map(|x| format!("{} ({})", x.0, x.1)).collect::<Vec<_>>().join("; ")
            );
        }
        if let Some((run, how)) = &se.first {
            println!("    the first such game (series {run}): {how}");
        }
        println!(
            "    games 21-40: the opening 1 answered with 4 in {} of them (blank on: {}), the machine won {} (blank on: {})",
            pct(se.late_fours, se.late_games),
            pct(sb.late_fours, sb.late_games),
            pct(se.late_wins, se.late_games),
            pct(sb.late_wins, sb.late_games)
        );
        println!(
            "    games 21-40 whose opening 1 was not answered with 4 while photocell 4 saw (5, 2) and nothing else: {}",
            pct(se.late_alone, se.late_games)
        );
        println!(
            "  the same 1000 series with the project's Human::Trap (the smallest winning play): (5, 2) set after game 10/20/40 in {} / {} / {}, at the end of some game in {}; games 21-40 answered with 4: {} (blank on: {}), missed with (5, 2) alone: {}",
            pct(st.set_at[2], st.runs),
            pct(st.set_at[3], st.runs),
            pct(st.set_at[4], st.runs),
            pct(st.ever, st.runs),
            pct(st.late_fours, st.late_games),
            pct(stb.late_fours, stb.late_games),
            pct(st.late_alone, st.late_games)
        );
        let mean =
            |x: &Series| format!("{:.1}/{:.1}/{:.1}", x.score.0 as f64 / x.runs as f64, x.score.1 as f64 / x.runs as f64, x.score.2 as f64 / x.runs as f64);
        println!("    cells right/wrong/missing after game 40 (of 27 winning cells): {} (blank on: {})", mean(&se), mean(&sb));
        let lines = [
            format!(
                "T1 game 1 answered with 2s: {}; column 7 after it: mistakes {}, winners missing {}",
                if n.game1_twos { "yes" } else { "NO" },
                cells(&n.game1_col7[0]),
                cells(&n.game1_col7[1])
            ),
            format!(
                "T2 (5, 2) marked winning in a later game: {}",
                match &n.first_set {
                    Some((g, how)) if *g >= 2 => format!("yes, by the end of game {g}: {how}"),
                    Some((g, how)) => format!("already in game {g}: {how}"),
                    None => format!("no, in none of the {narrated_games} narrated games"),
                }
            ),
            format!("T3 the opening 1 not answered with 4: {}", misses(&n)),
            format!(
                "T4 (5, 2) still set after game {narrated_games}: {}; columns 5 and 7 written while it was set: {}; series: set after game 10/20/40 in {} / {} / {}",
                if n.set_at_end { "yes" } else { "no" },
                if n.touched_while_set.is_empty() { "never".to_string() } else { n.touched_while_set.join(", ") },
                pct(se.set_at[2], se.runs),
                pct(se.set_at[3], se.runs),
                pct(se.set_at[4], se.runs)
            ),
            format!(
                "T5 with the blank on: opening 1 not answered with 4 in {}; series games 21-40 answered with 4: {} blank off, {} blank on",
                misses(&nb),
                pct(se.late_fours, se.late_games),
                pct(sb.late_fours, sb.late_games)
            ),
        ];
        let verdict = if n.trap() {
            format!(
                "THE TRAP APPEARS{}: (5, 2) is set in game {} and photocell 4 sees it when the machine misses 4{}",
                if n.sole() { "" } else { " (but never alone)" },
                n.first_set.as_ref().unwrap().0,
                if n.sole() { " (alone in some game)" } else { ", always beside other wrong cells of column 5" }
            )
        } else {
            "no trap: (5, 2) is not set, or not what hides 4, in the narrated replay".to_string()
        };
        for l in &lines {
            println!("  {l}");
        }
        println!("  VERDICT {}: {verdict}", r.id);
        println!();
        verdicts.push((r.id, verdict));
    }

    // Every combination of the switches.
    println!("=== Every combination of the switches (photocells x search x random writes x rewrite x preload x game 1), blank off");
    println!("    trap = in the narrated replay (10 games) (5, 2) is set and photocell 4 sees it when the machine misses 4 (games 2-10);");
    println!("    alone = in some such game it is the only cell photocell 4 sees; kept = still set after game 10;");
    println!("    series = 200 seeded 30-game series (goofs on): share with (5, 2) set after game 30, and share of games 21-30 whose");
    println!("    opening 1 is answered with 4, blank off / blank on");
    let mut combos = Vec::new();
    for photo in [Photo::Legal, Photo::AllRows] {
        for search in [Search::Tried, Search::LegalOnly, Search::IllegalErased, Search::FullColumn] {
            for random in [RandomWrites::Nothing, RandomWrites::Judged, RandomWrites::Substitute] {
                for rewrite in [Rewrite::Always, Rewrite::Never, Rewrite::AfterRandom, Rewrite::Lagged] {
                    for preload in [false, true] {
                        for first in [FirstGame::Ones, FirstGame::StraightTo18, FirstGame::OnesAlways] {
                            combos.push(Reading { id: "*", what: "", photo, search, random, rewrite, preload, first, blank: false });
                        }
                    }
                }
            }
        }
    }
    struct Row {
        r: Reading,
        trap: bool,
        alone: bool,
        kept: bool,
        set30: usize,
        fours_off: String,
        fours_on: String,
    }
    let mut rows = Vec::new();
    for r in &combos {
        let n = narrate(r, 10, false);
        let off = series(r, 200, 30, true);
        let on = series(&Reading { blank: true, ..*r }, 200, 30, true);
        rows.push(Row {
            r: *r,
            trap: n.trap(),
            alone: n.sole(),
            kept: n.trap() && n.set_at_end,
            set30: off.at_end,
            fours_off: pct(off.late_fours, off.late_games),
            fours_on: pct(on.late_fours, on.late_games),
        });
    }
    println!(
        "    {} combinations: the trap appears in {}, with (5, 2) alone in {}, kept to game 10 in {}.",
        rows.len(),
        rows.iter().filter(|x| x.trap).count(),
        rows.iter().filter(|x| x.alone).count(),
        rows.iter().filter(|x| x.kept).count()
    );
    let group = |name: &str, f: &dyn Fn(&Reading) -> String| {
        let mut seen_keys: Vec<String> = Vec::new();
        for x in &rows {
            let k = f(&x.r);
            if seen_keys.contains(&k) {
                continue;
            }
            let of: Vec<&Row> = rows.iter().filter(|y| f(&y.r) == k).collect();
            println!("    {name} {k}: trap in {} of {}", of.iter().filter(|y| y.trap).count(), of.len());
            seen_keys.push(k);
        }
    };
    group("photocells", &|r| format!("{:?}", r.photo));
    group("search", &|r| format!("{:?}", r.search));
    group("random writes", &|r| format!("{:?}", r.random));
    group("rewrite", &|r| format!("{:?}", r.rewrite));
    group("preload", &|r| format!("{}", r.preload));
    group("game 1", &|r| format!("{:?}", r.first));
    if let Some(x) = rows.iter().filter(|x| !x.trap).max_by_key(|x| x.set30) {
        println!(
            "    without the narrated trap, the most series with (5, 2) set after game 30: {} ({:?} {:?} {:?} {:?} preload={} {:?})",
            pct(x.set30, 200),
            x.r.photo,
            x.r.search,
            x.r.random,
            x.r.rewrite,
            x.r.preload,
            x.r.first
        );
    }
    let show_row = |x: &Row| {
        println!(
            "      {:?} {:?} {:?} {:?} preload={} {:?}: trap {} alone {} kept {}; series {} set, 4 answered {} / {}",
            x.r.photo,
            x.r.search,
            x.r.random,
            x.r.rewrite,
            x.r.preload,
            x.r.first,
            x.trap,
            x.alone,
            x.kept,
            pct(x.set30, 200),
            x.fours_off,
            x.fours_on
        )
    };
    if all {
        for x in &rows {
            show_row(x);
        }
    } else {
        println!("    the combinations with the trap (--all lists every one):");
        for x in rows.iter().filter(|x| x.trap) {
            show_row(x);
        }
    }
    println!();
    println!("=== Verdicts");
    for (id, v) in verdicts {
        println!("  {id}: {v}");
    }
}
