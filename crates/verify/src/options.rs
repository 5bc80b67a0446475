//! What a run of the levels does ([`Options`]): the levels and engines, the
//! bound on the states, the shard, the deep runs, and who hears of each
//! level as it finishes. One value the command line and a user's crate
//! both build ([`crate::Project::verify_with`]).

use crate::report::Shard;
use crate::{DeepRuns, Engine, Level, LevelReport};
use std::sync::Arc;

/// Who hears of each level's report as it finishes (a progress display, a
/// Ctrl-C handler that prints what had finished): called from the run's
/// threads.
pub type OnLevel = Arc<dyn Fn(&LevelReport) + Send + Sync>;

/// What a run of the levels does. [`Options::all`] is what
/// [`crate::Project::verify`] runs; the rest narrow it:
///
/// ```
/// use nimforge_verify::{Engine, Level, Options};
/// let options = Options::all().levels(&[Level::Verilog, Level::Netlist]).engines(&[Engine::Bitsim]).max_states(10_000);
/// assert!(options.runs(Level::Netlist, Engine::Bitsim) && !options.runs(Level::Netlist, Engine::Icarus));
/// ```
#[derive(Clone)]
pub struct Options {
    pub(crate) levels: Vec<Level>,
    pub(crate) engines: Vec<Engine>,
    pub(crate) max_states: Option<usize>,
    pub(crate) shard: Option<Shard>,
    pub(crate) deep: DeepRuns,
    pub(crate) on_level: Option<OnLevel>,
}

impl Options {
    /// Every level (rtl, verilog, netlist, bitstream, equiv) in every
    /// engine, the machine's own bound on the states
    /// ([`crate::Machine::MAX_STATES`]), every deep run, no shard.
    pub fn all() -> Options {
        Options { levels: Level::ALL.to_vec(), engines: Engine::ALL.to_vec(), max_states: None, shard: None, deep: DeepRuns::All, on_level: None }
    }

    /// Only these levels ([`Level::ALL`] is every one).
    pub fn levels(mut self, levels: &[Level]) -> Options {
        self.levels = Vec::new();
        for &l in levels {
            if !self.levels.contains(&l) {
                self.levels.push(l);
            }
        }
        self
    }

    /// Only these engines at the hardware levels ([`Engine::ALL`] is every
    /// one).
    pub fn engines(mut self, engines: &[Engine]) -> Options {
        self.engines = Vec::new();
        for &e in engines {
            if !self.engines.contains(&e) {
                self.engines.push(e);
            }
        }
        self
    }

    /// At most `states` states for the tour (else the machine's own
    /// [`crate::Machine::MAX_STATES`]).
    pub fn max_states(mut self, states: usize) -> Options {
        self.max_states = Some(states);
        self
    }

    /// How much of the machine's deep runs to run ([`DeepRuns`]).
    pub fn deep(mut self, deep: DeepRuns) -> Options {
        self.deep = deep;
        self
    }

    /// Only the slice `shard` of the bitsim engine's work (`--shard I/N`, a
    /// job of an array): a shard runs the bitsim engine at the verilog,
    /// netlist and bitstream levels, so the levels and engines are narrowed
    /// to those; a run whose levels or engines leave none of them is
    /// refused when it starts.
    pub fn shard(mut self, shard: Shard) -> Options {
        self.shard = Some(shard);
        self.levels.retain(|l| Level::HARDWARE.contains(l));
        self.engines.retain(|e| *e == Engine::Bitsim);
        self
    }

    /// `on_level` hears of each level's report as it finishes, from the
    /// run's threads.
    pub fn on_level(mut self, on_level: impl Fn(&LevelReport) + Send + Sync + 'static) -> Options {
        self.on_level = Some(Arc::new(on_level));
        self
    }

    /// Whether the run takes `level` in `engine` (and `level` runs there).
    pub fn runs(&self, level: Level, engine: Engine) -> bool {
        self.levels.contains(&level) && self.engines.contains(&engine) && level.engines().contains(&engine)
    }

    /// The levels the run takes, in the table's order.
    pub fn wanted_levels(&self) -> &[Level] {
        &self.levels
    }

    /// The engines the run takes at the hardware levels.
    pub fn wanted_engines(&self) -> &[Engine] {
        &self.engines
    }

    /// The shard, if the run is one.
    pub fn wanted_shard(&self) -> Option<Shard> {
        self.shard
    }

    /// Tells whoever listens that `report` finished, and hands it back.
    pub(crate) fn noted(&self, report: LevelReport) -> LevelReport {
        if let Some(f) = &self.on_level {
            f(&report);
        }
        report
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("levels", &self.levels)
            .field("engines", &self.engines)
            .field("max_states", &self.max_states)
            .field("shard", &self.shard)
            .field("deep", &self.deep)
            .field("on_level", &self.on_level.as_ref().map(|_| "a listener"))
            .finish()
    }
}
