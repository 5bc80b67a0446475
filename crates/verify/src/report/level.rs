//! What a level found ([`LevelReport`]) and the table `nimforge verify`
//! prints of them.

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every vector compared, none differed.
    Passed,
    /// It ran and some outputs differed from the oracle's.
    Mismatched,
    /// It could not run to the end: a tool failed or crashed, a netlist
    /// could not be read (`error` says what).
    Failed,
    /// A tool it needs is not installed.
    Skipped,
    /// The level does not apply to this design: the `rtl` level of a
    /// design written in Verilog, which has no rust-hdl simulation.
    #[serde(rename = "n/a")]
    NotApplicable,
}

impl Status {
    /// The word in tables and JSON.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Mismatched => "mismatched",
            Status::Failed => "failed",
            Status::Skipped => "skipped",
            Status::NotApplicable => "n/a",
        }
    }
}

/// A mismatch to run again, at its level or another
/// ([`crate::levels::replay::run`], `nimforge replay-mismatch REPORT.json`): the
/// presses from power-on that lead to it (the start of its piece of the
/// plan), the last the one whose outputs differed.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Replay {
    /// The machine ([`crate::Machine::NAME`]).
    pub machine: String,
    /// The level where it showed (`netlist/bitsim`, ...).
    pub level: crate::Stage,
    /// Its cycle in the plan.
    pub cycle: usize,
    /// The letters by name, from power-on.
    pub presses: Vec<String>,
    /// The oracle's state before the last press.
    pub state_before: String,
    /// The VCD written of it at its level, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vcd: Option<String>,
}

/// What one level found.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct LevelReport {
    /// The machine's name ([`crate::Machine::NAME`]).
    pub machine: String,
    /// The level and its engine: `rtl`, `verilog/bitsim`, `netlist/icarus`, ...
    pub level: crate::Stage,
    /// How the level ended.
    pub status: Status,
    /// Cycles compared (lane-cycles for the bitsim engines).
    pub vectors: usize,
    /// Runs side by side: the lanes of all threads for bitsim, the
    /// stretches from power-on for rtl (a thread each), 1 for the others.
    pub lanes: usize,
    /// Vectors whose outputs differed from the oracle's.
    pub mismatches: usize,
    /// Wall-clock time the level took, in seconds.
    pub seconds: f64,
    /// Why the level did not run (a missing tool and its Debian package).
    pub skipped: Option<String>,
    /// What part of the plan the level replayed.
    pub coverage: String,
    /// The first mismatch: where, the state, the input, the outputs
    /// expected and got (`describe`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_mismatch: Option<String>,
    /// Why a failed level failed: the tool's output tail or the reader's error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The first mismatch to run again: its presses from power-on, the
    /// oracle's state before it, the VCD written of it
    /// ([`crate::levels::replay`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Replay>,
    /// The slice of the work this row covered, in a sharded run
    /// (`--shard I/N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::ShardInfo>,
    /// The model's states the transition search reached, where it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_states: Option<usize>,
    /// The pair states (the model's state with the design's registers) the
    /// search reached: equal to `model_states` when the design's state is a
    /// function of the model's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair_states: Option<usize>,
    /// Whether the level compared the design with the model in every state
    /// the two reach together from power-on, under every letter (the search
    /// closed). False for runs: the plan's, a share of it, the deep runs.
    #[serde(default)]
    pub exhaustive: bool,
    /// The plan's cycle of the first mismatch, where it is one of the
    /// plan's (not the search's or a deep run's).
    #[serde(skip)]
    pub first_cycle: Option<usize>,
}

impl LevelReport {
    /// A level that compared `vectors` cycles and found `mismatches`.
    pub fn judged(machine: &str, level: crate::Stage, vectors: usize, mismatches: usize, first: Option<String>) -> LevelReport {
        LevelReport {
            machine: machine.into(),
            level,
            status: if mismatches > 0 { Status::Mismatched } else { Status::Passed },
            vectors,
            lanes: 1,
            mismatches,
            seconds: 0.0,
            skipped: None,
            coverage: String::new(),
            first_mismatch: first,
            error: None,
            replay: None,
            shard: None,
            model_states: None,
            pair_states: None,
            exhaustive: false,
            first_cycle: None,
        }
    }

    /// A level that could not run to the end.
    pub fn failed(machine: &str, level: crate::Stage, error: String) -> LevelReport {
        LevelReport { status: Status::Failed, error: Some(error), ..LevelReport::judged(machine, level, 0, 0, None) }
    }

    /// A level whose tool is missing.
    pub fn skipped(machine: &str, level: crate::Stage, tool: crate::flow::Tool) -> LevelReport {
        let why = match tool.package() {
            Some(p) => format!("{} is not installed (Debian package {p})", tool.program),
            None => format!("{} is not installed", tool.program),
        };
        LevelReport { status: Status::Skipped, skipped: Some(why), ..LevelReport::judged(machine, level, 0, 0, None) }
    }

    /// A level that does not apply to the design, and why.
    pub fn not_applicable(machine: &str, level: crate::Stage, why: &str) -> LevelReport {
        LevelReport { status: Status::NotApplicable, coverage: why.into(), ..LevelReport::judged(machine, level, 0, 0, None) }
    }

    /// A tool's error: skipped when the tool is missing, else failed.
    pub fn from_error(machine: &str, level: crate::Stage, e: crate::flow::ToolError) -> LevelReport {
        match e {
            crate::flow::ToolError::Missing(tool) => LevelReport::skipped(machine, level, tool),
            e => LevelReport::failed(machine, level, e.to_string()),
        }
    }

    /// The report with its time set, in seconds.
    pub fn seconds(mut self, seconds: f64) -> LevelReport {
        self.seconds = seconds;
        self
    }

    /// The report with its coverage note set.
    pub fn coverage(mut self, coverage: impl Into<String>) -> LevelReport {
        self.coverage = coverage.into();
        self
    }

    /// The report with the plan's cycle of its first mismatch set.
    pub fn at_cycle(mut self, cycle: Option<usize>) -> LevelReport {
        self.first_cycle = cycle;
        self
    }

    /// The report with its count of runs side by side set.
    pub fn lanes(mut self, lanes: usize) -> LevelReport {
        self.lanes = lanes;
        self
    }

    /// Whether the level counts against the run: a mismatch or a failure.
    pub fn bad(&self) -> bool {
        matches!(self.status, Status::Mismatched | Status::Failed)
    }
}

/// The levels as the table `nimforge verify` prints.
pub fn table(reports: &[LevelReport]) -> String {
    let rows: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            let note = match (r.status, &r.skipped, &r.error, &r.first_mismatch) {
                (Status::Skipped, Some(s), _, _) => format!("skipped: {s}"),
                (Status::Failed, _, Some(e), _) => format!("failed: {e}"),
                (_, _, _, Some(m)) => match r.replay.as_ref().and_then(|p| p.vcd.as_ref()) {
                    Some(vcd) => format!("{m}; its VCD: {vcd}"),
                    None => m.clone(),
                },
                _ => r.coverage.clone(),
            };
            let mismatches = if r.status == Status::Passed || r.status == Status::Mismatched { r.mismatches.to_string() } else { "-".to_string() };
            let status = r.status.word().to_string();
            vec![r.machine.clone(), r.level.to_string(), status, r.vectors.to_string(), r.lanes.to_string(), mismatches, format!("{:.2}", r.seconds), note]
        })
        .collect();
    let header = ["machine", "level", "status", "vectors", "lanes", "mismatches", "seconds", "note"];
    crate::emitter::report::table(&header, &rows, &[false, false, false, true, true, true, true, false])
}
