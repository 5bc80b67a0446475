//! The `nimforge` command.

use clap::{Parser, Subcommand};
use nimforge::commands;
use nimforge::verify::Level;

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
        /// relay-nim
        machine: String,
        #[arg(long, value_enum, default_value = "all")]
        level: Level,
        /// One JSON object per level.
        #[arg(long)]
        json: bool,
    },
    /// One machine move in the cycle-accurate simulation.
    Move {
        /// relay-nim
        machine: String,
        /// Pile sizes, e.g. 5,6,7 (relay-nim).
        #[arg(long)]
        piles: String,
        /// The pile the randomizer names first: 0, 1 or 2 (relay-nim).
        #[arg(long, default_value_t = 0)]
        randomizer: u8,
        #[arg(long)]
        json: bool,
    },
    /// Synthesise, place and route a machine for a board.
    Build {
        machine: String,
        /// icestick or icebreaker.
        #[arg(long)]
        board: String,
        #[arg(long)]
        json: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    let root = commands::root();
    let result = match cli.command {
        Command::Generate { check } => commands::generate::run(&root, check),
        Command::Verify { machine, level, json } => commands::verify::run(&machine, level, json, &root),
        Command::Move { machine, piles, randomizer, json } => {
            nimforge::machines::check_name(&machine).and_then(|m| match m {
                "relay-nim" => commands::moves::relay_nim(&piles, randomizer, json),
                _ => unreachable!(),
            })
        }
        Command::Build { machine, board, json } => commands::build::run(&machine, &board, json, &root),
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(line) => {
            eprintln!("nimforge: {line}");
            std::process::exit(2);
        }
    }
}
