//! `nimforge generate [--check]`: write `generated/` and `testbenches/`, or
//! check that what is committed is what the designs make now.

use crate::machines;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write nothing; exit 1 naming every stale or missing file.
    #[arg(long)]
    check: bool,
}

/// `nimforge generate [--check]`: writes every generated file under `root`; with `--check`,
/// writes nothing and returns status 1 if any file is stale or missing.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let files = machines::generated()?;
    if args.check {
        let mut stale = Vec::new();
        for f in &files {
            match std::fs::read_to_string(root.join(&f.path)) {
                Ok(text) if text == f.contents => {}
                Ok(_) => stale.push(format!("{} is stale", f.path)),
                Err(_) => stale.push(format!("{} is missing", f.path)),
            }
        }
        if stale.is_empty() {
            println!("generate --check: all {} files are fresh", files.len());
            return Ok(0);
        }
        for s in &stale {
            eprintln!("{s}");
        }
        eprintln!("run `nimforge generate` and commit the result");
        return Ok(1);
    }
    for f in &files {
        let path = root.join(&f.path);
        if let Some(dir) = path.parent() {
            nimforge_verify::files::create_dir_all(dir)?;
        }
        nimforge_verify::files::save(&path, &f.contents)?;
        println!("wrote {}", f.path);
    }
    Ok(0)
}
