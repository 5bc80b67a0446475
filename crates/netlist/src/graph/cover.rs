//! One cover compiled: its truth table, the inputs it depends on, and the
//! fastest op that table allows, or the sum of products as written.

use super::program::{Cube, Literal, Op};
use crate::blif::{Names, Row};

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
pub(super) fn compile_cell(cell: &Names, inputs: &[u32], out: u32, cubes: &mut Vec<Cube>, literals: &mut Vec<Literal>) -> Op {
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
