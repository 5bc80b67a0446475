//! The relay NIM's model stepped through one turn: the human takes a
//! stone from pile A, presses GO, and the model runs the machine's move
//! cycle by cycle; its result is the move-level function's.
//!
//! `cargo run -p nimforge-oracles --example relay_nim`

use nimforge_oracles::relay_nim::{machine_move, Buttons, State, Step};

fn main() {
    let pace = 1;
    let mut s = State::power_on();
    s = s.step(Buttons { take: [true, false, false], ..Buttons::default() }, pace);
    println!("the human took one from A: {:?}", s.sizes);
    let (before, randomizer) = (s.sizes, s.randomizer as usize);
    s = s.step(Buttons { go: true, ..Buttons::default() }, pace);
    let mut cycles = 1;
    while s.step != Step::Idle {
        s = s.step(Buttons::default(), pace);
        cycles += 1;
    }
    println!("GO: the machine moved in {cycles} cycles: {:?}", s.sizes);
    let expected = machine_move(before, randomizer).map(|m| m.after);
    assert_eq!(Some(s.sizes), expected, "the cycle model and the move function disagree");
}
