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
    // The project directory: generated/, testbenches/ and build/ go here.
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let verified = project
        .generate::<CounterMachine>("src/design.rs")
        .and_then(|()| project.verify::<CounterMachine>(&Ui::terminal()));
    // To place and route it for a board too:
    // println!("{}", nimforge_verify::build::table(&[project.build::<CounterMachine>("icestick").unwrap()]));
    match verified {
        Ok(verified) => {
            println!("{}", verified.tables());
            verified.exit_code()
        }
        Err(e) => {
            eprintln!("{e}");
            e.exit_code()
        }
    }
}
