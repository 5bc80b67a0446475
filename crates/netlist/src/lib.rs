//! nimforge-netlist: a bit-parallel simulator for the gate-level netlists
//! yosys writes, as BLIF (generic gates) or as `synth_ice40` JSON (iCE40
//! cells). It depends on nothing else of nimforge; `nimforge-verify` runs
//! yosys and hands the files here.
//!
//! - `blif`: the lexer (logos) and parser to a plain model of nets by name.
//! - `graph`: the combinational cells as a petgraph graph, checked for
//!   undriven nets, double drivers and loops, put in topological order and
//!   compiled to a flat list of ops over one slot per net.
//! - `sim`: runs that list with every slot a `u64`: 64 independent vectors
//!   (lanes) at once; `kernel`: the same list compiled to x86 code;
//!   `lanes`: many runs side by side on every core; `word`: the words of lanes.
//! - `ice40`: the iCE40 cells' models; `json`: the `synth_ice40` JSON reader.
//!
//! ```ignore
//! let net = Netlist::from_file(&blif)?;
//! let a = net.input_port("a")?;
//! let mut sim = Sim::new(&net);
//! sim.set_inputs(&a, &values);
//! sim.eval();
//! sim.clock();
//! sim.eval();
//! ```

pub mod blif;
#[doc(hidden)]
pub mod fuzz;
pub mod graph;
pub mod ice40;
pub mod json;
pub mod kernel;
pub mod lanes;
pub mod sim;
pub mod word;

pub use graph::{Op, Program};
pub use sim::{Sim, Wide, Word};

use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What is wrong with a netlist; each says what to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetlistError {
    /// Text that is not a BLIF token.
    Lex {
        /// The line it is on, counting from 1.
        line: usize,
        /// The text, up to the next whitespace.
        text: String,
    },
    /// Tokens in an order BLIF does not allow.
    Parse {
        /// The statement's first line, counting from 1; 0 when there is none (a JSON netlist).
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// A `.subckt` or `.gate` of a cell type the simulator does not know.
    UnknownCell {
        /// The statement's first line, counting from 1.
        line: usize,
        /// The cell type.
        name: String,
    },
    /// A net that is read but driven by nothing and not an input.
    Undriven {
        /// The net's name.
        net: String,
    },
    /// A net with more than one driver (an input, a `.names`, a `.latch`).
    MultipleDrivers {
        /// The net's name.
        net: String,
    },
    /// A combinational loop: the output nets of the cells in it.
    Loop {
        /// The cells' output nets.
        cells: Vec<String>,
    },
    /// No input or output named so.
    NoPort {
        /// The name asked for (a bit of a bus as `name[i]`).
        name: String,
    },
    /// The compiled kernel could not be made (the assembler or the memory
    /// mapping refused); the interpreter runs the netlist instead.
    Kernel(String),
    /// The file could not be read.
    Io {
        /// The file.
        path: String,
        /// The system's error, as text.
        error: String,
    },
}

impl fmt::Display for NetlistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetlistError::Lex { line, text } => write!(
                f,
                "line {line}: '{text}' is not BLIF (a net name, a 0/1/- cover row or a known .directive); \
                 write the file with yosys write_blif"
            ),
            NetlistError::Parse { line: 0, what } => write!(f, "{what}"),
            NetlistError::Parse { line, what } => write!(f, "line {line}: {what}"),
            NetlistError::UnknownCell { line, name } => write!(
                f,
                "line {line}: cell type {name} is not a generic gate; \
                 re-synthesise with the generic script (crates/flow/templates/blif.ys.j2)"
            ),
            NetlistError::Undriven { net } => {
                write!(f, "net {net} is read but nothing drives it; drive it or list it in .inputs")
            }
            NetlistError::MultipleDrivers { net } => write!(f, "net {net} has more than one driver (input, .names or .latch); give each net exactly one"),
            NetlistError::Loop { cells } => write!(f, "combinational loop through the cells driving {}; break it with a flip-flop", cells.join(", ")),
            NetlistError::NoPort { name } => write!(f, "no port {name}: check the name against .inputs/.outputs (yosys writes vector bits as {name}[i])"),
            NetlistError::Kernel(why) => write!(f, "the compiled kernel could not be made: {why}"),
            NetlistError::Io { path, error } => write!(f, "reading {path}: {error}; check the path"),
        }
    }
}

impl std::error::Error for NetlistError {}

/// A compiled netlist: its ports and the program the simulator runs.
#[derive(Clone, Debug)]
pub struct Netlist {
    /// Its kernels, one per word size, compiled on first use.
    kernels: Kernels,
    /// The `.model` name.
    pub model: String,
    input_names: Vec<String>,
    output_names: Vec<String>,
    /// The Q nets of latches without init 0 or 1.
    unknown_inits: Vec<String>,
    pub(crate) program: Program,
}

impl Netlist {
    /// Parses and compiles BLIF text.
    pub fn from_blif(text: &str) -> Result<Netlist, NetlistError> {
        Netlist::from_model(blif::parse(text)?)
    }

    /// Parses and compiles the JSON netlist `synth_ice40` writes for
    /// nextpnr: iCE40 cells, through their models in [`ice40`].
    pub fn from_yosys_json(text: &str) -> Result<Netlist, NetlistError> {
        Netlist::from_model(json::parse(text)?)
    }

    fn from_model(model: blif::Model) -> Result<Netlist, NetlistError> {
        let program = graph::compile(&model)?;
        let unknown_inits = model.latches.iter().filter(|l| !l.known_init).map(|l| l.q.clone()).collect();
        Ok(Netlist { kernels: Kernels::default(), model: model.name, input_names: model.inputs, output_names: model.outputs, unknown_inits, program })
    }

    /// Reads, parses and compiles a netlist file: yosys JSON when it ends in
    /// `.json`, else BLIF.
    pub fn from_file(path: &Path) -> Result<Netlist, NetlistError> {
        let text = std::fs::read_to_string(path).map_err(|e| NetlistError::Io { path: path.display().to_string(), error: e.to_string() })?;
        if path.extension().is_some_and(|e| e == "json") {
            Netlist::from_yosys_json(&text)
        } else {
            Netlist::from_blif(&text)
        }
    }

    /// How many input bits (`.inputs`).
    pub fn inputs(&self) -> usize {
        self.input_names.len()
    }

    /// How many output bits (`.outputs`).
    pub fn outputs(&self) -> usize {
        self.output_names.len()
    }

    /// How many flip-flops (`.latch`).
    pub fn latches(&self) -> usize {
        self.program.latches.len()
    }

    /// The Q nets of the latches whose init is not 0 or 1 (2, 3 or none):
    /// [`Sim`] starts them at 0, where Verilog would start them at x.
    pub fn unknown_inits(&self) -> &[String] {
        &self.unknown_inits
    }

    /// The net name of input bit `i`.
    pub fn input_name(&self, i: usize) -> &str {
        &self.input_names[i]
    }

    /// The net name of output bit `i`.
    pub fn output_name(&self, i: usize) -> &str {
        &self.output_names[i]
    }

    /// The compiled program (for counting ops).
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The kernel for words of `word_bytes` bytes, compiled the first time
    /// it is asked for; `None` where the CPU or the word size allows none,
    /// or (it is reported once) when compiling failed, so the interpreter
    /// runs.
    pub fn kernel(&self, word_bytes: usize) -> Option<Arc<kernel::Kernel>> {
        let mut made = self.kernels.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, k)) = made.iter().find(|(w, _)| *w == word_bytes) {
            return k.clone();
        }
        let k = match kernel::Kernel::compile(&self.program, word_bytes) {
            Some(Ok(k)) => Some(Arc::new(k)),
            Some(Err(e)) => {
                eprintln!("the netlist's kernel did not compile ({e}); the interpreter runs it");
                None
            }
            None => None,
        };
        made.push((word_bytes, k.clone()));
        k
    }

    /// The input indices of port `name`, bit 0 first.
    pub fn input_port(&self, name: &str) -> Result<Vec<usize>, NetlistError> {
        port(&self.input_names, name)
    }

    /// The output indices of port `name`, bit 0 first.
    pub fn output_port(&self, name: &str) -> Result<Vec<usize>, NetlistError> {
        port(&self.output_names, name)
    }

    /// The net name of flip-flop `i` (its Q), in `.latch` order.
    pub fn latch_name(&self, i: usize) -> &str {
        &self.program.nets[self.program.latches[i].q as usize]
    }

    /// Which flip-flops (in `.latch` order) can ever change output bits
    /// `outputs` ([`Program::cone_of`]).
    pub fn latches_seen_by(&self, outputs: &[usize]) -> Vec<bool> {
        let slots: Vec<u32> = outputs.iter().map(|&o| self.program.outputs[o]).collect();
        self.program.cone_of(&slots)
    }
}

/// The kernels compiled for a netlist, shared by its copies.
#[derive(Clone, Default)]
struct Kernels(Arc<Mutex<Vec<(usize, Option<Arc<kernel::Kernel>>)>>>);

impl fmt::Debug for Kernels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kernels")
    }
}

/// The indices of `name` (one bit) or `name[0]`, `name[1]`, ... in `nets`.
fn port(nets: &[String], name: &str) -> Result<Vec<usize>, NetlistError> {
    if let Some(i) = nets.iter().position(|n| n == name) {
        return Ok(vec![i]);
    }
    let mut bits: Vec<(usize, usize)> = nets.iter().enumerate().filter_map(|(i, n)| Some((bit_of(n, name)?, i))).collect();
    bits.sort();
    if bits.is_empty() {
        return Err(NetlistError::NoPort { name: name.to_string() });
    }
    if let Some(missing) = bits.iter().enumerate().find(|(k, (bit, _))| k != bit).map(|(k, _)| k) {
        return Err(NetlistError::NoPort { name: format!("{name}[{missing}]") });
    }
    Ok(bits.into_iter().map(|(_, i)| i).collect())
}

/// `Some(3)` for `name[3]`.
fn bit_of(net: &str, name: &str) -> Option<usize> {
    net.strip_prefix(name)?.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

#[cfg(test)]
mod tests;
