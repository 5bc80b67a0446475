//! A difference certified: the input sequence replayed from power-on in
//! Icarus on each of the two original files (one testbench, compiled with
//! each: `-DNIMFORGE_A` with the first file, `-DNIMFORGE_B` with the
//! second), every output compared cycle by cycle. The testbench powers the
//! registers and memories without an initial value on at 0, and holds a net
//! nothing drives (a register never written) at 0, as the walk and the
//! provers do. What replays is written as `counterexample_tb.v` (to run
//! again) and `counterexample.vcd` (the inputs and the outputs that differ).
//!
//! A difference that does not replay on the files is replayed on yosys's
//! reading of each (`anchor::rewrite`, `as_read_tb.v`): where it shows
//! there, a file simulates otherwise than it is synthesised, and the pair
//! is refused naming that file; otherwise it is an internal error.

use super::{Clocking, Counterexample};
use crate::flow::iverilog;
use crate::flow::yosys::{Holds, ModulePort};
use crate::sources::Sources;
use crate::Error;
use std::path::Path;

/// The testbench's module name.
const TB: &str = "nimforge_counterexample";

/// The pair as the replays in Icarus take it: both designs' sources and
/// holds, their tops, the ports driven (the clock in cycles aside) and
/// shown, how time is taken, and where the testbenches go.
pub(super) struct Pair<'a> {
    pub sources: (&'a Sources, &'a Sources),
    pub holds: (&'a Holds, &'a Holds),
    pub tops: (&'a str, &'a str),
    inputs: Vec<&'a ModulePort>,
    outputs: Vec<&'a ModulePort>,
    clock: Option<&'a str>,
    clocks: Vec<String>,
    pub dir: &'a Path,
}

/// Where a file's own simulation first departs from yosys's reading of
/// it: the file, the cycle (or step), the output, its value in Icarus and
/// as read, and the testbench that shows it.
pub(super) struct Departure {
    pub file: String,
    pub at: String,
    pub output: String,
    pub got: String,
    pub read: String,
    pub testbench: std::path::PathBuf,
}

impl<'a> Pair<'a> {
    pub fn new(
        sources: (&'a Sources, &'a Sources),
        holds: (&'a Holds, &'a Holds),
        tops: (&'a str, &'a str),
        ports: &'a [ModulePort],
        clocking: &'a Clocking,
        dir: &'a Path,
    ) -> Pair<'a> {
        let clock = clocking.clock();
        let clocks: Vec<String> = match clocking {
            Clocking::Steps { clocks, .. } => clocks.clone(),
            _ => Vec::new(),
        };
        let inputs = ports.iter().filter(|p| p.input && Some(p.name.as_str()) != clock).collect();
        let outputs = ports.iter().filter(|p| !p.input).collect();
        Pair { sources, holds, tops, inputs, outputs, clock, clocks, dir }
    }

    /// The inputs driven at each cycle, in the order a cycle's values are.
    pub fn inputs(&self) -> &[&'a ModulePort] {
        &self.inputs
    }

    /// The unit of time in the words of a verdict: `step` where time is
    /// taken in steps (every clock an input), else `cycle` (of one clock).
    pub fn unit(&self) -> &'static str {
        if self.clocks.is_empty() {
            "cycle"
        } else {
            "step"
        }
    }

    /// How many outputs each cycle shows.
    pub fn outputs(&self) -> usize {
        self.outputs.len()
    }

    /// The testbench (`tb`) with the designs `sides` (a, then b), compiled
    /// and run with each in `{prefix}_a` and `{prefix}_b`: each one's
    /// outputs, cycle by cycle. Where Icarus cannot, the error is `fail`'s
    /// of the line that says so.
    fn replay(
        &self,
        sides: (&Sources, &Sources),
        holds: (&Holds, &Holds),
        tb: &Path,
        prefix: &str,
        cycles: &[Vec<String>],
        fail: &dyn Fn(String) -> Error,
    ) -> Result<[Vec<Vec<String>>; 2], Error> {
        let text = testbench((sides.0, sides.1, tb), holds, self.tops, (&self.inputs, &self.outputs), (self.clock, &self.clocks), cycles, prefix);
        crate::files::save(tb, &text)?;
        let tb = std::fs::canonicalize(tb).map_err(|e| Error::io(format!("reading {}", tb.display()), e))?;
        let run = |side: &str, design: &Sources| -> Result<Vec<Vec<String>>, Error> {
            let at = self.dir.join(format!("{prefix}_{}", side.to_lowercase()));
            crate::files::create_dir_all(&at)?;
            let said = iverilog::simulate_design(design, &[&tb], (TB, &format!("{TB}.dut")), &[&format!("NIMFORGE_{side}")], &[], &at).map_err(|e| {
                // One line: what failed, and the last line Icarus said.
                let said = e.to_string();
                let lines: Vec<&str> = said.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
                let said = match (lines.first(), lines.last()) {
                    (Some(first), Some(last)) if first != last => format!("{first} {last}"),
                    (Some(first), _) => first.to_string(),
                    _ => String::new(),
                };
                fail(format!("Icarus could not run the check's testbench {} with {side}: {said}", tb.display()))
            })?;
            Ok(said.lines().filter_map(|l| l.strip_prefix("nimforge-cycle ")).map(|l| l.split_whitespace().skip(1).map(str::to_string).collect()).collect())
        };
        Ok([run("A", sides.0)?, run("B", sides.1)?])
    }

    /// Both files run in Icarus on `cycles` from power-on (`{prefix}_tb.v`):
    /// each one's outputs, cycle by cycle; where Icarus cannot, the line
    /// that says so (a file that cannot be written is said as its error).
    pub fn run_files(&self, cycles: &[Vec<String>], prefix: &str) -> Result<[Vec<Vec<String>>; 2], String> {
        self.replay(self.sources, self.holds, &self.dir.join(format!("{prefix}_tb.v")), prefix, cycles, &Error::Internal).map_err(|e| e.to_string())
    }

    /// The same inputs on each design as yosys reads it (written again,
    /// its latches `always_latch`, `as_read_tb.v`), against what the files
    /// gave (`got`): the first file, cycle and output (up to cycle `until`)
    /// where a file's own simulation departs from yosys's reading of it (a
    /// simulation and synthesis mismatch). `readings_differ`: only where
    /// the readings themselves differ by `until`. None where no file
    /// departs, or where a reading cannot be made or run.
    pub fn departure(&self, got: [&[Vec<String>]; 2], cycles: &[Vec<String>], until: usize, readings_differ: bool) -> Option<Departure> {
        let dir = self.dir;
        let as_read = |s: &Sources, top: &str, side: &str| -> Option<Sources> {
            let at = dir.join(format!("as_read_{side}"));
            let out = at.join("as_read.v");
            crate::files::create_dir_all(&at).ok()?;
            crate::flow::yosys::anchor::rewrite(s, top, false, &out, &at).ok()?;
            Some(Sources::from(out.as_path()))
        };
        // Names in the design are not kept by the rewrite, which has every
        // register's power-on value written and nothing undriven: only the
        // clocks and the latches' enables (ports) are taken over.
        let bare = |h: &Holds| Holds { clocks: h.clocks.clone(), latch_enables: h.latch_enables.clone(), ..Holds::default() };
        let (a, b) = self.sources;
        let (ra, rb) = (as_read(a, self.tops.0, "a")?, as_read(b, self.tops.1, "b")?);
        let read_tb = dir.join("as_read_tb.v");
        let [read_a, read_b] = self.replay((&ra, &rb), (&bare(self.holds.0), &bare(self.holds.1)), &read_tb, "as_read", cycles, &Error::Internal).ok()?;
        let until = if readings_differ { first_difference((&read_a, &read_b), until + 1, self.outputs.len())? } else { until };
        // The first file, step and output where a file's own simulation
        // departs from its reading, up to `until`.
        let (s, k, o, got, read) = [(a, got[0], &read_a), (b, got[1], &read_b)].into_iter().find_map(|(s, got, read)| {
            (0..=until).find_map(|k| {
                (0..self.outputs.len()).find_map(|o| match (got.get(k)?.get(o)?, read.get(k)?.get(o)?) {
                    (x, y) if x != y && known(y) => Some((s, k, o, x.clone(), y.clone())),
                    _ => None,
                })
            })
        })?;
        Some(Departure {
            file: s.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "),
            at: format!("{} {k}", self.unit()),
            output: self.outputs[o].name.clone(),
            got,
            read,
            testbench: read_tb,
        })
    }
}

/// Replays `cycles` (a value per input port, clock aside in cycles, bits
/// as text, most significant first) on the pair's files; the
/// counterexample when an output differs (the first cycle where one does),
/// else an error that says it did not replay.
pub(super) fn certify(pair: &Pair, cycles: &[Vec<String>], found_by: &str) -> Result<Counterexample, Error> {
    let (dir, clock) = (pair.dir, pair.clock);
    let tb = dir.join("counterexample_tb.v");
    // The testbench is the check's own: where Icarus cannot compile or run
    // it, there is no verdict (an internal error, exit 4), never bad input.
    let fail = |said: String| {
        Error::Internal(format!("internal error: the difference {found_by} found is not certified, so there is no verdict: {said} (please report it)"))
    };
    let [got_a, got_b] = pair.replay(pair.sources, pair.holds, &tb, "replay", cycles, &fail)?;
    let outputs = &pair.outputs;
    let Some(cycle) = first_difference((&got_a, &got_b), cycles.len(), outputs.len()) else {
        let unknown = got_a.iter().chain(&got_b).flatten().any(|v| !known(v));
        // A block Icarus never runs, where yosys reads a constant: the two
        // read the design differently, and a difference through it cannot
        // be replayed. Said in the user's words, with the way out.
        let never: Vec<String> = ["a", "b"]
            .iter()
            .filter_map(|side| std::fs::read_to_string(dir.join(format!("replay_{side}")).join(iverilog::COMPILE_LOG)).ok())
            .flat_map(|said| iverilog::never_triggered(&said))
            .collect();
        if unknown && !never.is_empty() {
            return Err(Error::Design(format!(
                "{}: an `always @*` that reads no signal, which Icarus never runs (\"@* found no sensitivities so it will never trigger\") where yosys takes it for a constant; the difference {found_by} found does not replay, so there is no verdict: write it as an `assign` (or `always_comb`)",
                never.join(", ")
            )));
        }
        // Where the difference shows on yosys's reading of both, a file's
        // own simulation departs from its reading, named with the step and
        // the output where it first does.
        if let Some(d) = pair.departure([&got_a, &got_b], cycles, cycles.len().saturating_sub(1), true) {
            // An x in Icarus where yosys reads a value is an `x` the file
            // itself holds (yosys reads it as 0); any other departure is
            // a block Icarus runs at other times than yosys reads it.
            let (such_as, way_out) = if known(&d.got) {
                (
                    "an `always @*` latch open from power-on whose inputs never change, or a sensitivity list that misses a signal",
                    "write the block `always_latch` or `always_comb`",
                )
            } else {
                (
                    "an `x` the file writes for a case it takes to be unreachable (a `default: y = 'x`, or one a SystemVerilog front end wrote for a `unique case` with no item taken), reached here, which Icarus runs as x and yosys reads as 0",
                    "give that case a known value (or check the design's own sources, where the x is the front end's)",
                )
            };
            return Err(Error::Design(format!(
                "{}: Icarus runs it otherwise than yosys reads it (at {}, output {} is {} in Icarus and {} as yosys reads it): a simulation and synthesis mismatch, such as {such_as}; the difference {found_by} found replays on yosys's reading of both ({}) but not on the files, so there is no verdict: {way_out}",
                d.file,
                d.at,
                d.output,
                d.got,
                d.read,
                d.testbench.display()
            )));
        }
        return Err(Error::Internal(format!(
            "internal error: the difference {found_by} found does not replay in Icarus from power-on ({} cycles{}), so there is no verdict; the testbench is {} (please report it)",
            cycles.len(),
            if unknown { ", an output is x or z there" } else { "" },
            tb.display()
        )));
    };
    let differs = |t: usize| differing((&got_a, &got_b), t, outputs.len());
    let shown: Vec<usize> = (0..outputs.len()).filter(|&o| (0..=cycle).any(|t| differs(t).contains(&o))).collect();
    let cycles = cycles[..=cycle].to_vec();
    let vcd = dir.join("counterexample.vcd");
    let out_of = |got: &Vec<Vec<String>>| -> Vec<Vec<String>> { got[..=cycle].iter().map(|r| shown.iter().map(|&o| r[o].clone()).collect()).collect() };
    let c = Counterexample {
        inputs: pair.inputs.iter().map(|p| p.name.clone()).collect(),
        clocks: pair.clocks.clone(),
        cycles,
        cycle,
        outputs: shown.iter().map(|&o| outputs[o].name.clone()).collect(),
        a: out_of(&got_a),
        b: out_of(&got_b),
        found_by: found_by.to_string(),
        vcd: vcd.clone(),
        testbench: tb,
    };
    let widths: Vec<usize> = pair.inputs.iter().map(|p| p.width).chain(shown.iter().map(|&o| outputs[o].width)).collect();
    crate::files::save(&vcd, write_vcd(&c, clock, &widths))?;
    Ok(c)
}

/// A difference found in ticks ([`crate::flow::yosys::Time::Ticks`]), each step's
/// values of the inputs with the clock's at `clock` saying whether the
/// registers tick after it, as the steps Icarus replays: the clock 1 at
/// each step after a tick (it rises there, and the registers take their
/// inputs of the step before), 0 at the others, and a step of the clock
/// falling put between two ticks in a row, the other inputs as at the step
/// before it (so that nothing else changes there).
pub(super) fn ticks_to_steps(ticks: &[Vec<String>], clock: usize) -> Vec<Vec<String>> {
    let mut steps: Vec<Vec<String>> = Vec::new();
    let (mut ticked, mut high) = (false, false);
    for step in ticks {
        if let (true, true, Some(before)) = (ticked, high, steps.last()) {
            let mut fall = before.clone();
            fall[clock] = "0".into();
            steps.push(fall);
        }
        let mut now = step.clone();
        now[clock] = if ticked { "1" } else { "0" }.into();
        high = ticked;
        ticked = step[clock] == "1";
        steps.push(now);
    }
    steps
}

/// A value Icarus printed that is neither x nor z in any bit.
pub(super) fn known(v: &str) -> bool {
    v.chars().all(|c| c == '0' || c == '1')
}

/// The outputs (of `outputs`) that differ at cycle `t` between the two
/// sides' printed values, both known.
fn differing((a, b): (&[Vec<String>], &[Vec<String>]), t: usize, outputs: usize) -> Vec<usize> {
    (0..outputs)
        .filter(|&o| match (a.get(t).and_then(|r| r.get(o)), b.get(t).and_then(|r| r.get(o))) {
            (Some(x), Some(y)) => x != y && known(x) && known(y),
            _ => false,
        })
        .collect()
}

/// The first of `cycles` cycles at which an output differs, both known.
pub(super) fn first_difference(sides: (&[Vec<String>], &[Vec<String>]), cycles: usize, outputs: usize) -> Option<usize> {
    (0..cycles).find(|&t| !differing(sides, t, outputs).is_empty())
}

/// The testbench: both files' module `top` driven the same way, a line
/// `nimforge-cycle T <outputs>` before each rising clock edge (in cycles),
/// or at the end of each step (in steps: the clocks among the inputs change
/// first, then, 1 ns later, the other inputs, so that a register takes the
/// value its input had at the step before, as the walk and the provers
/// have it). Each side runs in `{prefix}_a` or `{prefix}_b`.
fn testbench(
    (a, b, tb): (&Sources, &Sources, &Path),
    (holds_a, holds_b): (&Holds, &Holds),
    (top, top_b): (&str, &str),
    (inputs, outputs): (&[&ModulePort], &[&ModulePort]),
    (clock, clocks): (Option<&str>, &[String]),
    cycles: &[Vec<String>],
    prefix: &str,
) -> String {
    let mut v = format!(
        "// Made by nimforge check: the input sequence from power-on after which an\n\
         // output of {top} differs between the two designs. Run it with each:\n\
         //   iverilog -g2012 -DNIMFORGE_A -o a.vvp {tb} {a} && vvp -n a.vvp\n\
         //   iverilog -g2012 -DNIMFORGE_B -o b.vvp {tb} {b} && vvp -n b.vvp\n\
         // Each prints its outputs before each rising clock edge. Registers and\n\
         // memories without an initial value power on at 0, as on the iCE40,\n\
         // and a net nothing drives reads 0.\n\
         `timescale 1ns/1ns\nmodule {TB};\n",
        tb = tb.display(),
        a = command_line(a, &format!("{prefix}_a")),
        b = command_line(b, &format!("{prefix}_b"))
    );
    let range = |w: usize| if w > 1 { format!("[{}:0] ", w - 1) } else { String::new() };
    // A port's name escaped where it is no plain identifier (the EPFL
    // circuits name each bit of a bus: `\count[0] `, issue 55).
    let id = |p: &&ModulePort| crate::flow::yosys::verilog_name(&p.name);
    if let Some(c) = clock {
        v += &format!("  reg {c} = 1'b0;\n");
    }
    // The inputs that open latches and clock no flip-flop: Icarus runs a
    // latch (`always @*`) only at an event, never at power-on, so each of
    // these takes its step-0 value by an assignment after power-on (an
    // event), not by its declaration; a latch open from step 0 then follows
    // its input there, as in `clk2fflogic`.
    let flip_flop_clocks: Vec<String> = [holds_a, holds_b].iter().flat_map(|h| &h.clocks).map(|(c, _)| super::signal(c)).collect();
    let opens: Vec<String> = [holds_a, holds_b]
        .iter()
        .flat_map(|h| &h.latch_enables)
        .map(|e| super::signal(e))
        .filter(|e| clocks.contains(e) && !flip_flop_clocks.contains(e))
        .collect();
    for (i, p) in inputs.iter().enumerate() {
        // A clock holds its first step's value from the start: no edge at
        // step 0 (as `clk2fflogic` has it).
        let first = cycles.first().and_then(|c| c.get(i)).filter(|_| clocks.contains(&p.name) && !opens.contains(&p.name));
        match first {
            Some(value) => v += &format!("  reg {}{} = 1'b{value};\n", range(p.width), id(p)),
            None => v += &format!("  reg {}{};\n", range(p.width), id(p)),
        }
    }
    for p in outputs {
        v += &format!("  wire {}{};\n", range(p.width), id(p));
    }
    let connections: Vec<String> = clock.into_iter().map(str::to_string).chain(inputs.iter().chain(outputs).map(id)).map(|n| format!(".{n}({n})")).collect();
    let connections = connections.join(", ");
    if top_b == top {
        v += &format!("  {top} dut ({connections});\n");
    } else {
        // The second design's top is named otherwise.
        v += &format!("`ifdef NIMFORGE_B\n  {top_b} dut ({connections});\n`else\n  {top} dut ({connections});\n`endif\n");
    }
    v += "  integer nimforge_i;\n  initial begin\n";
    for (side, holds) in [("A", holds_a), ("B", holds_b)] {
        v += &format!("`ifdef NIMFORGE_{side}\n");
        for r in &holds.uninitialised {
            v += &format!("    dut.{r} = 0;\n");
        }
        for (m, first, words) in &holds.memories {
            v += &format!("    for (nimforge_i = {first}; nimforge_i < {}; nimforge_i = nimforge_i + 1) dut.{m}[nimforge_i] = 0;\n", first + *words as i64);
        }
        // A net nothing drives (a register never written, an output never
        // assigned) reads 0, as in the walk and the provers.
        for (net, bit) in &holds.undriven {
            match bit {
                None => v += &format!("    force dut.{net} = 0;\n"),
                Some(b) => v += &format!("    force dut.{net}[{b}] = 1'b0;\n"),
            }
        }
        v += "`endif\n";
    }
    if !opens.is_empty() {
        // Every latch waits for its event before step 0 sets its enable.
        v += "    #1;\n";
    }
    let formats = vec!["%b"; outputs.len()].join(" ");
    let names: Vec<String> = outputs.iter().map(id).collect();
    for (t, values) in cycles.iter().enumerate() {
        let show = format!("$display(\"nimforge-cycle {t} {formats}\", {});", names.join(", "));
        // 0: another input, 1: a clock, 2: an input that only opens latches.
        let kind = |p: &ModulePort| {
            if !clocks.contains(&p.name) {
                0
            } else if opens.contains(&p.name) {
                2
            } else {
                1
            }
        };
        let assigned = |k: u8| -> Vec<(String, String)> {
            inputs.iter().zip(values).filter(|(p, _)| kind(p) == k).map(|(p, value)| (id(p), format!("{}'b{value}", p.width))).collect()
        };
        if !clocks.is_empty() {
            v += &step(&assigned(1), &assigned(2), &assigned(0), &show);
            continue;
        }
        for (name, value) in assigned(0) {
            v += &format!("    {name} = {value};\n");
        }
        v += &format!("    #5 {show}\n");
        match clock {
            Some(c) => v += &format!("    {c} = 1'b1;\n    #5 {c} = 1'b0;\n"),
            None => v += "    #5;\n",
        }
    }
    v += "    $finish;\n  end\nendmodule\n";
    v
}

/// One step of a testbench in steps (docs/command.md, "Clocks"), 10 ns:
/// the clocks (the inputs that drive a clock pin) take their values first,
/// then, after a `#0` (so that every register their edges clock has taken
/// its input before anything else moves), the inputs that only open
/// latches, the other inputs 1 ns later, and `show` (a statement, a
/// `$display`) runs 5 ns after the step began. The check's replay writes
/// its steps so, and its fuzzer's co-simulation too (`src/fuzz/mod.rs`):
/// one order, that of `clk2fflogic`, where a register takes at a step the
/// value its input had at the step before (a latch that opens at the same
/// step included) and a latch that closes holds what it had. Each value a
/// Verilog constant (`1'b1`).
pub fn step(clocks: &[(String, String)], opens: &[(String, String)], others: &[(String, String)], show: &str) -> String {
    let assign = |values: &[(String, String)]| -> String { values.iter().map(|(name, value)| format!("    {name} = {value};\n")).collect() };
    let mut v = assign(clocks);
    if !clocks.is_empty() && !opens.is_empty() {
        v += "    #0;\n";
    }
    v += &assign(opens);
    v += "    #1;\n";
    v += &assign(others);
    v + &format!("    #4 {show}\n    #5;\n")
}

/// A design's sources as Icarus's command line takes them: `-I`, `-D`,
/// the files (a parameter set from outside needs the `parameters.v` the
/// replay wrote beside, in `dir`, with `-s nimforge_parameters`).
fn command_line(s: &Sources, dir: &str) -> String {
    let s = s.absolute();
    let mut words: Vec<String> = s.include_dirs.iter().map(|d| format!("-I{}", d.display())).collect();
    words.extend(s.define_args().iter().map(|d| format!("-D{d}")));
    words.extend(s.files.iter().map(|f| f.display().to_string()));
    if !s.parameters.is_empty() {
        words.push(format!("{dir}/parameters.v"));
    }
    words.join(" ")
}

/// The counterexample as a VCD: the clock, the inputs, and each output that
/// differs as the first file (`a`) and the second (`b`) have it; cycle T
/// from 10T ns, its rising edge at 10T+5. In steps there is no clock of
/// its own: step T from 10T ns, the clocks among the inputs changing then
/// and the other inputs at 10T+1, as the testbench drives them.
fn write_vcd(c: &Counterexample, clock: Option<&str>, widths: &[usize]) -> String {
    let steps = clock.is_none() && !c.clocks.is_empty();
    let mut v = String::from("$timescale 1ns $end\n$scope module check $end\n");
    let ids: Vec<String> = (0..c.inputs.len() + 2 * c.outputs.len() + 1).map(|i| format!("n{i}")).collect();
    let clock_id = &ids[ids.len() - 1];
    if !steps {
        v += &format!("$var wire 1 {clock_id} {} $end\n", clock.unwrap_or("clock"));
    }
    for (i, n) in c.inputs.iter().enumerate() {
        v += &format!("$var wire {} {} {n} $end\n", widths[i], ids[i]);
    }
    for (side, k) in [("a", 0), ("b", 1)] {
        v += &format!("$scope module {side} $end\n");
        for (o, n) in c.outputs.iter().enumerate() {
            v += &format!("$var wire {} {} {n} $end\n", widths[c.inputs.len() + o], ids[c.inputs.len() + 2 * o + k]);
        }
        v += "$upscope $end\n";
    }
    v += "$upscope $end\n$enddefinitions $end\n";
    let is_clock = |i: usize| c.clocks.contains(&c.inputs[i]);
    for t in 0..c.cycles.len() {
        v += &format!("#{}\n", 10 * t);
        if !steps {
            v += &format!("0{clock_id}\n");
        }
        for (i, value) in c.cycles[t].iter().enumerate().filter(|(i, _)| !steps || is_clock(*i)) {
            v += &format!("b{value} {}\n", ids[i]);
        }
        if steps {
            v += &format!("#{}\n", 10 * t + 1);
            for (i, value) in c.cycles[t].iter().enumerate().filter(|(i, _)| !is_clock(*i)) {
                v += &format!("b{value} {}\n", ids[i]);
            }
        }
        for o in 0..c.outputs.len() {
            v += &format!("b{} {}\nb{} {}\n", c.a[t][o], ids[c.inputs.len() + 2 * o], c.b[t][o], ids[c.inputs.len() + 2 * o + 1]);
        }
        if !steps {
            v += &format!("#{}\n1{clock_id}\n", 10 * t + 5);
        }
    }
    v += &format!("#{}\n", 10 * c.cycles.len());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flip-flop that samples a latch, the latch's enable declared before
    /// the clock. At step 1 the latch opens as the clock rises: the register
    /// takes what the latch held at step 0 (0), not the input the opening
    /// latch lets through (1), as `clk2fflogic` has it. Set in port order,
    /// with no `#0` between, the replay had the register take 1 there, and
    /// a real difference did not replay (exit 4).
    #[test]
    fn a_register_takes_what_a_latch_opening_at_its_edge_held_before() {
        let dir = std::env::temp_dir().join(format!("nimforge-certify-order-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let module = |d_of_r: &str| {
            format!("module t (input en, input clk, input d, output q);\n  reg l, r;\n  always @* if (en) l = d;\n  always @(posedge clk) r <= {d_of_r};\n  assign q = r;\nendmodule\n")
        };
        // b's register takes the input itself: 1 at step 1, where a's is 0.
        let (a, b) = (dir.join("a.v"), dir.join("b.v"));
        std::fs::write(&a, module("l")).unwrap();
        std::fs::write(&b, module("d")).unwrap();
        let holds = Holds {
            uninitialised: vec!["l".into(), "r".into()],
            latches: vec!["l".into()],
            clocks: vec![("clk".into(), true)],
            latch_enables: vec!["en".into()],
            ..Holds::default()
        };
        let port = |name: &str, input: bool| ModulePort { name: name.into(), input, width: 1 };
        let ports = [port("en", true), port("clk", true), port("d", true), port("q", false)];
        let clocking = Clocking::Steps { clocks: vec!["en".into(), "clk".into()], why: "a latch".into() };
        // (en, clk, d) at each step: the latch closed at step 0 (holding 0)
        // with d = 1; at step 1 the clock rises and the latch opens at once.
        let cycles: Vec<Vec<String>> = [["0", "0", "1"], ["1", "1", "0"], ["0", "0", "0"]].iter().map(|c| c.iter().map(|v| v.to_string()).collect()).collect();
        let (sa, sb) = (Sources::from(a.as_path()), Sources::from(b.as_path()));
        let c = certify(&Pair::new((&sa, &sb), (&holds, &holds), ("t", "t"), &ports, &clocking, &dir), &cycles, "a test").unwrap();
        assert_eq!(
            (c.cycle, c.a.clone(), c.b.clone()),
            (1, vec![vec!["0".to_string()], vec!["0".to_string()]], vec![vec!["0".to_string()], vec!["1".to_string()]])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Ticks as steps: the clock (input 0) rises at the step after each
    /// tick, and falls in a step of its own between two ticks in a row,
    /// the other input as at the step before.
    #[test]
    fn ticks_are_replayed_as_steps_with_the_clock_rising_after_each() {
        let rows = |r: &[[&str; 2]]| -> Vec<Vec<String>> { r.iter().map(|s| s.iter().map(|v| v.to_string()).collect()).collect() };
        let ticks = rows(&[["1", "a"], ["1", "b"], ["0", "c"], ["1", "d"], ["0", "e"]]);
        let steps = rows(&[["0", "a"], ["1", "b"], ["0", "b"], ["1", "c"], ["0", "d"], ["1", "e"]]);
        assert_eq!(ticks_to_steps(&ticks, 0), steps);
        assert!(ticks_to_steps(&[], 0).is_empty());
    }
}
