//! nimforge-oracles: the software models, one file per machine, written from
//! the documents in `shared/seeds/`. This crate depends on no design (Cargo
//! keeps it so: `nimforge-designs` is not among its dependencies).
#![warn(missing_docs)]

pub mod counting;
pub mod die18;
pub mod learning;
pub mod moore;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod selector;
pub mod wilson;
