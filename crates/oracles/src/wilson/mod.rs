//! Wilson's number problem (seed 004; rulings in spec/machines.md, "Wilson's
//! number problem"): groups of counters in a row; a move takes (1) one
//! counter from anywhere, (2) three counters from anywhere, or (3) two
//! adjacent counters from one group; taking from inside a group splits it.
//! Whoever makes the last move wins.
//!
//! Two independent things live here:
//! - [`Solver`]: the game by brute force, every move of every kind, with no
//!   theory in it. It is the ground truth, and it reaches every position of
//!   up to a few dozen counters.
//! - The value rule, which the solver confirms on every position it
//!   reaches (`rule_agrees_with_the_solver`): a position with an odd number
//!   of counters is lost for the side that just moved; one with an even
//!   number is won for that side exactly when the groups' values under move
//!   (3) alone (the game restricted to two adjacent counters, each group's
//!   Grundy value by brute-force mex) cancel. A group's `code` is its value
//!   and its parity; a position is won when its codes cancel (XOR to zero).
//!   This is Wilson's "bases cancel" with the bases' values made explicit,
//!   and it is what the hardware computes.
//!
//! [`row_moves`] lists the moves from a row the article's way (which group,
//! what is taken, what it splits into, the row after), for the judge.
//!
//! [`tables`] derives Wilson's tables (bases, equivalents, period and
//! exceptions, three-base wins) from the codes; `commands/wilson.rs`
//! compares them with the article's, typed in [`article`]. [`mod@judge`] is
//! the hardware judge as the article and the rulings ask for it;
//! [`complete`] the argument that its search finds a sound move whenever
//! one exists.

pub mod article;
pub mod complete;
pub mod judge;

mod game;
mod rows;
mod values;

pub use game::{canon, moves, positions, take_one, take_three, take_two_adjacent, Kind, Position, Solver};
pub use rows::{judge, row_after, row_moves, Judgement, Move, Take};
pub use values::{adjacent_values, codes, rule_won, tables, Tables};

#[cfg(test)]
mod tests;
