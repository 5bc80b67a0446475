//! Every two- and three-input truth table simulated, the fast ops chosen
//! for the gates abc writes, don't-cares and off-set covers.

use super::super::{Netlist, Sim};

/// A `.names` cover of `n` inputs for truth table `table`: one row per
/// minterm of the on-set (`on`) or of the off-set.
fn cover(n: usize, table: u64, on: bool) -> String {
    // No rows at all means constant 0, so the constant 1 needs its on-set.
    let on = on || table == (1u64 << (1 << n)) - 1;
    let inputs: Vec<String> = (0..n).map(|j| format!("x{j}")).collect();
    let mut text = format!(".model t\n.inputs {}\n.outputs y\n.names {} y\n", inputs.join(" "), inputs.join(" "));
    for i in 0..1usize << n {
        if ((table >> i) & 1 == 1) == on {
            let pattern: String = (0..n).map(|j| if (i >> j) & 1 == 1 { '1' } else { '0' }).collect();
            text += &format!("{pattern} {}\n", u8::from(on));
        }
    }
    text + ".end\n"
}

/// Lane `i` holds minterm `i`, repeated across the 64 lanes.
fn check_every_minterm(n: usize, table: u64, on: bool) {
    let net = Netlist::from_blif(&cover(n, table, on)).unwrap();
    let mut sim = Sim::new(&net);
    for j in 0..n {
        let lanes = (0..64).fold(0u64, |w, lane| w | ((((lane % (1 << n)) >> j) & 1) << lane));
        sim.set_input(j, lanes);
    }
    sim.eval();
    let want = (0..64).fold(0u64, |w, lane| w | (((table >> (lane % (1 << n))) & 1) << lane));
    assert_eq!(sim.output(0), want, "table {table:#x} of {n} inputs, {} cover: {:?}", if on { "on-set" } else { "off-set" }, net.program().ops);
}

#[test]
fn every_two_and_three_input_table_computes_itself() {
    for n in [2, 3] {
        for table in 0..1u64 << (1 << n) {
            check_every_minterm(n, table, true);
            check_every_minterm(n, table, false);
        }
    }
}

#[test]
fn fast_ops_for_the_gates_abc_writes() {
    use super::Op;
    let op = |n, table| Netlist::from_blif(&cover(n, table, true)).unwrap().program().ops[0];
    assert!(matches!(op(2, 0b1000), Op::And { a: 0, b: 1, .. }));
    assert!(matches!(op(2, 0b0100), Op::AndNot { a: 1, b: 0, .. }));
    assert!(matches!(op(2, 0b1101), Op::OrNot { a: 1, b: 0, .. }));
    assert!(matches!(op(2, 0b1010), Op::Buf { a: 0, .. }));
    // s = x2: x2 ? x1 : x0
    assert!(matches!(op(3, 0b1100_1010), Op::Mux { s: 2, a: 0, b: 1, .. }));
    assert!(matches!(op(3, 0b1110_1000), Op::Sop { .. }), "majority has no fast op");
}

#[test]
fn dont_cares_and_off_sets() {
    // y = !(a & b) | c written as an off-set with a don't-care.
    let text = ".model t\n.inputs a b c\n.outputs y\n.names a b c y\n110 0\n.end\n";
    let net = Netlist::from_blif(text).unwrap();
    let mut sim = Sim::new(&net);
    for j in 0..3 {
        sim.set_input(j, (0..8).fold(0, |w, i| w | (((i >> j) & 1) << i)));
    }
    sim.eval();
    assert_eq!(sim.output(0) & 0xff, !(1u64 << 3) & 0xff);
}
