//! GitHub Actions annotations (`--annotate`, on by itself when
//! `GITHUB_ACTIONS=true`): a mismatch, a difference or a refused design as
//! an `::error file=F,line=L,title=T::message` workflow command, which the
//! runner shows on the pull request at that file and line. The line is the
//! one that drives the first wrong output, from yosys's `src` attributes
//! ([`yosys::drivers`]); where none can be named, the file alone.
//! Escaped as GitHub's workflow commands want: `%`, `\r`, `\n` in the
//! message, and `,` and `:` too in the properties.

use crate::check::{Checked, Verdict};
use crate::flow::yosys;
use crate::{LevelReport, Status};
use std::fmt;
use std::path::{Path, PathBuf};

/// One `::error` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation {
    /// The file it points at (relative to the working directory where it
    /// lies under it, as GitHub wants a path in the repository).
    pub file: Option<String>,
    /// The line, from 1.
    pub line: Option<usize>,
    /// Its title.
    pub title: String,
    /// Its message.
    pub message: String,
}

/// Whether to print annotations: asked (`--annotate`) or inside GitHub
/// Actions (`GITHUB_ACTIONS=true`).
pub fn wanted(asked: bool) -> bool {
    asked || std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true")
}

/// A message escaped for a workflow command.
pub(crate) fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A property's value escaped for a workflow command.
pub(crate) fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut props = Vec::new();
        if let Some(file) = &self.file {
            props.push(format!("file={}", escape_property(file)));
            if let Some(line) = self.line {
                props.push(format!("line={line}"));
            }
        }
        props.push(format!("title={}", escape_property(&self.title)));
        write!(f, "::error {}::{}", props.join(","), escape_data(&self.message))
    }
}

/// `path` as the annotation names it: relative to the working directory
/// when it lies under it.
pub fn shown(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let here = std::env::current_dir().ok().and_then(|d| d.canonicalize().ok());
    let canonical = absolute.canonicalize().unwrap_or(absolute);
    match here.as_ref().and_then(|h| canonical.strip_prefix(h).ok()) {
        Some(rel) => rel.display().to_string(),
        None => path.display().to_string(),
    }
}

/// The outputs a level's first mismatch names (`... (differs in a, b)`,
/// `describe`).
pub(crate) fn differing_outputs(first_mismatch: &str) -> Vec<String> {
    let Some(at) = first_mismatch.rfind("(differs in ") else { return vec![] };
    let rest = &first_mismatch[at + "(differs in ".len()..];
    let list = &rest[..rest.find(')').unwrap_or(rest.len())];
    list.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// Where `output` is driven in `file` (module `top`), yosys run in `dir`:
/// the file yosys names and the line; `None` when yosys cannot say.
fn driver_of(file: &Path, top: &str, output: &str, dir: &Path, cache: &mut Option<Vec<yosys::Driver>>) -> Option<(PathBuf, usize)> {
    if cache.is_none() {
        std::fs::create_dir_all(dir).ok()?;
        *cache = Some(yosys::drivers(file, top, dir).unwrap_or_default());
    }
    cache.as_ref()?.iter().find(|d| d.output == output).map(|d| (d.file.clone(), d.line))
}

/// Points at `file`'s line where yosys says `file` (canonical) holds it,
/// else at the file alone.
fn at(file: &Path, found: Option<(PathBuf, usize)>) -> (Option<String>, Option<usize>) {
    let same = |p: &Path| std::fs::canonicalize(p).ok() == std::fs::canonicalize(file).ok();
    match found {
        Some((f, line)) if same(&f) => (Some(shown(file)), Some(line)),
        Some((f, line)) => (Some(shown(&f)), Some(line)),
        None => (Some(shown(file)), None),
    }
}

/// The annotations of `verify`'s rows for one design in `file` (module
/// `top`): one per mismatched level, at the driver of its first wrong
/// output, and one per failed level, at the file. yosys runs (once) in `dir`.
pub fn of_levels(levels: &[LevelReport], file: &Path, top: &str, dir: &Path) -> Vec<Annotation> {
    let mut cache = None;
    let mut out = Vec::new();
    for r in levels {
        match r.status {
            Status::Mismatched => {
                let first = r.first_mismatch.clone().unwrap_or_else(|| format!("{} mismatches", r.mismatches));
                let outputs = differing_outputs(&first);
                let found = outputs.first().and_then(|o| driver_of(file, top, o, dir, &mut cache));
                let (file, line) = at(file, found);
                let wrong = if outputs.is_empty() { String::new() } else { format!(": {} wrong", outputs.join(", ")) };
                out.push(Annotation { file, line, title: format!("{} {} mismatched{wrong}", r.machine, r.level), message: first });
            }
            Status::Failed => {
                let (file, line) = at(file, None);
                let e = r.error.clone().unwrap_or_default();
                out.push(Annotation { file, line, title: format!("{} {} failed", r.machine, r.level), message: e });
            }
            _ => {}
        }
    }
    out
}

/// The annotation of a `check` of `b` against `a` that found a
/// difference: at `b`'s line that drives the first output that differs.
/// None for any other verdict. yosys runs in `dir`.
pub fn of_check(a: &Path, b: &Path, top: &str, c: &Checked, dir: &Path) -> Option<Annotation> {
    let Verdict::Different(x) = &c.verdict else { return None };
    // The first output that differs at the last cycle, where it differs.
    let last = x.a.len().min(x.b.len()).checked_sub(1);
    let differs = |o: usize| last.is_some_and(|t| x.a[t].get(o) != x.b[t].get(o));
    let first = (0..x.outputs.len()).find(|&o| differs(o)).map(|o| &x.outputs[o]).or(x.outputs.first())?;
    let found = driver_of(b, top, first, dir, &mut None);
    let (file, line) = at(b, found);
    Some(Annotation {
        file,
        line,
        title: format!("{top}: {first} differs from {}", shown(a)),
        message: format!(
            "{} differs from {} at {} {} after these inputs from power-on (found by {}):\n{x}counterexample: {}",
            shown(b),
            shown(a),
            x.unit(),
            x.cycle,
            x.found_by,
            x.vcd.display()
        ),
    })
}

/// The annotation of a refused `check` (or `verify`): at the file of
/// `files` its message names (at the line, when it names one as
/// `file:line`), else at the last of `files`.
pub fn of_refusal(files: &[&Path], title: &str, message: &str) -> Annotation {
    let named = files.iter().rev().find_map(|f| {
        let names = [f.display().to_string(), std::fs::canonicalize(f).map(|c| c.display().to_string()).unwrap_or_default()];
        names.iter().filter(|n| !n.is_empty()).find_map(|n| {
            let at = message.find(n.as_str())?;
            let after = &message[at + n.len()..];
            let line = after.strip_prefix(':').map(|r| r.chars().take_while(char::is_ascii_digit).collect::<String>()).and_then(|d| d.parse().ok());
            Some((*f, line))
        })
    });
    let (file, line) = match named {
        Some((f, line)) => (Some(shown(f)), line),
        None => (files.last().map(|f| shown(f)), None),
    };
    Annotation { file, line, title: title.into(), message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GitHub's escapes: `%` first, line breaks in the message; `:` and
    /// `,` too in a property, which would end it.
    #[test]
    fn workflow_commands_are_escaped() {
        let a = Annotation { file: Some("a,b:c.v".into()), line: Some(7), title: "50% of x, y: z".into(), message: "one\r\ntwo 100%".into() };
        assert_eq!(a.to_string(), "::error file=a%2Cb%3Ac.v,line=7,title=50%25 of x%2C y%3A z::one%0D%0Atwo 100%25");
        let no_file = Annotation { file: None, line: Some(3), title: "t".into(), message: "m".into() };
        assert_eq!(no_file.to_string(), "::error title=t::m");
    }

    #[test]
    fn the_differing_outputs_are_read_from_the_first_mismatch() {
        let first = "first mismatch at cycle 4: state [a=1], input X, expected [a=1 b=2], got [a=1 b=3] (differs in b, c); the oracle's state before it: S";
        assert_eq!(differing_outputs(first), vec!["b", "c"]);
        assert!(differing_outputs("no list here").is_empty());
    }

    /// A mismatched level of a Verilog design: the annotation at the file
    /// and the line that assigns the first wrong output (found here in
    /// the text); a failed level at the file alone.
    #[test]
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    fn a_mismatch_points_at_the_line_that_drives_the_wrong_output() {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/verilog/sleepy_lock.v"));
        let text = std::fs::read_to_string(file).unwrap();
        let want = text.lines().position(|l| l.trim_start().starts_with("assign lockout")).unwrap() + 1;
        let first = "first mismatch at cycle 9: state [s], input K4, expected [open=0 lockout=0], got [open=0 lockout=1] (differs in lockout)";
        let rows = [
            LevelReport::judged("lock", crate::Stage::bitsim(crate::Hardware::Verilog), 10, 1, Some(first.into())),
            LevelReport::failed("lock", crate::Stage::Run(crate::Run::icarus(crate::Hardware::Netlist)), "iverilog failed".into()),
            LevelReport::judged("lock", crate::Stage::bitsim(crate::Hardware::Netlist), 10, 0, None),
        ];
        let dir = std::env::temp_dir().join(format!("nimforge-annotate-{}", std::process::id()));
        let lines = of_levels(&rows, file, "lock", &dir);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0].line, Some(want), "{}", lines[0]);
        assert!(lines[0].file.as_deref().is_some_and(|f| f.ends_with("examples/verilog/sleepy_lock.v")), "{}", lines[0]);
        assert!(lines[0].title.contains("lockout"), "{}", lines[0]);
        assert_eq!(lines[1].line, None);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A refusal that names a file and line points there.
    #[test]
    fn a_refusal_points_at_the_file_and_line_it_names() {
        let (a, b) = (Path::new("x/a.v"), Path::new("x/b.v"));
        let r = of_refusal(&[a, b], "refused", "x/a.v:12: ERROR: syntax error");
        assert_eq!((r.file.as_deref(), r.line), (Some("x/a.v"), Some(12)));
        let r = of_refusal(&[a, b], "refused", "the ports differ");
        assert_eq!((r.file.as_deref(), r.line), (Some("x/b.v"), None));
    }
}
