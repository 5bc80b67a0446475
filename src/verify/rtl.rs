//! The `rtl` level: the rust-hdl simulation in process, driven with the same
//! letters as every other level, through the same clocked driver as the
//! blocks' own tests (`nimforge_designs::harness::Bench`).

use super::{LevelReport, Machine, Plan};
use nimforge_designs::harness::Bench;
use std::time::Instant;

pub fn run<M: Machine>(plan: &Plan<M>) -> LevelReport {
    let t0 = Instant::now();
    let mut bench = Bench::new(M::design());
    let mut mismatches = 0;
    let mut first = None;
    for (i, &l) in plan.sequence.iter().enumerate() {
        M::drive(&mut bench.uut, &plan.letters[l].inputs);
        bench.tick(M::clock);
        let got = M::read(&bench.uut);
        if got != plan.expected(i) {
            mismatches += 1;
            if first.is_none() {
                first = Some(plan.describe_mismatch(i, &got));
            }
        }
    }
    LevelReport::judged(M::NAME, "rtl", plan.len(), mismatches, first)
        .coverage(plan.coverage.clone())
        .seconds(t0.elapsed().as_secs_f64())
}
