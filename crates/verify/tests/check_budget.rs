//! `check` with a budget spent before yosys has read the designs: no
//! verdict (not decided), never a refusal of the input. Found by the public
//! yardstick (issue 55): yosys takes over 20 s to read logikbench's s38584,
//! and `check --timeout 20` called the design bad input. In a process of
//! its own: the check's deadline is the process's, and would stop another
//! test's tools.

use nimforge_verify::check::{self, Options, Verdict};

#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_budget_spent_before_the_designs_are_read_is_not_decided() {
    let fifo = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check/fifo.v"));
    let dir = std::env::temp_dir().join(format!("nimforge-check-budget-{}", std::process::id()));
    let options = Options {
        top: "fifo".into(),
        top_b: None,
        clock: Some("clk".into()),
        clocks: None,
        max_states: 1000,
        depth: 10,
        runs: 64,
        bound: 5,
        dir: dir.clone(),
        timeout: std::time::Duration::ZERO,
    };
    let c = check::check(fifo, fifo, &options).expect("not decided, not an error");
    match &c.verdict {
        Verdict::NotDecided(why) => assert!(why.contains("the time budget of 0 s of CPU time (--timeout) ran out"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(c.verdict.code(), 3);
    std::fs::remove_dir_all(&dir).ok();
}
