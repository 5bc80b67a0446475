//! The two designs before any walk: each read (by yosys-slang where yosys
//! 0.23 cannot read it), their ports the same, and how the pair takes time.

use super::{Clocking, Options, Read};
use crate::flow::yosys::{self, ModulePort};
use crate::sources::Sources;
use crate::Error;
use std::path::Path;

/// One design as [`read_design`] read it.
pub(super) struct ReadDesign {
    /// Its sources, for Icarus and Verilator: the user's, or the Verilog
    /// yosys-slang wrote of them.
    pub sources: Sources,
    /// The same design for yosys's later scripts (the provers, the walk's
    /// miter): yosys's reading of it, `proc`ed and flattened (`NAME.il`,
    /// the ports script's `design.il`), read again with `read_rtlil` rather
    /// than from the sources, which a large design takes minutes to read
    /// (logikbench's i2c: 176 s of `proc` in yosys 0.23, for each script).
    pub for_yosys: Sources,
    pub ports: Vec<ModulePort>,
    pub holds: yosys::Holds,
    /// Read by yosys-slang: how, and why.
    pub read: Option<Read>,
}

/// One design's sources, ports and holds as yosys 0.23 reads them (in
/// `dir`); where it cannot, as yosys-slang reads them (in `front`) and
/// writes them again, with the [`Read`] that says so. Its reading is kept
/// as `front`.il for the later scripts.
pub(super) fn read_design((given, sources): (&Path, &Sources), top: &str, front: &Path, dir: &Path) -> Result<ReadDesign, Error> {
    use crate::design_source::{slang_instead, slang_unreadable};
    use crate::flow::ToolError;
    let kept = |ports, holds, sources: Sources, read| -> Result<ReadDesign, Error> {
        let il = front.with_extension("il");
        std::fs::copy(dir.join("design.il"), &il).map_err(|e| Error::io(format!("copying {} to {}", dir.join("design.il").display(), il.display()), e))?;
        Ok(ReadDesign { sources, for_yosys: Sources::files(&[&il]), ports, holds, read })
    };
    let output = match yosys::module(sources, top, dir) {
        Ok((ports, holds)) => return kept(ports, holds, sources.clone(), None),
        // Out of time: no reading of it is tried again.
        Err(e) if crate::flow::out_of_time() => return Err(e.into()),
        Err(ToolError::Failed { output, .. }) => output,
        Err(e) => return Err(e.into()),
    };
    let (written, why) = slang_instead(given, sources, top, &output, front)?;
    let (ports, mut holds) = match yosys::module(&written, top, dir) {
        Ok(read) => read,
        Err(e) if crate::flow::out_of_time() => return Err(e.into()),
        Err(ToolError::Failed { output, .. }) => return Err(slang_unreadable(given, &written, &output)),
        Err(e) => return Err(e.into()),
    };
    // The file yosys wrote has case statements of its own making (each
    // `$pmux` a `casez` marked parallel_case): they are no pragmas of the
    // user's. The user's own are in slang's reading.
    holds.case_pragmas = crate::flow::yowasp::case_pragmas(&written.files[0])?;
    let verilog = written.files[0].clone();
    kept(ports, holds, written, Some(Read { design: given.to_path_buf(), verilog, why }))
}

/// A signal of yosys's in the file's words: `\clk` is clk, `\clk [0]` is
/// clk [0].
pub(crate) fn signal(s: &str) -> String {
    s.split_whitespace().map(|w| w.trim_start_matches('\\')).collect::<Vec<_>>().join(" ")
}

/// Up to four names, and `...` after them when there are more.
pub(super) fn list(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(4).map(String::as_str).collect();
    format!("{}{}", shown.join(", "), if names.len() > 4 { ", ..." } else { "" })
}

/// Each clock of `files` once, as a signal, whether on its rising edge,
/// and the first file that has it.
fn clocks_of<'a>(files: &[(&'a Path, &yosys::Holds)]) -> Vec<(String, bool, &'a Path)> {
    let mut clocks: Vec<(String, bool, &Path)> = Vec::new();
    for (f, h) in files {
        for (c, rising) in &h.clocks {
            if !clocks.iter().any(|(k, r, _)| *k == signal(c) && r == rising) {
                clocks.push((signal(c), *rising, f));
            }
        }
    }
    clocks
}

/// The clocks' names, each once, sorted.
fn names_of(clocks: &[(String, bool, &Path)]) -> Vec<String> {
    let mut names: Vec<String> = clocks.iter().map(|(c, _, _)| c.clone()).collect();
    names.sort();
    names.dedup();
    names
}

/// A case statement of `file` that yosys reads otherwise than a simulator
/// runs it ([`yosys::Holds::case_pragmas`]: a full_case one with no
/// `default`, or in yosys-slang's reading (`by_slang`) an x where no branch
/// applies that nimforge cannot show is never seen, or a parallel_case one
/// whose items can match together): the one line that refuses it, naming
/// the pragma, the place and the way out. A verdict on yosys's reading
/// would be of another machine than the file's simulation (such a `unique
/// case` was called equal to a twin whose default sets 0), and the
/// simulation's machine is not what yosys's provers can read: neither
/// verdict is given.
pub(crate) fn case_pragma(file: &Path, holds: &yosys::Holds, by_slang: bool) -> Option<Error> {
    let (pragma, place) = holds.case_pragmas.first()?;
    let (what, way_out) = match (pragma.as_str(), by_slang) {
        ("parallel_case", _) => (
            format!(
                "a case statement ({place}) marked parallel_case (`unique case` or `unique0 case`, read by yosys-slang) whose items can match together: \
                 yosys-slang takes every matching item at once, where a simulator takes the first"
            ),
            "make the items distinct values, or drop the unique",
        ),
        (_, true) => (
            format!(
                "a statement ({place}: a `unique` or `priority` case, or an `if` or a case item yosys-slang marks so) that yosys-slang reads with a value x \
                 (any value yosys's passes choose) where none of its branches applies, and nimforge cannot show that x is never seen, where a simulator \
                 keeps each variable's value"
            ),
            "give each variable it assigns a value in every branch (an `else`, a `default`), or drop the unique or priority",
        ),
        _ => (
            format!(
                "a case statement ({place}) marked {pragma} (`unique case`, `priority case` or (* full_case *)) with no `default`: where no item matches, \
                 yosys lets each variable it assigns take any value (which its passes choose), where a simulator keeps the variable's value"
            ),
            "give the case a `default` (the value the variables take where no item matches), or drop the full_case",
        ),
    };
    Some(Error::Design(format!("{} has {what}, so nimforge check gives no verdict on it: {way_out}", file.display())))
}

/// Whether [`not_one_rising_clock`] says where in the files a latch or a
/// clock's first register is (`latch.v:3`, from yosys's `src`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Where {
    /// Each reason names the file, and the line where yosys gives it.
    FileAndLine,
    /// Each reason names the file alone.
    File,
}

/// ` (file:line)` where `at_line` asks for it and yosys gives a place.
fn place(at_line: Where, place: Option<&String>) -> String {
    match (at_line, place) {
        (Where::FileAndLine, Some(p)) => format!(" ({p})"),
        _ => String::new(),
    }
}

/// Where in `files` a register is clocked by `c` on that edge, as [`place`] says it.
fn clock_place(files: &[(&Path, &yosys::Holds)], at_line: Where, c: &str, rising: bool) -> String {
    let h = files.iter().map(|(_, h)| h).find(|h| h.clocks.iter().any(|(k, r)| signal(k) == c && *r == rising));
    place(at_line, h.and_then(|h| h.clock_places.iter().find(|((k, r), _)| signal(k) == c && *r == rising)).map(|(_, p)| p))
}

/// Why the registers of `files` do not all take one rising clock that is an
/// input (`input` says which names are): the first of a latch, a register
/// on a falling edge, two clocks or more, a clock made by logic, a clock
/// read as data, each naming the file (docs/command.md, "Clocks"). The
/// check takes such a pair in steps, and `verify_verilog` such a design
/// (docs/own-design.md, "Several clocks") unless it reads a clock as data.
pub(crate) fn not_one_rising_clock(files: &[(&Path, &yosys::Holds)], input: &dyn Fn(&str) -> bool, at_line: Where) -> Option<String> {
    let clocks = clocks_of(files);
    let names = names_of(&clocks);
    let latch_at = |h: &yosys::Holds| place(at_line, h.latch_places.iter().find(|(q, _)| Some(q) == h.latches.first()).map(|(_, p)| p));
    let clock_at = |c: &str, rising: bool| clock_place(files, at_line, c, rising);
    files
        .iter()
        .find_map(|(f, h)| (!h.latches.is_empty()).then(|| format!("{} has a latch: {}{}", f.display(), list(&h.latches), latch_at(h))))
        .or_else(|| {
            clocks
                .iter()
                .find(|(_, rising, _)| !rising)
                .map(|(c, _, f)| format!("{} has registers on the falling edge of {c}{}", f.display(), clock_at(c, false)))
        })
        .or_else(|| {
            (names.len() > 1).then(|| match at_line {
                Where::File => format!("registers are clocked by {}", list(&names)),
                Where::FileAndLine => {
                    // By name: yosys's order of the registers is no order of the user's.
                    let mut by_name: Vec<&(String, bool, &Path)> = clocks.iter().collect();
                    by_name.sort_by(|x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
                    let each: Vec<String> = by_name.iter().map(|(c, rising, _)| format!("{c}{}", clock_at(c, *rising))).collect();
                    format!("{} has registers clocked by {}", files[0].0.display(), list(&each))
                }
            })
        })
        .or_else(|| no_clock_input(files, input, at_line))
}

/// Why a clock of `files` is no input the environment gives: a register
/// clocked by logic, or a clock read otherwise than at a clock pin (where
/// it changes, which of the two a simulator runs first is a race); `None`
/// when every clock is an input read at clock pins alone.
fn no_clock_input(files: &[(&Path, &yosys::Holds)], input: &dyn Fn(&str) -> bool, at_line: Where) -> Option<String> {
    let clocks = clocks_of(files);
    let clock_at = |c: &str, rising: bool| clock_place(files, at_line, c, rising);
    clocks
        .iter()
        .find(|(c, _, _)| !input(c))
        .map(|(c, rising, f)| match c.starts_with('$') {
            // yosys's own name for a gate's output (`$and$/dir/f.v:2$1_Y`).
            true => format!("{} has registers{} clocked by the output of a gate, which is no input but made by logic", f.display(), clock_at(c, *rising)),
            false => format!("{} has registers clocked by {c}{}, which is no input but made by logic", f.display(), clock_at(c, *rising)),
        })
        .or_else(|| {
            files
                .iter()
                .find_map(|(f, h)| h.clocks_as_data.first().map(|c| format!("{} reads its clock {} otherwise than at a clock pin", f.display(), signal(c))))
        })
}

/// Whether `ports` has a 1-bit input of that name: what a clock can be.
fn one_bit_input(ports: &[ModulePort]) -> impl Fn(&str) -> bool + '_ {
    |name| ports.iter().any(|p| p.input && p.width == 1 && p.name == name)
}

/// How the pair takes time (docs/command.md, "Clocks"), from what drives
/// the registers' clock pins in either file: cycles of one clock where
/// every register is on the rising edge of one input that nothing else
/// reads, with no latch and no asynchronous reset or load; else steps, each
/// clock an input. `--clocks` asks for steps; `--clock` names the one
/// clock of cycles, and must be an input.
pub(super) fn clocking(
    ((a, holds_a), (b, holds_b)): ((&Path, &yosys::Holds), (&Path, &yosys::Holds)),
    ports: &[ModulePort],
    options: &Options,
) -> Result<Clocking, Error> {
    let input = one_bit_input(ports);
    let files = [(a, holds_a), (b, holds_b)];
    let clocks = clocks_of(&files);
    let names = names_of(&clocks);
    // In steps, the inputs that drive a clock pin or open a latch: each
    // changes first at every step, before the other inputs (certify.rs).
    let with_enables = |mut controls: Vec<String>| {
        for e in files.iter().flat_map(|(_, h)| &h.latch_enables).map(|e| signal(e)) {
            if input(&e) && !controls.contains(&e) {
                controls.push(e);
            }
        }
        controls
    };
    if let Some(named) = &options.clocks {
        if named.is_empty() || named.iter().any(|c| c.trim().is_empty()) {
            return Err(Error::Input("--clocks names an empty clock: give the clock inputs, comma-separated (--clocks a,b)".into()));
        }
        if let Some(c) = named.iter().find(|c| !input(c)) {
            return Err(Error::Input(format!("module {} has no 1-bit input {c}: --clocks names clock inputs", options.top)));
        }
        if let Some((c, _, f)) = clocks.iter().find(|(c, _, _)| input(c) && !named.contains(c)) {
            return Err(Error::Input(format!("{} has registers clocked by {c}, which --clocks does not name: add it, or leave --clocks out", f.display())));
        }
        return Ok(Clocking::Steps { clocks: with_enables(named.clone()), why: "--clocks".into() });
    }
    if let Some(c) = options.clock.as_deref().filter(|c| !input(c)) {
        return Err(Error::Input(format!("module {} has no 1-bit input {c}: name its clock with --clock, or leave --clock out", options.top)));
    }
    let why = not_one_rising_clock(&files, &input, Where::File).or_else(|| {
        files.iter().find_map(|(f, h)| {
            (!h.asynchronous.is_empty()).then(|| format!("{} has registers with an asynchronous reset or load: {}", f.display(), list(&h.asynchronous)))
        })
    });
    if let Some(why) = why {
        return Ok(Clocking::Steps { clocks: with_enables(names.into_iter().filter(|c| input(c)).collect()), why });
    }
    match (names.first(), &options.clock) {
        (Some(c), Some(named)) if c != named => {
            let f = clocks[0].2;
            Err(Error::Input(format!("{} has its registers clocked by {c}, not {named}: name its clock with --clock {c}, or leave --clock out", f.display())))
        }
        (Some(c), _) => Ok(Clocking::Cycles { clock: c.clone() }),
        // No register on a clock: the named clock is an input like another.
        (None, _) => Ok(Clocking::Combinational),
    }
}

/// Whether a pair taken in steps may be taken in ticks
/// ([`yosys::Time::Ticks`]: the same steps, one flip-flop a register): every
/// register on the rising edge of one input clock read nowhere else, no
/// latch, and no asynchronous load (each asynchronous reset to a constant).
/// `--clocks` keeps `clk2fflogic`'s steps.
pub(super) fn in_ticks(files: &[(&Path, &yosys::Holds)], ports: &[ModulePort], options: &Options) -> bool {
    let input = one_bit_input(ports);
    options.clocks.is_none()
        && files.iter().any(|(_, h)| !h.asynchronous.is_empty())
        && files.iter().all(|(_, h)| h.asynchronous_loads.is_empty())
        && names_of(&clocks_of(files)).len() == 1
        && not_one_rising_clock(files, &input, Where::File).is_none()
}

/// The two files' ports the same, else one line naming the first that
/// differs: one the other lacks, or one that changed direction or width.
pub(super) fn same_ports((a, ports_a): (&Path, &[ModulePort]), (b, ports_b): (&Path, &[ModulePort])) -> Result<(), Error> {
    let kind = |p: &ModulePort| if p.input { "an input" } else { "an output" };
    for (p, (has, other, others)) in ports_a.iter().map(|p| (p, (a, b, ports_b))).chain(ports_b.iter().map(|p| (p, (b, a, ports_a)))) {
        match others.iter().find(|q| q.name == p.name) {
            None => {
                return Err(Error::Design(format!(
                    "{} has {} {} of {} bits and {} has not: the two modules must have the same ports",
                    has.display(),
                    kind(p),
                    p.name,
                    p.width,
                    other.display()
                )))
            }
            Some(q) if q.input != p.input => {
                return Err(Error::Design(format!("port {} changed direction: {} in {}, {} in {}", p.name, kind(p), has.display(), kind(q), other.display())))
            }
            Some(q) if q.width != p.width => {
                return Err(Error::Design(format!(
                    "{} has {} {} of {} bits and {} has one of {}: the two modules must have the same ports",
                    has.display(),
                    kind(p),
                    p.name,
                    p.width,
                    other.display(),
                    q.width
                )))
            }
            Some(_) => {}
        }
    }
    Ok(())
}
