//! The `equiv` level: the hardware levels proven equal to one another with
//! yosys ([`crate::flow::yosys::equivalence`]) where enumeration ends.
//!
//! - `netlist=verilog`: the `synth_ice40` netlist equal to the generated
//!   Verilog.
//! - `bitstream=netlist`: the placed-and-routed bitstream, read back by
//!   icebox_vlog, equal to the netlist it was placed from (the bitstream
//!   the `bitstream` levels simulate).
//!
//! Each pair is proven (every cycle of every input sequence from power-on),
//! refuted (with an input sequence from power-on that makes an output
//! differ), or not closed (the reason, and how many cycles from power-on a
//! bounded check covered).

use crate::flow::icebox_vlog;
use crate::flow::yosys::{self, ProofOutcome, Synthesis};
use crate::layout::Places;
use crate::levels::hdl::{Chip, Made};
use crate::sources::Sources;
use crate::Machine;
use std::time::Instant;

/// How many cycles from power-on the bounded check covers where a proof
/// does not close.
pub const BOUND: usize = 20;

/// The two pairs of a machine's levels, as their rows name them.
pub(crate) const NETLIST_PAIR: &str = "netlist=verilog";
pub(crate) const BITSTREAM_PAIR: &str = "bitstream=netlist";

/// One pair's result, a line of `verify --level equiv`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProofReport {
    /// The machine's name (or what else the pairs belong to).
    pub machine: String,
    /// Always `equiv`, to tell these lines from the levels' in `--json`.
    pub level: &'static str,
    /// The two designs: `netlist=verilog`, `bitstream=netlist`.
    pub pair: String,
    /// The outcome.
    pub status: ProofStatus,
    /// Wall-clock seconds the pair took.
    pub seconds: f64,
    /// Signals of the same name in both, each proven equal; 0 where ABC
    /// proved the pair first and yosys matched no names ([`prove`]).
    pub matched: usize,
    /// Cycles from power-on the bounded check covered, when it ran.
    pub bound: Option<usize>,
    /// What was proven; the counterexample; why the proof did not close; or
    /// why the pair could not be checked.
    pub detail: String,
}

/// A proof's outcome, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ProofStatus {
    /// Equal in every cycle of every input sequence from power-on.
    #[serde(rename = "proven")]
    Proven,
    /// An input sequence from power-on makes an output differ.
    #[serde(rename = "refuted")]
    Refuted,
    /// The proof did not close: the detail says why, and `bound` what the bounded check covered.
    #[serde(rename = "not closed")]
    NotClosed,
    /// A tool failed: the detail is its output.
    #[serde(rename = "failed")]
    Failed,
    /// A tool is missing.
    #[serde(rename = "skipped")]
    Skipped,
}

impl ProofStatus {
    /// The status as `verify` prints it (and as it is serialised).
    pub fn name(self) -> &'static str {
        match self {
            ProofStatus::Proven => "proven",
            ProofStatus::Refuted => "refuted",
            ProofStatus::NotClosed => "not closed",
            ProofStatus::Failed => "failed",
            ProofStatus::Skipped => "skipped",
        }
    }
}

impl ProofReport {
    /// Refuted or failed: `verify` ends with status 1.
    pub fn bad(&self) -> bool {
        matches!(self.status, ProofStatus::Refuted | ProofStatus::Failed)
    }

    /// The row of `machine`'s `pair` proven (or not) by `result`, started
    /// at `t0`; a missing tool makes it skipped.
    pub fn of(machine: &str, pair: &str, t0: Instant, result: Made<yosys::Equivalence>) -> ProofReport {
        let (status, matched, bound, detail) = match result {
            Ok(e) => {
                let status = match e.verdict {
                    ProofOutcome::Proven => ProofStatus::Proven,
                    ProofOutcome::Refuted => ProofStatus::Refuted,
                    ProofOutcome::NotClosed => ProofStatus::NotClosed,
                };
                (status, e.matched, e.bound, e.detail)
            }
            Err(super::hdl::Why::Missing(tool)) => (ProofStatus::Skipped, 0, None, crate::flow::ToolError::Missing(tool).to_string()),
            Err(why) => (ProofStatus::Failed, 0, None, why.to_string()),
        };
        ProofReport {
            machine: machine.into(),
            level: crate::Level::Equiv.name(),
            pair: pair.into(),
            status,
            seconds: t0.elapsed().as_secs_f64(),
            matched,
            bound,
            detail,
        }
    }
}

/// One pair of a machine's levels proven equal, ABC first
/// ([`yosys::equivalence_abc_first`], in clock cycles): on every machine
/// yosys's `equiv_simple`, tried first before issue 58, never closed (a
/// register renamed by synthesis, or told apart at power-on) and every
/// pair was proven by ABC's `dprove`, after some 107 s of yosys's attempts
/// in all (docs/performance.md, "Stop 68"). Where ABC reaches no verdict,
/// yosys's passes and the bounded check follow as before. The row's
/// signal count is then 0: yosys matched no names.
pub fn prove(pair: &str, gold: (&Sources, &str), gate: (&Sources, &str), dir: &std::path::Path) -> Result<yosys::Equivalence, crate::flow::ToolError> {
    prove_in(pair, gold, gate, yosys::Time::Cycles, dir)
}

/// [`prove`] with time taken as `time` says (in steps for a design of
/// several clocks: [`crate::Places::steps`]).
pub fn prove_in(
    pair: &str,
    gold: (&Sources, &str),
    gate: (&Sources, &str),
    time: yosys::Time,
    dir: &std::path::Path,
) -> Result<yosys::Equivalence, crate::flow::ToolError> {
    yosys::equivalence_abc_first(pair, gold, gate, BOUND, time, dir)
}

/// A machine's pairs, from the netlists the other levels made.
pub fn machine<M: Machine>(places: &Places, ice40: &Made<Synthesis>, chip: &Made<Chip>) -> Vec<ProofReport> {
    let t0 = Instant::now();
    let not_closed = |pair: &str, why: &str| ProofReport {
        machine: M::NAME.into(),
        level: crate::Level::Equiv.name(),
        pair: pair.into(),
        status: ProofStatus::NotClosed,
        seconds: 0.0,
        matched: 0,
        bound: None,
        detail: format!("not tried: {why}"),
    };
    let gold = places.verilog(M::MODULE);
    // A latch in steps: the iCE40 netlist holds it as a loop of LUTs. A
    // loop of one LUT is cut as the netlist's bitsim cuts it (a register
    // of the step before, which is clk2fflogic's latch); a loop left, or
    // the bitstream's (across a LUT and its tile's wiring), no prover takes.
    if let Some(why) = places.latch_loops() {
        let cut = ice40.clone().and_then(|synth| {
            let d = places.dir("equiv-netlist")?;
            let cells = yosys::ice40_cells(&d)?;
            Ok(yosys::cut_latch_loops(&Sources::files(&[&synth.netlist, &cells]), M::MODULE, &d)?.map(|cut| (cut, d)))
        });
        let netlist = match cut {
            Ok(None) => not_closed(NETLIST_PAIR, &why),
            Ok(Some((cut, d))) => {
                let proof = prove_in(NETLIST_PAIR, (&gold, M::MODULE), (&Sources::files(&[&cut]), M::MODULE), places.time(), &d);
                ProofReport::of(M::NAME, NETLIST_PAIR, t0, proof.map_err(Into::into))
            }
            Err(e) => ProofReport::of(M::NAME, NETLIST_PAIR, t0, Err(e)),
        };
        return vec![netlist, not_closed(BITSTREAM_PAIR, &why)];
    }
    let netlist = ice40.clone().and_then(|synth| {
        let d = places.dir("equiv-netlist")?;
        let cells = yosys::ice40_cells(&d)?;
        Ok(prove_in(NETLIST_PAIR, (&gold, M::MODULE), (&Sources::files(&[&synth.netlist, &cells]), M::MODULE), places.time(), &d)?)
    });
    let mut reports = vec![ProofReport::of(M::NAME, NETLIST_PAIR, t0, netlist)];
    let t0 = Instant::now();
    let bitstream = chip.clone().and_then(|chip| {
        let d = places.dir("equiv-bitstream")?;
        let cells = yosys::ice40_cells(&d)?;
        let bundled = icebox_vlog::bundle_ports(&chip.verilog, M::MODULE, &d)?;
        Ok(prove_in(BITSTREAM_PAIR, (&Sources::files(&[&chip.netlist, &cells]), M::MODULE), (&Sources::from(&bundled), M::MODULE), places.time(), &d)?)
    });
    reports.push(ProofReport::of(M::NAME, BITSTREAM_PAIR, t0, bitstream));
    reports
}

/// The proofs as a table.
pub fn table(reports: &[ProofReport]) -> String {
    let rows: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            let detail = r.detail.lines().next().unwrap_or("").to_string();
            let matched = if r.matched == 0 { "-".to_string() } else { r.matched.to_string() };
            vec![r.machine.clone(), r.pair.clone(), r.status.name().to_string(), matched, format!("{:.2}", r.seconds), detail]
        })
        .collect();
    let mut out =
        crate::emitter::report::table(&["machine", "pair", "proof", "signals", "seconds", "detail"], &rows, &[false, false, false, true, true, false]);
    for r in reports.iter().filter(|r| r.status == ProofStatus::Refuted) {
        out.push_str(&format!("\n{} {}: the counterexample, from power-on:\n{}\n", r.machine, r.pair, r.detail));
    }
    if !reports.is_empty() {
        out.push_str(WHAT_PROOFS_PROVE);
    }
    out
}

/// Under the proofs' table: what a proof proves, and what it does not.
pub(crate) const WHAT_PROOFS_PROVE: &str = "\nA proof ties two levels together (one equals the other for every input sequence from power-on); \
it never compares with the model, and a wrong design proves as well as a right one: only the levels' runs compare with the model.";
