//! The machines nimforge knows, and what each contributes to `generated/`
//! and `testbenches/`.

use crate::emit::{testbench, verilog};
use crate::verify::{self, Machine};

/// Command-line names, in the order the tables list them.
pub const NAMES: [&str; 6] = [
    verify::relay_nim::RelayNim::NAME,
    verify::nimatron::Nimatron::NAME,
    verify::nimrod::Nimrod::NAME,
    verify::learning::Learning::NAME,
    verify::die18::Die18::NAME,
    verify::wilson::Wilson::NAME,
];

/// The machine called `name`, or a line naming the machines there are.
pub fn check_name(name: &str) -> Result<&'static str, String> {
    NAMES
        .iter()
        .find(|n| **n == name)
        .copied()
        .ok_or_else(|| format!("unknown machine '{name}': choose one of {}", NAMES.join(", ")))
}

/// A file nimforge writes, relative to the project root.
pub struct Generated {
    pub path: String,
    pub contents: String,
}

fn files_of<M: Machine>(design_file: &str) -> Vec<Generated> {
    let mut design = M::design();
    vec![
        Generated {
            path: format!("generated/{}.v", M::MODULE),
            contents: verilog::emit(&mut design, M::MODULE, design_file),
        },
        Generated {
            path: format!("testbenches/{}_tb.v", M::MODULE),
            contents: testbench::render(M::MODULE, &M::inputs(), &M::outputs(), false),
        },
        Generated {
            path: format!("testbenches/{}_bitstream_tb.v", M::MODULE),
            contents: testbench::render(M::MODULE, &M::inputs(), &M::outputs(), true),
        },
    ]
}

/// A machine on a board behind the front panel (`fpga/protocol.md`): the
/// wrapper `build` implements, with the board's clock, UART and LEDs.
pub struct Panel {
    /// The Verilog module in `generated/<module>.v`.
    pub module: &'static str,
    /// How many LEDs the wrapper drives (`leds[0]` first).
    pub leds: usize,
}

/// The front-panel wrapper of `machine`, when it has one yet.
pub fn panel(machine: &str) -> Option<Panel> {
    match machine {
        "relay-nim" => Some(Panel { module: "relay_nim_panel", leds: 5 }),
        "nimatron" => Some(Panel { module: "nimatron_panel", leds: 5 }),
        "nimrod" => Some(Panel { module: "nimrod_panel", leds: 5 }),
        "learning" => Some(Panel { module: "learning_panel", leds: 5 }),
        "die18" => Some(Panel { module: "die18_panel", leds: 5 }),
        "wilson" => Some(Panel { module: "wilson_panel", leds: 5 }),
        _ => None,
    }
}

/// The machines that have a board wrapper yet, in table order.
pub fn with_panel() -> Vec<&'static str> {
    NAMES.iter().copied().filter(|m| panel(m).is_some()).collect()
}

/// The simulation build of a board wrapper and its end-to-end testbench.
fn panel_sim_files<P: verify::panel::Panel>(design_file: &str, leds: usize) -> Vec<Generated> {
    let mut design = P::design();
    vec![
        Generated {
            path: format!("generated/{}.v", P::MODULE),
            contents: verilog::emit(&mut design, P::MODULE, design_file),
        },
        Generated {
            path: format!("testbenches/{}_tb.v", P::MODULE),
            contents: verify::panel::testbench_of(P::MODULE, leds),
        },
    ]
}

/// Every generated file of every machine.
pub fn generated() -> Vec<Generated> {
    let mut out = Vec::new();
    out.extend(files_of::<verify::relay_nim::RelayNim>("designs/src/relay_nim.rs"));
    out.extend(files_of::<verify::nimatron::Nimatron>("designs/src/nimatron.rs"));
    out.extend(files_of::<verify::nimrod::Nimrod>("designs/src/nimrod.rs"));
    out.extend(files_of::<verify::learning::Learning>("designs/src/learning.rs"));
    out.extend(files_of::<verify::die18::Die18>("designs/src/die18.rs"));
    out.extend(files_of::<verify::wilson::Wilson>("designs/src/wilson.rs"));
    let mut wilson_board = nimforge_designs::WilsonBoard::new(nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/wilson_panel.v".into(),
        contents: verilog::emit(&mut wilson_board, "wilson_panel", "designs/src/panels/wilson.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::wilson::WilsonPanel>("designs/src/panels/wilson.rs", 5));
    let mut relay_nim_board = nimforge_designs::RelayNimBoard::new(nimforge_designs::RELAY_NIM_BOARD_PACE, nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/relay_nim_panel.v".into(),
        contents: verilog::emit(&mut relay_nim_board, "relay_nim_panel", "designs/src/panels/relay_nim.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::relay_nim::RelayNimPanel>("designs/src/panels/relay_nim.rs", 5));
    let mut nimatron_board = nimforge_designs::NimatronBoard::new(nimforge_designs::NIMATRON_BOARD_PACE, nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/nimatron_panel.v".into(),
        contents: verilog::emit(&mut nimatron_board, "nimatron_panel", "designs/src/panels/nimatron.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::nimatron::NimatronPanel>("designs/src/panels/nimatron.rs", 5));
    let mut nimrod_board = nimforge_designs::NimrodBoard::new(nimforge_designs::NIMROD_BOARD_PACE, nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/nimrod_panel.v".into(),
        contents: verilog::emit(&mut nimrod_board, "nimrod_panel", "designs/src/panels/nimrod.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::nimrod::NimrodPanel>("designs/src/panels/nimrod.rs", 5));
    let mut die18_board = nimforge_designs::Die18Board::new(crate::oracle::die18::dictionary(), nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/die18_panel.v".into(),
        contents: verilog::emit(&mut die18_board, "die18_panel", "designs/src/panels/die18.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::die18::Die18Panel>("designs/src/panels/die18.rs", 5));
    let mut learning_board = nimforge_designs::LearningBoard::new(true, nimforge_designs::BOARD_CLOCKS_PER_BIT, nimforge_designs::BOARD_BUTTON_STABLE);
    out.push(Generated {
        path: "generated/learning_panel.v".into(),
        contents: verilog::emit(&mut learning_board, "learning_panel", "designs/src/panels/learning.rs"),
    });
    out.extend(panel_sim_files::<crate::panel::learning::LearningPanel>("designs/src/panels/learning.rs", 5));
    out.extend(selector_files());
    out
}

/// The Nim move selector's Verilog (issue 7): 4 x 8 for the benchmark, 8 x 8
/// for the formal proof.
pub const SELECTORS: [(&str, usize, usize); 2] = [("selector_4x8", 4, 8), ("selector_8x8", 8, 8)];

fn selector_files() -> Vec<Generated> {
    let origin = "designs/src/selector.rs";
    vec![
        Generated {
            path: "generated/selector_4x8.v".into(),
            contents: verilog::emit(&mut nimforge_designs::Selector4x8::default(), "selector_4x8", origin),
        },
        Generated {
            path: "generated/selector_8x8.v".into(),
            contents: verilog::emit(&mut nimforge_designs::Selector8x8::default(), "selector_8x8", origin),
        },
    ]
}
