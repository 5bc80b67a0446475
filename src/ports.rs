//! A design's ports, as the Verilog names them: the vocabulary every layer
//! shares (the testbench and constraint templates in `emit`, the builds,
//! the harness in `verify`), so it sits below them all.

/// A port of a design, as the Verilog names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    /// The port's name in the Verilog module.
    pub name: &'static str,
    /// Its width in bits.
    pub width: usize,
}
