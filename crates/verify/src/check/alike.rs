//! An equal verdict held against simulation (issue 56). The walk and the
//! provers take both designs as yosys reads them, which is how they are
//! synthesised; a file that Icarus runs otherwise (two clocked blocks on
//! one edge, one writing a register with a blocking `=` that the other
//! reads: a race whose order the language leaves open; a sensitivity list
//! that misses a signal) can be the same machine as read and a different
//! one as simulated. Before a check says `equal`, both files run in Icarus
//! from power-on on [`CYCLES`] random cycles (seeded: the same on every
//! run). Where they differ, a value known in both, the pair has no one
//! answer: the file whose simulation departs from its reading is named and
//! the pair refused; where neither does, the verdict is not decided.

use super::certify::{first_difference, Pair};
use crate::Error;

/// The random cycles (or steps) both files run in Icarus before `equal`.
pub const CYCLES: usize = 200;

/// What simulation says of a pair yosys reads as the same machine.
pub(super) enum Simulation {
    /// Icarus runs both files alike on the random cycles: the note that
    /// says so, for the verdict.
    Alike(String),
    /// Icarus could not run them (the note says why): the verdict stands
    /// as read.
    NotRun(String),
    /// They differ in Icarus and neither file departs from its reading
    /// there: why the pair is not decided.
    Differ(String),
}

/// Both files of `pair` on [`CYCLES`] random cycles in Icarus
/// (`alike_tb.v`); an error (the pair refused) where they differ and a
/// file's simulation departs from yosys's reading of it.
pub(super) fn alike(pair: &Pair) -> Result<Simulation, Error> {
    let mut rng = nimforge_netlist::fuzz::Rng::new(0x0061_6c69_6b65);
    let cycles: Vec<Vec<String>> =
        (0..CYCLES).map(|_| pair.inputs().iter().map(|p| (0..p.width).map(|_| if rng.next() & 1 == 1 { '1' } else { '0' }).collect()).collect()).collect();
    let unit = pair.unit();
    let [a, b] = match pair.run_files(&cycles, "alike") {
        Ok(got) => got,
        Err(said) => return Ok(Simulation::NotRun(format!("not run in Icarus: {said}"))),
    };
    let Some(t) = first_difference((&a, &b), cycles.len(), pair.outputs()) else {
        return Ok(Simulation::Alike(format!("Icarus runs both files alike on {} random {unit}s from power-on", cycles.len())));
    };
    let testbench = pair.dir.join("alike_tb.v");
    if let Some(d) = pair.departure([&a, &b], &cycles, t, false) {
        return Err(Error::Design(format!(
            "{}: Icarus runs it otherwise than yosys reads it (at {}, output {} is {} in Icarus and {} as yosys reads it; {}): a simulation and synthesis mismatch, such as a register written with a blocking `=` in one clocked block and read in another on the same edge (a race: the language leaves their order open), or a sensitivity list that misses a signal; yosys reads the two designs as the same machine but Icarus runs them differently on random inputs ({}), so there is no verdict: write registers with `<=`, and combinational blocks `always_comb`",
            d.file,
            d.at,
            d.output,
            d.got,
            d.read,
            d.testbench.display(),
            testbench.display()
        )));
    }
    Ok(Simulation::Differ(format!(
        "yosys reads the two as the same machine, but Icarus runs the files differently on random inputs from power-on (at {} {t}; {}) and neither departs there from yosys's reading of it (please report it)",
        unit,
        testbench.display()
    )))
}
