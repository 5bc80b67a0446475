//! The levels and their engines: one typed key for what runs where.

/// The verification levels, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Level {
    /// Every level, in order: rtl, verilog, netlist, bitstream, equiv.
    pub const ALL: [Level; 5] = [Level::Rtl, Level::Verilog, Level::Netlist, Level::Bitstream, Level::Equiv];

    /// The three levels of hardware the simulators run (verilog, netlist,
    /// bitstream), in the table's order.
    pub const HARDWARE: [Level; 3] = [Hardware::ALL[0].level(), Hardware::ALL[1].level(), Hardware::ALL[2].level()];

    /// The levels this stands for: itself, since `Level::All` is gone.
    #[deprecated(since = "0.3.0", note = "a level stands for itself: write vec![level], or Level::ALL for every level")]
    pub fn expand(self) -> Vec<Level> {
        vec![self]
    }

    /// The level's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Level::Rtl => "rtl",
            Level::Verilog => "verilog",
            Level::Netlist => "netlist",
            Level::Bitstream => "bitstream",
            Level::Equiv => "equiv",
        }
    }

    /// The engines that simulate this level.
    pub fn engines(self) -> &'static [Engine] {
        match self {
            Level::Verilog => &Engine::ALL,
            Level::Netlist | Level::Bitstream => &[Engine::Bitsim, Engine::Icarus],
            _ => &[],
        }
    }
}

/// The simulators of the hardware levels (`--engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Engine {
    /// Every engine: bitsim, icarus, verilator.
    pub const ALL: [Engine; 3] = [Engine::Bitsim, Engine::Icarus, Engine::Verilator];

    /// The engines this stands for: itself, since `Engine::All` is gone.
    #[deprecated(since = "0.3.0", note = "an engine stands for itself: write vec![engine], or Engine::ALL for every engine")]
    pub fn expand(self) -> Vec<Engine> {
        vec![self]
    }

    /// The engine's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bitsim => "bitsim",
            Engine::Icarus => "icarus",
            Engine::Verilator => "verilator",
        }
    }
}

/// The three levels of hardware the simulators run, a [`Level`] each: the
/// level of a [`Run`] and of bitsim's deep runs ([`Stage::Deep`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hardware {
    /// The Verilog file (bitsim, Icarus, Verilator).
    Verilog,
    /// yosys's `synth_ice40` netlist (bitsim, Icarus).
    Netlist,
    /// The placed-and-routed bitstream, turned back into Verilog (bitsim,
    /// Icarus).
    Bitstream,
}

impl Hardware {
    /// The three, in the table's order.
    pub const ALL: [Hardware; 3] = [Hardware::Verilog, Hardware::Netlist, Hardware::Bitstream];

    /// The level it is.
    pub const fn level(self) -> Level {
        match self {
            Hardware::Verilog => Level::Verilog,
            Hardware::Netlist => Level::Netlist,
            Hardware::Bitstream => Level::Bitstream,
        }
    }

    /// The level's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        self.level().name()
    }

    /// The engines that simulate it: every one at `verilog`, bitsim and
    /// Icarus at `netlist` and `bitstream`.
    pub fn engines(self) -> &'static [Engine] {
        self.level().engines()
    }
}

impl From<Hardware> for Level {
    fn from(h: Hardware) -> Level {
        h.level()
    }
}

impl Level {
    /// The hardware level this is, or `None` for `rtl` and `equiv`.
    pub fn hardware(self) -> Option<Hardware> {
        Hardware::ALL.into_iter().find(|h| h.level() == self)
    }
}

/// A hardware level with one of the engines that run it: `verilog/verilator`
/// can be made, `netlist/verilator` cannot ([`Run::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    level: Hardware,
    engine: Engine,
}

impl Run {
    /// The level run by the engine, where the engine runs that level
    /// ([`Hardware::engines`]).
    pub fn new(level: Hardware, engine: Engine) -> Option<Run> {
        level.engines().contains(&engine).then_some(Run { level, engine })
    }

    /// The level run by bitsim, which runs every one.
    pub const fn bitsim(level: Hardware) -> Run {
        Run { level, engine: Engine::Bitsim }
    }

    /// The level run by Icarus, which runs every one.
    pub const fn icarus(level: Hardware) -> Run {
        Run { level, engine: Engine::Icarus }
    }

    /// `verilog/verilator`, the one level Verilator runs.
    pub const fn verilator() -> Run {
        Run { level: Hardware::Verilog, engine: Engine::Verilator }
    }

    /// The level.
    pub fn level(self) -> Hardware {
        self.level
    }

    /// The engine.
    pub fn engine(self) -> Engine {
        self.engine
    }
}

/// A level with the engine that ran it: the key of every report's row
/// ([`crate::LevelReport::level`]), named `rtl`, `verilog/bitsim`,
/// `netlist/bitsim-deep`, `bitstream/icarus`, ... in tables and JSON
/// (`Display`; [`str::parse`] reads the name back).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Stage {
    /// The rust-hdl simulation, in process: `rtl`.
    Rtl,
    /// A hardware level (`verilog`, `netlist`, `bitstream`) run by one of
    /// its engines ([`Hardware::engines`]): `netlist/icarus`.
    Run(Run),
    /// bitsim's deep runs at a hardware level (a machine's
    /// [`crate::Machine::deep`]): `netlist/bitsim-deep`.
    Deep(Hardware),
    /// A level this crate does not run, named by the program that runs it
    /// (a wrapper of the design, run end to end: `wrapper/icarus`); never
    /// a name of the crate's own levels.
    Other(String),
}

impl Stage {
    /// The hardware level run by bitsim.
    pub fn bitsim(level: Hardware) -> Stage {
        Stage::Run(Run::bitsim(level))
    }

    /// The level, for the crate's own stages.
    pub fn level(&self) -> Option<Level> {
        match self {
            Stage::Rtl => Some(Level::Rtl),
            Stage::Run(_) | Stage::Deep(_) => self.hardware().map(Hardware::level),
            Stage::Other(_) => None,
        }
    }

    /// The level and engine of a [`Stage::Run`] (bitsim's deep runs are
    /// [`Stage::Deep`], not a run): `stage.run().map(Run::engine) ==
    /// Some(Engine::Bitsim)` picks the rows bitsim ran.
    pub fn run(&self) -> Option<Run> {
        match self {
            Stage::Run(run) => Some(*run),
            _ => None,
        }
    }

    /// The hardware level of a run or of bitsim's deep runs.
    pub fn hardware(&self) -> Option<Hardware> {
        match self {
            Stage::Run(run) => Some(run.level()),
            Stage::Deep(level) => Some(*level),
            _ => None,
        }
    }

    /// The stage's place in a table: rtl, then each hardware level's
    /// bitsim, its deep runs, Icarus, Verilator; another program's last.
    pub(crate) fn rank(&self) -> usize {
        let hardware = |h: Hardware| 1 + 4 * h as usize;
        match self {
            Stage::Rtl => 0,
            Stage::Run(run) => {
                hardware(run.level())
                    + match run.engine() {
                        Engine::Bitsim => 0,
                        Engine::Icarus => 2,
                        Engine::Verilator => 3,
                    }
            }
            Stage::Deep(level) => hardware(*level) + 1,
            Stage::Other(_) => usize::MAX,
        }
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stage::Rtl => f.write_str(Level::Rtl.name()),
            Stage::Run(run) => write!(f, "{}/{}", run.level().name(), run.engine().name()),
            Stage::Deep(level) => write!(f, "{}/{}-deep", level.name(), Engine::Bitsim.name()),
            Stage::Other(name) => f.write_str(name),
        }
    }
}

impl std::str::FromStr for Stage {
    type Err = crate::Error;

    /// A stage's name as `Display` writes it. A name under one of the
    /// crate's levels must be one of its stages; any other name is
    /// [`Stage::Other`].
    fn from_str(name: &str) -> Result<Stage, crate::Error> {
        let (level, engine) = name.split_once('/').unwrap_or((name, ""));
        let Some(level) = Level::ALL.into_iter().find(|l| l.name() == level) else {
            return match name.trim().is_empty() {
                true => Err(crate::Error::Input("a level's name is empty".into())),
                false => Ok(Stage::Other(name.to_string())),
            };
        };
        let stage = match (level.hardware(), engine) {
            (None, "") if level == Level::Rtl => Some(Stage::Rtl),
            (None, _) => None,
            (Some(level), "bitsim-deep") => Some(Stage::Deep(level)),
            (Some(level), _) => Engine::ALL.into_iter().find(|e| e.name() == engine).and_then(|e| Run::new(level, e)).map(Stage::Run),
        };
        stage.ok_or_else(|| crate::Error::Input(format!("'{name}' is no level and engine of a report: rtl, or a level's engine as in verilog/bitsim")))
    }
}

impl From<Stage> for String {
    fn from(stage: Stage) -> String {
        stage.to_string()
    }
}

impl TryFrom<String> for Stage {
    type Error = crate::Error;

    fn try_from(name: String) -> Result<Stage, crate::Error> {
        name.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stage the crate runs reads back from its name, and the names
    /// sort as the table lists them.
    #[test]
    fn names_read_back_in_table_order() {
        let mut stages = vec![Stage::Rtl];
        for level in Hardware::ALL {
            stages.extend(level.engines().iter().filter_map(|e| Run::new(level, *e)).map(Stage::Run));
            stages.push(Stage::Deep(level));
        }
        for s in &stages {
            assert_eq!(&s.to_string().parse::<Stage>().unwrap(), s);
            assert_eq!(serde_json::from_str::<Stage>(&serde_json::to_string(s).unwrap()).unwrap(), *s);
        }
        let mut names: Vec<String> = stages.iter().map(|s| s.to_string()).collect();
        stages.sort_by_key(Stage::rank);
        names.sort_by_key(|n| {
            [
                "rtl",
                "verilog/bitsim",
                "verilog/bitsim-deep",
                "verilog/icarus",
                "verilog/verilator",
                "netlist/bitsim",
                "netlist/bitsim-deep",
                "netlist/icarus",
                "bitstream/bitsim",
                "bitstream/bitsim-deep",
                "bitstream/icarus",
            ]
            .iter()
            .position(|x| x == n)
        });
        assert_eq!(stages.iter().map(|s| s.to_string()).collect::<Vec<_>>(), names);
        assert_eq!("wrapper/icarus".parse::<Stage>().unwrap(), Stage::Other("wrapper/icarus".into()));
        for bad in ["", "netlist/verilator", "rtl/bitsim", "verilog", "equiv/x", "bitstream/bitsim-deeper"] {
            assert!(bad.parse::<Stage>().is_err(), "{bad}");
        }
    }

    /// A run holds only an engine its level runs, and every stage named
    /// `level/engine` gives its run back.
    #[test]
    fn a_run_is_an_engine_its_level_runs() {
        let runs: Vec<String> = Hardware::ALL
            .into_iter()
            .flat_map(|h| Engine::ALL.into_iter().filter_map(move |e| Run::new(h, e)))
            .map(|r| format!("{}/{}", r.level().name(), r.engine().name()))
            .collect();
        let expected = ["verilog/bitsim", "verilog/icarus", "verilog/verilator", "netlist/bitsim", "netlist/icarus", "bitstream/bitsim", "bitstream/icarus"];
        assert_eq!(runs, expected);
        for name in expected {
            let stage: Stage = name.parse().unwrap();
            let run = stage.run().unwrap();
            assert_eq!(format!("{}/{}", run.level().name(), run.engine().name()), name);
            assert_eq!(stage.hardware(), Some(run.level()));
        }
        assert_eq!("netlist/bitsim-deep".parse::<Stage>().unwrap().run(), None);
        assert_eq!("netlist/bitsim-deep".parse::<Stage>().unwrap().hardware(), Some(Hardware::Netlist));
        assert_eq!(Run::new(Hardware::Netlist, Engine::Verilator), None);
        assert_eq!(Level::ALL.map(Level::hardware), [None, Some(Hardware::Verilog), Some(Hardware::Netlist), Some(Hardware::Bitstream), None]);
    }
}
