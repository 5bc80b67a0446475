//! The `panel` level: a machine's board wrapper end to end, bytes into its
//! RX pin, the machine, report lines out of its TX pin (`fpga/protocol.md`),
//! in the rust-hdl simulation, in Icarus and in Verilator, against the
//! oracle run on the same presses.
//!
//! The wrapper is built for simulation with a few clocks per UART bit and a
//! pace longer than two report lines, so every state the machine holds for a
//! whole step must appear in the reports. What is checked:
//! - every line is the report of a state the oracle passed through, in the
//!   oracle's order (the held one-cycle indications aside: the wrapper
//!   keeps them until the next line, which may already show the state
//!   after);
//! - every state the oracle held for `must_show` cycles or more has its line;
//! - as many lines carry each held indication as the oracle raised it;
//! - the last line is the oracle's last state.

pub use crate::panel::script::{Panel, Script, Stepper};
use crate::panel::{parse_report, LineReceiver, Lines};
use askama::Template;
use logos::Logos;
use nimforge_verify::clocked::Bench;
use nimforge_verify::flow::{iverilog, verilator, ToolError};
use nimforge_verify::Places;
use nimforge_verify::{Engine, Level, LevelReport, Machine, Stage};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Report lines out of a TX line sampled each cycle.
pub fn lines<P: Panel>(tx: impl IntoIterator<Item = bool>) -> Result<Vec<u128>, crate::Error> {
    let mut receiver = LineReceiver::new(P::CLOCKS_PER_BIT);
    let mut lines = Lines::default();
    let mut out = vec![];
    for level in tx {
        if let Some(byte) = receiver.sample(level)? {
            if let Some(l) = lines.push(byte) {
                out.push(parse_report(&l, P::REPORT_BITS)?);
            }
        }
    }
    Ok(out)
}

/// What is wrong with `got` as the reports of `script`; nothing when right.
pub fn check<P: Panel>(script: &Script, got: &[u128]) -> Vec<String> {
    let held: u128 = P::HELD.iter().map(|&name| 1u128 << P::LAYOUT.field(name).lsb).sum();
    let mut problems = vec![];
    let mut runs: Vec<(u128, usize)> = vec![];
    for &w in &script.want {
        match runs.last_mut() {
            Some((v, n)) if *v == w & !held => *n += 1,
            _ => runs.push((w & !held, 1)),
        }
    }
    let mut seen = vec![false; runs.len()];
    let mut at = 0;
    for (i, &g) in got.iter().enumerate() {
        while at < runs.len() && runs[at].0 != g & !held {
            at += 1;
        }
        if at == runs.len() {
            problems.push(format!("line {i} ({}) is no state the oracle passed through next", P::describe(g)));
            return problems;
        }
        seen[at] = true;
    }
    if let Some((v, n)) = runs.iter().zip(&seen).find(|((_, n), s)| *n >= script.must_show && !**s).map(|(r, _)| r) {
        problems.push(format!("the oracle held {} for {n} cycles; no line said it", P::describe(*v)));
    }
    for &name in P::HELD {
        let b = P::LAYOUT.field(name).lsb;
        let raised = script.want.iter().filter(|&&w| w >> b & 1 == 1).count();
        let told = got.iter().filter(|&&g| g >> b & 1 == 1).count();
        if told != raised {
            problems.push(format!("{told} lines carry the report's {name} (bit {b}); the oracle raised it {raised} times"));
        }
    }
    if got.last() != script.want.last() {
        problems.push(format!(
            "the last line is {}; the oracle ends at {}",
            got.last().map_or("missing".into(), |&g| P::describe(g)),
            P::describe(*script.want.last().unwrap())
        ));
    }
    problems
}

/// The panel level's name (`--level panel`), the first half of its rows'.
pub const NAME: &str = "panel";

/// The panel level's row run by `engine`'s (`panel/rtl`, `panel/icarus`,
/// `panel/verilator`): a level nimforge-verify does not run itself.
fn stage(engine: &str) -> Stage {
    Stage::Other(format!("{NAME}/{engine}"))
}

/// The cycles of its script Icarus runs at most, cut where the script
/// settles ([`Script::prefix`]): Icarus is the independent simulator's
/// sample, as at the machine's own levels, where rust-hdl and Verilator run
/// the whole script. Nimatron's two games are 375,116 cycles, 130 s in
/// Icarus on CI's host (docs/performance.md, "Stop 72").
pub const ICARUS_CYCLES: usize = 60_000;

/// `script`'s row; `whole`, the cycles of the script it was cut from.
fn report<P: Panel>(machine: &str, level: Stage, script: &Script, whole: usize, got: Result<Vec<u128>, crate::Error>, t0: Instant) -> LevelReport {
    let coverage = if script.rx.len() < whole {
        format!(
            "the board wrapper end to end: the first {} of the script's {whole} cycles of UART presses and reports, to where it settles (a sample; rtl and Verilator run them all)",
            script.rx.len()
        )
    } else {
        format!("the board wrapper end to end: {} cycles of UART presses and reports", script.rx.len())
    };
    let seconds = t0.elapsed().as_secs_f64();
    match got {
        Ok(got) => {
            let problems = check::<P>(script, &got);
            LevelReport::judged(machine, level.clone(), script.rx.len(), problems.len(), problems.first().cloned())
        }
        Err(e) => LevelReport::failed(machine, level, e.to_string()),
    }
    .coverage(coverage)
    .seconds(seconds)
}

/// The wrapper in the rust-hdl simulation.
pub fn rtl<P: Panel>(machine: &str, script: &Script) -> LevelReport {
    let t0 = Instant::now();
    let mut bench = Bench::new(P::design());
    let mut tx = Vec::with_capacity(script.rx.len());
    for (&level, &buttons) in script.rx.iter().zip(&script.buttons) {
        P::set_rx(&mut bench.uut, level);
        P::set_buttons(&mut bench.uut, buttons);
        bench.tick(P::clock);
        tx.push(P::tx(&bench.uut));
    }
    report::<P>(machine, stage(Level::Rtl.name()), script, script.rx.len(), lines::<P>(tx), t0)
}

/// The TX line from the testbench's "TX <cycle> <level>" lines and its
/// "END <cycles>".
fn tx_levels(output: &str) -> Result<Vec<bool>, crate::Error> {
    line_changes(output).map_err(|e| format!("the panel testbench's output: {e}; the testbench printed:\n{}", nimforge_verify::flow::tail(output, 20)).into())
}

/// The words of the panel testbench's lines (`src/templates/panel_tb.v.j2`).
#[derive(Logos, Debug, PartialEq)]
#[logos(skip r"[ \t\r\n]+")]
enum Token<'a> {
    #[token("TX")]
    Tx,
    #[token("END")]
    End,
    #[regex(r"[0-9a-zA-Z]+")]
    Word(&'a str),
}

/// More cycles than any panel script runs: an END beyond is not the
/// testbench's.
const MOST_CYCLES: usize = 1 << 28;

/// A line's level each cycle from the testbench's `TX <cycle> <level>`
/// changes and its closing `END <cycles>`; the line is high before the
/// first change. An error when there is no END or a level is not 0 or 1;
/// other lines (the simulator's own) are passed over.
fn line_changes(output: &str) -> Result<Vec<bool>, String> {
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
                if n > MOST_CYCLES {
                    return Err(format!("END {n} is more cycles than any panel script runs ({MOST_CYCLES})"));
                }
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

/// The wrapper's generated Verilog in Icarus and Verilator, through
/// `testbenches/<module>_tb.v`.
pub fn verilog<P: Panel>(machine: &str, script: &Script, places: &Places) -> Vec<LevelReport> {
    let source = places.generated(P::MODULE);
    let tb = places.testbench(P::MODULE, false);
    let sample = script.prefix(ICARUS_CYCLES);
    let whole = script.rx.len();
    let mut out = vec![];
    for (engine, script) in [(Engine::Icarus, &sample), (Engine::Verilator, script)] {
        let t0 = Instant::now();
        let rx = places.work.join(format!("panel_rx_{}.txt", engine.name()));
        let plusargs = vec![format!("+rx={}", rx.display())];
        let run = write_rx(&script.rx, &script.buttons, &rx).and_then(|()| match engine {
            Engine::Icarus => places.dir("panel-icarus").and_then(|d| iverilog::simulate(&[&source, &tb], "nimforge_clock", &[], &plusargs, &d)),
            _ => places.dir("panel-verilator").and_then(|d| {
                verilator::lint(&source, P::MODULE, &d, verilator::Strictness::Every)?;
                let main = places.root.join("testbenches/verilator_main.cpp");
                verilator::simulate(&[&source, &tb, &main], "nimforge_tb", &plusargs, &d)
            }),
        });
        out.push(finish::<P>(machine, stage(engine.name()), script, whole, run, t0));
    }
    out
}

fn finish<P: Panel>(machine: &str, level: Stage, script: &Script, whole: usize, run: Result<String, ToolError>, t0: Instant) -> LevelReport {
    match run {
        Ok(text) => report::<P>(machine, level, script, whole, tx_levels(&text).and_then(lines::<P>), t0),
        Err(ToolError::Missing(tool)) => LevelReport::skipped(machine, level, tool).seconds(t0.elapsed().as_secs_f64()),
        Err(e) => report::<P>(machine, level, script, whole, Err(e.into()), t0),
    }
}

fn write_rx(rx: &[bool], buttons: &[u8], path: &Path) -> Result<(), ToolError> {
    let io = |error| ToolError::Io { what: format!("writing {}", path.display()), error };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut w = nimforge_verify::files::Atomic::create(path).map_err(io)?;
    for (&level, &b) in rx.iter().zip(buttons) {
        writeln!(w, "{} {:x}", level as u8, b).map_err(io)?;
    }
    w.commit().map_err(io)
}

#[derive(Template)]
#[template(path = "panel_tb.v.j2", escape = "none")]
struct Testbench<'a> {
    module: &'a str,
    leds: usize,
}

/// The end-to-end testbench for a board wrapper `module` (ports clock, rx,
/// tx, leds, buttons) with `leds` LEDs.
pub fn testbench_of(module: &str, leds: usize) -> String {
    Testbench { module, leds }.render().expect("the panel testbench template renders")
}

/// For the panels' own tests: `P`'s script through the wrapper in the
/// rust-hdl simulation (the `panel/rtl` level of `nimforge verify
/// MACHINE`) with no mismatch, and `refused` of its reports showing the
/// machine's illegal indication where the script means to be refused.
/// The board wrapper end to end: rust-hdl, Icarus, Verilator.
/// `on_level` hears of each level as it finishes.
pub fn levels<M: Machine, P: Panel>(root: &Path, on_level: &(dyn Fn(&LevelReport) + Sync)) -> Vec<LevelReport> {
    let script = P::script();
    let places = Places::new(root, Places::verify_work(root, M::NAME));
    let noted = |r: LevelReport| {
        on_level(&r);
        r
    };
    let mut reports = vec![noted(rtl::<P>(M::NAME, &script))];
    reports.extend(verilog::<P>(M::NAME, &script, &places).into_iter().map(noted));
    reports
}

#[cfg(test)]
pub(crate) fn script_passes<P: Panel>(machine: &str, layout: &nimforge_designs::report::Layout, refused: Option<usize>) {
    let script = P::script();
    let r = rtl::<P>(machine, &script);
    assert_eq!(r.mismatches, 0, "{:?}", r.first_mismatch);
    if let Some(refused) = refused {
        let illegal = script.want.iter().filter(|&&w| layout.flag(w, "illegal")).count();
        assert_eq!(illegal, refused, "the script's refused keys");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_changes_rebuild_the_line() {
        let out = "TX 2 0\nTX 4 1\nchatter\nEND 6\n";
        assert_eq!(super::line_changes(out).unwrap(), vec![true, true, false, false, true, true]);
        assert!(super::line_changes("TX 1 x\nEND 3").unwrap_err().contains("'x'"));
        assert!(super::line_changes("TX 1 0\n").unwrap_err().contains("no END"));
    }

    /// Testbench output of any shape gives the line or an error, never a panic.
    #[test]
    fn any_output_reads_without_a_panic() {
        let seeds = ["TX 5 0\nTX 9 1\nEND 20\n", "TX 99999999999999999999999 1\nEND 3\n", "END 18446744073709551615\n"];
        let mut rng = nimforge_netlist::fuzz::Rng::new(0xf022_0002);
        for _ in 0..5000 {
            let text = rng.text(&seeds);
            let _ = super::line_changes(&text);
        }
    }
}
