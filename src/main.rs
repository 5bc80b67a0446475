//! The `nimforge` command.

use clap::{Parser, Subcommand};
use nimforge::commands;
use nimforge::commands::verify::Asked;
use nimforge_verify::Engine;

#[derive(Parser)]
#[command(name = "nimforge", version, about = "The historic Nim-playing machines as digital logic, verified against their documents")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the Verilog of every design to generated/ and the testbenches to testbenches/.
    Generate {
        /// Write nothing; exit 1 naming every stale or missing file.
        #[arg(long)]
        check: bool,
    },
    /// Check a machine against its oracle at every level.
    Verify {
        /// A machine's name, or all.
        #[arg(value_parser = machine_names(true))]
        machine: String,
        /// The levels, comma-separated (rtl,verilog,netlist,bitstream,panel,equiv), or all.
        #[arg(long, value_enum, value_delimiter = ',', default_value = "all")]
        level: Vec<Asked>,
        /// The hardware levels' simulators, comma-separated: bitsim (the
        /// whole plan in lanes), icarus (a share), verilator (the verilog
        /// level), or all.
        #[arg(long, value_enum, value_delimiter = ',', default_value = "all")]
        engine: Vec<Engine>,
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
        ci: CiArgs,
    },
    /// One machine move in the cycle-accurate simulation.
    Move {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// Pile sizes, e.g. 5,6,7 (relay-nim).
        #[arg(long)]
        piles: Option<String>,
        /// The pile the randomizer names first: 0, 1 or 2 (relay-nim).
        #[arg(long, default_value_t = 0)]
        randomizer: u8,
        /// Lamps lit in rows a..d, e.g. 1,6,3,4 (nimatron).
        #[arg(long)]
        rows: Option<String>,
        /// R1, R2 or R3 as 1, 2, 3 (nimatron).
        #[arg(long, default_value_t = 1)]
        r: u8,
        /// Groups of counters, up to 8 of up to 127, e.g. 28,53,1,16 (wilson).
        #[arg(long)]
        groups: Option<String>,
        #[command(flatten)]
        nimrod: NimrodArgs,
        #[arg(long)]
        json: bool,
    },
    /// A scripted game (nimatron) or a self-played one (nimrod) in the cycle-accurate simulation.
    Replay {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// The player's moves, each a row letter and the lamps put out, e.g. "a6 c3 d1 b2 b1" (nimatron).
        #[arg(long)]
        moves: Option<String>,
        /// The machine plays both sides ("split personality") to the end (nimrod).
        #[arg(long)]
        self_play: bool,
        #[command(flatten)]
        nimrod: NimrodArgs,
        #[arg(long)]
        json: bool,
    },
    /// Wilson's number problem in software: the tables, a position judged.
    Wilson {
        #[command(subcommand)]
        command: WilsonCommand,
    },
    /// Engines side by side: every position of the N x W Nim selector, or a
    /// machine's whole verification plan, checked against its oracle.
    Bench {
        /// selector, or a machine's name
        target: String,
        /// The selector's piles (4 by default).
        #[arg(long)]
        piles: Option<usize>,
        /// The selector's bits per pile (8 by default).
        #[arg(long)]
        bits: Option<usize>,
        /// Check slice I of N (0 <= I < N) of the selector's space; the slices cover it exactly once.
        #[arg(long)]
        shard: Option<String>,
        /// The selector's engines (repeat or separate with commas); all four by default.
        #[arg(long, value_enum, value_delimiter = ',')]
        engine: Vec<nimforge::bench::selector::Engine>,
        /// Selector positions Verilator checks, evenly spread over the slice (2^28 by default).
        #[arg(long)]
        verilator_sample: Option<u64>,
        /// Selector positions Icarus checks (2^16 by default).
        #[arg(long)]
        icarus_sample: Option<u64>,
        /// Selector positions the rust-hdl simulation checks (2^16 by default).
        #[arg(long)]
        rtl_sample: Option<u64>,
        /// Threads and processes (the cores by default).
        #[arg(long)]
        jobs: Option<usize>,
        /// One JSON object per engine: engine, vectors, seconds, vectors_per_second.
        #[arg(long)]
        json: bool,
    },
    /// Prove generated/selector_NxW.v equal to the reference testbenches/selector_ref.v (yosys).
    Prove {
        /// Number of piles (a size in generated/: 4 or 8).
        #[arg(long, default_value_t = 8)]
        piles: usize,
        /// Bits per pile.
        #[arg(long, default_value_t = 8)]
        bits: usize,
    },
    /// Games between a scripted human and the cycle-accurate learning machine, from a reset memory: the learning curve.
    Learn {
        /// How many games.
        #[arg(long, default_value_t = 40)]
        games: usize,
        /// The scripted human.
        #[arg(long, value_enum, default_value = "perfect")]
        opponent: nimforge_oracles::learning::Human,
        /// The seed of the human's plays and pauses.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The cell at column 5, row 2 may be set (the trap the document's blank prevents).
        #[arg(long)]
        no_blank: bool,
        /// The trap study's reading B (docs/trap-study.md): the search steps over an illegal play without writing its cell.
        #[arg(long)]
        search_skips_illegal: bool,
        /// One JSON object per game.
        #[arg(long)]
        json: bool,
        /// Draw the learning curve as SVG.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
    },
    /// A scripted run of the cycle-accurate design recorded as a VCD.
    Sim {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// Input letters, one clock cycle each, comma-separated, each with an optional " xN": "RESET, PA x2, MTR, none x40".
        #[arg(long)]
        script: String,
        /// The VCD file to write.
        #[arg(long)]
        vcd: std::path::PathBuf,
    },
    /// Play a machine on its front panel in the terminal: the board wrapper's simulation, or a board.
    Play {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// Play the board wrapper's rust-hdl simulation, in process (the default).
        #[arg(long, conflicts_with = "serial")]
        sim: bool,
        /// Play a board on this serial device at 115200 8N1, e.g. /dev/ttyUSB1.
        #[arg(long, value_name = "DEVICE")]
        serial: Option<String>,
    },
    /// Serve the front panels to a browser: a page per machine, each playing a simulation of its own (or a board).
    Serve {
        /// The TCP port (0 takes any free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; 127.0.0.1 keeps the pages to this computer.
        #[arg(long, default_value = "127.0.0.1")]
        bind: String,
        /// How many machines (page sessions) may run at once.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=64))]
        sessions: u16,
        /// Serve the board on this serial device (115200 8N1) instead of simulations, one visitor at a time.
        #[arg(long, value_name = "DEVICE", requires = "machine")]
        serial: Option<String>,
        /// The machine the board at --serial holds.
        #[arg(long, value_parser = machine_names(false), requires = "serial")]
        machine: Option<String>,
        /// End a session whose page answers no ping for this many seconds (its seat freed).
        #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
        pong_timeout: u64,
        /// End a session whose page sends nothing (no key) for this many seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86400))]
        idle_timeout: u64,
        /// Close a connection that has not sent its request's headers within this many seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
        header_timeout: u64,
        /// The most HTTP connections open at once; more wait to be accepted (open pages' sockets count as sessions).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=4096))]
        connections: u16,
        /// Let pages of this origin (scheme://host[:port], e.g. http://kiosk.lan:8080) open sessions too, and answer to its host; repeatable.
        #[arg(long, value_name = "ORIGIN", value_parser = nimforge::serve::Origin::flag)]
        allow_origin: Vec<nimforge::serve::Origin>,
        /// Let pages of any origin open sessions: any web page a visitor's browser shows may then play the panels.
        #[arg(long, conflicts_with = "allow_origin")]
        any_origin: bool,
        /// Also answer requests whose Host is this name (host[:port]; without a port, at any), e.g. behind a proxy; repeatable.
        #[arg(long, value_name = "NAME", value_parser = nimforge::serve::Place::flag)]
        host_name: Vec<nimforge::serve::Place>,
    },
    /// Build a machine's board wrapper and flash it with iceprog.
    Program {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// icestick or icebreaker.
        #[arg(long)]
        board: String,
    },
    /// Every machine built for every board: one table of cells and Fmax.
    Report {
        /// One JSON object per build.
        #[arg(long)]
        json: bool,
    },
    /// A crate of your own that depends on nimforge-verify and passes every
    /// level as written: a design, its oracle, its presses, the harness, a
    /// main and a README, with a comment at each place to change.
    New {
        /// The directory to make (it must not exist, or be empty); its last
        /// part names the crate.
        dir: std::path::PathBuf,
        /// The nimforge checkout to depend on (default: the one this
        /// command was built from).
        #[arg(long)]
        path: Option<std::path::PathBuf>,
    },
    /// Run a report's first mismatch again (the presses from power-on that
    /// lead to it), at its level or another, with a VCD of every signal.
    ReplayMismatch {
        /// The JSON lines of `nimforge verify ... --json`.
        report: std::path::PathBuf,
        /// rtl, verilog, netlist or bitstream (default: where it showed).
        #[arg(long)]
        level: Option<String>,
        /// Where to write the VCD (default build/replay/<machine>-<level>.vcd).
        #[arg(long)]
        vcd: Option<std::path::PathBuf>,
    },
    /// Shards' --json reports (verify --shard, bench selector --shard) checked
    /// to cover the work exactly once and added up into one table.
    Merge {
        /// The reports, one per shard.
        #[arg(required = true)]
        reports: Vec<std::path::PathBuf>,
        /// The merged rows as JSON lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        ci: CiArgs,
    },
    /// Two designs of one module checked against each other (no model):
    /// the same ports, every reachable state of the pair under every input
    /// value (or random runs from power-on where that space is too large),
    /// and a proof by yosys and ABC where the walk is not whole; a
    /// difference is replayed in Icarus on the two files before it is
    /// printed. Registers without an initial value power on at 0, as on
    /// the iCE40, and a net nothing drives (a register never written)
    /// reads 0. Exit 0 equal, 1 different (a certified counterexample),
    /// 3 not decided, 2 bad input, 4 an internal error (a difference found
    /// that does not replay). The walk, the runs and the provers race, but
    /// the verdict and the exit status do not depend on which finishes
    /// first (an engine's refusal or error never replaces another's
    /// verdict); what may differ from run to run is the time, which engine
    /// settled the pair, the counterexample's inputs, and, near the
    /// --timeout, whether it was decided at all.
    Check {
        /// The reference design: a Verilog or SystemVerilog file, a `.f`
        /// file list (Verilator's -f) or a FuseSoC CAPI2 `.core` file.
        a: std::path::PathBuf,
        /// The design checked against it (a file, a `.f` or a `.core`).
        b: std::path::PathBuf,
        /// The module to check, in both (else the top a `.f`'s
        /// --top-module or a `.core`'s toplevel names).
        #[arg(long)]
        top: Option<String>,
        /// The second design's top module when it is named otherwise (a
        /// rewrite renamed); its ports must still be the first's.
        #[arg(long, value_name = "NAME")]
        top_b: Option<String>,
        /// The clock input, where every register is on its rising edge
        /// (else the clocks are found by what drives the registers' clock
        /// pins).
        #[arg(long, value_name = "NAME")]
        clock: Option<String>,
        /// The clock inputs, each toggled at will at every step: every
        /// interleaving of their edges is covered (the step model, which
        /// the check takes by itself for several clocks, a falling edge, a
        /// latch or an asynchronous reset).
        #[arg(long, value_name = "A,B", value_delimiter = ',', conflicts_with = "clock")]
        clocks: Option<Vec<String>>,
        /// The most states of the pair the walk holds before random runs
        /// take over.
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        max_states: u64,
        /// Cycles per random run, where the space is not walked.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        depth: u64,
        /// Random runs from power-on (in lanes of 64), where the space is not walked.
        #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        runs: u64,
        /// The whole check's budget in seconds: the walk gives way to the
        /// runs after a third of it, the runs to the provers at half; past
        /// it, the verdict is "not decided" (exit 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        timeout: u64,
        #[command(flatten)]
        ci: CiArgs,
    },
    /// The check's own fuzzer: random sequential designs, each checked
    /// against a yosys rewrite of itself and one-operator mutants, judged
    /// by ABC (registers at 0 first) and Icarus; exit 1 on a wrong verdict.
    FuzzCheck(commands::fuzz::Args),
    /// The check on a public benchmark package's designs (logikbench,
    /// installed by `.ci/logikbench`): each against its yosys rewrite and
    /// mutants of its netlist, judged by ABC and Icarus; exit 1 on a wrong
    /// verdict.
    Yardstick(commands::yardstick::Args),
    /// Write docs/results.md (or --out) from a run's JSON lines: the levels,
    /// the proofs, the builds and the benchmarks, with the run's commit,
    /// date and machine.
    Results {
        /// Files of JSON lines from `verify --json`, `report --json` and
        /// `bench ... --json` (a benchmark is named by its file's stem).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Where to write the page.
        #[arg(long, default_value = "docs/results.md")]
        out: std::path::PathBuf,
        /// The commit the run checked.
        #[arg(long)]
        commit: String,
        /// The day of the run.
        #[arg(long)]
        date: String,
        /// The machine it ran on, in words.
        #[arg(long)]
        machine: String,
        /// The script whose run it is, named on the page.
        #[arg(long, default_value = ".ci/test")]
        by: String,
    },
    /// Synthesise, place and route a machine's board wrapper (UART front panel) for a board.
    Build {
        #[arg(value_parser = machine_names(false))]
        machine: String,
        /// icestick or icebreaker.
        #[arg(long)]
        board: String,
        #[arg(long)]
        json: bool,
    },
}

/// What `verify`, `check` and `merge` give a CI server besides the table.
#[derive(clap::Args)]
struct CiArgs {
    /// Also write the results as JUnit XML (the Jenkins xUnit schema) to
    /// FILE: a test suite per machine or design, a test case per level and
    /// proof, a mismatch's presses and VCD in its failure.
    #[arg(long, value_name = "FILE")]
    junit: Option<std::path::PathBuf>,
    /// Print a GitHub Actions `::error` line for each mismatch, difference
    /// or refused design, at the Verilog file and line that drives the
    /// wrong output (on by itself when GITHUB_ACTIONS=true).
    #[arg(long)]
    annotate: bool,
}

impl From<CiArgs> for commands::ci::Out {
    fn from(a: CiArgs) -> Self {
        commands::ci::Out { junit: a.junit, annotate: a.annotate }
    }
}

/// Nimrod's position and variant.
#[derive(clap::Args)]
struct NimrodArgs {
    /// Four heaps of 0..7 matches, e.g. 7,1,6,4 (nimrod).
    #[arg(long)]
    heaps: Option<String>,
    /// normal or reverse (nimrod).
    #[arg(long, default_value = "normal")]
    game: String,
    /// How many heaps a move may change: 1, 2 or 3 (nimrod).
    #[arg(long, default_value_t = 1)]
    k: u8,
    /// The heap counter at the start of the game, 0..3 (nimrod).
    #[arg(long, default_value_t = 0)]
    heap_counter: u8,
}

#[derive(Subcommand)]
enum WilsonCommand {
    /// Wilson's tables derived from the brute-force solver, each beside the article's.
    Table {
        #[arg(long)]
        json: bool,
    },
    /// Won or lost for the side that just moved, the bases, every sound move.
    Judge {
        /// Groups of counters in a row, e.g. 28,53,1,16.
        groups: String,
        #[arg(long)]
        json: bool,
    },
    /// Whether the hardware judge's search is complete: the argument's counts and its verdict.
    Complete {
        #[arg(long)]
        json: bool,
    },
}

impl From<NimrodArgs> for commands::NimrodArgs {
    fn from(a: NimrodArgs) -> Self {
        commands::NimrodArgs { heaps: a.heaps, game: a.game, k: a.k, heap_counter: a.heap_counter }
    }
}

/// The machines' names for clap (help and shell completion), from the
/// registry; `all` too where a command takes every machine.
fn machine_names(all: bool) -> clap::builder::PossibleValuesParser {
    let mut names = nimforge::machines::names();
    if all {
        names.push("all");
    }
    clap::builder::PossibleValuesParser::new(names)
}

fn main() {
    // A closed stdout (`nimforge ... | head -1`) ends the command quietly,
    // as it ends `cat`: Rust ignores SIGPIPE, so every print would panic on
    // the broken pipe instead. Sockets are unaffected (std and tokio send
    // with MSG_NOSIGNAL, or SO_NOSIGPIPE).
    #[cfg(unix)]
    // SAFETY: called first in main, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // No word of the command line holds a control character: refused here,
    // so that no answer echoes a line break back.
    for (i, arg) in std::env::args_os().enumerate().skip(1) {
        let text = arg.to_string_lossy();
        if text.chars().any(char::is_control) {
            eprintln!("nimforge: word {i} of the command line, {text:?}, holds a control character (a line break or tab?): remove it");
            std::process::exit(2);
        }
    }
    let cli = Cli::parse();
    let root = commands::root();
    let result = match cli.command {
        Command::Generate { check } => commands::generate::run(&root, check),
        Command::Verify { machine, level, engine, max_states, shard, deep, json, ci } => {
            commands::verify::run(&machine, &level, &engine, (max_states, deep), shard.as_deref(), (json, &ci.into()), &root)
        }
        Command::Move { machine, piles, randomizer, rows, r, groups, nimrod, json } => {
            let args = commands::MoveArgs { piles, randomizer, rows, r, groups, nimrod: nimrod.into(), json };
            nimforge::machines::find(&machine).and_then(|m| match m.moves {
                Some(handler) => commands::moves::told(|out| handler(&args, out)),
                None => Err(format!(
                    "move is for {}; {} is played a game at a time: nimforge play {} --sim",
                    nimforge::machines::having(|m| m.moves.is_some()),
                    m.name,
                    m.name
                )
                .into()),
            })
        }
        Command::Replay { machine, moves, self_play, nimrod, json } => {
            let args = commands::ReplayArgs { moves, self_play, nimrod: nimrod.into(), json };
            nimforge::machines::find(&machine).and_then(|m| match m.replay {
                Some(handler) => commands::moves::told(|out| handler(&args, out)),
                None => Err(format!("replay is for {}; {} has no scripted game yet", nimforge::machines::having(|m| m.replay.is_some()), m.name).into()),
            })
        }
        Command::Build { machine, board, json } => commands::build::run(&machine, &board, json, &root),
        Command::Report { json } => commands::build::report(json, &root),
        Command::ReplayMismatch { report, level, vcd } => commands::replay_mismatch::run(&report, level.as_deref(), vcd.as_deref(), &root),
        Command::Merge { reports, json, ci } => commands::merge::run(&reports, json, &ci.into()),
        Command::New { dir, path } => commands::new::run(&dir, path.as_deref()),
        Command::Check { a, b, top, top_b, clock, clocks, max_states, depth, runs, timeout, ci } => {
            commands::check::run(&a, &b, (top, top_b), (clock, clocks), (max_states as usize, depth as usize, runs as usize), timeout, &ci.into())
        }
        Command::FuzzCheck(args) => commands::fuzz::run(args),
        Command::Yardstick(args) => commands::yardstick::run(args),
        Command::Results { files, out, commit, date, machine, by } => commands::results::run(&files, &out, (&commit, &date, &machine, &by)),
        Command::Bench { target, piles, bits, shard, engine, verilator_sample, icarus_sample, rtl_sample, jobs, json } => {
            commands::bench::run(&target, piles, bits, shard.as_deref(), &engine, (verilator_sample, icarus_sample, rtl_sample), jobs, json, &root)
        }
        Command::Prove { piles, bits } => commands::prove::run(piles, bits, &root),
        Command::Learn { games, opponent, seed, no_blank, search_skips_illegal, json, plot } => {
            commands::learn::run(games, opponent, seed, (!no_blank, search_skips_illegal), json, plot.as_deref())
        }
        Command::Sim { machine, script, vcd } => commands::sim::run(&machine, &script, &vcd),
        Command::Play { machine, sim: _, serial } => commands::play::run(&machine, serial.as_deref()),
        Command::Serve {
            port,
            bind,
            sessions,
            serial,
            machine,
            pong_timeout,
            idle_timeout,
            header_timeout,
            connections,
            allow_origin,
            any_origin,
            host_name,
        } => {
            let limits = commands::serve::Limits { pong_timeout, idle_timeout, header_timeout, connections: connections as usize };
            let access = nimforge::serve::Access { allow_origins: allow_origin, any_origin, host_names: host_name };
            commands::serve::run(port, bind, sessions as usize, serial, machine, limits, access)
        }
        Command::Program { machine, board } => commands::build::program(&machine, &board, &root),
        Command::Wilson { command } => match command {
            WilsonCommand::Table { json } => commands::wilson::table(json),
            WilsonCommand::Judge { groups, json } => commands::wilson::judge(&groups, json),
            WilsonCommand::Complete { json } => commands::wilson::complete(json),
        },
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(line) => {
            eprintln!("nimforge: {line}");
            std::process::exit(2);
        }
    }
}
