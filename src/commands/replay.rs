//! `nimforge replay`: a scripted game (nimatron) or a self-played one
//! (nimrod), as the machine's handler ([`crate::moves`]) tells it, printed.

use super::moves::{told, NimrodArgs};

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_parser = super::machine_names(false))]
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
}

/// `nimforge replay MACHINE`: the game, by the machine's handler; a machine
/// without one has no scripted game yet.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    let told_args = crate::moves::ReplayArgs { moves: args.moves.clone(), self_play: args.self_play, nimrod: (&args.nimrod).into(), json: args.json };
    crate::machines::find(&args.machine).and_then(|m| match m.replay {
        Some(handler) => told(|out| handler(&told_args, out)),
        None => Err(format!("replay is for {}; {} has no scripted game yet", crate::machines::having(|m| m.replay.is_some()), m.name).into()),
    })
}
