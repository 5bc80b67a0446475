//! ABC (yosys's copy, `yosys-abc`): `dprove` on a miter written by yosys
//! ([`super::yosys::miter_aiger`]): bounded model checking from power-on,
//! then induction, so the miter's output is 0 in every cycle of every
//! input sequence, or a counterexample.

use super::{budget, Tool, ToolError};
use std::path::Path;

/// ABC as yosys ships it (`yosys-abc`).
pub const ABC: Tool = Tool::new("yosys-abc");

/// Proves every output of the AIGER miter `aig` constant 0; the seconds
/// ABC took. A refutation or anything else is `ToolError::Failed` with
/// ABC's output.
pub fn dprove(aig: &Path, dir: &Path) -> Result<f64, ToolError> {
    let t0 = std::time::Instant::now();
    let script = format!("read {}; print_stats; dprove", aig.display());
    let out = ABC.run(&["-c", &script], dir, "proving the miter with ABC dprove")?;
    let seconds = t0.elapsed().as_secs_f64();
    if closed(&out) {
        Ok(seconds)
    } else {
        Err(ToolError::Failed { tool: ABC, what: verdict_failed(&out).into(), output: out })
    }
}

/// Whether `dprove`'s output (after whatever ran before it) is a proof:
/// "Networks are equivalent" where its induction closed, or an
/// `UNSATISFIABLE` line where its first step, a combinational check with
/// the latches as free inputs, closed it, or where nothing was left of the
/// latches and it ran CEC ("The network has no latches. Running CEC.").
/// Where its combinational check is satisfiable it prints nothing and goes
/// on to its sequential steps.
fn closed(out: &str) -> bool {
    out.contains("Networks are equivalent") || out.lines().any(|l| l.trim_start().starts_with("UNSATISFIABLE"))
}

/// Why a proof did not succeed, from ABC's output.
fn verdict_failed(out: &str) -> &'static str {
    let upper = out.to_uppercase();
    if upper.contains("NOT EQUIVALENT") || out.contains("was asserted in frame") || out.lines().any(|l| l.trim_start().starts_with("SATISFIABLE")) {
        "ABC found the two differ"
    } else {
        "ABC reached no verdict"
    }
}

/// How much CPU time ABC's `&scorr` may take on a miter before the provers
/// go on without it: on most miters it takes seconds, but on one of the
/// machines' wrapper miters (die18's bitstream) `&scorr -F 2` ran for
/// more than 21 minutes (docs/performance.md, "Stop 74").
pub const SCORR_CAP: std::time::Duration = std::time::Duration::from_secs(60);

/// One of ABC's reductions of a miter before its proof: the signals that
/// correspond merged, each found by simulation from the registers' initial
/// values and proven by one step of induction (sound: the classes hold at
/// power-on and by induction; a class its SAT solver cannot decide within
/// its conflict limit is split, not merged).
struct Reduction {
    /// As the proof's words name it.
    name: &'static str,
    /// ABC's commands, between reading the miter and writing it.
    commands: &'static str,
    /// The file it writes in the proof's directory.
    file: &'static str,
    /// How much CPU time it may take ([`budget::within_cpu`]).
    cap: std::time::Duration,
}

/// The check's reductions, in order ([`prove_miter`]). `scorr -l` merges
/// registers alone, `&scorr` registers and the logic between them.
/// `scorr -l` goes first, on the miter as written: where the registers of
/// the two designs correspond one to one, `&scorr` is swamped by candidate
/// classes of logic its simulation never told apart, and once it has run
/// `scorr -l` merges nothing more. Measured (docs/check-corpus.md,
/// "Register correspondence"): logikbench's hmac behind its bus host against
/// itself written again by yosys (9,954 latches in the miter), `&scorr`
/// left 9,347 after 2 minutes, `scorr -l` none in 40 s; i2c against its
/// rewrite (14,244), `scorr -l` none in 115 s, where `&scorr` left 12,025
/// in 31 s and `scorr -l` after it merged none.
const REDUCTIONS: [Reduction; 2] = [
    Reduction { name: "scorr -l", commands: "scorr -l", file: "scorr_l.aig", cap: SCORR_L_CAP },
    Reduction { name: "&scorr", commands: "&get -n; &scorr; &put", file: "scorr.aig", cap: SCORR_CAP },
];

/// How much CPU time `scorr -l` may take before the provers go on without
/// it: on logikbench's i2c against its rewrite (14,244 latches in the
/// miter) it leaves none after 115 s on one 2-core host and 175 s on
/// another, both quiet (docs/check-corpus.md, "A cap in CPU time").
pub const SCORR_L_CAP: std::time::Duration = std::time::Duration::from_secs(240);

/// The miter `aig` reduced by `step` as `dir/<step.file>`, and the
/// registers left in it; none where ABC does not finish within its cap.
fn reduced(aig: &Path, dir: &Path, step: &Reduction) -> Option<(std::path::PathBuf, Option<usize>)> {
    let out = dir.join(step.file);
    let script = format!("read {}; {}; print_stats; write_aiger {}", aig.display(), step.commands, out.display());
    let what = format!("merging the miter's corresponding signals with ABC {}", step.name);
    let said = budget::within_cpu(step.cap, || ABC.run(&["-c", &script], dir, &what)).ok()?;
    out.is_file().then(|| (out, latches(&said)))
}

/// The registers in the last network ABC's `print_stats` described
/// ("i/o = 51/ 1  lat = 9347  and = ...").
fn latches(out: &str) -> Option<usize> {
    let rest = &out[out.rfind("lat =")? + "lat =".len()..];
    rest.split_whitespace().next()?.parse().ok()
}

/// How much CPU time the check's ABC proof (`prove_miter`) gives `scorr -F 2; dprove` before
/// `dprove` goes alone: every proof of the machines closes so within 25 s
/// on a quiet 2-core host, where `dprove` alone took 90 s and 117 s on two
/// of them in a CI run (the learning machine's and Wilson's wrappers,
/// docs/performance.md, "Stop 90"); on a miter of many registers `scorr -F 2` takes minutes
/// where `dprove` alone closes sooner (i2c_tl's rewrite miter in ticks:
/// 196 s against 55 s).
pub const SCORR_F2_CAP: std::time::Duration = std::time::Duration::from_secs(60);

/// Proves every output of the AIGER miter `aig` constant 0 as
/// [`dprove`] does, after merging the signals that correspond: first by
/// ABC's [`REDUCTIONS`] (`scorr -l`, then `&scorr` where registers are
/// left), then by `scorr -F 2` (two steps of induction) on what is left;
/// where that is not done within [`SCORR_F2_CAP`], by `dprove` alone on
/// what the reductions left. On designs with many registers `dprove`
/// alone can stop undecided where this reduces the miter to nothing and
/// leaves a combinational check: logikbench's spi against its rewrite
/// (22,683 latches in the miter, in steps) is reduced to nothing by
/// `&scorr` in 10 s, where `scorr -F 2` had not finished after minutes
/// (issue 56). The route that closed it, as "ABC (scorr -l, &scorr, scorr
/// -F 2, dprove)", a reduction cut at its cap left out; each is a proof,
/// so which one closes changes no verdict.
pub(crate) fn prove_miter(aig: &Path, dir: &Path) -> Result<String, ToolError> {
    let (mut aig, mut route, mut left) = (aig.to_path_buf(), Vec::new(), None);
    for step in &REDUCTIONS {
        if left == Some(0) {
            break;
        }
        if let Some((out, latches)) = reduced(&aig, dir, step) {
            (aig, left) = (out, latches);
            route.push(step.name);
        }
    }
    let by_route = |last: &[&str]| format!("ABC ({})", route.iter().chain(last).copied().collect::<Vec<_>>().join(", "));
    let script = format!("read {}; print_stats; scorr -F 2; print_stats; dprove", aig.display());
    match budget::within_cpu(SCORR_F2_CAP, || ABC.run(&["-c", &script], dir, "proving the miter with ABC (scorr -F 2, dprove)")) {
        Ok(out) => {
            return match closed(&out) {
                true => Ok(by_route(&["scorr -F 2", "dprove"])),
                false => Err(ToolError::Failed { tool: ABC, what: verdict_failed(&out).into(), output: out }),
            };
        }
        // Cut at the cap, with budget left: `dprove` alone.
        Err(ToolError::Failed { .. }) if !super::out_of_time() && !budget::stopped() => {}
        Err(e) => return Err(e),
    }
    dprove(&aig, dir).map(|_| by_route(&["dprove"]))
}

/// Proves every output of the AIGER miter `aig` constant 0 by property
/// directed reachability (`pdr`, from the latches' reset values: the same
/// power-on as [`dprove`]), where `dprove`'s induction does not close. The
/// seconds ABC took; a refutation or anything else is
/// `ToolError::Failed` with ABC's output.
pub fn pdr(aig: &Path, dir: &Path) -> Result<f64, ToolError> {
    let t0 = std::time::Instant::now();
    let script = format!("read {}; print_stats; pdr", aig.display());
    let out = ABC.run(&["-c", &script], dir, "proving the miter with ABC pdr")?;
    let seconds = t0.elapsed().as_secs_f64();
    if out.contains("Property proved") {
        Ok(seconds)
    } else {
        Err(ToolError::Failed { tool: ABC, what: verdict_failed(&out).into(), output: out })
    }
}

/// The frame (from 0, a clock cycle each) in which ABC found the miter's
/// output 1 ("was asserted in frame N"), when it found one.
pub fn asserted_frame(out: &str) -> Option<usize> {
    let rest = &out[out.find("was asserted in frame ")? + "was asserted in frame ".len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::closed;

    // ABC's own words (yosys-abc of Debian's yosys 0.23), each from a
    // small AIGER miter run by hand.

    /// `dprove` on a miter whose output is 0 for any latch values (`a &
    /// (b | c)` against `a & b | a & c`): its first step closes it.
    #[test]
    fn a_combinational_proof_by_dprove_is_closed() {
        let out = "t : i/o = 2/ 1 lat = 3 and = 8 lev = 4\nUNSATISFIABLE  Time =     0.01 sec\n";
        assert!(closed(out));
    }

    /// The same after `scorr -F 2` where latches are left: the check's
    /// proof took it for no verdict when it asked for "Running CEC" too.
    #[test]
    fn a_combinational_proof_after_scorr_is_closed() {
        let out = "t : i/o = 2/ 1 lat = 3 and = 8 lev = 4\nt : i/o = 2/ 1 lat = 3 and = 8 lev = 4\nUNSATISFIABLE  Time =     0.01 sec\n";
        assert!(closed(out));
    }

    #[test]
    fn a_proof_by_induction_and_by_cec_are_closed() {
        assert!(closed("No output failed in 19 frames.  Time =     0.00 sec\nReached limit on the number of timeframes (20).\nNetworks are equivalent.  Time =     0.00 sec\n"));
        assert!(closed("The network has no latches. Running CEC.\nUNSATISFIABLE  Time =     0.01 sec\n"));
    }

    #[test]
    fn the_registers_left_are_read_from_the_last_print_stats() {
        let out = "miter : i/o =   51/    1  lat = 9828  and = 299752  lev =234\nmiter : i/o =   51/    1  lat = 9347  and = 290121  lev =222\n";
        assert_eq!(super::latches(out), Some(9347));
        assert_eq!(super::latches("aa : i/o = 51/ 1  lat =    0  and =      0  lev =  0"), Some(0));
        assert_eq!(super::latches("Error: Empty network."), None);
    }

    /// A difference, and a run with no verdict, are not proofs.
    #[test]
    fn a_difference_or_no_verdict_is_not_closed() {
        assert!(!closed("Output 0 of miter \"d\" was asserted in frame 1. Time =     0.00 sec\nNetworks are not equivalent.\n"));
        assert!(!closed("SATISFIABLE  Time =     0.01 sec\n"));
        assert!(!closed("t : i/o = 2/ 1 lat = 3 and = 8 lev = 4\n"));
    }
}
