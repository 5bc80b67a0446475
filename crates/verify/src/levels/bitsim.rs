//! The bitsim engine at every hardware level: the machine's whole plan in
//! lanes ([`super::lanes`]) on each netlist a level stands for,
//!
//! - `verilog/bitsim`: the file in `generated/` as yosys's generic gates
//!   (`templates/blif.ys.j2`);
//! - `netlist/bitsim`: the `synth_ice40` netlist itself, the JSON that
//!   nextpnr places, its iCE40 cells through [`nimforge_netlist::ice40`];
//! - `bitstream/bitsim`: the placed-and-routed `.asc` turned back into
//!   Verilog by icebox_vlog, read by yosys as generic gates;
//!
//! and, for a machine whose reachable states can be listed, the transition
//! search: every reachable state under every letter, one pass for all the
//! netlists together.

use super::hdl::Made;
use super::lanes::{self, Expected, Found, Progress, Wired};
use crate::report::{Fingerprint, Shard, ShardInfo};
use crate::{Deep, DeepRuns, LevelReport, Machine, Plan, Stage};
use nimforge_netlist::Netlist;
use std::path::PathBuf;
use std::time::Instant;

/// One netlist for a bitsim level: the level's name and the file (BLIF or
/// yosys JSON), or why it could not be made.
pub struct Input {
    /// The hardware level (`verilog`, `netlist`, `bitstream`).
    pub level: crate::Hardware,
    /// The netlist's file, or why it could not be made.
    pub file: Made<PathBuf>,
}

/// What the search covered, for the machine's summary line.
pub struct Searched {
    /// How far it reached.
    pub reach: lanes::Reach,
    /// Wall-clock time of the one pass for all the netlists, in seconds.
    pub seconds: f64,
    /// The levels whose netlists the search ran on: every bitsim level, or
    /// one alone when the caller proves the others equal to it
    /// ([`SearchAt`]).
    pub levels: Vec<crate::Hardware>,
}

/// Where the transition search runs (issue 58).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchAt {
    /// On every netlist at once, each row exhaustive by its own search.
    Every,
    /// On this level's netlist alone, when the caller proves the other
    /// levels equal to it (the `equiv` level): a search at one level and a
    /// proof of equality are as exhaustive for the others, at a third of
    /// the cost (Nimrod's 57 million pair states). Where that search finds
    /// a mismatch, the other netlists are searched too, so that each level
    /// shows its own shortest way to it.
    One(crate::Hardware),
}

impl Searched {
    /// The search in words, for the machine's summary line.
    pub fn summary(&self) -> String {
        let r = &self.reach;
        let what = match (r.stopped, r.mismatched_at) {
            (Some(_), _) => "NOT exhaustive: stopped at its bound on pair states (--max-states)".to_string(),
            (None, Some(d)) => format!("stopped at depth {d}, where every netlist had mismatched (each shortest way to a mismatch found; NOT exhaustive)"),
            (None, None) => "every pair state (the model's state with the design's registers) reachable from power-on, under every letter".to_string(),
        };
        format!(
            "{what}: {} pair states over {} model states, {} transitions, depth {} ({:.1} s, at {})",
            r.pairs,
            r.states,
            r.transitions,
            r.depth,
            self.seconds,
            self.levels.iter().map(|&l| Stage::bitsim(l).to_string()).collect::<Vec<_>>().join(", ")
        )
    }
}

/// A search's coverage in a level's row: what was searched, what the
/// design holds beyond the model, what is not searched in every value.
fn search_coverage(s: &lanes::Search, k: usize, seconds: f64, nets: usize) -> String {
    let (r, reach) = (&s.registers[k], &s.reach);
    let mut out = match reach.stopped {
        None if reach.mismatched_at.is_some() => format!(
            "; the search: stopped at depth {}, where every netlist had mismatched (the shortest ways to a mismatch), NOT exhaustive: \
             {} pair states over {} model states searched, {} transitions",
            reach.depth, reach.pairs, reach.states, reach.transitions
        ),
        None => format!(
            "; the search: every pair state of the model and this netlist reachable from power-on under every letter, \
             exhaustive: {} pair states over {} model states, {} transitions, depth {}",
            reach.pairs, reach.states, reach.transitions, reach.depth
        ),
        Some(bound) => format!(
            "; the search STOPPED past {bound} pair states (--max-states) at depth {}, NOT exhaustive: {} pair states over {} \
             model states searched, {} transitions; the level is the plan's runs and the part searched",
            reach.depth, reach.pairs, reach.states, reach.transitions
        ),
    };
    out += &format!(" (one pass of {seconds:.1} s for {nets} netlists)");
    if r.varying_count == 0 {
        out += &format!("; the design's {} keyed registers are a function of the model's state", r.keyed);
    } else {
        let more = if r.varying_count > r.varying.len() { ", ..." } else { "" };
        out += &format!(
            "; the design holds state the model does not: {} of its {} keyed registers vary within one model state ({}{more})",
            r.varying_count,
            r.keyed,
            r.varying.join(", ")
        );
    }
    if r.write_only > 0 {
        out += &format!(
            "; {} registers only the write-only outputs show are compared on every transition at the values reached, not searched in each value",
            r.write_only
        );
    }
    out
}

/// A mismatch's way from power-on (the letters, the last the one whose
/// outputs differed) in its row: said after the first mismatch, and its
/// replay at `stage`.
fn with_way<M: Machine>(report: &mut LevelReport, way: &[usize], stage: Stage) {
    let presses = crate::plan::script(&M::letters(), way);
    report.first_mismatch = report.first_mismatch.take().map(|m| format!("{m}; the presses from power-on, the last the failing one: \"{presses}\""));
    report.replay = Some(crate::levels::replay::of_letters::<M>(way, stage));
}

/// A slice of the work for one machine of many (`--shard I/N`): the
/// shard, and the fingerprint of what every shard checks (the design, the
/// plan, the tools), to which each level adds its netlist.
#[derive(Clone, Copy, Debug)]
pub struct Sharding {
    /// Which slice.
    pub shard: Shard,
    /// What every shard checks.
    pub fingerprint: Fingerprint,
}

/// Runs the plan (and the search) on every netlist of `inputs`; with
/// `sharding`, the shard's slice of the plan's pieces and of the deep
/// runs' chunks alone, and the search whole in shard 0 alone (it walks the
/// state graph breadth first from power-on: split, every shard would walk
/// it all again).
pub fn run<M: Machine>(
    plan: &Plan<M>,
    expected: &Expected,
    inputs: Vec<Input>,
    progress: &Progress,
    sharding: Option<Sharding>,
    bound: usize,
) -> (Vec<LevelReport>, Option<Searched>) {
    run_with_deep(plan, expected, inputs, progress, sharding, (bound, SearchAt::Every), DeepRuns::All)
}

/// [`run`], with the search bounded by `bound` where `at` says, and as
/// much of the deep runs as `deep_runs` says ([`run`] keeps its signature for callers outside
/// the crate: every deep run, the search on every netlist).
pub(crate) fn run_with_deep<M: Machine>(
    plan: &Plan<M>,
    expected: &Expected,
    inputs: Vec<Input>,
    progress: &Progress,
    sharding: Option<Sharding>,
    (bound, at): (usize, SearchAt),
    deep_runs: DeepRuns,
) -> (Vec<LevelReport>, Option<Searched>) {
    let shard = sharding.map_or(Shard::ALL, |s| s.shard);
    let mut reports: Vec<Option<LevelReport>> = Vec::new();
    let mut wired: Vec<(usize, Wired, f64)> = Vec::new();
    let mut prints: Vec<Fingerprint> = Vec::new();
    for input in inputs {
        let t0 = Instant::now();
        // The level's netlist joins what every shard checks.
        let print = match (&sharding, &input.file) {
            (Some(s), Ok(path)) => s.fingerprint.bytes(Stage::bitsim(input.level).to_string().as_bytes()).bytes(&std::fs::read(path).unwrap_or_default()),
            _ => Fingerprint::default(),
        };
        let got = match input.file {
            Err(why) => Err(why.report(M::NAME, Stage::bitsim(input.level))),
            Ok(path) => Netlist::from_file(&path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|net| Wired::new::<M>(input.level, net).map_err(|e| e.to_string()))
                .map_err(|e| LevelReport::failed(M::NAME, Stage::bitsim(input.level), e)),
        };
        match got {
            Ok(w) => {
                prints.push(print);
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
    let pieces = plan.pieces().len();
    let mine = shard.range_of(pieces);
    let cycles: usize = plan.pieces()[mine.clone()].iter().map(|r| r.len()).sum();
    progress.total.fetch_add(cycles * wired.len(), std::sync::atomic::Ordering::Relaxed);
    let mut found = Vec::new();
    for (_, w, load) in &wired {
        let t0 = Instant::now();
        found.push((lanes::run_pieces_in(plan, expected, w, threads, progress, mine.clone()), load + t0.elapsed().as_secs_f64()));
    }
    // Which netlists the search runs on (`at`): `places[k]` is netlist
    // k's place among them, `None` for one not searched.
    let searched = (M::searches() && shard.index == 0).then(|| {
        let t0 = Instant::now();
        let one = match at {
            SearchAt::One(level) => wired.iter().position(|(_, w, _)| w.level == level).filter(|_| wired.len() > 1),
            SearchAt::Every => None,
        };
        let every: Vec<&Wired> = wired.iter().map(|(_, w, _)| w).collect();
        let (s, places) = match one {
            Some(k) => {
                let s = lanes::search::<M>(&[every[k]], threads, progress, bound);
                if s.found[0].mismatches > 0 {
                    // Wrong at the level searched: every level shows its own way.
                    (lanes::search::<M>(&every, threads, progress, bound), (0..every.len()).map(Some).collect())
                } else {
                    (s, (0..every.len()).map(|j| (j == k).then_some(0)).collect())
                }
            }
            None => (lanes::search::<M>(&every, threads, progress, bound), (0..every.len()).map(Some).collect::<Vec<_>>()),
        };
        (s, t0.elapsed().as_secs_f64(), places)
    });
    // The levels searched, for the rows not searched and the summary.
    let searched_levels: Vec<crate::Hardware> = searched
        .as_ref()
        .map(|(_, _, places)| wired.iter().zip(places).filter(|(_, p)| p.is_some()).map(|((_, w, _), _)| w.level).collect())
        .unwrap_or_default();
    for (k, (at, w, _)) in wired.iter().enumerate() {
        let (mut f, mut seconds) = found[k].clone();
        let mut coverage = if sharding.is_some() {
            format!(
                "{}: pieces {}..{} of {pieces} from power-on ({cycles} of {} cycles, shard {} of {})",
                plan.coverage,
                mine.start,
                mine.end,
                plan.len(),
                shard.index,
                shard.count
            )
        } else {
            format!("{}: {} cycles in {} pieces from power-on", plan.coverage, plan.len(), pieces)
        };
        if sharding.is_some() && M::searches() && shard.index != 0 {
            coverage += "; the search runs whole in shard 0";
        }
        let searched_here = searched.as_ref().and_then(|(s, seconds, places)| places[k].map(|i| (s, *seconds, i, places.iter().flatten().count())));
        if let Some((s, search_seconds, i, nets)) = searched_here {
            f.merge(s.found[i].clone());
            seconds += search_seconds / nets as f64;
            coverage += &search_coverage(s, i, search_seconds, nets);
        } else if searched.is_some() {
            let at: Vec<String> = searched_levels.iter().map(|&l| Stage::bitsim(l).to_string()).collect();
            coverage += &format!("; not searched at this level: the search ran at {}", at.join(", "));
        }
        let mut report = LevelReport::judged(M::NAME, Stage::bitsim(w.level), f.vectors, f.mismatches, f.first.map(|(_, s)| s))
            .at_cycle(f.first_cycle)
            .lanes(lanes::LANES * threads)
            .coverage(coverage)
            .seconds(seconds);
        if let Some((s, _, _, _)) = searched_here {
            (report.model_states, report.pair_states) = (Some(s.reach.states), Some(s.reach.pairs));
            report.exhaustive = s.reach.stopped.is_none() && s.reach.mismatched_at.is_none();
        }
        if let Some(way) = &f.first_presses {
            // The search's mismatch with its way from power-on, as the plan's have.
            with_way::<M>(&mut report, way, Stage::bitsim(w.level));
        }
        if sharding.is_some() {
            report.shard = Some(ShardInfo::of(shard, "pieces", pieces as u64, prints[k].hex()));
        }
        reports[*at] = Some(report);
    }
    let summary = searched.map(|(s, seconds, _)| Searched { reach: s.reach, seconds, levels: searched_levels });
    let mut reports: Vec<LevelReport> = reports.into_iter().flatten().collect();
    if let Some(deep) = M::deep() {
        let nets: Vec<&Wired> = wired.iter().map(|(_, w, _)| w).collect();
        let chunks = deep.chunks_of(deep_runs);
        let mut deep_reports = run_deep_chunks::<M>(&deep, &chunks, &nets, threads, progress, shard);
        if sharding.is_some() {
            // A sample's shards and the whole's never merge with each other.
            let runs: &[u8] = if deep_runs == DeepRuns::All { b"deep" } else { b"deep sample" };
            for (r, print) in deep_reports.iter_mut().zip(&prints) {
                r.shard = Some(ShardInfo::of(shard, "chunks", chunks.len() as u64, print.bytes(runs).hex()));
            }
        }
        reports.extend(deep_reports);
    }
    (reports, summary)
}

/// The deep runs on every netlist: the chunks made by the oracle on
/// `threads` threads of their own while the lanes run the ones made before
/// (the oracle, a cycle at a time, is the slow side), each run on each
/// netlist in turn as it comes; a row `<level>-deep` per netlist. A chunk's
/// mismatches are counted whatever the order; the first reported is the
/// earliest chunk's. `shard`: the chunks of that slice alone.
pub fn run_deep<M: Machine>(deep: &Deep, nets: &[&Wired], threads: usize, progress: &Progress, shard: Shard) -> Vec<LevelReport> {
    run_deep_chunks::<M>(deep, &deep.chunks_of(DeepRuns::All), nets, threads, progress, shard)
}

/// [`run_deep`] on `chunks` of the deep runs alone (every one, or a
/// sample: [`Deep::chunks_of`]), `shard` a slice of those.
pub(crate) fn run_deep_chunks<M: Machine>(
    deep: &Deep,
    chunks: &[usize],
    nets: &[&Wired],
    threads: usize,
    progress: &Progress,
    shard: Shard,
) -> Vec<LevelReport> {
    let t0 = Instant::now();
    let mut found = vec![Found::default(); nets.len()];
    let mut cycles = 0;
    let mine = shard.range_of(chunks.len());
    let next = std::sync::atomic::AtomicUsize::new(mine.start);
    let made = std::thread::scope(|scope| {
        type Made<M> = Result<(Plan<M>, Expected), String>;
        let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Made<M>)>(1);
        for _ in 0..threads.max(1) {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= mine.end {
                    break;
                }
                let k = chunks[i];
                let made = (deep.chunk)(k).map(|sequence| {
                    let plan = Plan::<M>::of_sequence(sequence, &deep.what);
                    let expected = Expected::of(&plan);
                    (plan, expected)
                });
                let failed = made.is_err();
                if tx.send((k, made.map_err(|e| format!("chunk {k}: {e}")))).is_err() || failed {
                    break;
                }
            });
        }
        drop(tx);
        for (k, made) in rx.iter() {
            let (plan, expected) = made?;
            cycles += plan.len();
            progress.total.fetch_add(plan.len() * nets.len(), std::sync::atomic::Ordering::Relaxed);
            for (n, w) in nets.iter().enumerate() {
                let mut f = lanes::run_pieces(&plan, &expected, w, threads, progress);
                // Keyed by chunk first, so that the earliest chunk's is kept;
                // its way from power-on is its piece up to the mismatch.
                f.first = f.first.map(|(i, s)| (((k as u64) << 40) | i, format!("chunk {k}, {s}")));
                if let Some(i) = f.first_cycle.take() {
                    f.first_presses = Some(plan.sequence[plan.piece_start(i)..=i].to_vec());
                }
                found[n].merge(f);
            }
        }
        Ok::<(), String>(())
    });
    let seconds = t0.elapsed().as_secs_f64() / nets.len().max(1) as f64;
    nets.iter()
        .zip(found)
        .map(|(w, f)| {
            let level = Stage::Deep(w.level);
            match &made {
                Err(e) => LevelReport::failed(M::NAME, level.clone(), e.clone()),
                Ok(()) => {
                    let mut report = LevelReport::judged(M::NAME, level.clone(), f.vectors, f.mismatches, f.first.map(|(_, s)| s));
                    if let Some(way) = &f.first_presses {
                        with_way::<M>(&mut report, way, level.clone());
                    }
                    report
                }
                .lanes(lanes::LANES * threads)
                .coverage({
                    let what = if chunks.len() == deep.chunks {
                        deep.what.clone()
                    } else {
                        format!("{}, a sample of every {}th chunk (`--deep all` runs all {})", deep.what, Deep::SAMPLE_EVERY, deep.chunks)
                    };
                    if shard == Shard::ALL {
                        format!("{what}: {cycles} cycles in {} chunks from power-on", chunks.len())
                    } else {
                        format!(
                            "{what}: chunks {}..{} of {} from power-on ({cycles} cycles, shard {} of {})",
                            mine.start,
                            mine.end,
                            chunks.len(),
                            shard.index,
                            shard.count
                        )
                    }
                }),
            }
            .seconds(seconds)
        })
        .collect()
}
