//! The bit-parallel evaluator: every net is a slot whose bits are
//! independent vectors (lanes): a `u64` carries 64, a [`Wide<K>`] carries
//! 64 × K (the compiler turns its loops into SIMD instructions). One
//! [`Sim::eval`] runs every op once, in topological order; [`Sim::clock`] is
//! one rising edge for every lane.

use super::graph::{Cube, LatchSlots, Literal, Op};
use super::kernel::Kernel;
use super::Netlist;
pub use crate::word::{Wide, Word};
use std::sync::Arc;

/// A running copy of a netlist: its program and the value of every net.
/// [`Sim::eval`] runs the netlist's compiled kernel when the CPU and the
/// word allow one ([`super::kernel`]), else the interpreter; after an eval
/// the outputs and every flip-flop's D are the same either way (the
/// kernel keeps the nets in between in registers).
#[derive(Clone)]
pub struct Sim<W: Word = u64> {
    kernel: Option<Arc<Kernel>>,
    scratch: Vec<u8>,
    ops: Vec<Op>,
    cubes: Vec<Cube>,
    literals: Vec<Literal>,
    pub(super) latches: Vec<LatchSlots>,
    pub(super) inputs: Vec<u32>,
    pub(super) outputs: Vec<u32>,
    pub(super) slots: Vec<W>,
    /// The D values sampled at a clock, before any Q changes.
    sampled: Vec<W>,
    /// Whether no latch's D is a latch's Q, so a clock copies in one pass.
    direct_clock: bool,
}

impl<W: Word> Sim<W> {
    /// Every input 0 and every latch at its init value in all lanes; init 2
    /// and 3 (don't-care, unknown) start at 0. Call [`Sim::eval`] before
    /// reading outputs. Evaluates with the netlist's kernel when there is one.
    pub fn new(netlist: &Netlist) -> Sim<W> {
        let mut sim = Sim::interpreted(netlist);
        sim.kernel = netlist.kernel(std::mem::size_of::<W>());
        sim.scratch = vec![0u8; sim.kernel.as_ref().map_or(0, |k| k.scratch_bytes())];
        sim
    }

    /// The same, evaluated by `kernel` (compiled for this netlist and word).
    pub fn with_kernel(netlist: &Netlist, kernel: Arc<Kernel>) -> Sim<W> {
        let mut sim = Sim::interpreted(netlist);
        sim.scratch = vec![0u8; kernel.scratch_bytes()];
        // A hoisting kernel's values after the nets (see `Sim::hoist`).
        sim.slots.resize(sim.slots.len() + kernel.extra_slots(), W::ZERO);
        sim.kernel = Some(kernel);
        sim
    }

    /// Every flip-flop's Q, in the netlist's latch order.
    pub fn latch_values(&self) -> Vec<W>
    where
        W: PartialEq,
    {
        self.latches.iter().map(|l| self.slots[l.q as usize]).collect()
    }

    /// The same, always evaluated by the interpreter (the reference).
    pub fn interpreted(netlist: &Netlist) -> Sim<W> {
        let p = &netlist.program;
        // Every slot the program names exists: `eval` relies on it.
        let slots = p.nets.len();
        let named = p.ops.iter().flat_map(op_slots).chain(p.literals.iter().map(|l| l >> 1));
        let named = named.chain(p.latches.iter().flat_map(|l| [l.d, l.q])).chain(p.inputs.iter().copied());
        assert!(named.chain(p.outputs.iter().copied()).all(|i| (i as usize) < slots), "slot out of range");
        for op in &p.ops {
            if let Op::Sop { first, count, .. } = *op {
                let cubes = &p.cubes[first as usize..(first + count) as usize];
                assert!(cubes.iter().all(|c| (c.first + c.count) as usize <= p.literals.len()));
            }
        }
        let mut sim = Sim {
            kernel: None,
            scratch: Vec::new(),
            ops: p.ops.clone(),
            cubes: p.cubes.clone(),
            literals: p.literals.clone(),
            latches: p.latches.clone(),
            inputs: p.inputs.clone(),
            outputs: p.outputs.clone(),
            slots: vec![W::ZERO; slots],
            sampled: vec![W::ZERO; p.latches.len()],
            direct_clock: {
                let qs: std::collections::HashSet<u32> = p.latches.iter().map(|l| l.q).collect();
                !p.latches.iter().any(|l| qs.contains(&l.d))
            },
        };
        sim.reset();
        sim
    }

    /// Back to the start: inputs 0, latches at their init values.
    pub fn reset(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = W::ZERO);
        for l in &self.latches {
            self.slots[l.q as usize] = if l.init { W::ONES } else { W::ZERO };
        }
    }

    /// Input bit `bit` (an index into `.inputs`) in every lane.
    pub fn set_input(&mut self, bit: usize, lanes: W) {
        self.slots[self.inputs[bit] as usize] = lanes;
    }

    /// Output bit `bit` (an index into `.outputs`) in every lane.
    pub fn output(&self, bit: usize) -> W {
        self.slots[self.outputs[bit] as usize]
    }

    /// Output bit `bit` in every lane, not copied.
    pub fn output_ref(&self, bit: usize) -> &W {
        &self.slots[self.outputs[bit] as usize]
    }

    /// What the compiled kernel is made of, if one runs.
    pub fn kernel_size(&self) -> Option<super::kernel::Size> {
        self.kernel.as_ref().map(|k| k.size)
    }

    /// Whether [`Sim::eval`] runs a compiled kernel.
    pub fn compiled(&self) -> bool {
        self.kernel.is_some()
    }

    /// Runs every op once: all nets follow the inputs and latch outputs.
    /// On an x86-64 with AVX2 (checked when the program runs) the same code
    /// is compiled for it: a [`Wide`] op is then one or two instructions.
    pub fn eval(&mut self) {
        if let Some(k) = &self.kernel {
            // Safety: the kernel was compiled for this program and this word
            // size, and `slots` holds every slot the program names.
            unsafe { k.run(self.slots.as_mut_ptr() as *mut u8, std::mem::size_of::<W>(), &mut self.scratch) };
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // Safety: the CPU has AVX2, the only feature the function needs.
            unsafe { self.eval_avx2() };
            return;
        }
        self.eval_ops();
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn eval_avx2(&mut self) {
        self.eval_ops();
    }

    #[inline(always)]
    fn eval_ops(&mut self) {
        let s = &mut self.slots[..];
        for op in &self.ops {
            match *op {
                Op::Const0 { out } => *at_mut(s, out) = W::ZERO,
                Op::Const1 { out } => *at_mut(s, out) = W::ONES,
                Op::Buf { out, a } => *at_mut(s, out) = at(s, a),
                Op::Not { out, a } => *at_mut(s, out) = !at(s, a),
                Op::And { out, a, b } => *at_mut(s, out) = at(s, a) & at(s, b),
                Op::Or { out, a, b } => *at_mut(s, out) = at(s, a) | at(s, b),
                Op::Xor { out, a, b } => *at_mut(s, out) = at(s, a) ^ at(s, b),
                Op::Nand { out, a, b } => *at_mut(s, out) = !(at(s, a) & at(s, b)),
                Op::Nor { out, a, b } => *at_mut(s, out) = !(at(s, a) | at(s, b)),
                Op::Xnor { out, a, b } => *at_mut(s, out) = !(at(s, a) ^ at(s, b)),
                Op::AndNot { out, a, b } => *at_mut(s, out) = at(s, a) & !at(s, b),
                Op::OrNot { out, a, b } => *at_mut(s, out) = at(s, a) | !at(s, b),
                Op::Mux { out, s: sel, a, b } => {
                    let sel = at(s, sel);
                    *at_mut(s, out) = (sel & at(s, b)) | (!sel & at(s, a));
                }
                Op::Sop { out, first, count, invert } => {
                    let cubes = &self.cubes[first as usize..(first + count) as usize];
                    let value = sum_of_products(s, cubes, &self.literals);
                    *at_mut(s, out) = if invert { !value } else { value };
                }
            }
        }
    }

    /// For a kernel compiled with slow slots
    /// ([`Kernel::compile_hoisting`]): works out what depends only on them.
    /// Call it after any of them changes (an input set, a clock that moves
    /// a slow flip-flop) and before the next evaluation; else nothing.
    pub fn hoist(&mut self) {
        if let Some(k) = &self.kernel {
            // Safety: as in `eval`; `with_kernel` made the extra slots.
            unsafe { k.run_hoisted(self.slots.as_mut_ptr() as *mut u8, std::mem::size_of::<W>(), &mut self.scratch) };
        }
    }

    /// [`Sim::eval`] then [`Sim::clock`], in one pass of the compiled
    /// kernel where it has one for this netlist: afterwards every Q holds
    /// its D (an output that is a Q shows it), the other outputs are those
    /// of the evaluation (from the Qs of before), and a D net that is not
    /// an output may keep an old value until the next [`Sim::eval`]. The
    /// interpreter evaluates, then clocks.
    pub fn eval_clock(&mut self) {
        if let Some(k) = &self.kernel {
            // Safety: as in `eval`.
            if unsafe { k.run_clocked(self.slots.as_mut_ptr() as *mut u8, std::mem::size_of::<W>(), &mut self.scratch) } {
                return;
            }
        }
        self.eval();
        self.clock();
    }

    /// One rising clock edge: every latch Q takes the D of the last eval.
    /// Call [`Sim::eval`] after it to update the nets that follow.
    pub fn clock(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx512f") {
            // Safety: the CPU has AVX-512F, the only feature the copy needs.
            return unsafe { self.clock_avx512() };
        }
        self.clock_copy();
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    unsafe fn clock_avx512(&mut self) {
        self.clock_copy();
    }

    /// The copies of a clock (with AVX-512, a 512-bit register at a time).
    #[inline(always)]
    fn clock_copy(&mut self) {
        if self.direct_clock {
            // No D is another latch's Q: each Q can take its D in place.
            for l in &self.latches {
                self.slots[l.q as usize] = self.slots[l.d as usize];
            }
            return;
        }
        for (sample, l) in self.sampled.iter_mut().zip(&self.latches) {
            *sample = self.slots[l.d as usize];
        }
        for (&sample, l) in self.sampled.iter().zip(&self.latches) {
            self.slots[l.q as usize] = sample;
        }
    }
}

impl Sim<u64> {
    /// Sets a port (its input bits, LSB first) to `values[lane]` in lanes
    /// `0..values.len()` (at most 64); other lanes get 0.
    pub fn set_inputs(&mut self, port: &[usize], values: &[u64]) {
        for (j, &bit) in port.iter().enumerate() {
            let word = values.iter().enumerate().fold(0u64, |w, (lane, v)| w | (((v >> j) & 1) << lane));
            self.set_input(bit, word);
        }
    }

    /// The value of a port (its output bits, LSB first) in lane `lane`.
    pub fn read_outputs(&self, port: &[usize], lane: usize) -> u64 {
        port.iter().enumerate().fold(0, |v, (j, &bit)| v | (((self.output(bit) >> lane) & 1) << j))
    }
}

/// The slots an op reads and writes (a cover's literals are checked apart).
fn op_slots(op: &Op) -> Vec<u32> {
    match *op {
        Op::Const0 { out } | Op::Const1 { out } | Op::Sop { out, .. } => vec![out],
        Op::Buf { out, a } | Op::Not { out, a } => vec![out, a],
        Op::And { out, a, b }
        | Op::Or { out, a, b }
        | Op::Xor { out, a, b }
        | Op::Nand { out, a, b }
        | Op::Nor { out, a, b }
        | Op::Xnor { out, a, b }
        | Op::AndNot { out, a, b }
        | Op::OrNot { out, a, b } => vec![out, a, b],
        Op::Mux { out, s, a, b } => vec![out, s, a, b],
    }
}

/// Slot `i`. Safety: [`Sim::new`] checked that every slot index of the
/// program is below `s.len()`, and the slots never change length.
#[inline(always)]
fn at<W: Word>(s: &[W], i: u32) -> W {
    debug_assert!((i as usize) < s.len());
    unsafe { *s.get_unchecked(i as usize) }
}

/// Slot `i` to write; see [`at`].
#[inline(always)]
fn at_mut<W: Word>(s: &mut [W], i: u32) -> &mut W {
    debug_assert!((i as usize) < s.len());
    unsafe { s.get_unchecked_mut(i as usize) }
}

/// The OR over `cubes` of the AND of each cube's literals.
#[inline(always)]
fn sum_of_products<W: Word>(s: &[W], cubes: &[Cube], literals: &[Literal]) -> W {
    let mut value = W::ZERO;
    for cube in cubes {
        let mut product = W::ONES;
        for &l in &literals[cube.first as usize..(cube.first + cube.count) as usize] {
            let v = s[(l >> 1) as usize];
            product = product & if l & 1 == 1 { !v } else { v };
        }
        value = value | product;
    }
    value
}
