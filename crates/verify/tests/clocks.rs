//! Time in steps (issue 56), through the library as a user calls it: an
//! asynchronous reset where yosys's `async2sync` (time in cycles of the
//! clock) proves a pair equal that differs once the reset may come and go
//! between two edges, and a dual-clock FIFO whose mutant (a synchroniser on
//! the wrong clock) is the same machine while the two clocks tick together
//! and differs when they interleave; and the one counterexample the check
//! returns, a shortest; and a difference through a block Icarus never runs,
//! or runs otherwise than yosys reads it, refused in the user's words. Last,
//! `verify_verilog` refusing, in the user's words, a design its levels do
//! not run.

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

/// `verify_verilog`'s levels run one rising clock, `clock` (issue 56):
/// a design with a register on a falling edge, a second clock, a latch or a
/// clock made by logic is refused before any level runs, in one line naming
/// what departs, the file and the line, and the ways out. Before, each
/// level failed or mismatched in its own words (the falling edge: the
/// bitsim levels "a derived clock is not simulated", Icarus and Verilator
/// each a mismatch at a different cycle, the proofs proven). The same lamp
/// on `posedge clock` runs.
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
        ("other.v", "  always @(posedge clock2)\n    if (flip) lamp <= ~lamp;\n", "has registers clocked by clock2, not by its input clock"),
        ("latch.v", "  reg l;\n  always @* if (clock) l = flip;\n  always @(posedge clock)\n    if (l) lamp <= ~lamp;\n", "has a latch: l (latch.v:3)"),
        ("gated.v", "  wire g = clock & flip;\n  always @(posedge g)\n    lamp <= ~lamp;\n", "has registers (gated.v:3) clocked by the output of a gate"),
    ];
    for (file, body, says) in refused {
        std::fs::write(dir.join(file), format!("{head}{body}endmodule\n")).unwrap();
        let Err(e) = project.verify_verilog::<Toggle>(file, &Ui::quiet()) else { panic!("{file}: taken") };
        let line = e.to_string();
        assert!(matches!(e, Error::Design(_)), "{file}: {e:?}");
        assert!(line.contains(says) && line.contains("write its registers on `posedge clock`") && line.contains("`nimforge check`"), "{file}: {line}");
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
