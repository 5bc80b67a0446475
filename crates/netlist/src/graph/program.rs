//! The compiled netlist: the ops, cubes, literals and flip-flops over one
//! slot per net, and what an op reads and writes.

/// One step of the program; operands and `out` are slot indices.
/// Every op writes `out` from slots written before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `out = 0`.
    Const0 {
        /// The slot written.
        out: u32,
    },
    /// `out = 1`.
    Const1 {
        /// The slot written.
        out: u32,
    },
    /// `out = a`.
    Buf {
        /// The slot written.
        out: u32,
        /// The operand's slot.
        a: u32,
    },
    /// `out = !a`.
    Not {
        /// The slot written.
        out: u32,
        /// The operand's slot.
        a: u32,
    },
    /// `a & b`
    And {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `a | b`
    Or {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `a ^ b`
    Xor {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `!(a & b)`
    Nand {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `!(a | b)`
    Nor {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `!(a ^ b)`
    Xnor {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `a & !b`
    AndNot {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `a | !b`
    OrNot {
        /// The slot written.
        out: u32,
        /// The first operand's slot.
        a: u32,
        /// The second operand's slot.
        b: u32,
    },
    /// `s ? b : a`
    Mux {
        /// The slot written.
        out: u32,
        /// The select's slot.
        s: u32,
        /// The slot chosen when `s` is 0.
        a: u32,
        /// The slot chosen when `s` is 1.
        b: u32,
    },
    /// The OR of `cubes[first..first + count]`, inverted when `invert`
    /// (an off-set cover).
    Sop {
        /// The slot written.
        out: u32,
        /// The index of its first cube in [`Program::cubes`].
        first: u32,
        /// How many cubes.
        count: u32,
        /// Whether the OR is inverted.
        invert: bool,
    },
}

/// One product term of a [`Op::Sop`]: the AND of `literals[first..first + count]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cube {
    /// The index of its first literal in [`Program::literals`].
    pub first: u32,
    /// How many literals.
    pub count: u32,
}

/// A literal of a cube: slot `l >> 1`, inverted when `l & 1`.
pub type Literal = u32;

/// A flip-flop: at each clock, slot `q` takes slot `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LatchSlots {
    /// The slot of its D input.
    pub d: u32,
    /// The slot of its Q output.
    pub q: u32,
    /// Q at power-on.
    pub init: bool,
}

/// The compiled netlist: ops in topological order over `slots` nets.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The combinational cells, each after the cells driving its inputs.
    pub ops: Vec<Op>,
    /// The product terms of every [`Op::Sop`], each op's consecutive.
    pub cubes: Vec<Cube>,
    /// The literals of every [`Cube`], each cube's consecutive.
    pub literals: Vec<Literal>,
    /// The flip-flops, in the netlist's `.latch` order.
    pub latches: Vec<LatchSlots>,
    /// The slot of each input bit, in `.inputs` order.
    pub inputs: Vec<u32>,
    /// The slot of each output bit, in `.outputs` order.
    pub outputs: Vec<u32>,
    /// The net name of each slot.
    pub nets: Vec<String>,
}

impl Program {
    /// The slots `op` reads: its operands, or every literal of its cover.
    pub fn reads(&self, op: &Op) -> Vec<u32> {
        match *op {
            Op::Const0 { .. } | Op::Const1 { .. } => vec![],
            Op::Buf { a, .. } | Op::Not { a, .. } => vec![a],
            Op::And { a, b, .. }
            | Op::Or { a, b, .. }
            | Op::Xor { a, b, .. }
            | Op::Nand { a, b, .. }
            | Op::Nor { a, b, .. }
            | Op::Xnor { a, b, .. }
            | Op::AndNot { a, b, .. }
            | Op::OrNot { a, b, .. } => vec![a, b],
            Op::Mux { s, a, b, .. } => vec![s, a, b],
            Op::Sop { first, count, .. } => self.cubes[first as usize..(first + count) as usize]
                .iter()
                .flat_map(|c| &self.literals[c.first as usize..(c.first + c.count) as usize])
                .map(|l| l >> 1)
                .collect(),
        }
    }

    /// Which flip-flops can ever reach one of `slots`: those in the
    /// combinational fan-in of a slot, then of their D inputs, and so on
    /// (the cone of influence). A flip-flop outside it never changes what
    /// the slots show, in any cycle.
    pub fn cone_of(&self, slots: &[u32]) -> Vec<bool> {
        let mut driver: Vec<Option<usize>> = vec![None; self.nets.len()];
        for (k, op) in self.ops.iter().enumerate() {
            driver[op_out(op) as usize] = Some(k);
        }
        let mut latch_of: Vec<Option<usize>> = vec![None; self.nets.len()];
        for (k, l) in self.latches.iter().enumerate() {
            latch_of[l.q as usize] = Some(k);
        }
        let mut seen = vec![false; self.nets.len()];
        let mut inside = vec![false; self.latches.len()];
        let mut stack: Vec<u32> = slots.to_vec();
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut seen[s as usize], true) {
                continue;
            }
            if let Some(k) = driver[s as usize] {
                stack.extend(self.reads(&self.ops[k]));
            } else if let Some(k) = latch_of[s as usize] {
                inside[k] = true;
                stack.push(self.latches[k].d);
            }
        }
        inside
    }
}

/// The slot `op` writes.
fn op_out(op: &Op) -> u32 {
    match *op {
        Op::Const0 { out }
        | Op::Const1 { out }
        | Op::Buf { out, .. }
        | Op::Not { out, .. }
        | Op::And { out, .. }
        | Op::Or { out, .. }
        | Op::Xor { out, .. }
        | Op::Nand { out, .. }
        | Op::Nor { out, .. }
        | Op::Xnor { out, .. }
        | Op::AndNot { out, .. }
        | Op::OrNot { out, .. }
        | Op::Mux { out, .. }
        | Op::Sop { out, .. } => out,
    }
}
