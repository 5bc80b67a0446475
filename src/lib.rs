//! nimforge: the historic Nim-playing machines as digital logic, each
//! checked against its software oracle at every level.
#![warn(missing_docs)]
//!
//! This crate holds the machines; what it builds on lives in crates of
//! their own: `nimforge-oracles` (the software models, which never see a
//! design), `nimforge-designs` (the rust-hdl designs), `nimforge-verify`
//! (the levels, the tools, the proofs: what a design of one's own needs) and
//! `nimforge-netlist` (the bit-parallel simulator).
//!
//! - `harness/`: each machine as `nimforge-verify` sees it (its ports,
//!   presses, oracle and plan).
//! - `panel/`: the front-panel protocol, host side, and the `panel` level;
//!   `play/`: the panel in a terminal; `serve/`: in a browser.
//! - `moves/`: a move or a game on a machine's design (`move`, `replay`).
//! - `proof`: the N x W selector proven equal to its reference (`prove`).
//! - `results`: `docs/results.md` from a run's JSON.
//! - `bench/`: the benchmarks; `machines`: the registry.
//! - `fuzz/`: the check's own fuzzer (random designs, rewrites, mutants,
//!   ground truth from ABC and Icarus).
//! - `commands/`: the `nimforge` subcommands: they parse and print.

pub mod bench;
pub mod commands;
pub mod error;
pub mod fuzz;
pub mod harness;
pub mod machines;
pub mod moves;
pub mod panel;
pub mod play;
pub mod proof;
pub mod results;
pub mod serve;
pub mod starter;
pub use error::Error;
