//! A design driven clock by clock in rust-hdl's simulation: a block on a
//! [`Bench`] for its own tests (set inputs, settle, one rising edge), and a
//! whole machine through a [`Driver`] (a press for one clock, then wait
//! until the outputs say something happened).

mod bench;
mod driver;

pub use bench::Bench;
pub use driver::Driver;
