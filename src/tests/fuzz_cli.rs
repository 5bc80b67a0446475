//! The command line fuzzed (proptest, seeded): the built binary run with
//! generated argument lists, valid words mixed with malformed ones, each
//! run under a time limit. Every run must end with exit status 0, 1 or 2,
//! never a panic (101), a signal or a hang; on status 2 the answer is one
//! line saying what is wrong (clap's own usage errors keep their hints).
//!
//! So that no case starts hours of legitimate work (a whole `verify`, a
//! board build, a million games), every command that can run long gets at
//! least one malformed word, which it must refuse before doing any work;
//! the quick commands (`move`, `replay`, `wilson judge`, `prove`, `sim`)
//! are also run valid.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// The registry's machine names.
static MACHINES: std::sync::LazyLock<Vec<&str>> = std::sync::LazyLock::new(nimforge::machines::names);
const BAD_NAMES: &[&str] =
    &["", " ", "relay_nim", "relaynim", "Nimatron", "nimrodd", "die19", "wilsön", "learn", "al", "selectr", "-", "---", "🂡", "relay-nim\n"];
const NUMBERS: &[&str] = &["0", "1", "3", "7", "8", "127", "128", "-1", "99999999999999999999999", "3.5", "0x10", "", "٣", "1e9", "4294967296", " 2"];
const LISTS: &[&str] = &[
    "5,6,7",
    "5;6;7",
    "5,,7",
    "5,6,7,8",
    ",",
    "7 6 5",
    "-1,0,0",
    "300,1",
    "1,2,3,4,5,6,7,8,9",
    "28,53,1,16",
    "0,0,0,0",
    "é,1",
    "1,6,3,4",
    "7,1,6,4",
    "0,0,0",
    "127,127,127,127,127,127,127,127",
    "99999999999999999999,1",
    "",
    "1,2,3,",
    "1, 2 ,3",
];
const SCRIPTS: &[&str] =
    &["RESET, none x10", "PA x2, MTR", "nosuch", "", ",,,", "none x1000001", "RESET x0", "TAKE A x2, GO", "none x-3", "none x99999999999999999999"];

fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(pool).prop_map(|s: &str| s.to_string())
}

fn machine() -> impl Strategy<Value = String> {
    prop_oneof![pick(&MACHINES), pick(BAD_NAMES)]
}

fn bad_name() -> impl Strategy<Value = String> {
    prop_oneof![pick(BAD_NAMES), "[a-z]{1,8}", "\\PC{0,6}"]
}

fn garbage() -> impl Strategy<Value = String> {
    prop_oneof![pick(BAD_NAMES), pick(NUMBERS), "--[a-z]{1,6}", "\\PC{0,10}", Just("--help-me".to_string())]
}

/// Flags and values for `move` and `replay`, valid or not.
fn move_flags() -> impl Strategy<Value = Vec<String>> {
    let flag = prop_oneof![
        pick(LISTS).prop_map(|v| vec!["--piles".to_string(), v]),
        pick(LISTS).prop_map(|v| vec!["--rows".to_string(), v]),
        pick(LISTS).prop_map(|v| vec!["--heaps".to_string(), v]),
        pick(LISTS).prop_map(|v| vec!["--groups".to_string(), v]),
        pick(NUMBERS).prop_map(|v| vec!["--randomizer".to_string(), v]),
        pick(NUMBERS).prop_map(|v| vec!["--r".to_string(), v]),
        pick(NUMBERS).prop_map(|v| vec!["--k".to_string(), v]),
        pick(NUMBERS).prop_map(|v| vec!["--heap-counter".to_string(), v]),
        prop_oneof![Just("normal"), Just("reverse"), Just("sideways")].prop_map(|v| vec!["--game".to_string(), v.to_string()]),
        prop_oneof![Just("a6 c3 d1 b2 b1"), Just("a6"), Just("z9"), Just(""), Just("a0"), Just("a6 a6 a6")]
            .prop_map(|v| vec!["--moves".to_string(), v.to_string()]),
        Just(vec!["--self-play".to_string()]),
        Just(vec!["--json".to_string()]),
        garbage().prop_map(|g| vec![g]),
    ];
    proptest::collection::vec(flag, 0..4).prop_map(|v| v.concat())
}

/// One argument list.
fn args() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        // Quick commands, valid words or not.
        (machine(), move_flags()).prop_map(|(m, f)| [vec!["move".to_string(), m], f].concat()),
        (machine(), move_flags()).prop_map(|(m, f)| [vec!["replay".to_string(), m], f].concat()),
        (pick(LISTS), any::<bool>()).prop_map(|(l, j)| {
            let mut v = vec!["wilson".to_string(), "judge".to_string(), l];
            if j {
                v.push("--json".into());
            }
            v
        }),
        (pick(NUMBERS), pick(NUMBERS)).prop_map(|(p, b)| vec!["prove".into(), "--piles".into(), p, "--bits".into(), b]),
        (machine(), pick(SCRIPTS)).prop_map(|(m, s)| vec!["sim".into(), m, "--script".into(), s, "--vcd".into(), "/dev/null".into()]),
        // Long commands, each with a malformed word in it.
        (bad_name(), garbage()).prop_map(|(m, g)| vec!["verify".into(), m, "--level".into(), g]),
        (pick(&MACHINES), garbage()).prop_map(|(m, g)| vec!["verify".into(), m, "--engine".into(), g]),
        (bad_name(), pick(&MACHINES)).prop_map(|(m, _)| vec!["verify".into(), m]),
        (machine(), bad_name()).prop_map(|(m, b)| vec!["build".into(), m, "--board".into(), b]),
        (bad_name(), pick(&["icestick", "icebreaker"])).prop_map(|(m, b)| vec!["build".into(), m, "--board".into(), b]),
        (machine(), bad_name()).prop_map(|(m, b)| vec!["program".into(), m, "--board".into(), b]),
        garbage().prop_map(|g| vec!["report".into(), g]),
        garbage().prop_map(|g| vec!["generate".into(), g]),
        (machine(), garbage()).prop_map(|(m, g)| vec!["play".into(), m, "--serial".into(), format!("/nonexistent/{g}")]),
        bad_name().prop_map(|m| vec!["play".into(), m, "--sim".into()]),
        (bad_name(), garbage()).prop_map(|(t, g)| vec!["bench".into(), t, g]),
        (pick(&MACHINES), pick(NUMBERS)).prop_map(|(m, n)| vec!["bench".into(), m, "--piles".into(), n]),
        garbage().prop_map(|s| vec!["bench".into(), "selector".into(), "--shard".into(), s]),
        (pick(&["0", "100001", "-5", "x", "99999999999999999999"]), garbage()).prop_map(|(n, o)| vec![
            "learn".into(),
            "--games".into(),
            n,
            "--opponent".into(),
            o
        ]),
        garbage().prop_map(|o| vec!["learn".into(), "--games".into(), "2".into(), "--opponent".into(), o]),
        (pick(&["/nonexistent/dir/curve.svg", "", "/"]),).prop_map(|(p,)| vec!["learn".into(), "--games".into(), "1".into(), "--plot".into(), p]),
        // Anything at all.
        proptest::collection::vec(garbage(), 0..4),
        Just(vec!["--help".to_string()]),
        Just(vec!["--version".to_string()]),
    ]
}

#[test]
fn no_argument_list_crashes_the_command() {
    let config = Config { cases: 2500, failure_persistence: None, ..Config::default() };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[42; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let scratch = std::env::temp_dir().join(format!("nimforge-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(scratch.join("designs")).unwrap();
    std::fs::create_dir_all(scratch.join("generated")).unwrap();
    let counts = std::cell::RefCell::new([0usize; 3]);
    let result = runner.run(&args(), |args| {
        // In a scratch project, so that nothing the command writes lands in the tree.
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimforge"))
            .args(&args)
            .current_dir(&scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let status = match child.wait_timeout(Duration::from_secs(20)).unwrap() {
            Some(s) => s,
            None => {
                child.kill().ok();
                child.wait().ok();
                return Err(TestCaseError::fail(format!("{args:?} ran past 20 s")));
            }
        };
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        let code = status.code();
        prop_assert!(matches!(code, Some(0..=2)), "{args:?} ended with {status} and said:\n{err}");
        counts.borrow_mut()[code.unwrap() as usize] += 1;
        if code == Some(2) {
            if err.starts_with("nimforge: ") {
                // Our own refusal: one line.
                prop_assert_eq!(err.trim_end().lines().count(), 1, "{:?} said more than one line:\n{}", args, err);
            } else {
                // clap's usage error or help, with its hints.
                prop_assert!(err.starts_with("error:") || err.contains("Usage:"), "{:?}: {}", args, err);
            }
        }
        Ok(())
    });
    std::fs::remove_dir_all(&scratch).ok();
    if let Err(e) = result {
        panic!("{e}");
    }
    let [ok, one, two] = *counts.borrow();
    eprintln!("{} runs: {ok} answered (0), {one} refused a move or found a mismatch (1), {two} refused their words (2)", ok + one + two);
    assert!(ok > 100 && two > 1000, "too few valid or invalid cases: {ok}, {one}, {two}");
}
