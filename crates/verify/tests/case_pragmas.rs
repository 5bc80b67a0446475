//! Case statements that yosys reads otherwise than a simulator runs them
//! (issue 56): `unique case`, `priority case`, `unique0 case` and the
//! `full_case` and `parallel_case` pragmas. The check called each pair
//! below equal, on yosys's reading, where Icarus runs the two files
//! differently: it now refuses such a design in one line naming the
//! pragma, the place and the way out, and still decides a case whose
//! pragma changes nothing.

use nimforge_verify::check::{self, Options, Verdict};
use nimforge_verify::Error;
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check")).join(name)
}

fn options(dir: &Path) -> Options {
    Options { max_states: 100_000, depth: 200, runs: 1024, bound: 20, timeout: std::time::Duration::from_secs(60), ..Options::new("t", dir) }
}

/// The check's one line for `a` against `b`, which must be a refusal of
/// the design (exit 2).
fn refused(a: &Path, b: &Path, dir: &Path) -> String {
    match check::check(a, b, &options(dir)) {
        Err(e @ Error::Design(_)) => e.to_string(),
        other => panic!("{} against {}: {other:?}", a.display(), b.display()),
    }
}

#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn cases_yosys_reads_otherwise_than_they_simulate_are_refused() {
    let dir = std::env::temp_dir().join(format!("nimforge-case-pragmas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (unique, zero) = (corpus("unique_case.v"), corpus("unique_case_default0.v"));

    // The truth: without `unique` the file simulates as it did (Icarus
    // runs `unique case` as `case`), and that twin differs from the one
    // whose default is 0, certified on the files in Icarus.
    let plain = dir.join("plain_case.v");
    std::fs::write(&plain, std::fs::read_to_string(&unique).unwrap().replace("unique case", "case")).unwrap();
    let twin = check::check(&plain, &zero, &options(&dir.join("plain"))).unwrap();
    assert!(matches!(twin.verdict, Verdict::Different(_)), "{:?}", twin.verdict);

    // `unique case`, and the same case written `priority case` and
    // `(* full_case *)`: each was called equal to the default-0 twin.
    let line = refused(&unique, &zero, &dir.join("unique"));
    assert!(
        line.starts_with(&format!("{} has a case statement (unique_case.v:8) marked full_case", unique.display()))
            && line.contains("give the case a `default`")
            && !line.contains('\n'),
        "{line}"
    );
    for (name, text) in [("priority_case.v", "priority case (s)"), ("full_case.v", "(* full_case *) case (s)")] {
        let file = dir.join(name);
        std::fs::write(&file, std::fs::read_to_string(&unique).unwrap().replace("unique case (s)", text)).unwrap();
        let line = refused(&file, &zero, &dir.join(format!("{name}.check")));
        assert!(line.contains(&format!("({name}:8) marked full_case")), "{line}");
    }

    // Overlapping items marked parallel_case: yosys takes both at once.
    let line = refused(&corpus("parallel_case.v"), &corpus("parallel_case_both.v"), &dir.join("parallel"));
    assert!(line.contains("(parallel_case.v:8) marked parallel_case") && line.contains("make the items distinct constants"), "{line}");

    // A `unique case` with a default: the pragma changes nothing, and the
    // pair is decided as any other.
    let same = check::check(&corpus("unique_case_default.v"), &zero, &options(&dir.join("default"))).unwrap();
    assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);
    std::fs::remove_dir_all(&dir).ok();
}
