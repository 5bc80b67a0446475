//! A design driven clock by clock in rust-hdl's simulation: a block on a
//! [`Bench`] for its own tests (set inputs, settle, one rising edge), and a
//! whole machine through a [`Driver`] (a press for one clock, then wait
//! until the outputs say something happened), or a script of presses
//! ([`parse_script`]) recorded as a VCD ([`record_vcd`]).

mod bench;
mod driver;
mod vcd;

pub use bench::Bench;
pub use driver::Driver;
pub(crate) use vcd::record_letters;
pub use vcd::{parse_script, record_vcd};
