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
use super::lanes::{self, Expected, Found, Progress, Wired};
use super::{Deep, LevelReport, Machine, Plan};
use crate::netlist::Netlist;
use std::path::PathBuf;
use std::time::Instant;

/// One netlist for a bitsim level: the level's name and the file (BLIF or
/// yosys JSON), or why it could not be made.
pub struct Input {
    /// The level's name (`verilog/bitsim`, `netlist/bitsim`, ...).
    pub level: &'static str,
    /// The netlist's file, or why it could not be made.
    pub file: Made<PathBuf>,
}

/// What the search covered, for the machine's summary line.
pub struct Searched {
    /// Reachable states, each given every letter.
    pub states: usize,
    /// Transitions taken: one clock per (state, letter) pair.
    pub transitions: usize,
    /// The greatest depth from power-on.
    pub depth: usize,
    /// Wall-clock time of the one pass for all the netlists, in seconds.
    pub seconds: f64,
}

/// Runs the plan (and the search) on every netlist of `inputs`.
pub fn run<M: Machine>(plan: &Plan<M>, expected: &Expected, inputs: Vec<Input>, progress: &Progress) -> (Vec<LevelReport>, Option<Searched>) {
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
    let pieces = plan.pieces().len();
    progress.total.fetch_add(plan.len() * wired.len(), std::sync::atomic::Ordering::Relaxed);
    let mut found = Vec::new();
    for (_, w, load) in &wired {
        let t0 = Instant::now();
        found.push((lanes::run_pieces(plan, expected, w, threads, progress), load + t0.elapsed().as_secs_f64()));
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
    let mut reports: Vec<LevelReport> = reports.into_iter().flatten().collect();
    if let Some(deep) = M::deep() {
        let nets: Vec<&Wired> = wired.iter().map(|(_, w, _)| w).collect();
        reports.extend(run_deep::<M>(&deep, &nets, threads, progress));
    }
    (reports, summary)
}

/// The deep runs on every netlist: the chunks made by the oracle on
/// `threads` threads of their own while the lanes run the ones made before
/// (the oracle, a cycle at a time, is the slow side), each run on each
/// netlist in turn as it comes; a row `<level>-deep` per netlist. A chunk's
/// mismatches are counted whatever the order; the first reported is the
/// earliest chunk's.
fn run_deep<M: Machine>(deep: &Deep, nets: &[&Wired], threads: usize, progress: &Progress) -> Vec<LevelReport> {
    let t0 = Instant::now();
    let mut found = vec![Found::default(); nets.len()];
    let mut cycles = 0;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let made = std::thread::scope(|scope| {
        type Made<M> = Result<(Plan<M>, Expected), String>;
        let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Made<M>)>(1);
        for _ in 0..threads.max(1) {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if k >= deep.chunks {
                    break;
                }
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
                // Keyed by chunk first, so that the earliest chunk's is kept.
                f.first = f.first.map(|(i, s)| (((k as u64) << 40) | i, format!("chunk {k}, {s}")));
                found[n].merge(f);
            }
        }
        Ok::<(), String>(())
    });
    let seconds = t0.elapsed().as_secs_f64() / nets.len().max(1) as f64;
    nets.iter()
        .zip(found)
        .map(|(w, f)| {
            let level = format!("{}-deep", w.level);
            match &made {
                Err(e) => LevelReport::failed(M::NAME, &level, e.clone()),
                Ok(()) => LevelReport::judged(M::NAME, &level, f.vectors, f.mismatches, f.first.map(|(_, s)| s))
                    .lanes(lanes::LANES * threads)
                    .coverage(format!("{}: {cycles} cycles in {} chunks from power-on", deep.what, deep.chunks)),
            }
            .seconds(seconds)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::{icebox_vlog, yosys};
    use crate::verify::hdl::{self, Places};
    use crate::verify::relay_nim::RelayNim;
    use crate::verify::Status;
    use serde_json::Value;

    /// The relay NIM's whole-move runs from power-on; `run` adds the
    /// search of every reachable state under every letter.
    fn plan() -> Plan<RelayNim> {
        Plan::of_sequence(RelayNim::move_runs().unwrap(), "the whole-move runs")
    }

    fn run_one(level: &'static str, file: PathBuf) -> LevelReport {
        let plan = plan();
        let (mut r, _) = run(&plan, &Expected::of(&plan), vec![Input { level, file: Ok(file) }], &Progress::default());
        r.remove(0)
    }

    /// A caught mismatch names its lane, its place (a piece's cycle or the
    /// search's depth) and the port.
    fn assert_caught(r: &LevelReport, port: &str) {
        assert_eq!(r.status, Status::Mismatched, "{r:?}");
        let first = r.first_mismatch.as_deref().unwrap();
        assert!(first.contains("(lane "), "{first}");
        assert!(first.contains("its cycle ") || first.contains("search depth "), "{first}");
        assert!(first.contains(&format!("differs in {port}")), "{first}");
    }

    /// The relay NIM's synth_ice40 netlist: its file, and its JSON to change.
    fn ice40_json(p: &Places) -> (PathBuf, Value) {
        let synth = hdl::make_ice40::<RelayNim>(p).unwrap();
        let json = serde_json::from_str(&std::fs::read_to_string(&synth.json).unwrap()).unwrap();
        (synth.json, json)
    }

    /// The flip-flop cell whose Q is bit 0 of `port`, and the LUT that drives
    /// its D, in a synth_ice40 JSON netlist.
    fn flop_and_lut<'a>(m: &'a Value, port: &str) -> (&'a str, &'a str) {
        let q = &m["ports"][port]["bits"][0];
        let cells = m["cells"].as_object().unwrap();
        let (flop, f) = cells.iter().find(|(_, c)| &c["connections"]["Q"][0] == q).expect("a flop drives the port");
        let d = &f["connections"]["D"][0];
        let (lut, _) = cells.iter().find(|(_, c)| &c["connections"]["O"][0] == d).expect("a LUT drives D");
        (flop, lut)
    }

    /// In the netlist nextpnr places, bit 0 of pile A's counter toggles
    /// through a LUT of that bit alone (`!I3`, the other inputs tied to 0):
    /// its rows for I3 = 0 and I3 = 1 are both taken whenever a stone is
    /// taken from pile A. The row for I3 = 1 flipped (the bit no longer
    /// falls from 1 to 0) is caught.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_flipped_lut_bit_in_the_ice40_netlist_is_caught() {
        let p = Places::for_test("ice40-lut");
        let (file, mut json) = ice40_json(&p);
        let good = run_one("netlist/bitsim", file);
        assert_eq!((good.status, good.mismatches), (Status::Passed, 0), "{good:?}");
        let m = &json["modules"][RelayNim::MODULE];
        let lut = flop_and_lut(m, "count_a").1.to_string();
        let cell = &m["cells"][&lut];
        for pin in ["I0", "I1", "I2"] {
            assert_eq!(cell["connections"][pin][0], "0", "{lut}: the counter's LUT has changed shape: {cell}");
        }
        assert_eq!(cell["parameters"]["LUT_INIT"], "0000000011111111", "{lut}: {cell}");
        // LUT_INIT is written most significant row first: row 8 is character 7.
        json["modules"][RelayNim::MODULE]["cells"][&lut]["parameters"]["LUT_INIT"] = "0000000111111111".into();
        let wrong = p.work.join("wrong.json");
        std::fs::write(&wrong, json.to_string()).unwrap();
        assert_caught(&run_one("netlist/bitsim", wrong), "count_a");
        std::fs::remove_dir_all(&p.work).ok();
    }

    /// The relay NIM's synth_ice40 netlist with the flip-flop of
    /// `count_a[0]` given init 1 (an `init` attribute on its Q net): its file.
    fn init_one(p: &Places) -> PathBuf {
        let (_, mut json) = ice40_json(p);
        let q = json["modules"][RelayNim::MODULE]["ports"]["count_a"]["bits"][0].clone();
        json["modules"][RelayNim::MODULE]["netnames"]["count_a_bit0_init"] = serde_json::json!({"bits": [q], "attributes": {"init": "1"}});
        let wrong = p.work.join("wrong.json");
        std::fs::write(&wrong, json.to_string()).unwrap();
        wrong
    }

    /// The flip-flop of `count_a[0]` given init 1 (an `init` attribute on its
    /// Q net) is caught at once: the pile shows 6 stones at power-on.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_changed_init_value_is_caught() {
        let p = Places::for_test("ice40-init");
        let wrong = init_one(&p);
        let r = run_one("netlist/bitsim", wrong);
        assert_caught(&r, "count_a");
        let first = r.first_mismatch.unwrap();
        assert!(first.contains("its cycle 0") || first.contains("search depth 0"), "{first}");
        std::fs::remove_dir_all(&p.work).ok();
    }

    /// icebox's order of a logic cell's 16 LUT bits among its 20 (icebox.py,
    /// `get_lutff_lut_bits`): row `e` of the LUT is bit `LUT_BITS[e]`.
    const LUT_BITS: [usize; 16] = [4, 14, 15, 5, 6, 16, 17, 7, 3, 13, 12, 2, 1, 11, 10, 0];

    /// The placed-and-routed chip: the logic cell whose flip-flop holds
    /// `count_a[0]` (icebox_vlog's `/* FF x y n */` line for it) has a LUT
    /// that inverts one input, the bit itself; the row where that input is
    /// 1 flipped in the `.asc` is caught.
    #[cfg_attr(not(all(have_yosys, have_nextpnr_ice40, have_icepack, have_icebox_vlog)), ignore = "needs yosys, nextpnr-ice40, icepack, icebox_vlog: bash .ci/deps installs it")]
    #[test]
    fn a_flipped_lut_bit_in_the_bitstream_is_caught() {
        let p = Places::for_test("asc-lut");
        let chip = hdl::make_chip::<RelayNim>(&p).unwrap();
        let good = run_one("bitstream/bitsim", chip.blif.clone());
        assert_eq!((good.status, good.mismatches), (Status::Passed, 0), "{good:?}");
        let verilog = std::fs::read_to_string(&chip.verilog).unwrap();
        let ff = verilog.lines().find(|l| l.starts_with("/* FF") && l.contains("\\count_a[0]  <=")).expect("the FF of count_a[0]");
        let at: Vec<usize> = ff[5..].split("*/").next().unwrap().split_whitespace().map(|n| n.parse().unwrap()).collect();
        let (x, y, lc) = (at[0], at[1], at[2]);
        let dir = p.work.join("bitstream");
        let asc = std::fs::read_to_string(dir.join("design.asc")).unwrap();
        let mut lines: Vec<String> = asc.lines().map(String::from).collect();
        let tile = lines.iter().position(|l| *l == format!(".logic_tile {x} {y}")).expect("the logic tile") + 1;
        let bit = |lines: &[String], b: usize| (tile + 2 * lc + b / 10, 36 + b % 10, lines[tile + 2 * lc + b / 10].as_bytes()[36 + b % 10] == b'1');
        let table: u16 = (0..16).fold(0, |t, e| t | (bit(&lines, LUT_BITS[e]).2 as u16) << e);
        let inverter = |k: usize| (0..16).fold(0u16, |t, e| t | ((e >> k & 1 == 0) as u16) << e);
        let k = (0..4).find(|&k| table == inverter(k)).unwrap_or_else(|| panic!("LUT ({x}, {y}, {lc}) is {table:016b}, not one inverter"));
        let (line, col, _) = bit(&lines, LUT_BITS[1 << k]);
        lines[line].replace_range(col..col + 1, "1");
        let wrong_dir = p.dir("wrong").unwrap();
        let wrong_asc = wrong_dir.join("design.asc");
        std::fs::write(&wrong_asc, lines.join("\n") + "\n").unwrap();
        let wrong_v = icebox_vlog::to_verilog(&wrong_asc, &dir.join("ports.pcf"), RelayNim::MODULE, &wrong_dir).unwrap();
        let wrong_blif = yosys::synth_blif(&wrong_v, RelayNim::MODULE, &wrong_dir).unwrap();
        assert_caught(&run_one("bitstream/bitsim", wrong_blif), "count_a");
        std::fs::remove_dir_all(&p.work).ok();
    }

    /// Chunk `k` of the test's deep runs: the relay NIM's whole-move runs,
    /// the same in every chunk.
    fn runs(_: usize) -> Result<Vec<usize>, String> {
        RelayNim::move_runs()
    }

    /// As [`runs`], but the oracle refuses chunk 2.
    fn refused_at_2(k: usize) -> Result<Vec<usize>, String> {
        if k == 2 { Err("no such series".into()) } else { runs(k) }
    }

    /// The deep runs on a netlist whose `count_a[0]` starts at 1 ([`init_one`]): the chunks
    /// made on two threads and run as they come, every chunk's mismatches
    /// are counted (six times one chunk's) and the first reported is chunk
    /// 0's whichever came first; a chunk the oracle refuses fails the row,
    /// naming the chunk.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn deep_runs_count_every_chunk_and_report_the_earliest() {
        let p = Places::for_test("deep-chunks");
        let wrong = init_one(&p);
        let net = Wired::new::<RelayNim>("netlist/bitsim", Netlist::from_file(&wrong).unwrap()).unwrap();
        let deep = |chunks, chunk| Deep { what: "test runs".into(), chunks, chunk };
        let deep_run = |d: Deep| run_deep::<RelayNim>(&d, &[&net], 2, &Progress::default()).remove(0);
        let one = deep_run(deep(1, runs));
        assert_eq!(one.status, Status::Mismatched, "{one:?}");
        let six = deep_run(deep(6, runs));
        assert_eq!((six.status, six.vectors, six.mismatches), (Status::Mismatched, 6 * one.vectors, 6 * one.mismatches));
        let first = six.first_mismatch.unwrap();
        assert!(first.starts_with("chunk 0, ") && first.contains("differs in count_a"), "{first}");
        let refused = deep_run(deep(6, refused_at_2));
        assert_eq!(refused.status, Status::Failed, "{refused:?}");
        assert!(refused.error.as_deref().unwrap().contains("chunk 2: no such series"), "{refused:?}");
        std::fs::remove_dir_all(&p.work).ok();
    }

    /// A netlist without the machine's ports fails in one line.
    #[test]
    fn a_missing_port_is_one_line() {
        let p = Places::for_test("no-port");
        let blif = p.work.join("empty.blif");
        std::fs::write(&blif, ".model m\n.inputs clock\n.outputs x\n.names x\n.end\n").unwrap();
        let r = run_one("verilog/bitsim", blif);
        assert_eq!(r.status, Status::Failed);
        let e = r.error.unwrap();
        assert!(e.contains("no port reset") && !e.contains('\n'), "{e}");
        std::fs::remove_dir_all(&p.work).ok();
    }
}
