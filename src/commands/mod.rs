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
pub mod program;
pub mod prove;
pub mod replay;
pub mod replay_mismatch;
pub mod report;
pub mod results;
pub mod serve;
pub mod sim;
pub mod verify;
pub mod wilson;
pub mod yardstick;

use std::path::{Path, PathBuf};

/// What a command takes from the process besides its flags, read at the
/// binary's edge (`main.rs`) and handed in: no command reads the
/// environment or the current directory for itself.
#[derive(Clone, Debug)]
pub struct Process {
    /// The directory nimforge was started in.
    pub here: PathBuf,
    /// The project root ([`root`] of `here`).
    pub root: PathBuf,
    /// Inside GitHub Actions (`GITHUB_ACTIONS=true`): `--annotate` is on by
    /// itself.
    pub github_actions: bool,
    /// Under CI (`CI=true`): a level skipped for a missing tool fails
    /// `verify`.
    pub under_ci: bool,
}

/// The project root: `here` when it holds `generated/` and `designs/`,
/// else the directory this binary was built from.
pub fn root(here: &Path) -> PathBuf {
    if here.join("designs").is_dir() && here.join("generated").is_dir() {
        here.to_path_buf()
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}

/// The machines' names for clap (help and shell completion), from the
/// registry; `all` too where a command takes every machine.
pub fn machine_names(all: bool) -> clap::builder::PossibleValuesParser {
    let mut names = crate::machines::names();
    if all {
        names.push("all");
    }
    clap::builder::PossibleValuesParser::new(names)
}

/// `value` as one line of JSON on stdout (`--json`).
pub fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string(value).expect("a report serialises"));
}
