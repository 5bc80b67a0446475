//! What `nimforge move` and `nimforge replay` do: a machine's move, or a
//! whole game, on its cycle-accurate design (the `rtl` level) driven
//! through its inputs as a person at the front panel would. A move tells
//! what happened line by line into an [`Out`]; the command prints it.

pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod wilson;

/// What a move or a replay tells, in order: lines for standard output (words
/// or one JSON object each) and refusals for standard error.
#[derive(Debug, Default)]
pub struct Out {
    /// The lines, in the order they were told.
    pub lines: Vec<Line>,
}

/// One line of an [`Out`].
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// A line of the answer (words, or a JSON object with `--json`).
    Say(String),
    /// Why the machine refused a move: one line for standard error.
    Refused(String),
}

impl Out {
    /// A line of words.
    pub fn say(&mut self, line: impl Into<String>) {
        self.lines.push(Line::Say(line.into()));
    }

    /// `value` as one line of JSON (`--json`).
    pub fn json(&mut self, value: &impl serde::Serialize) {
        self.say(serde_json::to_string(value).expect("a report serialises"));
    }

    /// The machine refused a move.
    pub fn refused(&mut self, why: &str) {
        self.lines.push(Line::Refused(why.to_string()));
    }
}

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

/// A `move` that makes none: `fields` (the JSON object of a move, its
/// fields empty) with the `reason`, or "no move: reason". Exit status 0.
pub fn no_move(out: &mut Out, json: bool, mut fields: serde_json::Value, reason: &str) -> Result<i32, crate::Error> {
    if json {
        fields["reason"] = reason.into();
        out.json(&fields);
    } else {
        out.say(format!("no move: {reason}"));
    }
    Ok(0)
}

/// Parses "5,6,7" into exactly `n` numbers in 0..=max.
pub fn parse_list(text: &str, n: usize, max: u8, what: &str) -> Result<Vec<u8>, crate::Error> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != n {
        return Err(format!("expected {n} {what}s separated by commas, got {} in '{text}'", parts.len()).into());
    }
    parts
        .iter()
        .map(|p| match p.parse::<u8>() {
            Ok(v) if v <= max => Ok(v),
            _ => Err(format!("'{p}' is not a {what} size: each must be a whole number from 0 to {max}").into()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_list;

    #[test]
    fn lists() {
        assert_eq!(parse_list("5, 6,7", 3, 7, "pile"), Ok(vec![5, 6, 7]));
        assert!(parse_list("5,6", 3, 7, "pile").unwrap_err().to_string().contains("expected 3"));
        assert!(parse_list("5,6,8", 3, 7, "pile").unwrap_err().to_string().contains("'8'"));
        assert!(parse_list("5,x,1", 3, 7, "pile").unwrap_err().to_string().contains("'x'"));
        assert!(parse_list("5,-1,1", 3, 7, "pile").is_err());
    }
}
