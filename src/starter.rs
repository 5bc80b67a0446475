//! `nimforge new DIR`: a crate of one's own that depends on nimforge-verify
//! and passes every level as written: a design (rust-hdl), its oracle, its
//! presses, the harness that joins them, a `main` that generates and
//! verifies, a GitHub Actions workflow (`deploy/ci/github-actions.yml`),
//! and a README, each with a comment at each place to change.
//! The sources are `starter/src/` as they are; `Cargo.toml` and the README
//! are made from `starter/*.j2`. Until the crates are published the crate
//! depends on a nimforge checkout by path, and gets its `Cargo.lock` so
//! that every version is nimforge's.

use askama::Template;
use std::path::{Path, PathBuf};

/// The crate's sources, written as they are.
const SOURCES: [(&str, &str); 6] = [
    ("src/main.rs", include_str!("../starter/src/main.rs")),
    // The CI workflow a user copies, as deploy/ci/ holds it.
    (".github/workflows/nimforge.yml", include_str!("../deploy/ci/github-actions.yml")),
    ("src/design.rs", include_str!("../starter/src/design.rs")),
    ("src/oracle.rs", include_str!("../starter/src/oracle.rs")),
    ("src/presses.rs", include_str!("../starter/src/presses.rs")),
    ("src/harness.rs", include_str!("../starter/src/harness.rs")),
];

#[derive(Template)]
#[template(path = "Cargo.toml.j2", escape = "none")]
struct Manifest<'a> {
    name: &'a str,
    verify: &'a str,
    rust_hdl_core: &'a str,
}

#[derive(Template)]
#[template(path = "README.md.j2", escape = "none")]
struct Readme<'a> {
    name: &'a str,
    checkout: &'a str,
}

/// The crate name a directory gives: its last part, which must be a
/// crate name (a letter, then letters, digits, `-` or `_`).
pub fn crate_name(dir: &Path) -> Result<String, crate::Error> {
    let last = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let ok = last.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && last.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(last.to_string())
    } else {
        Err(crate::Error::Input(format!("'{last}' cannot name a crate: end the directory's path in a letter followed by letters, digits, - or _")))
    }
}

/// Writes the crate into `dir` (which must not exist, or be empty),
/// depending on the nimforge checkout `checkout`; the files written. It is
/// made in a sibling directory and moved into place whole, so a failure
/// leaves nothing half-written.
pub fn write(dir: &Path, checkout: &Path) -> Result<Vec<PathBuf>, crate::Error> {
    let name = crate_name(dir)?;
    let verify = checkout.join("crates").join("verify");
    if !verify.join("Cargo.toml").is_file() {
        return Err(crate::Error::Input(format!("{} is not a nimforge checkout (no crates/verify/Cargo.toml): give one with --path", checkout.display())));
    }
    if dir.exists() && std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
        return Err(crate::Error::Input(format!("{} exists and is not empty: choose a new directory", dir.display())));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    nimforge_verify::files::create_dir_all(&parent)?;
    let staging = parent.join(format!(".{name}.nimforge-new-{}", std::process::id()));
    let made = (|| -> Result<Vec<PathBuf>, crate::Error> {
        let verify = verify.to_string_lossy();
        let rust_hdl_core = checkout.join("vendor").join("rust-hdl-core");
        let rust_hdl_core = rust_hdl_core.to_string_lossy();
        let checkout_text = checkout.to_string_lossy();
        let mut files: Vec<(String, String)> = SOURCES.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect();
        let manifest = Manifest { name: &name, verify: &verify, rust_hdl_core: &rust_hdl_core }.render().map_err(|e| e.to_string())?;
        let readme = Readme { name: &name, checkout: &checkout_text }.render().map_err(|e| e.to_string())?;
        files.push(("Cargo.toml".into(), manifest));
        files.push(("README.md".into(), readme));
        files.push((".gitignore".into(), "/target\n/build\n".into()));
        if let Ok(lock) = std::fs::read_to_string(checkout.join("Cargo.lock")) {
            files.push(("Cargo.lock".into(), lock));
        }
        for (path, text) in &files {
            let at = staging.join(path);
            if let Some(d) = at.parent() {
                nimforge_verify::files::create_dir_all(d)?;
            }
            nimforge_verify::files::save(&at, text)?;
        }
        if dir.exists() {
            std::fs::remove_dir(dir).map_err(|e| format!("cannot replace the empty {}: {e}", dir.display()))?;
        }
        std::fs::rename(&staging, dir).map_err(|e| format!("cannot move the crate to {}: {e}", dir.display()))?;
        Ok(files.iter().map(|(p, _)| dir.join(p)).collect())
    })();
    if made.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    made
}

#[cfg(test)]
mod tests {
    /// A directory whose name is no crate name, a path that is no
    /// checkout, a directory with files in it: refused, nothing written.
    #[test]
    fn refusals_write_nothing() {
        let tmp = std::env::temp_dir().join(format!("nimforge-new-{}", std::process::id()));
        std::fs::create_dir_all(tmp.join("full")).unwrap();
        std::fs::write(tmp.join("full/x"), "x").unwrap();
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for (dir, checkout, says) in [
            (tmp.join("9lives"), here, "cannot name a crate"),
            (tmp.join("good"), tmp.as_path(), "not a nimforge checkout"),
            (tmp.join("full"), here, "is not empty"),
        ] {
            let e = super::write(&dir, checkout).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
        }
        assert!(!tmp.join("9lives").exists() && !tmp.join("good").exists());
        let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, vec![std::ffi::OsString::from("full")], "no staging directory left behind");
        // And a good one: every file there, the manifest pointing at the checkout.
        let files = super::write(&tmp.join("mine"), here).unwrap();
        assert!(files.iter().all(|f| f.is_file()), "{files:?}");
        let manifest = std::fs::read_to_string(tmp.join("mine/Cargo.toml")).unwrap();
        assert!(manifest.contains("name = \"mine\"") && manifest.contains(&format!("{}/crates/verify", here.display())), "{manifest}");
        std::fs::remove_dir_all(&tmp).ok();
    }
}
