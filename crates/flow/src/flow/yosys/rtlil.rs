//! What a module holds ([`Holds`]: registers, memories, latches, clocks,
//! undriven nets, loops), read from yosys's RTLIL and its `check`.

/// `r[0]`, `r[1][2]`: a plain identifier with constant indices, as yosys
/// names an array's element it keeps as a register.
pub(super) fn array_element(name: &str) -> bool {
    let Some((base, rest)) = name.split_once('[') else { return false };
    verilog_name(base) == base
        && format!("[{rest}").split_inclusive(']').all(|i| i.len() > 2 && i.starts_with('[') && i[1..i.len() - 1].bytes().all(|b| b.is_ascii_digit()))
}

/// What a module holds, flattened, each by its path in the file (`sub.q`,
/// yosys's own nets left out). The registers and memories are written as
/// Verilog paths from an instance of the module: a submodule's register as
/// `sub.q` (yosys's `hdlname`), a name that is no plain identifier escaped
/// (`\\sub.q ` where the file itself, a flat netlist, names a register
/// `\\sub.q `).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holds {
    /// The registers with no initial value (power on at 0).
    pub uninitialised: Vec<String>,
    /// The memories with no initial value: name, first address, words.
    pub memories: Vec<(String, i64, usize)>,
    /// The latches (level-sensitive registers), by the signal they hold.
    pub latches: Vec<String>,
    /// The registers with an asynchronous reset or load.
    pub asynchronous: Vec<String>,
    /// Those of `asynchronous` with an asynchronous load, or a set and a
    /// reset of their own (not one reset to a constant).
    pub asynchronous_loads: Vec<String>,
    /// Each clock the registers take (the signal as written), and whether
    /// on its rising edge.
    pub clocks: Vec<(String, bool)>,
    /// Those of `clocks` also read otherwise than at a clock pin (by logic,
    /// a latch's enable, or an output): as written.
    pub clocks_as_data: Vec<String>,
    /// The signals that open the latches (their enables, as written).
    pub latch_enables: Vec<String>,
    /// The nets the module reads that nothing drives (a register never
    /// written, an output or wire never assigned): each wholly (`None`) or
    /// one bit of it. They read 0, as a register without an initial value
    /// that nothing writes does.
    pub undriven: Vec<(String, Option<usize>)>,
    /// Each combinational loop (a value that depends on itself with no
    /// register between), as the places in the files of the cells on it
    /// (`fifo.v:39`), as yosys's `check` finds them.
    pub loops: Vec<Vec<String>>,
    /// Where each of `latches` is written, as `file.v:12` (the file's name
    /// and the line, from yosys's `src`), where yosys gives the place.
    pub latch_places: Vec<(String, String)>,
    /// Where the first register or memory write on each of `clocks` is
    /// written, as `file.v:12`, where yosys gives the place.
    pub clock_places: Vec<((String, bool), String)>,
    /// Each case statement that yosys reads otherwise than a simulator
    /// runs it, by the pragma that makes it so and its place (`full_case`,
    /// `file.v:5`): a `unique case`, `priority case` or `(* full_case *)`
    /// whose items do not cover every value and that has no `default`; in
    /// a reading by yosys-slang also `parallel_case`, a `unique case` whose
    /// items can match together (`flow::yowasp::case_pragmas`).
    pub case_pragmas: Vec<(String, String)>,
}

/// `file.v:12` from a `src` attribute's value (`"/dir/file.v:12.5-14.8|..."`):
/// the first place's file name, without its directory, and line.
pub(super) fn src_place(attributes: &[String]) -> Option<String> {
    let value = attributes.iter().find_map(|a| a.strip_prefix("attribute \\src "))?.trim_matches('"');
    let (file, at) = value.split('|').next()?.rsplit_once(':')?;
    let line = at.split(['.', '-']).next()?;
    Some(format!("{}:{line}", file.rsplit('/').next().unwrap_or(file)))
}

/// The place in the files (`file.v:12`) of the first cell of `kind`
/// (`$_TBUF_`) in the RTLIL `text`, from its `src` attribute.
pub(crate) fn cell_place(text: &str, kind: &str) -> Option<String> {
    let mut attributes = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("attribute ") {
            attributes.push(line.to_string());
        } else if line.strip_prefix("cell ").and_then(|rest| rest.split_whitespace().next()) == Some(kind) {
            return src_place(&attributes);
        } else {
            attributes.clear();
        }
    }
    None
}

/// yosys's register cells with an asynchronous reset to a constant, and
/// those with an asynchronous load or a set and a reset (`Holds::asynchronous`
/// is both; ticks take the first alone, `templates/ticks.v`).
const ASYNCHRONOUS_RESETS: [&str; 2] = ["$adff", "$adffe"];
const ASYNCHRONOUS_LOADS: [&str; 4] = ["$aldff", "$aldffe", "$dffsr", "$dffsre"];

/// A register's or a memory write's clock (its signal, and whether on its
/// rising edge) noted once in `holds.clocks`, with the first place in the
/// files that has it (`place`, empty where yosys gives none).
fn note_clock(holds: &mut Holds, clock: (String, bool), place: &str) {
    if clock.0.is_empty() {
        return;
    }
    if !place.is_empty() && !holds.clock_places.iter().any(|(c, _)| *c == clock) {
        holds.clock_places.push((clock.clone(), place.to_string()));
    }
    if !holds.clocks.contains(&clock) {
        holds.clocks.push(clock);
    }
}

/// [`Holds`] from yosys's RTLIL of the flattened module `top` and the log
/// of its `check` (the nets read that nothing drives).
pub(super) fn parse_holds(il: &str, top: &str, check: &str) -> Holds {
    let mut holds = Holds::default();
    let (mut inside, mut attributes, mut initialised) = (false, Vec::new(), std::collections::HashSet::new());
    let mut memories: Vec<(String, i64, usize)> = Vec::new();
    let mut memory_inits: Vec<String> = Vec::new();
    let mut cell: Option<(String, Vec<(String, String)>)> = None;
    // The signals each cell reads or drives, other than at a clock pin
    // (`CLK` of a flip-flop or a memory's write port).
    let mut read: Vec<String> = Vec::new();
    let mut outputs: Vec<String> = Vec::new();
    // A flattened submodule's wire or memory and its path (`hdlname`).
    let mut paths: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let hdlname = |attributes: &[String]| -> Option<String> {
        let value = attributes.iter().find_map(|a| a.strip_prefix("attribute \\hdlname "))?;
        let parts: Vec<&str> = value.trim_matches('"').split_whitespace().collect();
        let last = parts.len().saturating_sub(1);
        Some(parts.iter().enumerate().map(|(k, p)| if k < last { scope_name(p) } else { verilog_name(p) }).collect::<Vec<_>>().join("."))
    };
    // The module's `connect A B`: a wire that is another (a submodule's
    // port, flattened, is its parent's net).
    let mut aliases: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut widths: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    // The user's names in a signal (`\a [3:0]`, `{ \a \b }`).
    let names = |sig: &str| -> Vec<String> {
        sig.split(|c: char| c.is_whitespace() || c == '{' || c == '}').filter_map(|t| t.strip_prefix('\\')).map(str::to_string).collect()
    };
    for line in il.lines() {
        let t = line.trim();
        if !inside {
            inside = t == format!("module \\{top}");
            continue;
        }
        if line == "end" {
            break;
        }
        if let Some((kind, fields)) = &mut cell {
            if t == "end" {
                let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str()).unwrap_or("");
                let q = names(get("\\Q"));
                let place = get("src").to_string();
                if kind.contains("latch") {
                    if !place.is_empty() {
                        holds.latch_places.extend(q.iter().map(|n| (n.clone(), place.clone())));
                    }
                    // A latch is a register too: without an initial value it
                    // powers on at 0 (in steps, `clk2fflogic` keeps its value
                    // and `setundef -init` makes it 0).
                    holds.latches.extend(q.iter().cloned());
                    holds.uninitialised.extend(q);
                    let enable = get("\\EN").to_string();
                    if !enable.is_empty() && !holds.latch_enables.contains(&enable) {
                        holds.latch_enables.push(enable);
                    }
                } else if kind.contains("dff") || kind == "$ff" {
                    let load = ASYNCHRONOUS_LOADS.contains(&kind.as_str());
                    if load || ASYNCHRONOUS_RESETS.contains(&kind.as_str()) {
                        holds.asynchronous.extend(q.iter().cloned());
                    }
                    if load {
                        holds.asynchronous_loads.extend(q.iter().cloned());
                    }
                    note_clock(&mut holds, (get("\\CLK").to_string(), !get("\\CLK_POLARITY").ends_with('0')), &place);
                    holds.uninitialised.extend(q);
                } else if kind.starts_with("$memwr") && get("\\CLK_ENABLE").ends_with('1') {
                    // A memory's write port takes its clock as a register does.
                    note_clock(&mut holds, (get("\\CLK").to_string(), !get("\\CLK_POLARITY").ends_with('0')), &place);
                } else if kind.starts_with("$meminit") {
                    memory_inits.extend(names(&get("\\MEMID").replace("\"", "").replace("\\\\", "\\")));
                }
                cell = None;
            } else if let Some(rest) = t.strip_prefix("connect ").or_else(|| t.strip_prefix("parameter ")) {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                let clock_pin = k == "\\CLK" && (kind.contains("dff") || kind.starts_with("$memwr"));
                if t.starts_with("connect ") && !clock_pin {
                    read.extend(names(v));
                }
                fields.push((k.to_string(), v.to_string()));
            }
            continue;
        }
        if t.starts_with("attribute ") {
            attributes.push(t.to_string());
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        match words.first() {
            Some(&"connect") if words.len() == 3 => {
                aliases.insert(words[1].to_string(), words[2].to_string());
            }
            Some(&"connect") => {
                // A part of a wire driven by another's: a read all the same.
                read.extend(names(t.trim_start_matches("connect ")));
            }
            Some(&"wire") => {
                if words.contains(&"output") {
                    outputs.extend(words.last().and_then(|w| w.strip_prefix('\\')).map(str::to_string));
                }
                if let Some(name) = words.last().and_then(|w| w.strip_prefix('\\')) {
                    let width = words.iter().position(|w| *w == "width").and_then(|i| words.get(i + 1)?.parse().ok()).unwrap_or(1);
                    widths.insert(name.to_string(), width);
                }
                if attributes.iter().any(|a| a.starts_with("attribute \\init ")) {
                    initialised.extend(words.last().and_then(|w| w.strip_prefix('\\')).map(str::to_string));
                }
                if let (Some(name), Some(path)) = (words.last().and_then(|w| w.strip_prefix('\\')), hdlname(&attributes)) {
                    paths.insert(name.to_string(), path);
                }
            }
            Some(&"memory") => {
                let field = |k: &str| words.iter().position(|w| *w == k).and_then(|i| words.get(i + 1)).and_then(|v| v.parse::<i64>().ok());
                if let Some(name) = words.last().and_then(|w| w.strip_prefix('\\')) {
                    if let Some(path) = hdlname(&attributes) {
                        paths.insert(name.to_string(), path);
                    }
                    memories.push((name.to_string(), field("offset").unwrap_or(0), field("size").unwrap_or(0) as usize));
                }
            }
            Some(&"cell") => cell = words.get(1).map(|k| (k.to_string(), src_place(&attributes).map(|p| ("src".to_string(), p)).into_iter().collect())),
            _ => {}
        }
        attributes.clear();
    }
    let clock_places = holds.clock_places.iter_mut().map(|((c, _), _)| c);
    for clock in holds.clocks.iter_mut().map(|(c, _)| c).chain(holds.latch_enables.iter_mut()).chain(clock_places) {
        for _ in 0..64 {
            match aliases.get(clock.as_str()) {
                Some(to) => *clock = to.clone(),
                None => break,
            }
        }
    }
    holds.latch_enables.dedup();
    let mut seen = Vec::new();
    holds.clocks.retain(|c| {
        !seen.contains(c) && {
            seen.push(c.clone());
            true
        }
    });
    // A clock read as data: a cell reads it (or a wire that is it), or an
    // output is it. Names are compared whole: a wire any of whose bits is
    // a clock counts, which may take a design in steps that cycles would
    // do, never the other way.
    let root = |n: &str| -> String {
        let mut at = format!("\\{n}");
        for _ in 0..64 {
            match aliases.get(&at) {
                Some(to) => at = to.clone(),
                None => break,
            }
        }
        at
    };
    let outputs_read = outputs.iter().filter(|o| aliases.contains_key(&format!("\\{o}")));
    let roots: std::collections::HashSet<String> = read.iter().chain(outputs_read).map(|n| root(n)).collect();
    holds.clocks_as_data = holds.clocks.iter().map(|(c, _)| c.clone()).filter(|c| roots.contains(c.split_whitespace().next().unwrap_or(c))).collect();
    holds.clocks_as_data.dedup();
    // A function's variables in a clocked block (`f$func$file:12$1.$result`)
    // are registers to yosys and nothing in the file: not the user's.
    let yosys_own = |n: &str| n.contains('$') && verilog_name(n) != n;
    holds.uninitialised.retain(|n| !initialised.contains(n) && !yosys_own(n));
    holds.uninitialised.dedup();
    holds.memories = memories.into_iter().filter(|m| !memory_inits.contains(&m.0)).collect();
    // `Warning: found logic loop in module top:` and its cells, each named
    // by yosys after its place (`$and$/path/fifo.v:39$173`).
    let mut lines = check.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.starts_with("Warning: found logic loop") {
            continue;
        }
        let mut places: Vec<String> = Vec::new();
        while let Some(cell) = lines.next_if(|l| l.starts_with("    ")) {
            let Some(name) = cell.trim().strip_prefix("cell ") else { continue };
            let place = name.split('$').find(|p| p.contains(".v:") || p.contains(".sv:") || p.contains(".vh:"));
            let place = place.map(|p| p.rsplit('/').next().unwrap_or(p).to_string()).unwrap_or_else(|| name.split(' ').next().unwrap_or(name).to_string());
            if !places.contains(&place) {
                places.push(place);
            }
        }
        // By file and line.
        places.sort_by_key(|p| {
            let (file, line) = p.rsplit_once(':').unwrap_or((p, ""));
            (file.to_string(), line.parse::<u64>().unwrap_or(0))
        });
        if !holds.loops.contains(&places) {
            holds.loops.push(places);
        }
    }
    // `Wire top.\\r [3] is used but has no driver.` (a bit of a wider
    // wire) or `Wire top.\\q is ...`; yosys's own nets left out.
    let mut undriven: Vec<(String, Vec<usize>)> = Vec::new();
    for line in check.lines().filter(|l| l.contains(" is used but has no driver")) {
        let Some(signal) = line.split_once(&format!("Wire {top}.")).map(|(_, s)| s.split(" is used").next().unwrap_or("")) else { continue };
        let Some(signal) = signal.strip_prefix('\\') else { continue };
        let (name, bit) = match signal.split_once(" [") {
            Some((n, b)) => (n, b.trim_end_matches(']').parse::<usize>().ok()),
            None => (signal, None),
        };
        if yosys_own(name) {
            continue;
        }
        match undriven.iter_mut().find(|(n, _)| n == name) {
            Some((_, bits)) => bits.extend(bit),
            None => undriven.push((name.to_string(), bit.into_iter().collect())),
        }
    }
    let path = |n: &String| paths.get(n).cloned().unwrap_or_else(|| verilog_name(n));
    for (name, mut bits) in undriven {
        bits.sort_unstable();
        bits.dedup();
        let width = widths.get(&name).copied().unwrap_or(1);
        if bits.is_empty() || bits.len() >= width {
            holds.undriven.push((path(&name), None));
        } else {
            holds.undriven.extend(bits.into_iter().map(|b| (path(&name), Some(b))));
        }
    }
    holds.uninitialised = holds.uninitialised.iter().map(path).collect();
    holds.memories = holds.memories.iter().map(|(m, first, words)| (path(m), *first, *words)).collect();
    holds
}

/// An instance's name in a path: yosys names an instance in a generate
/// loop `genblk1[0].u` (the scope and the instance in one), which Verilog
/// writes as it is (logikbench's umicross, issue 55); any other name that
/// is no plain identifier escaped.
fn scope_name(name: &str) -> String {
    if name.split('.').all(|p| verilog_name(p) == p || array_element(p)) {
        name.to_string()
    } else {
        verilog_name(name)
    }
}

/// A name as Verilog writes it: as it is when it is a plain identifier,
/// else escaped (`\count[0] `, a space ending it).
pub fn verilog_name(name: &str) -> String {
    let plain =
        name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        name.to_string()
    } else {
        format!("\\{name} ")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_cell_is_placed_by_its_src_attribute() {
        let text = "module \\m\n  attribute \\src \"s3/la_iobidir.v:42.10\"\n  cell $_TBUF_ $3\n    connect \\Y \\pad\n  end\nend\n";
        assert_eq!(super::cell_place(text, "$_TBUF_").as_deref(), Some("la_iobidir.v:42"));
        assert_eq!(super::cell_place(text, "$_DFF_P_"), None);
    }

    #[test]
    fn holds_for_check_from_rtlil() {
        let il = "module \\other\n  cell $dlatch $x\n    connect \\Q \\no\n  end\nend\n\
                  module \\top\n  attribute \\init 1'1\n  wire \\z\n  wire width 2 \\ra\n  attribute \\hdlname \"u q\"\n  wire \\u.q\n  wire \\n.q\n\
                  \x20 memory width 4 size 4 offset 1 \\mem\n  memory width 4 size 2 \\rom\n\
                  \x20 cell $meminit_v2 $i\n    parameter \\MEMID \"\\\\rom\"\n  end\n\
                  \x20 cell $dff $a\n    parameter \\CLK_POLARITY 1'1\n    connect \\CLK \\clock\n    connect \\Q { \\ra [1] \\z }\n  end\n\
                  \x20 cell $adff $b\n    parameter \\CLK_POLARITY 1'0\n    connect \\CLK \\clk2\n    connect \\Q \\u.q\n  end\n\
                  \x20 cell $dff $d\n    connect \\CLK \\clock\n    connect \\Q \\n.q\n  end\n\
                  \x20 cell $aldff $e\n    connect \\CLK \\clock\n    connect \\Q \\l\n  end\n\
                  \x20 cell $dff $c\n    connect \\CLK \\u.clk\n    connect \\Q $memwr$\\mem$1\n  end\n  connect \\u.clk \\clock\nend\n";
        let check = "Warning: Wire top.\\ra [0] is used but has no driver.\nWarning: Wire top.\\dbg [1] is used but has no driver.\n\
                     Warning: Wire top.\\dbg [0] is used but has no driver.\nWarning: Wire top.$x$1 is used but has no driver.\n";
        let il = il.replace("  wire \\n.q\n", "  wire \\n.q\n  wire width 2 \\dbg\n");
        let h = super::parse_holds(&il, "top", check);
        // A register never written, wholly; a bit of one half written; yosys's own nets left out.
        assert_eq!(h.undriven, [("ra".to_string(), Some(0)), ("dbg".to_string(), None)]);
        assert!(super::array_element("r[0]") && super::array_element("r[1][12]"));
        assert!(!super::array_element("r[x]") && !super::array_element("r[]") && !super::array_element("a.b[0]") && !super::array_element("r"));
        // A submodule's register by its path, a flat netlist's dotted name escaped.
        assert_eq!(h.uninitialised, ["ra", "u.q", "\\n.q ", "l"]);
        assert_eq!(h.memories, [("mem".to_string(), 1, 4)]);
        // A reset to a constant, and a load (which ticks do not take).
        assert_eq!(h.asynchronous, ["u.q", "l"]);
        assert_eq!(h.asynchronous_loads, ["l"]);
        assert!(h.latches.is_empty());
        assert_eq!(h.clocks, [("\\clock".to_string(), true), ("\\clk2".to_string(), false)]);
        // Every clock read only at clock pins (the alias `u.clk` among them).
        assert!(h.clocks_as_data.is_empty(), "{:?}", h.clocks_as_data);
        assert!(h.loops.is_empty());
    }

    /// A memory's write clock is a clock (issue 56); a clock read by logic
    /// (through a submodule's port) or driving an output is read as data;
    /// a loop's places come from its cells' names, by file and line.
    #[test]
    fn holds_memory_clocks_clocks_read_as_data_and_loops() {
        let il = "module \\top\n  wire output 1 \\o\n  wire \\s.c\n\
                  \x20 cell $memwr_v2 $w\n    parameter \\CLK_ENABLE 1'1\n    parameter \\CLK_POLARITY 1'0\n    connect \\CLK \\wclk\n    connect \\DATA \\d\n  end\n\
                  \x20 cell $dff $a\n    parameter \\CLK_POLARITY 1'1\n    connect \\CLK \\clock\n    connect \\D \\d\n    connect \\Q \\q\n  end\n\
                  \x20 cell $and $g\n    connect \\A \\s.c\n    connect \\B \\q\n    connect \\Y \\y\n  end\n\
                  \x20 cell $dlatch $l\n    connect \\EN \\s.e\n    connect \\D \\d\n    connect \\Q \\lq\n  end\n\
                  \x20 connect \\s.c \\clock\n  connect \\s.e \\e\n  connect \\o \\wclk\nend\n";
        let check = "Warning: found logic loop in module top:\n    cell $and$/x/fifo.v:40$3 ($and)\n    cell $not$/x/fifo.v:39$2 ($not)\n    wire \\w\n\
                     Found and reported 1 problems.\n";
        let h = super::parse_holds(il, "top", check);
        assert_eq!(h.clocks, [("\\wclk".to_string(), false), ("\\clock".to_string(), true)]);
        assert_eq!(h.clocks_as_data, ["\\wclk", "\\clock"]);
        assert_eq!(h.loops, [vec!["fifo.v:39".to_string(), "fifo.v:40".to_string()]]);
        // A latch: its enable (through an alias) opens it, and it powers on
        // at 0 as a register does.
        assert_eq!((h.latches.as_slice(), h.latch_enables.as_slice()), (&["lq".to_string()][..], &["\\e".to_string()][..]));
        assert!(h.uninitialised.contains(&"lq".to_string()), "{:?}", h.uninitialised);
    }
}
