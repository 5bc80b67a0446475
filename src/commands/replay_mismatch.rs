//! `nimforge replay-mismatch REPORT.json [--level L] [--vcd FILE]`: the
//! first mismatch of a `verify --json` report run again on one of the
//! machines ([`nimforge_verify::levels::replay`]).

use std::path::{Path, PathBuf};

/// The command's flags, declared once.
// The flags' doc comments are the command's help text, where
// `<machine>` and `[:port]` are words, not HTML.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links, rustdoc::bare_urls)]
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The JSON lines of `nimforge verify ... --json`.
    report: PathBuf,
    /// rtl, verilog, netlist or bitstream (default: where it showed).
    #[arg(long)]
    level: Option<String>,
    /// Where to write the VCD (default build/replay/<machine>-<level>.vcd).
    #[arg(long)]
    vcd: Option<PathBuf>,
}

/// Runs it again; 1 when the mismatch shows again, 0 when that level passes.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let (report, level, vcd) = (args.report.as_path(), args.level.as_deref(), args.vcd.as_deref());
    let replay = nimforge_verify::levels::replay::first_in(report)?;
    let entry = crate::machines::find(&replay.machine).map_err(|_| {
        format!(
            "the report's machine '{}' is not one of nimforge's ({}): replay a design of your own with nimforge_verify::Project::replay",
            replay.machine,
            crate::machines::names().join(", ")
        )
    })?;
    let level = match level {
        Some(name) => nimforge_verify::levels::replay::level_of(name)?,
        None => nimforge_verify::levels::replay::level_at(&replay.level)?,
    };
    let vcd: PathBuf = vcd.map(Path::to_path_buf).unwrap_or_else(|| nimforge_verify::Places::replay_vcd(root, &replay.machine, level));
    let r = (entry.mismatch)(root, &replay, level, &vcd)?;
    println!(
        "{}: {} presses from power-on (the first mismatch of {} at cycle {} of its plan), run again at {}",
        replay.machine,
        replay.presses.len(),
        replay.level,
        replay.cycle,
        r.level
    );
    match &r.first_mismatch {
        Some(m) => println!("mismatched: {m}"),
        None => println!("passed: every output as the oracle's at this level"),
    }
    println!("VCD: {}", vcd.display());
    Ok(if r.bad() { 1 } else { 0 })
}
