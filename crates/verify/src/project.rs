//! Your own design through every level, as `nimforge` takes its machines:
//! a [`Machine`] (the design, its ports, its letters and its oracle) is
//! written out as Verilog with its testbenches ([`Project::generate`]),
//! checked against its oracle at every level and proven where a proof
//! closes ([`Project::verify`]), and built for a board ([`Project::build`]).
//! `examples/own_design.rs` does all three for a machine that is not one of
//! the six.

use crate::build::{self, Report};
use crate::ci::Outputs;
use crate::design_source::Source;
use crate::emitter;
use crate::layout::Places;
use crate::levels::equiv::{self, ProofReport, ProofStatus};
use crate::levels::run;
use crate::sources::Sources;
use crate::ui::Ui;
use crate::Options;
use crate::{Error, Level, LevelReport, Machine, Status};
use std::path::{Path, PathBuf};

/// A directory that holds a design's `generated/`, `testbenches/` and
/// `build/`, as the nimforge tree holds its machines'.
pub struct Project {
    root: PathBuf,
}

/// What [`Project::verify`] found: a row per level and engine, a row per
/// proof.
pub struct Verified {
    /// The levels, in the order `nimforge verify` prints them.
    pub levels: Vec<LevelReport>,
    /// The proofs of the `equiv` level.
    pub proofs: Vec<ProofReport>,
}

impl Verified {
    /// Everything checked and right: every level passed (a row `n/a`, the
    /// `rtl` level of a Verilog design, aside), none skipped, failed or
    /// mismatched, and every proof proven. A missing tool or a proof that
    /// did not close is not a pass here; [`Verified::passed_where_run`] is
    /// the looser question.
    pub fn passed(&self) -> bool {
        self.levels.iter().all(|r| matches!(r.status, Status::Passed | Status::NotApplicable)) && self.proofs.iter().all(|p| p.status == ProofStatus::Proven)
    }

    /// The looser question (what `passed` answered before): nothing that
    /// ran was wrong. No level mismatched or failed and no proof was
    /// refuted or failed; a level or proof skipped for a missing tool, or a
    /// proof that did not close, counts as passed, as in `nimforge verify`
    /// outside CI. [`Verified::skipped`] says whether anything was skipped.
    pub fn passed_where_run(&self) -> bool {
        !self.levels.iter().any(LevelReport::bad) && !self.proofs.iter().any(ProofReport::bad)
    }

    /// What a wrong design must give: at least one simulated level ran,
    /// and every one that ran (neither skipped nor `n/a`) mismatched, each
    /// with its replay ([`LevelReport::replay`]: the presses from power-on)
    /// and the VCD of it written. The proofs are not asked: they compare
    /// the levels with each other, not with the model.
    pub fn caught_everywhere(&self) -> bool {
        let ran: Vec<&LevelReport> = self.levels.iter().filter(|r| !matches!(r.status, Status::NotApplicable | Status::Skipped)).collect();
        !ran.is_empty()
            && ran.iter().all(|r| r.status == Status::Mismatched && r.replay.as_ref().and_then(|p| p.vcd.as_ref()).is_some_and(|v| Path::new(v).is_file()))
    }

    /// The exit status of a `main` that verified: 0 when it
    /// [`passed`](Verified::passed); 1 when something that ran was wrong (a
    /// level mismatched or failed, a proof refuted or failed); 2 when
    /// nothing that ran was wrong but not everything was checked (a level
    /// or proof skipped for a missing tool, a proof not closed), as for an
    /// [`Error`] ([`Error::exit_code`]).
    pub fn exit_code(&self) -> std::process::ExitCode {
        std::process::ExitCode::from(if self.passed() {
            0
        } else if !self.passed_where_run() {
            1
        } else {
            2
        })
    }

    /// Some level or proof was skipped (a tool is missing).
    pub fn skipped(&self) -> bool {
        self.levels.iter().any(|r| r.status == Status::Skipped) || self.proofs.iter().any(|p| p.status == ProofStatus::Skipped)
    }

    /// Writes the levels and proofs as JUnit XML to `path` ([`crate::ci::junit`]:
    /// a suite per machine, a case per level and proof), whole or not at
    /// all; a directory that does not exist is refused in one line.
    pub fn write_junit(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        crate::ci::junit::write(path.as_ref(), "nimforge-verify", &crate::ci::junit::of_levels(&self.levels, &self.proofs))
    }

    /// Writes the levels and proofs as JSON lines to `path`, as `nimforge
    /// verify --json` prints them (a level's row holds its first mismatch's
    /// [`Replay`](crate::report::Replay)), whole or not at all.
    /// [`Project::verify`] keeps one in the project ([`Project::report`]).
    pub fn write_json(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        let path = path.as_ref();
        let mut text = String::new();
        for line in self.levels.iter().map(serde_json::to_string).chain(self.proofs.iter().map(serde_json::to_string)) {
            text += &line.map_err(|e| Error::Input(format!("a report row cannot be written as JSON: {e}")))?;
            text.push('\n');
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::files::create_dir_all(dir)?;
        }
        crate::files::write(path, text).map_err(|e| Error::io(format!("writing {}", path.display()), e))
    }

    /// The tables `nimforge verify` prints: the levels', and the proofs'
    /// where any ran (a run without the `equiv` level has none to show).
    pub fn tables(&self) -> String {
        match self.proofs.is_empty() {
            true => crate::report::table(&self.levels),
            false => format!("{}\n\n{}", crate::report::table(&self.levels), equiv::table(&self.proofs)),
        }
    }
}

/// Paths: the project's own directory, given to [`Project::new`], is taken
/// from the current directory when relative; every path given to a
/// `Project` method after that (a design, a report) is taken from the
/// project's directory when relative. Absolute paths are taken as they are.
impl Project {
    /// A project in `root` (created when needed; a relative path is taken
    /// from the current directory, as the tools run in directories of
    /// their own).
    pub fn new(root: impl Into<PathBuf>) -> Project {
        let root = root.into();
        Project { root: std::path::absolute(&root).unwrap_or(root) }
    }

    /// The project's directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Writes `M`'s Verilog and testbenches ([`crate::build::design_files`]) under the
    /// project's directory; `origin` names the design's source in the
    /// Verilog's header.
    pub fn generate<M: Machine>(&self, origin: &str) -> Result<(), Error> {
        for f in emitter::design_files::<M>(origin)? {
            let path = self.root.join(&f.path);
            if let Some(dir) = path.parent() {
                crate::files::create_dir_all(dir)?;
            }
            crate::files::save(&path, f.contents)?;
        }
        Ok(())
    }

    /// Every level ([`Level::ALL`]): rtl, Verilog, netlist and bitstream in the bit-parallel
    /// engine, Icarus and Verilator, and the `equiv` proofs; after
    /// [`Project::generate`]. `ui`: [`Ui::terminal`] for progress bars on a
    /// terminal, [`Ui::quiet`] for none.
    pub fn verify<M: Machine>(&self, ui: &Ui) -> Result<Verified, Error> {
        self.verify_source::<M>(&Source::RustHdl, ui)
    }

    /// Every level [`Project::verify`] runs, for a design written in
    /// Verilog or SystemVerilog: `design` (relative to the project's
    /// directory, or absolute) is one file, a `.f` file list or a FuseSoC
    /// `.core` file ([`Sources::read`]: a list's own relative paths are
    /// taken from the current directory, as Verilator's `-f` takes them; a
    /// `.core`'s from its directory), its top module [`Machine::MODULE`],
    /// its ports those `M` declares ([`crate::verilog_ports!`]; a
    /// difference is refused naming it). The `rtl` level is reported as
    /// not applicable; nothing needs generating first.
    pub fn verify_verilog<M: Machine>(&self, design: impl AsRef<Path>, ui: &Ui) -> Result<Verified, Error> {
        let sources = Sources::read(&self.root.join(design))?;
        self.verify_sources::<M>(&sources, ui)
    }

    /// [`Project::verify_verilog`] for sources given whole: files,
    /// include directories, defines and parameters of the top.
    pub fn verify_sources<M: Machine>(&self, sources: &Sources, ui: &Ui) -> Result<Verified, Error> {
        self.verify_source::<M>(&Source::Verilog(sources.clone()), ui)
    }

    fn verify_source<M: Machine>(&self, source: &Source, ui: &Ui) -> Result<Verified, Error> {
        let verified = self.verify_with::<M>(source, &Options::all(), ui)?;
        verified.write_json(self.report::<M>())?;
        Ok(verified)
    }

    /// The levels `options` asks for ([`Options`]: which levels and
    /// engines, a bound on the states, a shard, the deep runs, who hears of
    /// each level as it finishes) of `M`'s design as `design` gives it:
    /// [`Source::RustHdl`] (after [`Project::generate`]) or
    /// [`Source::Verilog`] (files, a list, a `.core`: [`Sources::read`]).
    /// Its report is not written ([`Verified::write_json`] writes it);
    /// [`Project::verify`] is this with [`Options::all`], and writes it.
    pub fn verify_with<M: Machine>(&self, design: &Source, options: &Options, ui: &Ui) -> Result<Verified, Error> {
        let (levels, proofs) = run::levels_of::<M>(options, &self.root, design, ui)?;
        Ok(Verified { levels, proofs })
    }

    /// `build/verify/<name>/report.jsonl`: the report [`Project::verify`]
    /// (and `verify_verilog`, `verify_sources`) keeps of `M`'s last run, as
    /// [`Verified::write_json`] writes it; [`Project::replay`] takes it.
    pub fn report<M: Machine>(&self) -> PathBuf {
        Places::report(&self.root, M::NAME)
    }

    /// The first mismatch of `report` (a path taken from the project's
    /// directory; [`Project::report`] for the last run's) run again on `M`'s
    /// rust-hdl design at `level` (`None`: the level that found it), with
    /// every signal written to `build/replay/<name>-<level>.vcd`: that
    /// level's report of those cycles and the VCD's path.
    pub fn replay<M: Machine>(&self, report: impl AsRef<Path>, level: Option<Level>) -> Result<(LevelReport, PathBuf), Error> {
        self.replay_source::<M>(&Source::RustHdl, report.as_ref(), level)
    }

    /// [`Project::replay`] for a design written in Verilog, given as
    /// [`Project::verify_verilog`] takes it.
    pub fn replay_verilog<M: Machine>(
        &self,
        design: impl AsRef<Path>,
        report: impl AsRef<Path>,
        level: Option<Level>,
    ) -> Result<(LevelReport, PathBuf), Error> {
        let sources = Sources::read(&self.root.join(design))?;
        self.replay_source::<M>(&Source::Verilog(sources), report.as_ref(), level)
    }

    /// [`Project::replay`] for `M`'s design as `design` gives it
    /// ([`Source::RustHdl`] or [`Source::Verilog`]): the one method of the
    /// job, which `replay` and `replay_verilog` are short for.
    pub fn replay_with<M: Machine>(&self, design: &Source, report: impl AsRef<Path>, level: Option<Level>) -> Result<(LevelReport, PathBuf), Error> {
        self.replay_source::<M>(design, report.as_ref(), level)
    }

    fn replay_source<M: Machine>(&self, source: &Source, report: &Path, level: Option<Level>) -> Result<(LevelReport, PathBuf), Error> {
        let replay = crate::levels::replay::first_in(&self.root.join(report))?;
        let level = match level {
            Some(l) => l,
            None => crate::levels::replay::level_at(&replay.level)?,
        };
        let vcd = Places::replay_vcd(&self.root, M::NAME, level);
        let found = crate::levels::replay::run::<M>(&self.root, source, &replay, level, &vcd)?;
        Ok((found, vcd))
    }

    /// The whole of a `main` that checks `M`'s rust-hdl design:
    /// [`Project::generate`] (`origin` names the design's source in the
    /// Verilog's header), then [`Project::main_with`] with the outputs the
    /// process asks for ([`Outputs::from_env`]: `--junit FILE` on the
    /// command line, as in `cargo run --release -- --junit
    /// build/junit.xml`; annotations inside GitHub Actions). An error is one
    /// line on stderr, with [`Error::exit_code`].
    pub fn main<M: Machine>(&self, origin: &str) -> std::process::ExitCode {
        match self.generate::<M>(origin) {
            Ok(()) => self.main_with::<M>(&Source::RustHdl, &Outputs::from_env()),
            Err(e) => said(e),
        }
    }

    /// [`Project::main`] for a design written in Verilog, given as
    /// [`Project::verify_verilog`] takes it (nothing is generated).
    pub fn main_verilog<M: Machine>(&self, design: impl AsRef<Path>) -> std::process::ExitCode {
        match Sources::read(&self.root.join(design)) {
            Ok(sources) => self.main_with::<M>(&Source::Verilog(sources), &Outputs::from_env()),
            Err(e) => said(e.into()),
        }
    }

    /// Every level of `M`'s design as `design` gives it
    /// ([`Project::verify_with`] with [`Options::all`], progress bars on a
    /// terminal, its report kept at [`Project::report`]), the tables
    /// printed, the CI outputs `outputs` asks for written (the JUnit file's
    /// directory checked before the run; the annotations point into the
    /// design's Verilog: `generated/<module>.v`, or the Verilog design's
    /// first file), and [`Verified::exit_code`] returned. An error is one
    /// line on stderr, with [`Error::exit_code`].
    pub fn main_with<M: Machine>(&self, design: &Source, outputs: &Outputs) -> std::process::ExitCode {
        if let Some(Err(e)) = outputs.junit.as_deref().map(crate::ci::junit::check_path) {
            return said(e);
        }
        let verified = match self.verify_source::<M>(design, &Ui::terminal()) {
            Ok(v) => v,
            Err(e) => return said(e),
        };
        println!("{}", verified.tables());
        if let Some(Err(e)) = outputs.junit.as_ref().map(|f| verified.write_junit(f)) {
            return said(e);
        }
        if outputs.annotations {
            let file = match design {
                Source::RustHdl => None,
                Source::Verilog(sources) => sources.files.first().map(PathBuf::as_path),
            };
            for line in self.annotations::<M>(&verified, file) {
                println!("{line}");
            }
        }
        verified.exit_code()
    }

    /// GitHub Actions `::error` lines ([`crate::ci::annotate`]) for `verified`'s
    /// mismatched and failed levels, at the line of the Verilog that drives
    /// the first wrong output: `file` is the design's Verilog (`None`: the
    /// one [`Project::generate`] wrote, `generated/<module>.v`). Print them
    /// when [`crate::ci::annotate::wanted`] says so.
    pub fn annotations<M: Machine>(&self, verified: &Verified, file: Option<&Path>) -> Vec<crate::ci::annotate::Annotation> {
        let file = file.map_or_else(|| self.root.join(Places::generated_file(M::MODULE)), |f| self.root.join(f));
        let dir = Places::annotate_work(&self.root, M::MODULE);
        crate::ci::annotate::of_levels(&verified.levels, &file, M::MODULE, &dir)
    }

    /// `M` built for `board` (`icestick` or `icebreaker`) with every port on
    /// a pin of its header, into `build/<module>-<board>/`: yosys,
    /// nextpnr-ice40 and icepack, the row `nimforge report` prints.
    pub fn build<M: Machine>(&self, board: &str) -> Result<Report, Error> {
        self.build_from::<M>(&Sources::from(self.root.join(Places::generated_file(M::MODULE))), board)
    }

    /// [`Project::build`] for a design written in Verilog: `design`, a
    /// file, a `.f` list or a `.core` as [`Project::verify_verilog`] takes
    /// it, top module [`Machine::MODULE`].
    pub fn build_verilog<M: Machine>(&self, design: impl AsRef<Path>, board: &str) -> Result<Report, Error> {
        self.build_from::<M>(&Sources::read(&self.root.join(design))?, board)
    }

    /// [`Project::build`] for `M`'s design as `design` gives it: the one
    /// method of the job, which `build` and `build_verilog` are short for.
    pub fn build_with<M: Machine>(&self, design: &Source, board: &str) -> Result<Report, Error> {
        match design {
            Source::RustHdl => self.build::<M>(board),
            Source::Verilog(sources) => self.build_from::<M>(sources, board),
        }
    }

    fn build_from<M: Machine>(&self, source: &Sources, board: &str) -> Result<Report, Error> {
        let b = crate::boards::board(board)?;
        let dir = Places::board_build(&self.root, M::MODULE, &b.name);
        let built = build::implement(&b, source, M::MODULE, &M::inputs(), &M::outputs(), &dir)?;
        Ok(Report::of(M::NAME, &b, &built))
    }
}

/// An error that stops a `main`: its one line on stderr, and its exit status.
fn said(e: Error) -> std::process::ExitCode {
    eprintln!("{e}");
    e.exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Replay;

    fn proof(status: ProofStatus) -> ProofReport {
        ProofReport {
            machine: "m".into(),
            level: "equiv",
            pair: "netlist=verilog".into(),
            status,
            seconds: 0.0,
            matched: 0,
            bound: None,
            detail: String::new(),
        }
    }

    fn level(status: Status) -> LevelReport {
        LevelReport { status, ..LevelReport::judged("m", crate::Stage::bitsim(crate::Hardware::Verilog), 1, 0, None) }
    }

    /// The proofs' table is printed where proofs ran, and only there.
    #[test]
    fn the_proofs_table_only_where_proofs_ran() {
        let without = Verified { levels: vec![level(Status::Passed)], proofs: vec![] };
        let with = Verified { levels: vec![level(Status::Passed)], proofs: vec![proof(ProofStatus::Proven)] };
        assert!(!without.tables().contains("netlist=verilog") && !without.tables().contains("pair"), "{}", without.tables());
        assert!(with.tables().contains("netlist=verilog") && with.tables().starts_with(&without.tables()), "{}", with.tables());
    }

    /// `passed` asks for everything run and right; `passed_where_run` for
    /// nothing that ran wrong; the exit code tells the three apart.
    #[test]
    fn the_verdict_questions() {
        let code = |v: &Verified| format!("{:?}", v.exit_code());
        let all_right = Verified { levels: vec![level(Status::NotApplicable), level(Status::Passed)], proofs: vec![proof(ProofStatus::Proven)] };
        assert!(all_right.passed() && all_right.passed_where_run() && !all_right.skipped());
        assert_eq!(code(&all_right), format!("{:?}", std::process::ExitCode::from(0)));
        for (levels, proofs) in [
            (vec![level(Status::Passed), level(Status::Skipped)], vec![proof(ProofStatus::Proven)]),
            (vec![level(Status::Passed)], vec![proof(ProofStatus::NotClosed)]),
            (vec![level(Status::Passed)], vec![proof(ProofStatus::Skipped)]),
        ] {
            let v = Verified { levels, proofs };
            assert!(!v.passed() && v.passed_where_run());
            assert_eq!(code(&v), format!("{:?}", std::process::ExitCode::from(2)));
        }
        for (levels, proofs) in [
            (vec![level(Status::Passed), level(Status::Mismatched)], vec![proof(ProofStatus::Proven)]),
            (vec![level(Status::Failed)], vec![]),
            (vec![level(Status::Passed)], vec![proof(ProofStatus::Refuted)]),
        ] {
            let v = Verified { levels, proofs };
            assert!(!v.passed() && !v.passed_where_run());
            assert_eq!(code(&v), format!("{:?}", std::process::ExitCode::from(1)));
        }
    }

    /// Caught everywhere: every level that ran mismatched with its VCD on
    /// disk; a skipped or `n/a` row is passed over; none ran is not caught.
    #[test]
    fn caught_everywhere_wants_each_replay_on_disk() {
        let vcd = std::env::temp_dir().join(format!("nimforge-caught-{}.vcd", std::process::id()));
        std::fs::write(&vcd, "").unwrap();
        let caught = |vcd: Option<&Path>| LevelReport {
            replay: Some(Replay {
                machine: "m".into(),
                level: crate::Stage::bitsim(crate::Hardware::Verilog),
                cycle: 3,
                presses: vec!["none".into()],
                state_before: String::new(),
                vcd: vcd.map(|p| p.display().to_string()),
            }),
            ..LevelReport::judged("m", crate::Stage::bitsim(crate::Hardware::Verilog), 4, 1, Some("a mismatch".into()))
        };
        let v = |levels| Verified { levels, proofs: vec![proof(ProofStatus::Proven)] };
        assert!(v(vec![level(Status::NotApplicable), caught(Some(&vcd)), level(Status::Skipped)]).caught_everywhere());
        assert!(!v(vec![caught(Some(&vcd)), level(Status::Passed)]).caught_everywhere());
        assert!(!v(vec![caught(None)]).caught_everywhere());
        assert!(!v(vec![caught(Some(&vcd.with_extension("gone")))]).caught_everywhere());
        assert!(!v(vec![level(Status::Skipped)]).caught_everywhere());
        let _ = std::fs::remove_file(&vcd);
    }
}
