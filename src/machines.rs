//! The registry: the one list of machines, each entry giving what the
//! commands need. Every command iterates [`MACHINES`] or looks a name up
//! with [`find`]; clap's value lists come from [`names`]. Adding a machine
//! is its own files (oracle, design, harness, board wrapper, front panel)
//! and one line in [`MACHINES`].
//!
//! The registry names, for each machine's types, the generic level runners
//! of `nimforge-verify`, `bench` and `play`, and its `move`/`replay`
//! handlers in [`crate::moves`]; the commands look machines up here.

use crate::bench::EngineRun;
use crate::harness;
use crate::moves::{self, MoveArgs, Out, ReplayArgs};
use crate::panel;
use crate::panel::board::Wrapper;
use crate::play::{self, Front, Transport};
use nimforge_designs as d;
use nimforge_verify::build::{emit_verilog, Generated};
use nimforge_verify::levels;
use nimforge_verify::Places;
use nimforge_verify::Ui;
use nimforge_verify::{LevelReport, Machine, Options, Project, Source, Verified};
use std::path::Path;

/// A command's handler for one machine.
pub type Handler<A> = fn(&A, &mut Out) -> Result<i32, crate::Error>;

/// One machine and what each command does with it.
pub struct Entry {
    /// The name on the command line (the harness's `Machine::NAME`).
    pub name: &'static str,
    /// The Verilog module, and the stem of the design's and the wrapper's
    /// files (`designs/src/<module>.rs`, `designs/src/panels/<module>.rs`).
    pub module: &'static str,
    /// `generated/` and `testbenches/`: the design, its testbenches, the
    /// board wrapper and its simulation build.
    pub files: fn() -> Result<Vec<Generated>, nimforge_verify::Error>,
    /// Whether `generated/` holds what the design writes now
    /// ([`levels::fresh`]): `verify` asks before any level but `rtl`.
    pub fresh: fn(&Path) -> Result<(), nimforge_verify::Error>,
    /// The levels of `verify` (all but `panel`), and the proofs of `equiv`.
    /// Through the library's front door, as a user's crate runs them
    /// ([`Project::verify_with`]).
    pub verify: fn(&Options, &Path, &Ui) -> Result<Verified, nimforge_verify::Error>,
    /// The `panel` level: the board wrapper end to end; the function
    /// hears of each level as it finishes.
    pub panel: fn(&Path, &(dyn Fn(&LevelReport) + Sync)) -> Vec<LevelReport>,
    /// The board wrapper `build` implements.
    pub wrapper: Wrapper,
    /// The board wrapper's Verilog for the boards.
    pub board: fn() -> Result<Generated, nimforge_verify::Error>,
    /// `bench MACHINE`: the whole plan in lanes against Verilator.
    pub bench: fn(&Path, usize) -> Result<Vec<EngineRun>, crate::Error>,
    /// `replay-mismatch REPORT.json`: a report's first mismatch run again
    /// at a level, as a VCD ([`nimforge_verify::levels::replay::run`]).
    pub mismatch: fn(&Path, &nimforge_verify::report::Replay, nimforge_verify::Level, &Path) -> Result<LevelReport, nimforge_verify::Error>,
    /// `sim MACHINE --script ... --vcd FILE`.
    pub sim: fn(&str, &Path) -> Result<usize, nimforge_verify::Error>,
    /// `play MACHINE`: the front panel in the terminal.
    pub front: fn() -> Box<dyn Front>,
    /// The board wrapper's simulation, started, for `play MACHINE --sim`.
    pub simulate: fn() -> Box<dyn Transport>,
    /// `move MACHINE ...`, for the machines that make one move on request.
    pub moves: Option<Handler<MoveArgs>>,
    /// `replay MACHINE ...`, for the machines with a scripted game.
    pub replay: Option<Handler<ReplayArgs>>,
    /// `serve`: the page's drawing of the machine,
    /// `src/serve/page/machines/<name>.js`.
    pub page: &'static str,
}

/// `M`'s rust-hdl design at the levels `options` asks for.
fn verify_of<M: Machine>(options: &Options, root: &Path, ui: &Ui) -> Result<Verified, nimforge_verify::Error> {
    Project::new(root).verify_with::<M>(&Source::RustHdl, options, ui)
}

/// The entry of a machine whose harness is `M`, panel level `P` and
/// terminal panel `F`; `board` emits its board wrapper.
const fn entry<M: Machine + 'static, P: panel::script::Panel + 'static, F: Front + Default + 'static>(
    board: fn() -> Result<Generated, nimforge_verify::Error>,
    moves: Option<Handler<MoveArgs>>,
    replay: Option<Handler<ReplayArgs>>,
    page: &'static str,
) -> Entry {
    Entry {
        name: M::NAME,
        module: M::MODULE,
        files: files_of::<M, P>,
        fresh: levels::fresh::<M>,
        verify: verify_of::<M>,
        panel: panel::level::levels::<M, P>,
        wrapper: Wrapper { machine: M::MODULE, leds: 5 },
        bench: crate::bench::machine::run::<M>,
        sim: nimforge_verify::clocked::record_vcd::<M>,
        mismatch: mismatch_of::<M>,
        front: front_of::<F>,
        simulate: simulate_of::<M, P, F>,
        board,
        moves,
        replay,
        page,
    }
}

/// `M`'s rust-hdl design's replay of a mismatch.
fn mismatch_of<M: Machine>(
    root: &Path,
    r: &nimforge_verify::report::Replay,
    level: nimforge_verify::Level,
    vcd: &Path,
) -> Result<LevelReport, nimforge_verify::Error> {
    nimforge_verify::levels::replay::run::<M>(root, &nimforge_verify::Source::RustHdl, r, level, vcd)
}

/// The machines, in the order the tables list them.
pub static MACHINES: [Entry; 6] = [
    entry::<harness::relay_nim::RelayNim, panel::relay_nim::RelayNimPanel, play::relay_nim::RelayNim>(
        || board_file("relay_nim", d::RelayNimBoard::new(d::RELAY_NIM_BOARD_PACE, d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        Some(|a, out| match &a.piles {
            Some(piles) => moves::relay_nim::one_move(piles, a.randomizer, a.json, out),
            None => Err("relay-nim needs --piles, e.g. --piles 5,6,7".into()),
        }),
        None,
        include_str!("serve/page/machines/relay-nim.js"),
    ),
    entry::<harness::nimatron::Nimatron, panel::nimatron::NimatronPanel, play::nimatron::Nimatron>(
        || board_file("nimatron", d::NimatronBoard::new(d::NIMATRON_BOARD_PACE, d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        Some(|a, out| match &a.rows {
            Some(rows) => moves::nimatron::one_move(rows, a.r, a.json, out),
            None => Err("nimatron needs --rows, e.g. --rows 1,6,3,4".into()),
        }),
        Some(|a, out| match &a.moves {
            Some(moves) => moves::nimatron::replay(moves, a.json, out),
            None => Err("nimatron needs --moves, e.g. --moves \"a6 c3 d1 b2 b1\"".into()),
        }),
        include_str!("serve/page/machines/nimatron.js"),
    ),
    entry::<harness::nimrod::Nimrod, panel::nimrod::NimrodPanel, play::nimrod::Nimrod>(
        || board_file("nimrod", d::NimrodBoard::new(d::NIMROD_BOARD_PACE, d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        Some(|a, out| match &a.nimrod.heaps {
            Some(h) => moves::nimrod::one_move(h, &a.nimrod.game, a.nimrod.k, a.nimrod.heap_counter, a.json, out),
            None => Err("nimrod needs --heaps, e.g. --heaps 7,1,6,4".into()),
        }),
        Some(|a, out| match &a.nimrod.heaps {
            Some(h) if a.self_play => moves::nimrod::replay(h, &a.nimrod.game, a.nimrod.k, a.nimrod.heap_counter, a.json, out),
            _ => Err("nimrod replays a self-played game: give --heaps and --self-play, e.g. --heaps 3,5,6,7 --self-play".into()),
        }),
        include_str!("serve/page/machines/nimrod.js"),
    ),
    entry::<harness::learning::Learning, panel::learning::LearningPanel, play::learning::Learning>(
        || board_file("learning", d::LearningBoard::new(true, d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        None,
        None,
        include_str!("serve/page/machines/learning.js"),
    ),
    entry::<harness::die18::Die18, panel::die18::Die18Panel, play::die18::Die18>(
        || board_file("die18", d::Die18Board::new(nimforge_oracles::die18::dictionary(), d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        None,
        None,
        include_str!("serve/page/machines/die18.js"),
    ),
    entry::<harness::wilson::Wilson, panel::wilson::WilsonPanel, play::wilson::Wilson>(
        || board_file("wilson", d::WilsonBoard::new(d::BOARD_CLOCKS_PER_BIT, d::BOARD_BUTTON_STABLE)),
        Some(|a, out| match &a.groups {
            Some(g) => moves::wilson::hardware_move(g, a.json, out),
            None => Err("wilson needs --groups, e.g. --groups 28,53,1,16".into()),
        }),
        None,
        include_str!("serve/page/machines/wilson.js"),
    ),
];

/// Every machine's name, in table order.
pub fn names() -> Vec<&'static str> {
    MACHINES.iter().map(|m| m.name).collect()
}

/// The machine called `name`, or a line naming the machines there are.
pub fn find(name: &str) -> Result<&'static Entry, crate::Error> {
    MACHINES.iter().find(|m| m.name == name).ok_or_else(|| format!("unknown machine '{name}': choose one of {}", names().join(", ")).into())
}

/// The machines that have what `has` asks for, as "a, b and c".
pub fn having(has: impl Fn(&Entry) -> bool) -> String {
    let names: Vec<&str> = MACHINES.iter().filter(|m| has(m)).map(|m| m.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => "none".into(),
    }
}

/// The board wrapper's Verilog, `generated/<machine>_panel.v`.
fn board_file(machine: &str, mut design: impl rust_hdl::prelude::Block) -> Result<Generated, nimforge_verify::Error> {
    let module = format!("{machine}_panel");
    Ok(Generated { path: Places::generated_file(&module), contents: emit_verilog(&mut design, &module, &format!("designs/src/panels/{machine}.rs"))? })
}

fn front_of<F: Front + Default + 'static>() -> Box<dyn Front> {
    Box::new(F::default())
}

fn simulate_of<M: Machine, P: panel::script::Panel + 'static, F: Front + Default>() -> Box<dyn Transport> {
    Box::new(play::sim::Sim::start::<P>(M::NAME, F::default().face().moving))
}

/// A machine's design and its testbenches, and its board wrapper's
/// simulation build and end-to-end testbench.
fn files_of<M: Machine, P: panel::script::Panel>() -> Result<Vec<Generated>, nimforge_verify::Error> {
    let mut files = nimforge_verify::build::design_files::<M>(&format!("designs/src/{}.rs", M::MODULE))?;
    let mut wrapper = P::design();
    files.push(Generated {
        path: Places::generated_file(P::MODULE),
        contents: emit_verilog(&mut wrapper, P::MODULE, &format!("designs/src/panels/{}.rs", M::MODULE))?,
    });
    files.push(Generated { path: format!("testbenches/{}_tb.v", P::MODULE), contents: panel::level::testbench_of(P::MODULE, 5) });
    Ok(files)
}

/// Every generated file: each machine's, its board wrapper's, the
/// selectors'.
pub fn generated() -> Result<Vec<Generated>, nimforge_verify::Error> {
    let mut out = Vec::new();
    for m in &MACHINES {
        out.extend((m.files)()?);
        out.push((m.board)()?);
    }
    out.extend(selector_files()?);
    Ok(out)
}
/// The Nim move selector's Verilog (issue 7): 4 x 8 for the benchmark, 8 x 8
/// for the formal proof.
pub const SELECTORS: [(&str, usize, usize); 2] = [("selector_4x8", 4, 8), ("selector_8x8", 8, 8)];

fn selector_files() -> Result<Vec<Generated>, nimforge_verify::Error> {
    let origin = "designs/src/selector.rs";
    Ok(vec![
        Generated { path: "generated/selector_4x8.v".into(), contents: emit_verilog(&mut nimforge_designs::Selector4x8::default(), "selector_4x8", origin)? },
        Generated { path: "generated/selector_4x9.v".into(), contents: emit_verilog(&mut nimforge_designs::Selector4x9::default(), "selector_4x9", origin)? },
        Generated { path: "generated/selector_8x8.v".into(), contents: emit_verilog(&mut nimforge_designs::Selector8x8::default(), "selector_8x8", origin)? },
    ])
}
