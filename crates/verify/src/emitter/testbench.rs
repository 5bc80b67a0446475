//! Verilog testbenches from `templates/testbench.v.j2`, one per machine and
//! per port style: `<module>_tb.v` for the generated Verilog and the yosys
//! netlist, `<module>_bitstream_tb.v` for what icebox_vlog writes back (one
//! port per bit, escaped names).

use crate::port::Port;
use askama::Template;

struct Slice {
    name: &'static str,
    width: usize,
    msb: usize,
    lsb: usize,
}

#[derive(Template)]
#[template(path = "testbench.v.j2", escape = "none")]
struct Testbench<'a> {
    module: &'a str,
    bitwise: bool,
    in_width: usize,
    out_width: usize,
    inputs: Vec<Slice>,
    outputs: Vec<Slice>,
    out_concat: String,
    connections: String,
    /// In steps ([`crate::steps::Steps`]): the clocks' and the
    /// latch-opening inputs' bits of the vector's inputs, in hex.
    steps: bool,
    clock_mask: String,
    open_mask: String,
}

/// The testbench for `module` with these input and output ports (`clock`
/// besides, in cycles; in `steps`, each clock one of the inputs); `bitwise`
/// for a bitstream's ports.
pub fn render(module: &str, inputs: &[Port], outputs: &[Port], bitwise: bool, steps: Option<&crate::steps::Steps>) -> String {
    let slices = |ports: &[Port]| {
        let mut lsb: usize = ports.iter().map(|p| p.width).sum();
        ports
            .iter()
            .map(|p| {
                lsb -= p.width;
                Slice { name: p.name, width: p.width, msb: lsb + p.width - 1, lsb }
            })
            .collect::<Vec<_>>()
    };
    let mut conns = if steps.is_some() { vec![] } else { vec![format!("        .clock(clock)")] };
    let mut connect = |p: &Port, wire: String| {
        if bitwise && p.width > 1 {
            for b in 0..p.width {
                conns.push(format!("        .\\{}[{b}] ({wire}[{b}])", p.name));
            }
        } else {
            conns.push(format!("        .{}({wire})", p.name));
        }
    };
    for p in inputs {
        connect(p, format!("in_{}", p.name));
    }
    for p in outputs {
        connect(p, format!("out_{}", p.name));
    }
    // A mask of the inputs named, as a hex constant of the inputs' width.
    let mask = |names: &[String]| {
        let mut bits = vec![false; inputs.iter().map(|p| p.width).sum()];
        for s in slices(inputs).iter().filter(|s| names.iter().any(|n| n == s.name)) {
            (s.lsb..=s.msb).for_each(|b| bits[b] = true);
        }
        let digits: Vec<String> = bits.chunks(4).rev().map(|c| format!("{:x}", c.iter().rev().fold(0, |v, &b| v * 2 + b as u8))).collect();
        if digits.is_empty() {
            "0".to_string()
        } else {
            digits.concat()
        }
    };
    let (clock_mask, open_mask) = steps.map(|s| (mask(&s.clocks), mask(&s.opens))).unwrap_or_default();
    Testbench {
        steps: steps.is_some(),
        clock_mask,
        open_mask,
        module,
        bitwise,
        in_width: inputs.iter().map(|p| p.width).sum(),
        out_width: outputs.iter().map(|p| p.width).sum(),
        inputs: slices(inputs),
        outputs: slices(outputs),
        out_concat: outputs.iter().map(|p| format!("out_{}", p.name)).collect::<Vec<_>>().join(", "),
        connections: conns.join(",\n"),
    }
    .render()
    .expect("the testbench template renders")
}
