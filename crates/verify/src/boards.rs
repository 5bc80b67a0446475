//! Boards as plain data: nimforge-flow's [`nimforge_flow::boards`] (the
//! files `boards/<name>.toml` compiled in and read with serde), with this
//! crate's [`Error`] on [`board`] and [`parse`]: a [`BoardError`] becomes
//! [`Error::Input`] (an unknown name) or [`Error::Malformed`] (a file that
//! is not a board), its line unchanged.

use crate::Error;

pub use nimforge_flow::boards::{names, Board, BoardError, Clock, Pin, Uart};

pub(crate) use nimforge_flow::boards::VERIFICATION;

/// The board called `name`, or a line saying which boards there are.
pub fn board(name: &str) -> Result<Board, Error> {
    Ok(nimforge_flow::boards::board(name)?)
}

/// A board file's text read and checked: what it must hold for a build
/// (a clock of a sensible frequency, pins named once, as many button
/// polarities as buttons). `file` names it in the one-line error.
pub fn parse(file: &str, text: &str) -> Result<Board, Error> {
    Ok(nimforge_flow::boards::parse(file, text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each of the flow's board errors is the variant it was before the
    /// flow crate, with the same line.
    #[test]
    fn board_errors_keep_their_variant_and_line() {
        match board("de0") {
            Err(Error::Input(line)) => assert_eq!(line, "unknown board 'de0': choose one of icestick, icebreaker"),
            other => panic!("{other:?}"),
        }
        match parse("half.toml", "name = 1") {
            Err(Error::Malformed { file, what }) => {
                assert_eq!(file, std::path::Path::new("half.toml"));
                assert!(what.starts_with("half.toml is malformed: ") && !what.contains('\n'), "{what}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(board("icestick").unwrap().name, "icestick");
    }
}
