//! Everything nimforge writes: the Verilog of the designs and the texts made
//! from askama templates (testbenches, pin files; the yosys script is made in
//! `flow::yosys`).

pub mod pcf;
pub mod report;
pub mod testbench;
pub mod verilog;

use crate::harness::Machine;

/// A file nimforge writes, relative to the project root.
pub struct Generated {
    /// Where it goes, e.g. `generated/counter.v`.
    pub path: String,
    /// What it holds.
    pub contents: String,
}

/// The design's Verilog (`generated/<module>.v`, its first lines naming
/// `origin`, the source it came from) and its two testbenches
/// (`testbenches/<module>_tb.v` and `_bitstream_tb.v`), which every
/// simulated level reads.
pub fn design_files<M: Machine>(origin: &str) -> Result<Vec<Generated>, crate::Error> {
    let mut design = M::design();
    Ok(vec![
        Generated { path: crate::layout::Places::generated_file(M::MODULE), contents: verilog::emit(&mut design, M::MODULE, origin)? },
        Generated { path: format!("testbenches/{}_tb.v", M::MODULE), contents: testbench::render(M::MODULE, &M::inputs(), &M::outputs(), false, None) },
        Generated {
            path: format!("testbenches/{}_bitstream_tb.v", M::MODULE),
            contents: testbench::render(M::MODULE, &M::inputs(), &M::outputs(), true, None),
        },
    ])
}
