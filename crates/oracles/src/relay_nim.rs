//! The relay NIM (seed 002) as plain Rust: a move-level function and a
//! cycle-level model of the machine, written from the document and the
//! rulings in spec/machines.md, independently of the rust-hdl design.

/// Number of piles and the largest pile (three 3-bit registers).
pub const PILES: usize = 3;
/// A full pile: seven stones, every pile's size after RESET.
pub const FULL: u8 = 7;

/// One machine move, from the document alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The pile chosen (0 = A).
    pub pile: usize,
    /// Stones taken from it.
    pub taken: u8,
    /// Pile sizes after the move, pile A first.
    pub after: [u8; PILES],
}

/// The XOR product of the pile sizes.
pub fn xor_product(sizes: [u8; PILES]) -> u8 {
    sizes.iter().fold(0, |a, &s| a ^ s)
}

/// The pile the machine chooses: "all piles where the binary size has a 1 in
/// the same position as the greatest 1 in the XOR product. The randomizer then
/// indicates the pile to check first. If that pile can't be used, then the next
/// pile is checked, etc." Ruling: with a zero XOR, the non-empty piles.
pub fn chosen_pile(sizes: [u8; PILES], randomizer: usize) -> Option<usize> {
    let x = xor_product(sizes);
    let usable = |p: usize| {
        if x == 0 {
            sizes[p] > 0
        } else {
            let greatest = 1u8 << (7 - x.leading_zeros());
            sizes[p] & greatest != 0
        }
    };
    (0..PILES).map(|k| (randomizer + k) % PILES).find(|&p| usable(p))
}

/// The whole machine move: "The machine takes stones from that pile until the
/// XOR product is 0, then stops. ... If the XOR product is already 0 when the
/// GO button is pressed, the machine takes one stone from any pile and stops."
/// `None` when every pile is empty (GO does nothing).
pub fn machine_move(sizes: [u8; PILES], randomizer: usize) -> Option<Move> {
    let pile = chosen_pile(sizes, randomizer)?;
    let mut after = sizes;
    let mut taken = 0;
    let was_zero = xor_product(sizes) == 0;
    loop {
        after[pile] -= 1;
        taken += 1;
        if was_zero || xor_product(after) == 0 {
            return Some(Move { pile, taken, after });
        }
    }
}

/// The sequencer's steps (002: latch, take, test).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The human's turn: TAKE and GO are accepted.
    Idle = 0,
    /// The chosen pile is latched into the selection register.
    Latch = 1,
    /// One stone is taken from the latched pile.
    Take = 2,
    /// The XOR product is tested: zero (or zero before the move) stops the
    /// machine, else it takes again.
    Test = 3,
}

/// Who took the last stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Stones are left.
    Nobody = 0,
    /// The human took the last stone.
    Human = 1,
    /// The machine took the last stone.
    Machine = 2,
}

/// The buttons pressed during one clock cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Buttons {
    /// RESET: every pile full again.
    pub reset: bool,
    /// The TAKE button of each pile, pile A first: one stone off it.
    pub take: [bool; PILES],
    /// GO: the machine's move.
    pub go: bool,
}

/// The machine's whole state, as its front panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Pile sizes, pile A first.
    pub sizes: [u8; PILES],
    /// The pile the randomizer names first.
    pub randomizer: u8,
    /// The sequencer's step.
    pub step: Step,
    /// Cycles spent in the present step.
    pub wait: u32,
    /// The selection register (latched pile), if anything has been latched since RESET.
    pub selected: Option<usize>,
    /// The XOR product was 0 before the last stone was taken: the machine
    /// stops after one stone.
    pub xor_was_zero: bool,
    /// The pile the human is taking from this turn (once the game is on).
    pub turn: Option<usize>,
    /// The machine has moved since RESET: turns are one pile each.
    pub in_game: bool,
    /// Who took the last stone; `Nobody` while stones are left.
    pub winner: Winner,
    /// The last press was refused.
    pub illegal: bool,
}

impl State {
    /// Every register at zero: every pile full, randomizer on pile A.
    pub fn power_on() -> State {
        State {
            sizes: [FULL; PILES],
            randomizer: 0,
            step: Step::Idle,
            wait: 0,
            selected: None,
            xor_was_zero: false,
            turn: None,
            in_game: false,
            winner: Winner::Nobody,
            illegal: false,
        }
    }

    /// One clock cycle with the sequencer's steps lasting `pace` cycles.
    pub fn step(&self, b: Buttons, pace: u32) -> State {
        let mut s = *self;
        if b.reset {
            // RESET fills every pile; the randomizer keeps counting across games.
            return State { randomizer: self.randomizer, ..State::power_on() };
        }
        let presses = b.take.iter().filter(|&&t| t).count() + b.go as usize;
        s.illegal = false;
        if self.step != Step::Idle {
            // The machine is moving: every press is refused.
            s.illegal = presses > 0;
            if self.wait + 1 < pace {
                s.wait += 1;
                return s;
            }
            s.wait = 0;
            match self.step {
                Step::Latch => {
                    s.selected = chosen_pile(self.sizes, self.randomizer as usize);
                    s.step = Step::Take;
                }
                Step::Take => {
                    s.xor_was_zero = xor_product(self.sizes) == 0;
                    let p = self.selected.expect("a pile is latched before taking");
                    s.sizes[p] -= 1;
                    if s.sizes.iter().all(|&x| x == 0) {
                        s.winner = Winner::Machine;
                    }
                    s.step = Step::Test;
                }
                Step::Test => {
                    if xor_product(self.sizes) == 0 || self.xor_was_zero {
                        s.step = Step::Idle;
                        s.randomizer = (self.randomizer + 1) % PILES as u8;
                    } else {
                        s.step = Step::Take;
                    }
                }
                Step::Idle => unreachable!(),
            }
            return s;
        }
        if presses == 0 {
            return s;
        }
        if presses > 1 {
            s.illegal = true;
            return s;
        }
        if b.go {
            if self.sizes.iter().all(|&x| x == 0) {
                return s; // GO with every pile empty does nothing.
            }
            if self.in_game && self.turn.is_none() {
                s.illegal = true; // the human has not moved
                return s;
            }
            s.step = Step::Latch;
            s.turn = None;
            s.in_game = true;
            return s;
        }
        let p = b.take.iter().position(|&t| t).unwrap();
        let other_pile = self.in_game && self.turn.is_some_and(|t| t != p);
        if self.sizes[p] == 0 || other_pile {
            s.illegal = true;
            return s;
        }
        s.sizes[p] -= 1;
        if self.in_game {
            s.turn = Some(p);
        }
        if s.sizes.iter().all(|&x| x == 0) {
            s.winner = Winner::Human;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documents_example_is_safe() {
        // "piles of 6, 5, and 3 are safe (110 xor 101 xor 011 = 000)"
        assert_eq!(xor_product([6, 5, 3]), 0);
    }

    #[test]
    fn one_eighth_of_positions_are_safe() {
        // "One eighth of the possible pile combinations are safe."
        let safe = (0..512u32).filter(|x| xor_product([(x & 7) as u8, (x >> 3 & 7) as u8, (x >> 6) as u8]) == 0).count();
        assert_eq!(safe, 64);
    }

    #[test]
    fn a_move_from_an_unsafe_position_leaves_a_safe_one() {
        for x in 0..512u32 {
            let sizes = [(x & 7) as u8, (x >> 3 & 7) as u8, (x >> 6) as u8];
            for r in 0..3 {
                match machine_move(sizes, r) {
                    None => assert_eq!(sizes, [0, 0, 0]),
                    Some(m) if xor_product(sizes) == 0 => assert_eq!(m.taken, 1),
                    Some(m) => assert_eq!(xor_product(m.after), 0, "{sizes:?}"),
                }
            }
        }
    }

    #[test]
    fn the_randomizer_varies_the_move() {
        // 7, 6, 5: XOR is 4, and all three piles have the 4s bit.
        let piles: Vec<usize> = (0..3).map(|r| machine_move([7, 6, 5], r).unwrap().pile).collect();
        assert_eq!(piles, vec![0, 1, 2]);
        assert_eq!(machine_move([7, 6, 5], 1).unwrap().after, [7, 2, 5]);
    }
}
