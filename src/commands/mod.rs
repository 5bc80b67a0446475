//! The `nimforge` subcommands. Each returns its exit status; a problem the
//! user can fix comes back as `Err(line)` and exits with status 2.

pub mod bench;
pub mod build;
pub mod check;
pub mod ci;
pub mod fuzz;
pub mod generate;
pub mod learn;
pub mod merge;
pub mod moves;
pub mod new;
pub mod play;
pub mod prove;
pub mod replay_mismatch;
pub mod results;
pub mod serve;
pub mod sim;
pub mod verify;
pub mod wilson;
pub mod yardstick;

pub use crate::moves::{MoveArgs, NimrodArgs, ReplayArgs};

use std::path::PathBuf;

/// The project root: the current directory when it holds `generated/` and
/// `designs/`, else the directory this binary was built from.
pub fn root() -> PathBuf {
    let here = std::env::current_dir().unwrap_or_default();
    if here.join("designs").is_dir() && here.join("generated").is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}

/// `value` as one line of JSON on stdout (`--json`).
pub fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string(value).expect("a report serialises"));
}
