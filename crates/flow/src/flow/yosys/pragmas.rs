//! The case pragmas yosys reads otherwise than a simulator runs them
//! (issue 56): a `full_case` case with no `default` in yosys's own
//! reading ([`case_pragmas`], before `proc`), and a `full_case` or
//! `parallel_case` multiplexer in yosys-slang's ([`slang_departures`]).

use super::rtlil::src_place;

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
///   simulator takes the first.
///
/// The items are the `$eq` (and `$logic_not`, the value 0) cells on one
/// signal that drive the selects; any other select counts as covering
/// nothing and as matching with any other.
pub(crate) fn slang_departures(il: &str) -> Vec<(String, String)> {
    let cells = cells(il);
    // Each cell by the wire it drives (a large design has many multiplexers).
    let by_output: std::collections::HashMap<&str, &Cell> = cells.iter().filter_map(|c| Some((Cell::get(&c.connections, "\\Y")?, c))).collect();
    // The value each compare's output stands for: (its signal, the value as an item).
    let compare = |wire: &str| -> Option<(String, String)> {
        let c = by_output.get(wire)?;
        let a = Cell::get(&c.connections, "\\A")?.to_string();
        match c.kind.as_str() {
            "$eq" => Some((a, Cell::get(&c.connections, "\\B")?.to_string())),
            "$logic_not" => {
                let width: usize = Cell::get(&c.parameters, "\\A_WIDTH")?.parse().ok()?;
                Some((a, format!("{width}'{}", "0".repeat(width))))
            }
            _ => None,
        }
    };
    let mut found: Vec<(String, String)> = Vec::new();
    for c in cells.iter().filter(|c| ["$pmux", "$mux"].contains(&c.kind.as_str())) {
        let marked = |pragma: &str| c.attributes.iter().any(|a| *a == format!("attribute \\{pragma} 1"));
        let selects = Cell::get(&c.connections, "\\S").unwrap_or("");
        // The items, where every select is a compare on one signal.
        let items: Option<Vec<String>> = selects
            .trim_matches(|ch| ch == '{' || ch == '}')
            .split_whitespace()
            .map(compare)
            .collect::<Option<Vec<_>>>()
            .filter(|items| items.iter().all(|(signal, _)| *signal == items[0].0))
            .map(|items| items.into_iter().map(|(_, v)| v).collect());
        let all_x =
            Cell::get(&c.connections, "\\A").and_then(|v| v.split_once('\'')).is_some_and(|(_, bits)| !bits.is_empty() && bits.chars().all(|b| b == 'x'));
        let covered = items.as_ref().is_some_and(|i| items_cover_every_value(&i.iter().map(String::as_str).collect::<Vec<_>>()));
        let distinct = items.as_ref().is_some_and(|i| i.iter().all(|v| !v.contains('-')) && i.iter().enumerate().all(|(k, v)| !i[..k].contains(v)));
        // slang's `src` is the item's place, then the case's: the case's,
        // as yosys's own reading names it.
        let case: Vec<String> = c.attributes.iter().map(|a| a.rsplit_once('|').map_or(a.clone(), |(_, last)| format!("attribute \\src \"{last}"))).collect();
        let place = src_place(&case);
        for (pragma, departs) in [("full_case", all_x && !covered), ("parallel_case", c.kind == "$pmux" && !distinct)] {
            let place = place.clone().unwrap_or_else(|| pragma.to_string());
            if marked(pragma) && departs && !found.iter().any(|(p, at)| p == pragma && *at == place) {
                found.push((pragma.to_string(), place));
            }
        }
    }
    found
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
        let il = "module \\t\n  attribute \\full_case 1\n  attribute \\src \"a.sv:11.13-11.22|a.sv:9.5-12.12\"\n  cell $pmux $m1\n\
                  \x20   parameter \\WIDTH 1\n    connect \\A 1'x\n    connect \\B { \\a \\b }\n  end\n\
                  \x20 attribute \\full_case 1\n  attribute \\src \"a.sv:20.1-20.2|a.sv:19.5-22.12\"\n  cell $mux $m2\n    connect \\A 2'00\n  end\n\
                  \x20 attribute \\src \"a.sv:30.1-30.2\"\n  cell $mux $m3\n    connect \\A 1'x\n  end\n\
                  \x20 attribute \\full_case 1\n  cell $pmux $m4\n    connect \\A 2'xx\n    connect \\S { $c0 $c1 }\n  end\n\
                  \x20 cell $logic_not $n0\n    parameter \\A_WIDTH 1\n    connect \\A \\k\n    connect \\Y $c0\n  end\n\
                  \x20 cell $eq $n1\n    connect \\A \\k\n    connect \\B 1'1\n    connect \\Y $c1\n  end\nend\n";
        assert_eq!(super::slang_departures(il), [("full_case".to_string(), "a.sv:9".to_string())]);
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
