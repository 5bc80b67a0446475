//! The kernel against the interpreter: the same outputs and flip-flops
//! after every evaluation and every clock, on thousands of random netlists
//! (every kind of op the interpreter has, flip-flops, 1,024 lanes of random
//! inputs) and on every machine's netlists, with each instruction set the
//! CPU has.

use super::{Isa, Kernel};
use crate::{Netlist, Sim, Wide};
use std::sync::Arc;

type W = Wide<16>;

/// A small random generator (xorshift), seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random netlist: `inputs` inputs, latches with random inits, gates of 0
/// to 6 inputs with random covers (on-set or off-set rows, don't-cares),
/// each reading inputs, latches or earlier gates; outputs and latch Ds
/// drawn from every net.
fn random_blif(rng: &mut Rng) -> String {
    let inputs = 1 + rng.below(8);
    let latches = rng.below(8);
    let gates = 1 + rng.below(60);
    let mut nets: Vec<String> = (0..inputs).map(|i| format!("i{i}")).collect();
    nets.extend((0..latches).map(|i| format!("q{i}")));
    let mut text = format!(".model r\n.inputs clock {}\n", (0..inputs).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" "));
    let mut body = String::new();
    for g in 0..gates {
        let k = rng.below(7);
        let ins: Vec<String> = (0..k).map(|_| nets[rng.below(nets.len())].clone()).collect();
        let out = format!("g{g}");
        body += &format!(".names {}\n", ins.iter().chain(std::iter::once(&out)).cloned().collect::<Vec<_>>().join(" "));
        let on = rng.below(4) != 0;
        let rows = if k == 0 { rng.below(2) } else { 1 + rng.below(5) };
        for _ in 0..rows {
            let pattern: String = (0..k).map(|_| ['0', '1', '-'][rng.below(3)]).collect();
            body += &format!("{pattern}{}{}\n", if k > 0 { " " } else { "" }, if on { 1 } else { 0 });
        }
        nets.push(out);
    }
    for l in 0..latches {
        body += &format!(".latch {} q{l} re clock {}\n", nets[rng.below(nets.len())], rng.below(2));
    }
    let outputs: Vec<String> = (0..1 + rng.below(6)).map(|o| format!("o{o}")).collect();
    for o in &outputs {
        body += &format!(".names {} {o}\n1 1\n", nets[rng.below(nets.len())]);
    }
    text += &format!(".outputs {}\n{body}.end\n", outputs.join(" "));
    text
}

/// Every ISA the CPU has.
fn isas() -> Vec<Isa> {
    let mut v = Vec::new();
    if std::is_x86_feature_detected!("avx512f") {
        v.push(Isa::Avx512);
    }
    if std::is_x86_feature_detected!("avx2") {
        v.push(Isa::Avx2);
    }
    v
}

/// `cycles` clocks of random inputs through the interpreter and the kernel
/// of `isa`, and through the kernel's evaluation and clock in one pass
/// where it has one; the first difference, if any, and whether the one
/// pass was there.
///
/// A third copy hoists what depends only on a random half of the inputs
/// and flip-flops (`Kernel::compile_hoisting`), worked out again after
/// every change of them, and runs the one pass too.
fn compare(net: &Netlist, isa: Isa, cycles: usize, rng: &mut Rng) -> Result<Checked, String> {
    let kernel = Arc::new(Kernel::compile_for(net.program(), std::mem::size_of::<W>(), isa).map_err(|e| e.to_string())?);
    let clocks = kernel.clocks();
    let program = net.program();
    let candidates = program.inputs.iter().copied().chain(program.latches.iter().map(|l| l.q));
    let slow: Vec<u32> = candidates.filter(|_| rng.next() & 1 == 1).collect();
    let hoisting = Arc::new(Kernel::compile_hoisting(program, std::mem::size_of::<W>(), isa, &slow).map_err(|e| e.to_string())?);
    let hoisted = hoisting.extra_slots() > 0;
    let mut reference = Sim::<W>::interpreted(net);
    let mut compiled = Sim::<W>::with_kernel(net, kernel.clone());
    let mut one_pass = Sim::<W>::with_kernel(net, kernel);
    let mut hoister = Sim::<W>::with_kernel(net, hoisting);
    let program = net.program();
    let q_output = |o: usize| program.latches.iter().any(|l| l.q == program.outputs[o]);
    let same = |a: &Sim<W>, b: &Sim<W>, what: &str| -> Result<(), String> {
        for o in 0..net.outputs() {
            if a.output(o) != b.output(o) {
                return Err(format!("{what}: output {} differs", net.output_name(o)));
            }
        }
        if a.latch_values() != b.latch_values() {
            return Err(format!("{what}: the flip-flops differ"));
        }
        Ok(())
    };
    for cycle in 0..cycles {
        for i in 0..net.inputs() {
            let word = Wide(std::array::from_fn(|_| rng.next()));
            reference.set_input(i, word);
            compiled.set_input(i, word);
            one_pass.set_input(i, word);
            hoister.set_input(i, word);
        }
        reference.eval();
        compiled.eval();
        same(&reference, &compiled, &format!("cycle {cycle} after eval"))?;
        hoister.hoist();
        hoister.eval();
        same(&reference, &hoister, &format!("cycle {cycle} after hoist and eval"))?;
        hoister.eval_clock();
        hoister.hoist();
        // The one pass shows the evaluation's outputs and the clock's Qs
        // (an output that is a Q, the clock's).
        one_pass.eval_clock();
        let output_differs = |reference: &Sim<W>, is_q: bool| (0..net.outputs()).find(|&o| q_output(o) == is_q && reference.output(o) != one_pass.output(o));
        if let Some(o) = output_differs(&reference, false) {
            return Err(format!("cycle {cycle} after eval_clock: output {} differs", net.output_name(o)));
        }
        reference.clock();
        compiled.clock();
        if let Some(o) = output_differs(&reference, true) {
            return Err(format!("cycle {cycle} after eval_clock: output {} (a Q) differs", net.output_name(o)));
        }
        if reference.latch_values() != one_pass.latch_values() {
            return Err(format!("cycle {cycle} after eval_clock: the flip-flops differ"));
        }
        reference.eval();
        compiled.eval();
        one_pass.eval();
        same(&reference, &compiled, &format!("cycle {cycle} after clock"))?;
        same(&reference, &one_pass, &format!("cycle {cycle} after eval_clock and eval"))?;
        hoister.eval();
        same(&reference, &hoister, &format!("cycle {cycle} after eval_clock, hoist and eval"))?;
    }
    Ok(Checked { clocks, hoisted })
}

/// What a comparison ran besides the plain kernel.
struct Checked {
    /// The one pass of evaluation and clock.
    clocks: bool,
    /// Hoisted nodes.
    hoisted: bool,
}

#[test]
fn random_netlists_agree_with_the_interpreter() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let isas = isas();
    let (mut one_pass, mut hoisted) = (0, 0);
    for case in 0..3000 {
        let text = random_blif(&mut rng);
        let net = match Netlist::from_blif(&text) {
            Ok(n) => n,
            Err(e) => panic!("case {case}: the generator wrote a bad netlist ({e}):\n{text}"),
        };
        for &isa in &isas {
            match compare(&net, isa, 6, &mut rng) {
                Ok(c) => {
                    one_pass += c.clocks as usize;
                    hoisted += c.hoisted as usize;
                }
                Err(e) => panic!("case {case}, {isa:?}: {e}\n{text}"),
            }
        }
    }
    // Most random netlists allow the one pass (no D is a Q): the test
    // must have run it.
    assert!(isas.is_empty() || one_pass > 1000 * isas.len(), "only {one_pass} netlists ran the one pass");
    assert!(isas.is_empty() || hoisted > 500 * isas.len(), "only {hoisted} netlists hoisted nodes");
}

/// Every machine's netlists (yosys's generic gates, and the synth_ice40
/// JSON through the iCE40 cells) under random inputs.
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
#[test]
fn every_machine_agrees_with_the_interpreter() {
    use nimforge_flow::flow::yosys;
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let dir = std::env::temp_dir().join(format!("nimforge-kernel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x5eed_0000_0000_0002);
    for module in ["relay_nim", "nimatron", "nimrod", "learning", "die18", "wilson", "selector_4x8"] {
        let source = root.join("generated").join(format!("{module}.v"));
        let d = dir.join(module);
        std::fs::create_dir_all(&d).unwrap();
        let blif = yosys::synth_blif(&source, module, &d).unwrap();
        let synth = yosys::synth_ice40(&source, module, &d).unwrap();
        for file in [blif, synth.json] {
            let net = Netlist::from_file(&file).unwrap();
            for &isa in &isas() {
                let c = compare(&net, isa, 200, &mut rng).unwrap_or_else(|e| panic!("{}, {isa:?}: {e}", file.display()));
                let one_pass = if c.clocks { "the one pass too" } else { "no one pass" };
                eprintln!("{}, {isa:?}: {one_pass}{}", file.display(), if c.hoisted { ", hoisted nodes" } else { "" });
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
