//! Whole plans in lanes: the bitsim levels (`verilog/bitsim`,
//! `netlist/bitsim`, `bitstream/bitsim`) run a machine's netlist in the
//! bit-parallel simulator ([`nimforge_netlist::lanes`]), 1,024 independent
//! runs side by side in each thread, every output of every lane compared
//! with the oracle after every clock.
//!
//! Two kinds of work:
//!
//! - **Pieces** ([`run_pieces`]): the plan every level replays, cut where
//!   the oracle is back at power-on ([`Plan::pieces`](crate::Plan::pieces)); each piece runs in
//!   a lane from the netlist's own power-on (its latches' init values).
//!   A lane whose piece ends is powered on again and takes the next piece;
//!   at the end, lanes with nothing left idle on "none" and are not
//!   compared.
//! - **The transition search** ([`search`]), for a machine whose reachable
//!   states can be listed: a breadth-first search from power-on of the
//!   pair states, the oracle's state with the netlists' own registers, run
//!   in the netlists themselves. Every reachable pair state is held in a
//!   lane that reached it through real inputs from power-on; it is forked
//!   (its whole register state, every latch, copied into other lanes) and
//!   given every letter once: one clock per (pair state, letter), compared
//!   with the oracle's step. A lane that reaches a pair state not seen
//!   before keeps its registers for the next depth, so state the design
//!   holds and the model lacks is walked too. The oracle's side is done
//!   once for every netlist in the same pass.
//!
//! The rooms: `rows.rs` (packing and the expected rows), `pieces.rs` (the
//! piece runner), `search.rs` (the transition search) and `seen.rs` (its
//! set of pair states).

mod pieces;
mod rows;
mod search;
mod seen;

pub use pieces::run_pieces;
pub(crate) use pieces::run_pieces_in;
pub use rows::{pack, unpack, width, Expected};
pub use search::{search, Reach, Registers, Search};

use crate::{Machine, Port};
use nimforge_netlist::lanes::LaneSim;
use nimforge_netlist::{Netlist, NetlistError, Wide};
use std::sync::atomic::AtomicUsize;

/// The word every lane simulation uses: 1,024 lanes (16 x 64), the best of
/// 256 to 2,048 on the selector benchmark.
pub type W = Wide<16>;
/// How many lanes a thread runs at once.
pub const LANES: usize = 1024;

/// The bit indices of a port in a netlist. yosys writes a vector's bits as
/// `name[i]` and a name with a `$` in it (a rust-hdl array port, `name$i`)
/// as it stands, without Verilog's escaping backslash; the backslash form is
/// tried too, for a netlist written otherwise.
fn port_bits(find: impl Fn(&str) -> Result<Vec<usize>, NetlistError>, port: &Port) -> Result<Vec<usize>, String> {
    let bits = find(port.name).or_else(|e| find(&format!("\\{}", port.name)).map_err(|_| e.to_string()))?;
    if bits.len() != port.width {
        return Err(format!(
            "port {} has {} bits in the netlist and {} in the machine; regenerate generated/ and re-synthesise",
            port.name,
            bits.len(),
            port.width
        ));
    }
    Ok(bits)
}

/// A machine's netlist with its ports found: ready to run in lanes.
pub struct Wired {
    /// The hardware level it stands for (`verilog`, `netlist`, `bitstream`).
    pub level: crate::Hardware,
    /// Run by the interpreter rather than the compiled kernel.
    pub interpreted: bool,
    net: Netlist,
    ins: Vec<usize>,
    outs: Vec<usize>,
}

impl Wired {
    /// Finds `M`'s ports in `net`. Refused: a latch with no init 0 or 1
    /// (it would start at 0 here where Icarus says x), a port the netlist
    /// lacks or of another width, an input that is neither a port nor the
    /// clock.
    pub fn new<M: Machine>(level: crate::Hardware, net: Netlist) -> Result<Wired, crate::Error> {
        if let Some(q) = net.unknown_inits().first() {
            return Err(crate::Error::Design(format!(
                "{} latch(es), the first {q}, have no init value 0 or 1; give the register an initial value",
                net.unknown_inits().len()
            )));
        }
        let mut ins = Vec::new();
        for p in M::inputs() {
            ins.extend(port_bits(|n| net.input_port(n), &p).map_err(crate::Error::Design)?);
        }
        let mut outs = Vec::new();
        for p in M::outputs() {
            outs.extend(port_bits(|n| net.output_port(n), &p).map_err(crate::Error::Design)?);
        }
        let driven: std::collections::HashSet<usize> = ins.iter().copied().collect();
        if let Some(i) = (0..net.inputs()).find(|&i| !driven.contains(&i) && net.input_name(i) != "clock") {
            return Err(crate::Error::Design(format!("netlist input {} is no port of {} and not its clock", net.input_name(i), M::NAME)));
        }
        Ok(Wired { level, interpreted: false, net, ins, outs })
    }

    fn sim(&self) -> LaneSim<W> {
        if self.interpreted {
            LaneSim::with_sim(nimforge_netlist::Sim::interpreted(&self.net), &self.ins, &self.outs)
        } else {
            LaneSim::new(&self.net, &self.ins, &self.outs)
        }
    }

    /// The compiled kernel's size, when the simulation has one.
    pub fn kernel(&self) -> Option<nimforge_netlist::kernel::Size> {
        self.net.kernel(std::mem::size_of::<W>()).map(|k| k.size)
    }

    /// How many flip-flops.
    pub fn latches(&self) -> usize {
        self.net.latches()
    }
}

/// What one netlist's run found.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Lane-cycles compared.
    pub vectors: usize,
    /// Lane-cycles whose outputs differed from the oracle's.
    pub mismatches: usize,
    /// The first mismatch (in plan order): its place, and what it is.
    pub first: Option<(u64, String)>,
    /// The plan's cycle of the first mismatch, when it is one of the
    /// plan's (not the search's).
    pub first_cycle: Option<usize>,
    /// The letters from power-on to the first mismatch, the last the one
    /// whose outputs differed, when the search found it.
    pub first_presses: Option<Vec<usize>>,
}

impl Found {
    /// Adds `other`'s counts to these, keeping the earlier first mismatch.
    pub fn merge(&mut self, other: Found) {
        self.vectors += other.vectors;
        self.mismatches += other.mismatches;
        if let Some((k, s)) = other.first {
            if self.first.as_ref().is_none_or(|(j, _)| k < *j) {
                self.first = Some((k, s));
                self.first_cycle = other.first_cycle;
                self.first_presses = other.first_presses;
            }
        }
    }

    fn note(&mut self, key: u64, what: impl FnOnce() -> String) {
        self.mismatches += 1;
        if self.first.as_ref().is_none_or(|(j, _)| key < *j) {
            self.first = Some((key, what()));
            self.first_cycle = None;
            self.first_presses = None;
        }
    }

    /// [`Found::note`] of the plan's cycle `i`.
    fn note_cycle(&mut self, i: usize, what: impl FnOnce() -> String) {
        let before = self.first.as_ref().map(|f| f.0);
        self.note(i as u64, what);
        if self.first.as_ref().map(|f| f.0) != before {
            self.first_cycle = Some(i);
        }
    }
}

/// How many threads the lanes use: one per core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Progress of a long run: units done out of a total, read by the
/// progress display.
#[derive(Debug, Default)]
pub struct Progress {
    /// Units done so far.
    pub done: AtomicUsize,
    /// Units to do, as far as known.
    pub total: AtomicUsize,
}
