//! The crate's one error type. The command prints it as one line and exits
//! with status 2 (1 is kept for a run that found a mismatch).

use std::fmt;

/// Why something of nimforge did not give its result.
#[derive(Debug)]
pub enum Error {
    /// From the levels, the tools, the proofs and the builds
    /// (`nimforge-verify`): a missing tool with its install line, a tool
    /// that failed with its output, a malformed file, a mismatch, a model
    /// that refused.
    Verify(nimforge_verify::Error),
    /// A netlist that could not be read or compiled.
    Netlist(nimforge_netlist::NetlistError),
    /// Something given that cannot be taken (a position, an illegal move, a
    /// flag's value, a machine's or a board's name, a script, a device, a
    /// file to write): what is wrong and what to do.
    Input(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The command's users generate with the command.
            Error::Verify(nimforge_verify::Error::Stale { file, missing: true }) => write!(f, "{} is missing: run `nimforge generate`", file.display()),
            Error::Verify(nimforge_verify::Error::Stale { file, missing: false }) => {
                write!(f, "{} is not what its design writes now: run `nimforge generate` before verifying", file.display())
            }
            Error::Verify(e) => e.fmt(f),
            Error::Netlist(e) => e.fmt(f),
            Error::Input(line) => f.write_str(line),
        }
    }
}

impl std::error::Error for Error {
    /// The cause under the one line (a file's system error), as the
    /// library's error has it.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Verify(e) => e.source(),
            Error::Netlist(e) => e.source(),
            Error::Input(_) => None,
        }
    }
}

impl From<nimforge_verify::Error> for Error {
    fn from(e: nimforge_verify::Error) -> Error {
        Error::Verify(e)
    }
}

impl From<nimforge_verify::flow::ToolError> for Error {
    fn from(e: nimforge_verify::flow::ToolError) -> Error {
        Error::Verify(e.into())
    }
}

impl From<nimforge_verify::files::FileError> for Error {
    /// A file operation's error: `writing x: cause`.
    fn from(e: nimforge_verify::files::FileError) -> Error {
        Error::Verify(e.into())
    }
}

impl From<nimforge_netlist::NetlistError> for Error {
    fn from(e: nimforge_netlist::NetlistError) -> Error {
        Error::Netlist(e)
    }
}

impl From<String> for Error {
    /// A line saying what is wrong ([`Error::Input`]).
    fn from(line: String) -> Error {
        Error::Input(line)
    }
}

impl From<&str> for Error {
    fn from(line: &str) -> Error {
        Error::Input(line.to_string())
    }
}

impl PartialEq for Error {
    /// Two errors are equal when they say the same line.
    fn eq(&self, other: &Error) -> bool {
        self.to_string() == other.to_string()
    }
}

impl PartialEq<&str> for Error {
    /// Compares the line the error prints (made to compare: an error has
    /// no line but its `Display`).
    #[allow(clippy::cmp_owned)]
    fn eq(&self, other: &&str) -> bool {
        self.to_string() == *other
    }
}
