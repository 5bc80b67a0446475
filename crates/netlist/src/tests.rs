//! Hand-written BLIF, every error, and netlists from yosys.

use super::{Netlist, NetlistError, Sim};

/// Lanes 0..8 hold the 8 values of inputs (a, b, cin): bit `j` of lane `i`.
fn lanes_of_bit(j: usize) -> u64 {
    (0..64).fold(0, |w, lane: u64| w | ((((lane % 8) >> j) & 1) << lane))
}

const FULL_ADDER: &str = "\
# A full adder from covers.
.model full_adder
.inputs a b cin
.outputs sum cout
.names a b t
10 1
01 1
.names t cin sum
10 1
01 1
.names a b cin cout
11- 1
1-1 1
-11 1
.end
";

#[test]
fn full_adder_in_every_lane() {
    let net = Netlist::from_blif(FULL_ADDER).unwrap();
    assert_eq!((net.inputs(), net.outputs(), net.latches()), (3, 2, 0));
    let mut sim = Sim::new(&net);
    for j in 0..3 {
        sim.set_input(j, lanes_of_bit(j));
    }
    sim.eval();
    for lane in 0..64 {
        let (a, b, c) = ((lane % 8) & 1, (lane % 8) >> 1 & 1, (lane % 8) >> 2 & 1);
        let total = a + b + c;
        assert_eq!((sim.output(0) >> lane & 1, sim.output(1) >> lane & 1), (total & 1, total >> 1), "lane {lane}");
    }
}

/// A 2-bit counter that starts at 2 and counts while `en`.
pub(super) const COUNTER: &str = "\
.model counter
.inputs clock en
.outputs q[0] q[1]
.latch d0 q[0] re clock 0
.latch d1 q[1] re clock 1
.names q[0] en d0
10 1
01 1
.names q[0] en c
11 1
.names q[1] c d1
10 1
01 1
.names $false
.names $true
1
.names $undef
.end
";

#[test]
fn counter_counts_from_its_init_value() {
    let net = Netlist::from_blif(COUNTER).unwrap();
    assert_eq!(net.latches(), 2);
    let q = net.output_port("q").unwrap();
    let en = net.input_port("en").unwrap();
    assert_eq!((q.as_slice(), en.as_slice()), (&[0, 1][..], &[1][..]));
    let mut sim = Sim::new(&net);
    // Lane 0 counts, lane 1 holds.
    sim.set_inputs(&en, &[1, 0]);
    for step in 0..6u64 {
        sim.eval();
        assert_eq!(sim.read_outputs(&q, 0), (2 + step) % 4, "counting lane, step {step}");
        assert_eq!(sim.read_outputs(&q, 1), 2, "holding lane, step {step}");
        sim.clock();
    }
}

#[test]
fn a_loop_names_both_cells() {
    let text = ".model m\n.inputs a\n.outputs y\n.names a z y\n11 1\n.names y z\n0 1\n.end\n";
    let e = Netlist::from_blif(text).unwrap_err();
    assert_eq!(e, NetlistError::Loop { cells: vec!["y".into(), "z".into()] });
    assert!(e.to_string().contains("y, z"), "{e}");
}

#[test]
fn a_loop_through_a_latch_is_fine() {
    let text = ".model m\n.inputs clock\n.outputs q\n.latch d q re clock 0\n.names q d\n0 1\n.end\n";
    let net = Netlist::from_blif(text).unwrap();
    let mut sim: Sim = Sim::new(&net);
    let mut seen = Vec::new();
    for _ in 0..4 {
        sim.eval();
        seen.push(sim.output(0) & 1);
        sim.clock();
    }
    assert_eq!(seen, [0, 1, 0, 1]);
}

#[test]
fn an_ice40_cell_says_to_resynthesise() {
    let text = ".model m\n.inputs a\n.outputs y\n.subckt SB_LUT4 I0=a O=y\n.end\n";
    let e = Netlist::from_blif(text).unwrap_err();
    assert_eq!(e, NetlistError::UnknownCell { line: 4, name: "SB_LUT4".into() });
    assert!(e.to_string().contains("crates/flow/templates/blif.ys.j2"), "{e}");
}

#[test]
fn an_undriven_net_is_named() {
    let text = ".model m\n.inputs a\n.outputs y\n.names a ghost y\n11 1\n.end\n";
    assert_eq!(Netlist::from_blif(text).unwrap_err(), NetlistError::Undriven { net: "ghost".into() });
    let text = ".model m\n.inputs a\n.outputs y nowhere\n.names a y\n1 1\n.end\n";
    assert_eq!(Netlist::from_blif(text).unwrap_err(), NetlistError::Undriven { net: "nowhere".into() });
}

/// A buffer from a net nothing drives, read by nothing an output sees (as
/// yosys leaves one after merging two flip-flops, issue 59): it cannot
/// change an output, so it does not refuse the netlist.
#[test]
fn a_dead_undriven_net_is_no_refusal() {
    let text = ".model m\n.inputs a c\n.outputs y\n.names a y\n1 1\n.names ghost spare\n1 1\n.latch spare2 q re c 0\n.names ghost2 spare2\n1 1\n.end\n";
    let net = Netlist::from_blif(text).unwrap();
    assert_eq!(net.inputs(), 2);
    // Seen by an output through a latch, it is still refused.
    let text = ".model m\n.inputs a c\n.outputs y\n.names a q y\n11 1\n.latch d q re c 0\n.names ghost d\n1 1\n.end\n";
    assert_eq!(Netlist::from_blif(text).unwrap_err(), NetlistError::Undriven { net: "ghost".into() });
}

#[test]
fn two_drivers_are_named() {
    let text = ".model m\n.inputs a b\n.outputs y\n.names a y\n1 1\n.names b y\n1 1\n.end\n";
    assert_eq!(Netlist::from_blif(text).unwrap_err(), NetlistError::MultipleDrivers { net: "y".into() });
    let text = ".model m\n.inputs a clock\n.outputs a\n.latch a a re clock 0\n.end\n";
    assert_eq!(Netlist::from_blif(text).unwrap_err(), NetlistError::MultipleDrivers { net: "a".into() });
}

#[test]
fn a_bad_token_gives_its_line() {
    let text = ".model m\n.inputs a\n.frobnicate a\n.end\n";
    let e = Netlist::from_blif(text).unwrap_err();
    assert_eq!(e, NetlistError::Lex { line: 3, text: ".frobnicate".into() });
    let message = e.to_string();
    assert!(message.starts_with("line 3: '.frobnicate'") && !message.contains('\n'), "{message}");
}

#[test]
fn a_missing_port_is_named() {
    let net = Netlist::from_blif(COUNTER).unwrap();
    assert_eq!(net.input_port("reset").unwrap_err(), NetlistError::NoPort { name: "reset".into() });
    assert_eq!(net.output_port("en").unwrap_err(), NetlistError::NoPort { name: "en".into() });
    assert!(net.output_port("q").is_ok());
}

#[test]
fn a_latch_on_a_second_clock_is_refused() {
    let text = ".model m\n.inputs c1 c2 a\n.outputs x y\n.latch a x re c1 0\n.latch a y re c2 0\n.end\n";
    let e = Netlist::from_blif(text).unwrap_err();
    assert!(matches!(&e, NetlistError::Parse { line: 5, what } if what.contains("latch y")), "{e}");
}

/// Against yosys: ignored, with the reason, when it is not installed.
mod yosys {
    use super::super::{Netlist, Sim};
    use nimforge_flow::flow::yosys::synth_blif;
    use std::path::{Path, PathBuf};

    /// A fresh directory under target/.
    fn scratch(name: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/netlist-tests").join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn relay_nim_loads_with_its_ports() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let dir = scratch("relay_nim");
        let blif = synth_blif(root.join("generated/relay_nim.v"), "relay_nim", &dir).unwrap();
        let net = Netlist::from_file(&blif).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(net.model, "relay_nim");
        assert!(net.input_port("clock").is_ok());
        assert!(net.latches() > 0);
        let text = std::fs::read_to_string(&blif).unwrap();
        let outputs = text.lines().find_map(|l| l.strip_prefix(".outputs ")).expect(".outputs line");
        let outputs: Vec<&str> = outputs.split_whitespace().collect();
        assert_eq!(net.outputs(), outputs.len());
        for (i, name) in outputs.iter().enumerate() {
            assert_eq!(net.output_name(i), *name);
            let port = name.split('[').next().unwrap();
            assert!(net.output_port(port).unwrap().contains(&i), "{name} in port {port}");
        }
        // It runs: from reset every lane agrees.
        let mut sim = Sim::new(&net);
        sim.set_input(net.input_port("reset").unwrap()[0], u64::MAX);
        for _ in 0..3 {
            sim.eval();
            sim.clock();
        }
        sim.eval();
        for i in 0..net.outputs() {
            assert!(sim.output(i) == 0 || sim.output(i) == u64::MAX, "{} differs between lanes", net.output_name(i));
        }
    }

    const ADDER: &str = "\
module add8(clock, a, b, sum, count);
    input wire clock;
    input wire [7:0] a;
    input wire [7:0] b;
    output reg [8:0] sum;
    output reg [3:0] count;
    initial begin
        sum = 9'h1a5;
        count = 4'd9;
    end
    always @(posedge clock) begin
        sum <= a + b;
        count <= count + 1;
    end
endmodule
";

    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn registered_adder_matches_rust_over_every_input() {
        let dir = scratch("add8");
        std::fs::write(dir.join("add8.v"), ADDER).unwrap();
        let blif = synth_blif(dir.join("add8.v"), "add8", &dir).unwrap();
        let net = Netlist::from_file(&blif).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (net.input_port("a").unwrap(), net.input_port("b").unwrap());
        let (sum, count) = (net.output_port("sum").unwrap(), net.output_port("count").unwrap());
        assert_eq!((a.len(), b.len(), sum.len(), count.len(), net.latches()), (8, 8, 9, 4, 13));
        let mut sim = Sim::new(&net);
        sim.eval();
        assert_eq!((sim.read_outputs(&sum, 5), sim.read_outputs(&count, 5)), (0x1a5, 9), "init values");
        let mut clocks = 0u64;
        for chunk in 0..(1u64 << 16) / 64 {
            let inputs: Vec<u64> = (0..64).map(|lane| chunk * 64 + lane).collect();
            sim.set_inputs(&a, &inputs.iter().map(|v| v & 0xff).collect::<Vec<_>>());
            sim.set_inputs(&b, &inputs.iter().map(|v| v >> 8).collect::<Vec<_>>());
            sim.eval();
            sim.clock();
            clocks += 1;
            sim.eval();
            for (lane, v) in inputs.iter().enumerate() {
                assert_eq!(sim.read_outputs(&sum, lane), (v & 0xff) + (v >> 8), "{v:#06x}");
                assert_eq!(sim.read_outputs(&count, lane), (9 + clocks) % 16);
            }
        }
    }
}

/// The readers answer random and mutated text with an error, never a panic;
/// what they accept, the interpreter and the kernel simulate.
#[test]
fn readers_survive_mutated_netlists() {
    use crate::fuzz::Rng;
    use crate::Wide;
    let json = r#"{"modules": {"t": {"attributes": {"top": "1"},
        "ports": {"clock": {"direction": "input", "bits": [2]}, "a": {"direction": "input", "bits": [3, 4]},
                  "y": {"direction": "output", "bits": [5, 7]}},
        "cells": {
          "l": {"type": "SB_LUT4", "parameters": {"LUT_INIT": "0110"}, "connections": {"I0": [3], "I1": [4], "I2": ["0"], "I3": ["x"], "O": [7]}},
          "c": {"type": "SB_CARRY", "connections": {"I0": [3], "I1": [7], "CI": [5], "CO": [8]}},
          "f": {"type": "SB_DFFESR", "connections": {"C": [2], "D": [8], "E": [3], "R": [4], "Q": [5]}}},
        "netnames": {"f.q": {"bits": [5], "attributes": {"init": "1"}}}}}}"#;
    let mut rng = Rng::new(0xf022_0001);
    let mut accepted = 0;
    for case in 0..4000 {
        let (text, is_json) = match case % 3 {
            0 => (rng.text(&[FULL_ADDER]), false),
            1 => (rng.text(&[COUNTER]), false),
            _ => (rng.text(&[json]), true),
        };
        let net = if is_json { Netlist::from_yosys_json(&text) } else { Netlist::from_blif(&text) };
        if let Ok(net) = net {
            accepted += 1;
            let mut a = Sim::<Wide<16>>::new(&net);
            let mut b = Sim::<Wide<16>>::interpreted(&net);
            for _ in 0..3 {
                a.eval();
                b.eval();
                a.clock();
                b.clock();
            }
            for o in 0..net.outputs() {
                a.eval();
                b.eval();
                assert_eq!(a.output(o), b.output(o), "case {case}:\n{text}");
            }
        }
    }
    assert!(accepted > 100, "only {accepted} of the mutants were netlists: the mutations are too coarse");
}
