//! What a CI server reads: the results as JUnit XML ([`junit`]) and as
//! GitHub Actions annotations on the lines that drive a wrong output
//! ([`annotate`]); which of them a run writes ([`Outputs`]).

pub mod annotate;
pub mod junit;
mod outputs;

pub use outputs::Outputs;
