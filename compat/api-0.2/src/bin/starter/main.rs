//! Generate the Verilog, verify the design at every level against its
//! oracle, print the tables: `cargo run --release`. Exit 0 when every level
//! passed and every proof was proven, 1 when something was wrong (a
//! mismatch, a level that failed), 2 when something could not run (a tool
//! missing says so in its row; the levels it needs are skipped).

mod design;
mod harness;
mod oracle;
mod presses;

use harness::CounterMachine;
use nimforge_verify::prelude::*;

fn main() -> std::process::ExitCode {
    // generated/, testbenches/ and build/ go in this crate's directory.
    // `cargo run --release -- --junit build/junit.xml` also writes JUnit XML
    // for a CI server (.github/workflows/nimforge.yml); in GitHub Actions
    // each mismatch is an annotation at the line of Verilog that drives it.
    // To place and route it for a board too, add `project.build::<CounterMachine>("icestick")`.
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    project.main::<CounterMachine>("src/design.rs")
}
