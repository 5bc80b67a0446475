//! The crate's one error type: what went wrong, in words a caller can act
//! on and a type a caller can match.

use crate::flow::ToolError;
use nimforge_netlist::NetlistError;
use std::fmt;
use std::path::PathBuf;

/// Why something of nimforge-verify did not give its result.
#[derive(Debug)]
pub enum Error {
    /// An external tool is missing, failed (its own output), or a file it
    /// needs could not be read or written ([`ToolError`]).
    Tool(ToolError),
    /// A netlist could not be read: where, and what is wrong with it.
    Netlist(NetlistError),
    /// A file of the toolkit's own (a board, a report, a script) is not
    /// what it should be.
    Malformed {
        /// The file.
        file: PathBuf,
        /// What is wrong and where, in one line that names the file.
        what: String,
    },
    /// A file the design writes (its Verilog, a testbench) is missing or is
    /// not what the design writes now: generate again
    /// ([`crate::Project::generate`]) before any level reads it.
    Stale {
        /// The file.
        file: PathBuf,
        /// Whether it is missing (else it is out of date).
        missing: bool,
    },
    /// Something the caller gave (a script, a position, a flag's value) is
    /// not what it should be: what, and what to give instead.
    Input(String),
    /// The design did not do what was awaited within the limit given (a
    /// move that never ends): what, and the limit.
    Stalled(String),
    /// The design's outputs differ from the model's: the first mismatch.
    Mismatch(String),
    /// The design cannot be taken as it is (a port its netlist lacks or of
    /// another width, a register with no initial value): what, and what to
    /// change.
    Design(String),
    /// The model or the harness refused (a tour that misses a transition,
    /// a whole-move run the oracle found wrong, a press the alphabet does
    /// not hold): the harness's own words.
    Model(String),
    /// nimforge's own parts disagree (`nimforge check`: a difference the
    /// walk, a run or a prover found that the replay in Icarus does not
    /// show): a fault of nimforge's, never a verdict; what, and where its
    /// files are.
    Internal(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Tool(e) => e.fmt(f),
            Error::Netlist(e) => e.fmt(f),
            Error::Malformed { what, .. } => f.write_str(what),
            Error::Stale { file, missing: true } => write!(f, "{} is missing: generate it first (Project::generate)", file.display()),
            Error::Stale { file, missing: false } => {
                write!(f, "{} is not what the design writes now: generate it again (Project::generate) before verifying", file.display())
            }
            Error::Input(m) | Error::Design(m) | Error::Stalled(m) | Error::Mismatch(m) | Error::Model(m) | Error::Internal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {
    /// The cause under the one line: a file's system error, a tool's
    /// (the line already says it in words).
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Tool(e) => e.source(),
            Error::Netlist(e) => e.source(),
            _ => None,
        }
    }
}

impl Error {
    /// The exit status of a `main` that stops on this error: 2, as
    /// [`crate::project::Verified::exit_code`] gives when something could
    /// not run.
    pub fn exit_code(&self) -> std::process::ExitCode {
        std::process::ExitCode::from(2)
    }

    /// A file or directory that could not be read, written or made:
    /// `what` says which ("writing build/x.v").
    pub fn io(what: impl Into<String>, error: std::io::Error) -> Error {
        Error::Tool(ToolError::Io { what: what.into(), error })
    }
}

impl From<ToolError> for Error {
    fn from(e: ToolError) -> Error {
        Error::Tool(e)
    }
}

impl From<NetlistError> for Error {
    fn from(e: NetlistError) -> Error {
        Error::Netlist(e)
    }
}

impl From<crate::files::FileError> for Error {
    /// A file operation's error ([`ToolError::Io`]): `reading x: cause`.
    fn from(e: crate::files::FileError) -> Error {
        Error::Tool(e.into())
    }
}

impl From<nimforge_flow::boards::BoardError> for Error {
    /// A board's error, its line unchanged: an unknown name is the
    /// caller's ([`Error::Input`]), a board file that is not one is
    /// [`Error::Malformed`].
    fn from(e: nimforge_flow::boards::BoardError) -> Error {
        match e {
            nimforge_flow::boards::BoardError::Unknown(line) => Error::Input(line),
            nimforge_flow::boards::BoardError::Malformed { file, what } => Error::Malformed { file, what },
        }
    }
}

impl From<crate::sources::SourcesError> for Error {
    fn from(e: crate::sources::SourcesError) -> Error {
        Error::Input(e.0)
    }
}
