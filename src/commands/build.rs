//! `nimforge build MACHINE --board B`: the machine's board wrapper (the
//! front panel, `fpga/protocol.md`) through yosys, nextpnr-ice40 and icepack
//! into `build/<machine>-<board>/`, with a report of the cells and timing;
//! `nimforge report`: every machine on every board in one table.

use nimforge_verify::boards;
use nimforge_verify::places::Places;
use std::path::Path;

/// Build `machine`'s wrapper for `board`; the report and the bitstream's path.
pub fn implement(machine: &str, board: &str, root: &Path) -> Result<(nimforge_verify::build::Report, String), crate::Error> {
    let m = crate::machines::find(machine)?;
    let b = boards::board(board)?;
    let (built, _) = crate::panel::board::build(m.name, &m.wrapper, &b, root)?;
    let r = nimforge_verify::build::Report::of(m.name, &b, &built);
    Ok((r, built.bin.display().to_string()))
}

/// `nimforge build MACHINE --board B`: builds and prints the report (or its JSON) and the bitstream's path.
pub fn run(machine: &str, board: &str, json: bool, root: &Path) -> Result<i32, crate::Error> {
    let (r, bin) = implement(machine, board, root)?;
    if json {
        super::print_json(&r);
    } else {
        let b = boards::board(board)?;
        println!("{} on {} -> {}", r.machine, b.description, Places::board_build(root, &r.machine, &b.name).display());
        println!("{}", nimforge_verify::build::table(std::slice::from_ref(&r)));
        println!("bitstream: {bin}");
    }
    Ok(0)
}

/// `nimforge report [--json]`: every machine on every board.
pub fn report(json: bool, root: &Path) -> Result<i32, crate::Error> {
    let mut reports = Vec::new();
    for m in &crate::machines::MACHINES {
        for board in boards::names() {
            let (r, _) = implement(m.name, board, root)?;
            if json {
                super::print_json(&r);
            }
            reports.push(r);
        }
    }
    if !json {
        println!("{}", nimforge_verify::build::table(&reports));
    }
    Ok(0)
}

/// `nimforge program MACHINE --board B`: build the board wrapper, then
/// flash it with iceprog.
pub fn program(machine: &str, board: &str, root: &Path) -> Result<i32, crate::Error> {
    let machine = crate::machines::find(machine)?.name;
    boards::board(board)?;
    // The programmer first: no point building for a flash that cannot run.
    nimforge_verify::flow::iceprog::ICEPROG.find()?;
    let (r, bin) = implement(machine, board, root)?;
    println!("{}", nimforge_verify::build::table(std::slice::from_ref(&r)));
    let dir = Places::board_build(root, machine, board);
    nimforge_verify::flow::iceprog::program(Path::new(&bin), &dir)?;
    println!("{machine} is on the {board}: open its serial port at 115200 8N1 (fpga/protocol.md)");
    Ok(0)
}
