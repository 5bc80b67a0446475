//! A design implemented for a board: yosys, nextpnr-ice40 and icepack into
//! one directory that keeps every script, log and report.

use crate::boards::Board;
use crate::emitter::pcf;
use crate::flow::{self, icepack, nextpnr, yosys, ToolError};
use crate::port::Port;
use std::path::{Path, PathBuf};

// What a board's build writes besides the bitstream, for a build of one's
// own (`implement_with`): the design's Verilog and testbenches, and the pin
// file (emitter/).
pub use crate::emitter::pcf::{render as render_pcf, Pin as PcfPin};
pub use crate::emitter::verilog::emit as emit_verilog;
pub use crate::emitter::{design_files, Generated};

/// What [`implement`] made: the cells, the placement, the pin file and the bitstream.
pub struct Implementation {
    /// The cells yosys used.
    pub cells: yosys::Cells,
    /// What nextpnr placed and the Fmax it reports.
    pub placement: nextpnr::Placement,
    /// The pin file, `dir/ports.pcf`.
    pub pcf: PathBuf,
    /// The bitstream, `dir/design.bin`.
    pub bin: PathBuf,
}

/// Synthesise, place, route and pack `source` (module `module`) for `board`,
/// every port on a pin, into `dir`.
pub fn implement(
    board: &Board,
    source: &crate::sources::Sources,
    module: &str,
    inputs: &[Port],
    outputs: &[Port],
    dir: &Path,
) -> Result<Implementation, crate::Error> {
    let pcf_text = pcf::all_ports(board, module, (inputs, outputs), true)?;
    Ok(implement_with(board, source, module, &pcf_text, dir)?)
}

/// The same with the pin file given.
pub fn implement_with(board: &Board, source: &crate::sources::Sources, module: &str, pcf_text: &str, dir: &Path) -> Result<Implementation, ToolError> {
    prepare(dir, &[yosys::YOSYS, nextpnr::NEXTPNR, icepack::ICEPACK])?;
    let synth = yosys::synth_ice40(source, module, dir)?;
    place_and_pack(board, &synth, pcf_text, dir)
}

/// The same from a `synth_ice40` already made (the netlist level's, which
/// the bitstream level places rather than synthesise the same file again),
/// `clock` on the board's clock pin when `clocked`.
pub(crate) fn implement_synthesized(
    board: &Board,
    synth: &yosys::Synthesis,
    module: &str,
    ports: (&[Port], &[Port]),
    clocked: bool,
    dir: &Path,
) -> Result<Implementation, crate::Error> {
    let pcf_text = pcf::all_ports(board, module, ports, clocked)?;
    prepare(dir, &[nextpnr::NEXTPNR, icepack::ICEPACK])?;
    Ok(place_and_pack(board, synth, &pcf_text, dir)?)
}

/// Before a build into `dir`: the directory made, every tool it will run
/// found before any work (so a missing one is named first), and a
/// bitstream from an earlier build removed (it must not outlive a failed
/// one).
fn prepare(dir: &Path, tools: &[flow::Tool]) -> Result<(), ToolError> {
    crate::files::create_dir_all(dir)?;
    for tool in tools {
        tool.find()?;
    }
    let _ = std::fs::remove_file(dir.join("design.bin"));
    Ok(())
}

/// nextpnr-ice40 and icepack on `synth`, the pin file written into `dir`.
fn place_and_pack(board: &Board, synth: &yosys::Synthesis, pcf_text: &str, dir: &Path) -> Result<Implementation, ToolError> {
    let pcf = dir.join("ports.pcf");
    flow::write(&pcf, pcf_text)?;
    let placement = nextpnr::place_route(&board.device, &board.package, board.clock.target_mhz(), &synth.json, &pcf, dir)?;
    let bin = icepack::pack(&placement.asc, dir)?;
    Ok(Implementation { cells: synth.cells.clone(), placement, pcf, bin })
}

#[derive(serde::Serialize)]
/// One build's row of `nimforge report`: the cells yosys used and what
/// nextpnr placed, and the Fmax it reports.
pub struct Report {
    /// The machine's name.
    pub machine: String,
    /// The board's name.
    pub board: String,
    /// Look-up tables (`SB_LUT4`).
    pub lut4: u64,
    /// Flip-flops (every `SB_DFF*` kind).
    pub dff: u64,
    /// Carry cells (`SB_CARRY`).
    pub carry: u64,
    /// Logic cells (`ICESTORM_LC`) used.
    pub lc_used: u64,
    /// Logic cells the device has.
    pub lc_available: u64,
    /// The lowest achieved Fmax of any clock, in MHz, rounded to two places.
    pub fmax_mhz: f64,
    /// The board's clock, in MHz.
    pub clock_mhz: u32,
    /// The frequency nextpnr held the build to (the clock times the
    /// board's timing margin), in MHz.
    pub target_mhz: f64,
    /// Fmax over the board's clock: how much faster the design could run
    /// (rounded to two places).
    pub margin: f64,
    /// Where the critical path starts and ends (the design's names), when
    /// nextpnr reports one between clock edges.
    pub critical_from: Option<String>,
    /// See `critical_from`.
    pub critical_to: Option<String>,
}

impl Report {
    /// The row of `built`: `name` built for `board`.
    pub fn of(name: &str, board: &crate::boards::Board, built: &Implementation) -> Report {
        let fmax = built.placement.fmax_mhz;
        let (from, to) = built.placement.critical_path.clone().unzip();
        Report {
            machine: name.into(),
            board: board.name.clone(),
            clock_mhz: board.clock.mhz,
            target_mhz: board.clock.target_mhz(),
            margin: (fmax / board.clock.mhz as f64 * 100.0).round() / 100.0,
            critical_from: from,
            critical_to: to,
            lut4: built.cells.lut4,
            dff: built.cells.dff,
            carry: built.cells.carry,
            lc_used: built.placement.lc_used,
            lc_available: built.placement.lc_available,
            fmax_mhz: (built.placement.fmax_mhz * 100.0).round() / 100.0,
        }
    }
}

/// The builds as the table `nimforge report` prints.
pub fn table(reports: &[Report]) -> String {
    let header = ["machine", "board", "SB_LUT4", "DFF", "SB_CARRY", "logic cells", "Fmax MHz", "margin", "critical path"];
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
                format!("{:.2}x {} MHz", r.margin, r.clock_mhz),
                match (&r.critical_from, &r.critical_to) {
                    (Some(from), Some(to)) => format!("{from} -> {to}"),
                    _ => "-".into(),
                },
            ]
        })
        .collect();
    let right = [false, false, true, true, true, true, true, true, false];
    crate::emitter::report::table(&header, &rows, &right)
}
