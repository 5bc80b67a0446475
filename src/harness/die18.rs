//! 18-with-a-die for the harness: its ports, its letters, the oracle
//! (`oracle::die18`) and the design (`designs::die18`, with the dictionary
//! the oracle derives) side by side.
//!
//! The tour takes every reachable state (both scores, both last plays, the
//! counting oscillator, the program step, the winner) under every letter
//! (none, RESET, NEW GAME, PLAY with the selector at 0..7). Then whole games
//! against three scripted humans (the smallest allowed play, the largest,
//! and the dictionary's own best play), from every opening and every
//! oscillator value, each checked against the rules by a referee written
//! here: every play allowed, the scores the sums of the plays, the winner
//! the side that reached 18 exactly (or the other, past it).

use nimforge_designs::die18::Die18 as Design;
use nimforge_oracles::counting::{allowed_after, GOAL};
use nimforge_oracles::die18::{self as oracle, dictionary, Press, State, Step, Winner, OSCILLATOR};
use nimforge_verify::{Letter, Machine, Recorder};

/// 18-with-a-die as the harness drives it: its [`Machine`].
pub struct Die18;

/// The scripted humans of the whole-game runs.
#[derive(Clone, Copy, Debug)]
enum Human {
    Smallest,
    Largest,
    Skilled,
}

impl Human {
    fn play(self, s: &State) -> u8 {
        let allowed: Vec<u8> = (1..=6).filter(|&p| s.m_play == 0 || allowed_after(s.m_play, p)).collect();
        match self {
            Human::Smallest => allowed[0],
            Human::Largest => *allowed.last().unwrap(),
            Human::Skilled => oracle::dictionary_play(s.h_score, s.m_play),
        }
    }
}

impl Machine for Die18 {
    type State = State;
    type Extra = ();
    type Design = Design;
    type Press = Press;
    const NAME: &'static str = "die18";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &Design) -> Option<Design> {
        Some(design.clone())
    }

    nimforge_verify::ports!(Design;
        inputs: [reset, new_game, play, choice];
        outputs: [m_score, h_score, m_play, h_play, oscillator, step, winner, illegal]);

    /// None, RESET, NEW GAME, PLAY with the selector at 0..7 (0: the
    /// machine opens).
    fn alphabet() -> Vec<Press> {
        [Press::None, Press::Reset, Press::NewGame].into_iter().chain((0..8).map(Press::Play)).collect()
    }

    fn letter(press: Press) -> Letter {
        match press {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::NewGame => Letter::of::<Self>("NEW GAME", &[("new_game", 1)]),
            Press::Play(c) => Letter::of::<Self>(format!("PLAY {c}"), &[("play", 1), ("choice", c as u64)]),
        }
    }

    fn home() -> Option<Press> {
        Some(Press::Reset)
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, press: Press) -> State {
        state.step(press)
    }

    fn observe(s: &State, _: &()) -> Vec<u64> {
        vec![s.m_score as u64, s.h_score as u64, s.m_play as u64, s.h_play as u64, s.oscillator as u64, s.step as u64, s.winner as u64, s.illegal as u64]
    }

    /// Whole games: three scripted humans, every opening (the machine's, or
    /// a human play of 1..6), every oscillator value at the first PLAY.
    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        let mut run = Recorder::<Self>::new();
        for human in [Human::Smallest, Human::Largest, Human::Skilled] {
            for opening in 0..=6u8 {
                for osc in 0..OSCILLATOR {
                    run.push(Press::Reset);
                    while run.state.oscillator != osc {
                        run.push(Press::None);
                    }
                    // The referee's own count of the game.
                    let (mut m, mut h, mut last_m) = (0u8, 0u8, 0u8);
                    let mut first = Some(opening);
                    loop {
                        let c = first.take().unwrap_or_else(|| human.play(&run.state));
                        if last_m != 0 && !allowed_after(last_m, c) {
                            return Err(nimforge_verify::Error::Model(format!("{human:?}: the script chose a barred play {c}")));
                        }
                        run.push(Press::Play(c));
                        h += c;
                        while run.state.step != Step::Idle {
                            run.push(Press::None);
                        }
                        let over = |m: u8, h: u8| m >= GOAL || h >= GOAL;
                        if !over(m, h) && h < GOAL {
                            let p = run.state.m_play;
                            if !(1..=6).contains(&p) || (c != 0 && !allowed_after(c, p)) {
                                return Err(nimforge_verify::Error::Model(format!("{human:?}, opening {opening}: the machine played {p} after {c}")));
                            }
                            m += p;
                            last_m = p;
                        }
                        if (run.state.m_score, run.state.h_score) != (m, h) {
                            return Err(nimforge_verify::Error::Model(format!(
                                "{human:?}, opening {opening}: scores {}/{} where the plays make {m}/{h}",
                                run.state.m_score, run.state.h_score
                            )));
                        }
                        if over(m, h) {
                            let want = if h == GOAL || m > GOAL { Winner::Human } else { Winner::Machine };
                            if run.state.winner != want {
                                return Err(nimforge_verify::Error::Model(format!(
                                    "{human:?}, opening {opening}: the winner is {:?}, the referee says {want:?}",
                                    run.state.winner
                                )));
                            }
                            break;
                        }
                        if run.state.winner != Winner::Nobody {
                            return Err(nimforge_verify::Error::Model(format!("{human:?}, opening {opening}: a winner before 18")));
                        }
                    }
                }
            }
        }
        Ok(run.letters)
    }

    fn design() -> Design {
        Design::new(dictionary())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The skilled human (the dictionary's own play) against the machine:
    /// the referee's games end, and the machine's first play at score 0 is
    /// random: every oscillator value's game is checked.
    #[test]
    fn the_games_are_refereed() {
        assert!(Die18::move_runs().is_ok());
    }
}
