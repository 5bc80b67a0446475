//! Generate the Verilog, verify the design at every level against its
//! oracle, print the tables: `cargo run --release`. Exit 0 when every level
//! passed, 1 on a mismatch, 2 when something could not run (a tool missing
//! says so in its row; the levels it needs are skipped).

mod design;
mod harness;
mod oracle;
mod presses;

use nimforge_verify::progress::Ui;
use nimforge_verify::project::Project;

fn main() -> std::process::ExitCode {
    // The project directory: generated/, testbenches/ and build/ go here.
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let run = || -> Result<bool, nimforge_verify::Error> {
        project.generate::<harness::CounterMachine>("src/design.rs")?;
        let verified = project.verify::<harness::CounterMachine>(&Ui::new(false))?;
        println!("{}", verified.tables());
        // Uncomment to place and route it for a board:
        // println!("{}", nimforge_verify::build::table(&[project.build::<harness::CounterMachine>("icestick")?]));
        Ok(verified.passed())
    };
    match run() {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(line) => {
            eprintln!("{line}");
            std::process::ExitCode::from(2)
        }
    }
}
