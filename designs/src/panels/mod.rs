//! Each machine behind the front panel (`fpga/protocol.md`): the board
//! wrapper that carries the machine, a UART receiver whose bytes become the
//! machine's buttons, and a reporter that sends its visible state.
//!
//! Every wrapper has the same pins, which the board's top (`src/templates/top.v.j2`)
//! and the panel testbench (`src/templates/panel_tb.v.j2`) connect by name,
//! and the same [`FrontPanel`](crate::blocks::front_panel::FrontPanel) next
//! to its machine: `board_wrapper!` declares them once.

/// Declares a board wrapper: a rust-hdl block with the board's pins
/// (`clock`, `rx`, `tx`, five `leds`, four `buttons`), the machine (the
/// first field), the [`FrontPanel`](crate::blocks::front_panel::FrontPanel)
/// with a `REPORT_BITS`-wide report (a constant of the calling module), and
/// the wrapper's own fields, each with its initial value after `=` where it
/// is not `Default::default()`. The generics are the machine's own, then
/// `U` (the UART's bit timer) and `B` (the debouncers' counters); `new`
/// takes the given arguments, then the UART's `clocks_per_bit` and the
/// buttons' `stable` cycles. The fields are declared in this order, which is
/// the order of the emitted Verilog.
macro_rules! board_wrapper {
    (
        $(#[$meta:meta])*
        pub struct $name:ident $(<$($g:ident),*>)? {
            $(#[$mmeta:meta])* $machine:ident: $mty:ty $(= $minit:expr)?,
            $($(#[$fmeta:meta])* $field:ident: $ty:ty $(= $init:expr)?,)*
        }
        $(#[$nmeta:meta])*
        pub fn new($($arg:ident: $aty:ty),*);
    ) => {
        $(#[$meta])*
        #[derive(Clone, LogicBlock)]
        pub struct $name<$($(const $g: usize,)*)? const U: usize, const B: usize> {
            pub clock: Signal<In, Clock>,
            pub rx: Signal<In, Bit>,
            pub tx: Signal<Out, Bit>,
            pub leds: Signal<Out, Bits<5>>,
            /// The board's buttons, high while pressed.
            pub buttons: Signal<In, Bits<4>>,
            $(#[$mmeta])* $machine: $mty,
            panel: $crate::blocks::front_panel::FrontPanel<U, REPORT_BITS, B>,
            $($(#[$fmeta])* $field: $ty,)*
        }

        impl<$($(const $g: usize,)*)? const U: usize, const B: usize> $name<$($($g,)*)? U, B> {
            $(#[$nmeta])*
            pub fn new($($arg: $aty,)* clocks_per_bit: u64, stable: u64) -> Self {
                Self {
                    clock: Default::default(),
                    rx: Default::default(),
                    tx: Default::default(),
                    leds: Default::default(),
                    buttons: Default::default(),
                    $machine: board_wrapper!(@init $($minit)?),
                    panel: $crate::blocks::front_panel::FrontPanel::new(clocks_per_bit, stable),
                    $($field: board_wrapper!(@init $($init)?),)*
                }
            }
        }
    };
    (@init) => { Default::default() };
    (@init $init:expr) => { $init };
}

pub mod die18;
pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod wilson;
