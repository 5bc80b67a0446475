//! `nimforge results FILE... --commit C --date D --machine M [--by SCRIPT]`: the page of a
//! run's figures ([`crate::results`]) written, whole or not at all.

use crate::results::{Results, Run};
use std::path::{Path, PathBuf};

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of JSON lines from `verify --json`, `report --json` and
    /// `bench ... --json` (a benchmark is named by its file's stem).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write the page.
    #[arg(long, default_value = "docs/results.md")]
    out: PathBuf,
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
}

/// Reads the files, writes the page to `--out`.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    let Args { files, out, commit, date, machine, by } = args;
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let page = Results::read(&files)?.markdown(&Run { commit, date, machine, by });
    nimforge_verify::files::save(out, page)?;
    println!("wrote {}", out.display());
    Ok(0)
}
