//! Time in ticks (issue 56): a pair of one rising clock with asynchronous
//! resets is taken in the steps of `clk2fflogic` with one flip-flop a
//! register (`Time::Ticks`), through the library as a user calls it. The
//! provers give the same answers in ticks as in steps on the corpus's
//! asynchronous pairs, and a difference that needs two ticks in a row is
//! replayed in Icarus in steps, the clock falling between them.

use nimforge_verify::check::{self, Clocking, Options, Verdict};
use nimforge_verify::flow::yosys::{self, ProofOutcome, Time};
use nimforge_verify::Sources;
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check")).join(name)
}

/// The provers on the same pairs in steps and in ticks: the same outcome.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn ticks_and_steps_give_the_provers_the_same_answers() {
    let dir = std::env::temp_dir().join(format!("nimforge-ticks-provers-{}", std::process::id()));
    for (a, b, top, outcome) in [
        ("counter_async.v", "counter_async_yosys.v", "counter_async", ProofOutcome::Proven),
        ("counter_async.v", "counter_async_plus2.v", "counter_async", ProofOutcome::Refuted),
        ("counter_async.v", "counter_async_reset1.v", "counter_async", ProofOutcome::Refuted),
        ("arst.v", "arst_sync.v", "arst", ProofOutcome::Refuted),
    ] {
        let (sa, sb) = (Sources::from(&corpus(a)), Sources::from(&corpus(b)));
        for time in [Time::Steps, Time::Ticks] {
            let at = dir.join(format!("{b}-{time:?}"));
            std::fs::create_dir_all(&at).unwrap();
            let e = yosys::equivalence_abc_first("b=a", (&sa, top), (&sb, top), 20, time, &at).unwrap();
            assert_eq!(e.verdict, outcome, "{a} against {b} in {time:?}: {}", e.detail);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A two-bit counter with an asynchronous reset whose high bit shows only
/// after two ticks: the check takes it in ticks, and the shortest
/// difference (two ticks in a row) replays in Icarus as four steps, the
/// clock rising, falling and rising again.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn two_ticks_in_a_row_replay_with_the_clock_falling_between() {
    let dir = std::env::temp_dir().join(format!("nimforge-ticks-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let module = |y: &str| {
        format!(
            "module t (input clk, input rst, output y);\n  reg [1:0] c;\n  always @(posedge clk or posedge rst)\n    if (rst) c <= 2'd0;\n    else c <= c + 2'd1;\n  assign y = {y};\nendmodule\n"
        )
    };
    let (a, b) = (dir.join("count.v"), dir.join("never.v"));
    std::fs::write(&a, module("c[1]")).unwrap();
    std::fs::write(&b, module("1'b0")).unwrap();
    let options = Options { timeout: std::time::Duration::from_secs(60), ..Options::new("t", dir.join("check")) };
    let c = check::check(&a, &b, &options).unwrap();
    match &c.clocking {
        Some(clocking @ Clocking::Steps { .. }) => assert!(clocking.to_string().contains("taken in ticks"), "{clocking}"),
        other => panic!("{other:?}"),
    }
    let Verdict::Different(cex) = &c.verdict else { panic!("{:?}", c.verdict) };
    let clock = cex.inputs.iter().position(|i| i == "clk").unwrap();
    let clk: Vec<&str> = cex.cycles.iter().map(|step| step[clock].as_str()).collect();
    assert_eq!(clk, ["0", "1", "0", "1"], "{cex:?}");
    assert_eq!(cex.cycle, 3);
    let _ = std::fs::remove_dir_all(&dir);
}
