//! The case pragmas yosys reads otherwise than a simulator runs them
//! (issue 56): a `full_case` case with no `default` in yosys's own
//! reading ([`case_pragmas`], before `proc`), and a `full_case` or
//! `parallel_case` multiplexer in yosys-slang's ([`slang_departures`]).

use super::rtlil::src_place;

mod bits;
mod seen;

/// The case statements of yosys's RTLIL as read (before `proc`) that a
/// `full_case` pragma makes yosys read otherwise than a simulator runs
/// them: each as the pragma and the statement's place (`file.v:5`, or the
/// pragma alone where yosys gives no place).
///
/// `unique case`, `priority case` and `(* full_case *)` mark a switch
/// `full_case`: where no item matches and the file gives no `default`,
/// yosys makes a default of its own that assigns x (any value a pass
/// likes) where a simulator keeps each variable's value. Such a default
/// has no `src`; the file's own has one. (`parallel_case` is no such
/// departure: each reading removes it before `proc`, so that a case is
/// read as a simulator runs it, the first matching item taken.)
pub(super) fn case_pragmas(il: &str) -> Vec<(String, String)> {
    switches(il)
        .into_iter()
        .filter(|s| s.full && s.made_default.is_some() && !items_cover_every_value(&s.items.iter().map(String::as_str).collect::<Vec<_>>()))
        .map(|s| ("full_case".to_string(), if s.place.is_empty() { "full_case".to_string() } else { s.place }))
        .collect()
}

/// A `switch` of a process as read: whether it is marked full_case, its
/// place (`file.v:5`, empty where yosys gives none), its items, and the
/// `assign`s of the default yosys made for it, where it made one.
#[derive(Debug, PartialEq)]
pub(super) struct Switch {
    pub full: bool,
    pub place: String,
    pub items: Vec<String>,
    pub made_default: Option<Vec<String>>,
}

/// Every switch of the processes of an RTLIL text, each as it closes
/// (nested ones first).
pub(super) fn switches(il: &str) -> Vec<Switch> {
    // The open switches, innermost last, and whether each one's case now
    // open is a default yosys made.
    let mut open: Vec<(Switch, bool)> = Vec::new();
    let mut closed: Vec<Switch> = Vec::new();
    let mut attributes: Vec<String> = Vec::new();
    // Each `switch` ends with an `end`; so does each process, cell and
    // module, which hold no open switch.
    for line in il.lines().map(str::trim) {
        if line.starts_with("attribute ") {
            attributes.push(line.to_string());
            continue;
        }
        if line.starts_with("switch ") {
            let full = attributes.iter().any(|a| a == "attribute \\full_case 1");
            open.push((Switch { full, place: src_place(&attributes).unwrap_or_default(), items: Vec::new(), made_default: None }, false));
        } else if line == "case" {
            // A default; the file's own has a place.
            if let Some((s, in_made)) = open.last_mut() {
                *in_made = !attributes.iter().any(|a| a.starts_with("attribute \\src "));
                if *in_made {
                    s.made_default = Some(Vec::new());
                }
            }
        } else if line == "end" {
            closed.extend(open.pop().map(|(s, _)| s));
        } else if let Some(values) = line.strip_prefix("case ") {
            if let Some((s, in_made)) = open.last_mut() {
                s.items.extend(values.split(',').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()));
                *in_made = false;
            }
        } else if line.starts_with("assign ") {
            if let Some((Switch { made_default: Some(body), .. }, true)) = open.last_mut() {
                body.push(line.to_string());
            }
            continue;
        }
        // A case with its values, a process's or a cell's own lines.
        attributes.clear();
    }
    closed
}

/// A file's text with its full_case pragmas taken out, every line where
/// it was: `unique`, `unique0` and `priority` before a `case` (`casez`,
/// `casex`) written as spaces, and the name `full_case` (in `(* ... *)`,
/// or a `// synopsys full_case` comment) renamed, so that yosys reads each
/// case as a simulator runs it.
pub(super) fn without_full_case(text: &str) -> String {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let words: Vec<(usize, &str)> = {
        let mut found = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            match (word(c), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    found.push((s, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        found
    };
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (k, &(start, w)) in words.iter().enumerate() {
        let next_is_case = words.get(k + 1).is_some_and(|&(s, n)| ["case", "casez", "casex"].contains(&n) && text[start + w.len()..s].trim().is_empty());
        let instead = match w {
            "unique" | "unique0" | "priority" if next_is_case => " ".repeat(w.len()),
            "full_case" => "nimforge_full_case_taken_out".to_string(),
            _ => continue,
        };
        out.push_str(&text[at..start]);
        out.push_str(&instead);
        at = start + w.len();
    }
    out.push_str(&text[at..]);
    out
}

/// Whether case items (RTLIL constants, `2'1-`, a `-` any bit) cover every
/// value of their selector: all of one width, at most 20 bits.
fn items_cover_every_value(items: &[&str]) -> bool {
    let parsed: Option<Vec<(usize, &str)>> = items
        .iter()
        .map(|i| {
            let (w, bits) = i.split_once('\'')?;
            let w: usize = w.parse().ok()?;
            (bits.len() == w && bits.chars().all(|c| matches!(c, '0' | '1' | '-'))).then_some((w, bits))
        })
        .collect();
    let Some(parsed) = parsed else { return false };
    let Some(&(width, _)) = parsed.first() else { return false };
    if width > 20 || parsed.iter().any(|(w, _)| *w != width) {
        return false;
    }
    let mut covered = vec![false; 1 << width];
    for (_, bits) in &parsed {
        // The pattern's bits, most significant first.
        for (value, seen) in covered.iter_mut().enumerate() {
            let matches = bits.chars().rev().enumerate().all(|(k, c)| c == '-' || (c == '1') == ((value >> k) & 1 == 1));
            *seen |= matches;
        }
    }
    covered.iter().all(|c| *c)
}

/// One cell of an RTLIL module: its type, attributes, parameters and
/// connections, as written.
#[derive(Default)]
struct Cell {
    kind: String,
    attributes: Vec<String>,
    parameters: Vec<(String, String)>,
    connections: Vec<(String, String)>,
}

impl Cell {
    fn get<'a>(list: &'a [(String, String)], name: &str) -> Option<&'a str> {
        list.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The cells of an RTLIL text, in order.
fn cells(il: &str) -> Vec<Cell> {
    let (mut out, mut attributes, mut cell): (Vec<Cell>, Vec<String>, Option<Cell>) = (Vec::new(), Vec::new(), None);
    for line in il.lines().map(str::trim) {
        if let Some(c) = &mut cell {
            if line == "end" {
                out.extend(cell.take());
            } else if let Some((name, value)) = line.strip_prefix("parameter ").and_then(|l| l.split_once(' ')) {
                c.parameters.push((name.to_string(), value.to_string()));
            } else if let Some((name, value)) = line.strip_prefix("connect ").and_then(|l| l.split_once(' ')) {
                c.connections.push((name.to_string(), value.to_string()));
            }
        } else if line.starts_with("attribute ") {
            attributes.push(line.to_string());
        } else if let Some(kind) = line.strip_prefix("cell ").and_then(|l| l.split_whitespace().next()) {
            cell = Some(Cell { kind: kind.to_string(), attributes: std::mem::take(&mut attributes), ..Cell::default() });
        } else {
            attributes.clear();
        }
    }
    out
}

/// The case statements of an RTLIL netlist (yosys-slang's reading, which
/// has no processes) that slang read otherwise than a simulator runs
/// them, each as [`case_pragmas`] names them:
/// - `full_case` (a `unique` or `priority` case): a multiplexer so marked
///   whose default input is x where its items do not cover every value,
///   any value where no item matches;
/// - `parallel_case` (`unique`, `unique0`): a `$pmux` so marked whose
///   items can match together, every matching item taken at once where a
///   simulator takes the first (unless its selects, followed bit by bit
///   through copies, each test one signal for a value, the values distinct:
///   [`bits::Bits::one_hot`]).
///
/// The items are what the selects test, each followed bit by bit to the
/// compare that makes it ([`bits::Bits::item`]: a `$eq` with a constant, a
/// `$logic_not`, the value 0, an or of such); any other select counts as
/// covering nothing and as matching with any other.
///
/// slang also writes an item, and an `if` inside one, as a multiplexer
/// marked like the case that is x where its own select (the item's
/// compare, the `if`'s condition) is false, whose output goes through
/// other multiplexers (the `if`s around it) to one that takes it only where
/// that select is true (the case's, at that item; the `if`'s own): its x
/// is never seen (logikbench's uart, `unique case` with a `default`), so it
/// is no departure. The x is followed bit by bit ([`seen::Uses`]), through
/// parts of wider wires (a struct's member, hmac.sv:7347); any other use of
/// an x bit on the way (an output, another cell, a select) counts as seen.
pub(crate) fn slang_departures(il: &str) -> Vec<(String, String)> {
    let cells = cells(il);
    let bits = bits::Bits::of(il, &cells);
    let net = seen::Uses::of(il, &cells, &bits);
    let mut found: Vec<(String, String)> = Vec::new();
    for c in cells.iter().filter(|c| ["$pmux", "$mux"].contains(&c.kind.as_str())) {
        let marked = |pragma: &str| c.attributes.iter().any(|a| *a == format!("attribute \\{pragma} 1"));
        // What each select tests (one signal and its values), bit by bit.
        let selects: Vec<bits::Bit> = Cell::get(&c.connections, "\\S").and_then(|s| bits.flat(s)).unwrap_or_default();
        let tests: Option<Vec<(Vec<bits::Bit>, Vec<Vec<char>>)>> = selects.iter().map(|b| bits.item(*b, 8)).collect();
        // The items, where every select tests one signal, as RTLIL
        // constants (the most significant bit first).
        let items: Option<Vec<String>> = tests
            .as_ref()
            .filter(|t| t.iter().all(|(signal, _)| *signal == t[0].0))
            .map(|t| t.iter().flat_map(|(_, values)| values.iter().map(|v| format!("{}'{}", v.len(), v.iter().rev().collect::<String>()))).collect());
        let all_x =
            Cell::get(&c.connections, "\\A").and_then(|v| v.split_once('\'')).is_some_and(|(_, bits)| !bits.is_empty() && bits.chars().all(|b| b == 'x'));
        let covered = items.as_ref().is_some_and(|i| items_cover_every_value(&i.iter().map(String::as_str).collect::<Vec<_>>()));
        // slang's `src` is the item's place, then the case's: the case's,
        // as yosys's own reading names it.
        let case: Vec<String> = c.attributes.iter().map(|a| a.rsplit_once('|').map_or(a.clone(), |(_, last)| format!("attribute \\src \"{last}"))).collect();
        let place = src_place(&case);
        let x_seen = || {
            // Where each use of the output selects it: where one of this
            // multiplexer's selects is true (a test of a signal for values
            // that are all this multiplexer's items on that signal)?
            let own: Vec<(Vec<bits::Bit>, Vec<char>)> = selects
                .iter()
                .flat_map(|b| {
                    let (signal, values) = bits.test(*b);
                    values.into_iter().map(move |v| (signal.clone(), v))
                })
                .collect();
            let within = |select: bits::Bit| {
                let (signal, values) = bits.test(select);
                values.into_iter().all(|v| own.contains(&(signal.clone(), v)))
            };
            !Cell::get(&c.connections, "\\Y").is_some_and(|y| net.only_selected_where(&bits, y, &within))
        };
        let one_hot = || Cell::get(&c.connections, "\\S").is_some_and(|s| bits.one_hot(s));
        for (pragma, departs) in [("full_case", all_x && !covered && x_seen()), ("parallel_case", c.kind == "$pmux" && !one_hot())] {
            let place = place.clone().unwrap_or_else(|| pragma.to_string());
            if marked(pragma) && departs && !found.iter().any(|(p, at)| p == pragma && *at == place) {
                found.push((pragma.to_string(), place));
            }
        }
    }
    found
}

/// Each wire's width (`wire width 3 \\w`; 1 where none is given), and
/// whether its bits are numbered from 0 up (no `offset`, no `upto`).
fn wire_widths(il: &str) -> std::collections::HashMap<&str, (usize, bool)> {
    il.lines()
        .filter_map(|line| line.trim().strip_prefix("wire "))
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let width = words.iter().position(|w| *w == "width").and_then(|k| words.get(k + 1)?.parse().ok()).unwrap_or(1);
            let plain = !words.iter().any(|w| *w == "offset" || *w == "upto");
            Some((*words.last()?, (width, plain)))
        })
        .collect()
}

/// The module's own `connect`s (those outside its cells), each as its
/// `to from` text.
fn module_connects(il: &str) -> Vec<&str> {
    let mut in_cell = false;
    let mut out = Vec::new();
    for line in il.lines().map(str::trim) {
        if line.starts_with("cell ") {
            in_cell = true;
        } else if line == "end" {
            in_cell = false;
        } else if let Some(pair) = line.strip_prefix("connect ").filter(|_| !in_cell) {
            out.push(pair);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// The case statements yosys reads otherwise than a simulator: a
    /// `full_case` switch whose default yosys made; not one with a default
    /// of the file's own, nor a switch with no pragma (its made default
    /// keeps the value), nor a nested switch's default on its parent, nor
    /// one whose items cover every value (the made default unreachable).
    #[test]
    fn full_cases_that_change_the_reading() {
        let il = "module \\t\n  process $p\n    attribute \\full_case 1\n    attribute \\src \"d.v:5.5-8.12\"\n    switch \\s\n\
                  \x20     attribute \\src \"d.v:0.0-0.0\"\n      case 2'00\n        assign $1\\y \\a\n\
                  \x20     case\n        assign $1\\y 1'x\n    end\n\
                  \x20   attribute \\full_case 1\n    attribute \\src \"d.v:9.5-12.12\"\n    switch \\s\n\
                  \x20     attribute \\src \"d.v:0.0-0.0\"\n      case 2'00 , 2'01\n        switch \\a\n          case 1'1\n          case\n        end\n\
                  \x20     attribute \\src \"d.v:0.0-0.0\"\n      case\n        assign $2\\y 1'0\n    end\n\
                  \x20   attribute \\full_case 1\n    switch \\s\n      case 2'01\n      case\n    end\n\
                  \x20   switch \\s\n      case 2'01\n      case\n        assign $3\\y \\y\n    end\n\
                  \x20   attribute \\full_case 1\n    switch \\s\n      case 2'00 , 2'01\n      case 2'1-\n      case\n        assign $4\\y 1'x\n    end\n\
                  \x20   sync always\n  end\nend\n";
        let found = super::case_pragmas(il);
        assert_eq!(found, [("full_case", "d.v:5"), ("full_case", "full_case")].map(|(a, b)| (a.to_string(), b.to_string())));
    }

    /// yosys-slang's `unique case` with no default: its multiplexer marked
    /// full_case takes x where no item matches, named at the case's line;
    /// one whose default is a value, with no full_case, or whose items
    /// (compares on one signal) cover every value, is not.
    #[test]
    fn slang_cases_with_x_where_no_item_matches() {
        let il = "module \\t\n  wire \\k\n  wire $c0\n  wire $c1\n  attribute \\full_case 1\n  attribute \\src \"a.sv:11.13-11.22|a.sv:9.5-12.12\"\n  cell $pmux $m1\n\
                  \x20   parameter \\WIDTH 1\n    connect \\A 1'x\n    connect \\B { \\a \\b }\n  end\n\
                  \x20 attribute \\full_case 1\n  attribute \\src \"a.sv:20.1-20.2|a.sv:19.5-22.12\"\n  cell $mux $m2\n    connect \\A 2'00\n  end\n\
                  \x20 attribute \\src \"a.sv:30.1-30.2\"\n  cell $mux $m3\n    connect \\A 1'x\n  end\n\
                  \x20 attribute \\full_case 1\n  cell $pmux $m4\n    parameter \\S_WIDTH 2\n    connect \\A 2'xx\n    connect \\S { $c0 $c1 }\n  end\n\
                  \x20 cell $logic_not $n0\n    parameter \\A_WIDTH 1\n    connect \\A \\k\n    connect \\Y $c0\n  end\n\
                  \x20 cell $eq $n1\n    connect \\A \\k\n    connect \\B 1'1\n    connect \\Y $c1\n  end\nend\n";
        assert_eq!(super::slang_departures(il), [("full_case".to_string(), "a.sv:9".to_string())]);
    }

    /// An `if` in an item, as slang writes it: a multiplexer marked full_case
    /// that is x where the item's compare is false, taken only by the case's
    /// multiplexer at that item (through a second name): its x is never
    /// seen (logikbench's uart.sv:10477, a `unique case` with a default).
    /// Taken at another value, or used anywhere else too, it is seen.
    #[test]
    fn an_x_only_the_case_takes_at_its_item_is_not_seen() {
        let il = |outer_value: &str, more: &str| {
            format!(
                "module \\t\n  wire width 2 input 1 \\s\n  wire width 3 output 2 \\o\n  wire width 3 \\d\n  wire width 3 $inner_Y\n\
                 \x20 wire width 3 $if_Y\n  wire width 3 $cond_Y\n  wire width 3 \\b\n  wire width 3 \\b2\n  wire width 3 \\b3\n  wire \\c\n  wire width 4 output 3 \\o2\n  wire $c_in\n  wire $c_out\n  wire $c_out_alias\n  wire $c_one\n  wire $ok2\n  wire \\ok\n\
                 \x20 attribute \\full_case 1\n  attribute \\src \"u.sv:12.1-12.2|u.sv:10.5-20.12\"\n  cell $mux $inner\n\
                 \x20   parameter \\WIDTH 3\n    connect \\A 3'x\n    connect \\B \\b\n    connect \\S $c_in\n    connect \\Y $inner_Y\n  end\n\
                 \x20 cell $logic_not $n_in\n    parameter \\A_WIDTH 2\n    connect \\A \\s\n    connect \\Y $c_in\n  end\n\
                 \x20 cell $eq $n_out\n    connect \\A \\s\n    connect \\B {outer_value}\n    connect \\Y $c_out\n  end\n\
                 \x20 cell $eq $n_one\n    connect \\A \\s\n    connect \\B 2'01\n    connect \\Y $c_one\n  end\n\
                 \x20 attribute \\src \"u.sv:10.5-20.12\"\n  cell $pmux $outer\n    parameter \\WIDTH 3\n    parameter \\S_WIDTH 2\n\
                 \x20   connect \\A 3'000\n    connect \\B {{ \\d 3'110 }}\n    connect \\S {{ $c_out_alias $c_one }}\n    connect \\Y \\o\n  end\n\
                 \x20 connect \\d $inner_Y\n  connect $c_out_alias $c_out\n{more}end\n"
            )
        };
        assert_eq!(super::slang_departures(&il("2'00", "")), []);
        let seen = [("full_case".to_string(), "u.sv:10".to_string())];
        assert_eq!(super::slang_departures(&il("2'10", "")), seen, "taken at a value the item is not");
        assert_eq!(super::slang_departures(&il("2'00", "  connect \\o2 { \\d [1:0] \\s }\n")), seen, "a part of it used elsewhere");
        assert_eq!(super::slang_departures(&il("2'00", "  connect \\o \\d\n")), seen, "a second name that is an output");
        let unaligned = il("2'00", "").replace("connect \\B { \\d 3'110 }", "connect \\B { 1'0 \\d 2'10 }");
        assert_eq!(super::slang_departures(&unaligned), seen, "B's parts not one input each: no select of its own");
        // Nested: the x goes through an `if`'s multiplexer (either input)
        // before the item's; as a select it is seen.
        let nested = |port: &str| {
            let other = if port == "A" { "B" } else { "A" };
            let cell = format!("  cell $mux $if\n    parameter \\WIDTH 3\n    connect \\{port} $inner_Y\n    connect \\{other} \\b2\n    connect \\S \\c\n    connect \\Y $if_Y\n  end\n");
            il("2'00", &cell).replace("connect \\d $inner_Y", "connect \\d $if_Y")
        };
        assert_eq!(super::slang_departures(&nested("A")), []);
        assert_eq!(super::slang_departures(&nested("B")), []);
        assert_eq!(super::slang_departures(&nested("A").replace("connect \\S \\c", "connect \\S $inner_Y [0]")), seen, "a bit of it a select");
        // An `if`'s x (where its condition is false), taken only by a
        // multiplexer on the same condition (under a second name) at its
        // true input: not seen; at its false input: seen.
        let guarded = |port: &str| {
            let other = if port == "B" { "A" } else { "B" };
            let cell = format!(
                "  attribute \\full_case 1\n  attribute \\src \"u.sv:14.1-14.2|u.sv:13.1-15.2\"\n  cell $mux $cond\n    parameter \\WIDTH 3\n\
                 \x20   connect \\A 3'x\n    connect \\B \\b3\n    connect \\S \\ok\n    connect \\Y $cond_Y\n  end\n\
                 \x20 cell $mux $guard\n    parameter \\WIDTH 3\n    connect \\{port} $cond_Y\n    connect \\{other} 3'000\n    connect \\S $ok2\n    connect \\Y \\b\n  end\n\
                 \x20 connect $ok2 \\ok\n"
            );
            super::slang_departures(&il("2'00", &cell))
        };
        assert_eq!(guarded("B"), []);
        assert_eq!(guarded("A"), [("full_case".to_string(), "u.sv:13".to_string())]);
    }

    /// A 1-bit state read as itself (the item 1) and through a `$not` (the
    /// item 0), as slang writes a two-state `unique case` (uart.sv:15182):
    /// its items cover every value and never match together.
    #[test]
    fn a_bit_and_its_not_cover_both_values() {
        let il = |second: &str| {
            format!(
                "module \\t\n  wire $n_Y\n  wire \\q\n  wire $q2\n  wire \\r\n\
                 \x20 attribute \\full_case 1\n  attribute \\parallel_case 1\n  attribute \\src \"b.sv:3.1-3.2|b.sv:2.1-6.2\"\n\
                 \x20 cell $pmux $m\n    parameter \\WIDTH 1\n    parameter \\S_WIDTH 2\n    connect \\A 1'x\n    connect \\B {{ \\a \\b }}\n\
                 \x20   connect \\S {{ $n_Y {second} }}\n    connect \\Y \\o\n  end\n\
                 \x20 cell $not $n\n    parameter \\A_WIDTH 1\n    connect \\A \\q\n    connect \\Y $n_Y\n  end\n  connect $q2 \\q\nend\n"
            )
        };
        assert_eq!(super::slang_departures(&il("$q2")), []);
        let both = ["full_case", "parallel_case"].map(|p| (p.to_string(), "b.sv:2".to_string()));
        assert_eq!(super::slang_departures(&il("\\r")), both, "another bit: neither covered nor apart");
        assert_eq!(super::slang_departures(&il("$n_Y")), both, "the same item twice");
    }

    /// The pragmas go, every line and every other word where it was.
    #[test]
    fn full_case_taken_out() {
        let text = "unique case (s)\n  (* parallel_case, full_case *) casez (t) // synopsys full_case\npriority\n casex (u)\nunique if (a) unique_case = 1;\n";
        let out = super::without_full_case(text);
        assert_eq!(
            out,
            "       case (s)\n  (* parallel_case, nimforge_full_case_taken_out *) casez (t) // synopsys nimforge_full_case_taken_out\n        \n casex (u)\nunique if (a) unique_case = 1;\n"
        );
    }

    /// A made default's `assign`s, per switch, nested ones first.
    #[test]
    fn switches_with_their_made_defaults() {
        let il = "module \\t\n  process $p\n    attribute \\full_case 1\n    attribute \\src \"d.v:5.5-8.12\"\n    switch \\s\n\
                  \x20     attribute \\src \"d.v:0.0-0.0\"\n      case 1'0\n        switch \\a\n          case 1'1\n          case\n            assign $2\\y \\y\n        end\n\
                  \x20     case\n        assign $1\\y 1'x\n    end\n  end\nend\n";
        let s = super::switches(il);
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].full, s[0].made_default.clone()), (false, Some(vec!["assign $2\\y \\y".to_string()])));
        assert_eq!((s[1].full, s[1].place.as_str(), s[1].items.clone()), (true, "d.v:5", vec!["1'0".to_string()]));
        assert_eq!(s[1].made_default, Some(vec!["assign $1\\y 1'x".to_string()]));
    }
}
