//! The check's budget. Spent before yosys has read the designs: no verdict
//! (not decided), never a refusal of the input. Found by the public
//! yardstick (issue 55): yosys takes over 20 s to read logikbench's s38584,
//! and `check --timeout 20` called the design bad input. And kept apart:
//! several checks at once in one process each keep their own.

use nimforge_verify::check::{self, Options, Verdict};

#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_budget_spent_before_the_designs_are_read_is_not_decided() {
    let fifo = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check/fifo.v"));
    let dir = std::env::temp_dir().join(format!("nimforge-check-budget-{}", std::process::id()));
    let options = Options {
        clock: Some("clk".into()),
        max_states: 1000,
        depth: 10,
        runs: 64,
        bound: 5,
        timeout: std::time::Duration::ZERO,
        ..Options::new("fifo", dir.clone())
    };
    let c = check::check(fifo, fifo, &options).expect("not decided, not an error");
    match &c.verdict {
        Verdict::NotDecided(why) => assert!(why.contains("the time budget of 0 s of CPU time (--timeout) ran out"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(c.verdict.code(), 3);
    std::fs::remove_dir_all(&dir).ok();
}

/// Checks at once in one process, each on a thread of its own, each give
/// the verdict the corpus says (`testbenches/check/corpus.txt`, its first
/// ten pairs). Until stop 77 a check's deadline was the process's: the first
/// check to settle its pair moved it to now, stopping the tools of every
/// other check under way, which then said "not decided" or failed.
#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn checks_at_once_in_one_process_keep_their_budgets_apart() {
    let here = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check"));
    let corpus = std::fs::read_to_string(here.join("corpus.txt")).unwrap();
    let pairs: Vec<Vec<&str>> =
        corpus.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split_whitespace().collect()).take(10).collect();
    assert_eq!(pairs.len(), 10);
    let root = std::env::temp_dir().join(format!("nimforge-check-apart-{}", std::process::id()));
    let verdicts: Vec<(String, String)> = std::thread::scope(|scope| {
        let running: Vec<_> = pairs
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let (a, b, top, want) = (here.join(p[0]), here.join(p[1]), p[2], p[3]);
                let dir = root.join(k.to_string());
                scope.spawn(move || {
                    let options = Options {
                        max_states: 100_000,
                        depth: 200,
                        runs: 256,
                        bound: 20,
                        timeout: std::time::Duration::from_secs(120),
                        ..Options::new(top, dir)
                    };
                    let got = match check::check(&a, &b, &options).map(|c| c.verdict) {
                        Ok(Verdict::Equal(_)) => "equal".to_string(),
                        Ok(Verdict::Different(_)) => "different".to_string(),
                        other => format!("{other:?}"),
                    };
                    (format!("{} {} ({want})", p[0], p[1]), got)
                })
            })
            .collect();
        running.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for ((pair, got), p) in verdicts.iter().zip(&pairs) {
        assert_eq!(got, p[3], "{pair}");
    }
    std::fs::remove_dir_all(&root).ok();
}
