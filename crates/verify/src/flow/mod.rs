//! One module per external tool. Each finds its program on PATH and returns
//! errors that carry the tool's own output; none of them panics.

pub mod abc;
pub mod icebox_vlog;
pub mod icepack;
pub mod iceprog;
pub mod iverilog;
pub mod nextpnr;
pub mod verilator;
pub mod yosys;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// An external program and the Debian package that provides it.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    /// The executable's name, looked up on PATH.
    pub program: &'static str,
    /// The Debian package to install for it.
    pub package: &'static str,
}

/// Why running an external tool did not give its result.
#[derive(Debug)]
pub enum ToolError {
    /// The program is not on PATH.
    Missing(Tool),
    /// It ran and failed; `output` is what it printed (the tail of it).
    Failed {
        /// The tool that failed.
        tool: Tool,
        /// What the run was for ("placing and routing"), and why it failed when that is known.
        what: String,
        /// What the tool printed, or the part of its file that could not be read.
        output: String,
    },
    /// A file the run needs could not be read or written.
    Io {
        /// What was being done: `writing <path>`, `running <program>`.
        what: String,
        /// The error the system gave.
        error: std::io::Error,
    },
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Missing(t) => write!(
                f,
                "{} is not installed: install the Debian package {} (apt-get install {})",
                t.program, t.package, t.package
            ),
            ToolError::Failed { tool, what, output } => {
                write!(f, "{} failed ({what}); its output ends:\n{}", tool.program, tail(output, 40))
            }
            ToolError::Io { what, error } => write!(f, "{what}: {error}"),
        }
    }
}

impl std::error::Error for ToolError {}

impl Tool {
    /// The program's path, or `Missing`.
    pub fn find(self) -> Result<PathBuf, ToolError> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .map(|dir| dir.join(self.program))
            .find(|p| p.is_file())
            .ok_or(ToolError::Missing(self))
    }

    /// What the program says of its version when asked with `flag`
    /// (`-V`, `--version`), trimmed; empty when it cannot be run. What a
    /// fingerprint of a check or a build is keyed on.
    pub fn version(self, flag: &str) -> String {
        self.run(&[flag], &std::env::temp_dir(), &format!("asking {} its version", self.program))
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    }

    /// Run with `args` in `dir`; the combined output on success.
    pub fn run(self, args: &[&str], dir: &Path, what: &str) -> Result<String, ToolError> {
        let program = self.find()?;
        let out = Command::new(program)
            .args(args)
            .current_dir(dir)
            .output()
            .map_err(|error| ToolError::Io { what: format!("running {}", self.program), error })?;
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if out.status.success() {
            Ok(text)
        } else {
            Err(ToolError::Failed { tool: self, what: what.to_string(), output: text })
        }
    }
}

/// Is this a CI run (`CI=true` or `CI=1`)? There a missing tool fails the
/// run instead of skipping the levels that need it.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The last `n` lines of `text`.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

pub(crate) fn write(path: &Path, text: &str) -> Result<(), ToolError> {
    crate::files::write(path, text).map_err(|error| ToolError::Io { what: format!("writing {}", path.display()), error })
}

pub(crate) fn read(path: &Path) -> Result<String, ToolError> {
    std::fs::read_to_string(path).map_err(|error| ToolError::Io { what: format!("reading {}", path.display()), error })
}

/// Every tool the flow uses, for `--level all` and the README's checks.
pub const ALL: [Tool; 6] = [
    yosys::YOSYS,
    nextpnr::NEXTPNR,
    icepack::ICEPACK,
    icebox_vlog::ICEBOX_VLOG,
    iverilog::IVERILOG,
    verilator::VERILATOR,
];
