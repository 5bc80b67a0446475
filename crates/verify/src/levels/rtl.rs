//! The `rtl` level: the rust-hdl simulation in process, driven with the same
//! letters as every other level, through the [`Driver`] that `move`,
//! `replay` and `sim` use. The plan is cut
//! into stretches that each begin at power-on ([`Plan::stretches`]), one a
//! thread, each on a fresh design.

use crate::clocked::Driver;
use crate::{LevelReport, Machine, Plan};
use std::time::Instant;

/// The `rtl` level's report: the whole plan on `threads` threads, each stretch's outputs
/// compared with the oracle's every cycle.
pub fn run<M: Machine>(plan: &Plan<M>, threads: usize) -> LevelReport {
    let t0 = Instant::now();
    let cuts = plan.stretches(threads);
    let parts: Vec<(usize, Option<(usize, String)>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = cuts
            .windows(2)
            .map(|w| {
                scope.spawn(move || {
                    let mut driver = Driver::<M>::new();
                    let mut mismatches = 0;
                    let mut first = None;
                    for i in w[0]..w[1] {
                        let got = driver.press_letter(plan.sequence[i]);
                        if got != plan.expected(i) {
                            mismatches += 1;
                            if first.is_none() {
                                first = Some((i, plan.describe_mismatch(i, got)));
                            }
                        }
                    }
                    (mismatches, first)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an rtl thread panicked")).collect()
    });
    let mismatches = parts.iter().map(|p| p.0).sum();
    let first = parts.into_iter().find_map(|p| p.1);
    LevelReport::judged(M::NAME, crate::Stage::Rtl, plan.len(), mismatches, first.as_ref().map(|f| f.1.clone()))
        .at_cycle(first.map(|f| f.0))
        .lanes(cuts.len() - 1)
        .coverage(plan.coverage.clone())
        .seconds(t0.elapsed().as_secs_f64())
}
