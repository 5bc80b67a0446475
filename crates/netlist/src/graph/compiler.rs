//! A model checked and compiled: every net with exactly one driver, one
//! clock, the combinational cells put in topological order (a loop
//! refused), each cell's cover compiled to an op.

use super::cover::compile_cell;
use super::program::{LatchSlots, Program};
use crate::blif::{Model, Names};
use crate::NetlistError;
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

/// What drives a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    Input,
    Cell(usize),
    Latch,
}

/// Checks `model` and compiles it. A net nothing drives is refused where
/// an output can see it; outside every output's fan-in (through cells and
/// latches) it cannot change what the outputs show, and reads 0 (yosys can
/// leave such a buffer from a net it removed, issue 59).
pub fn compile(model: &Model) -> Result<Program, NetlistError> {
    let dead = dead_undriven(model);
    let tied;
    let model = if dead.is_empty() {
        model
    } else {
        let mut m = model.clone();
        m.names.extend(dead.into_iter().map(|output| Names { inputs: Vec::new(), output, rows: Vec::new(), line: 0 }));
        tied = m;
        &tied
    };
    let mut program = Program::default();
    let mut slots = HashMap::new();
    let drivers = drivers(model)?;
    let mut slot = |net: &str| -> Result<u32, NetlistError> {
        if !drivers.contains_key(net) {
            return Err(NetlistError::Undriven { net: net.to_string() });
        }
        let next = program.nets.len() as u32;
        Ok(*slots.entry(net.to_string()).or_insert_with(|| {
            program.nets.push(net.to_string());
            next
        }))
    };
    program.inputs = model.inputs.iter().map(|n| slot(n)).collect::<Result<_, _>>()?;
    program.outputs = model.outputs.iter().map(|n| slot(n)).collect::<Result<_, _>>()?;
    program.latches = model.latches.iter().map(|l| Ok(LatchSlots { d: slot(&l.d)?, q: slot(&l.q)?, init: l.init })).collect::<Result<_, _>>()?;
    let mut cell_slots = Vec::with_capacity(model.names.len());
    for cell in &model.names {
        let inputs = cell.inputs.iter().map(|n| slot(n)).collect::<Result<Vec<_>, _>>()?;
        cell_slots.push((inputs, slot(&cell.output)?));
    }
    check_clock(model)?;
    for &cell in &order(model, &drivers)? {
        let (inputs, out) = &cell_slots[cell];
        let op = compile_cell(&model.names[cell], inputs, *out, &mut program.cubes, &mut program.literals);
        program.ops.push(op);
    }
    Ok(program)
}

/// The nets that cells or latches read, that nothing drives, and that no
/// output sees: outside the fan-in of every output, through cells and
/// latches.
fn dead_undriven(model: &Model) -> Vec<String> {
    let mut cell_of: HashMap<&str, usize> = HashMap::new();
    for (i, c) in model.names.iter().enumerate() {
        cell_of.insert(c.output.as_str(), i);
    }
    let latch_of: HashMap<&str, usize> = model.latches.iter().enumerate().map(|(i, l)| (l.q.as_str(), i)).collect();
    let driven = |n: &str| cell_of.contains_key(n) || latch_of.contains_key(n) || model.inputs.iter().any(|i| i == n);
    let read = model.names.iter().flat_map(|c| c.inputs.iter()).chain(model.latches.iter().map(|l| &l.d));
    let mut undriven: Vec<&str> = read.map(String::as_str).filter(|n| !driven(n)).collect();
    if undriven.is_empty() {
        return Vec::new();
    }
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut stack: Vec<&str> = model.outputs.iter().map(String::as_str).collect();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        if let Some(&c) = cell_of.get(n) {
            stack.extend(model.names[c].inputs.iter().map(String::as_str));
        } else if let Some(&l) = latch_of.get(n) {
            stack.push(model.latches[l].d.as_str());
        }
    }
    undriven.sort_unstable();
    undriven.dedup();
    undriven.into_iter().filter(|n| !seen.contains(n)).map(str::to_string).collect()
}

/// The driver of every net, or the first net with two.
fn drivers(model: &Model) -> Result<HashMap<&str, Driver>, NetlistError> {
    let mut drivers = HashMap::new();
    let inputs = model.inputs.iter().map(|n| (n, Driver::Input));
    let cells = model.names.iter().enumerate().map(|(i, c)| (&c.output, Driver::Cell(i)));
    let latches = model.latches.iter().map(|l| (&l.q, Driver::Latch));
    for (net, driver) in inputs.chain(cells).chain(latches) {
        if drivers.insert(net.as_str(), driver).is_some() {
            return Err(NetlistError::MultipleDrivers { net: net.clone() });
        }
    }
    Ok(drivers)
}

/// Every clocked latch on one clock, and that clock a primary input.
fn check_clock(model: &Model) -> Result<(), NetlistError> {
    let mut clocks = model.latches.iter().filter_map(|l| Some((l, l.clock.as_ref()?)));
    let Some((_, clock)) = clocks.next() else { return Ok(()) };
    if let Some((latch, other)) = clocks.find(|(_, c)| *c != clock) {
        let what = format!("latch {} is clocked by {other}, others by {clock}; only one clock is simulated", latch.q);
        return Err(NetlistError::Parse { line: latch.line, what });
    }
    if !model.inputs.contains(clock) {
        let latch = &model.latches[0];
        let what = format!("the latches' clock {clock} is not a primary input; a derived clock is not simulated");
        return Err(NetlistError::Parse { line: latch.line, what });
    }
    Ok(())
}

/// The cells in an order where each comes after the cells driving its
/// inputs, or the cells of a combinational loop.
fn order(model: &Model, drivers: &HashMap<&str, Driver>) -> Result<Vec<usize>, NetlistError> {
    let mut graph: DiGraph<usize, ()> = DiGraph::with_capacity(model.names.len(), 0);
    let nodes: Vec<NodeIndex> = (0..model.names.len()).map(|i| graph.add_node(i)).collect();
    for (i, cell) in model.names.iter().enumerate() {
        for input in &cell.inputs {
            if let Some(&Driver::Cell(from)) = drivers.get(input.as_str()) {
                graph.update_edge(nodes[from], nodes[i], ());
            }
        }
    }
    let components = tarjan_scc(&graph);
    for component in &components {
        let first = component[0];
        if component.len() > 1 || graph.contains_edge(first, first) {
            let mut cells: Vec<String> = component.iter().map(|&n| model.names[graph[n]].output.clone()).collect();
            cells.sort();
            return Err(NetlistError::Loop { cells });
        }
    }
    // tarjan_scc gives the components in reverse topological order.
    Ok(components.iter().rev().map(|c| graph[c[0]]).collect())
}
