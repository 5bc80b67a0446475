//! The bitsim engine at every hardware level: the machine's whole plan in
//! lanes ([`super::lanes`]) on each netlist a level stands for,
//!
//! - `verilog/bitsim`: the file in `generated/` as yosys's generic gates
//!   (`fpga/blif.ys.j2`);
//! - `netlist/bitsim`: the `synth_ice40` netlist itself, the JSON that
//!   nextpnr places, its iCE40 cells through [`crate::netlist::ice40`];
//! - `bitstream/bitsim`: the placed-and-routed `.asc` turned back into
//!   Verilog by icebox_vlog, read by yosys as generic gates;
//!
//! and, for a machine whose reachable states can be listed, the transition
//! search: every reachable state under every letter, one pass for all the
//! netlists together.

use super::hdl::Made;
use super::lanes::{self, Expected, Progress, Wired};
use super::{LevelReport, Machine, Plan};
use crate::netlist::Netlist;
use std::path::PathBuf;
use std::time::Instant;

/// One netlist for a bitsim level: the level's name and the file (BLIF or
/// yosys JSON), or why it could not be made.
pub struct Input {
    pub level: &'static str,
    pub file: Made<PathBuf>,
}

/// What the search covered, for the machine's summary line.
pub struct Searched {
    pub states: usize,
    pub transitions: usize,
    pub depth: usize,
    pub seconds: f64,
}

/// Runs the plan (and the search) on every netlist of `inputs`.
pub fn run<M: Machine>(plan: &Plan<M>, inputs: Vec<Input>, progress: &Progress) -> (Vec<LevelReport>, Option<Searched>) {
    let mut reports: Vec<Option<LevelReport>> = Vec::new();
    let mut wired: Vec<(usize, Wired, f64)> = Vec::new();
    for input in inputs {
        let t0 = Instant::now();
        let got = match input.file {
            Err(why) => Err(why.report(M::NAME, input.level)),
            Ok(path) => Netlist::from_file(&path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|net| Wired::new::<M>(input.level, net))
                .map_err(|e| LevelReport::failed(M::NAME, input.level, e)),
        };
        match got {
            Ok(w) => {
                wired.push((reports.len(), w, t0.elapsed().as_secs_f64()));
                reports.push(None);
            }
            Err(r) => reports.push(Some(r.seconds(t0.elapsed().as_secs_f64()))),
        }
    }
    if wired.is_empty() {
        return (reports.into_iter().flatten().collect(), None);
    }
    let threads = lanes::threads();
    let expected = Expected::of(plan);
    let pieces = plan.pieces().len();
    progress.total.fetch_add(plan.len() * wired.len(), std::sync::atomic::Ordering::Relaxed);
    let mut found = Vec::new();
    for (_, w, load) in &wired {
        let t0 = Instant::now();
        found.push((lanes::run_pieces(plan, &expected, w, threads, progress), load + t0.elapsed().as_secs_f64()));
    }
    let searched = M::searches().then(|| {
        let t0 = Instant::now();
        let nets: Vec<&Wired> = wired.iter().map(|(_, w, _)| w).collect();
        let s = lanes::search::<M>(&nets, threads, progress);
        (s, t0.elapsed().as_secs_f64())
    });
    for (k, (at, w, _)) in wired.iter().enumerate() {
        let (mut f, mut seconds) = found[k].clone();
        let mut coverage = format!("{}: {} cycles in {} pieces from power-on", plan.coverage, plan.len(), pieces);
        if let Some((s, search_seconds)) = &searched {
            f.merge(s.found[k].clone());
            seconds += search_seconds / wired.len() as f64;
            coverage += &format!(
                "; the search: {} of {} reachable states under every letter, {} transitions, depth {} \
                 (one pass of {search_seconds:.1} s for {} netlists)",
                s.states,
                s.states,
                s.transitions,
                s.depth,
                wired.len()
            );
        }
        let report = LevelReport::judged(M::NAME, &w.level, f.vectors, f.mismatches, f.first.map(|(_, s)| s))
            .lanes(lanes::LANES * threads)
            .coverage(coverage)
            .seconds(seconds);
        reports[*at] = Some(report);
    }
    let summary = searched.map(|(s, seconds)| Searched { states: s.states, transitions: s.transitions, depth: s.depth, seconds });
    (reports.into_iter().flatten().collect(), summary)
}
