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
    // `cargo run --release -- --junit build/junit.xml` also writes the
    // results as JUnit XML for a CI server (.github/workflows/nimforge.yml).
    let junit = std::env::args().skip_while(|a| a != "--junit").nth(1);
    if let Some(Err(e)) = junit.as_ref().map(|f| nimforge_verify::junit::check_path(f.as_ref())) {
        eprintln!("{e}");
        return e.exit_code();
    }
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
            if let Some(Err(e)) = junit.map(|f| verified.write_junit(f)) {
                eprintln!("{e}");
                return e.exit_code();
            }
            // In GitHub Actions: each mismatch as an annotation at the line
            // of the Verilog that drives the wrong output.
            if nimforge_verify::annotate::wanted(false) {
                for line in project.annotations::<CounterMachine>(&verified, None) {
                    println!("{line}");
                }
            }
            verified.exit_code()
        }
        Err(e) => {
            eprintln!("{e}");
            e.exit_code()
        }
    }
}
