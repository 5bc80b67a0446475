//! The compiled kernel: a netlist's [`Program`] turned once into machine
//! code for the CPU it runs on, and run in place of the interpreter's op
//! loop by [`crate::netlist::Sim::eval`].
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
}

/// Machine code for one netlist and one slot size.
pub struct Kernel {
    #[cfg(target_arch = "x86_64")]
    isa: Isa,
    code: *mut u8,
    len: usize,
    scratch: usize,
    chunk: usize,
    /// What it is made of.
    pub size: Size,
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
        if word_bytes % 64 == 0 && std::is_x86_feature_detected!("avx512f") {
            Some(Isa::Avx512)
        } else if word_bytes % 32 == 0 && std::is_x86_feature_detected!("avx2") {
            Some(Isa::Avx2)
        } else {
            None
        }
    }
}

impl Kernel {
    /// Compiles `program` for slots of `word_bytes` bytes with the best
    /// instructions the CPU has; `None` when there are none to use.
    pub fn compile(program: &Program, word_bytes: usize) -> Option<Result<Kernel, String>> {
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
    pub fn compile_for(program: &Program, word_bytes: usize, isa: Isa) -> Result<Kernel, String> {
        let dag = ir::optimize(&ir::build(program));
        let code = x86::compile(&dag, word_bytes, isa)?;
        let size = Size { ops: program.ops.len(), nodes: dag.defs.len(), instructions: code.instructions, spills: code.spills };
        let len = code.bytes.len().max(1);
        // Safety: a fresh private mapping, written then made read-execute.
        unsafe {
            let p = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if p == libc::MAP_FAILED {
                return Err(format!("mapping {len} bytes for the kernel failed"));
            }
            std::ptr::copy_nonoverlapping(code.bytes.as_ptr(), p as *mut u8, code.bytes.len());
            if libc::mprotect(p, len, libc::PROT_READ | libc::PROT_EXEC) != 0 {
                libc::munmap(p, len);
                return Err("making the kernel executable failed".into());
            }
            Ok(Kernel { isa, code: p as *mut u8, len, scratch: code.scratch, chunk: isa.width(), size })
        }
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
        {
            let f: unsafe extern "sysv64" fn(*mut u8, *mut u8) = std::mem::transmute(self.code);
            for c in 0..word_bytes / self.chunk {
                f(slots.add(c * self.chunk), scratch.as_mut_ptr());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (slots, word_bytes, scratch);
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        // Safety: the mapping made in `compile_for`, unmapped once.
        unsafe {
            libc::munmap(self.code as *mut libc::c_void, self.len);
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests;
