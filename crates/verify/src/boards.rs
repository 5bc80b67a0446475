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
    use nimforge_flow::boards::BUILTIN;

    /// Board files of any shape are read or refused in one line, never a
    /// panic (here, where nimforge-netlist's seeded mutations are at hand:
    /// the flow crate's tests take no other crate of nimforge's).
    #[test]
    fn any_board_file_reads_or_is_refused_in_one_line() {
        let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0004);
        let seeds: Vec<&str> = BUILTIN.iter().chain([VERIFICATION].iter()).map(|(_, t)| *t).collect();
        let mut refused = 0;
        for _ in 0..3000 {
            let text = rng.text(&seeds);
            if let Err(e) = parse("fuzz.toml", &text).map_err(|e| e.to_string()) {
                refused += 1;
                assert!(!e.contains('\n') && e.starts_with("fuzz.toml"), "{e}");
            }
        }
        assert!(refused > 100);
    }

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
