//! Two designs compared: the miters (for ABC, and as BLIF for the walk),
//! `prove_equivalent`'s temporal induction, and [`equivalence`] by yosys's
//! equiv_* passes and ABC, with a bounded check from power-on.

use super::{canonical, reads, run_script, YOSYS};
use crate::flow::{read, tail, write, ToolError};
use crate::sources::Sources;
use askama::Template;
use std::path::{Path, PathBuf};

#[derive(Template)]
#[template(path = "miter_aig.ys.j2", escape = "none")]
struct MiterScript<'a> {
    design: &'a str,
    top: &'a str,
    references: Vec<String>,
    ref_top: &'a str,
}

/// The miter of `design` (top `top`) and the reference (`reference`, top
/// `ref_top`) as `dir/miter.aig`, for ABC ([`crate::flow::abc::dprove`]).
pub fn miter_aiger(design: &Path, top: &str, reference: &[&Path], ref_top: &str, dir: &Path) -> Result<PathBuf, ToolError> {
    let design = canonical(design)?;
    let references = reference.iter().map(|p| canonical(p)).collect::<Result<Vec<_>, _>>()?;
    run_script(&MiterScript { design: &design, top, references, ref_top }, "miter", dir, &format!("writing the miter of {top} and {ref_top}"), None)?;
    Ok(dir.join("miter.aig"))
}

#[derive(Template)]
#[template(path = "prove.ys.j2", escape = "none")]
struct ProveScript<'a> {
    design: &'a str,
    top: &'a str,
    references: Vec<String>,
    ref_top: &'a str,
    max_steps: usize,
}

/// The temporal induction's longest try (`sat -maxsteps`); a two-register
/// pipeline closes at 2.
pub(crate) const PROVE_MAX_STEPS: usize = 8;

/// An equivalence proven by `prove_equivalent`.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The induction length at which the proof closed.
    pub induction: usize,
    /// How long yosys took.
    pub seconds: f64,
    /// The script, `dir/prove.ys`.
    pub script: PathBuf,
    /// yosys's log, `dir/prove.log`.
    pub log: PathBuf,
}

/// Prove `design` (top module `top`) equal to the reference made of the
/// files `reference` (top module `ref_top`, with the same ports): a miter of
/// the two and `sat -tempinduct`, so every output agrees in every cycle of
/// every input sequence from power-on. The script and log are kept in `dir`.
/// A failed proof is `ToolError::Failed` whose output is yosys's
/// counterexample (the cycles and values it found).
pub fn prove_equivalent(design: &Path, top: &str, reference: &[&Path], ref_top: &str, dir: &Path) -> Result<Proof, ToolError> {
    let design = canonical(design)?;
    let references = reference.iter().map(|p| canonical(p)).collect::<Result<Vec<_>, _>>()?;
    let script = ProveScript { design: &design, top, references, ref_top, max_steps: PROVE_MAX_STEPS }.render().expect("template renders");
    write(&dir.join("prove.ys"), &script)?;
    let what = format!("proving {top} equal to {ref_top}");
    let t0 = std::time::Instant::now();
    let run = YOSYS.run(&["-q", "-l", "prove.log", "-s", "prove.ys"], dir, &what);
    let seconds = t0.elapsed().as_secs_f64();
    let log = read(&dir.join("prove.log")).unwrap_or_default();
    match run {
        Ok(_) => match proof_closed(&log) {
            Some(induction) => Ok(Proof { induction, seconds, script: dir.join("prove.ys"), log: dir.join("prove.log") }),
            None => Err(ToolError::Failed {
                tool: YOSYS,
                what: format!("{what}: the log has no closed induction ({})", dir.join("prove.log").display()),
                output: log,
            }),
        },
        Err(ToolError::Failed { tool, output, .. }) => {
            let (why, output) = match counterexample(&log) {
                Some(cex) => ("the proof failed; the counterexample", cex),
                None => ("yosys stopped", output),
            };
            Err(ToolError::Failed { tool, what: format!("{what}: {why} (log: {})", dir.join("prove.log").display()), output })
        }
        Err(e) => Err(e),
    }
}

/// How two designs' time is taken by the scripts that read them
/// (`templates/equiv_read.ys.j2`; docs/command.md, "Clocks").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Time {
    /// In cycles of one rising clock: the clock is no input of the miter,
    /// an asynchronous reset or load is taken at the cycle (`async2sync`).
    Cycles,
    /// In steps: every flip-flop, latch and memory write is logic on one
    /// global step (`clk2fflogic`), every clock an input like any other that
    /// may change at any step, an asynchronous reset acting at the step it
    /// changes. A register takes, at a step where its clock has its edge, the
    /// value its input had at the step before.
    Steps,
    /// The steps of [`Time::Steps`], for a pair whose every register is on
    /// the rising edge of one input clock read nowhere else, some with an
    /// asynchronous reset, and no latch (`templates/ticks.v`): each
    /// register one flip-flop on the global step where `clk2fflogic` makes
    /// three, and the clock input says whether the registers tick: where
    /// it is 1 at a step, each register takes at the next step the value
    /// its input has at this one. Two designs differ in ticks where they
    /// differ in steps: a step of ticks is one of steps with the clock
    /// risen after each tick (and fallen between two ticks in a row).
    Ticks,
}

/// The two designs a proof compares, as the scripts read them
/// (`templates/equiv_read.ys.j2`).
struct Designs<'a> {
    pair: &'a str,
    /// The script's lines that read the gold design ([`reads`]).
    gold: Vec<String>,
    gold_top: &'a str,
    gate: Vec<String>,
    gate_top: &'a str,
    /// Time in cycles of one rising clock (`async2sync`), in steps
    /// (`clk2fflogic`: every clock an input) or in ticks (`ticks.v`, written
    /// beside the script).
    time: Time,
}

impl<'a> Designs<'a> {
    /// The two designs of `pair` as the scripts in `dir` read them, in
    /// `time` (in ticks, its techmap written into `dir`).
    fn new(
        pair: &'a str,
        (gold, gold_top): (&Sources, &'a str),
        (gate, gate_top): (&Sources, &'a str),
        time: Time,
        dir: &Path,
    ) -> Result<Designs<'a>, ToolError> {
        if time == Time::Ticks {
            crate::files::create_dir_all(dir)?;
            write(&dir.join("ticks.v"), include_str!("../../../templates/ticks.v"))?;
        }
        Ok(Designs { pair, gold: reads(gold, gold_top)?, gold_top, gate: reads(gate, gate_top)?, gate_top, time })
    }
}

#[derive(Template)]
#[template(path = "equiv.ys.j2", escape = "none")]
struct EquivScript<'a> {
    d: &'a Designs<'a>,
    seq: usize,
    induct: bool,
}

#[derive(Template)]
#[template(path = "equiv_aig.ys.j2", escape = "none")]
struct EquivAigScript<'a> {
    d: &'a Designs<'a>,
}

#[derive(Template)]
#[template(path = "bounded.ys.j2", escape = "none")]
struct BoundedScript<'a> {
    d: &'a Designs<'a>,
    bound: usize,
}

#[derive(Template)]
#[template(path = "miter_blif.ys.j2", escape = "none")]
struct MiterBlifScript<'a> {
    d: &'a Designs<'a>,
}

/// Two designs (`gold`, `gate`: each its sources and top module, the two
/// with the same ports) as one miter in a generic gate-level BLIF
/// (`templates/miter_blif.ys.j2`): `dir/miter.blif`, its inputs `in_<port>`,
/// its output `trigger`; in steps where `time` says so (each clock one of
/// the inputs).
pub fn miter_blif((gold, gold_top): (&Sources, &str), (gate, gate_top): (&Sources, &str), time: Time, dir: &Path) -> Result<PathBuf, ToolError> {
    let designs = Designs::new("gate=gold", (gold, gold_top), (gate, gate_top), time, dir)?;
    run_script(&MiterBlifScript { d: &designs }, "miter_blif", dir, &format!("writing the miter of {gold_top} and {gate_top}"), None)?;
    Ok(dir.join("miter.blif"))
}

/// The shortest difference of two designs within `bound` cycles (or steps,
/// where `time` says so) from power-on: the bounded check of
/// `templates/bounded.ys.j2` alone, which goes cycle by cycle and stops at
/// the first in which an output can differ. Its log, `dir/bounded.log`,
/// shows the inputs (`FAIL!` and a table by cycle) or says none was found
/// (`SUCCESS!`); `dir` is made if it is not there. Yosys's solver is deterministic, so the same two designs
/// give the same input sequence whatever `bound` beyond it: `nimforge
/// check` returns this one whichever of its engines found a difference
/// first (issue 56).
pub fn shortest_difference(
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    time: Time,
    bound: usize,
    dir: &Path,
) -> Result<String, ToolError> {
    std::fs::create_dir_all(dir).map_err(|error| ToolError::Io { what: format!("creating {}", dir.display()), error })?;
    let designs = Designs::new("b=a", (gold, gold_top), (gate, gate_top), time, dir)?;
    bounded_log(&designs, bound, dir, &format!("finding the shortest difference of {gold_top} and {gate_top}"))
}

/// The bounded check of `designs` (`templates/bounded.ys.j2`) to `bound`
/// cycles, run in `dir`: its log, `dir/bounded.log`. `what`: what the check
/// is for, in a failure's line.
fn bounded_log(designs: &Designs, bound: usize, dir: &Path, what: &str) -> Result<String, ToolError> {
    run_script(&BoundedScript { d: designs, bound }, "bounded", dir, what, None)?;
    read(&dir.join("bounded.log"))
}

/// How many cycles `equiv_simple` and `equiv_induct` look back.
pub const EQUIV_SEQ: usize = 5;

/// What a proof of two designs' equality found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofOutcome {
    /// Equal in every cycle of every input sequence from power-on.
    Proven,
    /// An input sequence from power-on makes an output differ.
    Refuted,
    /// Neither: no prover closed and the bounded check from power-on found
    /// no difference within its bound.
    NotClosed,
}

/// The result of [`equivalence`].
#[derive(Clone, Debug)]
pub struct Equivalence {
    /// Proven, refuted or not closed.
    pub verdict: ProofOutcome,
    /// How many signals of the same name the two share (`$equiv` cells).
    pub matched: usize,
    /// Proven: what was proven; refuted: the counterexample, cycle by cycle;
    /// not closed: why, and the bound reached.
    pub detail: String,
    /// The cycles the bounded check covered from power-on, when it ran.
    pub bound: Option<usize>,
    /// Wall-clock time from the start of [`equivalence`] to the verdict, in seconds.
    pub seconds: f64,
}

/// Prove `gate` equal to `gold` (each its [`Sources`] and its top
/// module), by yosys's equiv_* passes (`templates/equiv.ys.j2`): every signal of
/// the same name (the ports, the registers, named nets) agrees at power-on
/// under every input (the base case, with every register at its initial
/// value), and agrees whenever it agreed in the last [`EQUIV_SEQ`] cycles
/// (the induction). Both give equality in every cycle of every input
/// sequence. The provers in turn, the cheap first: yosys's `equiv_simple`
/// (each signal from the others); ABC's `dprove` on a miter of the outputs
/// (`templates/equiv_aig.ys.j2`; it finds corresponding registers by itself, so
/// it closes where the tools renamed the state); yosys's `equiv_induct`
/// (every signal left, all together; minutes on a large design where a
/// signal is not provable). Where none proves it, a bounded check from power-on (`templates/bounded.ys.j2`, yosys's `sat`
/// on the miter, cycle by cycle up to `bound`) either finds an input sequence that makes an output
/// differ (refuted, with it) or says how far it reached (not closed). A netlist of
/// iCE40 cells comes with their models ([`ice40_cells`](super::ice40_cells)) among its files.
/// Scripts and logs are kept in `dir`.
pub fn equivalence(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    dir: &Path,
) -> Result<Equivalence, ToolError> {
    equivalence_in_turn(pair, (gold, gold_top), (gate, gate_top), bound, dir, (false, Time::Cycles))
}

/// [`equivalence`] with ABC first, for two designs a user wrote (`nimforge
/// check`), where yosys's `equiv_simple` can take minutes over signals
/// that are not provable by name and ABC answers in a second: ABC's
/// `dprove` (after `scorr -l`, `&scorr` and `scorr -F 2`), then its `pdr` (both from the same
/// power-on, the AIGER latches' reset values), then yosys's passes as
/// [`equivalence`] has them. Where ABC finds the two differ in frame N,
/// the bounded check runs to N + 1 cycles (at least `bound`) to give the
/// input sequence. The two are taken in `time` (in steps, a cycle of the
/// provers' is a step).
pub fn equivalence_abc_first(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    time: Time,
    dir: &Path,
) -> Result<Equivalence, ToolError> {
    equivalence_in_turn(pair, (gold, gold_top), (gate, gate_top), bound, dir, (true, time))
}

/// [`equivalence`], ABC first when `abc_first`, in `time`.
fn equivalence_in_turn(
    pair: &str,
    (gold, gold_top): (&Sources, &str),
    (gate, gate_top): (&Sources, &str),
    bound: usize,
    dir: &Path,
    (abc_first, time): (bool, Time),
) -> Result<Equivalence, ToolError> {
    let t0 = std::time::Instant::now();
    crate::files::create_dir_all(dir)?;
    let designs = Designs::new(pair, (gold, gold_top), (gate, gate_top), time, dir)?;
    let equiv = |induct: bool| -> Result<(bool, usize, usize, String), ToolError> {
        let name = if induct { "equiv_induct" } else { "equiv" };
        run_script(&EquivScript { d: &designs, seq: EQUIV_SEQ, induct }, name, dir, &format!("proving {pair} for {gold_top}"), None)?;
        let log_name = format!("{name}.log");
        let log = read(&dir.join(&log_name))?;
        let read_back = |what: &str| ToolError::Failed { tool: YOSYS, what: format!("reading {}: {what}", dir.join(&log_name).display()), output: log.clone() };
        let section = |from: &str, to: Option<&str>| -> Option<String> {
            let rest = &log[log.find(from)?..];
            Some(match to.and_then(|t| rest.find(t)) {
                Some(end) => rest[..end].to_string(),
                None => rest.to_string(),
            })
        };
        let base = section("NIMFORGE-BASE", Some("NIMFORGE-INDUCTION")).ok_or_else(|| read_back("no base case"))?;
        let status = section("NIMFORGE-STATUS", None).ok_or_else(|| read_back("no equiv_status"))?;
        let (proven, unproven) = equiv_counts(&status).ok_or_else(|| read_back("no count of $equiv cells"))?;
        Ok((base.contains("SUCCESS!"), proven, unproven, status))
    };
    let proven_by_yosys = |base_holds: bool, matched: usize, unproven: usize, how: &str| {
        (base_holds && unproven == 0 && matched > 0).then(|| Equivalence {
            verdict: ProofOutcome::Proven,
            matched,
            detail: format!("{matched} signals matched by name, equal from power-on (base case) and by induction over {EQUIV_SEQ} cycles ({how})"),
            bound: None,
            seconds: t0.elapsed().as_secs_f64(),
        })
    };
    // ABC on a miter of the outputs: dprove after merging the registers
    // that correspond (it needs no names), and where that reaches no
    // verdict and ABC goes first, pdr.
    let abc = || -> Result<Result<String, (String, String)>, ToolError> {
        run_script(&EquivAigScript { d: &designs }, "equiv_aig", dir, &format!("writing the miter of {pair} for {gold_top}"), None)?;
        let failed = match crate::flow::abc::prove_miter(&dir.join("miter.aig"), dir) {
            Ok(how) => return Ok(Ok(how)),
            Err(ToolError::Failed { what, output, .. }) => (what, output),
            Err(e) => return Err(e),
        };
        if !abc_first || failed.0.contains("differ") {
            return Ok(Err(failed));
        }
        match crate::flow::abc::pdr(&dir.join("miter.aig"), dir) {
            Ok(_) => Ok(Ok("ABC pdr".to_string())),
            Err(ToolError::Failed { what, output, .. }) => Ok(Err((what, output))),
            Err(e) => Err(e),
        }
    };
    let bounded = |bound: usize| bounded_log(&designs, bound, dir, &format!("checking {pair} for {gold_top} from power-on"));
    let first = if abc_first { Some(abc()?) } else { None };
    match &first {
        Some(Ok(how)) => {
            return Ok(Equivalence {
                verdict: ProofOutcome::Proven,
                matched: 0,
                detail: format!("by {how} on a miter of the outputs from power-on"),
                bound: None,
                seconds: t0.elapsed().as_secs_f64(),
            })
        }
        Some(Err((what, output))) if what.contains("differ") => {
            // The inputs from a bounded check as deep as ABC's difference
            // (issue 59: 20 cycles where ABC needed 3 took 93 s on a
            // crossbar), then at least `bound` deep if that found none.
            let frame = crate::flow::abc::asserted_frame(output);
            let depths = match frame {
                Some(f) if f + 1 < bound => vec![f + 1, bound],
                Some(f) => vec![f + 1],
                None => vec![bound],
            };
            for cycles in depths {
                let log = bounded(cycles)?;
                if let (false, Some(cex)) = (log.contains("SUCCESS!"), counterexample(&log)) {
                    let detail = format!("ABC found the two differ; {cex}");
                    return Ok(Equivalence { verdict: ProofOutcome::Refuted, matched: 0, detail, bound: Some(cycles), seconds: t0.elapsed().as_secs_f64() });
                }
            }
        }
        _ => {}
    }
    let (base_holds, proven, unproven, status) = equiv(false)?;
    let matched = proven + unproven;
    if let Some(e) = proven_by_yosys(base_holds, matched, unproven, "yosys equiv_simple") {
        return Ok(e);
    }
    let why = |base_holds: bool, unproven: usize, status: &str| {
        if matched == 0 {
            "no signal of the same name in both".to_string()
        } else if !base_holds {
            "a matched signal differs at power-on".to_string()
        } else {
            let mut names: Vec<&str> = status
                .lines()
                .filter_map(|l| l.trim().strip_prefix("Unproven $equiv "))
                .filter_map(|l| l.split_whitespace().nth(1))
                .map(|n| n.strip_suffix("_gold").unwrap_or(n))
                .collect();
            names.dedup();
            let shown = names.iter().take(3).copied().collect::<Vec<_>>().join(", ");
            format!("{unproven} of {matched} signals matched by name left unproven: {shown}{}", if names.len() > 3 { ", ..." } else { "" })
        }
    };
    // The second prover: ABC's dprove on a miter of the outputs, which
    // finds corresponding registers by itself (already run, when first).
    let abc = match first.map_or_else(abc, Ok)? {
        Ok(how) => {
            return Ok(Equivalence {
                verdict: ProofOutcome::Proven,
                matched,
                detail: format!("by {how} on a miter of the outputs from power-on (yosys equiv_simple: {})", why(base_holds, unproven, &status)),
                bound: None,
                seconds: t0.elapsed().as_secs_f64(),
            })
        }
        Err(failed) => failed,
    };
    let differ = abc.0.contains("differ");
    // The third: yosys's equiv_induct over every signal left.
    let (base_holds, proven, unproven, status) = if differ { (base_holds, proven, unproven, status) } else { equiv(true)? };
    if let Some(e) = proven_by_yosys(base_holds, proven + unproven, unproven, "yosys equiv_induct") {
        return Ok(e);
    }
    let why = why(base_holds, unproven, &status);
    let log = bounded(bound)?;
    let seconds = t0.elapsed().as_secs_f64();
    if let (false, Some(cex)) = (log.contains("SUCCESS!"), counterexample(&log)) {
        Ok(Equivalence { verdict: ProofOutcome::Refuted, matched, detail: cex, bound: Some(bound), seconds })
    } else if !log.contains("SUCCESS!") {
        Err(ToolError::Failed { tool: YOSYS, what: format!("reading {}: no verdict", dir.join("bounded.log").display()), output: log })
    } else if differ {
        Ok(Equivalence {
            verdict: ProofOutcome::Refuted,
            matched,
            detail: format!(
                "ABC found an input sequence that makes an output differ, longer than the {bound} cycles of the bounded check; ABC's output ends:\n{}",
                tail(&abc.1, 20)
            ),
            bound: Some(bound),
            seconds,
        })
    } else {
        Ok(Equivalence {
            verdict: ProofOutcome::NotClosed,
            matched,
            detail: format!(
                "{why}; ABC ({}) reached no verdict; no output differs in the first {bound} cycles from power-on under any input (yosys sat, cycle by cycle)",
                if abc_first { "scorr -l, &scorr, scorr -F 2, dprove, pdr" } else { "scorr -l, &scorr, scorr -F 2, dprove" }
            ),
            bound: Some(bound),
            seconds,
        })
    }
}

/// "Of those cells P are proven and U are unproven." from `equiv_status`.
fn equiv_counts(status: &str) -> Option<(usize, usize)> {
    let line = status.lines().find_map(|l| l.trim().strip_prefix("Of those cells "))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    Some((words.first()?.parse().ok()?, words.get(4)?.parse().ok()?))
}

/// The induction length of "Induction step proven: SUCCESS!" in a `sat
/// -tempinduct` log.
fn proof_closed(log: &str) -> Option<usize> {
    let mut length = None;
    for line in log.lines() {
        if let Some(rest) = line.trim().strip_prefix("** Trying induction with length ") {
            length = rest.trim_end_matches(" **").trim().parse().ok();
        }
        if line.contains("Induction step proven: SUCCESS!") {
            return length;
        }
    }
    None
}

/// From a failed `sat -verify`: the verdict line ("model found for base
/// case: FAIL!" or "Reached maximum number of time steps") and the table of
/// signals by cycle that follows it, up to yosys's ERROR line, cut to what
/// explains it: the inputs and `trigger` cycle by cycle, and the miter's
/// outputs (`gold_x`, the reference, beside `gate_x`, the design) where the two
/// differ; the initial state only as a note.
fn counterexample(log: &str) -> Option<String> {
    let lines: Vec<&str> = log.lines().collect();
    let start = lines.iter().rposition(|l| l.contains("FAIL!") || l.contains("Reached maximum number of time steps"))?;
    let lines = &lines[start..];
    // A row: time, signal, then its value as decimal, hex and binary.
    let row = |l: &str| -> Option<(String, String, String)> {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.len() >= 3 && f[1].starts_with('\\')).then(|| (f[0].to_string(), f[1][1..].to_string(), f[f.len() - 1].to_string()))
    };
    let value = |time: &str, name: &str| lines.iter().filter_map(|l| row(l)).find(|(t, n, _)| t == time && n == name).map(|(_, _, v)| v);
    let mut out = vec![lines[0].trim().to_string()];
    if lines.iter().any(|l| l.trim_start().starts_with("init ")) {
        out.push("(from power-on: every register at its initial value)".to_string());
    }
    for l in &lines[1..] {
        let t = l.trim_start();
        if t.starts_with("Time ") || t.starts_with("ERROR") {
            out.push(l.trim_end().to_string());
            continue;
        }
        let keep = match row(l) {
            // Yosys's banner, separators, blank lines, what it imported.
            None => false,
            Some((time, _, _)) if time.parse::<usize>().is_err() => false,
            Some((_, name, _)) if name == "trigger" || name == "in_clock" => name == "trigger",
            Some((_, name, _)) if name.starts_with("in_") => true,
            Some((time, name, v)) => match name.split_once('_') {
                Some(("gold", port)) => value(&time, &format!("gate_{port}")).is_some_and(|g| g != v),
                Some(("gate", port)) => value(&time, &format!("gold_{port}")).is_some_and(|g| g != v),
                _ => true,
            },
        };
        if keep {
            out.push(l.trim_end().to_string());
        }
    }
    Some(out.join("\n"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_induction_length_and_the_counterexample() {
        let log = "** Trying induction with length 1 **\nInduction step failed.\n\
                   ** Trying induction with length 2 **\nInduction step proven: SUCCESS!\n";
        assert_eq!(super::proof_closed(log), Some(2));
        assert_eq!(super::proof_closed("** Trying induction with length 1 **\n"), None);
        let log = "Base case for induction length 2 proven.\n\
                   SAT temporal induction proof finished - model found for base case: FAIL!\n\n\
                   Import show expression: \\trigger\n  Time Signal\n\
                   \x20    3 \\gate_after   94  5e  01011110\n\
                   \x20    3 \\gate_found    1   1         1\n\
                   \x20    3 \\gold_after   96  60  01100000\n\
                   \x20    3 \\gold_found    1   1         1\n\
                   \x20    3 \\in_clock      0   0         0\n\
                   \x20    3 \\in_piles$0    7   7  00000111\n\
                   \x20    3 \\trigger       1   1         1\n\
                   ERROR: Called with -verify and proof did fail!\n";
        let cex = super::counterexample(log).unwrap();
        assert!(cex.starts_with("SAT temporal induction proof finished"), "{cex}");
        for kept in ["\\gate_after", "\\gold_after", "\\in_piles$0", "\\trigger", "ERROR"] {
            assert!(cex.contains(kept), "{kept} in {cex}");
        }
        for left in ["Import", "_found", "in_clock"] {
            assert!(!cex.contains(left), "{left} in {cex}");
        }
    }
}
