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
}

/// The testbench for `module` with these input and output ports (`clock`
/// besides); `bitwise` for a bitstream's ports.
pub fn render(module: &str, inputs: &[Port], outputs: &[Port], bitwise: bool) -> String {
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
    let mut conns = vec![format!("        .clock(clock)")];
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
    Testbench {
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
