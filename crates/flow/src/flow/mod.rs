//! One module per external tool. Each finds its program on PATH and returns
//! errors that carry the tool's own output; none of them panics.

pub mod abc;
pub mod budget;
pub mod icebox_vlog;
pub mod icepack;
pub mod iceprog;
pub mod iverilog;
pub mod nextpnr;
pub mod verilator;
pub mod xmllint;
pub mod yosys;
pub mod yowasp;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// An external program (looked up on PATH), and through `tools.tsv` the
/// Debian package that provides it.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    /// The executable's name, looked up on PATH; a program of `tools.tsv`.
    pub program: &'static str,
}

/// The programs and their Debian packages: the crate's one table
/// (`tools.tsv`), which its build script and nimforge's `.ci/deps` read too.
const TOOLS: &str = include_str!("../../tools.tsv");

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
            ToolError::Missing(t) => match t.package() {
                Some(p) => write!(f, "{} is not installed: install the Debian package {p} (apt-get install {p})", t.program),
                None => write!(f, "{} is not installed: install it, or put it on PATH", t.program),
            },
            ToolError::Failed { tool, what, output } => {
                // The tool's own first error line, where it printed one, on
                // the first line: the cause a one-line report shows.
                match first_error(output) {
                    Some(cause) => write!(f, "{} failed ({what}): {cause}; its output ends:\n{}", tool.program, tail(output, 40)),
                    None => write!(f, "{} failed ({what}); its output ends:\n{}", tool.program, tail(output, 40)),
                }
            }
            ToolError::Io { what, error } => write!(f, "{what}: {error}"),
        }
    }
}

impl From<crate::files::FileError> for ToolError {
    /// A file operation's error: `reading x: cause`.
    fn from(e: crate::files::FileError) -> ToolError {
        ToolError::Io { what: format!("{} {}", e.op, e.path.display()), error: e.error }
    }
}

impl std::error::Error for ToolError {
    /// The system's error of [`ToolError::Io`] (its line says it too).
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ToolError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl Tool {
    /// The program `program`, of `tools.tsv`.
    pub const fn new(program: &'static str) -> Tool {
        Tool { program }
    }

    /// The Debian package to install for the program (`tools.tsv`); none
    /// for a program the table does not hold.
    pub fn package(self) -> Option<&'static str> {
        TOOLS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(char::is_whitespace))
            .find(|(program, _)| *program == self.program)
            .map(|(_, package)| package.trim())
    }

    /// The program's path, or `Missing`.
    pub fn find(self) -> Result<PathBuf, ToolError> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path).map(|dir| dir.join(self.program)).find(|p| p.is_file()).ok_or(ToolError::Missing(self))
    }

    /// What the program says of its version when asked with `flag`
    /// (`-V`, `--version`), trimmed; empty when it cannot be run. What a
    /// fingerprint of a check or a build is keyed on.
    pub fn version(self, flag: &str) -> String {
        self.run(&[flag], &std::env::temp_dir(), &format!("asking {} its version", self.program)).map(|v| v.trim().to_string()).unwrap_or_default()
    }

    /// Run with `args` in `dir`; the combined output on success. Past the
    /// calling thread's [`budget`] (its CPU limit,
    /// counting its own time and its tools', this one's whole process
    /// group; its ceiling on the wall; its flag raised), the run is stopped
    /// (its process group killed) and fails saying so.
    pub fn run(self, args: &[&str], dir: &Path, what: &str) -> Result<String, ToolError> {
        self.run_with(args, &[], dir, what, None)
    }

    /// [`Tool::run`] with environment variables set for the run (`envs`:
    /// name and value), stopped at `by` where it is given (none: the
    /// thread's [`budget`] alone bounds it).
    pub fn run_with(self, args: &[&str], envs: &[(&str, &str)], dir: &Path, what: &str, by: Option<std::time::Instant>) -> Result<String, ToolError> {
        let program = self.find()?;
        let io = |error| ToolError::Io { what: format!("running {}", self.program), error };
        let mut command = Command::new(program);
        command.args(args).envs(envs.iter().copied()).current_dir(dir);
        let watched = budget::watched();
        let limited = budget::cpu_limit().is_some();
        if by.is_none() && !watched {
            let out = command.output().map_err(io)?;
            return self.finished(out.status.success(), &out.stdout, &out.stderr, what);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(io)?;
        let drain = |r: Option<Box<dyn std::io::Read + Send>>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                if let Some(mut r) = r {
                    r.read_to_end(&mut buf).ok();
                }
                buf
            })
        };
        let out = drain(child.stdout.take().map(|r| Box::new(r) as Box<dyn std::io::Read + Send>));
        let err = drain(child.stderr.take().map(|r| Box::new(r) as Box<dyn std::io::Read + Send>));
        let mut polls = 0u64;
        let status = loop {
            if let Some((status, cpu)) = reap(&mut child).map_err(io)? {
                // The tool's CPU time (and its children's) is the
                // thread's: the budget's clock.
                budget::add_tool_time(cpu);
                break Ok(status);
            }
            // The thread's ceiling and its flag are read each time: another
            // thread may raise the flag to stop the run. The thread's CPU limit is read from
            // /proc every 100 ms.
            let past_deadline = by.is_some_and(|d| std::time::Instant::now() >= d);
            let stopped = budget::stopped();
            let past_budget = budget::ceiling().is_some_and(|c| std::time::Instant::now() >= c)
                || (limited && polls.is_multiple_of(5) && budget::cpu_left().is_some_and(|l| budget::group_time(child.id()) >= l));
            polls += 1;
            if past_deadline || stopped || past_budget {
                // The group's time as it stands, for a child killed before
                // its parent waited for it is counted by neither.
                let seen = if limited { budget::group_time(child.id()) } else { std::time::Duration::ZERO };
                // The whole group: yosys's own ABC too.
                #[cfg(unix)]
                Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status().ok();
                child.kill().ok();
                let reaped = reap_blocking(&mut child).ok().flatten().map(|(_, cpu)| cpu).unwrap_or_default();
                budget::add_tool_time(seen.max(reaped));
                break Err(if stopped && !past_deadline && !past_budget {
                    "stopped, as another part of the work asked"
                } else {
                    "stopped, the time budget ran out"
                });
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let (out, err) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        match status {
            Ok(status) => self.finished(status.success(), &out, &err, what),
            Err(why) => Err(ToolError::Failed { tool: self, what: format!("{what}: {why}"), output: String::from_utf8_lossy(&out).into_owned() }),
        }
    }

    /// A run's result from its status and output.
    fn finished(self, success: bool, stdout: &[u8], stderr: &[u8], what: &str) -> Result<String, ToolError> {
        let text = format!("{}{}", String::from_utf8_lossy(stdout), String::from_utf8_lossy(stderr));
        if success {
            Ok(text)
        } else {
            Err(ToolError::Failed { tool: self, what: what.to_string(), output: text })
        }
    }
}

/// The child's exit status and the CPU time it and the children it waited
/// for took, where it has ended (none while it runs). On Unix by `wait4`,
/// which reports that time; elsewhere by `try_wait`, with none.
fn reap(child: &mut std::process::Child) -> std::io::Result<Option<(std::process::ExitStatus, std::time::Duration)>> {
    #[cfg(unix)]
    {
        wait4(child, libc::WNOHANG)
    }
    #[cfg(not(unix))]
    {
        Ok(child.try_wait()?.map(|s| (s, std::time::Duration::ZERO)))
    }
}

/// [`reap`], waiting for the child to end.
fn reap_blocking(child: &mut std::process::Child) -> std::io::Result<Option<(std::process::ExitStatus, std::time::Duration)>> {
    #[cfg(unix)]
    {
        wait4(child, 0)
    }
    #[cfg(not(unix))]
    {
        Ok(Some((child.wait()?, std::time::Duration::ZERO)))
    }
}

/// `wait4` on the child with `flags`: its status and its CPU time (user and
/// system, with the children it waited for), once it has ended.
#[cfg(unix)]
fn wait4(child: &std::process::Child, flags: libc::c_int) -> std::io::Result<Option<(std::process::ExitStatus, std::time::Duration)>> {
    use std::os::unix::process::ExitStatusExt;
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4 writes the status and rusage it is given, which live
        // for the call; the pid is our own child's, not yet waited for.
        let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, flags, &mut usage) };
        if r == 0 {
            return Ok(None);
        }
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        let time = |t: libc::timeval| std::time::Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
        return Ok(Some((std::process::ExitStatus::from_raw(status), time(usage.ru_utime) + time(usage.ru_stime))));
    }
}

/// Whether the calling thread has spent its [`budget`] (its CPU limit or
/// its ceiling on the wall): a tool's failure then is the budget's end, not
/// the design's.
pub fn out_of_time() -> bool {
    budget::out()
}

/// Is this a CI run (`CI=true` or `CI=1`)? There a missing tool fails the
/// run instead of skipping the levels that need it.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The first line of a tool's output that says what is wrong (yosys's
/// `ERROR:`, `Error:`, a compiler's or slang's `file:line: error:`).
pub fn first_error(output: &str) -> Option<&str> {
    output.lines().map(str::trim).find(|l| l.contains("ERROR:") || l.starts_with("Error:") || l.contains(": error:"))
}

/// The cell kind (`$_TBUF_`) yosys has no model for, where its output says
/// so (its "Module ... referenced in module ... is not part of the design"
/// line, the kind quoted as `\$_TBUF_`); none for a module of the user's
/// own name.
pub fn missing_cell(output: &str) -> Option<&str> {
    output.split("Module `\\").nth(1)?.split('\'').next().filter(|k| k.starts_with('$'))
}

/// The last `n` lines of `text`.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Writes `text` to `path` whole or not at all ([`crate::files::write`]),
/// its error a [`ToolError::Io`] saying `writing <path>`.
pub fn write(path: &Path, text: &str) -> Result<(), ToolError> {
    crate::files::write(path, text).map_err(|error| ToolError::Io { what: format!("writing {}", path.display()), error })
}

/// Reads `path` as text, its error a [`ToolError::Io`] saying `reading
/// <path>`.
pub fn read(path: &Path) -> Result<String, ToolError> {
    std::fs::read_to_string(path).map_err(|error| ToolError::Io { what: format!("reading {}", path.display()), error })
}

/// Every tool the flow uses, for `--level all` and the README's checks.
pub const ALL: [Tool; 6] = [yosys::YOSYS, nextpnr::NEXTPNR, icepack::ICEPACK, icebox_vlog::ICEBOX_VLOG, iverilog::IVERILOG, verilator::VERILATOR];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tool the flow runs has its package in `tools.tsv`, and the
    /// line for a missing one names it.
    #[test]
    fn every_tool_has_its_package() {
        let tools = [
            abc::ABC,
            icebox_vlog::ICEBOX_VLOG,
            icepack::ICEPACK,
            iceprog::ICEPROG,
            iverilog::IVERILOG,
            iverilog::VVP,
            nextpnr::NEXTPNR,
            verilator::VERILATOR,
            xmllint::XMLLINT,
            yosys::YOSYS,
        ];
        for t in tools {
            assert!(t.package().is_some_and(|p| !p.is_empty()), "{} has no package in tools.tsv", t.program);
        }
        assert_eq!(icepack::ICEPACK.package(), Some("fpga-icestorm"));
        let line = ToolError::Missing(abc::ABC).to_string();
        assert_eq!(line, "yosys-abc is not installed: install the Debian package yosys (apt-get install yosys)");
        assert!(ToolError::Missing(Tool::new("frobnicate")).to_string().contains("frobnicate is not installed: install it"));
    }

    /// yosys 0.23's words where the Verilog yosys-slang wrote has a cell
    /// it has no model for (logikbench's padring).
    #[test]
    fn a_cell_yosys_has_no_model_for_is_named() {
        let said = "ERROR: Module `\\$_TBUF_' referenced in module `\\la_iobidir' in cell `$auto$1' is not part of the design.";
        assert_eq!(missing_cell(said), Some("$_TBUF_"));
        assert_eq!(missing_cell("ERROR: Module `\\pad' referenced in module `\\top' in cell `u0' is not part of the design."), None);
        assert_eq!(missing_cell("ERROR: syntax error, unexpected TOK_ID"), None);
    }
}
