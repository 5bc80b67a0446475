//! nimforge-verify's level runners tried on a real machine (the relay NIM):
//! a wrong netlist, LUT, init value or chip is caught, a failing tool is a
//! failed level with its words, a proof refutes a change.

mod bitsim;
mod equiv;
mod hdl;
mod shard;

use nimforge_verify::Places;
use std::path::Path;

/// A fresh work directory under the system's temporary directory for test
/// `test`, with this tree's `generated/` and `testbenches/`.
fn places(test: &str) -> Places {
    let work = std::env::temp_dir().join(format!("nimforge-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    Places::new(Path::new(env!("CARGO_MANIFEST_DIR")), work)
}
