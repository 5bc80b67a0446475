//! `nimforge move nimrod ...` and `nimforge replay nimrod ... --self-play`:
//! Nimrod's moves in the cycle-accurate simulation of the design (the `rtl`
//! level), driven through its buttons as the opponent would press them.

use super::Out;
use crate::harness::nimrod::Nimrod;
use nimforge_designs::nimrod::{COMPUTER, COMPUTING, OPPONENT, OVER};
use nimforge_oracles::nimrod::Press;
use nimforge_verify::clocked::Driver;
use nimforge_verify::Machine;

/// One move as the front panel showed it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveEvent {
    /// "computer", or "opponent" (the machine playing for him in self-play,
    /// or his own buttons).
    pub side: String,
    /// The four heaps before the move.
    pub before: Vec<u64>,
    /// The four heaps after it.
    pub after: Vec<u64>,
    /// The instruction numbers lit, in order (9 is the extra instruction).
    pub instructions: Vec<u64>,
    /// Clock cycles from the press that started the move to its end.
    pub cycles: u64,
    /// "computer" or "opponent" once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// The design driven with the buttons a person would press.
pub struct Panel {
    d: Driver<Nimrod>,
}

impl Default for Panel {
    fn default() -> Self {
        Self::new()
    }
}

/// The longest a move of the program may take, in clock cycles (a move
/// obeys at most a few dozen instructions, each a few cycles).
const MOVE_CYCLES: u64 = 1000;

impl Panel {
    /// After a power-on reset.
    pub fn new() -> Panel {
        let mut p = Panel { d: Driver::new() };
        p.press(Press::Reset);
        p
    }

    /// One clock cycle with `press`; the outputs after it.
    pub fn press(&mut self, press: Press) -> &[u64] {
        self.d.press(press)
    }

    /// The output called `name`.
    pub fn get(&self, name: &str) -> u64 {
        self.d.get(name)
    }

    /// The four heaps as the panel shows them.
    pub fn heaps(&self) -> Vec<u64> {
        ["heap_0", "heap_1", "heap_2", "heap_3"].iter().map(|h| self.get(h)).collect()
    }

    /// Did the last press raise `illegal` (the machine refused it)?
    pub fn illegal(&self) -> bool {
        self.get("illegal") == 1
    }

    fn winner(&self) -> Option<String> {
        match self.get("winner") {
            w if w == OPPONENT => Some("opponent".into()),
            w if w == COMPUTER => Some("computer".into()),
            _ => None,
        }
    }

    /// RESET, the crude random number generator brought round to
    /// `heap_counter` (it moves on with every press), NEW GAME, and the
    /// heaps arranged with the "leave n" buttons.
    pub fn new_game(&mut self, reverse: bool, k: u8, heap_counter: u8, heaps: &[u8]) -> Result<(), crate::Error> {
        self.press(Press::Reset);
        // The generator counts 0..3: four presses bring any value round.
        for _ in 0..4 {
            if self.get("random") == heap_counter as u64 {
                break;
            }
            self.press(Press::SetMode(0));
        }
        if self.get("random") != heap_counter as u64 {
            return Err(format!("the heap counter did not come round to {heap_counter} in four presses").into());
        }
        self.press(Press::NewGame { reverse, k });
        for (h, &count) in heaps.iter().enumerate() {
            if count != 7 {
                self.press(Press::Leave { heap: h as u8, count });
            }
        }
        Ok(())
    }

    /// The opponent's "leave n" presses: the heaps he leaves. `Err` names
    /// the first press the machine refused.
    pub fn opponent_leaves(&mut self, heaps: &[u8]) -> Result<MoveEvent, crate::Error> {
        let before = self.heaps();
        let mut cycles = 0;
        for (h, &count) in heaps.iter().enumerate() {
            if count as u64 != before[h] {
                self.press(Press::Leave { heap: h as u8, count });
                cycles += 1;
                if self.illegal() {
                    return Err(format!("the machine refused 'leave {count}' on heap {h} (from {before:?})").into());
                }
            }
        }
        Ok(MoveEvent { side: "opponent".into(), before, after: self.heaps(), instructions: vec![], cycles, winner: self.winner() })
    }

    /// Press `start` (COMPUTER MOVE or SELF PLAY) and run the program to the
    /// end of one move. `Err` when the machine refuses the press.
    pub fn machine_move(&mut self, start: Press) -> Result<MoveEvent, crate::Error> {
        let before = self.heaps();
        self.press(start);
        if self.illegal() {
            return Err(format!("the machine refused {} at {before:?}", Nimrod::letter(start).name).into());
        }
        self.run_move(before)
    }

    /// The rest of the move under way: no press until the program starts
    /// another move (self-play) or stops.
    fn run_move(&mut self, before: Vec<u64>) -> Result<MoveEvent, crate::Error> {
        let side = if self.get("side") == 1 { "opponent" } else { "computer" };
        let mut instructions = vec![self.get("instruction")];
        let mut cycles = 1;
        let first_side = self.get("side");
        loop {
            self.press(Press::None);
            cycles += 1;
            let running = self.get("phase") == COMPUTING;
            if !running || self.get("side") != first_side {
                break;
            }
            instructions.push(self.get("instruction"));
            if cycles > MOVE_CYCLES {
                return Err(format!("the program did not stop within {MOVE_CYCLES} clock cycles from {before:?}").into());
            }
        }
        Ok(MoveEvent { side: side.into(), before, after: self.heaps(), instructions, cycles, winner: self.winner() })
    }

    /// A whole self-played game from the position in hand.
    pub fn self_play(&mut self) -> Result<Vec<MoveEvent>, crate::Error> {
        let mut events = vec![self.machine_move(Press::SelfPlay)?];
        while self.get("phase") != OVER {
            let before = self.heaps();
            events.push(self.run_move(before)?);
            if events.len() > 100 {
                return Err("the self-played game did not end".into());
            }
        }
        Ok(events)
    }
}

/// The heaps, the reverse-game flag and k from the flags of `move` and
/// `replay`, checked.
fn position(heaps: &str, game: &str, k: u8, heap_counter: u8) -> Result<(Vec<u8>, bool, u8), crate::Error> {
    let heaps = super::parse_list(heaps, 4, 7, "heap")?;
    let (reverse, k) = variant(game, k)?;
    if heap_counter > 3 {
        return Err(format!("--heap-counter {heap_counter} is out of range: it names a heap, 0 to 3").into());
    }
    Ok((heaps, reverse, k))
}

/// The variant flags, checked.
pub fn variant(game: &str, k: u8) -> Result<(bool, u8), crate::Error> {
    let reverse = match game {
        "normal" => false,
        "reverse" => true,
        other => return Err(format!("--game {other}: choose normal or reverse").into()),
    };
    if !(1..=3).contains(&k) {
        return Err(format!("--k {k} is out of range: a move may change 1, 2 or 3 heaps").into());
    }
    Ok((reverse, k))
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// `nimforge move nimrod --heaps 7,1,6,4 [--game ...] [--k ...] [--heap-counter ...] [--json]`.
pub fn one_move(heaps: &str, game: &str, k: u8, heap_counter: u8, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    let (heaps, reverse, k) = position(heaps, game, k, heap_counter)?;
    if heaps.iter().all(|&h| h == 0) {
        let fields = serde_json::json!({"side": "computer", "before": heaps, "after": heaps, "instructions": [], "cycles": 0});
        return super::no_move(out, json, fields, "every heap is empty");
    }
    let mut p = Panel::new();
    p.new_game(reverse, k, heap_counter, &heaps)?;
    let e = p.machine_move(Press::ComputerMove)?;
    if json {
        out.json(&e);
    } else {
        out.say(format!(
            "heaps {} ({game} game, k = {k}, heap counter {heap_counter}): instructions {}; the machine leaves {} ({} clock cycles)",
            list(&e.before),
            e.instructions.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
            list(&e.after),
            e.cycles
        ));
        if let Some(w) = &e.winner {
            out.say(format!("the game is over: the {w} wins"));
        }
    }
    Ok(0)
}

/// `nimforge replay nimrod --heaps 3,5,6,7 --self-play [--game ...] [--k ...] [--json]`.
pub fn replay(heaps: &str, game: &str, k: u8, heap_counter: u8, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    let (heaps, reverse, k) = position(heaps, game, k, heap_counter)?;
    if heaps.iter().all(|&h| h == 0) {
        return Err("every heap is empty: there is no game to play; give at least one match".into());
    }
    let mut p = Panel::new();
    p.new_game(reverse, k, heap_counter, &heaps)?;
    let events = p.self_play()?;
    for (i, e) in events.iter().enumerate() {
        if json {
            out.json(e);
        } else {
            out.say(format!("move {:>2} {:<8} {} -> {} ({} instructions)", i + 1, e.side, list(&e.before), list(&e.after), e.instructions.len()));
        }
    }
    if !json {
        let w = events.last().and_then(|e| e.winner.clone()).unwrap_or_default();
        out.say(format!("the {w} wins ({game} game, k = {k})"));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The booklet's walk through 7, 1, 6, 4 with the heap counter at 1,
    /// in the design: the instructions lit and the move.
    #[test]
    fn the_booklets_walk_through_in_the_design() {
        let mut p = Panel::new();
        p.new_game(false, 1, 1, &[7, 1, 6, 4]).unwrap();
        let e = p.machine_move(Press::ComputerMove).unwrap();
        assert_eq!(e.instructions, vec![1, 2, 3, 2, 4, 5, 6, 7, 1, 7, 1, 2, 4, 6, 7, 8]);
        assert_eq!(e.after, vec![7, 1, 2, 4]);
    }

    /// "7, 1, 6 and 2 ... changed into ... 7, 1, 4 and 2": "Heap 2 could be
    /// selected", as it is with the heap counter on heap 1 or 2; on heap 0
    /// the machine modifies heap 0 instead, which is as safe (5, 1, 6, 2).
    #[test]
    fn the_booklets_7_1_6_2_in_the_design() {
        for (hc, after) in [(0, [5, 1, 6, 2]), (1, [7, 1, 4, 2]), (2, [7, 1, 4, 2]), (3, [7, 1, 6, 0])] {
            let mut p = Panel::new();
            p.new_game(false, 1, hc, &[7, 1, 6, 2]).unwrap();
            assert_eq!(p.machine_move(Press::ComputerMove).unwrap().after, after.to_vec(), "heap counter {hc}");
            assert_eq!(after.iter().fold(0, |a, &h| a ^ h), 0);
        }
    }

    /// The booklet's reverse simple game, move by move: the machine plays
    /// A's correct move 1 and the correct move 3 that A missed; then, from
    /// A's mistake, B's moves 4 and 6 (transition), and A loses at move 7.
    #[test]
    fn the_booklets_reverse_game() {
        let mut p = Panel::new();
        p.new_game(true, 1, 1, &[7, 1, 6, 4]).unwrap();
        // Move 1 (A): "the correct move for A is 7, 1, 2, 4".
        assert_eq!(p.machine_move(Press::ComputerMove).unwrap().after, vec![7, 1, 2, 4]);
        // Move 2 (B): "taking 3 from heap 0 and leaving 4, 1, 2, 4".
        assert_eq!(p.opponent_leaves(&[4, 1, 2, 4]).unwrap().after, vec![4, 1, 2, 4]);
        // Move 3 (A): "The correct move was 4, 1, 1, 4".
        assert_eq!(p.machine_move(Press::ComputerMove).unwrap().after, vec![4, 1, 1, 4]);

        // The machine as B, after A's mistake "leaving 4, 0, 2, 4".
        let mut p = Panel::new();
        p.new_game(true, 1, 0, &[4, 0, 2, 4]).unwrap();
        // Move 4 (B): "B makes a correct move leaving 4, 0, 0, 4".
        assert_eq!(p.machine_move(Press::ComputerMove).unwrap().after, vec![4, 0, 0, 4]);
        // Move 5 (A): "taking 3 from heap 3 and leaving 4, 0, 0, 1".
        p.opponent_leaves(&[4, 0, 0, 1]).unwrap();
        // Move 6 (B): "Transition has occurred ... leaving 0, 0, 0, 1".
        let e = p.machine_move(Press::ComputerMove).unwrap();
        assert_eq!(e.after, vec![0, 0, 0, 1]);
        assert_eq!(p.get("transition"), 1);
        // Move 7 (A): "A must now take the last match and he loses."
        let e = p.opponent_leaves(&[0, 0, 0, 0]).unwrap();
        assert_eq!(e.winner.as_deref(), Some("computer"));
    }

    /// A move that raises a heap, or a fourth heap when k = 3... refused.
    #[test]
    fn refused_moves() {
        let mut p = Panel::new();
        p.new_game(false, 1, 0, &[3, 3, 3, 3]).unwrap();
        p.machine_move(Press::ComputerMove).unwrap();
        let before = p.heaps();
        // COMPUTER MOVE before the opponent has moved.
        p.press(Press::ComputerMove);
        assert!(p.illegal());
        // Raising a heap.
        let h = before.iter().position(|&x| x < 7).unwrap();
        p.press(Press::Leave { heap: h as u8, count: before[h] as u8 + 1 });
        assert!(p.illegal());
        // A second heap in the simple game.
        let (a, b) = {
            let mut nz = (0..4).filter(|&i| before[i] > 0);
            (nz.next().unwrap(), nz.next().unwrap())
        };
        p.press(Press::Leave { heap: a as u8, count: 0 });
        assert!(!p.illegal());
        p.press(Press::Leave { heap: b as u8, count: 0 });
        assert!(p.illegal());
        assert_eq!(p.heaps()[b], before[b]);
    }

    /// A self-played game ends with a winner, the sides alternating.
    #[test]
    fn a_self_played_game() {
        let mut p = Panel::new();
        p.new_game(false, 1, 0, &[3, 5, 6, 7]).unwrap();
        let events = p.self_play().unwrap();
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e.side, if i % 2 == 0 { "opponent" } else { "computer" });
            assert_ne!(e.before, e.after);
        }
        assert_eq!(events.last().unwrap().after, vec![0, 0, 0, 0]);
        assert!(events.last().unwrap().winner.is_some());
    }
}
