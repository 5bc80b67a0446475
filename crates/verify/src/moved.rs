//! The paths of release 0.1 whose modules became private or moved (issue
//! 57), kept for one release at the root (lib.rs re-exports these modules,
//! hidden): each type a deprecated alias and each function a deprecated
//! wrapper, so that a crate that names one builds, warned with what to
//! write instead.
#![allow(missing_docs)]

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
