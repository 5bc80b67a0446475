//! `verilog/verilator`: the generated Verilog compiled by Verilator (-O3)
//! and driven straight from C++ (`templates/machine_harness.cpp.j2`):
//! the plan's letters and the oracle's expected rows as binary files, every
//! output compared after every clock, no testbench and no text, so the
//! whole plan runs at Verilator's own speed. The same harness runs in
//! `nimforge bench MACHINE`, one process per core.

use super::lanes::Expected;
use crate::flow::{verilator, ToolError};
use crate::layout::Places;
use crate::{Machine, Plan};
use askama::Template;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Template)]
#[template(path = "machine_harness.cpp.j2", escape = "none")]
struct Harness<'a> {
    machine: &'a str,
    module: &'a str,
    stride: usize,
    /// Each letter's value for every input port.
    letters: Vec<Vec<u64>>,
    /// The C++ names of the input ports.
    inputs: Vec<String>,
    /// In steps ([`crate::steps::Steps`]): the clocks, the inputs
    /// that only open latches and the others, each as its place among the
    /// inputs and its C++ name.
    steps: bool,
    clocks: Vec<(usize, String)>,
    opens: Vec<(usize, String)>,
    others: Vec<(usize, String)>,
    /// The C++ name, bit offset and width of each output port.
    outputs: Vec<(String, usize, usize)>,
}

/// A design whose port is named as its module, one level down
/// (`templates/verilator_top.v.j2`).
#[derive(Template)]
#[template(path = "verilator_top.v.j2", escape = "none")]
struct Wrapper<'a> {
    top: &'a str,
    module: &'a str,
    /// The top's parameters set from outside: name and value.
    parameters: Vec<(String, String)>,
    /// Every port: its name, width and whether it is an input (`clock`
    /// first, in cycles).
    ports: Vec<(&'static str, usize, bool)>,
}

/// The wrapper's module name.
const WRAPPER: &str = "nimforge_verilator_top";

/// Verilator's C++ name for a port: `$` becomes `__024`.
fn cpp_name(port: &str) -> String {
    port.replace('$', "__024")
}

/// A built harness and the plan's files.
pub struct Verilated {
    binary: PathBuf,
    letters: PathBuf,
    expected: PathBuf,
}

/// What a stretch (or all of them) showed.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Cycles replayed.
    pub cycles: usize,
    /// Cycles whose outputs mismatched.
    pub mismatches: usize,
    /// The first mismatch: its cycle (plan index) and every output there.
    pub first: Option<(usize, Vec<u64>)>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> ToolError + '_ {
    move |error| ToolError::Io { what: format!("writing {}", path.display()), error }
}

impl Verilated {
    /// Writes the plan's files into `places.dir("verilator")`, lints the
    /// Verilog (`-Wall`; a user's file: errors alone) and builds the harness.
    pub fn build<M: Machine>(plan: &Plan<M>, expected: &Expected, places: &Places) -> Result<Verilated, ToolError> {
        let dir = places.dir("verilator")?;
        let source = places.verilog(M::MODULE);
        // A user's file may be named otherwise than its module and written
        // in its own style: only an error fails it.
        let strictness = if places.source.is_some() { verilator::Strictness::ErrorsOnly } else { verilator::Strictness::Every };
        // Verilator names the top's instance after its module: a port of
        // the same name collides with it, and such a design is wrapped in a
        // top of another name.
        // The top's parameters are set on the design's instance then.
        let ports = || M::inputs().into_iter().chain(M::outputs());
        let (top, source) = if ports().any(|p| p.name == M::MODULE) {
            let wrapper = dir.join(format!("{WRAPPER}.v"));
            let text = Wrapper {
                top: WRAPPER,
                module: M::MODULE,
                parameters: source.parameters.clone(),
                ports: places
                    .steps
                    .is_none()
                    .then_some(("clock", 1, true))
                    .into_iter()
                    .chain(M::inputs().iter().map(|p| (p.name, p.width, true)))
                    .chain(M::outputs().iter().map(|p| (p.name, p.width, false)))
                    .collect(),
            };
            crate::flow::write(&wrapper, &(text.render().expect("template renders") + "\n"))?;
            let mut wrapped = source.clone();
            wrapped.files.push(wrapper);
            wrapped.parameters.clear();
            (WRAPPER, wrapped)
        } else {
            (M::MODULE, source)
        };
        verilator::lint(&source, top, &dir, strictness)?;
        if plan.letters.len() > 1 << 16 {
            return Err(ToolError::Io {
                what: format!("{} has {} letters; the Verilator harness takes up to 65,536", M::NAME, plan.letters.len()),
                error: std::io::Error::other("too many letters"),
            });
        }
        if let Some(p) = M::inputs().iter().chain(&M::outputs()).find(|p| p.width > 64) {
            return Err(ToolError::Io {
                what: format!("port {} is {} bits wide; the Verilator harness takes ports of up to 64", p.name, p.width),
                error: std::io::Error::other("port too wide"),
            });
        }
        let letters = dir.join("letters.bin");
        let bytes: Vec<u8> = plan.sequence.iter().flat_map(|&l| (l as u16).to_le_bytes()).collect();
        crate::files::write(&letters, bytes).map_err(io(&letters))?;
        let expected_bin = dir.join("expected.bin");
        let mut f = crate::files::Atomic::create(&expected_bin).map_err(io(&expected_bin))?;
        for start in (0..expected.rows.len()).step_by(1 << 16) {
            let cycles = start..expected.rows.len().min(start + (1 << 16));
            let bytes: Vec<u8> = cycles.flat_map(|i| expected.row(i)).flat_map(|w| w.to_le_bytes()).collect();
            f.write_all(&bytes).map_err(io(&expected_bin))?;
        }
        f.commit().map_err(io(&expected_bin))?;
        let mut at = 0;
        let outputs = M::outputs()
            .iter()
            .map(|p| {
                at += p.width;
                (cpp_name(p.name), at - p.width, p.width)
            })
            .collect();
        // In steps, each input a clock (0), one that only opens latches (1) or another (2).
        let kind = |name: &str| match &places.steps {
            Some(s) if s.clocks.iter().any(|c| c == name) => 0,
            Some(s) if s.opens.iter().any(|c| c == name) => 1,
            _ => 2,
        };
        let of_kind =
            |k: u8| -> Vec<(usize, String)> { M::inputs().iter().enumerate().filter(|(_, p)| kind(p.name) == k).map(|(i, p)| (i, cpp_name(p.name))).collect() };
        let harness = Harness {
            machine: M::NAME,
            module: top,
            stride: expected.stride,
            letters: plan.letters.iter().map(|l| l.inputs.clone()).collect(),
            inputs: M::inputs().iter().map(|p| cpp_name(p.name)).collect(),
            outputs,
            steps: places.steps.is_some(),
            clocks: of_kind(0),
            opens: of_kind(1),
            others: of_kind(2),
        };
        let main = dir.join("machine_harness.cpp");
        crate::flow::write(&main, &harness.render().expect("template renders"))?;
        let binary = verilator::build_design(&source, &[&main], top, &dir)?;
        Ok(Verilated { binary, letters, expected: expected_bin })
    }

    /// Cycles `first..first + count` of the plan on a fresh model; `first`
    /// must begin a piece (the oracle at power-on).
    pub fn run(&self, first: usize, count: usize) -> Result<Outcome, ToolError> {
        let out = Command::new(&self.binary)
            .args([self.letters.as_os_str(), self.expected.as_os_str()])
            .args([first.to_string(), count.to_string()])
            .output()
            .map_err(|error| ToolError::Io { what: format!("running {}", self.binary.display()), error })?;
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let failed = |what: &str| ToolError::Failed { tool: verilator::VERILATOR, what: what.into(), output: text.clone() };
        if !out.status.success() {
            return Err(failed("running the harness"));
        }
        let numbers = |l: &str| l.split_whitespace().map(|w| w.parse::<u64>().ok()).collect::<Option<Vec<u64>>>();
        let result = text.lines().find_map(|l| l.strip_prefix("RESULT ")).and_then(numbers);
        let Some([cycles, mismatches]) = result.as_deref().and_then(|r| <[u64; 2]>::try_from(r).ok()) else {
            return Err(failed("the harness printed no RESULT line"));
        };
        let first = text.lines().find_map(|l| l.strip_prefix("MISMATCH ")).and_then(numbers).and_then(|v| {
            let (cycle, got) = v.split_first()?;
            Some((*cycle as usize, got.to_vec()))
        });
        Ok(Outcome { cycles: cycles as usize, mismatches: mismatches as usize, first })
    }

    /// The whole plan in `jobs` processes at once, on stretches of about
    /// equal length that each begin at power-on ([`Plan::stretches`]).
    pub fn run_all<M: Machine>(&self, plan: &Plan<M>, jobs: usize) -> Result<Outcome, ToolError> {
        let cuts = plan.stretches(jobs);
        let outcomes: Vec<Result<Outcome, ToolError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = cuts.windows(2).map(|w| scope.spawn(move || self.run(w[0], w[1] - w[0]))).collect();
            handles.into_iter().map(|h| h.join().expect("a harness thread panicked")).collect()
        });
        let mut all = Outcome::default();
        for o in outcomes {
            let o = o?;
            all.cycles += o.cycles;
            all.mismatches += o.mismatches;
            if all.first.is_none() {
                all.first = o.first;
            }
        }
        Ok(all)
    }
}
