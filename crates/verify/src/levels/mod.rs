//! Each level's runner, for a crate that runs one level itself (a
//! benchmark, a test of its own) rather than all of them through
//! [`crate::Project`]:
//!
//! - [`rtl`]: the rust-hdl simulation, in process;
//! - [`bitsim`]: a netlist in the bit-parallel simulator, whose 1,024
//!   [`lanes`] run the plan's pieces side by side or search the pairs of
//!   model state and registers;
//! - [`hdl`]: the netlists and the chip made with the open flow, and Icarus
//!   on them; [`verilated`]: Verilator on the whole plan;
//! - [`equiv`]: the proofs between levels;
//! - [`replay`]: a mismatch run again at any level, with a VCD.
//!
//! [`fresh`] says whether `generated/` is what the design writes now; the
//! run of every level on both cores is [`crate::Project::verify_with`]'s.

pub mod bitsim;
pub mod equiv;
pub mod hdl;
pub mod lanes;
pub mod replay;
pub mod rtl;
pub(crate) mod run;
pub mod verilated;

pub use crate::ui::Job;
pub use lanes::Progress;
pub use run::fresh;
