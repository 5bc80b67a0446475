//! Time in steps (issue 56), through the library as a user calls it: an
//! asynchronous reset where yosys's `async2sync` (time in cycles of the
//! clock) proves a pair equal that differs once the reset may come and go
//! between two edges, and a dual-clock FIFO whose mutant (a synchroniser on
//! the wrong clock) is the same machine while the two clocks tick together
//! and differs when they interleave; and the one counterexample the check
//! returns, a shortest; and a difference through a block Icarus never runs,
//! or runs otherwise than yosys reads it, refused in the user's words. Then
//! `verify_verilog` in steps, each clock an input of a model's letters: two
//! clocks and a falling edge, a dual-clock FIFO, an asynchronous reset
//! between edges and a latch-based clock gate, each passing every level
//! that takes it and a mutant caught at every level; and what it refuses,
//! in the user's words.

use nimforge_verify::check::{self, Clocking, Options, Verdict};
use nimforge_verify::flow::yosys::{self, Time};
use nimforge_verify::Sources;
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check")).join(name)
}

fn options(top: &str, dir: &Path) -> Options {
    Options { max_states: 100_000, depth: 200, runs: 1024, bound: 20, timeout: std::time::Duration::from_secs(60), ..Options::new(top, dir) }
}

#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn steps_cover_what_cycles_of_one_clock_do_not() {
    let dir = std::env::temp_dir().join(format!("nimforge-clocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    // The asynchronous reset: in cycles, yosys and ABC prove the two equal.
    std::fs::create_dir_all(dir.join("cycles")).unwrap();
    let (arst, sync) = (corpus("arst.v"), corpus("arst_sync.v"));
    let cycles =
        yosys::equivalence_abc_first("b=a", (&Sources::from(&arst), "arst"), (&Sources::from(&sync), "arst"), 20, Time::Cycles, &dir.join("cycles")).unwrap();
    assert_eq!(cycles.verdict, yosys::ProofOutcome::Proven, "{}", cycles.detail);
    // In steps, the check finds the reset that comes and goes with no edge
    // of the clock between, and Icarus replays it.
    let c = check::check(&arst, &sync, &options("arst", &dir.join("arst"))).unwrap();
    assert!(matches!(&c.clocking, Some(Clocking::Steps { clocks, why }) if clocks == &["clock"] && why.contains("asynchronous reset")), "{:?}", c.clocking);
    let Verdict::Different(cex) = &c.verdict else { panic!("{:?}", c.verdict) };
    // The difference is in steps of the clock the check found (certified by
    // the replay in Icarus, as every difference is).
    assert_eq!(cex.clocks, ["clock"], "{cex}");
    assert!(cex.inputs.iter().any(|p| p == "rst") && cex.cycles.len() >= 2, "{cex}");
    // One counterexample on every run, and a shortest one (issue 56). The
    // check's engines race (a fresh-clone CI once got a reset that comes
    // with the clock's rising edge where another run got one that goes off
    // with no edge), and whichever wins, the difference returned is the
    // bounded proof's, cycle by cycle: none is shorter, and a second check
    // gives the same steps.
    let shorter =
        yosys::shortest_difference((&Sources::from(&arst), "arst"), (&Sources::from(&sync), "arst"), Time::Steps, cex.cycles.len() - 1, &dir.join("shorter"))
            .unwrap();
    assert!(shorter.contains("SUCCESS!"), "a difference shorter than the check's {} steps:\n{shorter}", cex.cycles.len());
    let again = check::check(&arst, &sync, &options("arst", &dir.join("arst-again"))).unwrap();
    let Verdict::Different(again) = &again.verdict else { panic!("{:?}", again.verdict) };
    assert_eq!((&again.inputs, &again.cycles), (&cex.inputs, &cex.cycles), "{again}\nagainst\n{cex}");

    // A rare input value remembered (`rare.v`): a random run meets it
    // after a cycle of something else, the bounded proof at once; the check
    // returns the shortest, two cycles, the value first (before issue 56's
    // change: the random run's three).
    let c = check::check(&corpus("rare.v"), &corpus("rare_never.v"), &options("rare", &dir.join("rare"))).unwrap();
    let Verdict::Different(cex) = &c.verdict else { panic!("{:?}", c.verdict) };
    assert_eq!((cex.cycles.len(), cex.cycles[0][0].as_str()), (2, "101010111100"), "{cex}");

    // The FIFO: its mutant differs in steps...
    let (fifo, wrong) = (corpus("afifo.v"), corpus("afifo_wrong_domain.v"));
    let c = check::check(&fifo, &wrong, &options("afifo", &dir.join("afifo"))).unwrap();
    assert!(matches!(&c.clocking, Some(Clocking::Steps { clocks, .. }) if clocks.len() == 2), "{:?}", c.clocking);
    let Verdict::Different(cex) = &c.verdict else { panic!("{:?}", c.verdict) };
    assert_eq!(cex.clocks.len(), 2, "{cex}");
    // ... and is the same machine when one clock drives both (each wrapped).
    let tied = |file: &Path, name: &str| {
        let text = std::fs::read_to_string(file).unwrap();
        let wrapper = "module tied(input clk, input winc, input wdata, input rinc, output rdata, output wfull, output rempty);\n  \
                       afifo f(.wclk(clk), .rclk(clk), .winc(winc), .wdata(wdata), .rinc(rinc), .rdata(rdata), .wfull(wfull), .rempty(rempty));\nendmodule\n";
        let path = dir.join(name);
        std::fs::write(&path, format!("{text}\n{wrapper}")).unwrap();
        path
    };
    let c = check::check(&tied(&fifo, "tied.v"), &tied(&wrong, "tied_wrong.v"), &options("tied", &dir.join("tied"))).unwrap();
    assert_eq!(c.clocking, Some(Clocking::Cycles { clock: "clk".into() }));
    assert!(matches!(c.verdict, Verdict::Equal(_)), "{:?}", c.verdict);

    // An `always @*` that reads no signal: yosys makes a constant of it,
    // Icarus never runs it, so the difference cannot be replayed. Refused in
    // one line naming the file and line and the way out, where it was an
    // internal error (exit 4) before.
    let e = check::check(&corpus("never_triggered.v"), &corpus("never_triggered_0.v"), &options("t", &dir.join("never"))).unwrap_err();
    let line = e.to_string();
    assert!(matches!(e, nimforge_verify::Error::Design(_)), "{e:?}");
    assert!(line.contains("never_triggered.v:6: an `always @*` that reads no signal") && line.contains("write it as an `assign`"), "{line}");

    // A latch open from power-on whose inputs never change: Icarus runs the
    // file as written otherwise than yosys reads it, and the difference
    // replays on yosys's reading of both but not on the files. Refused in
    // one line naming the file, the step and output where its simulation
    // departs, and the way out, where it was an internal error (exit 4)
    // before; written `always_latch` (the way out), the same pair differs,
    // certified on the files themselves.
    let (latch, zero) = (corpus("latch_power_on.v"), corpus("latch_power_on_0.v"));
    let e = check::check(&latch, &zero, &options("t", &dir.join("latch"))).unwrap_err();
    let line = e.to_string();
    assert!(matches!(e, nimforge_verify::Error::Design(_)), "{e:?}");
    assert!(
        line.contains("latch_power_on.v: Icarus runs it otherwise than yosys reads it (at step 1, output y is 0 in Icarus and 1 as yosys reads it)")
            && line.contains("write the block `always_latch`"),
        "{line}"
    );
    let c = check::check(&corpus("latch_power_on_latch.v"), &zero, &options("t", &dir.join("always_latch"))).unwrap();
    let Verdict::Different(cex) = &c.verdict else { panic!("{:?}", c.verdict) };
    assert_eq!((cex.cycle, &cex.a[cex.cycle], &cex.b[cex.cycle]), (1, &vec!["1".to_string()], &vec!["0".to_string()]), "{cex}");
    std::fs::remove_dir_all(&dir).ok();
}

/// One counterexample on every run, and a shortest (issue 56), whichever
/// engine finds a difference first: `deep.v` against `deep_skip.v` first
/// differs after 41 cycles of `en`. With no random runs the walk meets it
/// breadth first; with them, a run meets a longer one first, and the walk
/// alone gives the same; the bounded proof (which took minutes on public
/// designs with a difference as deep, iscas89's s400) finds none shorter.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn one_counterexample_whichever_engine_finds_it() {
    let dir = std::env::temp_dir().join(format!("nimforge-deep-{}", std::process::id()));
    let (a, b) = (corpus("deep.v"), corpus("deep_skip.v"));
    let walked = check::check(&a, &b, &Options { runs: 0, ..options("deep", &dir.join("walk")) }).unwrap();
    let Verdict::Different(walked) = &walked.verdict else { panic!("{:?}", walked.verdict) };
    assert!(walked.found_by.starts_with("the walk (breadth first"), "{walked}");
    assert_eq!(walked.cycles.len(), 42, "{walked}");
    assert!(walked.cycles[..41].iter().all(|c| c == &["1"]), "{walked}");
    let ran = check::check(&a, &b, &options("deep", &dir.join("runs"))).unwrap();
    let Verdict::Different(ran) = &ran.verdict else { panic!("{:?}", ran.verdict) };
    assert!(ran.found_by.starts_with("the walk (breadth first") && ran.found_by.contains("a random run found one first"), "{ran}");
    assert_eq!(ran.cycles, walked.cycles, "{ran}\nagainst\n{walked}");
    let shorter = yosys::shortest_difference((&Sources::from(&a), "deep"), (&Sources::from(&b), "deep"), Time::Cycles, 41, &dir.join("shorter")).unwrap();
    assert!(shorter.contains("SUCCESS!"), "a difference shorter than the walk's 42 cycles:\n{shorter}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A lamp that `flip` toggles, as a model; its Verilog is each test's.
struct Toggle;

impl nimforge_verify::Machine for Toggle {
    type State = bool;
    type Extra = ();
    type Press = bool;
    const NAME: &'static str = "toggle";
    const MODULE: &'static str = "toggle";
    nimforge_verify::verilog_ports!(inputs: [flip: 1]; outputs: [lamp: 1]);
    fn alphabet() -> Vec<bool> {
        vec![false, true]
    }
    fn letter(p: bool) -> nimforge_verify::Letter {
        nimforge_verify::Letter::of::<Self>(if p { "FLIP" } else { "none" }, &[("flip", p as u64)])
    }
    fn power_on() -> bool {
        false
    }
    fn step(on: &bool, p: bool) -> bool {
        *on ^ p
    }
    fn observe(on: &bool, _: &()) -> Vec<u64> {
        vec![*on as u64]
    }
}

/// `verify_verilog` runs one rising clock, `clock`, or steps, where each
/// clock is an input of the model's letters (issue 56): a design with a
/// register on a falling edge, a second clock, a latch, or one clock not
/// named `clock`, against a model that declares no such input, is refused
/// before any level runs in one line naming what departs, the file and the
/// line, and the input to declare; a clock made by logic is refused so
/// whatever the model (no letter can give it). Before steps, each level
/// failed or mismatched in its own words (the falling edge: the bitsim
/// levels "a derived clock is not simulated", Icarus and Verilator each a
/// mismatch at a different cycle, the proofs proven). The same lamp on
/// `posedge clock` runs in cycles.
#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn verify_verilog_refuses_what_its_levels_do_not_run() {
    use nimforge_verify::{Engine, Error, Level, Options, Project, Source, Sources, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-one-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    let head = "module toggle(input clock, input clock2, input flip, output reg lamp = 0);\n";
    let refused = [
        ("falling.v", "  always @(negedge clock)\n    if (flip) lamp <= ~lamp;\n", "has registers on the falling edge of clock (falling.v:2)"),
        (
            "two.v",
            "  reg seen = 0;\n  always @(posedge clock2) seen <= flip;\n  always @(posedge clock)\n    if (seen) lamp <= ~lamp;\n",
            "has registers clocked by clock (two.v:4), clock2 (two.v:3)",
        ),
        ("other.v", "  always @(posedge clock2)\n    if (flip) lamp <= ~lamp;\n", "has registers clocked by clock2"),
        ("latch.v", "  reg l;\n  always @* if (clock2) l = flip;\n  always @(posedge clock)\n    if (l) lamp <= ~lamp;\n", "has a latch: l (latch.v:3)"),
        // The latch opened by the clock whose edge reads it: a race.
        (
            "racing.v",
            "  reg l;\n  always @* if (clock) l = flip;\n  always @(posedge clock)\n    if (l) lamp <= ~lamp;\n",
            "reads its clock clock otherwise than at a clock pin",
        ),
        // A clock made by logic: in steps, each of its inputs an input of
        // the letters like another; `clock` is none of Toggle's.
        ("gated.v", "  wire g = clock & flip;\n  always @(posedge g)\n    lamp <= ~lamp;\n", "are not the machine's"),
    ];
    for (file, body, says) in refused {
        std::fs::write(dir.join(file), format!("{head}{body}endmodule\n")).unwrap();
        let Err(e) = project.verify_verilog::<Toggle>(file, &Ui::quiet()) else { panic!("{file}: taken") };
        let line = e.to_string();
        assert!(matches!(e, Error::Design(_)), "{file}: {e:?}");
        let way_out = match file {
            "racing.v" => "is a race; read a copy of it registered on another clock, or compare the design with another by `nimforge check`",
            "gated.v" => "has an input clock of 1 bits that toggle does not declare",
            "other.v" => "declares no 1-bit input clock2: add clock2: 1 to its inputs (verilog_ports!)",
            _ => "declares no 1-bit input clock: add clock: 1 to its inputs (verilog_ports!)",
        };
        assert!(line.contains(says) && line.contains(way_out), "{file}: {line}");
        assert!(!line.contains('\n'), "{file}: one line: {line}");
    }
    // The lamp on `posedge clock` (its second clock input unused) is taken
    // and passes.
    let right = "module toggle(input clock, input flip, output reg lamp = 0);\n  always @(posedge clock)\n    if (flip) lamp <= ~lamp;\nendmodule\n";
    std::fs::write(dir.join("right.v"), right).unwrap();
    let options = Options::all().levels(&[Level::Verilog]).engines(&[Engine::Bitsim]);
    let verified = project.verify_with::<Toggle>(&Source::Verilog(Sources::from(dir.join("right.v"))), &options, &Ui::quiet()).unwrap();
    assert!(verified.passed_where_run() && !verified.levels.is_empty(), "{}", verified.tables());
    std::fs::remove_dir_all(&dir).ok();
}

/// A lamp that `flip` toggles and `reset` puts out, as a model.
struct Toggler;

impl nimforge_verify::Machine for Toggler {
    type State = bool;
    type Extra = ();
    type Press = (bool, bool);
    const NAME: &'static str = "toggler";
    const MODULE: &'static str = "toggler";
    nimforge_verify::verilog_ports!(inputs: [flip: 1, reset: 1]; outputs: [lamp: 1]);
    fn alphabet() -> Vec<(bool, bool)> {
        vec![(false, false), (true, false), (false, true), (true, true)]
    }
    fn letter((flip, reset): (bool, bool)) -> nimforge_verify::Letter {
        let name = format!("{}{}", if flip { "F" } else { "-" }, if reset { "R" } else { "-" });
        nimforge_verify::Letter::of::<Self>(name, &[("flip", flip as u64), ("reset", reset as u64)])
    }
    fn power_on() -> bool {
        false
    }
    fn step(on: &bool, (flip, reset): (bool, bool)) -> bool {
        !reset && (*on ^ flip)
    }
    fn observe(on: &bool, _: &()) -> Vec<u64> {
        vec![*on as u64]
    }
}

/// An asynchronous reset through `verify_verilog` (issue 56): the lamp
/// whose register is on `posedge clock or posedge reset` passes every
/// level and proof, the netlist level's `SB_DFFER` among them (refused by
/// the netlist simulator before: "has an asynchronous reset or set"), and
/// a wrong variant (a lit lamp that `flip` does not put out) is caught at
/// every simulated level.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn verify_verilog_takes_an_asynchronous_reset_at_every_level() {
    use nimforge_verify::{Project, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-async-reset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    let lamp = |toggles: &str| {
        format!(
            "module toggler(input clock, input flip, input reset, output reg lamp = 0);\n  always @(posedge clock or posedge reset)\n    \
             if (reset) lamp <= 0;\n    else if ({toggles}) lamp <= ~lamp;\nendmodule\n"
        )
    };
    std::fs::write(dir.join("right.v"), lamp("flip")).unwrap();
    std::fs::write(dir.join("wrong.v"), lamp("flip && !lamp")).unwrap();
    let right = project.verify_verilog::<Toggler>("right.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.passed() || (right.skipped() && right.passed_where_run()), "{}", right.tables());
    assert!(
        right
            .levels
            .iter()
            .any(|r| r.level == nimforge_verify::Stage::bitsim(nimforge_verify::Hardware::Netlist) && r.status == nimforge_verify::Status::Passed),
        "{}",
        right.tables()
    );
    let wrong = project.verify_verilog::<Toggler>("wrong.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wrong.caught_everywhere(), "{}", wrong.tables());
    std::fs::remove_dir_all(&dir).ok();
}

/// A bit written on the rising edge of `wclk` and read across into a
/// second register on the falling edge of `rclk`, as a model in steps
/// (docs/own-design.md, "Several clocks"): each letter sets both clocks and
/// the data, and a register takes, at a step where its clock has its
/// edge, the value its input had at the step before. No clock has an edge
/// at the first step: at power-on `wclk` is taken to have been 1 and
/// `rclk` 0 (as yosys's `clk2fflogic` has it).
struct Crossing;

/// The model's state: both registers, and the inputs of the step before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Crossed {
    written: bool,
    read: bool,
    before: (bool, bool, bool),
}

impl nimforge_verify::Machine for Crossing {
    type State = Crossed;
    type Extra = ();
    type Press = (bool, bool, bool);
    const NAME: &'static str = "crossing";
    const MODULE: &'static str = "crossing";
    nimforge_verify::verilog_ports!(inputs: [wclk: 1, rclk: 1, d: 1]; outputs: [written: 1, read: 1]);
    /// Both clocks high first, so that the plan's first step has them so:
    /// a simulator that took their rise from power-on for an edge would
    /// put 0 into `written`, which powers on at 1.
    fn alphabet() -> Vec<(bool, bool, bool)> {
        (0..8).map(|k| (k & 4 == 0, k & 2 == 0, k & 1 != 0)).collect()
    }
    fn letter((w, r, d): (bool, bool, bool)) -> nimforge_verify::Letter {
        let name = format!("{}{}{}", if w { "W" } else { "w" }, if r { "R" } else { "r" }, d as u8);
        nimforge_verify::Letter::of::<Self>(name, &[("wclk", w as u64), ("rclk", r as u64), ("d", d as u64)])
    }
    fn power_on() -> Crossed {
        Crossed { written: true, read: false, before: (true, false, false) }
    }
    fn step(s: &Crossed, (w, r, d): (bool, bool, bool)) -> Crossed {
        let (w0, r0, d0) = s.before;
        Crossed { written: if !w0 && w { d0 } else { s.written }, read: if r0 && !r { s.written } else { s.read }, before: (w, r, d) }
    }
    fn observe(s: &Crossed, _: &()) -> Vec<u64> {
        vec![s.written as u64, s.read as u64]
    }
}

/// `verify_verilog` in steps (issue 56): a design of two clocks, one of
/// them on its falling edge, against a model whose letters say when each
/// clock ticks, passes every level (Icarus, Verilator and bitsim at the
/// Verilog, the netlist and the bitstream, the search exhaustive) and both
/// proofs; the same design reading on the rising edge of `rclk` is caught
/// at every level.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn verify_verilog_takes_two_clocks_in_steps() {
    use nimforge_verify::{Project, Status, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-two-clocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    let crossing = |edge: &str| {
        format!(
            "module crossing(input wclk, input rclk, input d, output reg written = 1, output reg read = 0);\n  \
             always @(posedge wclk) written <= d;\n  always @({edge} rclk) read <= written;\nendmodule\n"
        )
    };
    std::fs::write(dir.join("right.v"), crossing("negedge")).unwrap();
    std::fs::write(dir.join("wrong.v"), crossing("posedge")).unwrap();
    let right = project.verify_verilog::<Crossing>("right.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.passed() || (right.skipped() && right.passed_where_run()), "{}", right.tables());
    assert!(right.levels.iter().filter(|r| r.status == Status::Passed).count() >= 6, "{}", right.tables());
    assert!(right.levels.iter().any(|r| r.exhaustive), "{}", right.tables());
    assert!(right.levels.iter().all(|r| r.status != Status::Passed || r.coverage.contains("in steps")), "{}", right.tables());
    let wrong = project.verify_verilog::<Crossing>("wrong.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wrong.caught_everywhere(), "{}", wrong.tables());
    std::fs::remove_dir_all(&dir).ok();
}

/// A latch-based clock gate (`testbenches/check/gate_latch.v`) as a model in
/// steps: the enable is held by a latch open while `clk` is low, and `q`
/// takes `d` at a rising edge of the gated clock `clk & en_l` (the value
/// `d` had at the step before). The latch has no initial value (the iCE40
/// has no latch, and `synth_ice40` takes none): the model powers on as
/// after a step with `clk`, `en` and `d` low, which the plan's first step
/// is, and where the latch is open.
struct Gate;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Gated {
    q: bool,
    en_l: bool,
    gclk: bool,
    d: bool,
}

impl nimforge_verify::Machine for Gate {
    type State = Gated;
    type Extra = ();
    type Press = (bool, bool, bool);
    const NAME: &'static str = "gate";
    const MODULE: &'static str = "gate";
    nimforge_verify::verilog_ports!(inputs: [clk: 1, en: 1, d: 1]; outputs: [q: 1]);
    /// `clk` low first: the plan's first step opens the latch, which on the
    /// iCE40 (a loop of LUTs) has no value at power-on.
    fn alphabet() -> Vec<(bool, bool, bool)> {
        (0..8).map(|k| (k & 4 != 0, k & 2 != 0, k & 1 != 0)).collect()
    }
    fn letter((clk, en, d): (bool, bool, bool)) -> nimforge_verify::Letter {
        let name = format!("{}{}{}", if clk { "C" } else { "c" }, if en { "E" } else { "e" }, d as u8);
        nimforge_verify::Letter::of::<Self>(name, &[("clk", clk as u64), ("en", en as u64), ("d", d as u64)])
    }
    fn power_on() -> Gated {
        Gated { q: false, en_l: false, gclk: false, d: false }
    }
    fn step(s: &Gated, (clk, en, d): (bool, bool, bool)) -> Gated {
        let en_l = if clk { s.en_l } else { en };
        let gclk = clk && en_l;
        Gated { q: if !s.gclk && gclk { s.d } else { s.q }, en_l, gclk, d }
    }
    fn observe(s: &Gated, _: &()) -> Vec<u64> {
        vec![s.q as u64]
    }
}

/// A latch-based clock gate through `verify_verilog` (issue 56): the gate
/// passes at every level that takes a latch (the netlist in Icarus and in
/// bitsim, its LUT loop cut with a register of the step before, and so
/// proven equal to the Verilog; the bitstream in Icarus; the bitstream's
/// bitsim row and its proof say why not: the iCE40 makes the latch a loop
/// of LUTs, which its netlist holds across a LUT and the tile's wiring),
/// and the same gate with
/// its latch open while the clock is high (so that the enable rising makes
/// an edge of the gated clock) is caught at every level that runs it, the
/// netlist's bitsim among them. (Its flip-flop look-alike,
/// `gate_ff.v`, reads the clock both at a clock pin and in the gate, a
/// race where it changes, and `verify_verilog` refuses it, as
/// `verify_verilog_refuses_what_its_levels_do_not_run` shows.)
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn verify_verilog_takes_a_latch_based_clock_gate() {
    use nimforge_verify::{Hardware, Project, ProofStatus, Stage, Status, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-clock-gate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    let gate = |holder: &str| {
        format!(
            "module gate(input clk, input en, input d, output reg q = 0);\n  reg en_l;\n  {holder}\n  \
             wire gclk = clk & en_l;\n  always @(posedge gclk) q <= d;\nendmodule\n"
        )
    };
    std::fs::write(dir.join("right.v"), gate("always @* if (!clk) en_l = en;")).unwrap();
    std::fs::write(dir.join("wrong.v"), gate("always @* if (clk) en_l = en;")).unwrap();
    let right = project.verify_verilog::<Gate>("right.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.passed_where_run(), "{}", right.tables());
    // The latch is a LUT whose output is its own input: netlist/bitsim
    // cuts it with a register of the step before and runs; the bitstream's
    // netlist has it as a loop, which bitsim does not take.
    let row = |report: &nimforge_verify::Verified, level| {
        report.levels.iter().find(|r| r.level == Stage::bitsim(level)).unwrap_or_else(|| panic!("{}", report.tables())).clone()
    };
    assert_eq!(row(&right, Hardware::Netlist).status, Status::Passed, "{}", right.tables());
    let bitstream = row(&right, Hardware::Bitstream);
    assert!(bitstream.status == Status::NotApplicable && bitstream.coverage.contains("a loop of LUTs"), "{}", right.tables());
    assert!(right.levels.iter().filter(|r| r.status == Status::Passed).count() >= 6, "{}", right.tables());
    // The proofs: the synthesised netlist, its loop cut as bitsim cuts it,
    // proven equal to the Verilog in steps; the bitstream's loop is not cut.
    let proof =
        |report: &nimforge_verify::Verified, pair: &str| report.proofs.iter().find(|p| p.pair == pair).unwrap_or_else(|| panic!("{}", report.tables())).clone();
    let (netlist, bitstream) = ("netlist=verilog", "bitstream=netlist");
    assert_eq!(proof(&right, netlist).status, ProofStatus::Proven, "{}", right.tables());
    assert!(proof(&right, bitstream).status == ProofStatus::NotClosed && proof(&right, bitstream).detail.contains("a loop of LUTs"), "{}", right.tables());
    let wrong = project.verify_verilog::<Gate>("wrong.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wrong.caught_everywhere(), "{}", wrong.tables());
    assert_eq!(row(&wrong, Hardware::Netlist).status, Status::Mismatched, "{}", wrong.tables());
    // Synthesis is faithful to the wrong gate too: its netlist is its
    // Verilog's, latch and all.
    assert_eq!(proof(&wrong, netlist).status, ProofStatus::Proven, "{}", wrong.tables());
    std::fs::remove_dir_all(&dir).ok();
}

/// The latch's loop cut for the provers (`yosys::cut_latch_loops`): an
/// iCE40 LUT whose output is its own input (a latch, as `synth_ice40` makes
/// one) is cut, and the cut netlist is proven equal, in steps, to a latch
/// written in Verilog (and not to one open on the other level); a loop
/// through two LUTs is not cut, and no netlist is given for the provers.
#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_latch_loop_is_cut_for_the_provers_only_where_it_is_one_lut() {
    let dir = std::env::temp_dir().join(format!("nimforge-cut-loops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cells = yosys::ice40_cells(&dir).unwrap();
    // q = en ? d : q, one LUT: I0 = d, I1 = en, I2 = q (LUT_INIT bit k is
    // the output where {I3, I2, I1, I0} = k).
    let latch = |init: &str| {
        format!("module t(input en, input d, output q);\n  SB_LUT4 #(.LUT_INIT(16'h{init})) l (.O(q), .I0(d), .I1(en), .I2(q), .I3(1'b0));\nendmodule\n")
    };
    let one = dir.join("one.v");
    std::fs::write(&one, latch("b8b8")).unwrap();
    let cut = yosys::cut_latch_loops(&Sources::files(&[&one, &cells]), "t", &dir.join("one")).unwrap().expect("one LUT's loop is cut");
    let open_when = |level: &str, name: &str| {
        let f = dir.join(name);
        std::fs::write(&f, format!("module t(input en, input d, output reg q);\n  always @* if ({level}en) q = d;\nendmodule\n")).unwrap();
        f
    };
    let prove = |gold: &Path, name: &str| {
        yosys::equivalence_abc_first("netlist=verilog", (&Sources::from(gold), "t"), (&Sources::files(&[&cut]), "t"), 8, Time::Steps, &dir.join(name)).unwrap()
    };
    let right = prove(&open_when("", "high.v"), "high");
    assert_eq!(right.verdict, yosys::ProofOutcome::Proven, "{}", right.detail);
    let wrong = prove(&open_when("!", "low.v"), "low");
    assert_eq!(wrong.verdict, yosys::ProofOutcome::Refuted, "{}", wrong.detail);
    // The loop through two LUTs: q = en ? d : p, p = q.
    let two = dir.join("two.v");
    std::fs::write(
        &two,
        "module t(input en, input d, output q);\n  wire p;\n  \
         SB_LUT4 #(.LUT_INIT(16'hb8b8)) l (.O(q), .I0(d), .I1(en), .I2(p), .I3(1'b0));\n  \
         SB_LUT4 #(.LUT_INIT(16'haaaa)) b (.O(p), .I0(q), .I1(1'b0), .I2(1'b0), .I3(1'b0));\nendmodule\n",
    )
    .unwrap();
    assert_eq!(yosys::cut_latch_loops(&Sources::files(&[&two, &cells]), "t", &dir.join("two")).unwrap(), None);
    std::fs::remove_dir_all(&dir).ok();
}

/// The lamp of `Toggler` in steps, asked for by declaring `clock` among the
/// inputs: the reset puts the lamp out at the step it comes
/// (`clk2fflogic`), between edges as well, and at a rising edge of `clock`
/// the register takes what its block made of the inputs at the step
/// before (out, if the reset was on then; else toggled by `flip`). At
/// power-on the clock is taken to have been high.
struct SteppedToggler;

impl nimforge_verify::Machine for SteppedToggler {
    /// The lamp, and `clock`, `flip` and `reset` at the step before.
    type State = (bool, [bool; 3]);
    type Extra = ();
    type Press = (bool, bool, bool);
    const NAME: &'static str = "toggler";
    const MODULE: &'static str = "toggler";
    nimforge_verify::verilog_ports!(inputs: [clock: 1, flip: 1, reset: 1]; outputs: [lamp: 1]);
    fn alphabet() -> Vec<(bool, bool, bool)> {
        (0..8).map(|k| (k & 4 != 0, k & 2 != 0, k & 1 != 0)).collect()
    }
    fn letter((clock, flip, reset): (bool, bool, bool)) -> nimforge_verify::Letter {
        let name = format!("{}{}{}", if clock { "C" } else { "c" }, if flip { "F" } else { "-" }, if reset { "R" } else { "-" });
        nimforge_verify::Letter::of::<Self>(name, &[("clock", clock as u64), ("flip", flip as u64), ("reset", reset as u64)])
    }
    fn power_on() -> (bool, [bool; 3]) {
        (false, [true, false, false])
    }
    fn step(&(on, [clock0, flip0, reset0]): &(bool, [bool; 3]), (clock, flip, reset): (bool, bool, bool)) -> (bool, [bool; 3]) {
        let taken = if !clock0 && clock { !reset0 && (on ^ flip0) } else { on };
        (!reset && taken, [clock, flip, reset])
    }
    fn observe(s: &(bool, [bool; 3]), _: &()) -> Vec<u64> {
        vec![s.0 as u64]
    }
}

/// An asynchronous reset in steps (issue 56: "an exact model where
/// `async2sync` is only an approximation"): the same lamp as
/// `verify_verilog_takes_an_asynchronous_reset_at_every_level`, against a
/// model that declares `clock` among its inputs, passes every level with
/// the reset acting between edges; a lamp whose reset waits for the edge
/// (`async2sync`'s reading, in the file) is caught at every level.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn verify_verilog_takes_an_asynchronous_reset_in_steps() {
    use nimforge_verify::{Project, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-async-steps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    let lamp = |edge: &str| {
        format!(
            "module toggler(input clock, input flip, input reset, output reg lamp = 0);\n  always @(posedge clock{edge})\n    \
             if (reset) lamp <= 0;\n    else if (flip) lamp <= ~lamp;\nendmodule\n"
        )
    };
    std::fs::write(dir.join("right.v"), lamp(" or posedge reset")).unwrap();
    std::fs::write(dir.join("wrong.v"), lamp("")).unwrap();
    let right = project.verify_verilog::<SteppedToggler>("right.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.passed() || (right.skipped() && right.passed_where_run()), "{}", right.tables());
    assert!(
        right.levels.iter().all(|r| r.status != nimforge_verify::Status::Passed || r.coverage.contains("declares its clock among its inputs")),
        "{}",
        right.tables()
    );
    let wrong = project.verify_verilog::<SteppedToggler>("wrong.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wrong.caught_everywhere(), "{}", wrong.tables());
    std::fs::remove_dir_all(&dir).ok();
}

/// The dual-clock FIFO of `testbenches/check/afifo.v` (two 1-bit words,
/// Gray-coded pointers, each brought into the other clock's domain through
/// two flip-flops), with initial values, as a model in steps: at a rising
/// edge of `wclk` the write side's registers take what they made of the
/// state and the inputs at the step before, at one of `rclk` the read
/// side's, both from the state before the step where both clocks rise.
struct Fifo;

/// The FIFO's registers, and the inputs of the step before (`wclk`,
/// `rclk`, `winc`, `wdata`, `rinc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct FifoState {
    mem: [bool; 2],
    wbin: u8,
    rbin: u8,
    rq: [u8; 2],
    wq: [u8; 2],
    before: [bool; 5],
}

impl FifoState {
    fn gray(bin: u8) -> u8 {
        bin ^ (bin >> 1)
    }
    fn wfull(&self) -> bool {
        FifoState::gray(self.wbin) == !self.rq[1] & 3
    }
    fn rempty(&self) -> bool {
        FifoState::gray(self.rbin) == self.wq[1]
    }
}

impl nimforge_verify::Machine for Fifo {
    type State = FifoState;
    type Extra = ();
    type Press = [bool; 5];
    const NAME: &'static str = "afifo";
    const MODULE: &'static str = "afifo";
    nimforge_verify::verilog_ports!(inputs: [wclk: 1, rclk: 1, winc: 1, wdata: 1, rinc: 1]; outputs: [rdata: 1, wfull: 1, rempty: 1]);
    fn alphabet() -> Vec<[bool; 5]> {
        (0..32).map(|k: u8| [0, 1, 2, 3, 4].map(|b| k >> (4 - b) & 1 == 1)).collect()
    }
    fn letter(p: [bool; 5]) -> nimforge_verify::Letter {
        let name: String = ["Ww", "Rr", "Ii", "Dd", "Tt"].iter().zip(p).map(|(c, on)| if on { &c[..1] } else { &c[1..] }).collect();
        let ports = ["wclk", "rclk", "winc", "wdata", "rinc"];
        let set: Vec<(&str, u64)> = ports.iter().zip(p).map(|(n, v)| (*n, v as u64)).collect();
        nimforge_verify::Letter::of::<Self>(name, &set)
    }
    fn power_on() -> FifoState {
        FifoState { mem: [false; 2], wbin: 0, rbin: 0, rq: [0; 2], wq: [0; 2], before: [true, true, false, false, false] }
    }
    fn step(s: &FifoState, p: [bool; 5]) -> FifoState {
        let [wclk0, rclk0, winc, wdata, rinc] = s.before;
        let mut next = FifoState { before: p, ..*s };
        if !wclk0 && p[0] {
            next.rq = [FifoState::gray(s.rbin), s.rq[0]];
            if winc && !s.wfull() {
                next.mem[(s.wbin & 1) as usize] = wdata;
                next.wbin = (s.wbin + 1) & 3;
            }
        }
        if !rclk0 && p[1] {
            next.wq = [FifoState::gray(s.wbin), s.wq[0]];
            if rinc && !s.rempty() {
                next.rbin = (s.rbin + 1) & 3;
            }
        }
        next
    }
    fn observe(s: &FifoState, _: &()) -> Vec<u64> {
        vec![s.mem[(s.rbin & 1) as usize] as u64, s.wfull() as u64, s.rempty() as u64]
    }
}

/// A dual-clock FIFO through `verify_verilog` (issue 56: "a model checked
/// against a two-clock design"): it passes every level, every pair state
/// of it and the model searched under every letter; the mutant of
/// `afifo_wrong_domain.v` (the read pointer synchronised on `rclk`, the
/// wrong clock: the same machine while the clocks tick together) is caught
/// at every level.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn verify_verilog_takes_a_dual_clock_fifo() {
    use nimforge_verify::{Project, Ui};
    let dir = std::env::temp_dir().join(format!("nimforge-afifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::new(&dir);
    // The corpus's files, with initial values (the levels power on as the
    // file says; the check gives 0 to a register with none).
    let initialised = |file: &str| {
        std::fs::read_to_string(corpus(file))
            .unwrap()
            .replace("reg [1:0] wbin, rbin;", "reg [1:0] wbin = 0, rbin = 0;\n  initial begin mem[0] = 0; mem[1] = 0; end")
            .replace("reg [1:0] rq1, rq2, wq1, wq2;", "reg [1:0] rq1 = 0, rq2 = 0, wq1 = 0, wq2 = 0;")
    };
    std::fs::write(dir.join("right.v"), initialised("afifo.v")).unwrap();
    std::fs::write(dir.join("wrong.v"), initialised("afifo_wrong_domain.v")).unwrap();
    assert!(std::fs::read_to_string(dir.join("wrong.v")).unwrap().contains("wbin = 0"));
    let right = project.verify_verilog::<Fifo>("right.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.passed() || (right.skipped() && right.passed_where_run()), "{}", right.tables());
    assert!(right.levels.iter().any(|r| r.exhaustive), "{}", right.tables());
    let wrong = project.verify_verilog::<Fifo>("wrong.v", &Ui::quiet()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wrong.caught_everywhere(), "{}", wrong.tables());
    std::fs::remove_dir_all(&dir).ok();
}
