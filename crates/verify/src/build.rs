//! A machine implemented for a board: yosys, nextpnr-ice40 and icepack into
//! one directory that keeps every script, log and report.

use crate::boards::Board;
use crate::emit::pcf;
use crate::flow::{self, icepack, nextpnr, yosys, ToolError};
use crate::ports::Port;
use crate::shard::Fingerprint;
use std::path::{Path, PathBuf};

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
pub fn implement(board: &Board, source: &crate::sources::Sources, module: &str, inputs: &[Port], outputs: &[Port], dir: &Path) -> Result<Implementation, crate::Error> {
    let pcf_text = pcf::all_ports(board, module, inputs, outputs)?;
    Ok(implement_with(board, source, module, &pcf_text, dir)?)
}

/// The same with the pin file given.
pub fn implement_with(board: &Board, source: &crate::sources::Sources, module: &str, pcf_text: &str, dir: &Path) -> Result<Implementation, ToolError> {
    std::fs::create_dir_all(dir).map_err(|error| ToolError::Io { what: format!("creating {}", dir.display()), error })?;
    // Every tool before any work, so a missing one is named first.
    for tool in [yosys::YOSYS, nextpnr::NEXTPNR, icepack::ICEPACK] {
        tool.find()?;
    }
    // A bitstream from an earlier build must not outlive a failed one.
    let _ = std::fs::remove_file(dir.join("design.bin"));
    let pcf = dir.join("ports.pcf");
    flow::write(&pcf, pcf_text)?;
    let synth = yosys::synth_ice40(source, module, dir)?;
    let placement = nextpnr::place_route(&board.device, &board.package, board.clock.target_mhz(), &synth.json, &pcf, dir)?;
    let bin = icepack::pack(&placement.asc, dir)?;
    Ok(Implementation { cells: synth.cells, placement, pcf, bin })
}

/// A machine's board wrapper as the builds see it: `generated/<machine>_panel.v`,
/// with the board's clock, UART, buttons and `leds` LEDs.
#[derive(Clone, Copy, Debug)]
pub struct Wrapper {
    /// The machine's module (`relay_nim`); the wrapper's is `<machine>_panel`.
    pub machine: &'static str,
    /// How many LEDs the wrapper drives (`leds[0]` first).
    pub leds: usize,
}

impl Wrapper {
    /// The wrapper's Verilog module.
    pub fn module(&self) -> String {
        format!("{}_panel", self.machine)
    }
}

/// A machine's board wrapper in the board's top (`templates/top.v.j2`: the
/// board's pins and polarities) built for `board` into
/// `build/<name>-<board>/`; what `nimforge build` and the `equiv` level's
/// wrapper proofs share.
pub fn board_build(name: &str, wrapper: &Wrapper, board: &Board, root: &Path) -> Result<(Implementation, PathBuf), crate::Error> {
    let dir = root.join("build").join(format!("{name}-{}", board.name));
    let module = wrapper.module();
    let pcf = pcf::panel(board, &module, wrapper.leds)?;
    // The board's top around the wrapper, kept beside the reports.
    let source = root.join("generated").join(format!("{module}.v"));
    let source = std::fs::canonicalize(&source).map_err(|e| crate::Error::io(format!("reading {} (run `nimforge generate`)", source.display()), e))?;
    std::fs::create_dir_all(&dir).map_err(|e| crate::Error::io(format!("creating {}", dir.display()), e))?;
    let top = dir.join("top.v");
    let text = pcf::top(board, &module, &source.to_string_lossy(), wrapper.leds);
    // A build is made once: the `equiv` level's wrapper proofs make the
    // iCEstick's, and `report` and `build` take it as it stands when
    // everything it was made from is the same (issue 37).
    let wrapper_text = std::fs::read(&source).map_err(|e| crate::Error::io(format!("reading {}", source.display()), e))?;
    let key = Fingerprint::default()
        .bytes(text.as_bytes())
        .bytes(&wrapper_text)
        .bytes(pcf.as_bytes())
        .bytes(format!("{} {} {}", board.device, board.package, board.clock.target_mhz()).as_bytes())
        .bytes(yosys::version().as_bytes())
        .bytes(nextpnr::version().as_bytes())
        .hex();
    let stamp = dir.join(BUILT_FROM);
    if std::fs::read_to_string(&stamp).is_ok_and(|k| k.trim() == key) {
        if let Ok(built) = built_in(&dir) {
            return Ok((built, dir));
        }
    }
    // The stamp goes first and comes back last: a build cut short is never taken.
    let _ = std::fs::remove_file(&stamp);
    crate::files::write(&top, text).map_err(|e| crate::Error::io(format!("writing {}", top.display()), e))?;
    let built = implement_with(board, &crate::sources::Sources::from(&top), BOARD_TOP, &pcf, &dir)?;
    crate::files::write(&stamp, format!("{key}\n")).map_err(|e| crate::Error::io(format!("writing {}", stamp.display()), e))?;
    Ok((built, dir))
}

/// The file in a board build's directory that names what it was made from
/// (a fingerprint of the top, the wrapper's Verilog, the pins, the board
/// and the tools' versions).
pub const BUILT_FROM: &str = "built-from";

/// A finished build in `dir`, read again.
fn built_in(dir: &Path) -> Result<Implementation, ToolError> {
    let bin = dir.join("design.bin");
    let pcf = dir.join("ports.pcf");
    for file in [&bin, &pcf] {
        std::fs::metadata(file).map_err(|error| ToolError::Io { what: format!("reading {}", file.display()), error })?;
    }
    Ok(Implementation { cells: yosys::synthesis_in(dir)?.cells, placement: nextpnr::placement_in(dir)?, pcf, bin })
}

/// The top module of a board build.
pub const BOARD_TOP: &str = "nimforge_top";

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
    crate::emit::report::table(&header, &rows, &right)
}

