//! Where each bit of an RTLIL module goes (issue 56), so that an x a
//! multiplexer makes can be shown never seen: used only as multiplexers'
//! data inputs, each taken only where a select the caller names is true,
//! through copies and other multiplexers. Bit by bit: yosys-slang writes a
//! struct's member, assigned in an `if`, as a part of the struct's wire
//! (`connect $word_buffer_d [7:4] $procmux_Y`, logikbench's hmac.sv:7347),
//! which a reading of whole wires took for a use of its own.

use super::bits::{split_pair, Bit, Bits};
use super::Cell;
use std::collections::{HashMap, HashSet};

/// One bit of a wire.
type WireBit<'a> = (&'a str, usize);

/// Where each bit of a module is used.
pub(super) struct Uses<'a> {
    /// A bit's copies: the bits a `connect` outside the cells, or a
    /// `$buf`, makes of it.
    copies: HashMap<WireBit<'a>, Vec<WireBit<'a>>>,
    /// A bit taken as a multiplexer's data input, at each such place: the
    /// select bit for that input (a `$pmux`'s part of `B`, or a `$mux`'s
    /// `B`; none for `A`, taken where every select is false), and the bit
    /// of the output it goes to.
    selected: HashMap<WireBit<'a>, Vec<(Option<Bit<'a>>, WireBit<'a>)>>,
    /// Bits used anywhere else: another cell's input, a select.
    elsewhere: HashSet<WireBit<'a>>,
    /// Wires used anywhere else as a whole: a port of the module, a value
    /// whose bits cannot be read (a wire numbered otherwise than from 0).
    elsewhere_wires: HashSet<&'a str>,
    /// Whether the module has processes, whose uses are not read here:
    /// then every bit counts as seen (yosys-slang writes none).
    processes: bool,
}

impl<'a> Uses<'a> {
    pub(super) fn of(il: &'a str, cells: &'a [Cell], bits: &Bits<'a>) -> Uses<'a> {
        let processes = il.lines().any(|l| l.trim_start().starts_with("process "));
        let mut uses = Uses { copies: HashMap::new(), selected: HashMap::new(), elsewhere: HashSet::new(), elsewhere_wires: HashSet::new(), processes };
        for line in il.lines().map(str::trim).filter(|l| l.starts_with("wire ") && (l.contains(" output ") || l.contains(" inout "))) {
            uses.elsewhere_wires.extend(line.split_whitespace().last());
        }
        let copies = super::module_connects(il).into_iter().filter_map(split_pair);
        let bufs = cells.iter().filter(|c| c.kind == "$buf").filter_map(|c| Some((Cell::get(&c.connections, "\\Y")?, Cell::get(&c.connections, "\\A")?)));
        for (to, from) in copies.chain(bufs) {
            match (bits.flat(to), bits.flat(from)) {
                (Some(to), Some(from)) if to.len() == from.len() => {
                    for (t, f) in to.into_iter().zip(from) {
                        match (t, f) {
                            (Bit::Wire(tn, tk), Bit::Wire(fname, fk)) => uses.copies.entry((fname, fk)).or_default().push((tn, tk)),
                            (_, Bit::Wire(fname, fk)) => _ = uses.elsewhere.insert((fname, fk)),
                            _ => {}
                        }
                    }
                }
                _ => uses.elsewhere_wires.extend(names(from)),
            }
        }
        for c in cells.iter().filter(|c| c.kind != "$buf") {
            let param = |name: &str| Cell::get(&c.parameters, name).and_then(|w| w.parse::<usize>().ok());
            let port = |name: &str| Cell::get(&c.connections, name).and_then(|v| bits.flat(v));
            let multiplexer = ["$mux", "$pmux"].contains(&c.kind.as_str());
            // A multiplexer's inputs by bit: each data bit with its select
            // and the output bit it goes to.
            let data = || -> Option<Vec<(Bit<'a>, Option<Bit<'a>>, WireBit<'a>)>> {
                let (width, y, a, b, s) = (param("\\WIDTH")?, port("\\Y")?, port("\\A")?, port("\\B")?, port("\\S")?);
                let y: Vec<WireBit> = y.into_iter().map(|b| if let Bit::Wire(n, k) = b { Some((n, k)) } else { None }).collect::<Option<_>>()?;
                if width == 0 || y.len() != width || a.len() != width || b.len() != width * s.len() {
                    return None;
                }
                let from_a = a.into_iter().zip(y.clone()).map(|(d, o)| (d, None, o));
                let from_b = b.into_iter().enumerate().map(|(j, d)| (d, Some(s[j / width]), y[j % width]));
                Some(from_a.chain(from_b).collect())
            };
            match data().filter(|_| multiplexer) {
                Some(inputs) => {
                    for (d, select, out) in inputs {
                        if let Bit::Wire(n, k) = d {
                            uses.selected.entry((n, k)).or_default().push((select, out));
                        }
                    }
                    uses.mark_elsewhere(bits, Cell::get(&c.connections, "\\S").unwrap_or(""));
                }
                None => {
                    // Any other cell (a multiplexer whose bits cannot be
                    // read among them): every input a use.
                    for (_, value) in c.connections.iter().filter(|(p, _)| p != "\\Y") {
                        uses.mark_elsewhere(bits, value);
                    }
                }
            }
        }
        uses
    }

    /// Every bit of `value` used elsewhere (every wire of it, where its
    /// bits cannot be read).
    fn mark_elsewhere(&mut self, bits: &Bits<'a>, value: &'a str) {
        match bits.flat(value) {
            Some(flat) => self.elsewhere.extend(flat.into_iter().filter_map(|b| if let Bit::Wire(n, k) = b { Some((n, k)) } else { None })),
            None => self.elsewhere_wires.extend(names(value)),
        }
    }

    /// Whether every bit of `value` is seen only where `within` takes a
    /// select: each bit, under each of its copies, is used only as
    /// multiplexers' data inputs (at least once), each at a select `within`
    /// takes, or through a multiplexer whose output bit is so in turn (at
    /// most 32 deep).
    pub(super) fn only_selected_where(&self, bits: &Bits<'a>, value: &'a str, within: &impl Fn(Bit<'a>) -> bool) -> bool {
        let Some(flat) = bits.flat(value).filter(|_| !self.processes) else { return false };
        let mut known = HashMap::new();
        flat.into_iter().all(|b| match b {
            Bit::Wire(n, k) => self.seen_only_within((n, k), within, 32, &mut known),
            Bit::Const(_) => false,
        })
    }

    /// The same for one bit, each bit's answer kept in `known` (a bit many
    /// multiplexers share is looked at once; one found out of `depth` stays
    /// seen).
    fn seen_only_within(&self, bit: WireBit<'a>, within: &impl Fn(Bit<'a>) -> bool, depth: usize, known: &mut HashMap<WireBit<'a>, bool>) -> bool {
        if let Some(answer) = known.get(&bit) {
            return *answer;
        }
        // Recorded first: a loop through copies or multiplexers is seen.
        known.insert(bit, false);
        let mut copies: Vec<WireBit<'a>> = vec![bit];
        let mut k = 0;
        while k < copies.len() && copies.len() < 4096 {
            let more: Vec<WireBit<'a>> = self.copies.get(&copies[k]).into_iter().flatten().filter(|c| !copies.contains(c)).copied().collect();
            copies.extend(more);
            k += 1;
        }
        let places: Vec<(Option<Bit<'a>>, WireBit<'a>)> = copies.iter().flat_map(|b| self.selected.get(b).into_iter().flatten().copied()).collect();
        let answer = depth > 0
            && k == copies.len()
            && !places.is_empty()
            && copies.iter().all(|b| !self.elsewhere.contains(b) && !self.elsewhere_wires.contains(b.0))
            && places.iter().all(|(select, out)| select.is_some_and(within) || self.seen_only_within(*out, within, depth - 1, known));
        known.insert(bit, answer);
        answer
    }
}

/// The wire names in a value, for a use whose bits are not read.
fn names(value: &str) -> impl Iterator<Item = &str> {
    value.split_whitespace().filter(|t| t.starts_with('\\') || t.starts_with('$'))
}

#[cfg(test)]
mod tests {
    /// A struct's member assigned in an `if`, as yosys-slang writes it
    /// (logikbench's hmac.sv:7347): the `if`'s multiplexer, x where its
    /// condition is false, is a part of the struct's wire, which a
    /// multiplexer on the same condition takes whole. Its x is never seen;
    /// the struct's other bits used elsewhere change nothing. The x bits
    /// used elsewhere, or the struct taken on another condition, are seen.
    /// (The second multiplexer is x on its other side, written `8'x`.)
    #[test]
    fn an_x_in_a_part_of_a_wider_wire_followed_bit_by_bit() {
        let il = |second_select: &str, more: &str| {
            format!(
                "module \\t\n  wire \\c\n  wire \\e\n  wire width 4 input 1 \\d\n  wire width 4 \\k\n  wire width 4 $x_Y\n  wire width 8 \\w\n\
                 \x20 wire width 8 output 2 \\o\n  wire width 2 output 3 \\p\n\
                 \x20 attribute \\full_case 1\n  attribute \\src \"h.sv:12.1-12.2|h.sv:10.5-20.12\"\n  cell $mux $x\n    parameter \\WIDTH 4\n\
                 \x20   connect \\A 4'x\n    connect \\B \\d\n    connect \\S \\c\n    connect \\Y $x_Y\n  end\n\
                 \x20 connect \\w [7:4] $x_Y\n  connect \\w [3:0] \\d\n\
                 \x20 cell $mux $m\n    parameter \\WIDTH 8\n    connect \\A 8'x\n    connect \\B \\w\n    connect \\S {second_select}\n    connect \\Y \\o\n  end\n\
                 {more}end\n"
            )
        };
        let departures = |il: &str| super::super::slang_departures(il);
        let seen = [("full_case".to_string(), "h.sv:10".to_string())];
        assert_eq!(departures(&il("\\c", "")), []);
        assert_eq!(departures(&il("\\c", "  connect \\p \\w [1:0]\n")), [], "the struct's other bits an output");
        assert_eq!(departures(&il("\\c", "  connect \\p \\w [5:4]\n")), seen, "two x bits an output");
        assert_eq!(
            departures(&il("\\c", "  cell $and $g\n    connect \\A \\w [6]\n    connect \\B \\e\n    connect \\Y \\p [0]\n  end\n")),
            seen,
            "an x bit into logic"
        );
        assert_eq!(departures(&il("\\e", "")), seen, "taken on another condition");
        // The condition made by logic the reading of items does not take
        // (a compare of two signals, i2c.sv:19550's `sram_empty`): the
        // same bit is the same condition.
        let compared = "  cell $eq $q\n    connect \\A \\d\n    connect \\B \\k\n    connect \\Y \\c\n  end\n";
        assert_eq!(departures(&il("\\c", compared)), []);
        assert_eq!(departures(&il("\\e", compared)), seen);
        // A process, whose uses are not read: seen.
        assert_eq!(departures(&il("\\c", "  process $p\n  end\n")), seen);
    }
}
