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
    #[token("TX")]
    Tx,
    #[token("END")]
    End,
    #[regex(r"[0-9a-fA-FxXzZ]+")]
    Word(&'a str),
}

/// A testbench's verdict: its RESULT line and the first mismatches it printed.
#[derive(Debug, PartialEq)]
pub struct Verdict {
    /// Vectors replayed (RESULT's first number).
    pub vectors: usize,
    /// Vectors whose outputs mismatched (RESULT's second number).
    pub mismatches: usize,
    /// (cycle, outputs as hex) of the first mismatches the testbench printed.
    pub first: Vec<(usize, String)>,
}

/// The verdict in a simulator's output; other lines (the simulator's own
/// chatter) are skipped. `None` when there is no RESULT line.
pub fn parse(output: &str) -> Option<Verdict> {
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
    result.map(|(vectors, mismatches)| Verdict { vectors, mismatches, first })
}

/// A line's level each cycle from a panel testbench's `TX <cycle> <level>`
/// changes and its closing `END <cycles>`; the line is high before the
/// first change. An error when there is no END or a level is not 0 or 1.
pub fn line_changes(output: &str) -> Result<Vec<bool>, crate::Error> {
    changes(output).map_err(|what| crate::Error::Malformed { file: "the panel testbench's output".into(), what })
}

/// [`line_changes`], its error the line.
fn changes(output: &str) -> Result<Vec<bool>, String> {
    let mut changes: Vec<(usize, bool)> = Vec::new();
    for line in output.lines() {
        let mut lex = Token::lexer(line);
        match lex.next() {
            Some(Ok(Token::Tx)) => match (lex.next(), lex.next()) {
                (Some(Ok(Token::Word(c))), Some(Ok(Token::Word(l)))) if c.parse::<usize>().is_ok() => {
                    let level = match l {
                        "0" => false,
                        "1" => true,
                        other => return Err(format!("TX went to '{other}' at cycle {c}")),
                    };
                    changes.push((c.parse().unwrap(), level));
                }
                _ => return Err(format!("a malformed TX line: '{line}'")),
            },
            Some(Ok(Token::End)) => {
                let Some(Ok(Token::Word(n))) = lex.next() else {
                    return Err(format!("a malformed END line: '{line}'"));
                };
                let n: usize = n.parse().map_err(|_| format!("a malformed END line: '{line}'"))?;
                let mut levels = vec![true; n];
                for (i, &(at, level)) in changes.iter().enumerate() {
                    let until = changes.get(i + 1).map_or(n, |c| c.0.min(n));
                    for l in levels.iter_mut().take(until).skip(at) {
                        *l = level;
                    }
                }
                return Ok(levels);
            }
            _ => {}
        }
    }
    Err("the testbench printed no END line".into())
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_changes_rebuild_the_line() {
        let out = "TX 2 0\nTX 4 1\nchatter\nEND 6\n";
        assert_eq!(super::line_changes(out).unwrap(), vec![true, true, false, false, true, true]);
        assert!(super::line_changes("TX 1 x\nEND 3").unwrap_err().to_string().contains("'x'"));
        assert!(super::line_changes("TX 1 0\n").unwrap_err().to_string().contains("no END"));
    }

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
        let seeds = ["MISMATCH 12 0aF3\nMISMATCH 13 xz\nRESULT 100 2\n", "TX 5 0\nTX 9 1\nEND 20\n", "RESULT 99999999999999999999999 1\n"];
        let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0002);
        for _ in 0..5000 {
            let text = rng.text(&seeds);
            let _ = parse(&text);
            let _ = line_changes(&text);
        }
    }
}
