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
pub mod serve;
pub mod verify;
pub mod wilson;

use std::path::PathBuf;

/// The flags of `nimforge move`; each machine's handler takes what it needs.
#[derive(Debug, Default)]
pub struct MoveArgs {
    /// Pile sizes, e.g. "5,6,7" (relay-nim).
    pub piles: Option<String>,
    /// The pile the randomizer names first (relay-nim).
    pub randomizer: u8,
    /// Lamps lit in rows a..d, e.g. "1,6,3,4" (nimatron).
    pub rows: Option<String>,
    /// R1, R2 or R3 as 1, 2, 3 (nimatron).
    pub r: u8,
    /// Groups of counters, e.g. "28,53,1,16" (wilson).
    pub groups: Option<String>,
    /// Nimrod's position and variant.
    pub nimrod: NimrodArgs,
    /// One JSON object instead of words.
    pub json: bool,
}

/// The flags of `nimforge replay`.
#[derive(Debug, Default)]
pub struct ReplayArgs {
    /// The player's moves, e.g. "a6 c3 d1 b2 b1" (nimatron).
    pub moves: Option<String>,
    /// The machine plays both sides (nimrod).
    pub self_play: bool,
    /// Nimrod's position and variant.
    pub nimrod: NimrodArgs,
    /// One JSON object instead of words.
    pub json: bool,
}

/// Nimrod's position and variant, as `move` and `replay` take them.
#[derive(Debug, Default)]
pub struct NimrodArgs {
    /// Four heaps of 0..7 matches, e.g. "7,1,6,4".
    pub heaps: Option<String>,
    /// "normal" or "reverse".
    pub game: String,
    /// How many heaps a move may change: 1, 2 or 3.
    pub k: u8,
    /// The heap counter at the start of the game, 0..3.
    pub heap_counter: u8,
}

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

/// `value` as one line of JSON on stdout (`--json`).
pub fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string(value).expect("a report serialises"));
}

/// A `move` that makes none: `fields` (the JSON object of a move, its
/// fields empty) with the `reason`, or "no move: reason". Exit status 0.
pub fn no_move(json: bool, mut fields: serde_json::Value, reason: &str) -> Result<i32, String> {
    if json {
        fields["reason"] = reason.into();
        print_json(&fields);
    } else {
        println!("no move: {reason}");
    }
    Ok(0)
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
