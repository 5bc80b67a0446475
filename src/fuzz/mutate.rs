//! The netlist mutator of the public yardstick (issue 55): one small change
//! in a design as yosys writes it (`write_verilog -noattr`, one operator a
//! line), of four kinds a designer's slip makes:
//!
//! - an operator changed (`&` for `|`, `+` for `-`, `==` for `!=`, ...) in
//!   an `assign`;
//! - a constant's lowest bit flipped in an `assign`;
//! - a condition inverted (a multiplexer's select, an `if` in a process);
//! - a register's reset or power-on value with its lowest bit flipped.
//!
//! A mutant may be equal to the design (a change in logic no output sees):
//! the ground truth says so, and the check must too.

use nimforge_netlist::fuzz::Rng;

/// What a mutant changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A binary operator of an `assign`.
    Operator,
    /// A constant of an `assign`.
    Constant,
    /// A multiplexer's select or an `if`'s condition.
    Condition,
    /// A register's reset or power-on value.
    ResetValue,
}

/// The kinds in the order a design's mutants take them.
pub const KINDS: [Kind; 4] = [Kind::Operator, Kind::Constant, Kind::Condition, Kind::ResetValue];

/// One place a mutant can change: the line, and that line changed.
#[derive(Clone, Debug)]
struct Site {
    line: usize,
    changed: String,
    what: String,
}

/// The binary operators and what each becomes.
const OPERATORS: [(&str, &str); 16] = [
    ("&", "|"),
    ("|", "&"),
    ("^", "~^"),
    ("~^", "^"),
    ("+", "-"),
    ("-", "+"),
    ("==", "!="),
    ("!=", "=="),
    ("<", ">="),
    (">=", "<"),
    (">", "<="),
    ("<=", ">"),
    ("&&", "||"),
    ("||", "&&"),
    ("<<", ">>"),
    (">>", "<<"),
];

/// The right-hand side of an `assign` line: where it starts, and the text.
fn assigned(line: &str) -> Option<(usize, &str)> {
    if !line.trim_start().starts_with("assign ") {
        return None;
    }
    let at = line.find(" = ")? + 3;
    Some((at, &line[at..]))
}

/// Does a token end an operand (so that the operator after it is binary)?
fn ends_operand(token: &str) -> bool {
    token.chars().last().is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ']' | ')' | '}' | '\''))
}

fn operator_sites(n: usize, line: &str, out: &mut Vec<Site>) {
    let Some((at, rhs)) = assigned(line) else { return };
    let tokens: Vec<&str> = rhs.split(' ').collect();
    for k in 1..tokens.len() {
        let Some(&(from, to)) = OPERATORS.iter().find(|(op, _)| *op == tokens[k]) else { continue };
        if !ends_operand(tokens[k - 1]) {
            continue;
        }
        let mut changed: Vec<&str> = tokens.clone();
        changed[k] = to;
        out.push(Site { line: n, changed: format!("{}{}", &line[..at], changed.join(" ")), what: format!("operator {from} made {to}") });
    }
}

/// The sized literals of `text` (`8'h0f`, `1'b1`): each one's digits' span
/// and its base.
fn literals(text: &str) -> Vec<(std::ops::Range<usize>, char)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < b.len() {
        if b[i] == b'\'' && i > 0 && b[i - 1].is_ascii_digit() && matches!(b[i + 1], b'h' | b'b') {
            let start = i + 2;
            let mut end = start;
            while end < b.len() && (b[end].is_ascii_hexdigit() || matches!(b[end], b'x' | b'z' | b'_')) {
                end += 1;
            }
            if end > start {
                found.push((start..end, b[i + 1] as char));
            }
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// The whole literal whose digits are at `digits` (`8'h0f`).
fn literal_text<'a>(text: &'a str, digits: &std::ops::Range<usize>) -> &'a str {
    let tick = digits.start - 2;
    let width = text[..tick].trim_end_matches(|c: char| c.is_ascii_digit()).len();
    &text[width..digits.end]
}

/// `text` with the lowest bit of the literal at `span` flipped, if that
/// bit is known.
fn flip(text: &str, (span, base): &(std::ops::Range<usize>, char)) -> Option<String> {
    let digits = &text[span.clone()];
    let last = digits.chars().rev().find(|c| *c != '_')?;
    let at = span.start + digits.rfind(last)?;
    let flipped = match base {
        'b' => match last {
            '0' => '1',
            '1' => '0',
            _ => return None,
        },
        _ => std::char::from_digit(last.to_digit(16)? ^ 1, 16)?,
    };
    Some(format!("{}{}{}", &text[..at], flipped, &text[at + 1..]))
}

fn constant_sites(n: usize, line: &str, out: &mut Vec<Site>) {
    let Some((at, rhs)) = assigned(line) else { return };
    for lit in literals(rhs) {
        if let Some(changed) = flip(rhs, &lit) {
            out.push(Site { line: n, changed: format!("{}{changed}", &line[..at]), what: format!("constant {} flipped", literal_text(rhs, &lit.0)) });
        }
    }
}

/// Is `line` a process's sensitivity list with an asynchronous reset
/// (`always @(posedge clk, negedge rst)`)? The `if` after it tests the
/// reset, which stays as it is: inverted, the process is no flip-flop.
fn async_process(line: &str) -> bool {
    line.trim_start().starts_with("always @(") && line.contains(',')
}

fn condition_sites(n: usize, line: &str, out: &mut Vec<Site>) {
    if let Some((at, rhs)) = assigned(line) {
        if let Some(q) = rhs.find(" ? ") {
            let select = &rhs[..q];
            out.push(Site { line: n, changed: format!("{}!({select}){}", &line[..at], &rhs[q..]), what: format!("select {select} inverted") });
        }
    }
    // `if (C) ...` in a process: the condition up to its matching bracket.
    if let Some(i) = line.find("if (") {
        let open = i + 3;
        let mut depth = 0;
        for (k, c) in line[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        let close = open + k;
                        let cond = &line[open + 1..close];
                        out.push(Site {
                            line: n,
                            changed: format!("{}(!({cond})){}", &line[..open], &line[close + 1..]),
                            what: format!("condition {cond} inverted"),
                        });
                        break;
                    }
                }
                _ => {}
            }
        }
    }
}

fn reset_sites(n: usize, line: &str, out: &mut Vec<Site>) {
    let t = line.trim_start();
    // A reset branch (`if (!rst) q <= 8'h00;`) or a power-on value
    // (`reg [7:0] q = 8'h00;`).
    let from = if t.starts_with("if (") && line.contains(" <= ") {
        line.find(" <= ")
    } else if t.starts_with("reg ") && line.contains(" = ") {
        line.find(" = ")
    } else {
        None
    };
    let Some(from) = from else { return };
    for lit in literals(&line[from..]) {
        let lit = (lit.0.start + from..lit.0.end + from, lit.1);
        if let Some(changed) = flip(line, &lit) {
            let name = line[..from].split_whitespace().last().unwrap_or("");
            out.push(Site { line: n, changed, what: format!("the reset or power-on value of {name} flipped") });
        }
    }
}

/// Every place of `kind` in `text`.
fn sites(text: &str, kind: Kind) -> Vec<Site> {
    let mut out = Vec::new();
    let mut after_async = false;
    for (n, line) in text.lines().enumerate() {
        let reset_test = std::mem::replace(&mut after_async, async_process(line));
        match kind {
            Kind::Condition if reset_test => {}
            Kind::Operator => operator_sites(n, line, &mut out),
            Kind::Constant => constant_sites(n, line, &mut out),
            Kind::Condition => condition_sites(n, line, &mut out),
            Kind::ResetValue => reset_sites(n, line, &mut out),
        }
    }
    out
}

/// `count` mutants of `text` (yosys's Verilog), chosen by `seed`: the
/// kinds in turn ([`KINDS`]), a kind the design has no place for giving way
/// to the next; each mutant in words (what changed, on which line) and its
/// text. Fewer than `count` when the design has too few places.
pub fn mutants(text: &str, seed: u64, count: usize) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
    let all: Vec<Vec<Site>> = KINDS.iter().map(|&k| sites(text, k)).collect();
    let mut taken: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    for m in 0..count {
        for step in 0..KINDS.len() {
            let k = (m + step) % KINDS.len();
            let free: Vec<usize> = (0..all[k].len()).filter(|i| !taken.contains(&(k, *i))).collect();
            if free.is_empty() {
                continue;
            }
            let i = free[rng.below(free.len())];
            taken.push((k, i));
            let site = &all[k][i];
            let lines: Vec<&str> = text.lines().enumerate().map(|(n, l)| if n == site.line { site.changed.as_str() } else { l }).collect();
            out.push((format!("{} (line {})", site.what, site.line + 1), lines.join("\n") + "\n"));
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NETLIST: &str = "module t(clk, a, b, y);
  input clk;
  input [3:0] a;
  input [3:0] b;
  output [3:0] y;
  reg [3:0] y = 4'h0;
  wire [3:0] s;
  wire c;
  assign s = a + b;
  assign c = a == 4'h5;
  always @(posedge clk)
    if (c) y <= 4'h3;
    else y <= s;
endmodule
";

    #[test]
    fn each_kind_finds_its_places() {
        let ops: Vec<String> = sites(NETLIST, Kind::Operator).into_iter().map(|s| s.changed).collect();
        assert_eq!(ops, ["  assign s = a - b;", "  assign c = a != 4'h5;"]);
        let consts: Vec<String> = sites(NETLIST, Kind::Constant).into_iter().map(|s| s.changed).collect();
        assert_eq!(consts, ["  assign c = a == 4'h4;"]);
        let conds: Vec<String> = sites(NETLIST, Kind::Condition).into_iter().map(|s| s.changed).collect();
        assert_eq!(conds, ["    if (!(c)) y <= 4'h3;"]);
        let resets: Vec<String> = sites(NETLIST, Kind::ResetValue).into_iter().map(|s| s.changed).collect();
        assert_eq!(resets, ["  reg [3:0] y = 4'h1;", "    if (c) y <= 4'h2;"]);
    }

    #[test]
    fn mutants_take_the_kinds_in_turn_and_change_one_line() {
        let m = mutants(NETLIST, 7, 4);
        assert_eq!(m.len(), 4);
        for (k, (what, text)) in m.iter().enumerate() {
            let changed = NETLIST.lines().zip(text.lines()).filter(|(x, y)| x != y).count();
            assert_eq!(changed, 1, "mutant {k} ({what}) changes one line");
        }
        assert!(m[0].0.starts_with("operator"), "{}", m[0].0);
        assert!(m[1].0.starts_with("constant"), "{}", m[1].0);
        assert!(m[2].0.contains("inverted"), "{}", m[2].0);
        assert!(m[3].0.contains("reset or power-on"), "{}", m[3].0);
        assert_eq!(mutants(NETLIST, 7, 4), m, "the same seed, the same mutants");
    }

    #[test]
    fn an_asynchronous_reset_test_is_never_inverted() {
        let text = "  always @(posedge clk, negedge rst_n)\n    if (!rst_n) q <= 1'h0;\n    else if (en) q <= d;\n";
        let conds: Vec<String> = sites(text, Kind::Condition).into_iter().map(|s| s.changed).collect();
        assert_eq!(conds, ["    else if (!(en)) q <= d;"]);
    }

    #[test]
    fn a_unary_operator_and_an_unknown_bit_are_left_alone() {
        assert!(sites("  assign y = | a;\n  assign z = ~ b;\n", Kind::Operator).is_empty());
        assert!(sites("  assign y = a & 4'bx;\n", Kind::Constant).is_empty());
        assert!(mutants("module t; endmodule\n", 1, 3).is_empty());
    }
}
