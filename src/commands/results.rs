//! `nimforge results FILE... --commit C --date D --machine M [--by SCRIPT]`: the page of a
//! run's figures ([`crate::results`]) written, whole or not at all.

use crate::results::{Results, Run};
use std::path::{Path, PathBuf};

/// Reads the files, writes the page to `out`.
pub fn run(files: &[PathBuf], out: &Path, (commit, date, machine, by): (&str, &str, &str, &str)) -> Result<i32, crate::Error> {
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let page = Results::read(&files)?.markdown(&Run { commit, date, machine, by });
    nimforge_verify::files::save(out, page)?;
    println!("wrote {}", out.display());
    Ok(0)
}
