//! A design's ports, as the Verilog names them: the vocabulary every layer
//! shares (the testbench and constraint templates in `emit`, the builds,
//! the harness in `verify`), so it sits below them all.

/// A port of a design, as the Verilog names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    /// The port's name in the Verilog module.
    pub name: &'static str,
    /// Its width in bits.
    pub width: usize,
}

/// A value an input or output port carries, to and from the `u64` the
/// harness keeps for each port: `bool` for one wire, `Bits<N>` for a bus.
pub trait PortValue: rust_hdl::prelude::Synth {
    /// The value of `v`'s low bits.
    fn from_u64(v: u64) -> Self;
    /// The value as a number.
    fn to_u64(&self) -> u64;
}

impl PortValue for bool {
    fn from_u64(v: u64) -> Self {
        v & 1 == 1
    }
    fn to_u64(&self) -> u64 {
        *self as u64
    }
}

impl<const N: usize> PortValue for rust_hdl::prelude::Bits<N> {
    fn from_u64(v: u64) -> Self {
        v.into()
    }
    fn to_u64(&self) -> u64 {
        self.index() as u64
    }
}

/// The width of the port `field` picks out of a design, from its type.
pub fn width_of<D, Dir: rust_hdl::prelude::Direction, T: rust_hdl::prelude::Synth>(
    _field: impl for<'a> Fn(&'a D) -> &'a rust_hdl::prelude::Signal<Dir, T>,
) -> usize {
    T::BITS
}

/// A design's ports, declared once: in an `impl Machine` block,
/// `nimforge_verify::ports!(Design; inputs: [reset, take_a]; outputs: [count_a]);`
/// writes `inputs`, `outputs`, `clock`, `drive` and `read` from the
/// design's fields (each a `Signal` of `bool` or `Bits<N>`; the widths come
/// from their types, the names are the Verilog's, as rust-hdl names the
/// ports after the fields). The order of `inputs` is the order of a
/// letter's values, the order of `outputs` that of `read` and `observe`.
#[macro_export]
macro_rules! ports {
    ($design:ty; inputs: [$($i:ident),* $(,)?]; outputs: [$($o:ident),* $(,)?] $(;)?) => {
        fn inputs() -> ::std::vec::Vec<$crate::Port> {
            ::std::vec![$($crate::Port { name: ::core::stringify!($i), width: $crate::__width_of(|d: &$design| &d.$i) }),*]
        }
        fn outputs() -> ::std::vec::Vec<$crate::Port> {
            ::std::vec![$($crate::Port { name: ::core::stringify!($o), width: $crate::__width_of(|d: &$design| &d.$o) }),*]
        }
        fn clock(d: &mut $design) -> &mut $crate::rust_hdl::prelude::Signal<$crate::rust_hdl::prelude::In, $crate::rust_hdl::prelude::Clock> {
            &mut d.clock
        }
        fn drive(d: &mut $design, inputs: &[u64]) {
            let mut values = inputs.iter();
            $(d.$i.next = $crate::__PortValue::from_u64(*values.next().expect("a value for every input"));)*
        }
        fn read(d: &$design) -> ::std::vec::Vec<u64> {
            ::std::vec![$($crate::__PortValue::to_u64(&d.$o.val())),*]
        }
    };
}

/// Packs per-port values into one hexadecimal word, first port most significant.
pub(crate) fn to_hex(values: &[u64], ports: &[Port]) -> String {
    let mut bits = Vec::new();
    for (v, p) in values.iter().zip(ports) {
        for b in (0..p.width).rev() {
            bits.push(v >> b & 1 == 1);
        }
    }
    while bits.len() % 4 != 0 {
        bits.insert(0, false);
    }
    bits.chunks(4)
        .map(|c| {
            let d = c.iter().fold(0u32, |a, &b| a << 1 | b as u32);
            char::from_digit(d, 16).unwrap()
        })
        .collect()
}

/// The inverse of [`to_hex`]; `None` for something that is not such a word.
pub(crate) fn from_hex(hex: &str, ports: &[Port]) -> Option<Vec<u64>> {
    let total: usize = ports.iter().map(|p| p.width).sum();
    let mut bits = Vec::new();
    for c in hex.chars() {
        let d = c.to_digit(16)?;
        for b in (0..4).rev() {
            bits.push(d >> b & 1 == 1);
        }
    }
    if bits.len() < total {
        return None;
    }
    let mut bits = &bits[bits.len() - total..];
    let mut out = Vec::new();
    for p in ports {
        out.push(bits[..p.width].iter().fold(0u64, |a, &b| a << 1 | b as u64));
        bits = &bits[p.width..];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        let ports = [Port { name: "a", width: 3 }, Port { name: "b", width: 1 }, Port { name: "c", width: 2 }];
        assert_eq!(to_hex(&[5, 1, 2], &ports), "2e");
        assert_eq!(from_hex("2e", &ports), Some(vec![5, 1, 2]));
        assert_eq!(from_hex("zz", &ports), None);
    }
}
