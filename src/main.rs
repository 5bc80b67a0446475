//! The `nimforge` command.

use clap::{Parser, Subcommand};
use nimforge::commands;

#[derive(Parser)]
#[command(name = "nimforge", version, about = "The historic Nim-playing machines as digital logic, verified against their documents")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the Verilog of every design to generated/ and the testbenches to testbenches/.
    Generate(commands::generate::Args),
    /// Check a machine against its oracle at every level.
    Verify(commands::verify::Args),
    /// One machine move in the cycle-accurate simulation.
    Move(commands::moves::Args),
    /// A scripted game (nimatron) or a self-played one (nimrod) in the cycle-accurate simulation.
    Replay(commands::replay::Args),
    /// Wilson's number problem in software: the tables, a position judged.
    Wilson(commands::wilson::Args),
    /// Engines side by side: every position of the N x W Nim selector, or a
    /// machine's whole verification plan, checked against its oracle.
    Bench(commands::bench::Args),
    /// Prove generated/selector_NxW.v equal to the reference testbenches/selector_ref.v (yosys).
    Prove(commands::prove::Args),
    /// Games between a scripted human and the cycle-accurate learning machine, from a reset memory: the learning curve.
    Learn(commands::learn::Args),
    /// A scripted run of the cycle-accurate design recorded as a VCD.
    Sim(commands::sim::Args),
    /// Play a machine on its front panel in the terminal: the board wrapper's simulation, or a board.
    Play(commands::play::Args),
    /// Serve the front panels to a browser: a page per machine, each playing a simulation of its own (or a board).
    Serve(commands::serve::Args),
    /// Build a machine's board wrapper and flash it with iceprog.
    Program(commands::program::Args),
    /// Every machine built for every board: one table of cells and Fmax.
    Report(commands::report::Args),
    /// A crate of your own that depends on nimforge-verify and passes every
    /// level as written: a design, its oracle, its presses, the harness, a
    /// main and a README, with a comment at each place to change.
    New(commands::new::Args),
    /// Run a report's first mismatch again (the presses from power-on that
    /// lead to it), at its level or another, with a VCD of every signal.
    ReplayMismatch(commands::replay_mismatch::Args),
    /// Shards' --json reports (verify --shard, bench selector --shard) checked
    /// to cover the work exactly once and added up into one table.
    Merge(commands::merge::Args),
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
    Check(commands::check::Args),
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
    Results(commands::results::Args),
    /// Synthesise, place and route a machine's board wrapper (UART front panel) for a board.
    Build(commands::build::Args),
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
    // The process, read here at the binary's edge and handed to the
    // commands: the current directory, the project root, and the CI the run
    // may be under.
    let here = std::env::current_dir().unwrap_or_default();
    let process = commands::Process {
        root: commands::root(&here),
        here,
        // `--annotate`'s own default: on inside GitHub Actions.
        github_actions: nimforge_verify::ci::annotate::wanted(false),
        under_ci: nimforge_verify::flow::under_ci(),
    };
    let root = process.root.as_path();
    let result = match cli.command {
        Command::Generate(args) => commands::generate::run(&args, root),
        Command::Verify(args) => commands::verify::run(&args, &process),
        Command::Move(args) => commands::moves::run(&args),
        Command::Replay(args) => commands::replay::run(&args),
        Command::Build(args) => commands::build::run(&args, root),
        Command::Report(args) => commands::report::run(&args, root),
        Command::ReplayMismatch(args) => commands::replay_mismatch::run(&args, root),
        Command::Merge(args) => commands::merge::run(&args, &process),
        Command::New(args) => commands::new::run(&args),
        Command::Check(args) => commands::check::run(&args, &process),
        Command::FuzzCheck(args) => this_program().and_then(|nimforge| commands::fuzz::run(args, nimforge)),
        Command::Yardstick(args) => this_program().and_then(|nimforge| commands::yardstick::run(args, nimforge)),
        Command::Results(args) => commands::results::run(&args),
        Command::Bench(args) => commands::bench::run(&args, root),
        Command::Prove(args) => commands::prove::run(&args, root),
        Command::Learn(args) => commands::learn::run(&args),
        Command::Sim(args) => commands::sim::run(&args),
        Command::Play(args) => commands::play::run(&args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Program(args) => commands::program::run(&args, root),
        Command::Wilson(args) => commands::wilson::run(&args),
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(line) => {
            eprintln!("nimforge: {line}");
            std::process::exit(2);
        }
    }
}

/// This program's path, for the commands that run it again (a check each).
fn this_program() -> Result<std::path::PathBuf, nimforge::Error> {
    std::env::current_exe().map_err(|e| format!("finding this program: {e}").into())
}
