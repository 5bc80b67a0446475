//! The nimforge machines as rust-hdl LogicBlocks.
//!
//! `blocks/` holds the reusable parts; each machine composes them in its own
//! file. Designs never call the software oracles in the main crate.

pub mod blocks;
pub mod die18;
pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod panels;
pub mod relay_nim;
pub mod report;
pub mod selector;
pub mod wilson;

/// The relay NIM as it is verified: two cycles per sequencer step.
pub type RelayNimSim = relay_nim::RelayNim<1>;
/// Cycles per sequencer step in [`RelayNimSim`].
pub const RELAY_NIM_SIM_PACE: u64 = 2;

/// Nimatron as it is verified: one cycle per T relay and per pulse.
pub type NimatronSim = nimatron::Nimatron<1>;
/// Cycles per step in [`NimatronSim`].
pub const NIMATRON_SIM_PACE: u64 = 1;

/// Nimrod as it is verified: slow mode shows each instruction for two cycles.
pub type NimrodSim = nimrod::Nimrod<1>;
/// Cycles per instruction in [`NimrodSim`]'s slow mode.
pub const NIMROD_SIM_PACE: u64 = 2;

/// Clock cycles per UART bit on a 12 MHz board: 115,200 baud, 0.16% fast.
pub const BOARD_CLOCKS_PER_BIT: u64 = 104;
/// Cycles a board button must hold its level to be believed: 10 ms at 12 MHz.
pub const BOARD_BUTTON_STABLE: u64 = 120_000;
/// ... and in the simulated wrappers.
pub const PANEL_SIM_BUTTON_STABLE: u64 = 16;

/// Nimatron on a board behind the front panel: a T relay or pulse every
/// eighth of a second at 12 MHz, so lamp M dims over about a second.
pub type NimatronBoard = panels::nimatron::NimatronPanel<21, 7, 17>;
/// Cycles per step in [`NimatronBoard`].
pub const NIMATRON_BOARD_PACE: u64 = 1_500_000;

/// Nimatron's board wrapper as the `panel` level simulates it: 4 cycles per
/// UART bit, and a step of 2,048 cycles, longer than two report lines.
pub type NimatronPanelSim = panels::nimatron::NimatronPanel<11, 2, 4>;
pub const NIMATRON_PANEL_SIM_PACE: u64 = 2048;
pub const PANEL_SIM_CLOCKS_PER_BIT: u64 = 4;

/// The relay NIM on a board behind the front panel: a sequencer step every
/// quarter of a second at 12 MHz.
pub type RelayNimBoard = panels::relay_nim::RelayNimPanel<22, 7, 17>;
/// Cycles per step in [`RelayNimBoard`].
pub const RELAY_NIM_BOARD_PACE: u64 = 3_000_000;

/// The relay NIM's board wrapper as the `panel` level simulates it: 4 cycles
/// per UART bit, and a step of 1,024 cycles, longer than two report lines.
pub type RelayNimPanelSim = panels::relay_nim::RelayNimPanel<10, 2, 4>;
pub const RELAY_NIM_PANEL_SIM_PACE: u64 = 1024;

/// Nimrod on a board behind the front panel: slow mode shows an
/// instruction for half a second at 12 MHz.
pub type NimrodBoard = panels::nimrod::NimrodPanel<23, 7, 17>;
/// Cycles per instruction in [`NimrodBoard`]'s slow mode.
pub const NIMROD_BOARD_PACE: u64 = 6_000_000;

/// Nimrod's board wrapper as the `panel` level simulates it: 4 cycles per
/// UART bit, and a slow-mode instruction of 2,048 cycles, longer than two
/// report lines.
pub type NimrodPanelSim = panels::nimrod::NimrodPanel<11, 2, 4>;
pub const NIMROD_PANEL_SIM_PACE: u64 = 2048;

/// 18-with-a-die on a board behind the front panel (its program needs no
/// pace: a step a clock).
pub type Die18Board = panels::die18::Die18Panel<7, 17>;
/// ... and as the `panel` level simulates it: 4 cycles per UART bit.
pub type Die18PanelSim = panels::die18::Die18Panel<2, 4>;

/// The learning machine on a board behind the front panel (its programmer
/// needs no pace: a step a clock), the cell at column 5 row 2 blanked.
pub type LearningBoard = panels::learning::LearningPanel<7, 17>;
/// ... and as the `panel` level simulates it: 4 cycles per UART bit.
pub type LearningPanelSim = panels::learning::LearningPanel<2, 4>;

/// Wilson's judge on a board behind the front panel (the judge needs no
/// pace: it works at the clock).
pub type WilsonBoard = panels::wilson::WilsonPanel<7, 17>;
/// ... and as the `panel` level simulates it: 4 cycles per UART bit.
pub type WilsonPanelSim = panels::wilson::WilsonPanel<2, 4>;

/// The Nim move selector as the benchmark runs it: four piles of 8 bits
/// (2^32 positions).
pub type Selector4x8 = selector::Selector<4, 8>;
/// ... and as the formal proof takes it: eight piles of 8 bits (2^64).
pub type Selector8x8 = selector::Selector<8, 8>;
/// The 4 x 9 selector: 2^36 positions, the space the cluster test splits.
pub type Selector4x9 = selector::Selector<4, 9>;
