//! The nimforge machines as rust-hdl LogicBlocks.
//!
//! `blocks/` holds the reusable parts; each machine composes them in its own
//! file. Designs never call the software oracles in the main crate.

pub mod blocks;
pub mod harness;
pub mod nimatron;
pub mod relay_nim;

/// The relay NIM as it is verified: two cycles per sequencer step.
pub type RelayNimSim = relay_nim::RelayNim<1>;
/// Cycles per sequencer step in [`RelayNimSim`].
pub const RELAY_NIM_SIM_PACE: u64 = 2;

/// Nimatron as it is verified: one cycle per T relay and per pulse.
pub type NimatronSim = nimatron::Nimatron<1>;
/// Cycles per step in [`NimatronSim`].
pub const NIMATRON_SIM_PACE: u64 = 1;
