//! The build script (Cargo.toml `build`): which external tools the tests
//! can use. For each tool found on PATH it sets `cfg(have_<tool>)`; a test
//! that needs a missing tool is then ignored with its reason, so `cargo
//! test` lists it as ignored rather than passing it silently. In nimforge's
//! own CI (`.ci/test` sets `NIMFORGE_NEED_TOOLS=1` under `CI=true`, after
//! .ci/deps installs every tool), a missing one stops the build instead.
//! Not `CI` itself: a crate that depends on this one builds in any CI,
//! tools or none.

fn main() {
    // The programs and their packages. The script is read from beside the
    // table (nimforge-flow's, the ground floor); Cargo watches `tools.tsv`
    // in the package's own directory, where a symbolic link leads to it for
    // every other package that runs this script (verify's and netlist's
    // links, and the workspace root's): without one, the package would be
    // built again at every cargo command.
    let tools = include_str!("tools.tsv").lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_once(char::is_whitespace));
    println!("cargo::rerun-if-changed=tools.tsv");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=NIMFORGE_NEED_TOOLS");
    let ci = std::env::var("NIMFORGE_NEED_TOOLS").is_ok_and(|v| v == "1");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut missing = Vec::new();
    for (program, package) in tools {
        let package = package.trim();
        let cfg = format!("have_{}", program.replace('-', "_"));
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        match std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file()) {
            Some(found) => {
                println!("cargo::rustc-cfg={cfg}");
                println!("cargo::rerun-if-changed={}", found.display());
            }
            None => {
                // Looked for again at every build until it is installed.
                println!("cargo::rerun-if-changed=/nonexistent/nimforge-tool-probe/{program}");
                missing.push(format!("{program} (Debian package {package})"));
            }
        }
    }
    if ci && !missing.is_empty() {
        eprintln!("NIMFORGE_NEED_TOOLS=1 and these tools are missing: {}; run bash .ci/deps first", missing.join(", "));
        std::process::exit(1);
    }
}
