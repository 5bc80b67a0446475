//! The iCE40 cells that `synth_ice40` leaves in a netlist, as covers and
//! flip-flops the simulator already runs. Each model is written from
//! yosys's own simulation models (`share/yosys/ice40/cells_sim.v`, cited by
//! module below) and checked against them in Icarus, every input of every
//! cell and every flip-flop under every control combination
//! (`tests::cells_agree_with_yosys_cells_sim`).
//!
//! - `SB_LUT4`: `O = LUT_INIT[{I3, I2, I1, I0}]`.
//! - `SB_CARRY`: `CO = I0 & I1 | (I0 | I1) & CI`.
//! - The rising-edge flip-flops with a synchronous reset or set and an
//!   optional clock enable: `SB_DFF`, `SB_DFFE`, `SB_DFFSR`, `SB_DFFSS`,
//!   `SB_DFFESR`, `SB_DFFESS`. Their power-on value is 0 (`SB_DFF_INIT`,
//!   `initial Q = 0`), as on the chip; an `init` attribute on the Q net
//!   overrides it.
//! - The rising-edge flip-flops with an asynchronous reset or set, `SB_DFFR`,
//!   `SB_DFFS`, `SB_DFFER`, `SB_DFFES`, as yosys's `async2sync` takes them
//!   (and so the `verilog` level and the proofs): Q shows the reset (set)
//!   value while R (S) is on, and the flip-flop takes it at the edge. With
//!   the inputs changed once a cycle, before its edge, that is the cell.
//! - The falling-edge ones (`SB_DFFN*`) are refused: the simulator runs
//!   one rising clock.
//!
//! A pin the netlist leaves unconnected takes cells_sim.v's default: 1 for
//! a flip-flop's enable `E` (`ICE40_DEFAULT_ASSIGNMENT_1`), 0 for the rest.

use super::blif::Row;

/// What a cell becomes: combinational covers, or a flip-flop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// One output pin, a cover of the named input pins.
    Cover {
        /// The input pins, one per column of the rows.
        inputs: Vec<&'static str>,
        /// The pin it drives.
        output: &'static str,
        /// The cover's rows.
        rows: Vec<Row>,
    },
    /// A flip-flop: Q takes, at each rising edge of `C`, the cover of
    /// `inputs` (the cell's pins, and `Q` itself for the hold of an enable).
    Flop {
        /// The pins D is a cover of (maybe `Q`), one per column of the rows.
        inputs: Vec<&'static str>,
        /// The cover's rows: D, the value Q takes at the edge.
        rows: Vec<Row>,
        /// An asynchronous reset or set: its pin and the value Q shows
        /// while it is on (`async2sync`: the D cover takes it at the edge).
        asynchronous: Option<(&'static str, bool)>,
    },
}

/// A cover row from a pattern such as `"1-0"` (one char per input).
pub(crate) fn row(pattern: &str) -> Row {
    let pattern = pattern
        .chars()
        .map(|c| match c {
            '0' => Some(false),
            '1' => Some(true),
            _ => None,
        })
        .collect();
    Row { pattern, output: true }
}

fn rows(patterns: &[&str]) -> Vec<Row> {
    patterns.iter().map(|p| row(p)).collect()
}

/// The default of an input pin that is not connected (cells_sim.v).
pub fn default_pin(cell: &str, pin: &str) -> bool {
    cell.starts_with("SB_DFF") && pin == "E"
}

/// The pins a cell drives.
pub fn outputs(cell: &str) -> &'static [&'static str] {
    match cell {
        "SB_LUT4" => &["O"],
        "SB_CARRY" => &["CO"],
        _ => &["Q"],
    }
}

/// Whether `cell` is one of the flip-flops (clock pin `C`).
pub fn is_flop(cell: &str) -> bool {
    cell.starts_with("SB_DFF")
}

/// The model of a cell of type `cell`, with `lut_init` the value of an
/// `SB_LUT4`'s `LUT_INIT` (bit i the output for inputs i). An error says
/// why a cell is not simulated.
pub(crate) fn model(cell: &str, lut_init: Option<u16>) -> Result<Model, String> {
    let flop = |inputs: &[&'static str], patterns: &[&str]| Ok(Model::Flop { inputs: inputs.to_vec(), rows: rows(patterns), asynchronous: None });
    let on_async = |pin: &'static str, value: bool, inputs: &[&'static str], patterns: &[&str]| {
        Ok(Model::Flop { inputs: inputs.to_vec(), rows: rows(patterns), asynchronous: Some((pin, value)) })
    };
    match cell {
        // cells_sim.v `module SB_LUT4`: O = LUT_INIT[{I3, I2, I1, I0}].
        "SB_LUT4" => {
            let init = lut_init.ok_or("an SB_LUT4 without a LUT_INIT parameter")?;
            let rows = (0..16).filter(|i| init >> i & 1 == 1).map(|i| Row { pattern: (0..4).map(|j| Some(i >> j & 1 == 1)).collect(), output: true }).collect();
            Ok(Model::Cover { inputs: vec!["I0", "I1", "I2", "I3"], output: "O", rows })
        }
        // `module SB_CARRY`: assign CO = (I0 && I1) || ((I0 || I1) && CI).
        "SB_CARRY" => Ok(Model::Cover { inputs: vec!["I0", "I1", "CI"], output: "CO", rows: rows(&["11-", "1-1", "-11"]) }),
        // `module SB_DFF`: Q <= D.
        "SB_DFF" => flop(&["D"], &["1"]),
        // `module SB_DFFE`: if (E) Q <= D.
        "SB_DFFE" => flop(&["D", "E", "Q"], &["11-", "-01"]),
        // `module SB_DFFSR`: if (R) Q <= 0; else Q <= D.
        "SB_DFFSR" => flop(&["D", "R"], &["10"]),
        // `module SB_DFFSS`: if (S) Q <= 1; else Q <= D.
        "SB_DFFSS" => flop(&["D", "S"], &["1-", "-1"]),
        // `module SB_DFFESR`: if (E) begin if (R) Q <= 0; else Q <= D; end.
        "SB_DFFESR" => flop(&["D", "E", "R", "Q"], &["110-", "-0-1"]),
        // `module SB_DFFESS`: if (E) begin if (S) Q <= 1; else Q <= D; end.
        "SB_DFFESS" => flop(&["D", "E", "S", "Q"], &["11--", "-11-", "-0-1"]),
        // `module SB_DFFR`: always @(posedge C, posedge R) if (R) Q <= 0; else Q <= D.
        "SB_DFFR" => on_async("R", false, &["D", "R"], &["10"]),
        // `module SB_DFFS`: always @(posedge C, posedge S) if (S) Q <= 1; else Q <= D.
        "SB_DFFS" => on_async("S", true, &["D", "S"], &["1-", "-1"]),
        // `module SB_DFFER`: if (R) Q <= 0; else if (E) Q <= D (R not gated by E).
        "SB_DFFER" => on_async("R", false, &["D", "E", "R", "Q"], &["110-", "-001"]),
        // `module SB_DFFES`: if (S) Q <= 1; else if (E) Q <= D.
        "SB_DFFES" => on_async("S", true, &["D", "E", "S", "Q"], &["11--", "--1-", "-0-1"]),
        c if c.starts_with("SB_DFFN") => Err(format!("{c} is clocked on the falling edge; the simulator runs one rising-edge clock")),
        c => Err(format!("cell type {c} is not one the simulator knows (SB_LUT4, SB_CARRY, the rising-edge SB_DFF family)")),
    }
}

/// Every cell type the models cover (the `synth_ice40` JSON reader refuses others).
pub const SIMULATED: [&str; 12] =
    ["SB_LUT4", "SB_CARRY", "SB_DFF", "SB_DFFE", "SB_DFFSR", "SB_DFFSS", "SB_DFFESR", "SB_DFFESS", "SB_DFFR", "SB_DFFS", "SB_DFFER", "SB_DFFES"];

/// The data pins of a flip-flop type besides `Q` (`C` aside), in the order
/// the test drives them.
pub fn flop_pins(cell: &str) -> &'static [&'static str] {
    match cell {
        "SB_DFF" => &["D"],
        "SB_DFFE" => &["D", "E"],
        "SB_DFFSR" => &["D", "R"],
        "SB_DFFSS" => &["D", "S"],
        "SB_DFFESR" => &["D", "E", "R"],
        "SB_DFFESS" => &["D", "E", "S"],
        "SB_DFFR" => &["D", "R"],
        "SB_DFFS" => &["D", "S"],
        "SB_DFFER" => &["D", "E", "R"],
        "SB_DFFES" => &["D", "E", "S"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Netlist, Sim};
    use nimforge_flow::flow::{iverilog, yosys};
    use serde_json::json;

    /// The LUT_INITs under test: every one-hot table (so every input of the
    /// LUT reads every bit of its table, and the output is an OR of these),
    /// none, all, and two mixed.
    fn lut_inits() -> Vec<u16> {
        let mut v: Vec<u16> = (0..16).map(|i| 1 << i).collect();
        v.extend([0, 0xffff, 0x6996, 0xca53]);
        v
    }

    /// Flip-flops under test: type, pins connected (from D, E, R/S in
    /// that order; the rest left open to take their defaults).
    /// (Icarus does not parse cells_sim.v's default pin values, so every
    /// pin is connected here: the netlist level defines
    /// NO_ICE40_DEFAULT_ASSIGNMENTS for the same reason.)
    const FLOPS: [(&str, &[&str]); 10] = [
        ("SB_DFF", &["D"]),
        ("SB_DFFE", &["D", "E"]),
        ("SB_DFFSR", &["D", "R"]),
        ("SB_DFFSS", &["D", "S"]),
        ("SB_DFFESR", &["D", "E", "R"]),
        ("SB_DFFESS", &["D", "E", "S"]),
        ("SB_DFFR", &["D", "R"]),
        ("SB_DFFS", &["D", "S"]),
        ("SB_DFFER", &["D", "E", "R"]),
        ("SB_DFFES", &["D", "E", "S"]),
    ];

    /// The steps: (LUT inputs, carry inputs, flip-flop D E R/S). Every
    /// control combination of D, E, R/S from Q = 0 and from Q = 1 (set by a
    /// step of D = q, E = 1, R/S = 0 before it), every LUT input and carry
    /// input along the way.
    fn steps() -> Vec<(u64, u64, u64)> {
        let mut v = Vec::new();
        for q in 0..2u64 {
            for ctrl in 0..8u64 {
                let t = v.len() as u64;
                v.push((t % 16, t % 8, q | 0b010));
                let t = v.len() as u64;
                v.push((t % 16, t % 8, ctrl));
            }
        }
        v
    }

    fn pin_of(flop_pin: &str) -> usize {
        match flop_pin {
            "D" => 0,
            "E" => 1,
            _ => 2,
        }
    }

    /// The same cells as a yosys JSON netlist: bits 2 clock, 3..7 i, 7..10
    /// c, 10..13 f; LUT outputs from 100, carry 200, Qs from 300.
    fn json_netlist() -> String {
        let mut cells = serde_json::Map::new();
        let luts = lut_inits();
        for (k, init) in luts.iter().enumerate() {
            cells.insert(
                format!("lut{k}"),
                json!({"type": "SB_LUT4", "parameters": {"LUT_INIT": format!("{init:016b}")},
                       "connections": {"I0": [3], "I1": [4], "I2": [5], "I3": [6], "O": [100 + k]}}),
            );
        }
        cells.insert("carry".into(), json!({"type": "SB_CARRY", "connections": {"I0": [7], "I1": [8], "CI": [9], "CO": [200]}}));
        for (k, (kind, pins)) in FLOPS.iter().enumerate() {
            let mut conn = serde_json::Map::new();
            conn.insert("C".into(), json!([2]));
            conn.insert("Q".into(), json!([300 + k]));
            for p in *pins {
                conn.insert(p.to_string(), json!([10 + pin_of(p)]));
            }
            cells.insert(format!("ff{k}"), json!({"type": kind, "connections": conn}));
        }
        let lut_bits: Vec<usize> = (0..luts.len()).map(|k| 100 + k).collect();
        let q_bits: Vec<usize> = (0..FLOPS.len()).map(|k| 300 + k).collect();
        json!({"modules": {"cells": {"attributes": {"top": "1"},
            "ports": {"clock": {"direction": "input", "bits": [2]}, "i": {"direction": "input", "bits": [3, 4, 5, 6]},
                      "c": {"direction": "input", "bits": [7, 8, 9]}, "f": {"direction": "input", "bits": [10, 11, 12]},
                      "lut": {"direction": "output", "bits": lut_bits}, "co": {"direction": "output", "bits": [200]},
                      "q": {"direction": "output", "bits": q_bits}},
            "cells": cells}}})
        .to_string()
    }

    /// The same cells instantiated from cells_sim.v, printing q in binary
    /// at power-on and once the inputs are set before every rising edge (an
    /// asynchronous reset or set shows there), and "lut co q" after it.
    fn verilog_testbench() -> String {
        let luts = lut_inits();
        let mut v = format!(
            "module cells_tb;\n  reg clock = 0; reg [3:0] i = 0; reg [2:0] c = 0; reg [2:0] f = 0;\n  \
             wire [{}:0] lut; wire co; wire [{}:0] q;\n",
            luts.len() - 1,
            FLOPS.len() - 1
        );
        for (k, init) in luts.iter().enumerate() {
            v += &format!("  SB_LUT4 #(.LUT_INIT(16'h{init:04x})) lut{k} (.O(lut[{k}]), .I0(i[0]), .I1(i[1]), .I2(i[2]), .I3(i[3]));\n");
        }
        v += "  SB_CARRY carry (.CO(co), .I0(c[0]), .I1(c[1]), .CI(c[2]));\n";
        for (k, (kind, pins)) in FLOPS.iter().enumerate() {
            let conns: Vec<String> = pins.iter().map(|p| format!(".{p}(f[{}])", pin_of(p))).collect();
            v += &format!("  {kind} ff{k} (.Q(q[{k}]), .C(clock), {});\n", conns.join(", "));
        }
        v += "  initial begin\n    #1 $display(\"%b\", q);\n";
        for (i, c, f) in steps() {
            v += &format!("    i = {i}; c = {c}; f = {f}; #1 $display(\"%b\", q); #3 clock = 1; #1 $display(\"%b %b %b\", lut, co, q); #4 clock = 0; #1;\n");
        }
        v + "    $finish;\n  end\nendmodule\n"
    }

    /// The same lines from the models in the simulator.
    fn simulated() -> Vec<String> {
        let net = Netlist::from_yosys_json(&json_netlist()).unwrap();
        let (i, c, f) = (net.input_port("i").unwrap(), net.input_port("c").unwrap(), net.input_port("f").unwrap());
        let (lut, co, q) = (net.output_port("lut").unwrap(), net.output_port("co").unwrap(), net.output_port("q").unwrap());
        let bin = |sim: &Sim, bits: &[usize]| bits.iter().rev().map(|&b| if sim.output(b) & 1 == 1 { '1' } else { '0' }).collect::<String>();
        let mut sim = Sim::new(&net);
        sim.eval();
        let mut lines = vec![bin(&sim, &q)];
        for (iv, cv, fv) in steps() {
            sim.set_inputs(&i, &[iv]);
            sim.set_inputs(&c, &[cv]);
            sim.set_inputs(&f, &[fv]);
            sim.eval();
            lines.push(bin(&sim, &q));
            sim.clock();
            sim.eval();
            lines.push(format!("{} {} {}", bin(&sim, &lut), bin(&sim, &co), bin(&sim, &q)));
        }
        lines
    }

    #[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys, iverilog: bash .ci/deps installs it")]
    #[test]
    fn cells_agree_with_yosys_cells_sim() {
        let dir = std::env::temp_dir().join(format!("nimforge-ice40-cells-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tb = dir.join("cells_tb.v");
        std::fs::write(&tb, verilog_testbench()).unwrap();
        let defines = ["NO_ICE40_DEFAULT_ASSIGNMENTS"];
        let out = iverilog::simulate(&[&tb, &yosys::ice40_cells_sim()], "cells_tb", &defines, &[], &dir).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        let icarus: Vec<&str> = out.lines().filter(|l| l.chars().next().is_some_and(|c| c == '0' || c == '1')).collect();
        let ours = simulated();
        assert_eq!(icarus.len(), ours.len(), "Icarus printed:\n{out}");
        for (k, (a, b)) in icarus.iter().zip(&ours).enumerate() {
            assert_eq!(*a, b, "line {k} (0 is power-on): cells_sim.v says {a}, the models {b}");
        }
    }

    /// cells_sim.v: `input E ICE40_DEFAULT_ASSIGNMENT_1`, the other inputs
    /// `ICE40_DEFAULT_ASSIGNMENT_0`: an open enable holds the flip-flop
    /// enabled.
    #[test]
    fn an_open_enable_is_on() {
        let text = json_netlist().replace(r#""E":[11],"#, "");
        let net = Netlist::from_yosys_json(&text).unwrap();
        let (f, q) = (net.input_port("f").unwrap(), net.output_port("q").unwrap());
        let mut sim = Sim::new(&net);
        sim.set_inputs(&f, &[0b001]); // D = 1, E = 0 (unconnected for the SB_DFFE), R = 0
        sim.eval();
        sim.clock();
        sim.eval();
        assert_eq!(sim.read_outputs(&q, 0) & 0b11, 0b11, "SB_DFF and the open-E SB_DFFE both take D");
    }

    #[test]
    fn every_simulated_type_has_a_model_and_others_are_refused() {
        for t in SIMULATED {
            assert!(model(t, Some(0)).is_ok(), "{t}");
        }
        for t in ["SB_DFFN", "SB_DFFNE", "SB_RAM40_4K", "SB_IO"] {
            assert!(model(t, None).is_err(), "{t}");
        }
    }
}
