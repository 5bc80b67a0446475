//! The paths of release 0.1 whose modules became private or moved (issue
//! 57), kept for one release at the root (lib.rs re-exports these modules,
//! hidden): each type a deprecated alias and each function a deprecated
//! wrapper, so that a crate that names one builds, warned with what to
//! write instead.
#![allow(missing_docs, deprecated)]

/// The names the signatures below use, where a deprecated alias of the
/// same name does not stand for them.
mod scope {
    pub use crate::boards::{self, Board};
    pub use crate::flow::yosys::{self, Synthesis};
    pub use crate::flow::ToolError;
    pub use crate::layout::Places;
    pub use crate::levels::hdl::{Chip, Made};
    pub use crate::levels::lanes::{Expected, Progress, Wired};
    pub use crate::sources::Sources;
    pub use crate::{Deep, Error, Level, LevelReport, Machine, Plan, Port, Replay, Shard, Source, Stage};
    pub use rust_hdl::prelude::Block;
    pub use std::path::{Path, PathBuf};
}

/// Deprecated: `Source` is at the root.
pub mod source {
    /// Deprecated: write `nimforge_verify::Source`.
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Source")]
    pub type Source = crate::Source;
}

/// Deprecated: `Port` is at the root.
pub mod ports {
    /// Deprecated: write `nimforge_verify::Port`.
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Port")]
    pub type Port = crate::Port;
    /// A port's value as the `ports!` macro reads and drives it (a trait
    /// cannot be an alias: this re-export does not warn).
    pub use crate::port::PortValue;
    /// Deprecated: the `ports!` macro finds a port's width itself.
    #[deprecated(since = "0.2.0", note = "the ports! macro finds a port's width itself")]
    pub fn width_of<D, Dir: rust_hdl::prelude::Direction, T: rust_hdl::prelude::Synth>(
        field: impl for<'a> Fn(&'a D) -> &'a rust_hdl::prelude::Signal<Dir, T>,
    ) -> usize {
        crate::port::width_of(field)
    }
}

/// Deprecated: `verilog_ports!` names the design type itself.
pub mod external {
    /// Deprecated: `verilog_ports!` writes `type Design` itself.
    #[deprecated(since = "0.2.0", note = "verilog_ports! writes `type Design` itself")]
    pub type External = crate::external_design::External;
}

/// Deprecated: `ci::annotate`.
pub mod annotate {
    use crate::check::Checked;
    use crate::ci::annotate as new;
    use crate::LevelReport;
    use std::path::Path;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::Annotation")]
    pub type Annotation = new::Annotation;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::wanted")]
    pub fn wanted(asked: bool) -> bool {
        new::wanted(asked)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::shown")]
    pub fn shown(path: &Path) -> String {
        new::shown(path)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::of_levels")]
    pub fn of_levels(levels: &[LevelReport], file: &Path, top: &str, dir: &Path) -> Vec<new::Annotation> {
        new::of_levels(levels, file, top, dir)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::of_check")]
    pub fn of_check(a: &Path, b: &Path, top: &str, c: &Checked, dir: &Path) -> Option<new::Annotation> {
        new::of_check(a, b, top, c, dir)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::annotate::of_refusal")]
    pub fn of_refusal(files: &[&Path], title: &str, message: &str) -> new::Annotation {
        new::of_refusal(files, title, message)
    }
}

/// Deprecated: `ci::junit`.
pub mod junit {
    use crate::check::Checked;
    use crate::ci::junit as new;
    use crate::{Error, LevelReport, ProofReport};
    use std::path::Path;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::SCHEMA")]
    pub const SCHEMA: &str = new::SCHEMA;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::Outcome")]
    pub type Outcome = new::Outcome;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::Case")]
    pub type Case = new::Case;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::Suite")]
    pub type Suite = new::Suite;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::render")]
    pub fn render(name: &str, suites: &[new::Suite]) -> String {
        new::render(name, suites)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::check_path")]
    pub fn check_path(path: &Path) -> Result<(), Error> {
        new::check_path(path)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::write")]
    pub fn write(path: &Path, name: &str, suites: &[new::Suite]) -> Result<(), Error> {
        new::write(path, name, suites)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::of_levels")]
    pub fn of_levels(levels: &[LevelReport], proofs: &[ProofReport]) -> Vec<new::Suite> {
        new::of_levels(levels, proofs)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::of_check")]
    pub fn of_check(a: &Path, b: &Path, top: &str, c: &Checked, seconds: f64) -> new::Suite {
        new::of_check(a, b, top, c, seconds)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ci::junit::of_refusal")]
    pub fn of_refusal(suite: &str, case: &str, why: &str) -> new::Suite {
        new::of_refusal(suite, case, why)
    }
}

/// Deprecated: `clocked::Driver`.
pub mod driver {
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::clocked::Driver")]
    pub type Driver<M> = crate::clocked::Driver<M>;
}

/// Deprecated: `report`.
pub mod shard {
    use crate::report as new;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Shard")]
    pub type Shard = new::Shard;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::SCHEDULER_INDEX")]
    pub const SCHEDULER_INDEX: [&str; 2] = new::SCHEDULER_INDEX;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::ShardInfo")]
    pub type ShardInfo = new::ShardInfo;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::Fingerprint")]
    pub type Fingerprint = new::Fingerprint;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::end_line")]
    pub fn end_line(shard: new::Shard, rows: usize) -> String {
        new::end_line(shard, rows)
    }
}

/// Deprecated: `report`.
pub mod merge {
    use crate::report as new;
    use crate::{Error, LevelReport};

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::ShardReport")]
    pub type ShardReport = new::ShardReport;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::read_shard")]
    pub fn read(file: &str, text: &str) -> Result<new::ShardReport, Error> {
        new::read_shard(file, text)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::check_cover")]
    pub fn check_cover(what: &str, parts: &[(String, new::ShardInfo)]) -> Result<(), Error> {
        new::check_cover(what, parts)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::merge")]
    pub fn merge(reports: &[new::ShardReport]) -> Result<Vec<LevelReport>, Error> {
        new::merge(reports)
    }
}

/// Deprecated: `levels::bitsim`.
pub mod bitsim {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::Input")]
    pub type Input = crate::levels::bitsim::Input;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::Searched")]
    pub type Searched = crate::levels::bitsim::Searched;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::SearchAt")]
    pub type SearchAt = crate::levels::bitsim::SearchAt;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::Sharding")]
    pub type Sharding = crate::levels::bitsim::Sharding;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::run")]
    pub fn run<M: Machine>(
        plan: &Plan<M>,
        expected: &Expected,
        inputs: Vec<Input>,
        progress: &Progress,
        sharding: Option<Sharding>,
        bound: usize,
    ) -> (Vec<LevelReport>, Option<Searched>) {
        crate::levels::bitsim::run::<M>(plan, expected, inputs, progress, sharding, bound)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::bitsim::run_deep")]
    pub fn run_deep<M: Machine>(deep: &Deep, nets: &[&Wired], threads: usize, progress: &Progress, shard: Shard) -> Vec<LevelReport> {
        crate::levels::bitsim::run_deep::<M>(deep, nets, threads, progress, shard)
    }
}

/// Deprecated: `levels::equiv`; the proof reports are in `report`, `prove` and `BOUND` in `check` too.
pub mod equiv {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::BOUND")]
    pub const BOUND: usize = crate::levels::equiv::BOUND;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::ProofReport")]
    pub type ProofReport = crate::levels::equiv::ProofReport;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::ProofStatus")]
    pub type ProofStatus = crate::levels::equiv::ProofStatus;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::prove")]
    pub fn prove(pair: &str, gold: (&Sources, &str), gate: (&Sources, &str), dir: &std::path::Path) -> Result<yosys::Equivalence, crate::flow::ToolError> {
        crate::levels::equiv::prove(pair, gold, gate, dir)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::machine")]
    pub fn machine<M: Machine>(places: &Places, ice40: &Made<Synthesis>, chip: &Made<Chip>) -> Vec<ProofReport> {
        crate::levels::equiv::machine::<M>(places, ice40, chip)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::equiv::table")]
    pub fn table(reports: &[ProofReport]) -> String {
        crate::levels::equiv::table(reports)
    }
}

/// Deprecated: `levels::hdl`.
pub mod hdl {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::write_vectors")]
    pub fn write_vectors<M: Machine>(plan: &Plan<M>, path: &Path) -> Result<(), ToolError> {
        crate::levels::hdl::write_vectors::<M>(plan, path)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::Why")]
    pub type Why = crate::levels::hdl::Why;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::Made")]
    pub type Made<T> = crate::levels::hdl::Made<T>;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::make_generic")]
    pub fn make_generic<M: Machine>(places: &Places) -> Made<PathBuf> {
        crate::levels::hdl::make_generic::<M>(places)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::make_ice40")]
    pub fn make_ice40<M: Machine>(places: &Places) -> Made<yosys::Synthesis> {
        crate::levels::hdl::make_ice40::<M>(places)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::verification_board")]
    pub fn verification_board<M: Machine>() -> boards::Board {
        crate::levels::hdl::verification_board::<M>()
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::Chip")]
    pub type Chip = crate::levels::hdl::Chip;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::make_chip")]
    pub fn make_chip<M: Machine>(places: &Places) -> Made<Chip> {
        crate::levels::hdl::make_chip::<M>(places)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::hdl::verilog_icarus")]
    pub fn verilog_icarus<M: Machine>(plan: &Plan<M>, places: &Places, vectors: &Path) -> LevelReport {
        crate::levels::hdl::verilog_icarus::<M>(plan, places, vectors)
    }
}

/// Deprecated: `levels::lanes`.
pub mod lanes {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::W")]
    pub type W = crate::levels::lanes::W;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::LANES")]
    pub const LANES: usize = crate::levels::lanes::LANES;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Wired")]
    pub type Wired = crate::levels::lanes::Wired;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Found")]
    pub type Found = crate::levels::lanes::Found;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::threads")]
    pub fn threads() -> usize {
        crate::levels::lanes::threads()
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Progress")]
    pub type Progress = crate::levels::lanes::Progress;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::run_pieces")]
    pub fn run_pieces<M: Machine>(plan: &Plan<M>, expected: &Expected, wired: &Wired, threads: usize, progress: &Progress) -> Found {
        crate::levels::lanes::run_pieces::<M>(plan, expected, wired, threads, progress)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::pack")]
    pub fn pack(values: &[u64], ports: &[Port], row: &mut [u64]) {
        crate::levels::lanes::pack(values, ports, row)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::unpack")]
    pub fn unpack(row: &[u64], ports: &[Port]) -> Vec<u64> {
        crate::levels::lanes::unpack(row, ports)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::width")]
    pub fn width(ports: &[Port]) -> usize {
        crate::levels::lanes::width(ports)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Expected")]
    pub type Expected = crate::levels::lanes::Expected;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Reach")]
    pub type Reach = crate::levels::lanes::Reach;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Search")]
    pub type Search = crate::levels::lanes::Search;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::Registers")]
    pub type Registers = crate::levels::lanes::Registers;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::lanes::search")]
    pub fn search<M: Machine>(nets: &[&Wired], threads: usize, progress: &Progress, bound: usize) -> Search {
        crate::levels::lanes::search::<M>(nets, threads, progress, bound)
    }
}

/// Deprecated: `levels::replay`.
pub mod replay {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::of")]
    pub fn of<M: Machine>(plan: &Plan<M>, i: usize, level: Stage) -> Replay {
        crate::levels::replay::of::<M>(plan, i, level)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::of_letters")]
    pub fn of_letters<M: Machine>(letters: &[usize], level: Stage) -> Replay {
        crate::levels::replay::of_letters::<M>(letters, level)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::first_in")]
    pub fn first_in(report: &Path) -> Result<Replay, Error> {
        crate::levels::replay::first_in(report)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::level_of")]
    pub fn level_of(level: &str) -> Result<Level, Error> {
        crate::levels::replay::level_of(level)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::level_at")]
    pub fn level_at(stage: &Stage) -> Result<Level, Error> {
        crate::levels::replay::level_at(stage)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::replay::run")]
    pub fn run<M: Machine>(root: &Path, source: &Source, replay: &Replay, level: Level, vcd: &Path) -> Result<LevelReport, Error> {
        crate::levels::replay::run::<M>(root, source, replay, level, vcd)
    }
}

/// Deprecated: `levels::rtl`.
pub mod rtl {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::rtl::run")]
    pub fn run<M: Machine>(plan: &Plan<M>, threads: usize) -> LevelReport {
        crate::levels::rtl::run::<M>(plan, threads)
    }
}

/// Deprecated: `levels::fresh`; the rest was deprecated already.
pub mod run {
    use super::scope::*;

    pub use crate::levels::run::{finished, finished_so_far, levels, Wanted};
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::fresh")]
    pub fn fresh<M: Machine>(root: &Path) -> Result<(), crate::Error> {
        crate::levels::run::fresh::<M>(root)
    }
}

/// Deprecated: `levels::verilated`.
pub mod verilated {
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::verilated::Verilated")]
    pub type Verilated = crate::levels::verilated::Verilated;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::verilated::Outcome")]
    pub type Outcome = crate::levels::verilated::Outcome;
}

/// Deprecated: `build` (the Verilog, the testbenches, the pin file) and `report::text_table`.
pub mod emit {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::build::Generated")]
    pub type Generated = crate::emitter::Generated;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::build::design_files")]
    pub fn design_files<M: Machine>(origin: &str) -> Result<Vec<Generated>, crate::Error> {
        crate::emitter::design_files::<M>(origin)
    }
    /// Deprecated: `build`.
    pub mod pcf {
        use super::super::scope::*;

        #[deprecated(since = "0.2.0", note = "write nimforge_verify::build::PcfPin")]
        pub type Pin = crate::emitter::pcf::Pin;
        #[deprecated(since = "0.2.0", note = "write nimforge_verify::build::render_pcf")]
        pub fn render(board: &Board, purpose: &str, pins: &[Pin]) -> String {
            crate::emitter::pcf::render(board, purpose, pins)
        }
    }

    /// Deprecated: `report::text_table`.
    pub mod report {
        #[deprecated(since = "0.2.0", note = "write nimforge_verify::report::text_table")]
        pub fn table(header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
            crate::emitter::report::table(header, rows, right)
        }
    }

    /// Deprecated: `build::design_files` writes the testbenches.
    pub mod testbench {
        use super::super::scope::*;

        #[deprecated(since = "0.2.0", note = "build::design_files writes the testbenches")]
        pub fn render(module: &str, inputs: &[Port], outputs: &[Port], bitwise: bool) -> String {
            crate::emitter::testbench::render(module, inputs, outputs, bitwise)
        }
    }

    /// Deprecated: `build::emit_verilog`.
    pub mod verilog {
        use super::super::scope::*;

        #[deprecated(since = "0.2.0", note = "write nimforge_verify::build::emit_verilog")]
        pub fn emit<B: Block>(uut: &mut B, module: &str, origin: &str) -> Result<String, crate::Error> {
            crate::emitter::verilog::emit::<B>(uut, module, origin)
        }
        #[deprecated(since = "0.2.0", note = "build::emit_verilog checks the design first")]
        pub fn check<B: Block>(uut: &B, module: &str) -> Result<(), crate::Error> {
            crate::emitter::verilog::check::<B>(uut, module)
        }
    }
}

/// Deprecated: its items are at the root.
pub mod machine {
    pub use crate::harness::{Deep, DeepRuns, Letter, Machine, Recorder};
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Machine::letter_in")]
    pub fn letter_in<M: Machine + ?Sized>(alphabet: &[M::Press], press: M::Press) -> usize {
        crate::harness::letter_in::<M>(alphabet, press)
    }
}

/// Deprecated: `Places` is at the root.
pub mod places {
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Places")]
    pub type Places = crate::layout::Places;
}

/// Deprecated: `Ui` is at the root, `Progress` and `Job` in `levels`.
pub mod progress {
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::Job")]
    pub type Job = crate::ui::Job;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::Ui")]
    pub type Ui = crate::Ui;
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::levels::Progress")]
    pub type Progress = crate::levels::Progress;
}

/// Deprecated: `clocked::parse_script` and `clocked::record_vcd`.
pub mod vcd {
    use super::scope::*;

    #[deprecated(since = "0.2.0", note = "write nimforge_verify::clocked::parse_script")]
    pub fn parse<M: Machine>(script: &str) -> Result<Vec<usize>, Error> {
        crate::clocked::parse_script::<M>(script)
    }
    #[deprecated(since = "0.2.0", note = "write nimforge_verify::clocked::record_vcd")]
    pub fn record<M: Machine>(script: &str, path: &Path) -> Result<usize, Error> {
        crate::clocked::record_vcd::<M>(script, path)
    }
}
