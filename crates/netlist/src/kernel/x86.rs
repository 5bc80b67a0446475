//! Machine code for the graph of [`super::ir`]: straight-line x86-64, one
//! chunk of lanes per call (a 512-bit word with AVX-512, 256 with AVX2),
//! every node in a register while it is needed, spilled only when the
//! registers run out. Assembled with iced-x86.
//!
//! The function is `extern "sysv64" fn(slots: *mut u8, scratch: *mut u8)`:
//! `slots` points at the chunk's bytes of slot 0 (slot `s` is `s *
//! slot_bytes` further on), `scratch` at memory for spilled nodes.
//!
//! The schedule is depth first from each store, so a node is computed close
//! to where it is read. The allocator gives each node a register when it is
//! computed or loaded; when none is free it evicts the one read furthest in
//! the future (a slot's value is reloaded, a computed one spilled once).
//! With AVX-512 each node is one `vpternlogq`, which overwrites its first
//! operand: a dying operand's register takes the result, else the result
//! goes to a free register (a copy first when all three operands live on).
//! With AVX2 each table is a short sequence of `vpand`/`vpor`/`vpxor`/
//! `vpandn` (three operands: a mux of two 2-input functions).

use super::ir::{Dag, Def, Node};
use iced_x86::code_asm::*;

/// The vector instructions the code uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// 512-bit words, 32 registers, `vpternlogq`.
    Avx512,
    /// 256-bit words, 16 registers.
    Avx2,
}

impl Isa {
    /// Bytes of one word.
    pub fn width(self) -> usize {
        match self {
            Isa::Avx512 => 64,
            Isa::Avx2 => 32,
        }
    }
    /// Registers the allocator may give out (AVX2 keeps three: all ones and
    /// two temporaries).
    fn registers(self) -> usize {
        match self {
            Isa::Avx512 => 32,
            Isa::Avx2 => 13,
        }
    }
}

/// Assembled code and what running it needs.
pub struct Code {
    /// The machine code of one chunk: a `sysv64` function of the slots and
    /// the scratch memory.
    pub bytes: Vec<u8>,
    /// Bytes of scratch memory for spills.
    pub scratch: usize,
    /// Instructions emitted, and of them loads, stores and spills.
    pub instructions: usize,
    /// Values stored to scratch memory to free a register.
    pub spills: usize,
}

/// Where a node's value is.
#[derive(Clone, Copy, Default)]
struct Place {
    reg: Option<u8>,
    /// The scratch offset of a computed node that was spilled.
    spilled: Option<u32>,
}

const ZMM: [AsmRegisterZmm; 32] = [
    zmm0, zmm1, zmm2, zmm3, zmm4, zmm5, zmm6, zmm7, zmm8, zmm9, zmm10, zmm11, zmm12, zmm13, zmm14, zmm15, zmm16, zmm17, zmm18, zmm19, zmm20, zmm21, zmm22,
    zmm23, zmm24, zmm25, zmm26, zmm27, zmm28, zmm29, zmm30, zmm31,
];
const YMM: [AsmRegisterYmm; 16] = [ymm0, ymm1, ymm2, ymm3, ymm4, ymm5, ymm6, ymm7, ymm8, ymm9, ymm10, ymm11, ymm12, ymm13, ymm14, ymm15];
/// AVX2: all ones, and two temporaries.
const ONES: usize = 15;
const T1: usize = 14;
const T2: usize = 13;

struct Emitter<'a> {
    dag: &'a Dag,
    isa: Isa,
    slot_bytes: usize,
    a: CodeAssembler,
    place: Vec<Place>,
    regs: Vec<Option<Node>>,
    /// For each node, the schedule positions that read it, in order, and a
    /// cursor to the next one.
    uses: Vec<Vec<u32>>,
    next_use: Vec<usize>,
    scratch: u32,
    spills: usize,
    instructions: usize,
}

type Result<T> = std::result::Result<T, String>;

fn asm_error(e: IcedError) -> String {
    format!("assembling the kernel: {e}")
}

impl Emitter<'_> {
    /// The next position at or after `now` that reads `n`, if any.
    fn next_read(&mut self, n: Node, now: u32) -> Option<u32> {
        let u = &self.uses[n as usize];
        let c = &mut self.next_use[n as usize];
        while *c < u.len() && u[*c] < now {
            *c += 1;
        }
        u.get(*c).copied()
    }

    fn slot_address(&self, slot: u32) -> i64 {
        slot as i64 * self.slot_bytes as i64
    }

    fn load(&mut self, r: usize, from: AsmMemoryOperand) -> Result<()> {
        self.instructions += 1;
        match self.isa {
            Isa::Avx512 => self.a.vmovdqu64(ZMM[r], from).map_err(asm_error),
            Isa::Avx2 => self.a.vmovdqu(YMM[r], from).map_err(asm_error),
        }
    }

    fn store(&mut self, to: AsmMemoryOperand, r: usize) -> Result<()> {
        self.instructions += 1;
        match self.isa {
            Isa::Avx512 => self.a.vmovdqu64(to, ZMM[r]).map_err(asm_error),
            Isa::Avx2 => self.a.vmovdqu(to, YMM[r]).map_err(asm_error),
        }
    }

    fn memory(&self, displacement: i64, scratch: bool) -> AsmMemoryOperand {
        let base = if scratch { rsi } else { rdi };
        match self.isa {
            Isa::Avx512 => zmmword_ptr(base + displacement),
            Isa::Avx2 => ymmword_ptr(base + displacement),
        }
    }

    /// A free register, evicting the value read furthest ahead (never one
    /// in `locked`).
    fn free_register(&mut self, now: u32, locked: &[usize]) -> Result<usize> {
        if let Some(r) = (0..self.isa.registers()).find(|&r| self.regs[r].is_none()) {
            return Ok(r);
        }
        let mut best: Option<(u32, usize)> = None;
        for r in 0..self.isa.registers() {
            if locked.contains(&r) {
                continue;
            }
            let n = self.regs[r].expect("every register is taken");
            let next = self.next_read(n, now).unwrap_or(u32::MAX);
            if best.is_none_or(|(b, _)| next > b) {
                best = Some((next, r));
            }
        }
        let (next, r) = best.ok_or("the kernel ran out of registers")?;
        let n = self.regs[r].unwrap();
        // A computed value read again later goes to scratch, once.
        let remade = matches!(self.dag.defs[n as usize], Def::Load(_) | Def::Const(_));
        if next != u32::MAX && !remade && self.place[n as usize].spilled.is_none() {
            let offset = self.scratch;
            self.scratch += self.isa.width() as u32;
            let m = self.memory(offset as i64, true);
            self.store(m, r)?;
            self.spills += 1;
            self.place[n as usize].spilled = Some(offset);
        }
        self.place[n as usize].reg = None;
        self.regs[r] = None;
        Ok(r)
    }

    /// `n` in a register, loading or reloading it if needed.
    fn in_register(&mut self, n: Node, now: u32, locked: &[usize]) -> Result<usize> {
        if let Some(r) = self.place[n as usize].reg {
            return Ok(r as usize);
        }
        let r = self.free_register(now, locked)?;
        let from = match (self.dag.defs[n as usize], self.place[n as usize].spilled) {
            (Def::Load(s), _) => self.memory(self.slot_address(s), false),
            (Def::Const(c), _) => {
                self.constant(r, c)?;
                self.bind(n, r);
                return Ok(r);
            }
            (_, Some(offset)) => self.memory(offset as i64, true),
            (d, None) => return Err(format!("node {n} ({d:?}) is read before it is computed")),
        };
        self.load(r, from)?;
        self.bind(n, r);
        Ok(r)
    }

    /// All zeros or all ones in register `r`.
    fn constant(&mut self, r: usize, c: bool) -> Result<()> {
        self.instructions += 1;
        match (self.isa, c) {
            (Isa::Avx512, false) => self.a.vpxorq(ZMM[r], ZMM[r], ZMM[r]),
            (Isa::Avx512, true) => self.a.vpternlogq(ZMM[r], ZMM[r], ZMM[r], 0xff),
            (Isa::Avx2, false) => self.a.vpxor(YMM[r], YMM[r], YMM[r]),
            (Isa::Avx2, true) => self.a.vmovdqa(YMM[r], YMM[ONES]),
        }
        .map_err(asm_error)
    }

    fn bind(&mut self, n: Node, r: usize) {
        self.regs[r] = Some(n);
        self.place[n as usize].reg = Some(r as u8);
    }

    fn release_if_dead(&mut self, n: Node, now: u32) {
        if self.next_read(n, now + 1).is_none() {
            if let Some(r) = self.place[n as usize].reg.take() {
                self.regs[r as usize] = None;
            }
        }
    }

    /// Computes node `n` (at schedule position `now`) into a register.
    fn compute(&mut self, n: Node, now: u32) -> Result<usize> {
        match self.dag.defs[n as usize] {
            Def::Load(_) => self.in_register(n, now, &[]),
            Def::Const(_) => self.in_register(n, now, &[]),
            Def::Lut { ins, arity, table } => {
                let ops = &ins[..arity as usize];
                let mut locked = Vec::new();
                for &x in ops {
                    let r = self.in_register(x, now, &locked)?;
                    locked.push(r);
                }
                let r = match self.isa {
                    Isa::Avx512 => self.ternlog(ops, &locked, table, now)?,
                    Isa::Avx2 => self.avx2(ops, &locked, table, now)?,
                };
                self.bind(n, r);
                Ok(r)
            }
        }
    }

    /// One `vpternlogq`: imm bit `4a + 2b + c` for the first operand (and
    /// destination) a, the second b, the third c.
    fn ternlog(&mut self, ops: &[Node], regs: &[usize], table: u8, now: u32) -> Result<usize> {
        let m = ops.len();
        let dying: Vec<bool> = ops.iter().map(|&x| self.next_read(x, now + 1).is_none()).collect();
        // Operand k of the table sits at ternlog position pos[k] (2 = a, 1 = b, 0 = c).
        let (dst, pos): (usize, Vec<u32>) = if let Some(k) = (0..m).find(|&k| dying[k]) {
            // The dying operand is a; the others b and c.
            let mut pos = vec![0u32; m];
            pos[k] = 2;
            let mut next = 1;
            for (j, p) in pos.iter_mut().enumerate() {
                if j != k {
                    *p = next;
                    next = next.saturating_sub(1);
                }
            }
            (regs[k], pos)
        } else if m < 3 {
            // A fresh register as a, which the table ignores.
            let r = self.free_register(now, regs)?;
            (r, (0..m).map(|k| 1 - k as u32).collect())
        } else {
            let r = self.free_register(now, regs)?;
            self.instructions += 1;
            self.a.vmovdqa64(ZMM[r], ZMM[regs[0]]).map_err(asm_error)?;
            (r, vec![2, 1, 0])
        };
        // The register at each ternlog position (a unused one repeats a).
        let mut at = [dst; 3];
        for (k, &p) in pos.iter().enumerate() {
            if p != 2 {
                at[2 - p as usize] = regs[k];
            }
        }
        let imm = (0..8u32).fold(0u32, |imm, i| {
            let index = pos.iter().enumerate().fold(0, |j, (k, &p)| j | ((i >> p) & 1) << k);
            imm | ((table >> index) as u32 & 1) << i
        });
        self.instructions += 1;
        self.a.vpternlogq(ZMM[at[0]], ZMM[at[1]], ZMM[at[2]], imm).map_err(asm_error)?;
        for (k, &x) in ops.iter().enumerate() {
            if dying[k] && regs[k] != dst {
                self.release_if_dead(x, now);
            } else if dying[k] {
                self.place[x as usize].reg = None;
                self.regs[dst] = None;
            }
        }
        Ok(dst)
    }

    /// A 2-input function `g` (bit `a + 2b`) of registers `a`, `b` into `out`.
    fn two(&mut self, g: u8, a: usize, b: usize, out: usize) -> Result<()> {
        let (o, x, y, one) = (YMM[out], YMM[a], YMM[b], YMM[ONES]);
        let asm = &mut self.a;
        let n = match g & 0xf {
            0b0000 => asm.vpxor(o, o, o).map(|_| 1),
            0b1111 => asm.vmovdqa(o, one).map(|_| 1),
            0b1010 => asm.vmovdqa(o, x).map(|_| 1),
            0b0101 => asm.vpxor(o, x, one).map(|_| 1),
            0b1100 => asm.vmovdqa(o, y).map(|_| 1),
            0b0011 => asm.vpxor(o, y, one).map(|_| 1),
            0b1000 => asm.vpand(o, x, y).map(|_| 1),
            0b1110 => asm.vpor(o, x, y).map(|_| 1),
            0b0110 => asm.vpxor(o, x, y).map(|_| 1),
            0b0111 => asm.vpand(o, x, y).and_then(|_| asm.vpxor(o, o, one)).map(|_| 2),
            0b0001 => asm.vpor(o, x, y).and_then(|_| asm.vpxor(o, o, one)).map(|_| 2),
            0b1001 => asm.vpxor(o, x, y).and_then(|_| asm.vpxor(o, o, one)).map(|_| 2),
            // a & !b
            0b0010 => asm.vpandn(o, y, x).map(|_| 1),
            // !a & b
            0b0100 => asm.vpandn(o, x, y).map(|_| 1),
            // a | !b = !(!a & b)
            0b1011 => asm.vpandn(o, x, y).and_then(|_| asm.vpxor(o, o, one)).map(|_| 2),
            // !a | b = !(a & !b)
            _ => asm.vpandn(o, y, x).and_then(|_| asm.vpxor(o, o, one)).map(|_| 2),
        }
        .map_err(asm_error)?;
        self.instructions += n;
        Ok(())
    }

    /// An AVX2 sequence for `table` of up to three registers.
    fn avx2(&mut self, ops: &[Node], regs: &[usize], table: u8, now: u32) -> Result<usize> {
        let dying: Vec<bool> = ops.iter().map(|&x| self.next_read(x, now + 1).is_none()).collect();
        let out = match (0..ops.len()).find(|&k| dying[k]) {
            Some(k) => regs[k],
            None => self.free_register(now, regs)?,
        };
        match ops.len() {
            1 => {
                let g = if table & 0b11 == 0b10 { 0b1010 } else { 0b0101 };
                self.two(g, regs[0], regs[0], out)?;
            }
            2 => self.two(table, regs[0], regs[1], out)?,
            _ => {
                // c ? f1(a, b) : f0(a, b) = f0 ^ ((f0 ^ f1) & c)
                let (f0, f1) = (table & 0xf, table >> 4);
                self.two(f0, regs[0], regs[1], T1)?;
                self.two(f1, regs[0], regs[1], T2)?;
                let (t1, t2, c, o) = (YMM[T1], YMM[T2], YMM[regs[2]], YMM[out]);
                self.a.vpxor(t2, t2, t1).map_err(asm_error)?;
                self.a.vpand(t2, t2, c).map_err(asm_error)?;
                self.a.vpxor(o, t1, t2).map_err(asm_error)?;
                self.instructions += 3;
            }
        }
        for (k, &x) in ops.iter().enumerate() {
            if dying[k] {
                if regs[k] == out {
                    self.place[x as usize].reg = None;
                    self.regs[out] = None;
                } else {
                    self.release_if_dead(x, now);
                }
            }
        }
        Ok(out)
    }
}

/// The schedule: every node the stores need, depth first from each store,
/// operands before the node that reads them.
fn schedule(dag: &Dag) -> Vec<Node> {
    let mut done = vec![false; dag.defs.len()];
    let mut order = Vec::new();
    let mut stack: Vec<(Node, bool)> = Vec::new();
    for &(_, root) in &dag.stores {
        stack.push((root, false));
        while let Some((n, expanded)) = stack.pop() {
            if done[n as usize] {
                continue;
            }
            if expanded {
                done[n as usize] = true;
                order.push(n);
                continue;
            }
            stack.push((n, true));
            if let Def::Lut { ins, arity, .. } = dag.defs[n as usize] {
                for &x in ins[..arity as usize].iter().rev() {
                    // Slots and constants are loaded where they are read.
                    let computed = matches!(dag.defs[x as usize], Def::Lut { .. });
                    if computed && !done[x as usize] {
                        stack.push((x, false));
                    }
                }
            }
        }
    }
    order
}

/// A clock in the same pass as the evaluation: each flip-flop's Q slot
/// takes its D's value, and the D slots are not written unless they are
/// outputs.
pub struct Clock<'c> {
    /// (D slot, Q slot) of every flip-flop; no D slot is a Q slot, and no
    /// D is a Q read through a buffer (the caller checks both).
    pub latches: &'c [(u32, u32)],
    /// Slots that are outputs, stored as in an evaluation.
    pub outputs: &'c [u32],
}

/// Assembles the kernel of `dag` for slots of `slot_bytes` bytes; with a
/// `clock`, the evaluation then clock of [`Clock`].
///
/// A Q slot is written where its D is computed when nothing later reads
/// the Q (its last reader comes first in the schedule); else the D is
/// kept (in a register or spilled) and written at the end.
pub fn compile(dag: &Dag, slot_bytes: usize, isa: Isa, clock: Option<&Clock>) -> Result<Code> {
    let order = schedule(dag);
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); dag.defs.len()];
    for (p, &n) in order.iter().enumerate() {
        if let Def::Lut { ins, arity, .. } = dag.defs[n as usize] {
            for &x in &ins[..arity as usize] {
                if uses[x as usize].last() != Some(&(p as u32)) {
                    uses[x as usize].push(p as u32);
                }
            }
        }
    }
    let mut stores_of: Vec<Vec<u32>> = vec![Vec::new(); dag.defs.len()];
    for &(s, n) in &dag.stores {
        stores_of[n as usize].push(s);
    }
    // With a clock: the Q slots written as their D is computed, and those
    // written at the end, from a node or straight from a D slot.
    let end = order.len() as u32;
    let mut deferred: Vec<(u32, Option<Node>, u32)> = Vec::new();
    if let Some(clock) = clock {
        let mut position = vec![u32::MAX; dag.defs.len()];
        for (p, &n) in order.iter().enumerate() {
            position[n as usize] = p as u32;
        }
        let mut load_of = std::collections::HashMap::new();
        for (n, d) in dag.defs.iter().enumerate() {
            if let Def::Load(s) = d {
                load_of.insert(*s, n);
            }
        }
        for &(d, q) in clock.latches {
            // The last position that reads Q: a reader, or Q stored as is.
            let last_read = load_of.get(&q).map_or(-1, |&l| {
                let read = uses[l].last().map_or(-1, |&p| p as i64);
                let stored = if position[l] == u32::MAX { -1 } else { position[l] as i64 };
                read.max(stored)
            });
            let Some(n) = dag.stores.iter().find(|&&(s, _)| s == d).map(|&(_, n)| n) else {
                deferred.push((q, None, d));
                continue;
            };
            if !clock.outputs.contains(&d) {
                stores_of[n as usize].retain(|&s| s != d);
            }
            if position[n as usize] as i64 >= last_read {
                stores_of[n as usize].push(q);
            } else {
                uses[n as usize].push(end);
                deferred.push((q, Some(n), d));
            }
        }
    }
    let mut e = Emitter {
        dag,
        isa,
        slot_bytes,
        a: CodeAssembler::new(64).map_err(asm_error)?,
        place: vec![Place::default(); dag.defs.len()],
        regs: vec![None; isa.registers()],
        next_use: vec![0; dag.defs.len()],
        uses,
        scratch: 0,
        spills: 0,
        instructions: 0,
    };
    if isa == Isa::Avx2 {
        e.a.vpcmpeqd(YMM[ONES], YMM[ONES], YMM[ONES]).map_err(asm_error)?;
    }
    for (p, &n) in order.iter().enumerate() {
        let now = p as u32;
        let r = e.compute(n, now)?;
        for s in stores_of[n as usize].clone() {
            let m = e.memory(e.slot_address(s), false);
            e.store(m, r)?;
        }
        e.release_if_dead(n, now);
    }
    for (q, n, d) in deferred {
        let r = match n {
            Some(n) => e.in_register(n, end, &[])?,
            None => {
                let r = e.free_register(end, &[])?;
                let m = e.memory(e.slot_address(d), false);
                e.load(r, m)?;
                r
            }
        };
        let m = e.memory(e.slot_address(q), false);
        e.store(m, r)?;
    }
    e.a.vzeroupper().map_err(asm_error)?;
    e.a.ret().map_err(asm_error)?;
    let bytes = e.a.assemble(0).map_err(asm_error)?;
    Ok(Code { bytes, scratch: e.scratch as usize, instructions: e.instructions, spills: e.spills })
}
