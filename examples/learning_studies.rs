//! Studies of the learning machine's move-level model (`oracle::learning`),
//! printed, not asserted: the README quotes what they print.
//!
//! ```text
//! cargo run --release --example learning_studies -- curves
//! cargo run --release --example learning_studies -- trap
//! cargo run --release --example learning_studies -- late-losses
//! ```

use nimforge_oracles::counting::GOAL;
use nimforge_oracles::learning::{machine_move, play_game, Human, Memory, Random, GOOF_PERIOD};

/// The learning curves: right/wrong/missing cells after each game, for each
/// scripted human, with the blank cell on and off.
fn curves() {
    for human in [Human::Perfect, Human::Random, Human::Ones, Human::Trap] {
        for blank in [true, false] {
            let mut m = Memory::reset(blank);
            let mut rng = Random(0x9e3779b97f4a7c15);
            let mut line = Vec::new();
            for g in 1..=60 {
                let won = play_game(&mut m, human, g, &mut rng);
                let (r, w, x) = m.score();
                if g <= 25 || g % 10 == 0 {
                    line.push(format!("{g}:{}{r}/{w}/{x}", if won { "M" } else { "H" }));
                }
            }
            println!("{human:?} blank={blank}: {}", line.join(" "));
        }
    }
}

/// The document's opening-1 trap, looked for: the trap human (1s in the
/// first game, then opening with 1 and playing perfectly) over 100 games,
/// 20 seeds, with the blank cell on and off; printed are the human's wins in
/// games 51-100 and how many games ended with (5, 2) set and the reply 4 at
/// total 1 missing (the trap).
fn trap() {
    for blank in [true, false] {
        for seed in 1..=20u64 {
            let mut m = Memory::reset(blank);
            let mut rng = Random(seed * 7919);
            let (mut human_wins, mut trapped) = (0, 0);
            for g in 1..=100 {
                let won = play_game(&mut m, Human::Trap, g, &mut rng);
                if g > 50 {
                    human_wins += !won as usize;
                    trapped += (m.get(5, 2) && !m.get(1, 4)) as usize;
                }
            }
            println!("blank {blank}, seed {seed}: human wins in games 51-100: {human_wins}; games ending trapped: {trapped}");
        }
    }
}

/// Why a learned machine still loses to a perfect human: of its losses in
/// games 41-60 (50 seeds), how many came in a game where it goofed.
fn late_losses() {
    let (mut losses, mut with_goof) = (0, 0);
    for seed in 1..=50u64 {
        let mut m = Memory::reset(true);
        let mut rng = Random(seed * 7919);
        for g in 1..=60 {
            let (mut t, mut last, mut goofed) = (0u8, 0u8, false);
            let won = loop {
                let h = Human::Perfect.play(g, t, last, &mut rng);
                t += h;
                if t >= GOAL {
                    break t > GOAL;
                }
                let goof = rng.below(GOOF_PERIOD as u64) == 0;
                goofed |= goof;
                let p = machine_move(&mut m, t, h, goof, rng.below(4) as u8);
                t += p;
                if t >= GOAL {
                    break t == GOAL;
                }
                last = p;
            };
            if g > 40 && !won {
                losses += 1;
                with_goof += goofed as usize;
            }
        }
    }
    println!("the machine's losses in games 41-60: {losses}, {with_goof} of them with a goof");
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("curves") => curves(),
        Some("trap") => trap(),
        Some("late-losses") => late_losses(),
        _ => {
            eprintln!("which study? give one of: curves, trap, late-losses");
            std::process::exit(2);
        }
    }
}
