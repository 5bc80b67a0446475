//! The tree's layers, checked from its sources (issue 34): no file imports
//! one that imports it back, and no library module reaches up into the
//! command (`commands/`, `main.rs`). A file "imports" another when its code
//! (comments and tests left out) names a path into it: `crate::a::b`,
//! `super::b`, or a `use crate::{a, b::c}` group.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates' source roots, from the workspace's top.
const ROOTS: [&str; 6] = ["src", "crates/flow/src", "crates/verify/src", "crates/netlist/src", "crates/oracles/src", "designs/src"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "tests") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of `file` under `root` (`a/b.rs` and `a/b/mod.rs` are `[a, b]`).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file a module path leads into: its longest prefix that is a file.
fn file_of(root: &Path, path: &[String]) -> Option<PathBuf> {
    (1..=path.len()).rev().find_map(|n| {
        let base = path[..n].iter().fold(root.to_path_buf(), |p, s| p.join(s));
        [base.with_extension("rs"), base.join("mod.rs")].into_iter().find(|c| c.is_file())
    })
}

/// The code of a file: comment lines and the test module at its end left out.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The paths `text` names from `prefix` on (`crate::` or `super::`), with
/// `use crate::{a, b::c}` groups opened.
fn paths(text: &str, prefix: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut out = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        if at > 0 && text[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &text[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let item: String = item.trim().chars().take_while(|&c| ident(c)).collect();
                out.push(item.split("::").filter(|s| !s.is_empty()).map(String::from).collect());
            }
        } else {
            let item: String = rest.chars().take_while(|&c| ident(c)).collect();
            out.push(item.split("::").filter(|s| !s.is_empty() && s.chars().next().is_some_and(|c| c.is_lowercase())).map(String::from).collect());
        }
    }
    out
}

/// Every file's imports within its crate.
fn imports() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut edges = BTreeMap::new();
    for root in ROOTS.map(|r| top.join(r)) {
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        for f in files {
            let text = code(&std::fs::read_to_string(&f).unwrap());
            let here = module_of(&root, &f);
            let parent = here[..here.len().saturating_sub(1)].to_vec();
            let mut deps = BTreeSet::new();
            for (prefix, base) in [("crate::", Vec::new()), ("super::", parent)] {
                for p in paths(&text, prefix) {
                    let full: Vec<String> = base.iter().cloned().chain(p).collect();
                    if let Some(t) = file_of(&root, &full).filter(|t| *t != f) {
                        deps.insert(t);
                    }
                }
            }
            edges.insert(f, deps);
        }
    }
    edges
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let edges = imports();
    assert!(edges.len() > 150, "the sources were found: {}", edges.len());
    let mut circles = Vec::new();
    for (a, ds) in &edges {
        for b in ds {
            if a < b && edges.get(b).is_some_and(|e| e.contains(a)) {
                circles.push(format!("{} <-> {}", a.display(), b.display()));
            }
        }
    }
    assert!(circles.is_empty(), "files that import each other:\n{}", circles.join("\n"));
}

#[test]
fn no_library_module_imports_the_command() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let commands = top.join("src/commands");
    let up: Vec<String> = imports()
        .iter()
        .filter(|(f, _)| !f.starts_with(&commands) && !f.ends_with("src/main.rs"))
        .flat_map(|(f, ds)| ds.iter().filter(|d| d.starts_with(&commands)).map(move |d| format!("{} -> {}", f.display(), d.display())))
        .collect();
    assert!(up.is_empty(), "library modules that import the command:\n{}", up.join("\n"));
}

/// nimforge-flow is the ground floor (issue 57): its manifest names no
/// other nimforge crate, not even for its tests, and its code names none;
/// nimforge-netlist's tests reach the tools through it, not through
/// nimforge-verify (which depends on netlist: that edge would be a cycle).
#[test]
fn the_flow_crate_is_the_ground_floor() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(top.join("crates/flow/Cargo.toml")).unwrap();
    let named: Vec<&str> = manifest.lines().filter(|l| l.trim_start().starts_with("nimforge-") && !l.contains("name =")).collect();
    assert!(named.is_empty(), "nimforge-flow depends on: {named:?}");
    let mut files = Vec::new();
    rust_files(&top.join("crates/flow/src"), &mut files);
    for f in files {
        let text = code(&std::fs::read_to_string(&f).unwrap());
        for other in ["nimforge::", "nimforge_designs", "nimforge_netlist", "nimforge_oracles", "nimforge_verify"] {
            assert!(!text.contains(other), "{} names {other}", f.display());
        }
    }
    let netlist = std::fs::read_to_string(top.join("crates/netlist/Cargo.toml")).unwrap();
    assert!(!netlist.lines().any(|l| l.trim_start().starts_with("nimforge-verify")), "nimforge-netlist depends on nimforge-verify");
}

/// The check itself sees an import: `commands/sim.rs` imports the registry.
#[test]
fn the_check_sees_imports() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let edges = imports();
    assert!(edges[&top.join("src/commands/sim.rs")].contains(&top.join("src/machines.rs")));
    assert!(edges[&top.join("crates/verify/src/levels/hdl.rs")].contains(&top.join("crates/verify/src/levels/verilated.rs")));
    assert!(edges[&top.join("crates/flow/src/flow/yosys/synth.rs")].contains(&top.join("crates/flow/src/sources.rs")));
}
