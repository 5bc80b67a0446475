//! Nimatron at the front panel: `nimforge move nimatron` and `nimforge
//! replay nimatron`, both on the cycle-accurate design (the `rtl` level),
//! driven through its inputs as a player would (`move` presets the position
//! first, which only the simulation allows).

use super::Out;
use crate::harness::nimatron::{Nimatron, Press};
use nimforge_designs::nimatron::{PLAYER, SETUP};
use nimforge_verify::clocked::Driver;

const LETTERS: [&str; 4] = ["a", "b", "c", "d"];

/// The longest wait for the machine: its move, the dimming of lamp M and
/// the set-up step each take far fewer clock cycles.
const PATIENCE: u64 = 1_000_000;

/// The design driven as a player would, with the outputs read after every
/// clock.
pub struct Panel {
    d: Driver<Nimatron>,
}

/// One move on the panel: who made it, the row, the lamps put out and the rows after.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Event {
    /// "player" or "machine".
    pub side: &'static str,
    /// The row's letter, "a".."d".
    pub row: String,
    /// Lamps put out.
    pub taken: u64,
    /// The machine's move: "correct" or "random"; none for the player's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Lamps lit in rows a..d after the move.
    pub after: Vec<u64>,
    /// Clock cycles the machine's move took; none for the player's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u64>,
}

/// A game's end as the set-up step counts it: the winner, the counters and the next game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameEnd {
    /// "player" or "machine".
    pub winner: &'static str,
    /// Counter TP: the total games played.
    pub tp: u64,
    /// Counter MWC: games the machine won.
    pub mwc: u64,
    /// Counter PWC: games the player won.
    pub pwc: u64,
    /// The number of the next starting combination, from 1.
    pub next_combination: u64,
    /// Lamps lit in rows a..d for the next game.
    pub next_rows: Vec<u64>,
}

impl Panel {
    /// Power-on reset, then the set-up of combination No. 1.
    pub fn new() -> Result<Panel, crate::Error> {
        let mut p = Panel { d: Driver::new() };
        p.press(Press::Reset);
        p.wait_for_player()?;
        Ok(p)
    }

    /// The output called `name`.
    pub fn get(&self, name: &str) -> u64 {
        self.d.get(name)
    }

    /// Lamps lit in rows a..d.
    pub fn rows(&self) -> Vec<u64> {
        ["lamps_a", "lamps_b", "lamps_c", "lamps_d"].iter().map(|n| self.get(n).count_ones() as u64).collect()
    }

    /// One clock cycle with `press`.
    pub fn press(&mut self, press: Press) {
        self.d.press(press);
    }

    fn wait_for_player(&mut self) -> Result<u64, crate::Error> {
        self.d.wait("come back to the player", PATIENCE, |d| d.get("phase") == PLAYER).map_err(Into::into)
    }

    /// The player puts out `n` lamps in `row`; the machine's refusal is an error.
    pub fn player(&mut self, row: usize, n: u64) -> Result<Event, crate::Error> {
        for i in 0..n {
            self.press(Press::Row(row));
            if self.get("illegal") == 1 {
                return Err(format!(
                    "the machine refused lamp {} of {n} in row {}: {}",
                    i + 1,
                    LETTERS[row],
                    if self.get("lock") != 0 && self.get("lock") != 1 << row { "another row is locked in this turn" } else { "no lamp is lit in that row" }
                )
                .into());
            }
        }
        Ok(Event { side: "player", row: LETTERS[row].into(), taken: n, kind: None, after: self.rows(), cycles: None })
    }

    /// MTR, and the machine's whole move.
    pub fn machine(&mut self) -> Result<Event, crate::Error> {
        let before = self.rows();
        self.press(Press::Mtr);
        if self.get("illegal") == 1 {
            return Err("the machine refused MTR: put out at least one lamp first".into());
        }
        let kind = if self.get("correct") == 1 { "correct" } else { "random" };
        let row = self.get("machine_row").trailing_zeros() as usize;
        let cycles = 1 + self.d.wait("end its move", PATIENCE, |d| d.get("phase") == PLAYER || (d.get("phase") == SETUP && d.get("ended") == 1))?;
        let after = self.rows();
        Ok(Event { side: "machine", row: LETTERS[row].into(), taken: before[row] - after[row], kind: Some(kind), after, cycles: Some(cycles) })
    }

    /// Simulation only: a position and R state (0..2), the player's turn.
    pub fn preset(&mut self, lit: [u8; 4], r: u8) {
        self.d.design().preset(lit, r as u64);
        self.d.settle();
    }

    /// Is a game over and waiting for its set-up step?
    pub fn game_over(&self) -> bool {
        self.get("ended") == 1
    }

    /// Runs the set-up step that counts the game, and reports.
    pub fn finish_game(&mut self) -> Result<GameEnd, crate::Error> {
        let winner = if self.get("player_won") == 1 { "player" } else { "machine" };
        self.wait_for_player()?;
        self.press(Press::None); // no press: the counters count the pulse
        Ok(GameEnd {
            winner,
            tp: self.get("tp"),
            mwc: self.get("mwc"),
            pwc: self.get("pwc"),
            next_combination: self.get("combination") + 1,
            next_rows: self.rows(),
        })
    }
}

/// Parses "a6 c3 d1": row letters and the lamps the player puts out. A
/// token with two rows ("ab2") is a move the rules forbid; it is parsed so
/// that the machine itself can refuse it.
pub fn parse_moves(text: &str) -> Result<Vec<(Vec<usize>, u64)>, crate::Error> {
    text.split_whitespace()
        .map(|tok| {
            let split = tok.find(|c: char| c.is_ascii_digit()).unwrap_or(tok.len());
            let rows: Option<Vec<usize>> = tok[..split].chars().map(|c| LETTERS.iter().position(|l| l.starts_with(c.to_ascii_lowercase()))).collect();
            let n = tok[split..].parse::<u64>().ok().filter(|&n| n <= 7);
            match (rows, n) {
                (Some(r), Some(n)) if !r.is_empty() => Ok((r, n)),
                _ => Err(format!("'{tok}' is not a move: write a row letter a-d and the lamps to put out, like a6").into()),
            }
        })
        .collect()
}

/// `nimforge replay nimatron --moves "..."`: exit 1 when the machine refuses a move.
pub fn replay(moves: &str, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    let moves = parse_moves(moves)?;
    if moves.is_empty() {
        return Err("--moves is empty: give the player's moves, like \"a6 c3 d1\"".into());
    }
    let mut p = Panel::new()?;
    let say = |out: &mut Out, e: &Event| {
        if json {
            out.json(e);
        } else {
            let kind = e.kind.map(|k| format!(" ({k})")).unwrap_or_default();
            out.say(format!("{:<7} row {} -{}{kind}: {:?}", e.side, e.row, e.taken, e.after));
        }
    };
    if !json {
        out.say(format!("combination No. {}: {:?}", p.get("combination") + 1, p.rows()));
    }
    for (rows, n) in moves {
        let refuse = |out: &mut Out, why: &str| {
            if json {
                out.json(&serde_json::json!({"refused": why}));
            }
            out.refused(why);
            Ok(1)
        };
        if n == 0 {
            p.press(Press::Mtr);
            return refuse(out, "the machine refused MTR: put out at least one lamp first");
        }
        for row in rows {
            let e = match p.player(row, n) {
                Ok(e) => e,
                Err(why) => return refuse(out, &why.to_string()),
            };
            say(out, &e);
        }
        if !p.game_over() {
            let m = p.machine()?;
            say(out, &m);
        }
        if p.game_over() {
            let end = p.finish_game()?;
            if json {
                out.json(&end);
            } else {
                out.say(format!(
                    "the {} wins; TP {} MWC {} PWC {}; next: combination No. {} {:?}",
                    end.winner, end.tp, end.mwc, end.pwc, end.next_combination, end.next_rows
                ));
            }
            return Ok(0);
        }
    }
    Ok(0)
}

/// `nimforge move nimatron --rows 1,6,3,4 [--r 1|2|3]`.
pub fn one_move(rows: &str, r: u8, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    let lit = super::parse_list(rows, 4, 7, "row")?;
    if !(1..=3).contains(&r) {
        return Err(format!("--r {r} is out of range: R1, R2 or R3, given as 1, 2 or 3").into());
    }
    if lit.iter().all(|&n| n == 0) {
        return super::no_move(out, json, serde_json::json!({"side": "machine", "row": null, "taken": 0, "after": lit}), "every lamp is out");
    }
    let mut p = Panel::new()?;
    p.preset([lit[0], lit[1], lit[2], lit[3]], r - 1);
    let e = p.machine()?;
    if json {
        out.json(&e);
    } else {
        out.say(format!(
            "rows {:?} (R{r}): a {} move, {} lamp(s) out in row {}, leaving {:?} ({} clock cycles)",
            lit,
            e.kind.unwrap(),
            e.taken,
            e.row,
            e.after,
            e.cycles.unwrap()
        ));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game the patent narrates from combination No. 1, on the design:
    /// the player's moves as the patent gives them, every machine reply it
    /// states, the counters after the game and combination No. 2 next.
    #[test]
    fn the_patent_s_game_on_the_design() {
        let mut p = Panel::new().unwrap();
        assert_eq!(p.rows(), vec![7, 6, 3, 4], "combination No. 1");
        let narrated = [
            // player; then the machine as the patent states it
            ((0, 6), ("b", 1, "random")),  // "Lamp B2 is, therefore, extinguished"
            ((2, 3), ("b", 2, "random")),  // "lamp b3 is extinguished ... lamp b4"
            ((3, 1), ("a", 1, "correct")), // "Relay A7 now is energized, deenergizing lamp A7"
            ((1, 2), ("d", 2, "correct")), // "lamp d5 is deenergized ... lamp d6 is extinguished"
            ((1, 1), ("d", 1, "correct")), // "the last energized lamp ... The apparatus has now won"
        ];
        for ((row, n), (mrow, mn, kind)) in narrated {
            p.player(row, n).unwrap();
            let m = p.machine().unwrap();
            assert_eq!((m.row.as_str(), m.taken, m.kind.unwrap()), (mrow, mn, kind));
        }
        assert!(p.game_over());
        let end = p.finish_game().unwrap();
        assert_eq!(end.winner, "machine");
        assert_eq!((end.tp, end.mwc, end.pwc), (1, 1, 0));
        assert_eq!(end.next_combination, 2);
        assert_eq!(end.next_rows, vec![3, 4, 7, 5], "combination No. 2");
    }

    /// A player who always leaves every parity even wins each of the nine
    /// combinations on the design, the token drops, PWC counts.
    #[test]
    fn each_combination_lets_a_correct_player_win() {
        use nimforge_oracles::nimatron::machine_move;
        let mut p = Panel::new().unwrap();
        for c in 1..=9u64 {
            assert_eq!(p.get("combination") + 1, c);
            loop {
                let rows: Vec<u8> = p.rows().iter().map(|&n| n as u8).collect();
                // The correct move for the player, from the oracle's rule.
                let m = machine_move([rows[0], rows[1], rows[2], rows[3]], 0).unwrap();
                p.player(m.row, m.taken as u64).unwrap();
                if p.game_over() {
                    break;
                }
                let reply = p.machine().unwrap();
                assert_eq!(reply.kind, Some("random"));
                assert!(!p.game_over(), "the machine won combination {c}");
            }
            let mut token = false;
            let winner = if p.get("player_won") == 1 { "player" } else { "machine" };
            while p.get("phase") != PLAYER {
                p.press(Press::None);
                token |= p.get("token") == 1;
            }
            p.press(Press::None);
            assert_eq!(winner, "player");
            assert!(token, "a token for the player's win");
            assert_eq!((p.get("tp"), p.get("pwc"), p.get("mwc")), (c, c, 0));
        }
        assert_eq!(p.get("combination"), 0, "after No. 9 comes No. 1");
    }

    /// `move` on the design agrees with the oracle's move-level function
    /// from every position under every R state.
    #[test]
    fn every_position_under_every_r_state() {
        use nimforge_oracles::nimatron::{machine_move, Kind};
        for x in 1..4096u32 {
            let lit = [0, 1, 2, 3].map(|i| (x >> (3 * i) & 7) as u8);
            for r in 0..3 {
                let mut p = Panel::new().unwrap();
                p.preset(lit, r);
                let e = p.machine().unwrap();
                let m = machine_move(lit, r).unwrap();
                let kind = if m.kind == Kind::Correct { "correct" } else { "random" };
                assert_eq!(e.row, LETTERS[m.row], "{lit:?} R{}", r + 1);
                assert_eq!((e.taken, e.kind), (m.taken as u64, Some(kind)), "{lit:?} R{}", r + 1);
                assert_eq!(e.after, m.after.map(|n| n as u64).to_vec());
            }
        }
    }
}
