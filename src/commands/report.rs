//! `nimforge report [--json]`: every machine built for every board
//! ([`super::build::implement`]) in one table of cells and Fmax.

use nimforge_verify::boards;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// One JSON object per build.
    #[arg(long)]
    json: bool,
}

/// `nimforge report [--json]`: every machine on every board.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let mut reports = Vec::new();
    for m in &crate::machines::MACHINES {
        for board in boards::names() {
            let (r, _) = super::build::implement(m.name, board, root)?;
            if args.json {
                super::print_json(&r);
            }
            reports.push(r);
        }
    }
    if !args.json {
        println!("{}", nimforge_verify::build::table(&reports));
    }
    Ok(0)
}
