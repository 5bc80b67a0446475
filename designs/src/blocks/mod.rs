//! Reusable blocks, each with its own exhaustive test.

pub mod pile_counter;
pub mod pile_selector;
pub mod randomizer;
pub mod selection_register;
pub mod sequencer;
pub mod xor_tree;
