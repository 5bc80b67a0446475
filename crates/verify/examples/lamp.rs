//! The smallest machine of one's own: a lamp that one button toggles,
//! written in rust-hdl, its model in plain Rust, generated into a
//! directory and verified at every level by `Project::main`: the tables,
//! and exit 0 when every level passed and every proof was proven, 1 when
//! something was wrong, 2 when something could not run (a level whose tool
//! is not installed is skipped, and the table says so). The workspace's
//! `examples/own_design.rs` does the same for a whole game, with a board
//! build and a wrong variant caught.
//!
//! `cargo run --release -p nimforge-verify --example lamp [DIR]`

use nimforge_verify::prelude::*;
use rust_hdl::prelude::*;

/// The lamp: each cycle with `flip` high toggles it.
#[derive(LogicBlock, Default)]
pub struct Lamp {
    pub clock: Signal<In, Clock>,
    pub flip: Signal<In, Bit>,
    pub lamp: Signal<Out, Bit>,
    on: DFF<Bit>,
}

impl Logic for Lamp {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, on);
        self.lamp.next = self.on.q.val();
        if self.flip.val() {
            self.on.d.next = !self.on.q.val();
        }
    }
}

/// One cycle's press.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    None,
    Flip,
}

/// The model: the lamp is on or off.
struct Toggle;

impl Machine for Toggle {
    type State = bool;
    type Extra = ();
    type Design = Lamp;
    type Press = Press;
    const NAME: &'static str = "lamp";
    const MODULE: &'static str = "lamp";

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
        Lamp::default()
    }
}

fn main() -> std::process::ExitCode {
    let dir = std::env::args().nth(1).filter(|a| a != "--junit").map_or_else(|| std::env::temp_dir().join("nimforge-lamp"), Into::into);
    Project::new(dir).main::<Toggle>("crates/verify/examples/lamp.rs")
}
