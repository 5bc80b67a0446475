//! "18-with-a-die" (the second part of seed 001): each side has its own
//! score from 0; a player may not play the opponent's last play nor its
//! complement to 7; the first to reach exactly 18 wins; a play past 18
//! loses. The machine's dictionary of best plays is derived here from the
//! game, as the document derives it, not typed in:
//!
//! "If a good play is available, it will still be available after my
//! opponent has played, and the 7-complement too": after playing x the
//! opponent may not play x nor 7 - x, so neither is barred to me next. A
//! play's sure run is then the plays to 18 using only x and 7 - x, and "I
//! want the play that brings me to 18 with the shortest run". The first
//! choice F is the play with the shortest sure run; the second choice S the
//! best of the other two complement pairs, which is "surely available"
//! when F is barred (F is barred only when the opponent played F or 7 - F).
//! The document gives no rule for ties; ties to the smaller play is the
//! project's ruling (spec/machines.md), not the document's. At the
//! document's score 3 it decides S: 3 and 4 both have a sure run of 4 plays
//! (3, 4, 4, 4 and 4, 4, 4, 3), and the ruling picks 3, as the document
//! does ("3 is surely available; it is my second-best play"). Its "4 is
//! also available" is read as the run 3 6 10 14 18 shows it: after 3 the
//! complement 4 stays available. The document counts a run by the scores
//! written, the start included ("a sure run of 4 plays to 18: 3 8 13 18");
//! `sure_run` counts the plays made, one fewer.

use super::counting::{allowed_after, GOAL};

/// The number of plays from `score` to exactly 18 when the first is `x`
/// and the rest are x or 7 - x; `None` when no such run exists.
pub fn sure_run(score: u8, x: u8) -> Option<u8> {
    let first = score + x;
    if first > GOAL {
        return None;
    }
    let rest = GOAL - first;
    // rest = a x + b (7 - x), fewest a + b.
    (0..=rest / x)
        .filter_map(|a| {
            let left = rest - a * x;
            left.is_multiple_of(7 - x).then(|| 1 + a + left / (7 - x))
        })
        .min()
}

/// The order of plays by their sure run from `score` (no run last), ties
/// to the smaller play.
fn ranked(score: u8, plays: impl Iterator<Item = u8>) -> Option<u8> {
    plays.min_by_key(|&x| (sure_run(score, x).unwrap_or(u8::MAX), x))
}

/// First choice F and second choice S at every score 0..17.
pub fn dictionary() -> [(u8, u8); GOAL as usize] {
    std::array::from_fn(|s| {
        let s = s as u8;
        let f = ranked(s, 1..=6).expect("six plays");
        let s2 = ranked(s, (1..=6).filter(|&x| allowed_after(f, x))).expect("four other plays");
        (f, s2)
    })
}

/// The machine's play at `score` after the human's play `human` (0 for
/// none): F unless the human's play bars it, then S. (At score 0 the
/// machine plays at random instead; that is the design's random state.)
pub fn dictionary_play(score: u8, human: u8) -> u8 {
    let (f, s) = dictionary()[score as usize];
    if human == 0 || allowed_after(human, f) {
        f
    } else {
        s
    }
}

/// The four plays allowed after `last` (1..6), in ascending order.
pub fn allowed_plays(last: u8) -> Vec<u8> {
    (1..=6).filter(|&p| allowed_after(last, p)).collect()
}

/// The counting oscillator's period: it counts 0..11 between plays, so
/// that its value modulo 6 and modulo 4 pick one of six or one of four
/// plays with equal chance.
pub const OSCILLATOR: u8 = 12;

/// The machine's random play at score 0 (the random-play logic): one of
/// all six when the human made no choice, else one of the four allowed.
pub fn random_play(oscillator: u8, human: u8) -> u8 {
    if human == 0 {
        oscillator % 6 + 1
    } else {
        allowed_plays(human)[(oscillator % 4) as usize]
    }
}

/// The program's step (the document's T1..T3): idle between plays; T1 is
/// the cycle PLAY is accepted (the human's play added, the M-play register
/// cleared); at T2 the M-play is entered; at T3 it is added to the M-score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Between plays: the oscillator counts and PLAY is accepted.
    Idle = 0,
    /// T2: the machine's play is entered into the M-play register.
    Enter = 1,
    /// T3: the M-play is added to the M-score.
    Add = 2,
}

pub use super::counting::Winner;

/// One clock cycle's press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Press {
    /// No button.
    #[default]
    None,
    /// RESET: power-on, at any step.
    Reset,
    /// NEW GAME (between plays): scores and plays back to zero; the
    /// oscillator keeps counting.
    NewGame,
    /// PLAY with the play selector at 0..7 (0: no choice, the machine
    /// opens; 7 is no play).
    Play(u8),
}

/// The whole machine, as its panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The M-score: the machine's score, 0 up.
    pub m_score: u8,
    /// The H-score: the human's score, 0 up.
    pub h_score: u8,
    /// The M-play register (0: cleared).
    pub m_play: u8,
    /// The human's last play (0: none yet, or no choice).
    pub h_play: u8,
    /// The counting oscillator, 0..11, running while the program is off.
    pub oscillator: u8,
    /// Where the program is: idle, T2 or T3.
    pub step: Step,
    /// Who won; `Nobody` while the game goes on.
    pub winner: Winner,
    /// The last cycle's press was refused: a play not allowed, a play
    /// after the game ended, or any press while the program runs (T2, T3).
    pub illegal: bool,
}

impl State {
    /// Power-on and RESET: every register zero.
    pub fn power_on() -> State {
        State { m_score: 0, h_score: 0, m_play: 0, h_play: 0, oscillator: 0, step: Step::Idle, winner: Winner::Nobody, illegal: false }
    }

    /// Nothing played yet in this game.
    pub fn at_start(&self) -> bool {
        self.m_score == 0 && self.h_score == 0 && self.m_play == 0 && self.h_play == 0
    }

    /// The M-play the program enters at T2.
    pub fn machine_play(&self) -> u8 {
        if self.m_score == 0 {
            random_play(self.oscillator, self.h_play)
        } else {
            dictionary_play(self.m_score, self.h_play)
        }
    }

    /// The state one clock cycle later, with `press` during the cycle.
    pub fn step(&self, press: Press) -> State {
        if press == Press::Reset {
            return State::power_on();
        }
        let mut s = *self;
        s.illegal = false;
        match self.step {
            Step::Enter => {
                s.illegal = press != Press::None;
                s.m_play = self.machine_play();
                s.step = Step::Add;
                return s;
            }
            Step::Add => {
                s.illegal = press != Press::None;
                s.m_score = self.m_score + self.m_play;
                if s.m_score == GOAL {
                    s.winner = Winner::Machine;
                } else if s.m_score > GOAL {
                    s.winner = Winner::Human;
                }
                s.step = Step::Idle;
                return s;
            }
            Step::Idle => {}
        }
        match press {
            Press::None | Press::Reset => s.oscillator = (self.oscillator + 1) % OSCILLATOR,
            Press::NewGame => {
                s = State { oscillator: (self.oscillator + 1) % OSCILLATOR, ..State::power_on() };
            }
            Press::Play(c) => {
                let legal = self.winner == Winner::Nobody
                    && match c {
                        0 => self.at_start(),
                        1..=6 => self.m_play == 0 || allowed_after(self.m_play, c),
                        _ => false,
                    };
                if !legal {
                    s.illegal = true;
                    s.oscillator = (self.oscillator + 1) % OSCILLATOR;
                    return s;
                }
                // T1: the oscillator stops; the human's play is added.
                s.h_play = c;
                s.h_score = self.h_score + c;
                s.m_play = 0;
                if s.h_score == GOAL {
                    s.winner = Winner::Human;
                } else if s.h_score > GOAL {
                    s.winner = Winner::Machine;
                } else {
                    s.step = Step::Enter;
                }
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document's worked example at score 3: "if I play 5, I will have
    /// a sure run ... 3 8 13 18"; "If I play 3 ... 3 6 10 14 18 (4 is also
    /// available)"; "If I play 1 or 6 ... a long run". F = 5, S = 3.
    #[test]
    fn the_documents_score_3() {
        assert_eq!(sure_run(3, 5), Some(3));
        assert_eq!(sure_run(3, 3), Some(4));
        assert_eq!(sure_run(3, 4), Some(4));
        assert!(sure_run(3, 1).unwrap() > 4 && sure_run(3, 6).unwrap() > 4);
        assert_eq!(dictionary()[3], (5, 3));
    }

    /// S is always playable when F is barred, and F and S differ.
    #[test]
    fn the_second_choice_is_surely_available() {
        for (score, &(f, s)) in dictionary().iter().enumerate() {
            assert!(allowed_after(f, s), "score {score}: F {f}, S {s}");
            for human in 1..=6 {
                let p = dictionary_play(score as u8, human);
                assert!(allowed_after(human, p), "score {score}, human {human}: {p}");
            }
        }
    }

    /// From 12 up a single play reaches 18 when it is allowed.
    #[test]
    fn the_last_play() {
        for score in 12..=17u8 {
            assert_eq!(dictionary()[score as usize].0, GOAL - score);
        }
    }
}
