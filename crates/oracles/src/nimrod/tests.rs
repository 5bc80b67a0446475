//! The booklet's examples, the status lamps as ruled, and the program's
//! moves against the brute-force solution.

use super::*;

#[test]
fn the_modifying_number_generator() {
    // "the number of matches in heap 2 is changed from 110 to 101"
    assert_eq!(modified(0b110, 1), 0b101);
    // "The number 101 in heap 2 is changed to 100"
    assert_eq!(modified(0b101, 0), 0b100);
    // "changes its contents from 110 to 011"
    assert_eq!(modified(0b110, 2), 0b011);
}

/// The booklet's walk through 7, 1, 6, 4 with the heap counter at 1.
#[test]
fn the_booklets_walk_through() {
    let m = machine_move([7, 1, 6, 4], Variant::SIMPLE, 1).unwrap();
    assert_eq!(m.instructions, vec![1, 2, 3, 2, 4, 5, 6, 7, 1, 7, 1, 2, 4, 6, 7, 8]);
    assert_eq!(m.after, [7, 1, 2, 4]);
}

/// "the 'unsafe' arrangement of four heaps of matches containing 7, 1, 6
/// and 2 ... changed into ... 7, 1, 4 and 2".
#[test]
fn the_booklets_7_1_6_2() {
    let m = machine_move([7, 1, 6, 2], Variant::SIMPLE, 2).unwrap();
    assert_eq!(m.after, [7, 1, 4, 2]);
}

#[test]
fn a_safe_position_takes_one_from_the_heap_counters_heap() {
    let m = machine_move([7, 1, 4, 2], Variant::SIMPLE, 1).unwrap();
    assert_eq!(m.after, [7, 0, 4, 2]);
    assert_eq!(m.instructions, vec![1, 7, 1, 7, 1, 7, 8, EXTRA]);
    // An empty heap is passed over.
    let m = machine_move([0, 0, 3, 3], Variant::SIMPLE, 0).unwrap();
    assert_eq!(m.after, [0, 0, 2, 3]);
}

/// The status lamps through a game, as ruled (spec/machines.md,
/// "Nimrod"): (3) while the opponent may move and has changed no heap;
/// (4) from his first changed heap, or from COMPUTER MOVE in set-up,
/// until the computer's move has ended; (5) only in slow or manual
/// operation and in self-play.
#[test]
fn the_status_lamps_as_ruled() {
    let lit = |s: &State| {
        let l = s.lamps();
        [l.opponent_wins, l.computer_wins, l.opponents_move, l.computer_will_move, l.computers_move]
    };
    let run = |mut s: State, press: Press| {
        s = s.step(press, 3);
        let mut seen = vec![lit(&s)];
        for _ in 0..200 {
            if s.phase != Phase::Computing {
                break;
            }
            s = s.step(Press::None, 3);
            seen.push(lit(&s));
        }
        (s, seen)
    };
    let s = State::power_on().step(Press::NewGame { reverse: false, k: 1 }, 3);
    assert_eq!(lit(&s), [false, false, true, false, false], "set-up: the opponent's move");
    // COMPUTER MOVE from set-up: (4) from the press until the move ends.
    let (s, seen) = run(s, Press::ComputerMove);
    assert!(seen.len() > 2, "the fast move takes several clocks");
    for l in &seen[..seen.len() - 1] {
        assert_eq!(*l, [false, false, false, true, false], "while the computer moves (fast)");
    }
    assert_eq!(s.phase, Phase::Opponent);
    assert_eq!(lit(&s), [false, false, true, false, false], "his turn, no heap changed yet");
    // His first changed heap puts out (3) and lights (4).
    let heap = (0..4).find(|&h| s.program.store[h] > 0).unwrap() as u8;
    let s = s.step(Press::Leave { heap, count: 0 }, 3);
    assert_eq!(s.phase, Phase::Moved);
    assert_eq!(lit(&s), [false, false, false, true, false], "he has moved");
    // Slow mode: (4) and (5) together while the computer moves.
    let s = s.step(Press::SetMode(1), 3);
    assert_eq!(lit(&s), [false, false, false, true, false]);
    let (_, seen) = run(s, Press::ComputerMove);
    for l in &seen[..seen.len() - 1] {
        assert_eq!(*l, [false, false, false, true, true], "while the computer moves (slow)");
    }
}

/// From every position, in every variant, under every heap-counter
/// start, the program's move is legal, and it wins whenever a winning
/// move exists (checked against the brute-force solution).
#[test]
fn the_program_wins_whenever_a_win_exists() {
    use crate::moore;
    for v in Variant::all() {
        let solution = moore::solve(v.k, v.reverse);
        for i in 1..moore::POSITIONS {
            let p = moore::position(i);
            for hc in 0..4 {
                let m = machine_move(p, v, hc).unwrap();
                assert!(legal_move(p, m.after, v.k), "{} from {p:?}, heap counter {hc}: {:?}", v.name(), m.after);
                if solution.wins(p) {
                    assert!(!solution.wins(m.after), "{} from {p:?}, heap counter {hc}: {:?} loses", v.name(), m.after);
                }
            }
        }
    }
}
