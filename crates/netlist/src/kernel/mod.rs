//! The compiled kernel: a netlist's [`Program`] turned once into machine
//! code for the CPU it runs on, and run in place of the interpreter's op
//! loop by [`crate::Sim::eval`].
//!
//! - `ir`: the ops as a graph of 3-input functions, folded, merged and
//!   pruned;
//! - `x86`: straight-line AVX-512 (`vpternlogq`, 32 registers) or AVX2 code
//!   with the nets in registers, assembled with iced-x86.
//!
//! The code runs from memory mapped executable (libc `mmap`/`mprotect`).
//! Which instructions are used is decided when the program runs
//! ([`Isa::best`]); without AVX2, or off x86-64, there is no kernel and the
//! interpreter runs. The interpreter stays the reference: the tests run
//! both on random netlists and on the machines' netlists and require the
//! same outputs and flip-flops after every cycle.

pub mod ir;
#[cfg(target_arch = "x86_64")]
pub mod x86;

use super::graph::Program;
use crate::NetlistError;

#[cfg(target_arch = "x86_64")]
pub use x86::Isa;

/// What a compiled kernel is made of, for the benchmark's report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Size {
    /// The interpreter's ops.
    pub ops: usize,
    /// 3-input functions after folding, merging and pruning.
    pub nodes: usize,
    /// Machine instructions of one chunk, of which spills.
    pub instructions: usize,
    /// Values stored to scratch memory to free a register.
    pub spills: usize,
    /// Machine instructions of the hoisted work (0 without).
    pub hoisted: usize,
}

/// Machine code for one netlist and one slot size: an evaluation, and
/// where the netlist allows one, an evaluation and clock in one pass.
pub struct Kernel {
    #[cfg(target_arch = "x86_64")]
    isa: Isa,
    code: Mapped,
    clocked: Option<Mapped>,
    /// The hoisted nodes' code and how many extra slots it fills.
    hoisted: Option<(Mapped, usize)>,
    scratch: usize,
    chunk: usize,
    /// What it is made of.
    pub size: Size,
}

/// Machine code mapped executable.
struct Mapped {
    code: *mut u8,
    len: usize,
}

impl Mapped {
    fn new(bytes: &[u8]) -> Result<Mapped, String> {
        let len = bytes.len().max(1);
        // Safety: a fresh private mapping, written then made read-execute.
        unsafe {
            let p = libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            if p == libc::MAP_FAILED {
                return Err(format!("mapping {len} bytes for the kernel failed"));
            }
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), p as *mut u8, bytes.len());
            if libc::mprotect(p, len, libc::PROT_READ | libc::PROT_EXEC) != 0 {
                libc::munmap(p, len);
                return Err("making the kernel executable failed".into());
            }
            Ok(Mapped { code: p as *mut u8, len })
        }
    }

    /// Runs the code on every chunk of the slots.
    ///
    /// # Safety
    /// As [`Kernel::run`].
    #[cfg(target_arch = "x86_64")]
    unsafe fn run(&self, chunk: usize, slots: *mut u8, word_bytes: usize, scratch: &mut [u8]) {
        // Safety: the code is a sysv64 function of the slots and scratch.
        let f: unsafe extern "sysv64" fn(*mut u8, *mut u8) = unsafe { std::mem::transmute(self.code) };
        for c in 0..word_bytes / chunk {
            // Safety: the caller's slots hold every slot the program names.
            unsafe { f(slots.add(c * chunk), scratch.as_mut_ptr()) };
        }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // Safety: the mapping made in `Mapped::new`, unmapped once.
        unsafe {
            libc::munmap(self.code as *mut libc::c_void, self.len);
        }
    }
}

// Safety: the code is immutable once mapped; each call gets its own
// scratch memory from its caller.
unsafe impl Send for Kernel {}
unsafe impl Sync for Kernel {}

#[cfg(target_arch = "x86_64")]
impl Isa {
    /// The widest the CPU has: AVX-512 (F) for words of at least 512 bits,
    /// else AVX2 for words of at least 256, else none.
    pub fn best(word_bytes: usize) -> Option<Isa> {
        if word_bytes.is_multiple_of(64) && std::is_x86_feature_detected!("avx512f") {
            Some(Isa::Avx512)
        } else if word_bytes.is_multiple_of(32) && std::is_x86_feature_detected!("avx2") {
            Some(Isa::Avx2)
        } else {
            None
        }
    }
}

impl Kernel {
    /// Compiles `program` for slots of `word_bytes` bytes with the best
    /// instructions the CPU has; `None` when there are none to use.
    pub fn compile(program: &Program, word_bytes: usize) -> Option<Result<Kernel, NetlistError>> {
        #[cfg(target_arch = "x86_64")]
        {
            let isa = Isa::best(word_bytes)?;
            Some(Kernel::compile_for(program, word_bytes, isa))
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (program, word_bytes);
            None
        }
    }

    /// Compiles for a given instruction set (the CPU must have it).
    #[cfg(target_arch = "x86_64")]
    pub fn compile_for(program: &Program, word_bytes: usize, isa: Isa) -> Result<Kernel, NetlistError> {
        Kernel::compile_hoisting(program, word_bytes, isa, &[])
    }

    /// The same, with the work that depends only on the `slow` slots (and
    /// constants) hoisted out of the evaluation: it runs in
    /// [`Kernel::run_hoisted`], which fills extra slots after the
    /// program's own (see [`Kernel::extra_slots`]), and the evaluation
    /// loads them. For exhaustive runs where some inputs change seldom.
    #[cfg(target_arch = "x86_64")]
    pub fn compile_hoisting(program: &Program, word_bytes: usize, isa: Isa, slow: &[u32]) -> Result<Kernel, NetlistError> {
        Kernel::compile_parts(program, word_bytes, isa, slow).map_err(NetlistError::Kernel)
    }

    /// [`Kernel::compile_hoisting`], its error the assembler's or the mapping's words.
    #[cfg(target_arch = "x86_64")]
    fn compile_parts(program: &Program, word_bytes: usize, isa: Isa, slow: &[u32]) -> Result<Kernel, String> {
        let dag = ir::optimize(&ir::build(program));
        let cut = if slow.is_empty() { None } else { ir::hoist(&dag, slow, program.nets.len() as u32) };
        let (dag, hoisted) = match cut {
            Some(h) => {
                let outer = x86::compile(&h.outer, word_bytes, isa, None)?;
                (h.inner, Some((outer, h.extra)))
            }
            None => (dag, None),
        };
        let code = x86::compile(&dag, word_bytes, isa, None)?;
        let size = Size {
            ops: program.ops.len(),
            nodes: dag.defs.len(),
            instructions: code.instructions,
            spills: code.spills,
            hoisted: hoisted.as_ref().map_or(0, |(h, _)| h.instructions),
        };
        let clocked = match clock_in_place(program, &dag) {
            Some(latches) => {
                let clock = x86::Clock { latches: &latches, outputs: &program.outputs };
                Some(x86::compile(&dag, word_bytes, isa, Some(&clock))?)
            }
            None => None,
        };
        let scratch = [Some(&code), clocked.as_ref(), hoisted.as_ref().map(|(h, _)| h)].into_iter().flatten().map(|c| c.scratch).max();
        let clocked = clocked.map(|c| Mapped::new(&c.bytes)).transpose()?;
        let hoisted = hoisted.map(|(h, extra)| Mapped::new(&h.bytes).map(|m| (m, extra))).transpose()?;
        Ok(Kernel { isa, code: Mapped::new(&code.bytes)?, clocked, hoisted, scratch: scratch.unwrap_or(0), chunk: isa.width(), size })
    }

    /// Slots the kernel needs after the program's own, for the hoisted
    /// nodes' values.
    pub fn extra_slots(&self) -> usize {
        self.hoisted.as_ref().map_or(0, |(_, extra)| *extra)
    }

    /// Computes the hoisted nodes from the slow slots into the extra
    /// slots: call it after any slow slot changes, before the next
    /// evaluation (without hoisting, nothing to do).
    ///
    /// # Safety
    /// As [`Kernel::run`], with the extra slots after the program's.
    pub unsafe fn run_hoisted(&self, slots: *mut u8, word_bytes: usize, scratch: &mut [u8]) {
        #[cfg(target_arch = "x86_64")]
        if let Some((code, _)) = &self.hoisted {
            // Safety: as the caller promised.
            unsafe { code.run(self.chunk, slots, word_bytes, scratch) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (slots, word_bytes, scratch);
    }

    /// Bytes of scratch memory [`Kernel::run`] needs.
    pub fn scratch_bytes(&self) -> usize {
        self.scratch.max(64)
    }

    /// The instruction set of the code.
    #[cfg(target_arch = "x86_64")]
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// One evaluation of every chunk of `slots` (`word_bytes` bytes a slot,
    /// all slots of the program), `scratch` at least
    /// [`Kernel::scratch_bytes`] long.
    ///
    /// # Safety
    /// `slots` must hold every slot the program names, with the word size
    /// the kernel was compiled for.
    pub unsafe fn run(&self, slots: *mut u8, word_bytes: usize, scratch: &mut [u8]) {
        debug_assert!(scratch.len() >= self.scratch_bytes());
        #[cfg(target_arch = "x86_64")]
        // Safety: as the caller promised.
        unsafe {
            self.code.run(self.chunk, slots, word_bytes, scratch)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (slots, word_bytes, scratch);
    }

    /// Whether [`Kernel::run_clocked`] exists for this netlist.
    pub fn clocks(&self) -> bool {
        self.clocked.is_some()
    }

    /// One evaluation and one clock in one pass: afterwards every Q holds
    /// the D of the evaluation, the other nets are as after
    /// [`Kernel::run`], but a D net that is not an output keeps its old
    /// value. Returns false (and does nothing) when the netlist has no
    /// such code ([`Kernel::clocks`]).
    ///
    /// # Safety
    /// As [`Kernel::run`].
    pub unsafe fn run_clocked(&self, slots: *mut u8, word_bytes: usize, scratch: &mut [u8]) -> bool {
        let Some(code) = &self.clocked else { return false };
        #[cfg(target_arch = "x86_64")]
        // Safety: as the caller promised.
        unsafe {
            code.run(self.chunk, slots, word_bytes, scratch)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (code, slots, word_bytes, scratch);
        true
    }
}

/// The flip-flops as (D, Q) slots when the clock can be done in the
/// evaluation's pass: no D is a Q (no flip-flop feeds another straight,
/// nor through a buffer), so writing one Q never changes what another
/// flip-flop takes.
fn clock_in_place(program: &Program, dag: &ir::Dag) -> Option<Vec<(u32, u32)>> {
    let qs: std::collections::HashSet<u32> = program.latches.iter().map(|l| l.q).collect();
    let through_buffer = |d: u32| dag.stores.iter().any(|&(s, n)| s == d && matches!(dag.defs[n as usize], ir::Def::Load(x) if qs.contains(&x)));
    if program.latches.iter().any(|l| qs.contains(&l.d) || through_buffer(l.d)) {
        return None;
    }
    Some(program.latches.iter().map(|l| (l.d, l.q)).collect())
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests;
