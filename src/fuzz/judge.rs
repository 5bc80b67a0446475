//! One pair judged (issues 55, 59): `nimforge check` run on it as a user
//! runs it (a process in a directory of its own), beside a ground truth made
//! apart from the check:
//!
//! - ABC's `dprove` on the anchor's miter (`nimforge_verify::flow::yosys::anchor`:
//!   every register and undriven net at 0 before any optimisation);
//! - Icarus: every counterexample the check prints replayed again from its
//!   testbench on the two designs as written, and, where the caller has
//!   one, a co-simulation of its own ([`judge`]'s `icarus`).
//!
//! A verdict is wrong when it says equal where the truth is different,
//! different where ABC proves equality, or different with a counterexample
//! that does not replay. Where ABC and Icarus disagree the pair is a
//! conflict, counted apart (Icarus, which runs the files as written, is
//! taken as the truth there). The fuzzer ([`super`]) and the public
//! yardstick ([`super::corpus`]) both judge through here.

use nimforge_verify::flow::{abc, iverilog, yosys::anchor, ToolError};
use nimforge_verify::Sources;
use std::path::{Path, PathBuf};

/// What one part of the ground truth says of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The same machine from power-on (ABC's proof).
    Equal,
    /// An output differs (ABC's counterexample, or Icarus showed one).
    Different,
    /// No answer (ABC undecided; Icarus's runs showed no difference, which
    /// is no proof).
    Unknown,
}

/// The check's answer to a pair, judged against the ground truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Equal where the truth is not different, or different with a
    /// counterexample that replays where the truth is not equal.
    Right,
    /// Exit 3.
    NotDecided,
    /// Exit 2: the check's one line.
    Refused(String),
    /// A wrong verdict: why.
    Wrong(String),
    /// Exit 4, a crash or a tool of the truth failing: what happened.
    Internal(String),
}

/// One pair, checked and judged.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The design's seed (the fuzzer), or its place in the corpus's list.
    pub seed: u64,
    /// Which pair: `rewrite`, `rewrite (gates)` or `mutant K: what changed`.
    pub pair: String,
    /// The classes the pair is counted in: the generated design's kinds
    /// (the fuzzer), or the corpus's group and design.
    pub classes: Vec<String>,
    /// ABC's answer on the anchor's miter.
    pub abc: Truth,
    /// Icarus's: different where a co-simulation showed a difference.
    pub icarus: Truth,
    /// The check's exit status (none: killed).
    pub exit: Option<i32>,
    /// The check's verdict line, or its error line.
    pub said: String,
    /// The judgement.
    pub judged: Judged,
    /// The check's wall time.
    pub check_seconds: f64,
    /// The anchor's: yosys's miter and ABC's dprove.
    pub abc_seconds: f64,
    /// The two designs as the check was given them, for a rerun.
    pub files: (PathBuf, PathBuf),
}

impl Outcome {
    /// The truth both parts give: Icarus's difference where it saw one,
    /// else ABC's answer.
    pub fn truth(&self) -> Truth {
        if self.icarus == Truth::Different {
            Truth::Different
        } else {
            self.abc
        }
    }

    /// ABC proved equal what Icarus shows different.
    pub fn conflict(&self) -> bool {
        self.abc == Truth::Equal && self.icarus == Truth::Different
    }

    /// A refusal for a net nothing drives that no output sees (issue 59):
    /// never a right answer.
    pub fn dead_net(&self) -> bool {
        matches!(&self.judged, Judged::Refused(line) if line.contains("nothing drives"))
    }

    /// Fails the run: a wrong verdict, an internal error, a dead net's refusal.
    pub fn fails(&self) -> bool {
        matches!(self.judged, Judged::Wrong(_) | Judged::Internal(_)) || self.dead_net()
    }

    /// The judgement as a word, and why where there is a why.
    pub fn judged_words(&self) -> (&'static str, String) {
        match &self.judged {
            Judged::Right => ("right", String::new()),
            Judged::NotDecided => ("not decided", String::new()),
            Judged::Refused(l) => ("refused", l.clone()),
            Judged::Wrong(w) => ("wrong", w.clone()),
            Judged::Internal(w) => ("internal", w.clone()),
        }
    }

    /// The pair and its judgement in words: `PAIR: WHAT (the check's line;
    /// ABC's and Icarus's truth)`, the truth only where the check claimed
    /// something.
    pub fn describe(&self) -> String {
        let what = match &self.judged {
            Judged::Wrong(w) => format!("WRONG: {w}"),
            Judged::Internal(w) => format!("INTERNAL: {w}"),
            Judged::Refused(l) => format!("refused: {l}"),
            Judged::NotDecided => "not decided".into(),
            Judged::Right => "right".into(),
        };
        match self.judged {
            // No truth is made for what claims nothing (`judge`); a
            // refusal's line is the check's own already.
            Judged::Refused(_) => return format!("{}: {what}", self.pair),
            Judged::NotDecided => return format!("{}: {what} ({})", self.pair, self.said),
            _ => {}
        }
        format!("{}: {what} ({}; ABC {:?}, Icarus {:?})", self.pair, self.said, self.abc, self.icarus)
    }

    /// The pair as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        let (judged, why) = self.judged_words();
        serde_json::json!({
            "seed": self.seed, "pair": self.pair, "classes": self.classes,
            "abc": format!("{:?}", self.abc).to_lowercase(), "icarus": format!("{:?}", self.icarus).to_lowercase(),
            "exit": self.exit, "said": self.said, "judged": judged, "why": why,
            "check_seconds": self.check_seconds, "abc_seconds": self.abc_seconds,
            "files": [self.files.0.display().to_string(), self.files.1.display().to_string()],
        })
    }
}

/// One pair as the judge is given it.
pub struct Pair<'a> {
    /// The design's seed, or its place in a list.
    pub seed: u64,
    /// Which pair, in words.
    pub pair: String,
    /// The classes it is counted in.
    pub classes: Vec<String>,
    /// The two designs as the check is given them (a file or a `.f` each).
    pub given: (&'a Path, &'a Path),
    /// The same two as sources, for the anchor and the replays.
    pub sources: (&'a Sources, &'a Sources),
    /// The module checked, in both.
    pub top: &'a str,
    /// The clock input, where there is one.
    pub clock: Option<&'a str>,
    /// The pair's own directory (the check runs there).
    pub at: &'a Path,
}

/// How the check is run.
pub struct Checker<'a> {
    /// The `nimforge` program.
    pub nimforge: &'a Path,
    /// `nimforge check --timeout`.
    pub timeout: u64,
    /// The anchor's budget in seconds (yosys's miter and ABC's dprove):
    /// past it, ABC gives no answer.
    pub abc_timeout: Option<u64>,
}

/// The anchor's answer on a pair: ABC's dprove on its miter, within
/// `limit` seconds of CPU time where one is given (past it: no answer), as
/// the check's budget is counted (`flow::budget`), with the check's ceiling
/// on the wall.
fn anchor(pair: &Pair, limit: Option<u64>) -> Result<Truth, String> {
    use nimforge_verify::flow::budget;
    let limit = limit.map(std::time::Duration::from_secs);
    let (a, b) = pair.sources;
    budget::limit_cpu(limit);
    budget::set_ceiling(limit.map(|s| std::time::Instant::now() + s * nimforge_verify::check::WALL_CEILING));
    let proved = anchor::miter(a, b, pair.top, pair.at, None).and_then(|aig| abc::dprove(&aig, pair.at));
    budget::clear();
    match proved {
        Ok(_) => Ok(Truth::Equal),
        Err(ToolError::Failed { what, .. }) if what.contains("differ") => Ok(Truth::Different),
        Err(ToolError::Failed { what, .. }) if what.contains("no verdict") || what.contains("time budget ran out") => Ok(Truth::Unknown),
        Err(e) => Err(format!("the anchor (yosys and ABC) failed: {e}")),
    }
}

/// The check run on the pair, then, where it gave a verdict (equal or
/// different), the pair's truth (the anchor; `icarus`, the caller's
/// co-simulation, after it), and the verdict judged. A refusal or no
/// verdict claims nothing, so no truth is made for it: the anchor alone
/// took 114 s of the yardstick's run on the four pairs of a design with a
/// combinational loop, which the check refuses in 2 to 4 s each.
pub fn judge(pair: &Pair, checker: &Checker, icarus: impl FnOnce() -> Result<Truth, String>) -> Outcome {
    let ran = run_check(pair, checker);
    if !matches!(&ran.0, Ok(out) if matches!(out.status.code(), Some(0 | 1))) {
        return checked(pair, checker, ran, (Ok(Truth::Unknown), 0.0), Ok(Truth::Unknown));
    }
    let t0 = std::time::Instant::now();
    let abc = anchor(pair, checker.abc_timeout);
    let abc_seconds = t0.elapsed().as_secs_f64();
    checked(pair, checker, ran, (abc, abc_seconds), icarus())
}

/// The check alone on a pair no truth was made for (a design yosys cannot
/// write again, against itself): its refusal is right, its verdict is
/// judged as if both truths gave no answer.
pub fn check_only(pair: &Pair, checker: &Checker) -> Outcome {
    let ran = run_check(pair, checker);
    checked(pair, checker, ran, (Ok(Truth::Unknown), 0.0), Ok(Truth::Unknown))
}

/// `nimforge check` run on the pair as a user runs it, in the pair's
/// directory: its output, and its time on the wall.
fn run_check(pair: &Pair, checker: &Checker) -> (std::io::Result<std::process::Output>, f64) {
    let (a, b) = pair.given;
    let mut args = vec!["check".to_string(), a.to_string_lossy().into_owned(), b.to_string_lossy().into_owned(), "--top".into(), pair.top.into()];
    if let Some(clock) = pair.clock {
        args.extend(["--clock".to_string(), clock.to_string()]);
    }
    args.extend(["--timeout".to_string(), checker.timeout.to_string()]);
    let t0 = std::time::Instant::now();
    let out = std::process::Command::new(checker.nimforge).args(&args).current_dir(pair.at).output();
    (out, t0.elapsed().as_secs_f64())
}

/// The check's run on `pair` judged against the truths given.
fn checked(
    pair: &Pair,
    checker: &Checker,
    (checked, check_seconds): (std::io::Result<std::process::Output>, f64),
    (abc, abc_seconds): (Result<Truth, String>, f64),
    icarus: Result<Truth, String>,
) -> Outcome {
    let (a, b) = pair.given;
    let mut o = Outcome {
        seed: pair.seed,
        pair: pair.pair.clone(),
        classes: pair.classes.clone(),
        abc: *abc.as_ref().unwrap_or(&Truth::Unknown),
        icarus: *icarus.as_ref().unwrap_or(&Truth::Unknown),
        exit: None,
        said: String::new(),
        judged: Judged::Right,
        check_seconds,
        abc_seconds,
        files: (a.to_path_buf(), b.to_path_buf()),
    };
    let out = match checked {
        Ok(out) => out,
        Err(e) => {
            o.judged = Judged::Internal(format!("running {}: {e}", checker.nimforge.display()));
            return o;
        }
    };
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    o.exit = out.status.code();
    o.said = stdout.lines().find(|l| l.starts_with("verdict: ")).map(str::to_string).unwrap_or_else(|| stderr.lines().next().unwrap_or("").to_string());
    // A truth that could not be made (the anchor failed on a design the
    // check refuses, e.g. one of several clocks) matters only to an equal
    // verdict: a difference is certified by its replay, a refusal or no
    // verdict is no claim.
    let truth_failed = abc.and(icarus).err();
    let truth = o.truth();
    o.judged = match o.exit {
        Some(0) if truth_failed.is_some() => Judged::Internal(truth_failed.unwrap_or_default()),
        Some(0) if truth == Truth::Different => {
            Judged::Wrong(format!("equal, where {} shows a difference", if o.icarus == Truth::Different { "Icarus" } else { "ABC" }))
        }
        Some(0) => Judged::Right,
        Some(1) => match replays(pair, &pair.at.join("build/check").join(pair.top).join("counterexample_tb.v")) {
            Err(e) => Judged::Wrong(format!("different, with a counterexample that does not replay: {e}")),
            Ok(()) if truth == Truth::Equal => Judged::Wrong("different, where ABC proves them equal (the counterexample replays)".into()),
            Ok(()) => Judged::Right,
        },
        Some(2) => Judged::Refused(o.said.trim_start_matches("nimforge: ").to_string()),
        Some(3) => Judged::NotDecided,
        other => Judged::Internal(format!("exit {other:?}: {}", stderr.lines().next().unwrap_or(""))),
    };
    o
}

/// The testbench's values of every output, cycle by cycle, from its
/// `PREFIX T v1 v2 ...` lines.
pub fn cycles(said: &str, prefix: &str) -> Vec<Vec<String>> {
    said.lines().filter_map(|l| l.strip_prefix(prefix)).map(|l| l.split_whitespace().skip(1).map(str::to_string).collect()).collect()
}

/// Some cycle where an output of the two differs, both known (0 or 1).
pub fn differ(x: &[Vec<String>], y: &[Vec<String>]) -> bool {
    let known = |v: &str| v.chars().all(|c| c == '0' || c == '1');
    x.iter().zip(y).any(|(r, s)| r.iter().zip(s).any(|(u, v)| u != v && known(u) && known(v)))
}

/// The check's counterexample testbench run again with each design: an
/// output must differ.
fn replays(pair: &Pair, tb: &Path) -> Result<(), String> {
    let run = |side: &str, design: &Sources| -> Result<Vec<Vec<String>>, String> {
        let dir = pair.at.join(format!("replay_{side}"));
        nimforge_verify::files::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let said =
            iverilog::simulate_design(design, &[tb], ("nimforge_counterexample", "nimforge_counterexample.dut"), &[&format!("NIMFORGE_{side}")], &[], &dir)
                .map_err(|e| e.to_string())?;
        Ok(cycles(&said, "nimforge-cycle "))
    };
    let (x, y) = (run("A", pair.sources.0)?, run("B", pair.sources.1)?);
    if x.is_empty() || !differ(&x, &y) {
        return Err(format!("{} shows no output differing ({} cycles)", tb.display(), x.len()));
    }
    Ok(())
}

/// The counts of some pairs, as JSON fields: designs, pairs, each
/// judgement, the differences and how many were certified, the equal
/// verdicts and how many ABC proved, the conflicts, and the median and
/// worst times of the check and the anchor.
pub fn counts(of: &[&Outcome]) -> serde_json::Map<String, serde_json::Value> {
    let median = |mut v: Vec<f64>| -> f64 {
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            0.0
        } else {
            v[v.len() / 2]
        }
    };
    let n = |f: &dyn Fn(&Outcome) -> bool| of.iter().filter(|o| f(o)).count();
    let mut designs: Vec<u64> = of.iter().map(|o| o.seed).collect();
    designs.sort_unstable();
    designs.dedup();
    let row = serde_json::json!({
        "designs": designs.len(), "pairs": of.len(),
        "right": n(&|o| o.judged == Judged::Right),
        "wrong": n(&|o| matches!(o.judged, Judged::Wrong(_))),
        "not_decided": n(&|o| o.judged == Judged::NotDecided),
        "refused": n(&|o| matches!(o.judged, Judged::Refused(_))),
        "internal": n(&|o| matches!(o.judged, Judged::Internal(_))),
        "different": n(&|o| o.exit == Some(1)),
        "certified": n(&|o| o.exit == Some(1) && o.judged == Judged::Right),
        "equal": n(&|o| o.exit == Some(0)),
        "equal_abc_proven": n(&|o| o.exit == Some(0) && o.abc == Truth::Equal),
        "conflicts": n(&|o| o.conflict()),
        "check_median_seconds": median(of.iter().map(|o| o.check_seconds).collect()),
        "check_worst_seconds": of.iter().map(|o| o.check_seconds).fold(0.0, f64::max),
        "abc_median_seconds": median(of.iter().map(|o| o.abc_seconds).collect()),
        "abc_worst_seconds": of.iter().map(|o| o.abc_seconds).fold(0.0, f64::max),
    });
    match row {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("json! of braces is an object"),
    }
}
