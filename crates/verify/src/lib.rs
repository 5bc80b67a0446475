//! nimforge-verify: a design checked against its Rust model at every level.
//!
//! A machine describes its ports, its presses (its own type: one press, or
//! none, per clock cycle, listed once in [`Machine::alphabet`]; a letter is
//! a press's place in that list) and its oracle ([`Machine`]). The harness
//! builds the oracle's state graph, a transition tour over it and the
//! machine's whole-move runs; replays that one input sequence at every
//! level; and compares every output after every clock with the oracle's.
//!
//! Levels (each with its engines, [`Engine`]): `rtl` (the rust-hdl
//! simulation, in process); `verilog` (the file in `generated/`: as yosys's
//! generic gates in the bit-parallel simulator of [`nimforge_netlist`], in
//! Verilator, in Icarus); `netlist` (yosys `synth_ice40`: its JSON through
//! the iCE40 cell models in the bit-parallel simulator, and written back as
//! Verilog in Icarus with yosys's cell models); `bitstream` (nextpnr-ice40
//! and icepack, the `.asc` turned back into Verilog by icebox_vlog: as
//! generic gates in the bit-parallel simulator, and in Icarus) and `equiv`
//! (proofs between levels). [`run`]
//! runs a machine's levels; a [`Project`] takes a design of one's own through
//! all of it. `use nimforge_verify::prelude::*;` brings what a crate that
//! checks its own design needs ([`prelude`]).
#![warn(missing_docs)]
//!
//! The rooms, bottom up: [`mod@ports`] (a design's ports), [`machine`] (the
//! trait a user implements), [`Plan`] (the input sequence: the transition
//! tour and the whole-move runs), [`Level`] and [`Engine`], [`report`]
//! (what a level found);
//! [`flow`] (one module per external tool), [`files`] and [`Sources`] (all
//! three nimforge-flow's, re-exported here), [`emit`] (Verilog, testbenches,
//! constraints, tables from templates), [`boards`] (nimforge-flow's, with
//! this crate's [`Error`]) and [`build`]; the level
//! runners [`rtl`], [`bitsim`], [`hdl`] (the external simulators),
//! [`verilated`], [`equiv`] (the proofs) and [`run`] (all of them on both
//! cores); [`driver`] and [`clocked`] (a design driven press by press).

pub mod annotate;
pub mod bitsim;
pub mod boards;
pub mod build;
pub mod check;
pub mod clocked;
pub mod driver;
pub mod emit;
pub mod equiv;
mod error;
pub mod external;
pub mod hdl;
pub mod junit;
pub mod lanes;
mod level;
pub mod machine;
pub mod merge;
mod options;
pub mod places;
mod plan;
pub mod ports;
pub mod prelude;
pub mod progress;
mod project;
pub mod replay;
pub mod report;
pub mod rtl;
pub mod run;
pub mod shard;
pub mod source;
mod tour;
pub mod vcd;
mod verdict;
pub mod verilated;

/// rust-hdl, as the port macros ([`ports!`], [`verilog_ports!`]) name it:
/// a crate whose design is Verilog needs no rust-hdl of its own.
#[doc(hidden)]
pub use rust_hdl;

pub use error::Error;
pub use level::{Engine, Level, Stage};
pub use machine::{Deep, DeepRuns, Letter, Machine, Recorder};
pub use options::{OnLevel, Options};
pub use plan::Plan;
pub use ports::Port;
pub use progress::Ui;
pub use project::{Project, Verified};
pub use report::{LevelReport, Status};
pub use source::Source;
pub use sources::{Sources, SourcesError};

// The flow's modules, moved to nimforge-flow (the ground floor that
// nimforge-netlist's tests use too), at their old paths here: every path a
// user or the app writes (`nimforge_verify::flow::yosys`, `files::save`,
// `Sources`) names the same item as before.
use nimforge_flow::sources;
pub use nimforge_flow::{files, flow};
