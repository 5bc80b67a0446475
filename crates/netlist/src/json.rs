//! The netlist `synth_ice40` writes for nextpnr (yosys `write_json`), read
//! into the same plain [`Model`] as a BLIF file: each iCE40 cell becomes the
//! covers and flip-flops of its model in [`super::ice40`].
//!
//! Nets are yosys's bit numbers; a port's bits take the port's name (`name`
//! for one bit, `name[i]` for a vector, as in BLIF), the other nets `$n<bit>`,
//! the constants `$false` and `$true` (an `x` bit reads 0, as an unused
//! iCE40 input does).

use super::blif::{Latch, Model, Names, Row};
use super::ice40;
use super::NetlistError;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

#[derive(Deserialize)]
struct File {
    modules: BTreeMap<String, Module>,
}

#[derive(Deserialize)]
struct Module {
    #[serde(default)]
    attributes: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    ports: BTreeMap<String, Port>,
    #[serde(default)]
    cells: BTreeMap<String, Cell>,
    #[serde(default)]
    netnames: BTreeMap<String, NetName>,
}

#[derive(Deserialize)]
struct Port {
    direction: String,
    bits: Vec<Bit>,
}

/// A bit: a net number, or a constant `"0"`, `"1"`, `"x"`, `"z"`.
#[derive(Deserialize, Clone, Debug)]
#[serde(untagged)]
enum Bit {
    Net(u64),
    Const(String),
}

#[derive(Deserialize)]
struct Cell {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    parameters: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    connections: BTreeMap<String, Vec<Bit>>,
}

#[derive(Deserialize)]
struct NetName {
    bits: Vec<Bit>,
    #[serde(default)]
    attributes: BTreeMap<String, serde_json::Value>,
}

const FALSE: &str = "$false";
const TRUE: &str = "$true";

fn error(what: String) -> NetlistError {
    NetlistError::Parse { line: 0, what }
}

/// Reads yosys JSON text: the module marked `top`, or the only module that
/// has cells.
pub fn parse(text: &str) -> Result<Model, NetlistError> {
    let file: File = serde_json::from_str(text)
        .map_err(|e| NetlistError::Parse { line: e.line(), what: format!("not a yosys JSON netlist ({e}); write it with yosys write_json") })?;
    let is_top = |m: &Module| m.attributes.get("top").is_some_and(|v| value_bits(v).is_some_and(|b| b != 0));
    let top = match file.modules.iter().find(|(_, m)| is_top(m)) {
        Some(t) => t,
        None => {
            let with_cells: Vec<_> = file.modules.iter().filter(|(_, m)| !m.cells.is_empty()).collect();
            match with_cells.as_slice() {
                [one] => *one,
                _ => return Err(error("no module is marked top and more than one has cells; synthesise with -top".into())),
            }
        }
    };
    module(top.0, top.1)
}

/// A parameter or attribute value as a number: yosys writes a binary
/// string (`"0110"`) or, for an integer, a JSON number.
fn value_bits(v: &serde_json::Value) -> Option<u64> {
    match v {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(s) if !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c == '0' || c == '1') => u64::from_str_radix(s, 2).ok(),
        _ => None,
    }
}

fn module(name: &str, m: &Module) -> Result<Model, NetlistError> {
    let mut model = Model { name: name.to_string(), ..Model::default() };
    // Port bits name their nets; the first port to claim a bit names it.
    let mut named: HashMap<u64, String> = HashMap::new();
    let bit_name = |port: &str, width: usize, i: usize| if width == 1 { port.to_string() } else { format!("{port}[{i}]") };
    for (port, p) in m.ports.iter().filter(|(_, p)| p.direction == "input") {
        for (i, bit) in p.bits.iter().enumerate() {
            let net = bit_name(port, p.bits.len(), i);
            match bit {
                Bit::Net(b) if !named.contains_key(b) => {
                    named.insert(*b, net.clone());
                }
                _ => return Err(error(format!("input {net} is a constant or another input's bit"))),
            }
            model.inputs.push(net);
        }
    }
    for (port, p) in m.ports.iter() {
        if p.direction == "inout" {
            return Err(error(format!("port {port} is inout; the simulator takes inputs and outputs")));
        }
    }
    let net = |named: &HashMap<u64, String>, bit: &Bit| match bit {
        Bit::Net(b) => named.get(b).cloned().unwrap_or_else(|| format!("$n{b}")),
        Bit::Const(c) if c == "1" => TRUE.to_string(),
        Bit::Const(_) => FALSE.to_string(),
    };
    model.names.push(Names { inputs: vec![], output: FALSE.into(), rows: vec![], line: 0 });
    model.names.push(Names { inputs: vec![], output: TRUE.into(), rows: vec![Row { pattern: vec![], output: true }], line: 0 });
    // Init values of flip-flop outputs, from the netnames' `init` attributes
    // (a binary string, most significant bit first; `x` unknown).
    let mut inits: HashMap<u64, char> = HashMap::new();
    for n in m.netnames.values() {
        if let Some(serde_json::Value::String(s)) = n.attributes.get("init") {
            for (bit, c) in n.bits.iter().zip(s.chars().rev()) {
                if let Bit::Net(b) = bit {
                    inits.insert(*b, c);
                }
            }
        }
    }
    for (cell_name, cell) in &m.cells {
        let one = |pin: &str| -> Result<String, NetlistError> {
            match cell.connections.get(pin).map(Vec::as_slice) {
                None | Some([]) => Ok(if ice40::default_pin(&cell.kind, pin) { TRUE } else { FALSE }.to_string()),
                Some([bit]) => Ok(net(&named, bit)),
                Some(_) => Err(error(format!("cell {cell_name}: pin {pin} has more than one bit"))),
            }
        };
        let lut_init = match cell.parameters.get("LUT_INIT") {
            None => None,
            Some(v) => Some(
                value_bits(v).filter(|&x| x <= u16::MAX as u64).ok_or_else(|| error(format!("cell {cell_name}: LUT_INIT {v} is not 16 bits of 0 and 1")))?
                    as u16,
            ),
        };
        let model_of = ice40::model(&cell.kind, lut_init).map_err(|what| error(format!("cell {cell_name}: {what}")))?;
        match model_of {
            ice40::Model::Cover { inputs, output, rows } => {
                let inputs = inputs.iter().map(|p| one(p)).collect::<Result<Vec<_>, _>>()?;
                let output = match cell.connections.get(output).map(Vec::as_slice) {
                    Some([bit @ Bit::Net(_)]) => net(&named, bit),
                    _ => continue, // an output nothing reads
                };
                model.names.push(Names { inputs, output, rows, line: 0 });
            }
            ice40::Model::Flop { inputs, rows, asynchronous } => {
                let (q, init) = match cell.connections.get("Q").map(Vec::as_slice) {
                    Some([bit @ Bit::Net(b)]) => (net(&named, bit), inits.get(b).copied().unwrap_or('0')),
                    _ => continue,
                };
                let clock = one("C")?;
                // With an asynchronous reset or set, the register is
                // `Q$held`, and Q shows the reset (set) value while the pin
                // is on (`async2sync`).
                let held = match asynchronous {
                    None => q.clone(),
                    Some((pin, value)) => {
                        let held = format!("{q}$held");
                        let rows = if value { vec![ice40::row("1-"), ice40::row("-1")] } else { vec![ice40::row("01")] };
                        model.names.push(Names { inputs: vec![one(pin)?, held.clone()], output: q.clone(), rows, line: 0 });
                        held
                    }
                };
                let inputs = inputs.iter().map(|&p| if p == "Q" { Ok(held.clone()) } else { one(p) }).collect::<Result<Vec<_>, _>>()?;
                let d = format!("{q}$next");
                model.names.push(Names { inputs, output: d.clone(), rows, line: 0 });
                let known_init = init == '0' || init == '1';
                model.latches.push(Latch { d, q: held, clock: Some(clock), init: init == '1', known_init, line: 0 });
            }
        }
    }
    // Output ports: a buffer from the net each bit reads.
    for (port, p) in m.ports.iter().filter(|(_, p)| p.direction == "output") {
        for (i, bit) in p.bits.iter().enumerate() {
            let name = bit_name(port, p.bits.len(), i);
            model.names.push(Names {
                inputs: vec![net(&named, bit)],
                output: name.clone(),
                rows: vec![Row { pattern: vec![Some(true)], output: true }],
                line: 0,
            });
            model.outputs.push(name);
        }
    }
    // Nets that a port names but nothing else needs are still fine; a net
    // read and driven by nothing is caught when the model is compiled.
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = r#"{"modules": {"t": {"attributes": {"top": "1"},
        "ports": {"clock": {"direction": "input", "bits": [2]}, "a": {"direction": "input", "bits": [3, 4]},
                  "y": {"direction": "output", "bits": [5, 6]}},
        "cells": {
          "l": {"type": "SB_LUT4", "parameters": {"LUT_INIT": "0110"}, "connections": {"I0": [3], "I1": [4], "I2": ["0"], "I3": ["0"], "O": [7]}},
          "f": {"type": "SB_DFFE", "connections": {"C": [2], "D": [7], "E": [3], "Q": [5]}}},
        "netnames": {"f.q": {"bits": [5], "attributes": {"init": "1"}}, "y1": {"bits": [6]}}}}}"#;

    #[test]
    fn reads_cells_ports_and_inits() {
        let text = TINY.replace(r#""y": {"direction": "output", "bits": [5, 6]}"#, r#""y": {"direction": "output", "bits": [5, 7]}"#);
        let m = parse(&text).unwrap();
        assert_eq!(m.inputs, ["a[0]", "a[1]", "clock"]);
        assert_eq!(m.outputs, ["y[0]", "y[1]"]);
        assert_eq!(m.latches.len(), 1);
        assert!(m.latches[0].init && m.latches[0].known_init);
        assert_eq!(m.latches[0].clock.as_deref(), Some("clock"));
    }

    #[test]
    fn an_undriven_output_bit_is_named() {
        let e = super::super::Netlist::from_yosys_json(TINY).unwrap_err();
        assert!(e.to_string().contains("$n6"), "{e}");
    }

    #[test]
    fn refuses_falling_edge_flops_and_bad_json_in_one_line() {
        let e = parse(&TINY.replace("SB_DFFE", "SB_DFFNE")).unwrap_err().to_string();
        assert!(e.contains("cell f") && e.contains("falling edge") && !e.contains('\n'), "{e}");
        let e = parse("{\"modules\": 3}").unwrap_err().to_string();
        assert!(e.contains("write_json") && !e.contains('\n'), "{e}");
        let e = parse(&TINY.replace("\"0110\"", "\"01x0\"")).unwrap_err().to_string();
        assert!(e.contains("LUT_INIT"), "{e}");
    }
}
