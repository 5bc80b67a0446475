//! A mismatch run again: the presses from power-on that lead to a level's
//! first mismatch ([`Replay`], in every report that has one), run at any
//! level with a VCD of every signal. `verify` writes the VCD of each
//! mismatched level's first mismatch into `build/verify/<machine>/`;
//! `nimforge replay-mismatch REPORT.json` (or [`run`], or
//! [`crate::Project::replay`] on the report a project keeps) runs one again.
//!
//! The `rtl` level records rust-hdl's simulation of the design (a Verilog
//! design has none); `verilog`, `netlist` and `bitstream` run the presses in
//! Icarus on that level's Verilog, netlist or chip (made again), with the
//! testbench's `$dumpvars`: a mismatch found by the bit-parallel engine or
//! Verilator is shown by Icarus at the same level.

use crate::design_source::Source;
use crate::layout::Places;
use crate::levels::hdl;
use crate::report::Replay;
use crate::{Error, Level, LevelReport, Machine, Plan, Stage};
use std::path::{Path, PathBuf};

/// The replay of the plan's cycle `i`, a mismatch at `level`.
pub fn of<M: Machine>(plan: &Plan<M>, i: usize, level: Stage) -> Replay {
    let start = plan.piece_start(i);
    Replay {
        machine: M::NAME.to_string(),
        level,
        cycle: i,
        presses: plan.sequence[start..=i].iter().map(|&l| plan.letters[l].name.clone()).collect(),
        state_before: plan.state_before(i),
        vcd: None,
    }
}

/// The replay of a mismatch found by the transition search: `letters`
/// from power-on, the last the one whose outputs differed, at `level`.
pub fn of_letters<M: Machine>(letters: &[usize], level: Stage) -> Replay {
    let (names, alphabet) = (M::letters(), M::alphabet());
    let before = letters[..letters.len().saturating_sub(1)].iter().fold(M::power_on(), |s, &l| M::step(&s, alphabet[l]));
    Replay {
        machine: M::NAME.to_string(),
        level,
        cycle: letters.len().saturating_sub(1),
        presses: letters.iter().map(|&l| names[l].name.clone()).collect(),
        state_before: format!("{before:?}"),
        vcd: None,
    }
}

/// The first replay in a report's JSON lines (what `nimforge verify
/// --json` prints and [`crate::Verified::write_json`] writes): the presses
/// from power-on to the first mismatch of the first level that has one.
pub fn first_in(report: &Path) -> Result<Replay, Error> {
    let text = crate::files::read_to_string(report)?;
    let malformed = |what: String| Error::Malformed { file: report.to_path_buf(), what };
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| malformed(format!("line {} of {} is not JSON ({e}): give the JSON lines of a verify run", n + 1, report.display())))?;
        if let Some(r) = value.get("replay") {
            return serde_json::from_value(r.clone())
                .map_err(|e| malformed(format!("line {} of {}: its replay is not one nimforge wrote ({e})", n + 1, report.display())));
        }
    }
    Err(Error::Input(format!("{} holds no mismatch to replay: give the report of a verify run that mismatched", report.display())))
}

/// The level part of a level and engine (`netlist/bitsim` -> `netlist`).
pub fn level_of(level: &str) -> Result<Level, Error> {
    let prefix = level.split('/').next().unwrap_or("");
    [Level::Rtl, Level::Verilog, Level::Netlist, Level::Bitstream].into_iter().find(|l| l.name() == prefix).ok_or_else(|| no_replay(prefix))
}

/// The level a replay of a report's row at `stage` runs at.
pub fn level_at(stage: &Stage) -> Result<Level, Error> {
    stage.level().ok_or_else(|| no_replay(&stage.to_string()))
}

fn no_replay(name: &str) -> Error {
    Error::Input(format!("'{name}' is no level a replay runs at: choose rtl, verilog, netlist or bitstream"))
}

/// The VCD's file for a replay at `level` under `dir`.
pub(crate) fn vcd_path(dir: &Path, level: Level) -> PathBuf {
    dir.join(format!("mismatch-{}.vcd", level.name()))
}

/// Runs `replay`'s presses on `M`'s design (at `source`, in the project
/// `root`) at `level` (`Rtl`, `Verilog`, `Netlist` or `Bitstream`; for a
/// report's row, [`level_at`]), writing every signal into `vcd`: the level's report
/// of those cycles against the oracle. Relative paths are taken from the
/// current directory, as [`crate::Project::new`] takes its own.
pub fn run<M: Machine>(root: &Path, source: &Source, replay: &Replay, level: Level, vcd: &Path) -> Result<LevelReport, Error> {
    // The simulators run in directories of their own.
    let root = &std::path::absolute(root).map_err(|e| Error::io(format!("the directory {}", root.display()), e))?;
    let vcd = &std::path::absolute(vcd).map_err(|e| Error::io(format!("the VCD's path {}", vcd.display()), e))?;
    if replay.machine != M::NAME {
        return Err(Error::Input(format!("the replay is of {}, not {}", replay.machine, M::NAME)));
    }
    let letters = M::letters();
    let sequence = replay
        .presses
        .iter()
        .map(|name| {
            letters
                .iter()
                .position(|l| &l.name == name)
                .ok_or_else(|| Error::Input(format!("'{name}' is not a press of {}: the report is of another version of the machine", M::NAME)))
        })
        .collect::<Result<Vec<usize>, Error>>()?;
    if sequence.is_empty() {
        return Err(Error::Input("the replay has no presses".into()));
    }
    let plan = Plan::<M>::of_sequence(sequence, "the replay's presses from power-on");
    if let Some(dir) = vcd.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::files::create_dir_all(dir)?;
    }
    let mut places = Places::new(root, root.join("build").join("replay").join(M::NAME));
    crate::files::create_dir_all(&places.work)?;
    if let Source::Verilog(sources) = source {
        crate::design_source::prepare_verilog::<M>(&sources.under(root), &mut places)?;
    }
    if level == Level::Rtl {
        if matches!(source, Source::Verilog(_)) {
            return Err(Error::Input("a Verilog design has no rtl level: replay it at verilog, netlist or bitstream".into()));
        }
        crate::clocked::record_letters::<M>(&plan.sequence, vcd)?;
        return Ok(crate::levels::rtl::run(&plan, 1));
    }
    // Icarus writes the VCD beside, then it is moved: never a half-written one.
    let partial = vcd.with_extension("vcd.partial");
    places.vcd = Some(std::path::absolute(&partial).map_err(|e| Error::io("the VCD's path", e))?);
    let vectors = places.work.join("vectors.txt");
    hdl::write_vectors(&plan, &vectors)?;
    let report = match level {
        Level::Verilog => hdl::verilog_icarus(&plan, &places, &vectors),
        Level::Netlist => hdl::netlist_icarus(&plan, &places, &vectors, &hdl::make_ice40::<M>(&places)),
        _ => hdl::bitstream_icarus(&plan, &places, &vectors, &hdl::make_chip::<M>(&places)),
    };
    if let Some(e) = &report.error {
        return Err(Error::Input(format!("the replay at {} could not run: {e}", report.level)));
    }
    if let Some(s) = &report.skipped {
        return Err(Error::Input(format!("the replay at {} needs a tool: {s}", report.level)));
    }
    std::fs::rename(&partial, vcd).map_err(|e| Error::io(format!("writing {}", vcd.display()), e))?;
    Ok(report)
}
