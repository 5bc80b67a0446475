//! `nimforge build MACHINE --board B`: the machine's board wrapper (the
//! front panel, `fpga/protocol.md`) through yosys, nextpnr-ice40 and icepack
//! into `build/<machine>-<board>/`, with a report of the cells and timing
//! ([`implement`], which `nimforge report` and `nimforge program` build
//! with too).

use nimforge_verify::boards;
use nimforge_verify::Places;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: Target,
    #[arg(long)]
    json: bool,
}

/// A machine and a board: what `build` and `program` take.
#[derive(clap::Args, Debug)]
pub struct Target {
    #[arg(value_parser = super::machine_names(false))]
    pub(super) machine: String,
    /// icestick or icebreaker.
    #[arg(long)]
    pub(super) board: String,
}

/// Build `machine`'s wrapper for `board`; the report and the bitstream's path.
pub fn implement(machine: &str, board: &str, root: &Path) -> Result<(nimforge_verify::build::Report, String), crate::Error> {
    let m = crate::machines::find(machine)?;
    let b = boards::board(board)?;
    let (built, _) = crate::panel::board::build(m.name, &m.wrapper, &b, root)?;
    let r = nimforge_verify::build::Report::of(m.name, &b, &built);
    Ok((r, built.bin.display().to_string()))
}

/// `nimforge build MACHINE --board B`: builds and prints the report (or its JSON) and the bitstream's path.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let (r, bin) = implement(&args.target.machine, &args.target.board, root)?;
    if args.json {
        super::print_json(&r);
    } else {
        let b = boards::board(&args.target.board)?;
        println!("{} on {} -> {}", r.machine, b.description, Places::board_build(root, &r.machine, &b.name).display());
        println!("{}", nimforge_verify::build::table(std::slice::from_ref(&r)));
        println!("bitstream: {bin}");
    }
    Ok(0)
}
