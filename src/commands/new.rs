//! `nimforge new DIR [--path CHECKOUT]`: a starter crate
//! ([`crate::starter`]), and what to do next.

use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The directory to make (it must not exist, or be empty); its last
    /// part names the crate.
    dir: std::path::PathBuf,
    /// The nimforge checkout to depend on (default: the one this
    /// command was built from).
    #[arg(long)]
    path: Option<std::path::PathBuf>,
}

/// Writes the crate into the directory and says how to run it.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    let (dir, checkout) = (args.dir.as_path(), args.path.as_deref());
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR"));
    let checkout = std::path::absolute(checkout.unwrap_or(built_from)).map_err(|e| format!("the checkout's path: {e}"))?;
    let files = crate::starter::write(dir, &checkout)?;
    println!("wrote {} files into {}, depending on {}", files.len(), dir.display(), checkout.join("crates/verify").display());
    println!("next: cd {} && cargo run --release   (then change src/design.rs, src/oracle.rs, src/presses.rs, src/harness.rs)", dir.display());
    Ok(0)
}
