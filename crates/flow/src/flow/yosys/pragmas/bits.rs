//! A module's bits (issue 56), each followed back through the module's
//! `connect`s and `$buf`s to its source: what a select bit tests
//! ([`Bits::item`]), and whether a `$pmux`'s selects can be true together
//! ([`Bits::one_hot`]), each select followed to the compare that makes
//! it. A `unique case (1'b1)` on
//! address hits (OpenTitan's register tops, logikbench's uart and spi:
//! `addr_hit[i] = (reg_addr == OFFSET_i)`, then copied into two more
//! vectors) has selects that are bits of other wires, so the whole-wire
//! reading of [`super::slang_departures`] saw no compare there.

use super::Cell;
use std::collections::HashMap;

/// One bit of a value: a constant (`0`, `1`, `x`, `z`, `-`) or a wire's bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Bit<'a> {
    Const(char),
    Wire(&'a str, usize),
}

/// The module's bits and where each is copied from.
pub(super) struct Bits<'a> {
    /// Each wire's width (`wire width 3 \w`; 1 where none is given).
    widths: HashMap<&'a str, usize>,
    /// A bit that is a copy of another: a `connect` outside the cells, a
    /// `$buf`'s output.
    from: HashMap<(&'a str, usize), Bit<'a>>,
    /// The 1-bit tests by the bit they drive: a `$eq`, `$logic_not`, `$not`
    /// or an or whose `Y` is one bit.
    made_by: HashMap<(&'a str, usize), &'a Cell>,
}

impl<'a> Bits<'a> {
    pub(super) fn of(il: &'a str, cells: &'a [Cell]) -> Bits<'a> {
        // A wire numbered otherwise than from 0 up (`offset`, `upto`) is
        // left out: its bits are not followed.
        let widths = super::wire_widths(il).into_iter().filter(|(_, (_, plain))| *plain).map(|(name, (width, _))| (name, width)).collect();
        let mut bits = Bits { widths, from: HashMap::new(), made_by: HashMap::new() };
        let connects = super::module_connects(il).into_iter().filter_map(split_pair);
        let copies = cells.iter().filter(|c| c.kind == "$buf").filter_map(|c| Some((Cell::get(&c.connections, "\\Y")?, Cell::get(&c.connections, "\\A")?)));
        for (to, from) in connects.chain(copies) {
            let (Some(to), Some(from)) = (bits.flat(to), bits.flat(from)) else { continue };
            if to.len() != from.len() {
                continue;
            }
            for (t, f) in to.into_iter().zip(from) {
                if let Bit::Wire(name, k) = t {
                    bits.from.insert((name, k), f);
                }
            }
        }
        for c in cells.iter().filter(|c| ["$eq", "$logic_not", "$not", "$reduce_or", "$logic_or", "$or"].contains(&c.kind.as_str())) {
            if let Some([Bit::Wire(name, k)]) = Cell::get(&c.connections, "\\Y").and_then(|y| bits.flat(y)).as_deref() {
                bits.made_by.insert((name, *k), c);
            }
        }
        bits
    }

    /// A value (`{ \a [3] $b [2:1] 2'01 }`) as its bits from the least
    /// significant; `None` where a part cannot be read (a wire of no known
    /// width, a constant not in bits).
    pub(super) fn flat(&self, v: &'a str) -> Option<Vec<Bit<'a>>> {
        let tokens: Vec<&str> = v.split_whitespace().filter(|t| *t != "{" && *t != "}").collect();
        let mut parts: Vec<Vec<Bit>> = Vec::new();
        let mut k = 0;
        while k < tokens.len() {
            let t = tokens[k];
            if let Some((width, digits)) = t.split_once('\'') {
                let (width, mut digits): (usize, Vec<char>) = (width.parse().ok()?, digits.chars().collect());
                // A value all x is written `64'x`, one digit for all.
                if digits == ['x'] {
                    digits = vec!['x'; width];
                }
                if width != digits.len() {
                    return None;
                }
                parts.push(digits.into_iter().rev().map(Bit::Const).collect());
            } else if t.starts_with('\\') || t.starts_with('$') {
                let width = *self.widths.get(t)?;
                let slice = tokens.get(k + 1).and_then(|s| s.strip_prefix('[')?.strip_suffix(']'));
                let (lo, hi) = match slice {
                    Some(s) => {
                        k += 1;
                        match s.split_once(':') {
                            Some((hi, lo)) => (lo.parse::<usize>().ok()?, hi.parse::<usize>().ok()?),
                            None => (s.parse().ok()?, s.parse().ok()?),
                        }
                    }
                    None => (0, width.checked_sub(1)?),
                };
                if lo > hi || hi >= width {
                    return None;
                }
                parts.push((lo..=hi).map(|b| Bit::Wire(t, b)).collect());
            } else {
                return None;
            }
            k += 1;
        }
        // `{ a b }`: a is the most significant.
        Some(parts.into_iter().rev().flatten().collect())
    }

    /// The bit `b` is a copy of, followed to the end.
    pub(super) fn source(&self, mut b: Bit<'a>) -> Bit<'a> {
        for _ in 0..256 {
            match b {
                Bit::Wire(name, k) => match self.from.get(&(name, k)) {
                    Some(f) => b = *f,
                    None => break,
                },
                Bit::Const(_) => break,
            }
        }
        b
    }

    /// What a select bit tests, as one signal's bits (each followed to its
    /// source) and the values it is true at: a `$eq` of that signal with a
    /// constant of its width, a `$logic_not` (the value 0), a 1-bit `$not`
    /// (0), an or of such tests of one signal (`$reduce_or`, `$logic_or`,
    /// `$or`: a case item of several values, `Dual, Quad:`), or the bit
    /// itself (1). `depth` bounds the ors followed.
    pub(super) fn item(&self, select: Bit<'a>, depth: usize) -> Option<(Vec<Bit<'a>>, Vec<Vec<char>>)> {
        let b = self.source(select);
        let Bit::Wire(name, k) = b else { return None };
        let Some(c) = self.made_by.get(&(name, k)) else { return Some((vec![b], vec![vec!['1']])) };
        let operand = |port: &str| -> Option<Vec<Bit<'a>>> { Some(self.flat(Cell::get(&c.connections, port)?)?.into_iter().map(|a| self.source(a)).collect()) };
        match c.kind.as_str() {
            "$eq" => {
                let (a, value) = (operand("\\A")?, operand("\\B")?);
                let value: Vec<char> = value
                    .into_iter()
                    .map(|v| match v {
                        Bit::Const(d) if d == '0' || d == '1' => Some(d),
                        _ => None,
                    })
                    .collect::<Option<_>>()?;
                (value.len() == a.len()).then_some((a, vec![value]))
            }
            "$logic_not" => operand("\\A").map(|a| (a.clone(), vec![vec!['0'; a.len()]])),
            "$not" => operand("\\A").filter(|a| a.len() == 1).map(|a| (a, vec![vec!['0']])),
            "$reduce_or" | "$logic_or" | "$or" if depth > 0 => {
                let bits: Vec<Bit> = ["\\A", "\\B"].iter().filter_map(|p| operand(p)).flatten().collect();
                // `$or` of 1-bit operands alone: wider, it is no test.
                if c.kind == "$or" && bits.len() != 2 {
                    return None;
                }
                let items: Vec<(Vec<Bit>, Vec<Vec<char>>)> = bits.into_iter().map(|b| self.item(b, depth - 1)).collect::<Option<_>>()?;
                let signal = items.first()?.0.clone();
                items.iter().all(|(s, _)| *s == signal).then(|| (signal, items.into_iter().flat_map(|(_, v)| v).collect()))
            }
            _ => Some((vec![b], vec![vec!['1']])),
        }
    }

    /// What a select bit tests, as [`Bits::item`] reads it, or else the
    /// bit itself (its source) at 1: a select is true where its bit is.
    pub(super) fn test(&self, select: Bit<'a>) -> (Vec<Bit<'a>>, Vec<Vec<char>>) {
        self.item(select, 8).unwrap_or_else(|| (vec![self.source(select)], vec![vec!['1']]))
    }

    /// Whether at most one of the selects `s` (a `$pmux`'s `S`) can be
    /// true at once: each tests one and the same signal for values, and no
    /// value is two selects'.
    pub(super) fn one_hot(&self, s: &'a str) -> bool {
        let Some(selects) = self.flat(s) else { return false };
        let Some(items) = selects.into_iter().map(|b| self.item(b, 8)).collect::<Option<Vec<_>>>() else { return false };
        let Some((signal, _)) = items.first() else { return true };
        let values: Vec<&Vec<char>> = items.iter().flat_map(|(_, v)| v).collect();
        items.iter().all(|(s, _)| s == signal) && values.iter().enumerate().all(|(k, v)| !values[..k].contains(v))
    }
}

/// `to from` of a `connect`, each a value: split where the first value
/// ends (a `{ ... }`, or a name and its `[...]`, or a constant).
pub(super) fn split_pair(pair: &str) -> Option<(&str, &str)> {
    let pair = pair.trim();
    let end = if pair.starts_with('{') {
        pair.find('}')? + 1
    } else {
        let first = pair.find(' ')?;
        match pair[first..].trim_start().starts_with('[') {
            true => first + pair[first..].find(']')? + 1,
            false => first,
        }
    };
    Some((pair[..end].trim(), pair[end..].trim()))
}

#[cfg(test)]
mod tests {
    use super::super::cells;
    use super::Bits;

    /// logikbench's uart (uart.sv:14451) in small: three compares of one
    /// address with distinct offsets, copied into two vectors at once by a
    /// `$buf`, the case's selects bits of the second, through `connect`s:
    /// one-hot. The same with two offsets alike, a second address, an
    /// offset of another width, or a select that is no compare: not.
    #[test]
    fn selects_followed_bit_by_bit_to_their_compares() {
        let il = |offsets: [&str; 3], second: &str| {
            let mut il = "module \\t\n  wire width 2 \\addr\n  wire width 2 \\other\n  wire width 3 \\hit\n  wire width 3 \\read\n  wire \\free\n".to_string();
            for (k, off) in offsets.iter().enumerate() {
                let a = if k == 2 { second } else { "\\addr" };
                il += &format!("  wire $e{k}\n  wire $s{k}\n  cell $eq $c{k}\n    connect \\A {a}\n    connect \\B {off}\n    connect \\Y $e{k}\n  end\n");
            }
            il += "  cell $buf $b\n    connect \\A { $e2 $e1 $e0 $e2 $e1 $e0 }\n    connect \\Y { \\read \\hit }\n  end\n";
            il += "  connect $s0 \\read [0]\n  connect $s1 \\read [1]\n  connect $s2 \\read [2]\nend\n";
            il
        };
        let one_hot = |text: &str, s: &str| {
            let cells = cells(text);
            Bits::of(text, &cells).one_hot(s)
        };
        let s = "{ $s2 $s1 $s0 }";
        assert!(one_hot(&il(["2'00", "2'01", "2'10"], "\\addr"), s));
        assert!(one_hot(&il(["2'00", "2'01", "2'10"], "\\addr"), "{ \\hit [2] \\read [1:0] }"));
        assert!(!one_hot(&il(["2'00", "2'01", "2'00"], "\\addr"), s));
        assert!(!one_hot(&il(["2'00", "2'01", "2'10"], "\\other"), s));
        assert!(!one_hot(&il(["2'00", "2'01", "3'010"], "\\addr"), s));
        assert!(!one_hot(&il(["2'00", "2'01", "2'1x"], "\\addr"), s));
        assert!(!one_hot(&il(["2'00", "2'01", "2'10"], "\\addr"), "{ \\free $s1 $s0 }"));
        // An item of two values (`Dual, Quad:`): an or of two compares.
        let two = |values: [&str; 3]| {
            let mut il = "module \\t\n  wire width 2 \\addr\n  wire width 2 $pair\n  wire $any\n  wire $e2\n".to_string();
            for (k, v) in values.iter().enumerate() {
                let y = if k == 2 { "$e2".to_string() } else { format!("$pair [{k}]") };
                il += &format!("  cell $eq $c{k}\n    connect \\A \\addr\n    connect \\B {v}\n    connect \\Y {y}\n  end\n");
            }
            il + "  cell $reduce_or $r\n    connect \\A $pair\n    connect \\Y $any\n  end\nend\n"
        };
        assert!(one_hot(&two(["2'01", "2'10", "2'00"]), "{ $e2 $any }"));
        assert!(!one_hot(&two(["2'01", "2'10", "2'10"]), "{ $e2 $any }"));
        // A bit and its `$not` are its values 1 and 0.
        let not = "module \\t\n  wire \\a\n  wire $n\n  cell $not $c\n    parameter \\A_WIDTH 1\n    connect \\A \\a\n    connect \\Y $n\n  end\nend\n";
        assert!(one_hot(not, "{ $n \\a }"));
        assert!(!one_hot(not, "{ \\a \\a }"));
    }
}
