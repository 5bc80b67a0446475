//! What `verify`, `check` and `merge` give a CI server besides their
//! tables: `--junit FILE` (JUnit XML, [`nimforge_verify::ci::junit`]) and
//! `--annotate` (GitHub Actions `::error` lines,
//! [`nimforge_verify::ci::annotate`]; on by itself when `GITHUB_ACTIONS=true`).

use nimforge_verify::ci::annotate::{self, Annotation};
use nimforge_verify::ci::junit::{self, Suite};
use std::path::PathBuf;

/// What `verify`, `check` and `merge` give a CI server besides the table.
#[derive(clap::Args, Clone, Debug)]
pub struct CiArgs {
    /// Also write the results as JUnit XML (the Jenkins xUnit schema) to
    /// FILE: a test suite per machine or design, a test case per level and
    /// proof, a mismatch's presses and VCD in its failure.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Print a GitHub Actions `::error` line for each mismatch, difference
    /// or refused design, at the Verilog file and line that drives the
    /// wrong output (on by itself when GITHUB_ACTIONS=true).
    #[arg(long)]
    annotate: bool,
}

impl CiArgs {
    /// The flags as the run takes them; `github_actions` when inside GitHub
    /// Actions ([`super::Process::github_actions`]), where `--annotate` is on
    /// by itself.
    pub fn out(&self, github_actions: bool) -> Out {
        Out { junit: self.junit.clone(), annotate: self.annotate || github_actions }
    }
}

/// The two flags, as the three commands take them.
#[derive(Clone, Debug, Default)]
pub struct Out {
    /// Where to write the JUnit XML.
    pub junit: Option<PathBuf>,
    /// Print the annotations: `--annotate` given, or inside GitHub Actions.
    pub annotate: bool,
}

impl Out {
    /// Refuses, before the run, a `--junit` file that could not be written.
    pub fn ready(&self) -> Result<(), crate::Error> {
        match &self.junit {
            Some(f) => Ok(junit::check_path(f)?),
            None => Ok(()),
        }
    }

    /// Writes the JUnit file, when one was asked for.
    pub fn junit(&self, name: &str, suites: &[Suite]) -> Result<(), crate::Error> {
        match &self.junit {
            Some(f) => Ok(junit::write(f, name, suites)?),
            None => Ok(()),
        }
    }

    /// Whether to print annotations (`--annotate`, or inside GitHub Actions).
    pub fn annotating(&self) -> bool {
        self.annotate
    }

    /// Prints the annotations, when wanted: on stdout, where the runner
    /// reads workflow commands, or on stderr under `--json` (stdout is
    /// then JSON lines only).
    pub fn print(&self, lines: &[Annotation], json: bool) {
        if !self.annotating() {
            return;
        }
        for a in lines {
            if json {
                eprintln!("{a}");
            } else {
                println!("{a}");
            }
        }
    }
}

impl Out {
    /// After `check` of `b` against `a` (module `top`, scripts in `dir`):
    /// the JUnit file of its verdict, or of its refusal (`Err`, the line
    /// it stops with), and the annotation of a difference or a refusal.
    pub fn after_check(
        &self,
        (a, b, top): (&std::path::Path, &std::path::Path, &str),
        dir: &std::path::Path,
        checked: Result<&nimforge_verify::check::Checked, &str>,
        seconds: f64,
    ) -> Result<(), crate::Error> {
        let suite = match checked {
            Ok(c) => junit::of_check(a, b, top, c, seconds),
            Err(why) => junit::of_refusal(top, "check", why),
        };
        let written = self.junit("nimforge check", &[suite]);
        if self.annotating() {
            let line = match checked {
                Ok(c) => annotate::of_check(a, b, top, c, &dir.join("annotate")),
                Err(why) => Some(annotate::of_refusal(&[a, b], &format!("{top}: nimforge check refused the design"), why)),
            };
            self.print(line.as_slice(), false);
        }
        written
    }
}
