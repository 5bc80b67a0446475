//! A design of several files checked against a model in Rust at every
//! level that applies, read as engineers name it: `examples/verilog/multi/`,
//! a tally of a SystemVerilog package (`rtl/tally_pkg.sv`), an included
//! header (`include/tally_defs.vh`), a define (`TALLY_SATURATE`) and a
//! parameter (`STEP=3`), from its Verilator file list (`design.f`) and
//! from its FuseSoC CAPI2 file (`design.core`).
//!
//! `cargo run --release --example verilog_sources` from the tree's top (the
//! list's paths are taken from the current directory, as Verilator's `-f`
//! takes them); exit 0 when both pass.

use nimforge_verify::prelude::*;

/// The tally's rule: each bump adds 3, up to 12.
const STEP: u8 = 3;
const MAX: u8 = 12;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Press {
    None,
    Reset,
    Bump,
}

struct Tally;

impl Machine for Tally {
    type State = u8;
    type Extra = ();
    type Press = Press;
    const NAME: &'static str = "tally";
    const MODULE: &'static str = "tally";

    verilog_ports!(inputs: [reset: 1, bump: 1]; outputs: [count: 4, full: 1]);

    fn alphabet() -> Vec<Press> {
        vec![Press::None, Press::Reset, Press::Bump]
    }
    fn letter(p: Press) -> Letter {
        match p {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::Bump => Letter::of::<Self>("BUMP", &[("bump", 1)]),
        }
    }
    fn home() -> Option<Press> {
        Some(Press::Reset)
    }
    fn power_on() -> u8 {
        0
    }
    fn step(count: &u8, press: Press) -> u8 {
        match press {
            Press::None => *count,
            Press::Reset => 0,
            Press::Bump => (*count + STEP).min(MAX),
        }
    }
    fn observe(count: &u8, _: &()) -> Vec<u64> {
        vec![*count as u64, (*count == MAX) as u64]
    }
}

fn main() -> std::process::ExitCode {
    let project = Project::new("build/verilog_sources");
    let run = || -> Result<bool, Error> {
        let mut all = true;
        for design in ["examples/verilog/multi/design.f", "examples/verilog/multi/design.core"] {
            let design = std::path::absolute(design).expect("a working directory");
            println!("== {}", design.display());
            let verified = project.verify_verilog::<Tally>(&design, &Ui::terminal())?;
            println!("{}", verified.tables());
            all &= verified.passed_where_run();
        }
        Ok(all)
    };
    match run() {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::from(1),
        Err(e) => {
            eprintln!("verilog_sources: {e}");
            e.exit_code()
        }
    }
}
