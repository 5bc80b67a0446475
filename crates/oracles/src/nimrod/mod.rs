//! Nimrod (Ferranti, 1951; seed 003, the booklet) as plain Rust: the
//! displayed program obeyed instruction by instruction, and a cycle-level
//! model of the whole machine with its buttons and lamps, written from the
//! booklet and the rulings in spec/machines.md, independently of the
//! rust-hdl design. `oracle::moore` solves the game itself by brute force
//! and never uses this program.
//!
//! The booklet displays only the simple normal game (instructions 1 to 8,
//! "INSTRUCTIONS"); the rest is this reading of it, written down in the
//! README and here:
//! - Multiple game ("MULTIPLE NIM"): a column is safe when its sum divides by
//!   k + 1; after a modification the same column is examined again
//!   (instruction 6 returns to 1 rather than going on to 7); instruction 2
//!   passes over a heap that has a 1 in the column but is not yet selected
//!   while a selected heap still has one, so heaps already modified are
//!   re-modified before a new one is selected.
//! - Reverse game: "transition" (at most k heaps hold more than one match)
//!   is judged when instruction 1 first examines column 2 and held in a
//!   latch for the move. In
//!   transition column 0 is safe when its sum leaves 1 over a multiple of
//!   k + 1; columns 2 and 1 need no change, since with at most k heaps above
//!   one their sums are at most k and "divides by k + 1" means "is 0". So the
//!   same program leaves n(k + 1) + 1 heaps of one.
//! - The extra instruction (numbered 9 here, "not included in the display")
//!   follows STOP when no heap was modified: it takes 1 from the heap the
//!   heap counter names, stepping the counter past empty heaps.

mod machine;
mod program;

pub use machine::{Lamps, Mode, Phase, Press, Side, State, Winner};
pub use program::{column_safe, column_sum, in_transition, legal_move, machine_move, modified, Move, Program, Variant, EXTRA, HEAPS, STOP_COLUMN, TOP};

#[cfg(test)]
mod tests;
