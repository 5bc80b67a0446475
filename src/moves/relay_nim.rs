//! `nimforge move MACHINE ...`: one machine move in the cycle-accurate
//! simulation of the design (the `rtl` level), driven through its inputs the
//! way a person at the front panel would.

use super::Out;
use crate::harness::relay_nim::{Press, RelayNim};
use nimforge_verify::clocked::Driver;

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
fn sizes(d: &Driver<RelayNim>) -> Vec<u64> {
    ["count_a", "count_b", "count_c"].iter().map(|n| 7 - d.get(n)).collect()
}

/// A machine move takes a few dozen clock cycles at the simulation's pace.
const MOVE_CYCLES: u64 = 10_000;

/// `nimforge move relay-nim`: from `piles` (e.g. "5,6,7"), the randomizer naming pile
/// `randomizer` (0..=2) first, press GO and report the machine's move, in words or as JSON.
pub fn one_move(piles: &str, randomizer: u8, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    let start = super::parse_list(piles, 3, 7, "pile")?;
    if randomizer > 2 {
        return Err(format!("--randomizer {randomizer} is out of range: it names the first pile, 0, 1 or 2").into());
    }
    let mut d = Driver::<RelayNim>::new();
    let idle = |d: &Driver<RelayNim>| d.get("step") == 0;
    // The randomizer survives RESET: advance it with machine moves from full piles.
    for _ in 0..randomizer {
        d.press(Press::Reset);
        d.press(Press::Go);
        d.wait("finish its move", MOVE_CYCLES, idle)?;
    }
    d.press(Press::Reset);
    for (p, &size) in start.iter().enumerate() {
        for _ in size..7 {
            d.press(Press::Take(p));
        }
    }
    let before = sizes(&d);
    let r = d.get("randomizer");
    d.press(Press::Go);
    if idle(&d) {
        let fields = serde_json::json!({"pile": null, "taken": 0, "before": before, "after": before, "randomizer": r, "cycles": 1});
        return super::no_move(out, json, fields, "every pile is empty (GO does nothing)");
    }
    let cycles = 1 + d.wait("finish its move", MOVE_CYCLES, idle)?;
    let after = sizes(&d);
    let pile = ["selected_a", "selected_b", "selected_c"].iter().position(|s| d.get(s) == 1).expect("a pile is latched after a move");
    let m = RelayNimMove { pile: ["A", "B", "C"][pile].to_string(), taken: before[pile] - after[pile], before, after, randomizer: r, cycles };
    if json {
        out.json(&m);
    } else {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        out.say(format!(
            "piles {} (randomizer on {}): the machine takes {} from pile {}, leaving {} ({} clock cycles)",
            list(&m.before),
            ["A", "B", "C"][r as usize],
            m.taken,
            m.pile,
            list(&m.after),
            m.cycles
        ));
        if d.get("winner") == nimforge_designs::relay_nim::MACHINE {
            out.say("the machine took the last stone and wins".to_string());
        }
    }
    Ok(0)
}
