//! The check's own fuzzer (issue 59): random small sequential Verilog
//! designs ([`design`]), each checked by `nimforge check` (run as a user
//! runs it, a process in a fresh directory) against a yosys rewrite of
//! itself and against one-operator mutants, with a ground truth made apart
//! from the check:
//!
//! - ABC's `dprove` on the anchor's miter (`nimforge_verify::flow::yosys::anchor`:
//!   every register and undriven net at 0 before any optimisation);
//! - Icarus, the independent simulator: the two files side by side under
//!   the same random inputs from power-on, with the registers the generator
//!   declared without an initial value set to 0 and the nets it left
//!   undriven forced to 0 (the generator's own lists, not the check's); and
//!   every counterexample the check prints replayed again from its
//!   testbench.
//!
//! A verdict is wrong when it says equal where the truth is different,
//! different where ABC proves equality, or different with a counterexample
//! that does not replay. Where ABC and Icarus disagree the pair is a
//! conflict, counted apart (Icarus, which runs the files as written, is
//! taken as the truth there).

pub mod design;

use design::Design;
use nimforge_netlist::fuzz::Rng;
use nimforge_verify::flow::{abc, iverilog, yosys::anchor, ToolError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What a run of the fuzzer is asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seeds, a design each.
    pub seeds: std::ops::Range<u64>,
    /// Mutants a design, besides its rewrite.
    pub mutants: usize,
    /// Designs checked at once.
    pub jobs: usize,
    /// Where each seed's files go (`seed-N/`); a seed's are removed when
    /// every pair of it was judged right.
    pub dir: PathBuf,
    /// Each check's budget in seconds (`nimforge check --timeout`).
    pub timeout: u64,
    /// The `nimforge` program that checks.
    pub nimforge: PathBuf,
    /// Cycles of the Icarus co-simulation from power-on.
    pub cycles: usize,
    /// Keep every seed's files, not only those of a failed pair.
    pub keep: bool,
}

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
    /// The design's seed.
    pub seed: u64,
    /// Which pair: `rewrite`, `rewrite (gates)` or `mutant K: what changed`.
    pub pair: String,
    /// The design's classes ([`Design::classes`]).
    pub classes: Vec<&'static str>,
    /// ABC's answer on the anchor's miter.
    pub abc: Truth,
    /// Icarus's: different where the co-simulation showed a difference.
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
    /// The two files, for a rerun.
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

    /// The pair as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        let (judged, why) = match &self.judged {
            Judged::Right => ("right", String::new()),
            Judged::NotDecided => ("not decided", String::new()),
            Judged::Refused(l) => ("refused", l.clone()),
            Judged::Wrong(w) => ("wrong", w.clone()),
            Judged::Internal(w) => ("internal", w.clone()),
        };
        serde_json::json!({
            "seed": self.seed, "pair": self.pair, "classes": self.classes,
            "abc": format!("{:?}", self.abc).to_lowercase(), "icarus": format!("{:?}", self.icarus).to_lowercase(),
            "exit": self.exit, "said": self.said, "judged": judged, "why": why,
            "check_seconds": self.check_seconds, "abc_seconds": self.abc_seconds,
        })
    }
}

/// Runs every seed of `options`, `options.jobs` at once; `each` is told of
/// every pair as it is judged. The outcomes in seed order.
pub fn run(options: &Options, each: &(dyn Fn(&Outcome) + Sync)) -> Result<Vec<Outcome>, crate::Error> {
    std::fs::create_dir_all(&options.dir).map_err(|e| format!("creating {}: {e}", options.dir.display()))?;
    // The tools run in each pair's own directory: every path absolute.
    let dir = std::path::absolute(&options.dir).map_err(|e| format!("finding {}: {e}", options.dir.display()))?;
    let options = &Options { dir, ..options.clone() };
    let next = AtomicU64::new(options.seeds.start);
    let found: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());
    let failed: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::Relaxed);
                if seed >= options.seeds.end || failed.lock().map(|f| f.is_some()).unwrap_or(true) {
                    break;
                }
                match seed_pairs(seed, options) {
                    Ok(outcomes) => {
                        outcomes.iter().for_each(each);
                        found.lock().unwrap_or_else(|e| e.into_inner()).extend(outcomes);
                    }
                    Err(e) => *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(format!("seed {seed}: {e}")),
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e.into());
    }
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|o| o.seed);
    Ok(found)
}

/// One seed: its design, rewrite and mutants written, each pair checked
/// and judged. Files stay in `seed-N/` when a pair failed.
fn seed_pairs(seed: u64, options: &Options) -> Result<Vec<Outcome>, crate::Error> {
    let dir = options.dir.join(format!("seed-{seed}"));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let write = |name: &str, text: &str| -> Result<PathBuf, crate::Error> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(path)
    };
    let design = Design::generate(seed);
    let a = write("a.v", &design.verilog())?;
    let gates = seed % 2 == 1;
    let rewritten = dir.join("rewrite.v");
    anchor::rewrite(&a, "t", gates, &rewritten, &dir).map_err(|e| format!("the rewrite of {}: {e}", a.display()))?;
    // The rewrite's registers all have their power-on value written, and
    // nothing in it is undriven: its side of the testbench sets nothing.
    let rewrite_side = Side::default();
    let mut pairs = vec![(if gates { "rewrite (gates)".to_string() } else { "rewrite".to_string() }, rewritten, rewrite_side)];
    for (k, (what, mutant)) in design.mutants(seed, options.mutants).into_iter().enumerate() {
        let file = write(&format!("mutant{}.v", k + 1), &mutant.verilog())?;
        pairs.push((format!("mutant {}: {what}", k + 1), file, Side::of(&mutant)));
    }
    let mut outcomes = Vec::new();
    for (k, (pair, b, side_b)) in pairs.into_iter().enumerate() {
        let at = dir.join(format!("pair{k}"));
        std::fs::create_dir_all(&at).map_err(|e| format!("creating {}: {e}", at.display()))?;
        outcomes.push(judge(seed, pair, (&a, &b), (&Side::of(&design), &side_b), &design, &at, options));
    }
    if !options.keep && !outcomes.iter().any(Outcome::fails) {
        std::fs::remove_dir_all(&dir).ok();
    }
    Ok(outcomes)
}

/// What a testbench sets in one design to follow the power-on rule: the
/// generator's own lists.
#[derive(Clone, Debug, Default)]
struct Side {
    zeroed: Vec<(String, Option<usize>)>,
    undriven: Vec<String>,
}

impl Side {
    fn of(d: &Design) -> Side {
        Side { zeroed: d.zeroed(), undriven: d.undriven() }
    }

    /// The testbench's lines for this side.
    fn lines(&self) -> String {
        let mut v = String::new();
        for (name, words) in &self.zeroed {
            match words {
                Some(n) => v += &format!("    for (fuzz_i = 0; fuzz_i < {n}; fuzz_i = fuzz_i + 1) dut.{name}[fuzz_i] = 0;\n"),
                None => v += &format!("    dut.{name} = 0;\n"),
            }
        }
        for net in &self.undriven {
            v += &format!("    force dut.{net} = 0;\n");
        }
        v
    }
}

/// One pair: the truth (ABC, Icarus), the check, the judgement.
fn judge(seed: u64, pair: String, (a, b): (&Path, &Path), sides: (&Side, &Side), design: &Design, at: &Path, options: &Options) -> Outcome {
    let t0 = std::time::Instant::now();
    let abc = match anchor::miter(a, b, "t", at).and_then(|aig| abc::dprove(&aig, at)) {
        Ok(_) => Ok(Truth::Equal),
        Err(ToolError::Failed { what, .. }) if what.contains("differ") => Ok(Truth::Different),
        Err(ToolError::Failed { what, .. }) if what.contains("no verdict") => Ok(Truth::Unknown),
        Err(e) => Err(format!("the anchor (yosys and ABC) failed: {e}")),
    };
    let abc_seconds = t0.elapsed().as_secs_f64();
    let icarus = cosimulate(seed, (a, b), sides, design, at, options.cycles);
    let t0 = std::time::Instant::now();
    let checked = std::process::Command::new(&options.nimforge)
        .args(["check", &a.to_string_lossy(), &b.to_string_lossy(), "--top", "t", "--clock", "clk", "--timeout", &options.timeout.to_string()])
        .current_dir(at)
        .output();
    let check_seconds = t0.elapsed().as_secs_f64();
    let mut o = Outcome {
        seed,
        pair,
        classes: design.classes(),
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
            o.judged = Judged::Internal(format!("running {}: {e}", options.nimforge.display()));
            return o;
        }
    };
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    o.exit = out.status.code();
    o.said = stdout.lines().find(|l| l.starts_with("verdict: ")).map(str::to_string).unwrap_or_else(|| stderr.lines().next().unwrap_or("").to_string());
    if let Err(e) = abc.and(icarus) {
        o.judged = Judged::Internal(e);
        return o;
    }
    let truth = o.truth();
    o.judged = match o.exit {
        Some(0) if truth == Truth::Different => Judged::Wrong(format!("equal, where {} shows a difference", if o.icarus == Truth::Different { "Icarus" } else { "ABC" })),
        Some(0) => Judged::Right,
        Some(1) => match replays(a, b, &at.join("build/check/t/counterexample_tb.v"), at) {
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
fn cycles(said: &str, prefix: &str) -> Vec<Vec<String>> {
    said.lines().filter_map(|l| l.strip_prefix(prefix)).map(|l| l.split_whitespace().skip(1).map(str::to_string).collect()).collect()
}

/// Some cycle where an output of the two differs, both known (0 or 1).
fn differ(x: &[Vec<String>], y: &[Vec<String>]) -> bool {
    let known = |v: &str| v.chars().all(|c| c == '0' || c == '1');
    x.iter().zip(y).any(|(r, s)| r.iter().zip(s).any(|(u, v)| u != v && known(u) && known(v)))
}

/// The check's counterexample testbench run again with each file: an
/// output must differ.
fn replays(a: &Path, b: &Path, tb: &Path, at: &Path) -> Result<(), String> {
    let run = |side: &str, design: &Path| -> Result<Vec<Vec<String>>, String> {
        let dir = at.join(format!("replay_{side}"));
        std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        let said = iverilog::simulate(&[tb, design], "nimforge_counterexample", &[&format!("NIMFORGE_{side}")], &[], &dir).map_err(|e| e.to_string())?;
        Ok(cycles(&said, "nimforge-cycle "))
    };
    let (x, y) = (run("A", a)?, run("B", b)?);
    if x.is_empty() || !differ(&x, &y) {
        return Err(format!("{} shows no output differing ({} cycles)", tb.display(), x.len()));
    }
    Ok(())
}

/// The two files side by side in Icarus under the same random inputs from
/// power-on, `cycles` cycles: different where an output differs.
fn cosimulate(seed: u64, (a, b): (&Path, &Path), (side_a, side_b): (&Side, &Side), design: &Design, at: &Path, cycles_n: usize) -> Result<Truth, String> {
    let ports = design.ports();
    let inputs: Vec<&design::Port> = ports.iter().filter(|p| p.input && p.name != "clk").collect();
    let outputs: Vec<&design::Port> = ports.iter().filter(|p| !p.input).collect();
    let range = |w: usize| if w > 1 { format!("[{}:0] ", w - 1) } else { String::new() };
    let mut v = String::from("`timescale 1ns/1ns\nmodule fuzz_tb;\n  reg clk = 1'b0;\n  integer fuzz_i;\n");
    for p in &inputs {
        v += &format!("  reg {}{};\n", range(p.width), p.name);
    }
    for p in &outputs {
        v += &format!("  wire {}{};\n", range(p.width), p.name);
    }
    let names: Vec<&str> = std::iter::once("clk").chain(inputs.iter().chain(&outputs).map(|p| p.name.as_str())).collect();
    v += &format!("  t dut ({});\n  initial begin\n", names.iter().map(|n| format!(".{n}({n})")).collect::<Vec<_>>().join(", "));
    v += &format!("`ifdef FUZZ_A\n{}`else\n{}`endif\n", side_a.lines(), side_b.lines());
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let formats = vec!["%b"; outputs.len()].join(" ");
    let shown: Vec<&str> = outputs.iter().map(|p| p.name.as_str()).collect();
    for t in 0..cycles_n {
        for p in &inputs {
            // A reset is held now and then, not half the time.
            let bits: String = if p.width == 1 && p.name.starts_with("rst") {
                let held = rng.below(8) == 0;
                if (p.name.ends_with("_n")) == held { "0" } else { "1" }.to_string()
            } else {
                (0..p.width).map(|_| if rng.next() & 1 == 1 { '1' } else { '0' }).collect()
            };
            v += &format!("    {} = {}'b{bits};\n", p.name, p.width);
        }
        v += &format!("    #5 $display(\"fuzz-cycle {t} {formats}\", {});\n    clk = 1'b1;\n    #5 clk = 1'b0;\n", shown.join(", "));
    }
    v += "    $finish;\n  end\nendmodule\n";
    let tb = at.join("cosim_tb.v");
    std::fs::write(&tb, v).map_err(|e| format!("writing {}: {e}", tb.display()))?;
    let run = |side: &str, design: &Path| -> Result<Vec<Vec<String>>, String> {
        let dir = at.join(format!("cosim_{side}"));
        std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        let said = iverilog::simulate(&[&tb, design], "fuzz_tb", &[&format!("FUZZ_{side}")], &[], &dir).map_err(|e| format!("the co-simulation in Icarus failed: {e}"))?;
        Ok(cycles(&said, "fuzz-cycle "))
    };
    let (x, y) = (run("A", a)?, run("B", b)?);
    if x.len() != cycles_n || y.len() != cycles_n {
        return Err(format!("the co-simulation in Icarus printed {} and {} of {cycles_n} cycles", x.len(), y.len()));
    }
    Ok(if differ(&x, &y) { Truth::Different } else { Truth::Unknown })
}

/// The counts of a run: over every pair, and over the pairs of each class.
pub fn summary(outcomes: &[Outcome], seeds: &std::ops::Range<u64>) -> Vec<serde_json::Value> {
    let mut classes: Vec<&str> = outcomes.iter().flat_map(|o| o.classes.iter().copied()).collect();
    classes.sort_unstable();
    classes.dedup();
    let median = |mut v: Vec<f64>| -> f64 {
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            0.0
        } else {
            v[v.len() / 2]
        }
    };
    let count = |name: &str, of: Vec<&Outcome>| {
        let n = |f: &dyn Fn(&Outcome) -> bool| of.iter().filter(|o| f(o)).count();
        let mut designs: Vec<u64> = of.iter().map(|o| o.seed).collect();
        designs.dedup();
        serde_json::json!({
            "fuzz": "check", "class": name, "seeds": format!("{}..{}", seeds.start, seeds.end),
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
        })
    };
    let mut rows = vec![count("all", outcomes.iter().collect())];
    for c in classes {
        rows.push(count(c, outcomes.iter().filter(|o| o.classes.contains(&c)).collect()));
    }
    rows
}
