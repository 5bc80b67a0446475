//! `nimforge build MACHINE --board B`: the machine's board wrapper (the
//! front panel, `fpga/protocol.md`) through yosys, nextpnr-ice40 and icepack
//! into `build/<machine>-<board>/`, with a report of the cells and timing;
//! `nimforge report`: every machine on every board in one table.

use crate::boards;
use std::path::Path;

#[derive(serde::Serialize)]
pub struct Report {
    pub machine: String,
    pub board: String,
    pub lut4: u64,
    pub dff: u64,
    pub carry: u64,
    pub lc_used: u64,
    pub lc_available: u64,
    pub fmax_mhz: f64,
}

/// Build `machine`'s wrapper for `board`; the report and the bitstream's path.
pub fn implement(machine: &str, board: &str, root: &Path) -> Result<(Report, String), String> {
    let m = crate::machines::find(machine)?;
    let b = boards::board(board)?;
    let (built, _) = crate::build::board_build(m.name, &m.wrapper, &b, root)?;
    let r = Report {
        machine: m.name.into(),
        board: b.name.clone(),
        lut4: built.cells.lut4,
        dff: built.cells.dff,
        carry: built.cells.carry,
        lc_used: built.placement.lc_used,
        lc_available: built.placement.lc_available,
        fmax_mhz: (built.placement.fmax_mhz * 100.0).round() / 100.0,
    };
    Ok((r, built.bin.display().to_string()))
}

fn table(reports: &[Report]) -> String {
    let header = ["machine", "board", "SB_LUT4", "DFF", "SB_CARRY", "logic cells", "Fmax MHz", ""];
    let rows: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            vec![
                r.machine.clone(),
                r.board.clone(),
                r.lut4.to_string(),
                r.dff.to_string(),
                r.carry.to_string(),
                format!("{}/{}", r.lc_used, r.lc_available),
                format!("{:.2}", r.fmax_mhz),
                String::new(),
            ]
        })
        .collect();
    let right = [false, false, true, true, true, true, true, false];
    crate::emit::report::table(&header, &rows, &right)
}

pub fn run(machine: &str, board: &str, json: bool, root: &Path) -> Result<i32, String> {
    let (r, bin) = implement(machine, board, root)?;
    if json {
        println!("{}", serde_json::to_string(&r).expect("serialises"));
    } else {
        let b = boards::board(board)?;
        println!("{} on {} -> {}", r.machine, b.description, root.join("build").join(format!("{}-{}", r.machine, b.name)).display());
        println!("{}", table(std::slice::from_ref(&r)));
        println!("bitstream: {bin}");
    }
    Ok(0)
}

/// `nimforge report [--json]`: every machine on every board.
pub fn report(json: bool, root: &Path) -> Result<i32, String> {
    let mut reports = Vec::new();
    for m in &crate::machines::MACHINES {
        for board in boards::names() {
            let (r, _) = implement(m.name, board, root)?;
            if json {
                println!("{}", serde_json::to_string(&r).expect("serialises"));
            }
            reports.push(r);
        }
    }
    if !json {
        println!("{}", table(&reports));
    }
    Ok(0)
}

/// `nimforge program MACHINE --board B`: build the board wrapper, then
/// flash it with iceprog.
pub fn program(machine: &str, board: &str, root: &Path) -> Result<i32, String> {
    let machine = crate::machines::find(machine)?.name;
    boards::board(board)?;
    // The programmer first: no point building for a flash that cannot run.
    crate::flow::iceprog::ICEPROG.find().map_err(|e| e.to_string())?;
    let (r, bin) = implement(machine, board, root)?;
    println!("{}", table(std::slice::from_ref(&r)));
    let dir = root.join("build").join(format!("{machine}-{board}"));
    crate::flow::iceprog::program(Path::new(&bin), &dir).map_err(|e| e.to_string())?;
    println!("{machine} is on the {board}: open its serial port at 115200 8N1 (fpga/protocol.md)");
    Ok(0)
}
