//! The kernel's view of a netlist: a graph of 3-input functions.
//!
//! Every op of the interpreter's [`Program`] becomes nodes whose value is a
//! truth table of up to three other nodes (a `vpternlog` each on AVX-512),
//! built with:
//!
//! - folding: constants and repeated operands are folded into the table, a
//!   table that copies one operand is that operand (buffers vanish), and two
//!   nodes of the same operands and table are one (structural hashing);
//! - merging: a node's operand that no other node reads is absorbed when the
//!   two together still read at most three nodes;
//! - pruning: only what an output or a flip-flop's D needs is kept.
//!
//! A node's table: bit `i` is its value when operand `k` is bit `k` of `i`.

use super::super::graph::{Op, Program};
use rustc_hash::FxHashMap;

/// A node: its index in [`Dag::defs`].
pub type Node = u32;

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Def {
    /// The value in a slot at the start of an evaluation: an input, a
    /// flip-flop's Q, or a slot nothing computes.
    Load(u32),
    /// 0 or 1 in every lane.
    Const(bool),
    /// `table` of the first `arity` of `ins`.
    Lut {
        /// The operands; only the first `arity` count.
        ins: [Node; 3],
        /// How many operands it reads, 0 to 3.
        arity: u8,
        /// The truth table: bit `i` is the value when operand `k` is bit `k` of `i`.
        table: u8,
    },
}

/// The graph, in an order where every node follows its operands, and the
/// slots to store: each output and each flip-flop's D.
#[derive(Clone, Debug, Default)]
pub struct Dag {
    /// The nodes, each after its operands.
    pub defs: Vec<Def>,
    /// (slot, node): the node's value is written to the slot at the end of
    /// an evaluation.
    pub stores: Vec<(u32, Node)>,
}

/// The table of `f(x0, .., x_{n-1})` over `n` operands.
fn table_of(n: usize, f: impl Fn(&[bool]) -> bool) -> u8 {
    let mut t = 0u8;
    for i in 0..1usize << n {
        let x: Vec<bool> = (0..n).map(|k| i >> k & 1 == 1).collect();
        t |= (f(&x) as u8) << i;
    }
    t
}

/// Bit `i` of `table` read as a function of `arity` operands.
fn bit(table: u8, i: usize) -> bool {
    table >> i & 1 == 1
}

struct Builder {
    dag: Dag,
    hashed: FxHashMap<Def, Node>,
}

impl Builder {
    fn add(&mut self, def: Def) -> Node {
        if let Some(&n) = self.hashed.get(&def) {
            return n;
        }
        let n = self.dag.defs.len() as Node;
        self.dag.defs.push(def);
        self.hashed.insert(def, n);
        n
    }

    fn constant(&mut self, v: bool) -> Node {
        self.add(Def::Const(v))
    }

    /// The node for `table` of `ins`, folded: constant operands fixed,
    /// repeated operands joined, operands the table ignores dropped, then
    /// a constant, a copy of an operand, or a canonical Lut.
    fn lut(&mut self, ins: &[Node], table: u8) -> Node {
        let defs = &self.dag.defs;
        let mut vars: Vec<Node> = Vec::new();
        for &x in ins {
            if !matches!(defs[x as usize], Def::Const(_)) && !vars.contains(&x) {
                vars.push(x);
            }
        }
        // The table over the distinct variables, constants put in.
        let t = (0..1usize << vars.len()).fold(0u8, |t, i| {
            let index = ins.iter().enumerate().fold(0, |acc, (k, &x)| {
                let v = match defs[x as usize] {
                    Def::Const(c) => c as usize,
                    _ => i >> vars.iter().position(|&v| v == x).unwrap() & 1,
                };
                acc | v << k
            });
            t | (bit(table, index) as u8) << i
        });
        let (vars, t) = simplify(vars, t);
        match vars.len() {
            0 => self.constant(t & 1 == 1),
            1 if t == 0b10 => vars[0],
            _ => self.canonical(&vars, t),
        }
    }

    /// `table` (bit `i`: the value when operand `k` is bit `k` of `i`) of up
    /// to six operands, as 3-input nodes: Shannon's expansion on the last
    /// operand, `x ? f1 : f0`, until three are left.
    fn shannon(&mut self, vars: &[Node], table: u64) -> Node {
        let m = vars.len();
        if m <= 3 {
            return self.lut(vars, table as u8);
        }
        let half = 1usize << (m - 1);
        let mask = if half == 64 { u64::MAX } else { (1u64 << half) - 1 };
        let f0 = self.shannon(&vars[..m - 1], table & mask);
        let f1 = self.shannon(&vars[..m - 1], table >> half & mask);
        // x ? f1 : f0 over (x, f0, f1).
        self.lut(&[vars[m - 1], f0, f1], 0b1110_0100)
    }

    /// A Lut with its operands in ascending order (and its table permuted
    /// to match), so that equal functions hash equal.
    fn canonical(&mut self, vars: &[Node], table: u8) -> Node {
        let m = vars.len();
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by_key(|&k| vars[k]);
        let mut ins = [0; 3];
        for (j, &k) in order.iter().enumerate() {
            ins[j] = vars[k];
        }
        for j in m..3 {
            ins[j] = ins[0];
        }
        // New operand j is old operand order[j].
        let t = (0..1usize << m).fold(0u8, |t, i| {
            let old = (0..m).fold(0, |o, j| o | (i >> j & 1) << order[j]);
            t | (bit(table, old) as u8) << i
        });
        self.add(Def::Lut { ins, arity: m as u8, table: t })
    }
}

/// The graph of `program`.
pub fn build(program: &Program) -> Dag {
    let slots = program.nets.len();
    let mut b = Builder { dag: Dag::default(), hashed: FxHashMap::default() };
    let mut value: Vec<Option<Node>> = vec![None; slots];
    let read = |b: &mut Builder, value: &mut Vec<Option<Node>>, s: u32| -> Node { *value[s as usize].get_or_insert_with(|| b.add(Def::Load(s))) };
    for op in &program.ops {
        let (out, node) = match *op {
            Op::Const0 { out } => (out, b.constant(false)),
            Op::Const1 { out } => (out, b.constant(true)),
            Op::Buf { out, a } => (out, read(&mut b, &mut value, a)),
            Op::Not { out, a } => {
                let a = read(&mut b, &mut value, a);
                (out, b.lut(&[a], 0b01))
            }
            Op::And { out, a, b: c }
            | Op::Or { out, a, b: c }
            | Op::Xor { out, a, b: c }
            | Op::Nand { out, a, b: c }
            | Op::Nor { out, a, b: c }
            | Op::Xnor { out, a, b: c }
            | Op::AndNot { out, a, b: c }
            | Op::OrNot { out, a, b: c } => {
                let f: fn(bool, bool) -> bool = match op {
                    Op::And { .. } => |x, y| x & y,
                    Op::Or { .. } => |x, y| x | y,
                    Op::Xor { .. } => |x, y| x ^ y,
                    Op::Nand { .. } => |x, y| !(x & y),
                    Op::Nor { .. } => |x, y| !(x | y),
                    Op::Xnor { .. } => |x, y| !(x ^ y),
                    Op::AndNot { .. } => |x, y| x & !y,
                    _ => |x, y| x | !y,
                };
                let (x, y) = (read(&mut b, &mut value, a), read(&mut b, &mut value, c));
                (out, b.lut(&[x, y], table_of(2, |v| f(v[0], v[1]))))
            }
            Op::Mux { out, s, a, b: c } => {
                let (s, x, y) = (read(&mut b, &mut value, s), read(&mut b, &mut value, a), read(&mut b, &mut value, c));
                (out, b.lut(&[s, x, y], table_of(3, |v| if v[0] { v[2] } else { v[1] })))
            }
            Op::Sop { out, first, count, invert } => {
                let cubes = &program.cubes[first as usize..(first + count) as usize];
                let literals = |c: &super::super::graph::Cube| &program.literals[c.first as usize..(c.first + c.count) as usize];
                // The cover's distinct input slots.
                let mut slots: Vec<u32> = Vec::new();
                for c in cubes {
                    for &l in literals(c) {
                        if !slots.contains(&(l >> 1)) {
                            slots.push(l >> 1);
                        }
                    }
                }
                let node = if slots.len() <= 6 {
                    // Its truth table, then Shannon's expansion into 3-input nodes.
                    let table = (0..1usize << slots.len()).fold(0u64, |t, i| {
                        let on = cubes.iter().any(|c| {
                            literals(c).iter().all(|&l| {
                                let v = i >> slots.iter().position(|&s| s == l >> 1).unwrap() & 1 == 1;
                                v != (l & 1 == 1)
                            })
                        });
                        t | ((on != invert) as u64) << i
                    });
                    let vars: Vec<Node> = slots.iter().map(|&s| read(&mut b, &mut value, s)).collect();
                    b.shannon(&vars, table)
                } else {
                    let mut sum = b.constant(false);
                    for cube in cubes {
                        let mut product = b.constant(true);
                        for &l in literals(cube) {
                            let x = read(&mut b, &mut value, l >> 1);
                            let lit = if l & 1 == 1 { b.lut(&[x], 0b01) } else { x };
                            product = b.lut(&[product, lit], 0b1000);
                        }
                        sum = b.lut(&[sum, product], 0b1110);
                    }
                    if invert {
                        b.lut(&[sum], 0b01)
                    } else {
                        sum
                    }
                };
                (out, node)
            }
        };
        value[out as usize] = Some(node);
    }
    let targets = program.outputs.iter().copied().chain(program.latches.iter().map(|l| l.d));
    let mut stores: Vec<(u32, Node)> = Vec::new();
    for s in targets {
        let n = read(&mut b, &mut value, s);
        if b.dag.defs[n as usize] != Def::Load(s) && !stores.iter().any(|&(t, _)| t == s) {
            stores.push((s, n));
        }
    }
    let mut dag = b.dag;
    dag.stores = stores;
    dag
}

/// `table` of `vars` without the variables it does not depend on.
fn simplify(mut vars: Vec<Node>, mut table: u8) -> (Vec<Node>, u8) {
    while let Some(k) = (0..vars.len()).find(|&k| (0..1usize << vars.len()).all(|i| bit(table, i) == bit(table, i ^ (1 << k)))) {
        let m = vars.len();
        // Keep the half where variable k is 0, the others renumbered.
        table = (0..1usize << (m - 1)).fold(0u8, |t, i| {
            let low = i & ((1 << k) - 1);
            let old = low | (i >> k) << (k + 1);
            t | (bit(table, old) as u8) << i
        });
        vars.remove(k);
    }
    (vars, table)
}

/// How many nodes read each node (stores count as readers).
fn fanouts(dag: &Dag) -> Vec<u32> {
    let mut f = vec![0u32; dag.defs.len()];
    for d in &dag.defs {
        if let Def::Lut { ins, arity, .. } = d {
            for &x in &ins[..*arity as usize] {
                f[x as usize] += 1;
            }
        }
    }
    for &(_, n) in &dag.stores {
        f[n as usize] += 1;
    }
    f
}

/// Merges each node's single-reader operands into it while it reads at
/// most three nodes, then keeps only what the stores need, renumbered.
pub fn optimize(dag: &Dag) -> Dag {
    let mut defs = dag.defs.clone();
    let mut fanout = fanouts(dag);
    for n in 0..defs.len() {
        'merging: while let Def::Lut { ins, arity, table } = defs[n] {
            let old = &ins[..arity as usize];
            for &f in old {
                let Def::Lut { ins: fins, arity: farity, table: ftable } = defs[f as usize] else { continue };
                let fins = &fins[..farity as usize];
                if fanout[f as usize] != 1 {
                    continue;
                }
                let mut vars: Vec<Node> = old.iter().copied().filter(|&x| x != f).collect();
                for &x in fins {
                    if !vars.contains(&x) {
                        vars.push(x);
                    }
                }
                if vars.len() > 3 {
                    continue;
                }
                let pos = |x: Node| vars.iter().position(|&v| v == x).unwrap();
                let t = (0..1usize << vars.len()).fold(0u8, |t, i| {
                    let fi = fins.iter().enumerate().fold(0, |j, (q, &x)| j | (i >> pos(x) & 1) << q);
                    let fval = bit(ftable, fi) as usize;
                    let ni = old.iter().enumerate().fold(0, |j, (q, &x)| j | (if x == f { fval } else { i >> pos(x) & 1 }) << q);
                    t | (bit(table, ni) as u8) << i
                });
                // f is gone: its operands lose it as a reader and gain n
                // where n did not read them already.
                for &x in fins {
                    fanout[x as usize] -= 1;
                    if !old.contains(&x) {
                        fanout[x as usize] += 1;
                    }
                }
                fanout[f as usize] = 0;
                let (vars2, t2) = simplify(vars.clone(), t);
                for &x in &vars {
                    if !vars2.contains(&x) {
                        fanout[x as usize] -= 1;
                    }
                }
                defs[n] = match vars2.len() {
                    0 => Def::Const(t2 & 1 == 1),
                    m => {
                        let mut new_ins = [vars2[0]; 3];
                        new_ins[..m].copy_from_slice(&vars2);
                        Def::Lut { ins: new_ins, arity: m as u8, table: t2 }
                    }
                };
                continue 'merging;
            }
            break;
        }
    }
    prune(&Dag { defs, stores: dag.stores.clone() })
}

/// Only the nodes the stores need, in the same order, renumbered.
fn prune(dag: &Dag) -> Dag {
    let mut live = vec![false; dag.defs.len()];
    for &(_, n) in &dag.stores {
        live[n as usize] = true;
    }
    for n in (0..dag.defs.len()).rev() {
        if live[n] {
            if let Def::Lut { ins, arity, .. } = dag.defs[n] {
                for &x in &ins[..arity as usize] {
                    live[x as usize] = true;
                }
            }
        }
    }
    let mut renumber = vec![u32::MAX; dag.defs.len()];
    let mut defs = Vec::new();
    for n in 0..dag.defs.len() {
        if live[n] {
            renumber[n] = defs.len() as u32;
            defs.push(match dag.defs[n] {
                Def::Lut { ins, arity, table } => Def::Lut { ins: ins.map(|x| renumber[x as usize]), arity, table },
                d => d,
            });
        }
    }
    // Operands past the arity point at operand 0, which is live.
    for d in defs.iter_mut() {
        if let Def::Lut { ins, arity, .. } = d {
            for j in *arity as usize..3 {
                ins[j] = ins[0];
            }
        }
    }
    Dag { defs, stores: dag.stores.iter().map(|&(s, n)| (s, renumber[n as usize])).collect() }
}

/// The graph cut for hoisting: the nodes that read only `slow` slots (and
/// constants) move to an outer graph, run only when a slow slot changes;
/// each of them that another node reads or a slot takes is stored there to
/// an extra slot (`first_extra`, `first_extra + 1`, ..., in the order of
/// the nodes), which the inner graph, the one run every cycle, loads
/// instead. `None` when no computed node reads only slow slots.
pub struct Hoisted {
    /// What the slow slots decide, stored to the extra slots.
    pub outer: Dag,
    /// The rest, the extra slots loaded.
    pub inner: Dag,
    /// How many extra slots.
    pub extra: usize,
}

/// Cuts `dag` as [`Hoisted`] says.
pub fn hoist(dag: &Dag, slow: &[u32], first_extra: u32) -> Option<Hoisted> {
    let mut is_slow = vec![false; dag.defs.len()];
    for (n, d) in dag.defs.iter().enumerate() {
        is_slow[n] = match *d {
            Def::Load(s) => slow.contains(&s),
            Def::Const(_) => true,
            Def::Lut { ins, arity, .. } => ins[..arity as usize].iter().all(|&x| is_slow[x as usize]),
        };
    }
    let computed = |n: Node| matches!(dag.defs[n as usize], Def::Lut { .. });
    // The slow computed nodes a fast node reads or a slot takes.
    let mut boundary = vec![false; dag.defs.len()];
    for d in &dag.defs {
        if let Def::Lut { ins, arity, .. } = *d {
            if !ins[..arity as usize].iter().all(|&x| is_slow[x as usize]) {
                for &x in &ins[..arity as usize] {
                    boundary[x as usize] |= is_slow[x as usize] && computed(x);
                }
            }
        }
    }
    for &(_, n) in &dag.stores {
        boundary[n as usize] |= is_slow[n as usize] && computed(n);
    }
    let cut: Vec<Node> = (0..dag.defs.len() as Node).filter(|&n| boundary[n as usize]).collect();
    if cut.is_empty() {
        return None;
    }
    let outer = Dag { defs: dag.defs.clone(), stores: cut.iter().enumerate().map(|(i, &n)| (first_extra + i as u32, n)).collect() };
    let mut defs = dag.defs.clone();
    for (i, &n) in cut.iter().enumerate() {
        defs[n as usize] = Def::Load(first_extra + i as u32);
    }
    Some(Hoisted { outer: prune(&outer), inner: prune(&Dag { defs, stores: dag.stores.clone() }), extra: cut.len() })
}

/// The value of every node for one set of slot values (lane 0 of a word
/// each): the reference the tests hold the machine code to.
pub fn evaluate(dag: &Dag, slot: impl Fn(u32) -> u64) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::with_capacity(dag.defs.len());
    for d in &dag.defs {
        let x = match *d {
            Def::Load(s) => slot(s),
            Def::Const(c) => {
                if c {
                    u64::MAX
                } else {
                    0
                }
            }
            Def::Lut { ins, arity, table } => {
                let ops: Vec<u64> = ins[..arity as usize].iter().map(|&x| v[x as usize]).collect();
                let mut out = 0u64;
                for i in 0..1usize << arity {
                    if bit(table, i) {
                        let mut term = u64::MAX;
                        for (k, &o) in ops.iter().enumerate() {
                            term &= if i >> k & 1 == 1 { o } else { !o };
                        }
                        out |= term;
                    }
                }
                out
            }
        };
        v.push(x);
    }
    v
}
