//! A design written in Verilog by hand, checked against a model in Rust at
//! every level that applies: `examples/verilog/lock.v`, a four-digit
//! combination lock with a lockout. The Rust here is the model (the lock
//! from its rules), the presses and the ports; the design is the file.
//! Then a wrong variant (the lockout after the fourth wrong try, not the
//! third: one character changed in a copy of the file) is run through the
//! same levels, and every simulated level must catch it with the presses
//! from power-on that show it.
//!
//! Last, a lock with state its model lacks (`examples/verilog/sleepy_lock.v`,
//! asleep after three quiet cycles at rest) must be caught at every bitsim
//! level by the transition search, which keys on the model's state together
//! with the design's registers.
//!
//! `cargo run --release --example verilog_design` (CI runs it; exit 0 when
//! the lock passes and both variants are caught).

use nimforge_verify::prelude::*;
use nimforge_verify::Run;

// ---- The model: the lock from its rules, in plain Rust. ----

/// The digits that open the lock, in order.
const CODE: [u8; 4] = [4, 1, 9, 2];
/// The wrong tries in a row that lock the keys out, and for how many cycles.
const TRIES: u8 = 3;
const LOCKOUT: u8 = 15;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Lock {
    open: bool,
    /// Digits of the code entered so far.
    entered: u8,
    /// Wrong tries in a row.
    tries: u8,
    /// Cycles of lockout left.
    timer: u8,
}

impl Lock {
    fn step(self, press: Press) -> Lock {
        match press {
            Press::Reset => Lock::default(),
            _ if self.timer > 0 => Lock { timer: self.timer - 1, ..self },
            Press::None => self,
            Press::Digit(_) if self.open => Lock { open: false, entered: 0, ..self },
            Press::Digit(d) if d == CODE[self.entered as usize] && self.entered == 3 => Lock { open: true, entered: 0, tries: 0, timer: 0 },
            Press::Digit(d) if d == CODE[self.entered as usize] => Lock { entered: self.entered + 1, ..self },
            Press::Digit(_) if self.tries + 1 == TRIES => Lock { entered: 0, tries: 0, timer: LOCKOUT, ..self },
            Press::Digit(_) => Lock { entered: 0, tries: self.tries + 1, ..self },
        }
    }
}

// ---- The presses: what a person can do in one clock cycle. ----

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Press {
    None,
    Reset,
    Digit(u8),
}

// ---- The machine: ports (as in the file), presses and model joined. ----

struct LockMachine;

impl Machine for LockMachine {
    type State = Lock;
    type Extra = ();
    type Press = Press;
    const NAME: &'static str = "lock";
    /// The top module in the file.
    const MODULE: &'static str = "lock";

    // The module's ports besides `clock`, with their widths; nimforge reads
    // the file's (yosys) and refuses a difference, listing what it found.
    verilog_ports!(
        inputs: [reset: 1, key: 4];
        outputs: [open: 1, lockout: 1, entered: 2, tries: 2]);

    fn alphabet() -> Vec<Press> {
        let mut presses = vec![Press::None, Press::Reset];
        presses.extend((1..=9).map(Press::Digit));
        presses
    }
    fn letter(p: Press) -> Letter {
        match p {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::Digit(d) => Letter::of::<Self>(format!("KEY {d}"), &[("key", d as u64)]),
        }
    }
    fn home() -> Option<Press> {
        Some(Press::Reset)
    }
    fn power_on() -> Lock {
        Lock::default()
    }
    fn step(state: &Lock, press: Press) -> Lock {
        state.step(press)
    }
    fn observe(s: &Lock, _: &()) -> Vec<u64> {
        vec![s.open as u64, (s.timer > 0) as u64, s.entered as u64, s.tries as u64]
    }
}

// ---- The run: the lock, then its wrong variant. ----

fn main() -> std::process::ExitCode {
    let project = Project::new("build/verilog_design");
    let file = std::path::absolute("examples/verilog/lock.v").expect("a working directory");
    let run = || -> Result<bool, Error> {
        let verified = project.verify_verilog::<LockMachine>(&file, &Ui::terminal())?;
        println!("{}\n", verified.tables());
        // Every level passed, none skipped, every proof proven.
        let right = verified.passed();

        // The variant: locked out after the fourth wrong try.
        let text = std::fs::read_to_string(&file).map_err(|e| Error::io(format!("reading {}", file.display()), e))?;
        let wrong_text = text.replacen("tries == 2'd2", "tries == 2'd3", 1);
        assert_ne!(text, wrong_text, "the variant differs from the lock");
        let wrong = project.root().join("wrong/lock.v");
        std::fs::create_dir_all(wrong.parent().unwrap()).map_err(|e| Error::io("creating build/verilog_design/wrong", e))?;
        std::fs::write(&wrong, wrong_text).map_err(|e| Error::io(format!("writing {}", wrong.display()), e))?;
        println!("The wrong variant ({}): locked out after the fourth wrong try", wrong.display());
        let caught = project.verify_verilog::<LockMachine>(&wrong, &Ui::terminal())?;
        println!("{}\n", caught.tables());
        // Every simulated level that ran must have caught it, with the
        // presses from power-on and their VCD; the proofs compare levels
        // with each other, not with the model, and prove.
        let all_caught = caught.caught_everywhere();
        if !all_caught {
            eprintln!("verilog_design: a level did not catch the wrong variant");
        }

        // The sleepy lock (examples/verilog/sleepy_lock.v): state the model
        // does not have, wrong only after three quiet cycles at rest. The
        // runs of the tour never stay at rest so long; the search, keyed on
        // the model's state with the design's registers, reaches it, so
        // every bitsim level must catch it, with its way from power-on and
        // the VCD of it.
        let sleepy = std::path::absolute("examples/verilog/sleepy_lock.v").expect("a working directory");
        println!("The sleepy lock ({}): asleep after three quiet cycles at rest, a state the model lacks", sleepy.display());
        let slept = project.verify_verilog::<LockMachine>(&sleepy, &Ui::terminal())?;
        println!("{}\n", slept.tables());
        let bitsim: Vec<_> = slept.levels.iter().filter(|r| r.level.run().map(Run::engine) == Some(Engine::Bitsim)).collect();
        let sleep_caught = bitsim.len() == 3
            && bitsim.iter().all(|r| {
                r.status == Status::Mismatched
                    && r.replay.as_ref().is_some_and(|p| p.presses.len() >= 4 && p.vcd.as_ref().is_some_and(|v| std::path::Path::new(v).is_file()))
            });
        if !sleep_caught {
            eprintln!("verilog_design: a bitsim level did not catch the sleepy lock with its presses and VCD");
        }
        Ok(right && all_caught && sleep_caught)
    };
    match run() {
        Ok(right) => std::process::ExitCode::from(if right { 0 } else { 1 }),
        Err(e) => {
            eprintln!("verilog_design: {e}");
            e.exit_code()
        }
    }
}
