//! The levels and their engines: one typed key for what runs where.

/// The verification levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Level {
    /// The rust-hdl simulation, in process.
    Rtl,
    /// The Verilog file in `generated/` (bitsim, Icarus, Verilator).
    Verilog,
    /// yosys's `synth_ice40` netlist (bitsim, Icarus).
    Netlist,
    /// The placed-and-routed `.asc` for the iCEstick, turned back into
    /// Verilog by icebox_vlog (bitsim, Icarus).
    Bitstream,
    /// The netlist proven equal to the Verilog and the bitstream to the
    /// netlist (`equiv`, yosys).
    Equiv,
    /// Every level above.
    All,
}

impl Level {
    /// The levels this stands for: every one for [`Level::All`], else
    /// itself.
    pub fn expand(self) -> Vec<Level> {
        match self {
            Level::All => vec![Level::Rtl, Level::Verilog, Level::Netlist, Level::Bitstream, Level::Equiv],
            l => vec![l],
        }
    }

    /// The level's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Level::Rtl => "rtl",
            Level::Verilog => "verilog",
            Level::Netlist => "netlist",
            Level::Bitstream => "bitstream",
            Level::Equiv => "equiv",
            Level::All => "all",
        }
    }

    /// The engines that simulate this level.
    pub fn engines(self) -> &'static [Engine] {
        match self {
            Level::Verilog => &[Engine::Bitsim, Engine::Icarus, Engine::Verilator],
            Level::Netlist | Level::Bitstream => &[Engine::Bitsim, Engine::Icarus],
            _ => &[],
        }
    }
}

/// The simulators of the hardware levels (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Engine {
    /// nimforge's own bit-parallel simulator (`src/netlist`), the whole
    /// plan in lanes: at `verilog`, yosys's generic gates of the generated
    /// Verilog; at `netlist`, the `synth_ice40` netlist's iCE40 cells; at
    /// `bitstream`, the `.asc` turned back into Verilog.
    Bitsim,
    /// Icarus Verilog, an independent second opinion (a seeded share of a
    /// long plan).
    #[cfg_attr(feature = "clap", value(alias = "iverilog"))]
    Icarus,
    /// Verilator, at the `verilog` level: the whole plan.
    Verilator,
    /// Every engine above.
    All,
}

impl Engine {
    /// The engines this stands for: every one for [`Engine::All`], else
    /// itself.
    pub fn expand(self) -> Vec<Engine> {
        match self {
            Engine::All => vec![Engine::Bitsim, Engine::Icarus, Engine::Verilator],
            e => vec![e],
        }
    }

    /// The engine's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bitsim => "bitsim",
            Engine::Icarus => "icarus",
            Engine::Verilator => "verilator",
            Engine::All => "all",
        }
    }
}

