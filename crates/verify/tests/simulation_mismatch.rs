//! Pairs yosys reads as the same machine that Icarus runs differently
//! (issue 56): the check called each `equal`, on yosys's reading, where
//! the files' own simulations differ. Two clocked blocks on one edge that
//! write registers with a blocking `=` read by the other (a race: the
//! language leaves the blocks' order open), and a combinational block
//! whose sensitivity list misses a signal. Before it says `equal` the check
//! now runs both files in Icarus on random inputs from power-on; where they
//! differ it refuses the pair in one line that names the file whose
//! simulation departs from yosys's reading, and the way out.

use nimforge_verify::check::{self, Options, Verdict};
use nimforge_verify::Error;
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check")).join(name)
}

fn options(dir: &Path) -> Options {
    Options { max_states: 100_000, depth: 200, runs: 1024, bound: 20, timeout: std::time::Duration::from_secs(60), ..Options::new("t", dir) }
}

#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn pairs_that_simulate_otherwise_than_they_are_read_are_refused() {
    let dir = std::env::temp_dir().join(format!("nimforge-simulation-mismatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (departs, other, output) in [("race_blocking.v", "race_nonblocking.v", "q"), ("sensitivity_missing.v", "sensitivity_full.v", "y")] {
        let (departs, other) = (corpus(departs), corpus(other));
        // Either way round, the file that departs is the one named.
        for (i, (a, b)) in [(&departs, &other), (&other, &departs)].into_iter().enumerate() {
            let at = dir.join(format!("{}-{i}", departs.file_stem().unwrap().to_string_lossy()));
            let line = match check::check(a, b, &options(&at)) {
                Err(e @ Error::Design(_)) => e.to_string(),
                other => panic!("{} against {}: {other:?}", a.display(), b.display()),
            };
            assert!(
                line.starts_with(&format!("{}: Icarus runs it otherwise than yosys reads it", departs.display()))
                    && line.contains(&format!("output {output} is"))
                    && line.contains("write registers with `<=`")
                    && !line.contains('\n'),
                "{line}"
            );
            // The testbench it names shows the difference, to run again.
            assert!(at.join("alike_tb.v").is_file());
        }
        // The file without the mismatch is equal to itself, with the
        // simulation's word in the verdict.
        let same = check::check(&other, &other, &options(&dir.join("same"))).unwrap();
        match same.verdict {
            Verdict::Equal(how) => assert!(how.contains("Icarus runs both files alike on 200 random cycles"), "{how}"),
            v => panic!("{} against itself: {v:?}", other.display()),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A design yosys reads and Icarus cannot run (`$initstate`, a system
/// function of yosys's formal flow): the verdict stands as read, and says
/// in one line that Icarus did not run it, and why.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn a_pair_icarus_cannot_run_keeps_its_verdict_and_says_so() {
    let dir = std::env::temp_dir().join(format!("nimforge-simulation-not-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("initstate.v");
    std::fs::write(&file, "module t (input clk, input d, output reg q);\n  always @(posedge clk) q <= d | $initstate;\nendmodule\n").unwrap();
    let c = check::check(&file, &file, &options(&dir.join("check"))).unwrap();
    match c.verdict {
        Verdict::Equal(how) => assert!(how.contains("not run in Icarus: ") && how.contains("$initstate") && !how.contains('\n'), "{how}"),
        v => panic!("{v:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An `x` a file writes for a case it takes to be unreachable, reached:
/// Icarus runs it as x where yosys reads 0, so a difference found on
/// yosys's reading does not replay on the files. Refused in one line that
/// names the x as the cause and gives its way out (a known value), not a
/// latch's (spi_host_tl's mutant 3 in the yardstick, an x yosys-slang wrote).
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn an_x_reached_is_refused_with_its_own_way_out() {
    let dir = std::env::temp_dir().join(format!("nimforge-simulation-x-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let module = |default: &str| {
        format!("module t (input clk, input [1:0] s, output reg y);\n  always @* case (s) 2'd0: y = 1'b0; 2'd1: y = 1'b1; default: y = {default}; endcase\nendmodule\n")
    };
    let (x, one) = (dir.join("x.v"), dir.join("one.v"));
    std::fs::write(&x, module("1'bx")).unwrap();
    std::fs::write(&one, module("1'b1")).unwrap();
    let line = match check::check(&x, &one, &options(&dir.join("check"))) {
        Err(e @ Error::Design(_)) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert!(
        line.starts_with(&format!("{}: Icarus runs it otherwise than yosys reads it", x.display()))
            && line.contains("output y is x in Icarus and 0 as yosys reads it")
            && line.contains("give that case a known value")
            && !line.contains("always_latch")
            && !line.contains('\n'),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
