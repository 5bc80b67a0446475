//! Is Wilson's judge's search complete? (issue 19, "A proof that the judge's
//! search is complete"; `nimforge wilson complete`.)
//!
//! The claim: every position of up to 8 groups of up to 127 counters that
//! is not won for the side that just moved has a sound move of one of the
//! forms the hardware judge tries. "Won" and "sound" are the value rule's
//! (`oracle::wilson`), which is what the judge computes.
//!
//! # The terms
//!
//! - A group of `n` counters has a code `c(n) = 2·G(n) + (n mod 2)`, where
//!   `G(n)` is its value when only two adjacent counters may be taken (the
//!   brute-force mex of `oracle::wilson::adjacent_values`); `c(0) = 0`
//!   ([`super::codes`]). Groups 1 to 127 have 14 different codes
//!   (Wilson's 14 bases), all below 32.
//! - A position's value `V` is the XOR of its groups' codes. It is won for
//!   the side that just moved exactly when `V = 0`. Bit 0 of `V` is the
//!   parity of the number of counters.
//! - A move inside one group of `n` counters replaces it by pieces; its
//!   change is `c(n) XOR` the pieces' codes, and it is sound exactly when its
//!   change equals `V`. A move that takes from two groups changes `V` by the
//!   XOR of the two groups' changes.
//!
//! # The forms the hardware tries
//!
//! From `designs/src/wilson.rs` and the oracle's move-level function
//! [`super::judge::judge`] (its `HwMove`s):
//! - `V` even (an even number of counters): two adjacent counters from a
//!   group, at every split (stage TWO);
//! - `V` odd: one counter from a group, at every split (stage ONE); then two
//!   adjacent counters from a group at every split and one more counter from
//!   either of its two pieces ("three in the group", INNER with second 8 or
//!   9) or from any other group ("three across", second 0 to 7).
//!
//! The scans visit a split once with its mirror image (the left piece no
//! longer than the right); mirror images leave the same pieces, so every
//! multiset of pieces a form can leave is visited. A move changes the
//! parity by the number of counters it takes, so the judge's choice of forms
//! by the parity of the count is the only one that can reach `V = 0`.
//!
//! # The argument
//!
//! 1. Per group size (finite: sizes 1 to 127, [`reach`]). For every `n`, the
//!    set of changes each form makes inside a group of `n`, computed with the
//!    hardware's own split ranges: `one(n)`, `two(n)`, `three(n)` (two
//!    adjacent and one more from a piece). The unit tests tie these sets to
//!    the oracle's own move generator (`take_one`, `take_two_adjacent`).
//! 2. Per target (finite: every nonzero value `t` below 32, [`argument`]).
//!    Call a size `n` *moving* for `t` when a move of the form for `t`'s
//!    parity inside a group of `n` has change `t` (`t` in `one(n) ∪
//!    three(n)` when `t` is odd, in `two(n)` when even), and *stuck*
//!    otherwise. Enumerate every combination (subset) of the different codes
//!    of the stuck sizes and check that none of them XORs to `t`.
//! 3. Why that suffices, for any number of groups. Take a position with
//!    `V = t ≠ 0`. If all its groups were stuck for `t`, `V` would be the XOR
//!    of their codes; equal codes cancel in pairs, so `V` would be the XOR of
//!    a subset of the different stuck codes, which step 2 excludes. So some
//!    group is moving for `t`: a move inside it, of a form the hardware tries
//!    for that parity, changes `V` by `t`, leaving `V = 0`, a sound move.
//!    The hardware scans every group and every split of that form, so it
//!    finds that move or an earlier sound one.
//!
//! The argument never uses "three across": a sound move inside one group
//! always exists. It holds for any number of groups; 8 is the judge's slot
//! count. What it rests on: the oracle's codes (those of its judge; the
//! design's `BaseCode` holds the article's 5-bit codes instead, and the
//! verification runs every group size beside each of the 14 bases at every
//! level) and the value rule itself, which `oracle::wilson` confirms against
//! the brute-force solver on small positions and which is not proven here.
//!
//! # The cross-check
//!
//! [`cross_check`] runs the oracle's own search (`judge`, plain loops over
//! groups and splits, no per-size tables) on every position of up to 3
//! groups of up to 127 counters and on seeded random positions of 8 groups:
//! its verdict must be the value rule's, it must find a move exactly when
//! `V ≠ 0`, the move must leave `V = 0`, and the reduction ([`search`], the
//! per-size sets) must find a move exactly when the judge does.

mod cross;
mod report;
mod sizes;
mod targets;

pub use cross::{cross_check, exhaustive_positions, random_chunk, CrossCheck, JudgeForms, CHUNK, EXHAUSTIVE_GROUPS, RANDOM_POSITIONS, SEED};
pub use report::{run, Report};
pub use sizes::{codes, reach, search, value, Form, Forms, Reach, Witness, MAX_GROUP, SLOTS};
pub use targets::{argument, open_candidates, Argument, TargetCase};

#[cfg(test)]
mod tests;
