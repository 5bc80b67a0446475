//! Results out to CI (issue 47): `--junit FILE` of `verify`, `check` and
//! `merge` checked against the schema with xmllint, every level named; and
//! `--annotate`'s `::error` lines at the file and line of the Verilog that
//! drives the wrong output, that line found here in the file's text.

use nimforge_verify::flow::xmllint;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SCHEMA: &str = nimforge_verify::ci::junit::SCHEMA;

fn nimforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimforge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("GITHUB_ACTIONS")
        .output()
        .expect("nimforge runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nimforge-ci-out-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `file` valid against the schema, and the names of its test cases.
fn valid_cases(file: &Path) -> Vec<String> {
    xmllint::validate(file, Path::new(SCHEMA)).unwrap_or_else(|e| panic!("{e}\n{}", std::fs::read_to_string(file).unwrap_or_default()));
    let n: usize = xmllint::xpath_string(file, "count(//testcase)").unwrap().trim().parse().unwrap();
    (1..=n).map(|i| xmllint::xpath_string(file, &format!("(//testcase)[{i}]/@name")).unwrap()).collect()
}

/// The `::error` line's properties (`file`, `line`, `title`), unescaped
/// enough for these names.
fn annotation(stdout: &str) -> Option<(String, Option<usize>, String)> {
    let line = stdout.lines().find(|l| l.starts_with("::error "))?;
    let props = &line["::error ".len()..line[2..].find("::").map(|i| i + 2)?];
    let get = |key: &str| props.split(',').find_map(|p| p.strip_prefix(&format!("{key}="))).map(|v| v.replace("%3A", ":").replace("%2C", ","));
    Some((get("file")?, get("line").and_then(|l| l.parse().ok()), get("title")?))
}

/// The line (from 1) of `file` that assigns `output`: an `assign` or a
/// `<=` whose left side names it.
fn assigning_line(file: &str, output: &str) -> usize {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let names = |lhs: &str| lhs.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == output);
    text.lines()
        .position(|l| {
            let l = l.trim();
            match (l.strip_prefix("assign "), l.find("<=")) {
                (Some(rest), _) => rest.split('=').next().is_some_and(names),
                (None, Some(at)) => names(&l[..at]),
                _ => false,
            }
        })
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line of {file} assigns {output}"))
}

/// `check`'s JUnit for every verdict and a refusal, valid and naming its
/// cases; a difference's annotation at the line of the rewrite that
/// drives the output that differs.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog, have_xmllint)), ignore = "needs yosys, iverilog and xmllint: bash .ci/deps installs them")]
fn check_writes_junit_and_points_at_the_wrong_line() {
    let dir = tmp("check");
    let t = "testbenches/check";
    for (a, b, top, code) in
        [("fifo", "fifo_full3", "fifo", 1), ("wide", "wide_parity99", "wide", 1), ("adder", "adder_minus", "adder", 1), ("fifo", "fifo_yosys", "fifo", 0)]
    {
        let (a, b) = (format!("{t}/{a}.v"), format!("{t}/{b}.v"));
        let junit = dir.join(format!("{top}-{code}.xml"));
        let out = nimforge(&["check", &a, &b, "--top", top, "--junit", &junit.to_string_lossy(), "--annotate"]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{said}{}", text(&out.stderr));
        // The proof is a case where it ran.
        let cases: Vec<String> = valid_cases(&junit).into_iter().filter(|c| c != "proof").collect();
        assert_eq!(cases, ["ports", "simulation", "verdict"], "{b}");
        if code == 0 {
            assert!(annotation(&said).is_none(), "{said}");
            continue;
        }
        let failure = xmllint::xpath_string(&junit, "//testcase[@name='verdict']/failure/@message").unwrap();
        assert!(failure.starts_with("different"), "{failure}");
        let attached = xmllint::xpath_string(&junit, "//testcase[@name='verdict']/system-out").unwrap();
        let vcd = attached.lines().next().and_then(|l| l.strip_prefix("[[ATTACHMENT|")).and_then(|l| l.strip_suffix("]]")).unwrap();
        assert!(vcd.ends_with(".vcd") && Path::new(vcd).is_file(), "{attached}");
        let (file, line, title) = annotation(&said).unwrap_or_else(|| panic!("no ::error line:\n{said}"));
        let output = title.split_whitespace().nth(1).unwrap();
        assert_eq!(file, b, "{said}");
        assert_eq!(line, Some(assigning_line(&b, output)), "{b}: {output}\n{said}");
    }
    // Not decided: an error case.
    let product = |name: &str, expr: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("module m(input clock, input [15:0] x, input [15:0] y, output reg [31:0] p);\n  always @(posedge clock) p <= {expr};\nendmodule\n"),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    let junit = dir.join("undecided.xml");
    let out = nimforge(&["check", &product("xy.v", "x * y"), &product("yx.v", "y * x"), "--top", "m", "--timeout", "5", "--junit", &junit.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(valid_cases(&junit).contains(&"verdict".to_string()));
    assert!(xmllint::xpath_string(&junit, "//testcase[@name='verdict']/error/@message").unwrap().starts_with("not decided"));
    // Refused: the JUnit says why, the annotation names the file.
    let junit = dir.join("refused.xml");
    let out = nimforge(&["check", &format!("{t}/fifo.v"), "no-such.v", "--top", "fifo", "--junit", &junit.to_string_lossy(), "--annotate"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(valid_cases(&junit), ["check"]);
    let (file, _, _) = annotation(&text(&out.stdout)).unwrap();
    assert_eq!(file, "no-such.v");
    // A JUnit file in a directory that does not exist: one line, before the run.
    let missing = dir.join("no-such-dir").join("j.xml");
    let out = nimforge(&["check", &format!("{t}/fifo.v"), &format!("{t}/fifo.v"), "--top", "fifo", "--junit", &missing.to_string_lossy()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("does not exist") && err.lines().count() == 1 && out.stdout.is_empty(), "{err}");
    assert!(!missing.parent().unwrap().exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// `verify --junit` and `merge --junit` of its shards: valid, every row of
/// `--json` a test case by its level.
#[test]
#[cfg_attr(not(all(have_yosys, have_xmllint)), ignore = "needs yosys and xmllint: bash .ci/deps installs them")]
fn verify_and_merge_write_junit_naming_every_level() {
    let dir = tmp("verify");
    let junit = dir.join("verify.xml");
    let out = nimforge(&["verify", "die18", "--level", "verilog", "--engine", "bitsim", "--json", "--junit", &junit.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let levels: Vec<String> =
        text(&out.stdout).lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["level"].as_str().unwrap().to_string()).collect();
    assert!(!levels.is_empty());
    assert_eq!(valid_cases(&junit), levels);
    let mut shards = Vec::new();
    for i in 0..2 {
        let out = nimforge(&["verify", "die18", "--level", "verilog", "--engine", "bitsim", "--shard", &format!("{i}/2"), "--json"]);
        let f = dir.join(format!("s{i}.jsonl"));
        std::fs::write(&f, &out.stdout).unwrap();
        shards.push(f.to_string_lossy().into_owned());
    }
    let merged = dir.join("merge.xml");
    let out = nimforge(&["merge", &shards[0], &shards[1], "--junit", &merged.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(valid_cases(&merged), ["verilog/bitsim"]);
    std::fs::remove_dir_all(&dir).ok();
}
