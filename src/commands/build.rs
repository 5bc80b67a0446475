//! `nimforge build MACHINE --board B`: the machine's Verilog through yosys,
//! nextpnr-ice40 and icepack into `build/<machine>-<board>/`, with a report
//! of the cells and timing.

use crate::boards;
use crate::verify::{nimatron::Nimatron, relay_nim::RelayNim, Machine};
use std::path::Path;

#[derive(serde::Serialize)]
struct Report {
    machine: String,
    board: String,
    lut4: u64,
    dff: u64,
    carry: u64,
    lc_used: u64,
    lc_available: u64,
    fmax_mhz: f64,
}

pub fn run(machine: &str, board: &str, json: bool, root: &Path) -> Result<i32, String> {
    let machine = crate::machines::check_name(machine)?;
    let b = boards::board(board)?;
    let (module, inputs, outputs) = match machine {
        "relay-nim" => (RelayNim::MODULE, RelayNim::inputs(), RelayNim::outputs()),
        "nimatron" => (Nimatron::MODULE, Nimatron::inputs(), Nimatron::outputs()),
        _ => unreachable!(),
    };
    let dir = root.join("build").join(format!("{machine}-{board}"));
    // The playable wrapper when the machine has one; else every port on a pin.
    let built = match crate::machines::panel(machine) {
        Some(panel) => {
            let source = root.join("generated").join(format!("{}.v", panel.module));
            let pcf = crate::emit::pcf::panel(&b, panel.module, panel.leds)?;
            crate::build::implement_with(&b, &source, panel.module, &pcf, &dir)
        }
        None => {
            let source = root.join("generated").join(format!("{module}.v"));
            crate::build::implement(&b, &source, module, &inputs, &outputs, &dir)
        }
    }
    .map_err(|e| e.to_string())?;
    let r = Report {
        machine: machine.into(),
        board: b.name.clone(),
        lut4: built.cells.lut4,
        dff: built.cells.dff,
        carry: built.cells.carry,
        lc_used: built.placement.lc_used,
        lc_available: built.placement.lc_available,
        fmax_mhz: (built.placement.fmax_mhz * 100.0).round() / 100.0,
    };
    if json {
        println!("{}", serde_json::to_string(&r).expect("serialises"));
    } else {
        println!("{machine} on {} -> {}", b.description, dir.display());
        let header = ["machine", "board", "SB_LUT4", "DFF", "SB_CARRY", "logic cells", "Fmax MHz", ""];
        let row = vec![
            r.machine.clone(),
            r.board.clone(),
            r.lut4.to_string(),
            r.dff.to_string(),
            r.carry.to_string(),
            format!("{}/{}", r.lc_used, r.lc_available),
            format!("{:.2}", r.fmax_mhz),
            String::new(),
        ];
        let right = [false, false, true, true, true, true, true, false];
        println!("{}", crate::emit::report::table(&header, &[row], &right));
        println!("bitstream: {}", built.bin.display());
    }
    Ok(0)
}
