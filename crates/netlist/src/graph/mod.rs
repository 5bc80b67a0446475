//! From a parsed [`Model`](crate::blif::Model) to a [`Program`]: one slot per net, every net
//! with exactly one driver, the combinational cells as a petgraph graph
//! (inputs and latch outputs are its sources, latch D inputs and outputs
//! its sinks) checked for loops and put in topological order, and each
//! cover compiled to the fastest op its truth table allows.

mod compiler;
mod cover;
mod program;

pub use compiler::compile;
pub use cover::{support, truth_table};
pub use program::{Cube, LatchSlots, Literal, Op, Program};

#[cfg(test)]
mod tests;
