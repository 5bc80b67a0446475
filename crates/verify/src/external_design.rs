//! A design written in Verilog or SystemVerilog, checked against a Rust
//! model: the machine declares its ports with [`crate::verilog_ports!`]
//! (names and widths as in the file, which the levels check) and its
//! design is the placeholder [`External`], since the design itself is the
//! file ([`crate::Project::verify_verilog`], [`crate::Source::Verilog`]).

use rust_hdl::prelude::*;

/// The rust-hdl side of a Verilog design: a clock and nothing else. The
/// levels never simulate it (the `rtl` level is not applicable); it is
/// there so that a Verilog design is a [`crate::Machine`] like any other.
#[derive(LogicBlock, Default)]
pub struct External {
    /// The clock (the Verilog's `clock` input).
    pub clock: Signal<In, Clock>,
}

impl Logic for External {
    fn update(&mut self) {}
}

/// A Verilog design's ports, declared once in its `impl Machine` block:
/// `nimforge_verify::verilog_ports!(inputs: [reset: 1, key: 4]; outputs: [open: 1]);`
/// writes `type Design` (a placeholder: the design is the file), `design`, `inputs`, `outputs`,
/// `clock`, `drive` and `read`. The names and widths are the Verilog
/// module's (besides its 1-bit `clock`); a difference is refused before any
/// level runs, naming it and the ports the file has. The order of `inputs`
/// is the order of a letter's values, the order of `outputs` that of
/// `observe`.
#[macro_export]
macro_rules! verilog_ports {
    (inputs: [$($i:ident : $iw:expr),* $(,)?]; outputs: [$($o:ident : $ow:expr),* $(,)?] $(;)?) => {
        type Design = $crate::__External;
        fn inputs() -> ::std::vec::Vec<$crate::Port> {
            ::std::vec![$($crate::Port { name: ::core::stringify!($i), width: $iw }),*]
        }
        fn outputs() -> ::std::vec::Vec<$crate::Port> {
            ::std::vec![$($crate::Port { name: ::core::stringify!($o), width: $ow }),*]
        }
        fn design() -> $crate::__External {
            ::core::default::Default::default()
        }
        fn clock(d: &mut $crate::__External) -> &mut $crate::rust_hdl::prelude::Signal<$crate::rust_hdl::prelude::In, $crate::rust_hdl::prelude::Clock> {
            &mut d.clock
        }
        fn drive(_: &mut $crate::__External, _: &[u64]) {}
        fn read(_: &$crate::__External) -> ::std::vec::Vec<u64> {
            ::std::vec![$({ let _ = ::core::stringify!($o); 0 }),*]
        }
    };
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::flow::yosys::ModulePort;
    use crate::{Letter, Machine};

    /// A lamp that FLIP toggles: a machine of two states for the tests.
    pub(crate) struct Toggle;
    impl Machine for Toggle {
        type State = bool;
        type Extra = ();
        type Press = bool;
        const NAME: &'static str = "toggle";
        crate::verilog_ports!(inputs: [flip: 1]; outputs: [lamp: 1]);
        fn alphabet() -> Vec<bool> {
            vec![false, true]
        }
        fn letter(p: bool) -> Letter {
            Letter::of::<Self>(if p { "FLIP" } else { "none" }, &[("flip", p as u64)])
        }
        fn power_on() -> bool {
            false
        }
        fn step(s: &bool, p: bool) -> bool {
            *s ^ p
        }
        fn observe(s: &bool, _: &()) -> Vec<u64> {
            vec![*s as u64]
        }
    }

    fn port(name: &str, input: bool, width: usize) -> ModulePort {
        ModulePort { name: name.into(), input, width }
    }

    /// A file's ports are taken when they are the machine's, in any order;
    /// a port missing, one too many, a width or a direction that differs is
    /// refused in one line naming it and listing the file's ports.
    #[test]
    fn ports_are_checked_against_the_file() {
        let file = std::path::Path::new("toggle.v");
        let check = |ports: &[ModulePort]| crate::design_source::check_ports::<Toggle>(file, ports, true);
        assert_eq!(Toggle::outputs()[0].width, 1);
        check(&[port("lamp", false, 1), port("clock", true, 1), port("flip", true, 1)]).unwrap();
        for (ports, says) in [
            (vec![port("clock", true, 1), port("flip", true, 1)], "wants an output lamp of 1 bits"),
            (vec![port("clock", true, 1), port("flip", true, 2), port("lamp", false, 1)], "wants an input flip of 1 bits"),
            (vec![port("clock", true, 1), port("flip", false, 1), port("lamp", false, 1)], "wants an input flip"),
            (vec![port("clock", true, 1), port("flip", true, 1), port("lamp", false, 1), port("extra", false, 3)], "toggle.v has an output extra of 3 bits"),
        ] {
            let e = check(&ports).unwrap_err().to_string();
            assert!(e.contains(says) && e.contains("verilog_ports!") && !e.contains('\n'), "{e}");
        }
    }
}
