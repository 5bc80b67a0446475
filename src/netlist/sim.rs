//! The bit-parallel evaluator: every net is a `u64` slot whose 64 bits are
//! 64 independent vectors (lanes). One [`Sim::eval`] runs every op once,
//! in topological order; [`Sim::clock`] is one rising edge for every lane.

use super::graph::{Cube, LatchSlots, Literal, Op};
use super::Netlist;

/// A running copy of a netlist: its program and the value of every net.
#[derive(Clone, Debug)]
pub struct Sim {
    ops: Vec<Op>,
    cubes: Vec<Cube>,
    literals: Vec<Literal>,
    latches: Vec<LatchSlots>,
    inputs: Vec<u32>,
    outputs: Vec<u32>,
    slots: Vec<u64>,
    /// The D values sampled at a clock, before any Q changes.
    sampled: Vec<u64>,
}

impl Sim {
    /// Every input 0 and every latch at its init value in all lanes; init 2
    /// and 3 (don't-care, unknown) start at 0. Call [`Sim::eval`] before
    /// reading outputs.
    pub fn new(netlist: &Netlist) -> Sim {
        let p = &netlist.program;
        let mut sim = Sim {
            ops: p.ops.clone(),
            cubes: p.cubes.clone(),
            literals: p.literals.clone(),
            latches: p.latches.clone(),
            inputs: p.inputs.clone(),
            outputs: p.outputs.clone(),
            slots: vec![0; p.nets.len()],
            sampled: vec![0; p.latches.len()],
        };
        sim.reset();
        sim
    }

    /// Back to the start: inputs 0, latches at their init values.
    pub fn reset(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        for l in &self.latches {
            self.slots[l.q as usize] = if l.init { u64::MAX } else { 0 };
        }
    }

    /// Input bit `bit` (an index into `.inputs`) in all 64 lanes.
    pub fn set_input(&mut self, bit: usize, lanes: u64) {
        self.slots[self.inputs[bit] as usize] = lanes;
    }

    /// Output bit `bit` (an index into `.outputs`) in all 64 lanes.
    pub fn output(&self, bit: usize) -> u64 {
        self.slots[self.outputs[bit] as usize]
    }

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

    /// Runs every op once: all nets follow the inputs and latch outputs.
    pub fn eval(&mut self) {
        let s = &mut self.slots[..];
        for op in &self.ops {
            match *op {
                Op::Const0 { out } => s[out as usize] = 0,
                Op::Const1 { out } => s[out as usize] = u64::MAX,
                Op::Buf { out, a } => s[out as usize] = s[a as usize],
                Op::Not { out, a } => s[out as usize] = !s[a as usize],
                Op::And { out, a, b } => s[out as usize] = s[a as usize] & s[b as usize],
                Op::Or { out, a, b } => s[out as usize] = s[a as usize] | s[b as usize],
                Op::Xor { out, a, b } => s[out as usize] = s[a as usize] ^ s[b as usize],
                Op::Nand { out, a, b } => s[out as usize] = !(s[a as usize] & s[b as usize]),
                Op::Nor { out, a, b } => s[out as usize] = !(s[a as usize] | s[b as usize]),
                Op::Xnor { out, a, b } => s[out as usize] = !(s[a as usize] ^ s[b as usize]),
                Op::AndNot { out, a, b } => s[out as usize] = s[a as usize] & !s[b as usize],
                Op::OrNot { out, a, b } => s[out as usize] = s[a as usize] | !s[b as usize],
                Op::Mux { out, s: sel, a, b } => {
                    let sel = s[sel as usize];
                    s[out as usize] = (sel & s[b as usize]) | (!sel & s[a as usize]);
                }
                Op::Sop { out, first, count, invert } => {
                    let cubes = &self.cubes[first as usize..(first + count) as usize];
                    let value = sum_of_products(s, cubes, &self.literals);
                    s[out as usize] = if invert { !value } else { value };
                }
            }
        }
    }

    /// One rising clock edge: every latch Q takes the D of the last eval.
    /// Call [`Sim::eval`] after it to update the nets that follow.
    pub fn clock(&mut self) {
        for (sample, l) in self.sampled.iter_mut().zip(&self.latches) {
            *sample = self.slots[l.d as usize];
        }
        for (&sample, l) in self.sampled.iter().zip(&self.latches) {
            self.slots[l.q as usize] = sample;
        }
    }
}

/// The OR over `cubes` of the AND of each cube's literals.
fn sum_of_products(s: &[u64], cubes: &[Cube], literals: &[Literal]) -> u64 {
    let mut value = 0;
    for cube in cubes {
        let mut product = u64::MAX;
        for &l in &literals[cube.first as usize..(cube.first + cube.count) as usize] {
            let v = s[(l >> 1) as usize];
            product &= if l & 1 == 1 { !v } else { v };
        }
        value |= product;
    }
    value
}
