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
//! Ties go to the smaller play (the document's score 3: 5 first, then 3,
//! "4 is also available").

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
    (0..=rest / x).filter_map(|a| {
        let left = rest - a * x;
        (left % (7 - x) == 0).then(|| 1 + a + left / (7 - x))
    }).min()
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
