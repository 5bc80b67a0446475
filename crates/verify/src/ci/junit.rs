//! Results as JUnit XML for CI servers (`--junit FILE` of `verify`,
//! `check` and `merge`), after the Jenkins xUnit schema (`junit-10.xsd` of
//! jenkinsci/xunit-plugin): one test suite per machine or design, one test
//! case per level and per proof (for `check`: its ports, its simulation,
//! its proof and its verdict). A mismatch is a `<failure>` carrying the
//! first mismatch, its presses from power-on, and its VCD as an attachment
//! (`[[ATTACHMENT|path]]` in the case's `<system-out>`, as Jenkins's
//! attachments plugin reads it); a level that could not run is an
//! `<error>`; a skipped or `n/a` level, or a proof that did not close, is
//! `<skipped>`; the figures (vectors, lanes, states, seconds) are the
//! suite's properties, named `<case>.<figure>`. The XML is made from
//! `emit/templates/junit.xml.j2`, askama escaping every text, and written
//! whole or not at all ([`crate::files::write`]). The tests check every
//! document against [`SCHEMA`] with xmllint.

use crate::check::{Checked, Verdict, Walk};
use crate::flow::yosys;
use crate::levels::equiv::{ProofReport, ProofStatus};
use crate::{Error, LevelReport, Status};
use askama::Template;
use std::path::Path;

/// The XML Schema the tests hold every document to: written for nimforge
/// from the documentation of the Jenkins xUnit schema (its header says how
/// it differs).
pub const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ci/junit.xsd");

/// How a test case ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Passed.
    Passed,
    /// Wrong: a mismatch, a refuted proof, a difference.
    Failure {
        /// One line.
        message: String,
        /// The whole of it.
        detail: String,
    },
    /// Could not run to the end (a tool failed), or not decided.
    Error {
        /// One line.
        message: String,
        /// The whole of it.
        detail: String,
    },
    /// Not run: a missing tool, a level that does not apply, a proof that
    /// did not close.
    Skipped {
        /// Why.
        message: String,
    },
}

/// One test case: a level, a proof, a step of `check`.
#[derive(Clone, Debug)]
pub struct Case {
    /// The level (`verilog/bitsim`), the proof (`equiv netlist=verilog`), the step.
    pub name: String,
    /// `verify.<machine>`, `check.<top>`.
    pub classname: String,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// How it ended.
    pub outcome: Outcome,
    /// The failure's or error's type: `mismatched`, `failed`, `refuted`, ...
    pub kind: String,
    /// Files to attach (the VCDs): each becomes a `[[ATTACHMENT|path]]` line.
    pub attachments: Vec<String>,
}

/// One test suite: a machine's levels and proofs, or one `check`.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The machine's name, or the checked module's.
    pub name: String,
    /// Its cases, in the order the table prints them.
    pub cases: Vec<Case>,
    /// Its figures, `(name, value)`.
    pub properties: Vec<(String, String)>,
}

/// A property, for the template.
struct Property {
    name: String,
    value: String,
}

/// A case, for the template: its texts made XML-safe.
struct CaseXml {
    name: String,
    classname: String,
    time: String,
    outcome: Outcome,
    kind: String,
    output: String,
}

/// A suite, for the template.
struct SuiteXml {
    name: String,
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
    time: String,
    properties: Vec<Property>,
    cases: Vec<CaseXml>,
}

#[derive(Template)]
#[template(path = "junit.xml.j2", escape = "html")]
struct Document {
    name: String,
    tests: usize,
    failures: usize,
    errors: usize,
    time: String,
    suites: Vec<SuiteXml>,
}

/// `text` with the characters XML 1.0 cannot hold (control characters
/// other than tab and line breaks: a tool's colour codes) replaced by U+FFFD.
fn xml_text(text: &str) -> String {
    text.chars().map(|c| if (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}' { '\u{fffd}' } else { c }).collect()
}

/// A message: the first line of `text`, XML-safe.
fn first_line(text: &str) -> String {
    xml_text(text.lines().next().unwrap_or(""))
}

fn seconds(s: f64) -> String {
    format!("{:.3}", if s.is_finite() && s > 0.0 { s } else { 0.0 })
}

/// The document for `suites`, its root named `name` (`nimforge verify`).
pub fn render(name: &str, suites: &[Suite]) -> String {
    let suites: Vec<SuiteXml> = suites
        .iter()
        .map(|s| {
            let count = |f: fn(&Outcome) -> bool| s.cases.iter().filter(|c| f(&c.outcome)).count();
            SuiteXml {
                name: xml_text(&s.name),
                tests: s.cases.len(),
                failures: count(|o| matches!(o, Outcome::Failure { .. })),
                errors: count(|o| matches!(o, Outcome::Error { .. })),
                skipped: count(|o| matches!(o, Outcome::Skipped { .. })),
                time: seconds(s.cases.iter().map(|c| c.seconds).filter(|t| t.is_finite()).sum()),
                properties: s.properties.iter().map(|(n, v)| Property { name: xml_text(n), value: xml_text(v) }).collect(),
                cases: s
                    .cases
                    .iter()
                    .map(|c| CaseXml {
                        name: xml_text(&c.name),
                        classname: xml_text(&c.classname),
                        time: seconds(c.seconds),
                        outcome: match &c.outcome {
                            Outcome::Passed => Outcome::Passed,
                            Outcome::Failure { message, detail } => Outcome::Failure { message: first_line(message), detail: xml_text(detail) },
                            Outcome::Error { message, detail } => Outcome::Error { message: first_line(message), detail: xml_text(detail) },
                            Outcome::Skipped { message } => Outcome::Skipped { message: first_line(message) },
                        },
                        kind: xml_text(&c.kind),
                        output: c.attachments.iter().map(|a| format!("[[ATTACHMENT|{}]]", xml_text(a))).collect::<Vec<_>>().join("\n"),
                    })
                    .collect(),
            }
        })
        .collect();
    let sum = |f: fn(&SuiteXml) -> usize| suites.iter().map(f).sum();
    let time: f64 = suites.iter().map(|s| s.time.parse::<f64>().unwrap_or(0.0)).sum();
    let doc = Document { name: xml_text(name), tests: sum(|s| s.tests), failures: sum(|s| s.failures), errors: sum(|s| s.errors), time: seconds(time), suites };
    doc.render().expect("the JUnit template renders") + "\n"
}

/// Whether `path` can take the JUnit file, asked before the run so that a
/// long run does not end in a file it cannot write: its directory must
/// exist and it must not be a directory. One line when not.
pub fn check_path(path: &Path) -> Result<(), Error> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if path.as_os_str().is_empty() || path.is_dir() {
        return Err(Error::Input(format!("--junit {}: a directory, not a file: give the file to write, e.g. build/junit.xml", path.display())));
    }
    if !dir.is_dir() {
        return Err(Error::Input(format!("--junit {}: the directory {} does not exist: create it first", path.display(), dir.display())));
    }
    Ok(())
}

/// Writes the document for `suites` to `path`, whole or not at all.
pub fn write(path: &Path, name: &str, suites: &[Suite]) -> Result<(), Error> {
    check_path(path)?;
    crate::files::write(path, render(name, suites)).map_err(|e| Error::io(format!("writing the JUnit file {}", path.display()), e))
}

/// A level's case.
fn level_case(r: &LevelReport) -> Case {
    let (outcome, kind, attachments) = match r.status {
        Status::Passed => (Outcome::Passed, "", vec![]),
        Status::Mismatched => {
            let first = r.first_mismatch.clone().unwrap_or_else(|| format!("{} mismatches", r.mismatches));
            let mut detail = format!("{} of {} vectors mismatched; {first}", r.mismatches, r.vectors);
            let mut attachments = vec![];
            if let Some(p) = &r.replay {
                detail.push_str(&format!("\npresses from power-on (cycle {} of the plan): {}", p.cycle, p.presses.join(", ")));
                detail.push_str(&format!("\nthe model's state before the last: {}", p.state_before));
                if let Some(vcd) = &p.vcd {
                    detail.push_str(&format!("\nits VCD: {vcd}"));
                    attachments.push(vcd.clone());
                }
            }
            (Outcome::Failure { message: first, detail }, "mismatched", attachments)
        }
        Status::Failed => {
            let e = r.error.clone().unwrap_or_else(|| "failed".into());
            (Outcome::Error { message: e.clone(), detail: e }, "failed", vec![])
        }
        Status::Skipped => (Outcome::Skipped { message: r.skipped.clone().unwrap_or_else(|| "skipped".into()) }, "", vec![]),
        Status::NotApplicable => (Outcome::Skipped { message: format!("n/a: {}", r.coverage) }, "", vec![]),
    };
    Case { name: r.level.to_string(), classname: format!("verify.{}", r.machine), seconds: r.seconds, outcome, kind: kind.into(), attachments }
}

/// A proof's case.
fn proof_case(p: &ProofReport) -> Case {
    let outcome = match p.status {
        ProofStatus::Proven => Outcome::Passed,
        ProofStatus::Refuted => Outcome::Failure { message: p.detail.clone(), detail: p.detail.clone() },
        ProofStatus::Failed => Outcome::Error { message: p.detail.clone(), detail: p.detail.clone() },
        ProofStatus::NotClosed => Outcome::Skipped { message: format!("not closed: {}", p.detail) },
        ProofStatus::Skipped => Outcome::Skipped { message: p.detail.clone() },
    };
    Case {
        name: format!("equiv {}", p.pair),
        classname: format!("verify.{}", p.machine),
        seconds: p.seconds,
        outcome,
        kind: p.status.name().into(),
        attachments: vec![],
    }
}

/// The suites of `verify`'s (or `merge`'s) rows: one per machine name in
/// the rows, in the order of first appearance, a case per level and per
/// proof.
pub fn of_levels(levels: &[LevelReport], proofs: &[ProofReport]) -> Vec<Suite> {
    let mut suites: Vec<Suite> = Vec::new();
    let mut suite = |name: &str| -> usize {
        match suites.iter().position(|s| s.name == name) {
            Some(i) => i,
            None => {
                suites.push(Suite { name: name.into(), cases: vec![], properties: vec![] });
                suites.len() - 1
            }
        }
    };
    let mut placed: Vec<(usize, Case, Vec<(String, String)>)> = Vec::new();
    for r in levels {
        let mut props = vec![(format!("{}.vectors", r.level), r.vectors.to_string()), (format!("{}.lanes", r.level), r.lanes.to_string())];
        props.push((format!("{}.mismatches", r.level), r.mismatches.to_string()));
        if let Some(n) = r.model_states {
            props.push((format!("{}.model_states", r.level), n.to_string()));
        }
        if let Some(n) = r.pair_states {
            props.push((format!("{}.pair_states", r.level), n.to_string()));
        }
        props.push((format!("{}.exhaustive", r.level), r.exhaustive.to_string()));
        props.push((format!("{}.seconds", r.level), format!("{:.3}", r.seconds)));
        if !r.coverage.is_empty() {
            props.push((format!("{}.coverage", r.level), r.coverage.clone()));
        }
        placed.push((suite(&r.machine), level_case(r), props));
    }
    for p in proofs {
        let name = format!("equiv {}", p.pair);
        let mut props = vec![(format!("{name}.matched"), p.matched.to_string()), (format!("{name}.seconds"), format!("{:.3}", p.seconds))];
        if let Some(b) = p.bound {
            props.push((format!("{name}.bound"), b.to_string()));
        }
        placed.push((suite(&p.machine), proof_case(p), props));
    }
    for (i, case, props) in placed {
        suites[i].cases.push(case);
        suites[i].properties.extend(props);
    }
    suites
}

/// The suite of one `nimforge check` of `b` against `a` (module `top`):
/// its cases `ports`, `simulation`, `proof` (where it ran) and `verdict`,
/// the run's `seconds` on the verdict.
pub fn of_check(a: &Path, b: &Path, top: &str, c: &Checked, seconds: f64) -> Suite {
    let classname = format!("check.{top}");
    let case = |name: &str, outcome: Outcome, kind: &str, attachments: Vec<String>, seconds: f64| Case {
        name: name.into(),
        classname: classname.clone(),
        seconds,
        outcome,
        kind: kind.into(),
        attachments,
    };
    let mut properties = vec![("a".to_string(), a.display().to_string()), ("b".to_string(), b.display().to_string())];
    let ports: Vec<String> = c.ports.iter().map(|p| format!("{} {}[{}]", if p.input { "in" } else { "out" }, p.name, p.width)).collect();
    properties.push(("ports".into(), ports.join(", ")));
    let mut cases = vec![case("ports", Outcome::Passed, "", vec![], 0.0)];
    let simulation = match &c.walk {
        Walk::Whole { states, transitions, depth } => {
            properties.extend([("states".into(), states.to_string()), ("transitions".into(), transitions.to_string()), ("depth".into(), depth.to_string())]);
            Outcome::Passed
        }
        Walk::Runs { why, runs: 0, .. } => Outcome::Skipped { message: format!("not walked whole ({why})") },
        Walk::Runs { why, runs, depth } => {
            properties.extend([("runs".into(), runs.to_string()), ("run_depth".into(), depth.to_string()), ("not_walked".into(), why.clone())]);
            Outcome::Passed
        }
    };
    let found_by_simulation = matches!(&c.verdict, Verdict::Different(x) if x.found_by != "the bounded proof");
    let simulation = if found_by_simulation {
        Outcome::Failure { message: "the simulation found a difference".into(), detail: "see the verdict".into() }
    } else {
        simulation
    };
    cases.push(case("simulation", simulation, if found_by_simulation { "different" } else { "" }, vec![], 0.0));
    if let Some((verdict, detail)) = &c.proof {
        let outcome = match verdict {
            yosys::ProofOutcome::Proven => Outcome::Passed,
            yosys::ProofOutcome::Refuted => Outcome::Failure { message: format!("refuted: {detail}"), detail: detail.clone() },
            yosys::ProofOutcome::NotClosed => Outcome::Skipped { message: format!("not closed: {detail}") },
        };
        cases.push(case("proof", outcome, "refuted", vec![], 0.0));
    }
    let verdict = match &c.verdict {
        Verdict::Equal(how) => {
            properties.push(("equal_by".into(), how.clone()));
            case("verdict", Outcome::Passed, "", vec![], seconds)
        }
        Verdict::Different(x) => {
            let differing: Vec<&str> = x.outputs.iter().map(String::as_str).collect();
            let message = format!(
                "different: at {} {} {} differs ({} against {}), found by {}",
                x.unit(),
                x.cycle,
                differing.join(", "),
                a.display(),
                b.display(),
                x.found_by
            );
            let detail = format!(
                "{message}; the inputs from power-on:\n{x}counterexample: {} (inputs and the outputs that differ), {} (replays it in Icarus)",
                x.vcd.display(),
                x.testbench.display()
            );
            let attach = vec![x.vcd.display().to_string(), x.testbench.display().to_string()];
            case("verdict", Outcome::Failure { message, detail }, "different", attach, seconds)
        }
        Verdict::NotDecided(covered) => {
            case("verdict", Outcome::Error { message: format!("not decided: {covered}"), detail: covered.clone() }, "not decided", vec![], seconds)
        }
    };
    cases.push(verdict);
    properties.push(("seconds".into(), format!("{seconds:.3}")));
    Suite { name: top.into(), cases, properties }
}

/// A suite of one erroring case: what was asked (`check <top>`, `verify
/// <machine>`) refused before it ran, and why.
pub fn of_refusal(suite: &str, case: &str, why: &str) -> Suite {
    Suite {
        name: suite.into(),
        cases: vec![Case {
            name: case.into(),
            classname: suite.replace(' ', "."),
            seconds: 0.0,
            outcome: Outcome::Error { message: why.into(), detail: why.into() },
            kind: "refused".into(),
            attachments: vec![],
        }],
        properties: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Counterexample;
    use crate::flow::yosys::ModulePort;
    use crate::report::Replay;

    /// A temporary directory of this test's own.
    fn tmp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("nimforge-junit-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// `xml` written to `dir` and checked against the schema: xmllint's
    /// complaint when it has one.
    fn validate(dir: &Path, xml: &str) -> Result<(), String> {
        let f = dir.join("doc.xml");
        std::fs::write(&f, xml).unwrap();
        crate::flow::xmllint::validate(&f, Path::new(SCHEMA)).map_err(|e| e.to_string())
    }

    /// Every status a level can end in, one name holding `<&">`, and a
    /// proof of each kind.
    fn rows() -> (Vec<LevelReport>, Vec<ProofReport>) {
        let m = "odd<&\">machine";
        let mut mismatched = LevelReport::judged(
            m,
            crate::Stage::bitsim(crate::Hardware::Verilog),
            100,
            3,
            Some("first mismatch at cycle 7: state [q=1], input PRESS, expected [q=2], got [q=3] (differs in q)".into()),
        );
        mismatched.replay = Some(Replay {
            machine: m.into(),
            level: crate::Stage::bitsim(crate::Hardware::Verilog),
            cycle: 7,
            presses: vec!["RESET".into(), "PRESS".into()],
            state_before: "S { q: 1 }".into(),
            vcd: Some("build/verify/m/verilog-bitsim.vcd".into()),
        });
        let levels = vec![
            LevelReport::judged(m, crate::Stage::Rtl, 50, 0, None).seconds(1.25),
            mismatched,
            LevelReport::failed(
                m,
                crate::Stage::Run(crate::Run::icarus(crate::Hardware::Netlist)),
                "iverilog failed\n\u{1b}[31mcolour\u{1b}[0m & <worse>".into(),
            ),
            LevelReport::skipped(m, crate::Stage::bitsim(crate::Hardware::Bitstream), crate::flow::nextpnr::NEXTPNR),
            LevelReport::not_applicable("other", crate::Stage::Rtl, "a Verilog design has no rust-hdl simulation"),
        ];
        let proof = |status, pair: &str| ProofReport {
            machine: m.into(),
            level: "equiv",
            pair: pair.into(),
            status,
            seconds: 0.5,
            matched: 4,
            bound: Some(20),
            detail: "words <here>".into(),
        };
        let proofs = vec![
            proof(ProofStatus::Proven, "netlist=verilog"),
            proof(ProofStatus::Refuted, "bitstream=netlist"),
            proof(ProofStatus::NotClosed, "a=b"),
            proof(ProofStatus::Failed, "c=d"),
            proof(ProofStatus::Skipped, "e=f"),
        ];
        (levels, proofs)
    }

    /// verify's document: valid, every level and proof a case by its name,
    /// the counts as the rows say, the mismatch's presses and VCD in it.
    #[test]
    #[cfg_attr(not(have_xmllint), ignore = "needs xmllint: bash .ci/deps installs it (libxml2-utils)")]
    fn verify_rows_make_a_valid_document_naming_every_level() {
        let dir = tmp("verify");
        let (levels, proofs) = rows();
        let xml = render("nimforge verify", &of_levels(&levels, &proofs));
        validate(&dir, &xml).unwrap();
        for r in &levels {
            assert!(xml.contains(&format!("<testcase name=\"{}\"", r.level)), "{} missing:\n{xml}", r.level);
        }
        for p in &proofs {
            assert!(xml.contains(&format!("<testcase name=\"equiv {}\"", p.pair)), "{} missing", p.pair);
        }
        // The name read back as a CI server reads it: the same characters.
        let name = crate::flow::xmllint::xpath_string(&dir.join("doc.xml"), "/testsuites/testsuite[1]/@name").unwrap();
        assert_eq!(name, "odd<&\">machine");
        let failure = crate::flow::xmllint::xpath_string(&dir.join("doc.xml"), "/testsuites/testsuite[1]/testcase[3]/error/@message").unwrap();
        assert!(failure.starts_with("iverilog failed"), "{failure}");
        assert!(!xml.contains('\u{1b}'));
        // Two suites: the machine (4 levels, 5 proofs) and "other" (1 level).
        assert!(xml.contains("tests=\"9\" failures=\"2\" errors=\"2\" skipped=\"3\""), "{xml}");
        assert!(xml.contains("tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""), "{xml}");
        assert!(xml.contains("<testsuites name=\"nimforge verify\" tests=\"10\" failures=\"2\" errors=\"2\""), "{xml}");
        assert!(xml.contains("[[ATTACHMENT|build/verify/m/verilog-bitsim.vcd]]"), "{xml}");
        assert!(xml.contains("presses from power-on (cycle 7 of the plan): RESET, PRESS"), "{xml}");
        assert!(xml.contains("<property name=\"verilog/bitsim.vectors\" value=\"100\"/>"), "{xml}");
        std::fs::remove_dir_all(&dir).ok();
    }

    fn checked(verdict: Verdict, walk: Walk) -> Checked {
        let port = |name: &str, input| ModulePort { name: name.into(), input, width: 2 };
        Checked {
            ports: vec![port("x", true), port("y", false)],
            clocking: Some(crate::check::Clocking::Cycles { clock: "clock".into() }),
            walk,
            proof: Some((yosys::ProofOutcome::NotClosed, "no prover closed".into())),
            verdict,
            read: Vec::new(),
        }
    }

    /// check's documents, equal, different and not decided: valid, the
    /// difference a failure with its VCD attached, not decided an error.
    #[test]
    #[cfg_attr(not(have_xmllint), ignore = "needs xmllint: bash .ci/deps installs it (libxml2-utils)")]
    fn check_verdicts_make_valid_documents() {
        let dir = tmp("check");
        let (a, b) = (Path::new("old.v"), Path::new("new <&>.v"));
        let whole = Walk::Whole { states: 12, transitions: 48, depth: 3 };
        let runs = Walk::Runs { why: "too wide".into(), runs: 4096, depth: 1000 };
        let cex = Counterexample {
            inputs: vec!["x".into()],
            clocks: Vec::new(),
            cycles: vec![vec!["01".into()], vec!["10".into()]],
            cycle: 1,
            outputs: vec!["y".into()],
            a: vec![vec!["00".into()], vec!["01".into()]],
            b: vec![vec!["00".into()], vec!["11".into()]],
            found_by: "the walk".into(),
            vcd: "build/check/m/counterexample.vcd".into(),
            testbench: "build/check/m/replay.v".into(),
        };
        let cases = [
            (checked(Verdict::Equal("the walk".into()), whole.clone()), "failures=\"0\" errors=\"0\""),
            (checked(Verdict::Different(Box::new(cex)), whole), "failures=\"2\" errors=\"0\""),
            (checked(Verdict::NotDecided("runs are no proof".into()), runs), "failures=\"0\" errors=\"1\""),
        ];
        for (c, counts) in cases {
            let xml = render("nimforge check", &[of_check(a, b, "m", &c, 2.5)]);
            validate(&dir, &xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
            assert!(xml.contains(counts), "{counts}:\n{xml}");
            for case in ["ports", "simulation", "proof", "verdict"] {
                assert!(xml.contains(&format!("<testcase name=\"{case}\"")), "{case}");
            }
            if matches!(c.verdict, Verdict::Different(_)) {
                assert!(xml.contains("[[ATTACHMENT|build/check/m/counterexample.vcd]]") && xml.contains("at cycle 1 y differs"), "{xml}");
            }
        }
        let refused = render("nimforge check", &[of_refusal("check m", "check", "b.v has a latch <q>")]);
        validate(&dir, &refused).unwrap();
        std::fs::remove_dir_all(&dir).ok();
    }

    /// The schema can fail: broken documents are refused.
    #[test]
    #[cfg_attr(not(have_xmllint), ignore = "needs xmllint: bash .ci/deps installs it (libxml2-utils)")]
    fn the_schema_refuses_broken_documents() {
        let dir = tmp("broken");
        let good = r#"<testsuites><testsuite name="s" tests="1"><testcase name="c" classname="k"/></testsuite></testsuites>"#;
        validate(&dir, good).unwrap();
        for bad in [
            // A case with no name.
            r#"<testsuites><testsuite name="s" tests="1"><testcase classname="k"/></testsuite></testsuites>"#,
            // A failure outside a case.
            r#"<testsuites><testsuite name="s" tests="1"><failure message="m"/></testsuite></testsuites>"#,
            // A count that is no number.
            r#"<testsuites><testsuite name="s" tests="many"><testcase name="c" classname="k"/></testsuite></testsuites>"#,
            // A lone case as the root.
            r#"<testcase name="c" classname="k"/>"#,
            // Not well-formed: an unescaped ampersand.
            r#"<testsuites><testsuite name="a & b" tests="0"/></testsuites>"#,
        ] {
            assert!(validate(&dir, bad).is_err(), "taken: {bad}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A file in a directory that does not exist: one line, nothing written.
    #[test]
    fn a_missing_directory_is_refused_in_one_line() {
        let f = std::env::temp_dir().join(format!("nimforge-no-such-{}", std::process::id())).join("junit.xml");
        let e = write(&f, "x", &[]).unwrap_err().to_string();
        assert!(e.contains("does not exist") && !e.contains('\n'), "{e}");
        assert!(!f.exists());
    }
}
