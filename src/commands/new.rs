//! `nimforge new DIR [--path CHECKOUT]`: a starter crate
//! ([`crate::starter`]), and what to do next.

use std::path::Path;

/// Writes the crate and says how to run it.
pub fn run(dir: &Path, checkout: Option<&Path>) -> Result<i32, crate::Error> {
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR"));
    let checkout = std::path::absolute(checkout.unwrap_or(built_from)).map_err(|e| format!("the checkout's path: {e}"))?;
    let files = crate::starter::write(dir, &checkout)?;
    println!("wrote {} files into {}, depending on {}", files.len(), dir.display(), checkout.join("crates/verify").display());
    println!("next: cd {} && cargo run --release   (then change src/design.rs, src/oracle.rs, src/presses.rs, src/harness.rs)", dir.display());
    Ok(0)
}
