//! Reusable blocks, each with its own exhaustive test.

pub mod pile_counter;
pub mod pile_selector;
pub mod randomizer;
pub mod selection_register;
pub mod sequencer;
pub mod xor_tree;
pub mod lamp_row;
pub mod parity_relays;
pub mod power_detector;
pub mod pulse_counter;
pub mod row_chooser;
pub mod reporter;
pub mod uart_rx;
pub mod uart_tx;
pub mod front_panel;
pub mod base_code;
pub mod debouncer;
pub mod arithmetic_unit;
pub mod modifying_number;
pub mod scanner;
pub mod play_keys;
