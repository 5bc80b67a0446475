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
//! (proofs between levels). A [`Project`] takes a design of one's own
//! through all of it, as [`Options`] say; `use nimforge_verify::prelude::*;`
//! brings what a crate that checks its own design needs ([`prelude`]).
#![warn(missing_docs)]
//!
//! What is here, bottom up:
//! - the design and its model: [`Port`] and [`ports!`] (a design's ports),
//!   [`Machine`] (the trait a user implements), [`Plan`] (the input
//!   sequence: the transition tour and the whole-move runs), [`Level`],
//!   [`Engine`] and [`Stage`];
//! - the open flow: [`flow`] (one module per external tool), [`files`] and
//!   [`Sources`] (nimforge-flow's, re-exported here), [`boards`] and
//!   [`build`] (a design's Verilog, testbenches, pin file and bitstream);
//! - running it: [`levels`] (each level's runner, for a crate that runs one
//!   itself), [`clocked`] (a design driven press by press), [`check`] (two
//!   designs compared, or a design against a model);
//! - what a run found: [`report`] (the levels' and proofs' reports, and a
//!   run's shards put back together) and [`ci`] (JUnit XML and GitHub
//!   annotations of it).
//!
//! A name that moves keeps a deprecated path for one release, with what to
//! write instead (CHANGELOG.md).

pub mod boards;
pub mod build;
pub mod check;
pub mod ci;
pub mod clocked;
mod design_source;
mod emitter;
mod error;
mod external_design;
mod harness;
mod layout;
mod level;
pub mod levels;
mod options;
mod plan;
mod port;
pub mod prelude;
mod project;
pub mod report;
mod steps;
mod tally;
mod tour;
mod ui;

/// rust-hdl, as the port macros ([`ports!`], [`verilog_ports!`]) name it:
/// a crate whose design is Verilog needs no rust-hdl of its own.
#[doc(hidden)]
pub use rust_hdl;

pub use design_source::Source;
pub use error::Error;
pub use harness::{Deep, DeepRuns, Letter, Machine, Recorder};
pub use layout::Places;
pub use level::{Engine, Hardware, Level, Run, Stage};
pub use options::{OnLevel, Options};
pub use plan::Plan;
pub use port::Port;
pub use project::{Project, Verified};
pub use report::{LevelReport, ProofReport, ProofStatus, Replay, Shard, ShardInfo, Status};
pub use sources::{Sources, SourcesError};
pub use steps::Steps;
pub use ui::Ui;

// The flow's modules, moved to nimforge-flow (the ground floor that
// nimforge-netlist's tests use too), at their old paths here: every path a
// user or the app writes (`nimforge_verify::flow::yosys`, `files::save`,
// `Sources`) names the same item as before.
use nimforge_flow::sources;
pub use nimforge_flow::{files, flow};

// What the port macros expand to (`ports!`, `verilog_ports!`): root paths,
// so that the modules behind them can move.
#[doc(hidden)]
pub use external_design::External as __External;
#[doc(hidden)]
pub use port::{width_of as __width_of, PortValue as __PortValue};
