//! How the levels take the time of a Verilog design that is not cycles of
//! one rising `clock` (issue 56; docs/own-design.md, "Several clocks"):
//! [`Steps`], decided when the design is read
//! (`design_source.rs`) and followed by every level.

/// How the levels take a Verilog design's time that is not cycles of one
/// rising `clock` (docs/own-design.md, "Several clocks"; issue 56): in steps,
/// each clock an input of the model's letters, the design's flip-flops and
/// latches logic on one global step as yosys's `clk2fflogic` makes them.
/// At each step the clocks take their letter's values first, then the
/// inputs that only open latches, then the others; a register takes, at a
/// step where its clock has its edge, the value its input had at the step
/// before, and the outputs are compared once the step has settled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    /// The inputs that drive a flip-flop's clock pin, as the file names them.
    pub clocks: Vec<String>,
    /// The inputs that open latches and clock no flip-flop.
    pub opens: Vec<String>,
    /// Why not cycles of one clock: several clocks, a falling edge, a latch.
    pub why: String,
    /// The design's latches: the iCE40 has none, and `synth_ice40` makes
    /// each a loop of LUTs. The netlist level's bitsim cuts a loop of one
    /// LUT with a register of the step before (as `clk2fflogic` makes a
    /// latch); the bitstream's netlist simulator and the proofs do not take
    /// the loop (the netlist and bitstream levels run it in Icarus).
    pub latches: Vec<String>,
}

impl Steps {
    /// Why the bitstream level's bitsim engine and the bitstream=netlist
    /// proof (and the netlist level's bitsim and the netlist=verilog proof,
    /// where a loop runs through more than one LUT) cannot take the design,
    /// when it has a latch.
    pub fn latch_loops(&self) -> Option<String> {
        let first = self.latches.first()?;
        Some(format!(
            "the iCE40 has no latch: synth_ice40 makes each of the design's {} (the first {first}) a loop of LUTs, which the netlist simulator \
             and the provers take only in the synthesised netlist and only as one LUT (netlist/bitsim and the netlist=verilog proof cut it \
             with a register of the step before); the bitstream's netlist holds it across a LUT and its tile's wiring \
             (netlist/icarus and bitstream/icarus run it)",
            if self.latches.len() == 1 { "latch".to_string() } else { format!("{} latches", self.latches.len()) }
        ))
    }

    /// What the levels' rows say of it.
    pub fn describe(&self) -> String {
        let mut toggled = self.clocks.clone();
        toggled.extend(self.opens.iter().cloned());
        format!("in steps ({}): {} toggled by the model's letters, every interleaving the letters give (clk2fflogic)", self.why, toggled.join(", "))
    }
}
