//! A 2-bit counter in BLIF, simulated in 64 lanes at once: lane `i` counts
//! on the cycles whose bit is set in `i`, so every lane runs its own
//! enable sequence in the same pass.
//!
//! `cargo run -p nimforge-netlist --example counter`

use nimforge_netlist::{Netlist, Sim};

/// Counts while `en`, from 0, wrapping at 4.
const COUNTER: &str = "\
.model counter
.inputs clock en
.outputs q[0] q[1]
.latch d0 q[0] re clock 0
.latch d1 q[1] re clock 0
.names q[0] en d0
10 1
01 1
.names q[0] en c
11 1
.names q[1] c d1
10 1
01 1
.end
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let net = Netlist::from_blif(COUNTER)?;
    let (en, q) = (net.input_port("en")?, net.output_port("q")?);
    let mut sim = Sim::new(&net);
    let cycles = 6;
    for cycle in 0..cycles {
        let enables: Vec<u64> = (0..64).map(|lane: u64| (lane >> cycle) & 1).collect();
        sim.set_inputs(&en, &enables);
        sim.eval();
        sim.clock();
    }
    sim.eval();
    for lane in [0, 1, 0b11, 0b111, 0b111111] {
        let count = sim.read_outputs(&q, lane);
        let enabled = (lane as u64 & ((1 << cycles) - 1)).count_ones();
        assert_eq!(count, enabled as u64 % 4, "lane {lane}");
        println!("lane {lane:2}: enabled {enabled} of {cycles} cycles, q = {count}");
    }
    Ok(())
}
