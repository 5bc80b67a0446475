//! Each machine behind the front panel (`fpga/protocol.md`): the board
//! wrapper that carries the machine, a UART receiver whose bytes become the
//! machine's buttons, and a reporter that sends its visible state.

pub mod die18;
pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod wilson;
