//! `nimforge move`: one machine move, as the machine's handler
//! ([`crate::moves`]) tells it, printed; [`told`] prints for `nimforge
//! replay` too.

use crate::moves::{Line, Out};

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_parser = super::machine_names(false))]
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
}

/// Nimrod's position and variant, as `move` and `replay` take them.
#[derive(clap::Args, Clone, Debug)]
pub struct NimrodArgs {
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

impl From<&NimrodArgs> for crate::moves::NimrodArgs {
    fn from(a: &NimrodArgs) -> Self {
        crate::moves::NimrodArgs { heaps: a.heaps.clone(), game: a.game.clone(), k: a.k, heap_counter: a.heap_counter }
    }
}

/// `nimforge move MACHINE`: the machine's move, by its handler; a machine
/// without one is told to be played instead.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    let Args { machine, piles, randomizer, rows, r, groups, nimrod, json } = args;
    let told_args = crate::moves::MoveArgs {
        piles: piles.clone(),
        randomizer: *randomizer,
        rows: rows.clone(),
        r: *r,
        groups: groups.clone(),
        nimrod: nimrod.into(),
        json: *json,
    };
    crate::machines::find(machine).and_then(|m| match m.moves {
        Some(handler) => told(|out| handler(&told_args, out)),
        None => Err(format!(
            "move is for {}; {} is played a game at a time: nimforge play {} --sim",
            crate::machines::having(|m| m.moves.is_some()),
            m.name,
            m.name
        )
        .into()),
    })
}

/// Runs `handler` and prints what it told, in order: its lines on standard
/// output, refusals on standard error; its exit status.
pub fn told(handler: impl FnOnce(&mut Out) -> Result<i32, crate::Error>) -> Result<i32, crate::Error> {
    let mut out = Out::default();
    let result = handler(&mut out);
    for line in out.lines {
        match line {
            Line::Say(text) => println!("{text}"),
            Line::Refused(why) => eprintln!("nimforge: {why}"),
        }
    }
    result
}
