//! A machine's board wrapper (`designs/src/panels/`, `fpga/protocol.md`):
//! the machine behind a UART, LEDs and buttons. Its pins on a board, the
//! board's top module around it, its build (what `nimforge build` makes),
//! and its two proofs beside the machine's (`verify --level equiv`).

use askama::Template;
use nimforge_verify::boards::Board;
use nimforge_verify::build::{implement_with, Implementation};
use nimforge_verify::build::{render_pcf, PcfPin};
use nimforge_verify::flow::{icebox_vlog, nextpnr, yosys, ToolError};
use nimforge_verify::levels::equiv::{prove, ProofReport};
use nimforge_verify::levels::hdl::Made;
use nimforge_verify::report::Fingerprint;
use nimforge_verify::Places;
use nimforge_verify::Sources;
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// The top module of a board build.
pub const BOARD_TOP: &str = "nimforge_top";

/// The file in a board build's directory that names what it was made from
/// (a fingerprint of the top, the wrapper's Verilog, the pins, the board
/// and the tools' versions).
pub const BUILT_FROM: &str = "built-from";

/// The wrapper's pins on `board` (`fpga/protocol.md`): `clock`, the UART's
/// `rx` and `tx`, `leds[0..leds]` on the board's first LEDs, and `btn0`..
/// on the board's buttons.
pub fn pins(board: &Board, module: &str, leds: usize) -> Result<String, nimforge_verify::Error> {
    if board.leds.len() < leds {
        return Err(nimforge_verify::Error::Input(format!("{module} drives {leds} LEDs but {} has {}", board.name, board.leds.len())));
    }
    let mut pins = vec![
        PcfPin { name: "clock".into(), pin: board.clock.pin.clone() },
        PcfPin { name: "rx".into(), pin: board.uart.rx.clone() },
        PcfPin { name: "tx".into(), pin: board.uart.tx.clone() },
    ];
    for (i, pin) in board.leds.iter().take(leds).enumerate() {
        pins.push(PcfPin { name: format!("leds[{i}]"), pin: pin.clone() });
    }
    for (i, pin) in board.buttons.iter().take(4).enumerate() {
        pins.push(PcfPin { name: format!("btn{i}"), pin: pin.clone() });
    }
    let purpose = format!("{module} behind the front panel: the UART, the LEDs and the buttons");
    Ok(render_pcf(board, &purpose, &pins))
}

#[derive(Template)]
#[template(path = "top.v.j2", escape = "none")]
struct Top<'a> {
    board: &'a str,
    module: &'a str,
    source: &'a str,
    leds: usize,
    buttons: Vec<String>,
    buttons_expr: String,
}

/// The board's top module [`BOARD_TOP`] around the wrapper `module` (in
/// the file `source`): the first four buttons, active-low ones inverted,
/// missing ones tied low.
pub fn top(board: &Board, module: &str, source: &str, leds: usize) -> String {
    let n = board.buttons.len().min(4);
    let buttons: Vec<String> = (0..n).map(|i| format!("btn{i}")).collect();
    let bit = |k: usize| {
        if k >= n {
            "1'b0".to_string()
        } else if board.buttons_active_low.get(k).copied().unwrap_or(false) {
            format!("~btn{k}")
        } else {
            format!("btn{k}")
        }
    };
    let buttons_expr = (0..4).rev().map(bit).collect::<Vec<_>>().join(", ");
    Top { board: &board.name, module, source, leds, buttons, buttons_expr }.render().expect("the top template renders")
}

/// A machine's board wrapper in the board's top (`src/templates/top.v.j2`:
/// the board's pins and polarities) built for `board` into
/// `build/<name>-<board>/`; what `nimforge build` and the wrapper's proofs
/// share.
pub fn build(name: &str, wrapper: &Wrapper, board: &Board, root: &Path) -> Result<(Implementation, PathBuf), nimforge_verify::Error> {
    let io = |what: String, e| nimforge_verify::Error::io(what, e);
    let dir = Places::board_build(root, name, &board.name);
    let module = wrapper.module();
    let pcf = pins(board, &module, wrapper.leds)?;
    // The board's top around the wrapper, kept beside the reports.
    let source = root.join(Places::generated_file(&module));
    let source = std::fs::canonicalize(&source).map_err(|e| io(format!("reading {} (run `nimforge generate`)", source.display()), e))?;
    std::fs::create_dir_all(&dir).map_err(|e| io(format!("creating {}", dir.display()), e))?;
    let top_file = dir.join("top.v");
    let text = top(board, &module, &source.to_string_lossy(), wrapper.leds);
    // A build is made once: the wrapper's proofs make the iCEstick's, and
    // `report` and `build` take it as it stands when everything it was
    // made from is the same (issue 37).
    let wrapper_text = std::fs::read(&source).map_err(|e| io(format!("reading {}", source.display()), e))?;
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
    nimforge_verify::files::write(&top_file, text).map_err(|e| io(format!("writing {}", top_file.display()), e))?;
    let built = implement_with(board, &Sources::from(&top_file), BOARD_TOP, &pcf, &dir)?;
    nimforge_verify::files::write(&stamp, format!("{key}\n")).map_err(|e| io(format!("writing {}", stamp.display()), e))?;
    Ok((built, dir))
}

/// A finished build in `dir`, read again.
fn built_in(dir: &Path) -> Result<Implementation, ToolError> {
    let bin = dir.join("design.bin");
    let pcf = dir.join("ports.pcf");
    for file in [&bin, &pcf] {
        std::fs::metadata(file).map_err(|error| ToolError::Io { what: format!("reading {}", file.display()), error })?;
    }
    Ok(Implementation { cells: yosys::synthesis_in(dir)?.cells, placement: nextpnr::placement_in(dir)?, pcf, bin })
}

/// The wrapper's proofs, a suite `<machine> wrapper` of their own: its
/// `synth_ice40` netlist equal to its Verilog (`generated/<module>.v`); and
/// its build for the iCEstick (the board's top around it, as `nimforge
/// build` makes it in `build/<machine>-icestick/`): the bitstream equal to
/// the netlist placed.
pub fn proofs(machine: &str, wrapper: &Wrapper, root: &Path) -> Vec<ProofReport> {
    let module = &wrapper.module();
    let name = format!("{machine} wrapper");
    let t0 = Instant::now();
    let places = Places::new(root, Places::verify_work(root, &format!("{machine}-panel")));
    let gold = places.generated(module);
    let result = (|| -> Made<yosys::Equivalence> {
        let d = places.dir("equiv-netlist")?;
        let synth = yosys::synth_ice40(&gold, module, &d)?;
        let cells = yosys::ice40_cells(&d)?;
        Ok(prove("netlist=verilog", (&Sources::from(&gold), module), (&Sources::files(&[&synth.netlist, &cells]), module), &d)?)
    })();
    let mut reports = vec![ProofReport::of(&name, "netlist=verilog", t0, result)];
    let t0 = Instant::now();
    let result = (|| -> Made<yosys::Equivalence> {
        icebox_vlog::ICEBOX_VLOG.find()?;
        let board = nimforge_verify::boards::board("icestick").expect("the iCEstick is a built-in board");
        let (built, dir) = build(machine, wrapper, &board, root)?;
        let d = places.dir("equiv-bitstream")?;
        let verilog = icebox_vlog::to_verilog(&built.placement.asc, &built.pcf, BOARD_TOP, &d)?;
        let bundled = icebox_vlog::bundle_ports(&verilog, BOARD_TOP, &d)?;
        let cells = yosys::ice40_cells(&d)?;
        Ok(prove("bitstream=netlist", (&Sources::files(&[&dir.join("netlist.v"), &cells]), BOARD_TOP), (&Sources::from(&bundled), BOARD_TOP), &d)?)
    })();
    reports.push(ProofReport::of(&name, "bitstream=netlist (iCEstick)", t0, result));
    reports
}
