//! `nimforge verify MACHINE [--level ...] [--engine ...] [--json]`: each
//! machine's levels (`verify::run`) and its proofs, beside them its board
//! wrapper's proofs and panel level, and the table.

use nimforge_verify::levels::equiv;
use nimforge_verify::Places;
use nimforge_verify::Ui;
use nimforge_verify::{Engine, Level, LevelReport, Options, Status};
use std::path::Path;
use std::sync::Mutex;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A machine's name, or all.
    #[arg(value_parser = super::machine_names(true))]
    machine: String,
    /// The levels, comma-separated (rtl,verilog,netlist,bitstream,panel,equiv), or all.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "all")]
    level: Vec<Asked>,
    /// The hardware levels' simulators, comma-separated: bitsim (the
    /// whole plan in lanes), icarus (a share), verilator (the verilog
    /// level), or all.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "all")]
    engine: Vec<AskedEngine>,
    /// The most states a machine's tour may explore, and the most pair
    /// states (model state with design registers) its transition search
    /// may hold, before each stops and says so (each machine has its own
    /// bound, 20,000,000 unless its harness says otherwise; a search
    /// stopped is not exhaustive).
    #[arg(long, value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u64).range(1..=4_000_000_000), |v| v as usize))]
    max_states: Option<usize>,
    /// Run slice I of N of the bitsim levels' work (the plan's pieces,
    /// the deep runs' chunks; the search whole in slice 0), I from 0, or
    /// auto (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX); `merge` adds the
    /// slices' --json reports up. Other levels and engines are left out.
    #[arg(long)]
    shard: Option<String>,
    /// How much of the deep runs (the learning machine's 10^6 games,
    /// Wilson's 10^7 positions; a `<level>/bitsim-deep` row beside each
    /// bitsim level) to run: all, or a sample of every tenth chunk
    /// (CI's; `.ci/deep` runs them all).
    #[arg(long, value_enum, default_value = "all")]
    deep: nimforge_verify::DeepRuns,
    /// One JSON object per level, and one per proof (`"level": "equiv"`).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    ci: super::ci::CiArgs,
}

/// Every level finished so far in this run, as the levels' listener
/// ([`Options::on_level`]) and the panel's hear of them: what Ctrl-C prints.
/// A signal's handler is the process's, so this is too.
static FINISHED: Mutex<Vec<LevelReport>> = Mutex::new(Vec::new());

/// Notes a finished level for Ctrl-C.
fn note(r: &LevelReport) {
    FINISHED.lock().unwrap_or_else(|e| e.into_inner()).push(r.clone());
}

/// Ctrl-C: the levels finished so far, as the run would have shown them,
/// a line saying the run was interrupted, and exit status 130.
fn on_interrupt(json: bool) {
    let _ = ctrlc::set_handler(move || {
        let done = FINISHED.lock().unwrap_or_else(|e| e.into_inner()).clone();
        eprintln!();
        if json {
            for r in &done {
                super::print_json(r);
            }
        } else if !done.is_empty() {
            print_table(&done);
        }
        eprintln!("interrupted: {} level(s) had finished (shown above); the others did not run to the end", done.len());
        std::process::exit(130);
    });
}

/// A level `verify --level` names: one of nimforge-verify's ([`Level`]),
/// or the machines' own `panel`, the board wrapper end to end
/// (`crate::panel::level`); `all` is every one of both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A level of the machine's design.
    Level(Level),
    /// The board wrapper end to end through its UART: rust-hdl, Icarus,
    /// Verilator.
    Panel,
    /// Every level above.
    All,
}

impl clap::ValueEnum for Asked {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Asked::Level(Level::Rtl),
            Asked::Level(Level::Verilog),
            Asked::Level(Level::Netlist),
            Asked::Level(Level::Bitstream),
            Asked::Panel,
            Asked::Level(Level::Equiv),
            Asked::All,
        ]
    }

    /// The crate's levels as `Level` says them (its doc comments are their
    /// help in `--help`), and the panel's.
    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            Asked::Level(l) => clap::ValueEnum::to_possible_value(l),
            Asked::Panel => Some(
                clap::builder::PossibleValue::new(crate::panel::level::NAME).help("The board wrapper end to end through its UART: rust-hdl, Icarus, Verilator"),
            ),
            Asked::All => Some(every("level")),
        }
    }
}

impl Asked {
    /// The design's levels `asked` names, and whether the panel is among
    /// them.
    fn levels(asked: &[Asked]) -> (Vec<Level>, bool) {
        let all = asked.contains(&Asked::All);
        let levels = match all {
            true => Level::ALL.to_vec(),
            false => asked.iter().filter_map(|a| if let Asked::Level(l) = a { Some(*l) } else { None }).collect(),
        };
        (levels, all || asked.contains(&Asked::Panel))
    }
}

/// An engine `verify --engine` names: one of nimforge-verify's
/// ([`Engine`]), or `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskedEngine {
    /// One engine.
    Engine(Engine),
    /// Every engine ([`Engine::ALL`]).
    All,
}

impl clap::ValueEnum for AskedEngine {
    fn value_variants<'a>() -> &'a [Self] {
        &[AskedEngine::Engine(Engine::Bitsim), AskedEngine::Engine(Engine::Icarus), AskedEngine::Engine(Engine::Verilator), AskedEngine::All]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            AskedEngine::Engine(e) => clap::ValueEnum::to_possible_value(e),
            AskedEngine::All => Some(every("engine")),
        }
    }
}

impl AskedEngine {
    /// The engines `asked` names.
    fn engines(asked: &[AskedEngine]) -> Vec<Engine> {
        match asked.contains(&AskedEngine::All) {
            true => Engine::ALL.to_vec(),
            false => asked.iter().filter_map(|a| if let AskedEngine::Engine(e) = a { Some(*e) } else { None }).collect(),
        }
    }
}

/// `all` on the command line: every `what` (level, engine) listed above it.
fn every(what: &str) -> clap::builder::PossibleValue {
    clap::builder::PossibleValue::new("all").help(format!("Every {what} above"))
}

/// The machine is a machine's name, or `all` for every machine in turn;
/// `--engine` picks the hardware levels' simulators.
pub fn run(args: &Args, process: &super::Process) -> Result<i32, crate::Error> {
    let Args { machine, level: asked_levels, engine: asked_engines, max_states, shard, deep, json, ci } = args;
    let (max_states, deep, json, root) = (*max_states, *deep, *json, process.root.as_path());
    let ci = &ci.out(process.github_actions);
    ci.ready()?;
    let shard = shard.as_deref().map(nimforge_verify::report::Shard::parse).transpose()?;
    let machines: Vec<&crate::machines::Entry> =
        if machine == "all" { crate::machines::MACHINES.iter().collect() } else { vec![crate::machines::find(machine)?] };
    let ui = Ui::new(json);
    on_interrupt(json);
    let (levels, mut panel_wanted) = Asked::levels(asked_levels);
    let mut wanted = Options::all().levels(&levels).engines(&AskedEngine::engines(asked_engines)).deep(deep).on_level(note);
    if let Some(states) = max_states {
        wanted = wanted.max_states(states);
    }
    if let Some(shard) = shard {
        // A shard runs the bitsim engine's part of the hardware levels: the
        // options narrow to it.
        wanted = wanted.shard(shard);
        panel_wanted = false;
        if !Level::HARDWARE.iter().any(|l| wanted.runs(*l, Engine::Bitsim)) {
            return Err(
                "--shard splits the bitsim engine's work at the verilog, netlist and bitstream levels: ask for one of those with --engine bitsim".into()
            );
        }
    }
    let mut reports = Vec::new();
    let mut proofs = Vec::new();
    for m in machines {
        let name = m.name;
        let levels_wanted = !wanted.wanted_levels().is_empty();
        // A stale generated/ is said at once, before the wrapper's work
        // below starts beside the levels (which would find it too).
        if wanted.wanted_levels().iter().any(|l| *l != Level::Rtl) {
            (m.fresh)(root)?;
        }
        // The board wrapper's work (its proofs, its panel level) beside the
        // machine's levels: it needs nothing of theirs, and it is mostly one
        // process at a time (yosys, nextpnr, one simulator), as is the
        // machine's last Icarus level, so side by side they keep both cores
        // busy (issue 37). The rows keep their order: the machine's levels,
        // then the panel's; the machine's proofs, then the wrapper's.
        let (machine, (wrapper, panel)) = std::thread::scope(|beside| {
            let board = beside.spawn(|| {
                let wrapper = wanted.wanted_levels().contains(&Level::Equiv).then(|| {
                    let _job = ui.job(&format!("{name} wrapper: yosys synth_ice40, the iCEstick build, equiv"));
                    crate::panel::board::proofs(name, &m.wrapper, root)
                });
                let panel = panel_wanted.then(|| {
                    let _job = ui.job(&format!("{name} panel"));
                    (m.panel)(root, &note)
                });
                (wrapper, panel)
            });
            let machine = levels_wanted.then(|| (m.verify)(&wanted, root, &ui));
            (machine, board.join().expect("the board wrapper's thread panicked"))
        });
        if let Some(machine) = machine {
            let verified = machine.map_err(|e| refused(name, &crate::Error::from(e).to_string(), ci, json, root))?;
            reports.extend(verified.levels);
            proofs.extend(verified.proofs);
        }
        proofs.extend(wrapper.into_iter().flatten());
        reports.extend(panel.into_iter().flatten());
    }
    if json {
        for r in &reports {
            super::print_json(r);
        }
        for p in &proofs {
            super::print_json(p);
        }
        if let Some(s) = shard {
            println!("{}", nimforge_verify::report::end_line(s, reports.len() + proofs.len()));
        }
    } else {
        if !reports.is_empty() {
            print_table(&reports);
        }
        if !proofs.is_empty() {
            if !reports.is_empty() {
                println!();
            }
            print!("{}", equiv::table(&proofs));
        }
    }
    ci.junit("nimforge verify", &nimforge_verify::ci::junit::of_levels(&reports, &proofs))?;
    if ci.annotating() {
        for m in crate::machines::MACHINES.iter() {
            let rows: Vec<LevelReport> = reports.iter().filter(|r| r.machine == m.name).cloned().collect();
            if rows.iter().any(LevelReport::bad) {
                let file = root.join(Places::generated_file(m.module));
                let lines = nimforge_verify::ci::annotate::of_levels(&rows, &file, m.module, &Places::annotate_work(root, m.name));
                ci.print(&lines, json);
            }
        }
    }
    if reports.iter().any(LevelReport::bad) || proofs.iter().any(equiv::ProofReport::bad) {
        return Ok(1);
    }
    let skipped_proof = proofs.iter().any(|p| p.status == equiv::ProofStatus::Skipped);
    if process.under_ci && (skipped_proof || reports.iter().any(|r| r.status == Status::Skipped)) {
        eprintln!("CI=true: a level was skipped for a missing tool; install it (see the README)");
        return Ok(1);
    }
    Ok(0)
}

/// A machine that could not be verified (a stale `generated/`, a model
/// that refused): its JUnit error case and its annotation, then the line.
fn refused(machine: &str, why: &str, ci: &super::ci::Out, json: bool, root: &Path) -> String {
    let suite = nimforge_verify::ci::junit::of_refusal(machine, "verify", why);
    if let Err(e) = ci.junit("nimforge verify", &[suite]) {
        eprintln!("nimforge: {e}");
    }
    let file = crate::machines::find(machine).map(|m| root.join(Places::generated_file(m.module)));
    let files: Vec<&Path> = file.iter().map(|f| f.as_path()).collect();
    ci.print(&[nimforge_verify::ci::annotate::of_refusal(&files, &format!("{machine} could not be verified"), why)], json);
    why.to_string()
}

fn print_table(reports: &[LevelReport]) {
    println!("{}", nimforge_verify::report::table(reports));
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    /// "all" is the command line's: every level with the panel, every
    /// engine; each other word is itself alone.
    #[test]
    fn all_on_the_command_line() {
        let level = |w: &str| Asked::from_str(w, false).unwrap();
        let engine = |w: &str| AskedEngine::from_str(w, false).unwrap();
        assert_eq!(Asked::levels(&[level("all")]), (Level::ALL.to_vec(), true));
        assert_eq!(Asked::levels(&[level("netlist"), level("panel")]), (vec![Level::Netlist], true));
        assert_eq!(Asked::levels(&[level("equiv")]), (vec![Level::Equiv], false));
        assert_eq!(AskedEngine::engines(&[engine("icarus"), engine("all")]), Engine::ALL.to_vec());
        assert_eq!(AskedEngine::engines(&[engine("iverilog")]), vec![Engine::Icarus]);
        // Every level and engine of the library has its word, and "all" is
        // no level's or engine's.
        for l in Level::ALL {
            assert_eq!(Asked::levels(&[level(l.name())]).0, vec![l]);
        }
        for e in Engine::ALL {
            assert_eq!(AskedEngine::engines(&[engine(e.name())]), vec![e]);
        }
        assert!(Level::from_str("all", false).is_err() && Engine::from_str("all", false).is_err());
    }
}
