//! What a `main` writes for a CI server besides its tables, as its command
//! line and environment ask. The process is read at the binary's edge
//! ([`Outputs::from_env`], which [`crate::Project::main`] calls); a program
//! with a command line of its own builds the value itself and hands it to
//! [`crate::Project::main_with`].

use std::path::PathBuf;

/// The CI outputs a run writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outputs {
    /// `--junit FILE`: the levels and proofs as JUnit XML
    /// ([`super::junit`]), the file's directory checked before the run.
    pub junit: Option<PathBuf>,
    /// Each mismatched or failed level as a GitHub Actions annotation
    /// ([`super::annotate`]).
    pub annotations: bool,
}

impl Outputs {
    /// The process's: `--junit FILE` among its arguments, and annotations
    /// inside GitHub Actions (`GITHUB_ACTIONS=true`).
    pub fn from_env() -> Outputs {
        Outputs::from_args(std::env::args(), super::annotate::wanted(false))
    }

    /// From a program's arguments (`--junit FILE` among them; the rest are
    /// not this value's) and whether annotations are wanted.
    pub fn from_args(args: impl IntoIterator<Item = String>, annotations: bool) -> Outputs {
        let junit = args.into_iter().skip_while(|a| a != "--junit").nth(1).map(PathBuf::from);
        Outputs { junit, annotations }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_is_the_word_after_its_flag() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(Outputs::from_args(args(&["main", "--junit", "build/j.xml"]), false).junit, Some(PathBuf::from("build/j.xml")));
        assert_eq!(Outputs::from_args(args(&["main", "--quiet"]), true), Outputs { junit: None, annotations: true });
        assert_eq!(Outputs::from_args(args(&["main", "--junit"]), false).junit, None);
    }
}
