//! The check's own fuzzer (issue 59): random small sequential Verilog
//! designs ([`design`]), each checked by `nimforge check` (run as a user
//! runs it, a process in a fresh directory) against a yosys rewrite of
//! itself and against one-operator mutants, judged ([`judge`]) against a
//! ground truth made apart from the check: ABC's `dprove` on the anchor's
//! miter, and Icarus, which runs the two files side by side under the same
//! random inputs from power-on (`cosimulate`: the registers the generator
//! declared without an initial value set to 0 and the nets it left
//! undriven forced to 0, the generator's own lists, not the check's) and
//! replays every counterexample the check prints.
//!
//! The public yardstick ([`corpus`], issue 55) judges the same way on the
//! designs of a benchmark package.

pub mod corpus;
pub mod design;
pub mod judge;
pub mod mutate;

use design::Design;
use judge::{cycles, differ, Checker, Pair};
pub use judge::{Judged, Outcome, Truth};
use nimforge_netlist::fuzz::Rng;
use nimforge_verify::check;
use nimforge_verify::flow::{iverilog, yosys::anchor};
use nimforge_verify::Sources;
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

/// Runs every seed of `options`, `options.jobs` at once; `each` is told of
/// every pair as it is judged. The outcomes in seed order.
pub fn run(options: &Options, each: &(dyn Fn(&Outcome) + Sync)) -> Result<Vec<Outcome>, crate::Error> {
    nimforge_verify::files::create_dir_all(&options.dir)?;
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
    nimforge_verify::files::create_dir_all(&dir)?;
    let write = |name: &str, text: &str| -> Result<PathBuf, crate::Error> {
        let path = dir.join(name);
        nimforge_verify::files::save(&path, text)?;
        Ok(path)
    };
    let design = Design::generate(seed);
    let a = write("a.v", &design.verilog())?;
    let gates = seed % 2 == 1;
    let rewritten = dir.join("rewrite.v");
    rewrite(&Sources::from(&a), "t", gates, &rewritten, &dir).map_err(|e| format!("the rewrite of {}: {e}", a.display()))?;
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
        nimforge_verify::files::create_dir_all(&at)?;
        outcomes.push(judge(seed, pair, (&a, &b), (&Side::of(&design), &side_b), &design, &at, options));
    }
    if !options.keep && !outcomes.iter().any(Outcome::fails) {
        std::fs::remove_dir_all(&dir).ok();
    }
    Ok(outcomes)
}

/// A design as yosys writes it again (`anchor::rewrite`: to `out`, in
/// gates where `gates` says so, its latches written `always_latch`): the
/// rewrite of the fuzzer's designs and of the yardstick's, and the netlist
/// the yardstick's mutants are made of.
fn rewrite(sources: &Sources, top: &str, gates: bool, out: &Path, dir: &Path) -> Result<(), String> {
    anchor::rewrite(sources, top, gates, out, dir).map_err(|e| e.to_string())
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

/// One pair: the truth (ABC, Icarus's co-simulation), the check, the
/// judgement.
fn judge(seed: u64, pair: String, (a, b): (&Path, &Path), sides: (&Side, &Side), design: &Design, at: &Path, options: &Options) -> Outcome {
    let sources = (Sources::from(a), Sources::from(b));
    let pair = Pair {
        seed,
        pair,
        classes: design.classes().into_iter().map(str::to_string).collect(),
        given: (a, b),
        sources: (&sources.0, &sources.1),
        top: "t",
        // The clocks found by the check, as a user who names none gets them.
        clock: None,
        at,
    };
    let checker = Checker { nimforge: &options.nimforge, timeout: options.timeout, abc_timeout: None };
    judge::judge(&pair, &checker, || cosimulate(seed, (a, b), sides, design, at, options.cycles))
}

/// The two files side by side in Icarus under the same random inputs from
/// power-on, `cycles` cycles: different where an output differs. A design
/// with clocks of its own or latches ([`Design::in_steps`]) is driven in
/// steps as the check's testbench drives it ([`check::step`]): each clock
/// and each input that opens a latch a random value at every step, the
/// other inputs 1 ns later.
fn cosimulate(seed: u64, (a, b): (&Path, &Path), sides: (&Side, &Side), design: &Design, at: &Path, cycles_n: usize) -> Result<Truth, String> {
    let tb = at.join("cosim_tb.v");
    nimforge_verify::files::save(&tb, cosim_testbench(seed, sides, design, cycles_n)).map_err(|e| e.to_string())?;
    let run = |side: &str, design: &Path| -> Result<Vec<Vec<String>>, String> {
        let dir = at.join(format!("cosim_{side}"));
        nimforge_verify::files::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let said = iverilog::simulate(&[&tb, design], "fuzz_tb", &[&format!("FUZZ_{side}")], &[], &dir)
            .map_err(|e| format!("the co-simulation in Icarus failed: {e}"))?;
        Ok(cycles(&said, "fuzz-cycle "))
    };
    let (x, y) = (run("A", a)?, run("B", b)?);
    if x.len() != cycles_n || y.len() != cycles_n {
        return Err(format!("the co-simulation in Icarus printed {} and {} of {cycles_n} cycles", x.len(), y.len()));
    }
    Ok(if differ(&x, &y) { Truth::Different } else { Truth::Unknown })
}

/// The co-simulation's testbench (module `fuzz_tb`): `-DFUZZ_A` sets
/// `side_a`'s power-on values, else `side_b`'s; a line `fuzz-cycle T
/// <outputs>` a cycle.
fn cosim_testbench(seed: u64, (side_a, side_b): (&Side, &Side), design: &Design, cycles_n: usize) -> String {
    let ports = design.ports();
    let steps = design.in_steps();
    // The inputs that change first at each step: the clocks, and in steps
    // the inputs that open latches (a latch enabled by a register's bit
    // needs nothing: the bit changes with its clock).
    let mut controls = design.clocks();
    if steps {
        controls.extend(design.latch_enables());
    }
    let inputs: Vec<&design::Port> = ports.iter().filter(|p| p.input && p.name != "clk" && !(steps && controls.contains(&p.name.as_str()))).collect();
    let outputs: Vec<&design::Port> = ports.iter().filter(|p| !p.input).collect();
    let range = |w: usize| if w > 1 { format!("[{}:0] ", w - 1) } else { String::new() };
    let mut v = String::from("`timescale 1ns/1ns\nmodule fuzz_tb;\n  integer fuzz_i;\n");
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    // In steps, each control's value at every step, drawn first; a control
    // holds its first value from the start (no edge at step 0), as in the
    // check's replay.
    let ticks: Vec<Vec<bool>> = if steps { (0..cycles_n).map(|_| controls.iter().map(|_| rng.next() & 1 == 1).collect()).collect() } else { Vec::new() };
    for (k, c) in controls.iter().enumerate() {
        let first = ticks.first().is_some_and(|t| t[k]);
        v += &format!("  reg {c} = 1'b{};\n", u8::from(first));
    }
    for p in &inputs {
        v += &format!("  reg {}{};\n", range(p.width), p.name);
    }
    for p in &outputs {
        v += &format!("  wire {}{};\n", range(p.width), p.name);
    }
    let names: Vec<&str> = controls.iter().copied().chain(inputs.iter().chain(&outputs).map(|p| p.name.as_str())).collect();
    v += &format!("  t dut ({});\n  initial begin\n", names.iter().map(|n| format!(".{n}({n})")).collect::<Vec<_>>().join(", "));
    v += &format!("`ifdef FUZZ_A\n{}`else\n{}`endif\n", side_a.lines(), side_b.lines());
    let formats = vec!["%b"; outputs.len()].join(" ");
    let shown: Vec<&str> = outputs.iter().map(|p| p.name.as_str()).collect();
    for t in 0..cycles_n {
        let others: Vec<(String, String)> = inputs
            .iter()
            .map(|p| {
                // A reset is held now and then, not half the time.
                let bits: String = if p.width == 1 && p.name.starts_with("rst") {
                    let held = rng.below(8) == 0;
                    if (p.name.ends_with("_n")) == held { "0" } else { "1" }.to_string()
                } else {
                    (0..p.width).map(|_| if rng.next() & 1 == 1 { '1' } else { '0' }).collect()
                };
                (p.name.clone(), format!("{}'b{bits}", p.width))
            })
            .collect();
        let show = format!("$display(\"fuzz-cycle {t} {formats}\", {});", shown.join(", "));
        if steps {
            let values: Vec<(String, String)> = controls.iter().enumerate().map(|(k, c)| (c.to_string(), format!("1'b{}", u8::from(ticks[t][k])))).collect();
            let (clocks, opens) = values.split_at(design.clocks().len());
            v += &check::step(clocks, opens, &others, &show);
        } else {
            for (name, value) in &others {
                v += &format!("    {name} = {value};\n");
            }
            v += &format!("    #5 {show}\n    clk = 1'b1;\n    #5 clk = 1'b0;\n");
        }
    }
    v += "    $finish;\n  end\nendmodule\n";
    v
}

/// The counts of a run: over every pair, and over the pairs of each class.
pub fn summary(outcomes: &[Outcome], seeds: &std::ops::Range<u64>) -> Vec<serde_json::Value> {
    let mut classes: Vec<&str> = outcomes.iter().flat_map(|o| o.classes.iter().map(String::as_str)).collect();
    classes.sort_unstable();
    classes.dedup();
    let row = |name: &str, of: Vec<&Outcome>| {
        let mut row = serde_json::json!({ "fuzz": "check", "class": name, "seeds": format!("{}..{}", seeds.start, seeds.end) });
        row.as_object_mut().expect("an object").extend(judge::counts(&of));
        row
    };
    let mut rows = vec![row("all", outcomes.iter().collect())];
    for c in classes {
        rows.push(row(c, outcomes.iter().filter(|o| o.classes.iter().any(|k| k == c)).collect()));
    }
    rows
}
