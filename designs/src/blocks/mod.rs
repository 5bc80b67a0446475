//! Reusable blocks, each with its own exhaustive test.

pub mod arithmetic_unit;
pub mod base_code;
pub mod debouncer;
pub mod front_panel;
pub mod lamp_row;
pub mod modifying_number;
pub mod parity_relays;
pub mod pile_counter;
pub mod pile_selector;
pub mod play_keys;
pub mod power_detector;
pub mod pulse_counter;
pub mod randomizer;
pub mod reporter;
pub mod row_chooser;
pub mod scanner;
pub mod selection_register;
pub mod sequencer;
pub mod uart_rx;
pub mod uart_tx;
pub mod xor_tree;
