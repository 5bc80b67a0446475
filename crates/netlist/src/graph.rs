//! From a parsed [`Model`] to a [`Program`]: one slot per net, every net
//! with exactly one driver, the combinational cells as a petgraph graph
//! (inputs and latch outputs are its sources, latch D inputs and outputs
//! its sinks) checked for loops and put in topological order, and each
//! cover compiled to the fastest op its truth table allows.

use super::blif::{Model, Names, Row};
use super::NetlistError;
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

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

/// What drives a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    Input,
    Cell(usize),
    Latch,
}

/// Checks `model` and compiles it. A net nothing drives is refused where
/// an output can see it; outside every output's fan-in (through cells and
/// latches) it cannot change what the outputs show, and reads 0 (yosys can
/// leave such a buffer from a net it removed, issue 59).
pub fn compile(model: &Model) -> Result<Program, NetlistError> {
    let dead = dead_undriven(model);
    let tied;
    let model = if dead.is_empty() {
        model
    } else {
        let mut m = model.clone();
        m.names.extend(dead.into_iter().map(|output| Names { inputs: Vec::new(), output, rows: Vec::new(), line: 0 }));
        tied = m;
        &tied
    };
    let mut program = Program::default();
    let mut slots = HashMap::new();
    let drivers = drivers(model)?;
    let mut slot = |net: &str| -> Result<u32, NetlistError> {
        if !drivers.contains_key(net) {
            return Err(NetlistError::Undriven { net: net.to_string() });
        }
        let next = program.nets.len() as u32;
        Ok(*slots.entry(net.to_string()).or_insert_with(|| {
            program.nets.push(net.to_string());
            next
        }))
    };
    program.inputs = model.inputs.iter().map(|n| slot(n)).collect::<Result<_, _>>()?;
    program.outputs = model.outputs.iter().map(|n| slot(n)).collect::<Result<_, _>>()?;
    program.latches = model.latches.iter().map(|l| Ok(LatchSlots { d: slot(&l.d)?, q: slot(&l.q)?, init: l.init })).collect::<Result<_, _>>()?;
    let mut cell_slots = Vec::with_capacity(model.names.len());
    for cell in &model.names {
        let inputs = cell.inputs.iter().map(|n| slot(n)).collect::<Result<Vec<_>, _>>()?;
        cell_slots.push((inputs, slot(&cell.output)?));
    }
    check_clock(model)?;
    for &cell in &order(model, &drivers)? {
        let (inputs, out) = &cell_slots[cell];
        let op = compile_cell(&model.names[cell], inputs, *out, &mut program.cubes, &mut program.literals);
        program.ops.push(op);
    }
    Ok(program)
}

/// The nets that cells or latches read, that nothing drives, and that no
/// output sees: outside the fan-in of every output, through cells and
/// latches.
fn dead_undriven(model: &Model) -> Vec<String> {
    let mut cell_of: HashMap<&str, usize> = HashMap::new();
    for (i, c) in model.names.iter().enumerate() {
        cell_of.insert(c.output.as_str(), i);
    }
    let latch_of: HashMap<&str, usize> = model.latches.iter().enumerate().map(|(i, l)| (l.q.as_str(), i)).collect();
    let driven = |n: &str| cell_of.contains_key(n) || latch_of.contains_key(n) || model.inputs.iter().any(|i| i == n);
    let read = model.names.iter().flat_map(|c| c.inputs.iter()).chain(model.latches.iter().map(|l| &l.d));
    let mut undriven: Vec<&str> = read.map(String::as_str).filter(|n| !driven(n)).collect();
    if undriven.is_empty() {
        return Vec::new();
    }
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut stack: Vec<&str> = model.outputs.iter().map(String::as_str).collect();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        if let Some(&c) = cell_of.get(n) {
            stack.extend(model.names[c].inputs.iter().map(String::as_str));
        } else if let Some(&l) = latch_of.get(n) {
            stack.push(model.latches[l].d.as_str());
        }
    }
    undriven.sort_unstable();
    undriven.dedup();
    undriven.into_iter().filter(|n| !seen.contains(n)).map(str::to_string).collect()
}

/// The driver of every net, or the first net with two.
fn drivers(model: &Model) -> Result<HashMap<&str, Driver>, NetlistError> {
    let mut drivers = HashMap::new();
    let inputs = model.inputs.iter().map(|n| (n, Driver::Input));
    let cells = model.names.iter().enumerate().map(|(i, c)| (&c.output, Driver::Cell(i)));
    let latches = model.latches.iter().map(|l| (&l.q, Driver::Latch));
    for (net, driver) in inputs.chain(cells).chain(latches) {
        if drivers.insert(net.as_str(), driver).is_some() {
            return Err(NetlistError::MultipleDrivers { net: net.clone() });
        }
    }
    Ok(drivers)
}

/// Every clocked latch on one clock, and that clock a primary input.
fn check_clock(model: &Model) -> Result<(), NetlistError> {
    let mut clocks = model.latches.iter().filter_map(|l| Some((l, l.clock.as_ref()?)));
    let Some((_, clock)) = clocks.next() else { return Ok(()) };
    if let Some((latch, other)) = clocks.find(|(_, c)| *c != clock) {
        let what = format!("latch {} is clocked by {other}, others by {clock}; only one clock is simulated", latch.q);
        return Err(NetlistError::Parse { line: latch.line, what });
    }
    if !model.inputs.contains(clock) {
        let latch = &model.latches[0];
        let what = format!("the latches' clock {clock} is not a primary input; a derived clock is not simulated");
        return Err(NetlistError::Parse { line: latch.line, what });
    }
    Ok(())
}

/// The cells in an order where each comes after the cells driving its
/// inputs, or the cells of a combinational loop.
fn order(model: &Model, drivers: &HashMap<&str, Driver>) -> Result<Vec<usize>, NetlistError> {
    let mut graph: DiGraph<usize, ()> = DiGraph::with_capacity(model.names.len(), 0);
    let nodes: Vec<NodeIndex> = (0..model.names.len()).map(|i| graph.add_node(i)).collect();
    for (i, cell) in model.names.iter().enumerate() {
        for input in &cell.inputs {
            if let Some(&Driver::Cell(from)) = drivers.get(input.as_str()) {
                graph.update_edge(nodes[from], nodes[i], ());
            }
        }
    }
    let components = tarjan_scc(&graph);
    for component in &components {
        let first = component[0];
        if component.len() > 1 || graph.contains_edge(first, first) {
            let mut cells: Vec<String> = component.iter().map(|&n| model.names[graph[n]].output.clone()).collect();
            cells.sort();
            return Err(NetlistError::Loop { cells });
        }
    }
    // tarjan_scc gives the components in reverse topological order.
    Ok(components.iter().rev().map(|c| graph[c[0]]).collect())
}

/// The truth table of a cover of up to 6 inputs: bit `i` is the output
/// when input `j` is bit `j` of `i`.
pub fn truth_table(inputs: usize, rows: &[Row]) -> u64 {
    assert!(inputs <= 6, "truth tables are for up to 6 inputs");
    let minterms = 1usize << inputs;
    let mut covered = 0u64;
    for row in rows {
        for i in 0..minterms {
            let matches = row.pattern.iter().enumerate().all(|(j, p)| p.is_none_or(|v| v == ((i >> j) & 1 == 1)));
            if matches {
                covered |= 1 << i;
            }
        }
    }
    let all = if minterms == 64 { u64::MAX } else { (1u64 << minterms) - 1 };
    let off_set = rows.first().is_some_and(|r| !r.output);
    if off_set {
        !covered & all
    } else {
        covered
    }
}

/// The inputs a truth table of `inputs` inputs depends on, and its table
/// over just those (bit `j` of an index is input `support[j]`).
pub fn support(inputs: usize, table: u64) -> (Vec<usize>, u64) {
    let minterms = 1usize << inputs;
    let bit = |i: usize| (table >> i) & 1;
    let support: Vec<usize> = (0..inputs).filter(|&j| (0..minterms).any(|i| bit(i) != bit(i ^ (1 << j)))).collect();
    let mut reduced = 0u64;
    for k in 0..1usize << support.len() {
        let i = support.iter().enumerate().fold(0, |i, (b, &j)| i | (((k >> b) & 1) << j));
        reduced |= bit(i) << k;
    }
    (support, reduced)
}

/// The fast ops, as functions of their operands in order.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Buf,
    Not,
    And,
    Or,
    Xor,
    Nand,
    Nor,
    Xnor,
    AndNot,
    OrNot,
    Mux,
}

impl Kind {
    fn arity(self) -> usize {
        match self {
            Kind::Buf | Kind::Not => 1,
            Kind::Mux => 3,
            _ => 2,
        }
    }

    /// The value for operands `x` (for Mux: s, a, b).
    fn eval(self, x: &[bool]) -> bool {
        match self {
            Kind::Buf => x[0],
            Kind::Not => !x[0],
            Kind::And => x[0] & x[1],
            Kind::Or => x[0] | x[1],
            Kind::Xor => x[0] ^ x[1],
            Kind::Nand => !(x[0] & x[1]),
            Kind::Nor => !(x[0] | x[1]),
            Kind::Xnor => !(x[0] ^ x[1]),
            Kind::AndNot => x[0] & !x[1],
            Kind::OrNot => x[0] | !x[1],
            Kind::Mux => {
                if x[0] {
                    x[2]
                } else {
                    x[1]
                }
            }
        }
    }

    fn op(self, out: u32, o: &[u32]) -> Op {
        match self {
            Kind::Buf => Op::Buf { out, a: o[0] },
            Kind::Not => Op::Not { out, a: o[0] },
            Kind::And => Op::And { out, a: o[0], b: o[1] },
            Kind::Or => Op::Or { out, a: o[0], b: o[1] },
            Kind::Xor => Op::Xor { out, a: o[0], b: o[1] },
            Kind::Nand => Op::Nand { out, a: o[0], b: o[1] },
            Kind::Nor => Op::Nor { out, a: o[0], b: o[1] },
            Kind::Xnor => Op::Xnor { out, a: o[0], b: o[1] },
            Kind::AndNot => Op::AndNot { out, a: o[0], b: o[1] },
            Kind::OrNot => Op::OrNot { out, a: o[0], b: o[1] },
            Kind::Mux => Op::Mux { out, s: o[0], a: o[1], b: o[2] },
        }
    }
}

const KINDS: [Kind; 11] = [Kind::Buf, Kind::Not, Kind::And, Kind::Or, Kind::Xor, Kind::Nand, Kind::Nor, Kind::Xnor, Kind::AndNot, Kind::OrNot, Kind::Mux];

/// Every order of `0..n` (n up to 3).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for p in permutations(n - 1) {
        for at in (0..=p.len()).rev() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            all.push(q);
        }
    }
    all
}

/// The fast op and operand order (indices into the support) whose truth
/// table is `table` over `n` variables, if there is one.
fn classify(n: usize, table: u64) -> Option<(Kind, Vec<usize>)> {
    for kind in KINDS.into_iter().filter(|k| k.arity() == n) {
        for order in permutations(n) {
            let matches = (0..1usize << n).all(|i| {
                let operands: Vec<bool> = order.iter().map(|&v| (i >> v) & 1 == 1).collect();
                kind.eval(&operands) == ((table >> i) & 1 == 1)
            });
            if matches {
                return Some((kind, order));
            }
        }
    }
    None
}

/// The op for one `.names` cell whose input nets are in `inputs`.
fn compile_cell(cell: &Names, inputs: &[u32], out: u32, cubes: &mut Vec<Cube>, literals: &mut Vec<Literal>) -> Op {
    if cell.inputs.len() <= 6 {
        let (support, table) = support(inputs.len(), truth_table(inputs.len(), &cell.rows));
        match support.len() {
            0 if table & 1 == 1 => return Op::Const1 { out },
            0 => return Op::Const0 { out },
            n if n <= 3 => {
                if let Some((kind, order)) = classify(n, table) {
                    let operands: Vec<u32> = order.iter().map(|&v| inputs[support[v]]).collect();
                    return kind.op(out, &operands);
                }
            }
            _ => {}
        }
    }
    sum_of_products(&cell.rows, inputs, out, cubes, literals)
}

/// The general op: the cover's rows as they are.
fn sum_of_products(rows: &[Row], inputs: &[u32], out: u32, cubes: &mut Vec<Cube>, literals: &mut Vec<Literal>) -> Op {
    let first = cubes.len() as u32;
    for row in rows {
        let start = literals.len() as u32;
        for (j, p) in row.pattern.iter().enumerate() {
            if let Some(value) = p {
                literals.push(inputs[j] << 1 | u32::from(!value));
            }
        }
        cubes.push(Cube { first: start, count: literals.len() as u32 - start });
    }
    let invert = rows.first().is_some_and(|r| !r.output);
    Op::Sop { out, first, count: rows.len() as u32, invert }
}

#[cfg(test)]
mod tests {
    use super::super::{Netlist, Sim};

    /// A `.names` cover of `n` inputs for truth table `table`: one row per
    /// minterm of the on-set (`on`) or of the off-set.
    fn cover(n: usize, table: u64, on: bool) -> String {
        // No rows at all means constant 0, so the constant 1 needs its on-set.
        let on = on || table == (1u64 << (1 << n)) - 1;
        let inputs: Vec<String> = (0..n).map(|j| format!("x{j}")).collect();
        let mut text = format!(".model t\n.inputs {}\n.outputs y\n.names {} y\n", inputs.join(" "), inputs.join(" "));
        for i in 0..1usize << n {
            if ((table >> i) & 1 == 1) == on {
                let pattern: String = (0..n).map(|j| if (i >> j) & 1 == 1 { '1' } else { '0' }).collect();
                text += &format!("{pattern} {}\n", u8::from(on));
            }
        }
        text + ".end\n"
    }

    /// Lane `i` holds minterm `i`, repeated across the 64 lanes.
    fn check_every_minterm(n: usize, table: u64, on: bool) {
        let net = Netlist::from_blif(&cover(n, table, on)).unwrap();
        let mut sim = Sim::new(&net);
        for j in 0..n {
            let lanes = (0..64).fold(0u64, |w, lane| w | ((((lane % (1 << n)) >> j) & 1) << lane));
            sim.set_input(j, lanes);
        }
        sim.eval();
        let want = (0..64).fold(0u64, |w, lane| w | (((table >> (lane % (1 << n))) & 1) << lane));
        assert_eq!(sim.output(0), want, "table {table:#x} of {n} inputs, {} cover: {:?}", if on { "on-set" } else { "off-set" }, net.program().ops);
    }

    #[test]
    fn every_two_and_three_input_table_computes_itself() {
        for n in [2, 3] {
            for table in 0..1u64 << (1 << n) {
                check_every_minterm(n, table, true);
                check_every_minterm(n, table, false);
            }
        }
    }

    #[test]
    fn fast_ops_for_the_gates_abc_writes() {
        use super::Op;
        let op = |n, table| Netlist::from_blif(&cover(n, table, true)).unwrap().program().ops[0];
        assert!(matches!(op(2, 0b1000), Op::And { a: 0, b: 1, .. }));
        assert!(matches!(op(2, 0b0100), Op::AndNot { a: 1, b: 0, .. }));
        assert!(matches!(op(2, 0b1101), Op::OrNot { a: 1, b: 0, .. }));
        assert!(matches!(op(2, 0b1010), Op::Buf { a: 0, .. }));
        // s = x2: x2 ? x1 : x0
        assert!(matches!(op(3, 0b1100_1010), Op::Mux { s: 2, a: 0, b: 1, .. }));
        assert!(matches!(op(3, 0b1110_1000), Op::Sop { .. }), "majority has no fast op");
    }

    #[test]
    fn dont_cares_and_off_sets() {
        // y = !(a & b) | c written as an off-set with a don't-care.
        let text = ".model t\n.inputs a b c\n.outputs y\n.names a b c y\n110 0\n.end\n";
        let net = Netlist::from_blif(text).unwrap();
        let mut sim = Sim::new(&net);
        for j in 0..3 {
            sim.set_input(j, (0..8).fold(0, |w, i| w | (((i >> j) & 1) << i)));
        }
        sim.eval();
        assert_eq!(sim.output(0) & 0xff, !(1u64 << 3) & 0xff);
    }
}
