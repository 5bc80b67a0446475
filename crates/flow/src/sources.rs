//! A design's sources as engineers name them ([`Sources`]): one Verilog or
//! SystemVerilog file, a `.f` file list (Verilator's `-f`, which most
//! simulators and yosys-based flows share), or a FuseSoC CAPI2 `.core`
//! file's default target; each gives the files in order, the include
//! directories, the defines, the top's parameters and, where it says so,
//! the top module. Every reader of a design (yosys, Icarus, Verilator) takes
//! them all ([`crate::flow`]).
//!
//! This module imports nothing of the crate: the tools' modules read it.

use logos::Logos;
use std::path::{Path, PathBuf};

/// A design's files and how to read them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// The Verilog and SystemVerilog files, in the order they are read
    /// (a package before the modules that import it).
    pub files: Vec<PathBuf>,
    /// Where `` `include `` looks (`+incdir+`, `-I`).
    pub include_dirs: Vec<PathBuf>,
    /// The macros defined before reading (`+define+A=1`, `-DA`): name and
    /// value (none for a bare `-DA`).
    pub defines: Vec<(String, Option<String>)>,
    /// The top module's parameters set from outside (`-G` in a list,
    /// `vlogparam` in a `.core`): name and value as a Verilog constant.
    pub parameters: Vec<(String, String)>,
    /// The top module, where the list or the `.core` names it
    /// (`--top-module`, the target's `toplevel`).
    pub top: Option<String>,
}

/// A list or a `.core` that cannot be read: one line naming the file, the
/// line where there is one, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcesError(pub String);

impl std::fmt::Display for SourcesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SourcesError {}

impl From<&Path> for Sources {
    /// One file, nothing else.
    fn from(file: &Path) -> Sources {
        Sources { files: vec![file.to_path_buf()], ..Sources::default() }
    }
}

impl From<&PathBuf> for Sources {
    fn from(file: &PathBuf) -> Sources {
        Sources::from(file.as_path())
    }
}

impl From<PathBuf> for Sources {
    fn from(file: PathBuf) -> Sources {
        Sources::from(file.as_path())
    }
}

impl From<&Sources> for Sources {
    fn from(s: &Sources) -> Sources {
        s.clone()
    }
}

impl Sources {
    /// The files `files`, nothing else (a netlist and its cell models).
    pub fn files<P: AsRef<Path>>(files: &[P]) -> Sources {
        Sources { files: files.iter().map(|f| f.as_ref().to_path_buf()).collect(), ..Sources::default() }
    }

    /// The sources `path` names, by its extension: `.f` a file list
    /// ([`Sources::read_list`], Verilator's `-f`: relative paths from the
    /// current directory), `.core` a FuseSoC CAPI2 file
    /// ([`Sources::read_core`]), anything else one Verilog or
    /// SystemVerilog file. Every file named must exist.
    pub fn read(path: &Path) -> Result<Sources, SourcesError> {
        let cwd = std::env::current_dir().unwrap_or_default();
        let s = match path.extension().and_then(|e| e.to_str()) {
            Some("f") => Sources::read_list(path, &cwd)?,
            Some("core") => Sources::read_core(path)?,
            _ => {
                if !path.is_file() {
                    return Err(SourcesError(format!(
                        "{} is not a file: give a Verilog or SystemVerilog file, a .f file list or a FuseSoC .core file",
                        path.display()
                    )));
                }
                Sources::from(path)
            }
        };
        if s.files.is_empty() {
            return Err(SourcesError(format!("{} names no Verilog or SystemVerilog file", path.display())));
        }
        Ok(s)
    }

    /// Every relative path taken from `root` (a project's directory).
    pub fn under(&self, root: &Path) -> Sources {
        Sources {
            files: self.files.iter().map(|p| root.join(p)).collect(),
            include_dirs: self.include_dirs.iter().map(|p| root.join(p)).collect(),
            ..self.clone()
        }
    }

    /// Every path made absolute (from the current directory), for tools
    /// that run in directories of their own.
    pub fn absolute(&self) -> Sources {
        let abs = |p: &PathBuf| std::path::absolute(p).unwrap_or_else(|_| p.clone());
        Sources { files: self.files.iter().map(abs).collect(), include_dirs: self.include_dirs.iter().map(abs).collect(), ..self.clone() }
    }

    /// The defines as `NAME` or `NAME=VALUE`, as `-D` takes them.
    pub fn define_args(&self) -> Vec<String> {
        self.defines.iter().map(|(n, v)| v.as_ref().map_or_else(|| n.clone(), |v| format!("{n}={v}"))).collect()
    }

    /// What distinguishes two runs on these sources, for a report's
    /// fingerprint: every file's name and bytes, the include directories,
    /// the defines and the parameters, each part on its own.
    pub fn fingerprint_parts(&self) -> Vec<Vec<u8>> {
        let mut parts: Vec<Vec<u8>> = Vec::new();
        for f in &self.files {
            parts.push(std::fs::read(f).unwrap_or_default());
        }
        for d in &self.include_dirs {
            parts.push(format!("-I{}", d.display()).into_bytes());
        }
        for d in self.define_args() {
            parts.push(format!("-D{d}").into_bytes());
        }
        for (n, v) in &self.parameters {
            parts.push(format!("-G{n}={v}").into_bytes());
        }
        parts
    }

    /// A `.f` file list as Verilator reads `-f list` with `base` its
    /// current directory. Verilator's manual (`-f <file>`, `-F <file>`):
    /// `-f` reads the file "as if all text inside it was specified as
    /// command line arguments. Any relative paths are relative to the
    /// current directory"; `-F` the same, but "relative paths are relative
    /// to the directory containing the specified file"; nested `-f` and
    /// `-F` are supported; `//` and `/* */` are comments, and "any $VAR,
    /// $(VAR), or ${VAR} will be replaced with the specified environment
    /// variable". Taken here: file names; `-f`/`-F` nested lists;
    /// `+incdir+A+B` and `-IDIR` (or `-I DIR`); `+define+A=1+B` and
    /// `-DA=1` (or `-D A=1`); `-GNAME=VALUE` (Verilator's parameter of the
    /// top); `--top-module T` and `--top T`; `#` comments besides
    /// Verilator's; `-sv` and warning options (`-W...`), which change
    /// nothing read, are passed over. Anything else is refused naming the
    /// file, the line and the option.
    pub fn read_list(list: &Path, base: &Path) -> Result<Sources, SourcesError> {
        let mut s = Sources::default();
        let mut stack = Vec::new();
        read_list_into(list, base, &mut stack, &mut s)?;
        Ok(s)
    }

    /// A FuseSoC CAPI2 `.core` file (YAML, read here: no fusesoc needed):
    /// its `default` target's `filesets`, each fileset's `files` in order
    /// (a name, or a map of a name to `file_type`, `is_include_file`,
    /// `include_path`), with the fileset's `file_type` for those that give
    /// none; `verilogSource*` and `systemVerilogSource*` files are read,
    /// other kinds passed over, and an include file's directory (or its
    /// `include_path`) is an include directory. The target's `toplevel`
    /// is the top, and its `parameters` (`NAME` or `NAME=VALUE`) are
    /// looked up in the core's `parameters`: `paramtype: vlogparam` a
    /// parameter of the top, `vlogdefine` a define, with the target's
    /// value or the `default`. Paths are relative to the `.core`'s
    /// directory. A fileset that depends on other cores (`depend`) is
    /// refused: they are not resolved here.
    pub fn read_core(core: &Path) -> Result<Sources, SourcesError> {
        read_core(core)
    }
}

/// The words of a `.f` list, with their lines.
#[derive(Logos, Debug, PartialEq)]
#[logos(skip r"[ \t\r\f]+")]
enum ListToken<'a> {
    #[token("\n")]
    Newline,
    #[regex(r"//[^\n]*")]
    LineComment,
    #[regex(r"#[^\n]*", priority = 10)]
    HashComment,
    #[token("/*", block_comment)]
    BlockComment(&'a str),
    #[regex(r"([^\s/#]|/[^\s/*])([^\s/]|/[^\s/*])*/?")]
    Word(&'a str),
}

/// A `/* */` comment, whole (an unclosed one is an error).
fn block_comment<'a>(lex: &mut logos::Lexer<'a, ListToken<'a>>) -> Option<&'a str> {
    let end = lex.remainder().find("*/")?;
    lex.bump(end + 2);
    Some(lex.slice())
}

/// `$VAR`, `${VAR}` and `$(VAR)` in `word` from the environment.
fn expand(word: &str, at: &str) -> Result<String, SourcesError> {
    let mut out = String::new();
    let mut rest = word;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let (name, len) = match after.chars().next() {
            Some(open @ ('{' | '(')) => {
                let close = if open == '{' { '}' } else { ')' };
                let end = after.find(close).ok_or_else(|| SourcesError(format!("{at}: {word}: an unclosed {open} after $")))?;
                (&after[1..end], end + 1)
            }
            _ => {
                let end = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
                (&after[..end], end)
            }
        };
        if name.is_empty() {
            return Err(SourcesError(format!("{at}: {word}: a $ with no variable name")));
        }
        let value = std::env::var(name).map_err(|_| SourcesError(format!("{at}: {word}: the environment variable {name} is not set")))?;
        out.push_str(&value);
        rest = &after[len..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A macro or parameter name: a Verilog identifier.
fn identifier(name: &str) -> bool {
    let mut c = name.chars();
    c.next().is_some_and(|f| f.is_ascii_alphabetic() || f == '_') && c.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// `NAME` or `NAME=VALUE`, checked.
fn define(text: &str, at: &str) -> Result<(String, Option<String>), SourcesError> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n, Some(v.to_string())),
        None => (text, None),
    };
    if !identifier(name) {
        return Err(SourcesError(format!("{at}: {text}: a macro's name must be a Verilog identifier")));
    }
    Ok((name.to_string(), value))
}

fn read_list_into(list: &Path, base: &Path, stack: &mut Vec<PathBuf>, s: &mut Sources) -> Result<(), SourcesError> {
    let canonical = std::fs::canonicalize(list).map_err(|e| SourcesError(format!("{}: cannot read the file list: {e}", list.display())))?;
    if let Some(at) = stack.iter().position(|p| *p == canonical) {
        let chain: Vec<String> = stack[at..].iter().chain(std::iter::once(&canonical)).map(|p| p.display().to_string()).collect();
        return Err(SourcesError(format!("{}: the file lists include each other: {}", list.display(), chain.join(" -> "))));
    }
    let text = std::fs::read_to_string(list).map_err(|e| SourcesError(format!("{}: cannot read the file list: {e}", list.display())))?;
    stack.push(canonical);
    let resolve = |p: &str| -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            base.join(p)
        }
    };
    // The words with their lines, comments left out.
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut line = 1;
    for (tok, span) in ListToken::lexer(&text).spanned() {
        match tok {
            Ok(ListToken::Newline) => line += 1,
            Ok(ListToken::BlockComment(c)) => line += c.matches('\n').count(),
            Ok(ListToken::LineComment | ListToken::HashComment) => {}
            Ok(ListToken::Word(w)) => words.push((line, expand(w, &format!("{}:{line}", list.display()))?)),
            Err(()) => {
                return Err(SourcesError(format!("{}:{line}: cannot read {:?} (an unclosed /* comment?)", list.display(), &text[span])));
            }
        }
    }
    let mut i = 0;
    while i < words.len() {
        let (line, w) = (words[i].0, words[i].1.clone());
        let at = format!("{}:{line}", list.display());
        // The argument of an option given apart (`-f list`, `-I dir`).
        let mut next = |what: &str| -> Result<String, SourcesError> {
            i += 1;
            words.get(i).map(|(_, w)| w.clone()).ok_or_else(|| SourcesError(format!("{at}: {w} wants {what} after it")))
        };
        match w.as_str() {
            "-f" => {
                let nested = resolve(&next("a file list")?);
                read_list_into(&nested, base, stack, s).map_err(|e| with_origin(e, &nested, &at))?;
            }
            "-F" => {
                let nested = resolve(&next("a file list")?);
                let dir = nested.parent().map(Path::to_path_buf).unwrap_or_default();
                read_list_into(&nested, &dir, stack, s).map_err(|e| with_origin(e, &nested, &at))?;
            }
            "-I" => s.include_dirs.push(resolve(&next("a directory")?)),
            "-D" => s.defines.push(define(&next("a macro")?, &at)?),
            "--top-module" | "-top-module" | "--top" | "-top" => s.top = Some(next("a module's name")?),
            "-sv" | "--sv" => {}
            _ if w.starts_with("-W") => {}
            _ if w.starts_with("+incdir+") => {
                s.include_dirs.extend(w["+incdir+".len()..].split('+').filter(|d| !d.is_empty()).map(resolve));
            }
            _ if w.starts_with("+define+") => {
                for d in w["+define+".len()..].split('+').filter(|d| !d.is_empty()) {
                    s.defines.push(define(d, &at)?);
                }
            }
            _ if w.starts_with("-I") => s.include_dirs.push(resolve(&w[2..])),
            _ if w.starts_with("-D") => s.defines.push(define(&w[2..], &at)?),
            _ if w.starts_with("-G") => match w[2..].split_once('=') {
                Some((n, v)) if identifier(n) && !v.is_empty() => s.parameters.push((n.to_string(), v.to_string())),
                _ => return Err(SourcesError(format!("{at}: {w}: a parameter is -GNAME=VALUE"))),
            },
            _ if w.starts_with('-') || w.starts_with('+') => {
                return Err(SourcesError(format!("{at}: option {w} is not taken here (taken: files, -f, -F, +incdir+, -I, +define+, -D, -G, --top-module)")))
            }
            _ => {
                let f = resolve(&w);
                if !f.is_file() {
                    return Err(SourcesError(format!("{at}: {} is not a file{}", f.display(), relative_note(&w, base))));
                }
                s.files.push(f);
            }
        }
        i += 1;
    }
    stack.pop();
    Ok(())
}

/// For a relative name not found: from where it was looked for.
fn relative_note(name: &str, base: &Path) -> String {
    if Path::new(name).is_absolute() {
        String::new()
    } else {
        format!(" (relative paths are taken from {}, as Verilator's -f does; -F takes them from the list's directory)", base.display())
    }
}

/// A nested list's error, with the line that named it when the nested
/// file itself could not be opened.
fn with_origin(e: SourcesError, nested: &Path, at: &str) -> SourcesError {
    if e.0.starts_with(&format!("{}: cannot read the file list", nested.display())) {
        SourcesError(format!("{at}: {}", e.0))
    } else {
        e
    }
}

fn read_core(core: &Path) -> Result<Sources, SourcesError> {
    use yaml_rust2::{Yaml, YamlLoader};
    let name = core.display().to_string();
    let fail = |what: String| SourcesError(format!("{name}: {what}"));
    let text = std::fs::read_to_string(core).map_err(|e| fail(format!("cannot read the .core file: {e}")))?;
    if !text.trim_start().starts_with("CAPI=2") {
        return Err(fail("not a FuseSoC CAPI2 file (its first line must be CAPI=2:)".into()));
    }
    let docs = YamlLoader::load_from_str(&text).map_err(|e| fail(format!("not YAML: {e}")))?;
    let doc = docs.first().ok_or_else(|| fail("empty".into()))?;
    let dir = core.parent().map(Path::to_path_buf).unwrap_or_default();
    let target = &doc["targets"]["default"];
    if target.is_badvalue() {
        return Err(fail("no targets: default: target".into()));
    }
    let text_of = |y: &Yaml| -> Option<String> {
        match y {
            Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
            Yaml::Integer(i) => Some(i.to_string()),
            Yaml::Boolean(b) => Some(b.to_string()),
            _ => None,
        }
    };
    let mut s = Sources::default();
    let filesets = target["filesets"].as_vec().ok_or_else(|| fail("the default target lists no filesets".into()))?;
    for fs in filesets {
        let fs_name = fs.as_str().ok_or_else(|| fail("a fileset of the default target is not a name".into()))?;
        if fs_name.contains('?') {
            return Err(fail(format!("fileset {fs_name}: a conditional fileset (flag?) is not taken here")));
        }
        let set = &doc["filesets"][fs_name];
        if set.is_badvalue() {
            return Err(fail(format!("the default target names fileset {fs_name}, which filesets: does not hold")));
        }
        if !set["depend"].is_badvalue() && set["depend"].as_vec().is_none_or(|d| !d.is_empty()) {
            return Err(fail(format!("fileset {fs_name} depends on other cores (depend:), which nimforge does not resolve; list their files in it")));
        }
        let default_type = set["file_type"].as_str().unwrap_or("");
        let Some(files) = set["files"].as_vec() else { continue };
        for f in files {
            let (path, attrs) = match f {
                Yaml::String(p) => (p.clone(), None),
                Yaml::Hash(h) if h.len() == 1 => {
                    let (k, v) = h.iter().next().expect("one entry");
                    (text_of(k).ok_or_else(|| fail(format!("fileset {fs_name}: a file's name is not text")))?, Some(v))
                }
                _ => return Err(fail(format!("fileset {fs_name}: a file is neither a name nor a map of a name to its attributes"))),
            };
            let attr = |k: &str| attrs.map(|a| &a[k]).filter(|v| !v.is_badvalue());
            let file_type = attr("file_type").and_then(|t| t.as_str()).unwrap_or(default_type);
            let full = dir.join(&path);
            let include = attr("is_include_file").and_then(|v| v.as_bool()).unwrap_or(false);
            if include {
                let inc = match attr("include_path").and_then(text_of) {
                    Some(p) => dir.join(p),
                    None => full.parent().map(Path::to_path_buf).unwrap_or_else(|| dir.clone()),
                };
                if !s.include_dirs.contains(&inc) {
                    s.include_dirs.push(inc);
                }
                if !full.is_file() {
                    return Err(fail(format!("fileset {fs_name}: {} is not a file", full.display())));
                }
                continue;
            }
            if file_type.starts_with("vhdlSource") {
                return Err(fail(format!("fileset {fs_name}: {path} is VHDL, which nimforge does not read")));
            }
            if !(file_type.starts_with("verilogSource") || file_type.starts_with("systemVerilogSource")) {
                continue;
            }
            if !full.is_file() {
                return Err(fail(format!("fileset {fs_name}: {} is not a file", full.display())));
            }
            s.files.push(full);
        }
    }
    s.top = match &target["toplevel"] {
        Yaml::String(t) => Some(t.clone()),
        Yaml::Array(a) if a.len() == 1 => a[0].as_str().map(str::to_string),
        Yaml::BadValue => None,
        _ => return Err(fail("the default target's toplevel must be one module's name".into())),
    };
    if let Some(params) = target["parameters"].as_vec() {
        for p in params {
            let p = text_of(p).ok_or_else(|| fail("a parameter of the default target is not NAME or NAME=VALUE".into()))?;
            let (pname, given) = match p.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (p.clone(), None),
            };
            let decl = &doc["parameters"][pname.as_str()];
            if decl.is_badvalue() {
                return Err(fail(format!("the default target sets parameter {pname}, which parameters: does not declare")));
            }
            let datatype = decl["datatype"].as_str().unwrap_or("str");
            let value = match given.or_else(|| text_of(&decl["default"])) {
                Some(v) => v,
                None => return Err(fail(format!("parameter {pname} has no value (no default: and none in the target)"))),
            };
            // FuseSoC's own rendering of a value for a Verilog tool.
            let value = match datatype {
                "bool" => {
                    if value == "true" {
                        "1".into()
                    } else if value == "false" {
                        "0".into()
                    } else {
                        value
                    }
                }
                "str" | "file" => format!("\"{value}\""),
                _ => value,
            };
            match decl["paramtype"].as_str() {
                Some("vlogparam") => s.parameters.push((pname, value)),
                Some("vlogdefine") => s.defines.push((pname, Some(value))),
                other => return Err(fail(format!("parameter {pname}: paramtype {} is not taken here (vlogparam, vlogdefine)", other.unwrap_or("(none)")))),
            }
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary one.
    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("nimforge-sources-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub/inc")).unwrap();
        d
    }

    fn touch(p: &Path) {
        std::fs::write(p, "// empty\n").unwrap();
    }

    #[test]
    fn a_list_with_nested_lists_options_and_comments() {
        let d = scratch("list");
        for f in ["a.sv", "sub/b.sv", "sub/c.v"] {
            touch(&d.join(f));
        }
        std::env::set_var("NIMFORGE_SOURCES_TEST_SUB", "sub");
        // -F: relative to sub/; -f: relative to the base (d).
        std::fs::write(d.join("sub/inner.f"), "b.sv // a comment\n+incdir+inc\n").unwrap();
        std::fs::write(d.join("sub/cwd.f"), "sub/c.v\n").unwrap();
        std::fs::write(
            d.join("top.f"),
            "# a design\n/* several\n lines */ a.sv\n-F ${NIMFORGE_SOURCES_TEST_SUB}/inner.f\n-f $(NIMFORGE_SOURCES_TEST_SUB)/cwd.f\n\
             +define+A=1+B -DC=x -D E -I $NIMFORGE_SOURCES_TEST_SUB -GN=5 -Wno-fatal --top-module m\n",
        )
        .unwrap();
        let s = Sources::read_list(&d.join("top.f"), &d).unwrap();
        assert_eq!(s.files, [d.join("a.sv"), d.join("sub/b.sv"), d.join("sub/c.v")]);
        assert_eq!(s.include_dirs, [d.join("sub/inc"), d.join("sub")]);
        let defs: Vec<(&str, Option<&str>)> = s.defines.iter().map(|(n, v)| (n.as_str(), v.as_deref())).collect();
        assert_eq!(defs, [("A", Some("1")), ("B", None), ("C", Some("x")), ("E", None)]);
        assert_eq!(s.parameters, [("N".to_string(), "5".to_string())]);
        assert_eq!(s.top.as_deref(), Some("m"));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_bad_list_is_one_line_naming_where() {
        let d = scratch("bad");
        touch(&d.join("a.sv"));
        let err = |text: &str| {
            std::fs::write(d.join("x.f"), text).unwrap();
            let e = Sources::read_list(&d.join("x.f"), &d).unwrap_err().0;
            assert!(!e.contains('\n'), "{e}");
            e
        };
        let x = d.join("x.f").display().to_string();
        assert!(err("a.sv\n-y lib\n").starts_with(&format!("{x}:2: option -y")), "{}", err("a.sv\n-y lib\n"));
        assert!(err("a.sv\n\ngone.sv\n").starts_with(&format!("{x}:3: {} is not a file", d.join("gone.sv").display())));
        assert!(err("-f missing.f\n").starts_with(&format!("{x}:1: {}: cannot read the file list", d.join("missing.f").display())));
        assert!(err("$NIMFORGE_SOURCES_SURELY_UNSET/a.sv").contains("NIMFORGE_SOURCES_SURELY_UNSET is not set"));
        assert!(err("-G5=N").contains("-GNAME=VALUE"));
        assert!(err("-f").contains("-f wants a file list"));
        // A cycle, through a nested -F.
        std::fs::write(d.join("sub/y.f"), "-F ../x.f\n").unwrap();
        let e = err("a.sv\n-F sub/y.f\n");
        assert!(e.contains("include each other") && e.contains("y.f") && e.contains("x.f"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_core_files_default_target() {
        let d = scratch("core");
        for f in ["pkg.sv", "sub/m.sv", "sub/inc/h.vh", "doc.txt"] {
            touch(&d.join(f));
        }
        let core = d.join("m.core");
        std::fs::write(
            &core,
            "CAPI=2:\nname: ::m:0\nfilesets:\n  rtl:\n    files:\n      - pkg.sv\n      - sub/inc/h.vh: {is_include_file: true}\n\
             \x20     - sub/m.sv\n      - doc.txt: {file_type: user}\n    file_type: systemVerilogSource\n\
             \x20 other:\n    files: [gone.sv]\n    file_type: verilogSource\n\
             parameters:\n  WIDTH:\n    datatype: int\n    default: 4\n    paramtype: vlogparam\n\
             \x20 FAST:\n    datatype: bool\n    paramtype: vlogdefine\n  NAME:\n    datatype: str\n    default: hi\n    paramtype: vlogparam\n\
             targets:\n  default:\n    filesets: [rtl]\n    toplevel: m\n    parameters: [WIDTH=6, FAST=true, NAME]\n",
        )
        .unwrap();
        let s = Sources::read_core(&core).unwrap();
        assert_eq!(s.files, [d.join("pkg.sv"), d.join("sub/m.sv")]);
        assert_eq!(s.include_dirs, [d.join("sub/inc")]);
        assert_eq!(s.defines, [("FAST".to_string(), Some("1".to_string()))]);
        assert_eq!(s.parameters, [("WIDTH".to_string(), "6".to_string()), ("NAME".to_string(), "\"hi\"".to_string())]);
        assert_eq!(s.top.as_deref(), Some("m"));
        // Read by its extension, as the command reads it.
        assert_eq!(Sources::read(&core).unwrap(), s);
        let bad = |text: &str, says: &str| {
            std::fs::write(&core, text).unwrap();
            let e = Sources::read(&core).unwrap_err().0;
            assert!(e.starts_with(&core.display().to_string()) && e.contains(says) && !e.contains('\n'), "{e}");
        };
        bad("CAPI=2:\nfilesets: {rtl: {files: [gone.sv], file_type: verilogSource}}\ntargets: {default: {filesets: [rtl]}}\n", "gone.sv is not a file");
        bad("CAPI=2:\ntargets: {sim: {}}\n", "no targets: default:");
        bad("CAPI=2:\nfilesets: {rtl: {depend: [\"::x:0\"]}}\ntargets: {default: {filesets: [rtl]}}\n", "depends on other cores");
        bad("CAPI=2:\n  : [\n", "not YAML");
        bad("name: x\n", "not a FuseSoC CAPI2 file");
        let _ = std::fs::remove_dir_all(&d);
    }
}
