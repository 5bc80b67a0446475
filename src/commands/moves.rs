//! `nimforge move MACHINE ...`: one machine move in the cycle-accurate
//! simulation of the design (the `rtl` level), driven through its inputs the
//! way a person at the front panel would.

use crate::verify::relay_nim::{RelayNim, GO, NONE, RESET, TAKE};
use crate::verify::{output_index, Machine};
use nimforge_designs::harness::Bench;

#[derive(serde::Serialize)]
struct RelayNimMove {
    pile: String,
    taken: u64,
    before: Vec<u64>,
    after: Vec<u64>,
    randomizer: u64,
    cycles: u64,
}

/// The pile sizes on the front panel (the counters hold their ones' complements).
fn sizes(outputs: &[u64]) -> Vec<u64> {
    ["count_a", "count_b", "count_c"].iter().map(|n| 7 - outputs[output_index::<RelayNim>(n)]).collect()
}

pub fn relay_nim(piles: &str, randomizer: u8, json: bool) -> Result<i32, String> {
    let start = super::parse_list(piles, 3, 7, "pile")?;
    if randomizer > 2 {
        return Err(format!("--randomizer {randomizer} is out of range: it names the first pile, 0, 1 or 2"));
    }
    let letters = RelayNim::letters();
    let mut bench = Bench::new(RelayNim::design());
    let press = |bench: &mut Bench<_>, l: usize| {
        RelayNim::drive(&mut bench.uut, &letters[l].inputs);
        bench.tick(RelayNim::clock);
        RelayNim::read(&bench.uut)
    };
    let step = output_index::<RelayNim>("step");
    let idle = |out: &[u64]| out[step] == 0;
    // The randomizer survives RESET: advance it with machine moves from full piles.
    for _ in 0..randomizer {
        press(&mut bench, RESET);
        let mut out = press(&mut bench, GO);
        while !idle(&out) {
            out = press(&mut bench, NONE);
        }
    }
    press(&mut bench, RESET);
    for (p, &size) in start.iter().enumerate() {
        for _ in size..7 {
            press(&mut bench, TAKE[p]);
        }
    }
    let before = sizes(&RelayNim::read(&bench.uut));
    let r = RelayNim::read(&bench.uut)[output_index::<RelayNim>("randomizer")];
    let mut out = press(&mut bench, GO);
    let mut cycles = 1;
    if idle(&out) {
        let reason = "every pile is empty (GO does nothing)";
        if json {
            let m = serde_json::json!({"pile": null, "taken": 0, "before": before, "after": before, "randomizer": r, "cycles": cycles, "reason": reason});
            println!("{m}");
        } else {
            println!("no move: {reason}");
        }
        return Ok(0);
    }
    while !idle(&out) {
        out = press(&mut bench, NONE);
        cycles += 1;
    }
    let after = sizes(&out);
    let selected = ["selected_a", "selected_b", "selected_c"].map(output_index::<RelayNim>);
    let pile = (0..3).find(|&p| out[selected[p]] == 1).expect("a pile is latched after a move");
    let m = RelayNimMove {
        pile: ["A", "B", "C"][pile].to_string(),
        taken: before[pile] - after[pile],
        before,
        after,
        randomizer: r,
        cycles,
    };
    if json {
        println!("{}", serde_json::to_string(&m).expect("serialises"));
    } else {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        println!(
            "piles {} (randomizer on {}): the machine takes {} from pile {}, leaving {} ({} clock cycles)",
            list(&m.before),
            ["A", "B", "C"][r as usize],
            m.taken,
            m.pile,
            list(&m.after),
            m.cycles
        );
        if out[output_index::<RelayNim>("winner")] == nimforge_designs::relay_nim::MACHINE {
            println!("the machine took the last stone and wins");
        }
    }
    Ok(0)
}
