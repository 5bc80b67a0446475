//! Software oracles, one file per machine, written from the documents in
//! `shared/seeds/` and never calling a design.

pub mod relay_nim;
pub mod counting;
pub mod die18;
pub mod learning;
pub mod moore;
pub mod nimatron;
pub mod nimrod;
pub mod selector;
pub mod wilson;
pub mod wilson_article;
pub mod wilson_complete;
