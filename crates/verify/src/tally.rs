//! Reading back what a testbench printed, lexed with logos:
//! `MISMATCH <cycle> <got-hex>` for each of the first mismatches and one
//! closing `RESULT <vectors> <mismatches>`.

use logos::Logos;

#[derive(Logos, Debug, PartialEq)]
#[logos(skip r"[ \t\r\n]+")]
enum Token<'a> {
    #[token("MISMATCH")]
    Mismatch,
    #[token("RESULT")]
    Result,
    #[regex(r"[0-9a-fA-FxXzZ]+")]
    Word(&'a str),
}

/// A testbench's tally: its RESULT line and the first mismatches it printed.
#[derive(Debug, PartialEq)]
pub struct Tally {
    /// Vectors replayed (RESULT's first number).
    pub vectors: usize,
    /// Vectors whose outputs mismatched (RESULT's second number).
    pub mismatches: usize,
    /// (cycle, outputs as hex) of the first mismatches the testbench printed.
    pub first: Vec<(usize, String)>,
}

/// The verdict in a simulator's output; other lines (the simulator's own
/// chatter) are skipped. `None` when there is no RESULT line.
pub fn parse(output: &str) -> Option<Tally> {
    let mut first = Vec::new();
    let mut result = None;
    for line in output.lines() {
        let mut lex = Token::lexer(line);
        match lex.next() {
            Some(Ok(Token::Mismatch)) => {
                if let (Some(Ok(Token::Word(c))), Some(Ok(Token::Word(h)))) = (lex.next(), lex.next()) {
                    if let Ok(c) = c.parse() {
                        first.push((c, h.to_lowercase()));
                    }
                }
            }
            Some(Ok(Token::Result)) => {
                if let (Some(Ok(Token::Word(v))), Some(Ok(Token::Word(m)))) = (lex.next(), lex.next()) {
                    if let (Ok(v), Ok(m)) = (v.parse(), m.parse()) {
                        result = Some((v, m));
                    }
                }
            }
            _ => {}
        }
    }
    result.map(|(vectors, mismatches)| Tally { vectors, mismatches, first })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mismatches_and_result() {
        let out = "VCD info: nothing\nMISMATCH 12 00ab\nMISMATCH 13 00aX\nRESULT 100 2\n- tb.v:40: Verilog $finish\n";
        let v = parse(out).unwrap();
        assert_eq!(v.vectors, 100);
        assert_eq!(v.mismatches, 2);
        assert_eq!(v.first, vec![(12, "00ab".to_string()), (13, "00ax".to_string())]);
    }

    #[test]
    fn no_result_is_no_verdict() {
        assert_eq!(parse("MISMATCH 1 ff\n"), None);
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;

    /// Testbench output of any shape gives a verdict or none, never a panic.
    #[test]
    fn any_output_reads_without_a_panic() {
        let seeds = ["MISMATCH 12 0aF3\nMISMATCH 13 xz\nRESULT 100 2\n", "RESULT 99999999999999999999999 1\n"];
        let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0002);
        for _ in 0..5000 {
            let text = rng.text(&seeds);
            let _ = parse(&text);
        }
    }
}
