//! The `nimforge` subcommands. Each returns its exit status; a problem the
//! user can fix comes back as `Err(line)` and exits with status 2.

pub mod bench;
pub mod build;
pub mod generate;
pub mod learn;
pub mod sim;
pub mod moves;
pub mod play;
pub mod prove;
pub mod verify;
pub mod wilson;

use std::path::PathBuf;

/// The project root: the current directory when it holds `generated/` and
/// `designs/`, else the directory this binary was built from.
pub fn root() -> PathBuf {
    let here = std::env::current_dir().unwrap_or_default();
    if here.join("designs").is_dir() && here.join("generated").is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}

/// Parses "5,6,7" into exactly `n` numbers in 0..=max.
pub fn parse_list(text: &str, n: usize, max: u8, what: &str) -> Result<Vec<u8>, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != n {
        return Err(format!("expected {n} {what}s separated by commas, got {} in '{text}'", parts.len()));
    }
    parts
        .iter()
        .map(|p| match p.parse::<u8>() {
            Ok(v) if v <= max => Ok(v),
            _ => Err(format!("'{p}' is not a {what} size: each must be a whole number from 0 to {max}")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_list;

    #[test]
    fn lists() {
        assert_eq!(parse_list("5, 6,7", 3, 7, "pile"), Ok(vec![5, 6, 7]));
        assert!(parse_list("5,6", 3, 7, "pile").unwrap_err().contains("expected 3"));
        assert!(parse_list("5,6,8", 3, 7, "pile").unwrap_err().contains("'8'"));
        assert!(parse_list("5,x,1", 3, 7, "pile").unwrap_err().contains("'x'"));
        assert!(parse_list("5,-1,1", 3, 7, "pile").is_err());
    }
}
pub mod nimatron;
pub mod nimrod;
