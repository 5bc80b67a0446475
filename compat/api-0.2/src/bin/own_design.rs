//! Your own design through every level nimforge takes its machines: the
//! subtraction game (21 counters; each side takes 1, 2 or 3; who takes the
//! last wins), a machine that is not one of the six. One file: the design
//! in rust-hdl, its oracle in plain Rust, the letters that join them, and
//! the run: generate, verify at every level, build for the iCEstick. Then a
//! wrong variant of the design (it takes two, not one, from a multiple of
//! four) goes through the same levels, and every simulated level must catch
//! it with the presses from power-on that show it.
//!
//! `cargo run --release --example own_design` (the README's "Your own
//! design" goes through it line by line).

use nimforge_verify::prelude::*;
use rust_hdl::prelude::*;

// ---- The design: what the chip does, in rust-hdl. ----

/// The machine answers each take in the same clock cycle: it leaves a
/// multiple of four when it can, else takes `from_four` (one, in the right
/// design).
#[derive(LogicBlock)]
pub struct Subtraction {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    /// 0: no press; 1..3: the human takes that many.
    pub take: Signal<In, Bits<2>>,
    /// Counters on the table.
    pub left: Signal<Out, Bits<5>>,
    /// What the machine took in its last reply.
    pub machine_took: Signal<Out, Bits<2>>,
    /// 0 nobody yet, 1 the human, 2 the machine.
    pub winner: Signal<Out, Bits<2>>,
    /// A press was refused in the last cycle (too many, or the game is over).
    pub illegal: Signal<Out, Bit>,
    taken: DFF<Bits<5>>, // counters gone: power-on 0 is a full table
    took: DFF<Bits<2>>,
    won: DFF<Bits<2>>,
    refused: DFF<Bit>,
    full: Signal<Local, Bits<5>>,
    from_four: Constant<Bits<2>>,
    after: Signal<Local, Bits<5>>,
    reply: Signal<Local, Bits<2>>,
}

impl Subtraction {
    fn new(from_four: u64) -> Subtraction {
        Subtraction {
            clock: Default::default(),
            reset: Default::default(),
            take: Default::default(),
            left: Default::default(),
            machine_took: Default::default(),
            winner: Default::default(),
            illegal: Default::default(),
            taken: Default::default(),
            took: Default::default(),
            won: Default::default(),
            refused: Default::default(),
            full: Default::default(),
            from_four: Constant::new(from_four.into()),
            after: Default::default(),
            reply: Default::default(),
        }
    }
}

impl Logic for Subtraction {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, taken, took, won, refused);
        self.full.next = 21.into();
        self.left.next = self.full.val() - self.taken.q.val();
        self.after.next = self.left.val() - bit_cast::<5, 2>(self.take.val());
        if self.after.val().get_bits::<2>(0) == 0 {
            self.reply.next = self.from_four.val();
        } else {
            self.reply.next = self.after.val().get_bits::<2>(0);
        }
        self.refused.d.next = false;
        if self.take.val().any() {
            if self.won.q.val().any() | (bit_cast::<5, 2>(self.take.val()) > self.left.val()) {
                self.refused.d.next = true;
            } else if !self.after.val().any() {
                self.taken.d.next = self.full.val();
                self.took.d.next = 0.into();
                self.won.d.next = 1.into();
            } else {
                self.taken.d.next = self.taken.q.val() + bit_cast::<5, 2>(self.take.val()) + bit_cast::<5, 2>(self.reply.val());
                self.took.d.next = self.reply.val();
                if self.after.val() == bit_cast::<5, 2>(self.reply.val()) {
                    self.won.d.next = 2.into();
                }
            }
        }
        if self.reset.val() {
            self.taken.d.next = 0.into();
            self.took.d.next = 0.into();
            self.won.d.next = 0.into();
            self.refused.d.next = false;
        }
        self.machine_took.next = self.took.q.val();
        self.winner.next = self.won.q.val();
        self.illegal.next = self.refused.q.val();
    }
}

// ---- The oracle: the same machine from the rules, in plain Rust. ----

/// What the machine shows after a clock cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Game {
    left: u8,
    machine_took: u8,
    winner: u8,
    illegal: bool,
}

const FULL: Game = Game { left: 21, machine_took: 0, winner: 0, illegal: false };

impl Game {
    fn step(mut self, press: Press) -> Game {
        self.illegal = false;
        match press {
            Press::None => {}
            Press::Reset => return FULL,
            Press::Take(k) if self.winner != 0 || k > self.left => self.illegal = true,
            Press::Take(k) => {
                self.left -= k;
                self.machine_took = 0;
                if self.left == 0 {
                    self.winner = 1;
                    return self;
                }
                // Leave a multiple of four; from one, take a single counter.
                let m = if self.left.is_multiple_of(4) { 1 } else { self.left % 4 };
                self.left -= m;
                self.machine_took = m;
                if self.left == 0 {
                    self.winner = 2;
                }
            }
        }
        self
    }
}

// ---- The letters: what a person can do in one clock cycle. ----

#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    None,
    Reset,
    Take(u8),
}

// ---- The harness: design, oracle and letters joined for nimforge. ----

/// The machine; `WRONG`: the variant that takes two from a multiple of
/// four (the oracle is the same: the variant must fail).
struct Subtraction21<const WRONG: bool>;

impl<const WRONG: bool> Machine for Subtraction21<WRONG> {
    type State = Game;
    type Extra = ();
    type Design = Subtraction;
    type Press = Press;
    const NAME: &'static str = if WRONG { "subtraction-wrong" } else { "subtraction" };
    const MODULE: &'static str = if WRONG { "subtraction_wrong" } else { "subtraction" };

    ports!(Subtraction;
        inputs: [reset, take];
        outputs: [left, machine_took, winner, illegal]);

    fn alphabet() -> Vec<Press> {
        vec![Press::None, Press::Reset, Press::Take(1), Press::Take(2), Press::Take(3)]
    }
    fn letter(p: Press) -> Letter {
        match p {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::Take(k) => Letter::of::<Self>(format!("TAKE {k}"), &[("take", k as u64)]),
        }
    }
    fn home() -> Option<Press> {
        Some(Press::Reset) // back to power-on from anywhere
    }
    fn power_on() -> Game {
        FULL
    }
    fn step(state: &Game, press: Press) -> Game {
        state.step(press)
    }
    fn observe(g: &Game, _: &()) -> Vec<u64> {
        vec![g.left as u64, g.machine_took as u64, g.winner as u64, g.illegal as u64]
    }
    fn design() -> Subtraction {
        Subtraction::new(if WRONG { 2 } else { 1 })
    }
}

// ---- The run: generate, verify every level, build for the iCEstick. ----

fn main() -> std::process::ExitCode {
    let project = Project::new("build/own_design");
    let run = || -> Result<bool, Error> {
        project.generate::<Subtraction21<false>>("examples/own_design.rs")?;
        let verified = project.verify::<Subtraction21<false>>(&Ui::terminal())?;
        println!("{}\n", verified.tables());
        let built = project.build::<Subtraction21<false>>("icestick")?;
        println!("{}\n", nimforge_verify::build::table(&[built]));

        println!("The wrong variant: it takes two from a multiple of four");
        project.generate::<Subtraction21<true>>("examples/own_design.rs")?;
        let caught = project.verify::<Subtraction21<true>>(&Ui::terminal())?;
        println!("{}\n", caught.tables());
        // Every simulated level that ran must catch it, with the presses
        // from power-on and their VCD; the proofs compare levels with each
        // other, not with the model, and prove.
        if !caught.caught_everywhere() {
            eprintln!("own_design: a level did not catch the wrong variant");
        }
        // The right design: every level passed, none skipped, every proof proven.
        Ok(verified.passed() && caught.caught_everywhere())
    };
    match run() {
        Ok(right) => std::process::ExitCode::from(if right { 0 } else { 1 }),
        Err(e) => {
            eprintln!("own_design: {e}");
            e.exit_code()
        }
    }
}
