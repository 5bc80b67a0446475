//! A machine's levels, run on both cores: one thread makes the netlists
//! and the chip (yosys, nextpnr, icebox_vlog) and then runs the external
//! simulators one after another (Verilator on the whole plan, Icarus on the
//! machine's share); the other runs the rust-hdl simulation and then the
//! bitsim levels, whose lanes take every core.

use super::bitsim;
use super::equiv::{self, ProofReport};
use super::lanes::Expected;
use super::lanes::Progress;
use super::rtl;
use crate::design_source::{prepare_verilog, Source};
use crate::layout::Places;
use crate::levels::hdl::{self, Made};
use crate::ui::Ui;
use crate::{Engine, Hardware, Level, LevelReport, Machine, Options, Plan, Stage};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The netlists the bitsim levels read, as the making thread hands them over.
struct ForBitsim {
    generic: Option<Made<PathBuf>>,
    ice40: Option<Made<PathBuf>>,
    chip: Option<Made<PathBuf>>,
}

/// Whether the files the hardware levels read (`generated/<module>.v` and
/// its testbenches) are what the design writes now
/// ([`crate::emitter::design_files`]; the Verilog's first line, which names
/// the source, aside): an error naming the first stale or missing file and
/// saying to generate again, so that no level checks an old design.
pub fn fresh<M: Machine>(root: &Path) -> Result<(), crate::Error> {
    let from_line_two = |t: &str| t.split_once('\n').map(|(_, rest)| rest.to_string()).unwrap_or_default();
    for f in crate::emitter::design_files::<M>("")? {
        let path = root.join(&f.path);
        match std::fs::read_to_string(&path) {
            Ok(text) if from_line_two(&text) == from_line_two(&f.contents) => {}
            Ok(_) => return Err(crate::Error::Stale { file: path, missing: false }),
            Err(_) => return Err(crate::Error::Stale { file: path, missing: true }),
        }
    }
    Ok(())
}

/// A machine's levels, and its proofs when `equiv` is wanted, for its
/// design at `source`.
pub(crate) fn levels_of<M: Machine>(wanted: &Options, root: &Path, source: &Source, ui: &Ui) -> Result<(Vec<LevelReport>, Vec<ProofReport>), crate::Error> {
    if wanted.shard.is_some() {
        let hardware = Level::HARDWARE;
        let none = wanted.levels.is_empty() || wanted.engines.is_empty();
        if none || wanted.engines.iter().any(|e| *e != Engine::Bitsim) || wanted.levels.iter().any(|l| !hardware.contains(l)) {
            return Err(crate::Error::Input(
                "--shard splits the bitsim engine's work (the plan's pieces, the deep runs' chunks) at the verilog, netlist and bitstream levels: ask for those alone (--engine bitsim)".into(),
            ));
        }
    }
    let work = wanted.shard.unwrap_or(crate::report::Shard::ALL).room(&Places::verify_work(root, M::NAME));
    let mut places = Places::new(root, work);
    crate::files::create_dir_all(&places.work)?;
    let mut not_applicable = vec![];
    match source {
        Source::RustHdl if wanted.levels.iter().any(|l| *l != Level::Rtl) => fresh::<M>(root)?,
        Source::RustHdl => {}
        Source::Verilog(sources) => {
            prepare_verilog::<M>(&sources.under(root), &mut places)?;
            if wanted.levels.contains(&Level::Rtl) {
                not_applicable.push(LevelReport::not_applicable(M::NAME, Stage::Rtl, "a Verilog design: no rust-hdl simulation of it"));
            }
        }
    }
    let places = places;
    if wanted.levels.iter().all(|l| *l == Level::Equiv) {
        // Proofs alone need no plan.
        let ice40 = {
            let _job = ui.job(&format!("{}: yosys synth_ice40", M::NAME));
            hdl::make_ice40::<M>(&places)
        };
        let chip = {
            let _job = ui.job(&format!("{}: nextpnr-ice40, icepack, icebox_vlog", M::NAME));
            hdl::make_chip_from::<M>(&places, ice40.as_ref().ok())
        };
        let _job = ui.job(&format!("{}: yosys equiv, netlist=verilog and bitstream=netlist", M::NAME));
        return Ok((vec![], equiv::machine::<M>(&places, &ice40, &chip)));
    }
    let plan = {
        let _job = ui.job(&format!("{}: the plan (the oracle's tour and runs)", M::NAME));
        Plan::<M>::with_max_states(wanted.max_states.unwrap_or(M::MAX_STATES))?
    };
    if !M::walks_tour() {
        ui.say(&format!("{}: no single tour (its harness says why: Machine::walks_tour); {} cycles of whole-move runs", M::NAME, plan.len()));
    } else {
        ui.say(&format!(
            "{}: transition tour of {} cycles covers {} of {} reachable states and {} of {} transitions; \
             whole-move runs add {} cycles; {} vectors in all",
            M::NAME,
            plan.tour_cycles,
            plan.states_covered,
            plan.states,
            plan.transitions_covered,
            plan.transitions,
            plan.len() - plan.tour_cycles,
            plan.len()
        ));
    }
    let hardware = Level::HARDWARE;
    let slow_wanted = hardware.iter().any(|&l| wanted.runs(l, Engine::Icarus) || wanted.runs(l, Engine::Verilator));
    let bitsim_wanted = hardware.iter().any(|&l| wanted.runs(l, Engine::Bitsim));
    let expected = {
        let _job = ui.job(&format!("{}: the oracle's outputs, {} cycles", M::NAME, plan.len()));
        Expected::of(&plan)
    };
    let (tx, rx) = std::sync::mpsc::channel::<ForBitsim>();
    let mut searched_at: Vec<Hardware> = Vec::new();
    let (mut reports, external) = std::thread::scope(|scope| {
        let (plan, places, expected) = (&plan, &places, &expected);
        let external = scope.spawn(move || {
            let proving = wanted.levels.contains(&Level::Equiv);
            let need_ice40 = proving || wanted.runs(Level::Netlist, Engine::Bitsim) || wanted.runs(Level::Netlist, Engine::Icarus);
            let need_chip = proving || wanted.runs(Level::Bitstream, Engine::Bitsim) || wanted.runs(Level::Bitstream, Engine::Icarus);
            let generic = wanted.runs(Level::Verilog, Engine::Bitsim).then(|| {
                let _job = ui.job(&format!("{}: yosys, generic gates", M::NAME));
                hdl::make_generic::<M>(places)
            });
            let ice40 = need_ice40.then(|| {
                let _job = ui.job(&format!("{}: yosys synth_ice40", M::NAME));
                hdl::make_ice40::<M>(places)
            });
            let chip = need_chip.then(|| {
                let _job = ui.job(&format!("{}: nextpnr-ice40, icepack, icebox_vlog", M::NAME));
                hdl::make_chip_from::<M>(places, ice40.as_ref().and_then(|m| m.as_ref().ok()))
            });
            let loops = places.latch_loops().is_some();
            // A latch in steps: the iCE40 netlist's loop of one LUT is cut
            // (`cut_lut_loops.v`); a loop of more stops the BLIF, and the
            // netlist/bitsim row says why instead (none sent).
            let ice40_bitsim = ice40.as_ref().and_then(|m| {
                let _job = places.steps.as_ref().map(|_| ui.job(&format!("{}: yosys, the iCE40 netlist in steps as generic gates", M::NAME)));
                let made = hdl::netlist_for_bitsim::<M>(places, m);
                (!(loops && m.is_ok() && made.is_err())).then_some(made)
            });
            let chip_bitsim = chip.clone().filter(|_| !loops).map(|m| m.map(|c| c.blif));
            tx.send(ForBitsim { generic, ice40: ice40_bitsim, chip: chip_bitsim }).ok();
            // The proofs beside the external simulators: each is one
            // process, and each waits for nothing of the others (issue 37).
            let (proofs, slow) = std::thread::scope(|beside| {
                let proofs = beside.spawn(|| match (proving, &ice40, &chip) {
                    (true, Some(ice40), Some(chip)) => {
                        let _job = ui.job(&format!("{}: yosys equiv, netlist=verilog and bitstream=netlist", M::NAME));
                        equiv::machine::<M>(places, ice40, chip)
                    }
                    _ => vec![],
                });
                let slow = if slow_wanted { slow_levels(plan, expected, places, wanted, ui, &ice40, &chip) } else { Ok(vec![]) };
                (proofs.join().expect("the proofs' thread panicked"), slow)
            });
            slow.map(|s| (s, proofs))
        });
        let mut reports = not_applicable;
        if wanted.levels.contains(&Level::Rtl) && matches!(source, Source::RustHdl) {
            let _job = ui.job(&format!("{} rtl (rust-hdl), {} cycles", M::NAME, plan.len()));
            reports.push(wanted.noted(rtl::run(plan, crate::levels::lanes::threads())));
        }
        if bitsim_wanted {
            let made = rx.recv().expect("the making thread hands the netlists over");
            let loops = places.latch_loops();
            let netlist_unsent = made.ice40.is_none();
            let inputs: Vec<bitsim::Input> = [(Hardware::Verilog, made.generic), (Hardware::Netlist, made.ice40), (Hardware::Bitstream, made.chip)]
                .into_iter()
                .filter_map(|(level, file)| file.map(|file| bitsim::Input { level, file }))
                .collect();
            // A latch in steps: the bitstream's netlist holds it as a loop,
            // and the iCE40 netlist too where the loop is of more than one
            // LUT; the making thread sent neither.
            if let Some(why) = &loops {
                let unsent = [(Hardware::Netlist, netlist_unsent), (Hardware::Bitstream, true)];
                for (level, _) in unsent.into_iter().filter(|&(l, unsent)| unsent && wanted.runs(l.level(), Engine::Bitsim)) {
                    reports.push(wanted.noted(LevelReport::not_applicable(M::NAME, Stage::bitsim(level), why)));
                }
            }
            let progress = Arc::new(Progress::default());
            let _job = ui.counted(&format!("{} bitsim ({} netlists)", M::NAME, inputs.len()), progress.clone());
            // The design's files, include directories, defines and
            // parameters, each a part.
            let sharding = wanted.shard.map(|shard| bitsim::Sharding {
                shard,
                fingerprint: places
                    .verilog(M::MODULE)
                    .fingerprint_parts()
                    .iter()
                    .fold(crate::report::Fingerprint::default().bytes(M::NAME.as_bytes()), |f, part| f.bytes(part))
                    .words(&plan.sequence)
                    .bytes(crate::flow::yosys::version().as_bytes()),
            });
            let bound = wanted.max_states.unwrap_or(M::MAX_STATES);
            // With the proofs asked for, the search runs at verilog alone and
            // the proofs carry it to the netlist and the bitstream (issue 58;
            // `proven_exhaustive` below).
            let at = if wanted.levels.contains(&Level::Equiv) { bitsim::SearchAt::One(Hardware::Verilog) } else { bitsim::SearchAt::Every };
            let (r, searched) = bitsim::run_with_deep(plan, expected, inputs, &progress, sharding, (bound, at), wanted.deep);
            if let Some(s) = &searched {
                ui.say(&format!("{}: the transition search: {}", M::NAME, s.summary()));
            }
            reports.extend(r.into_iter().map(|r| wanted.noted(r)));
            searched_at = searched.map(|s| s.levels).unwrap_or_default();
        }
        (reports, external.join().expect("the external levels' thread panicked"))
    });
    let (slow, proofs) = external?;
    proven_exhaustive(&mut reports, &searched_at, &proofs);
    reports.extend(slow);
    // Levels in the order of the table: rtl, then each level's engines.
    reports.sort_by_key(|r| r.level.rank());
    // Runs say what they are: only a search that closed is exhaustive.
    for r in reports.iter_mut().filter(|r| r.status == crate::Status::Passed && !r.exhaustive) {
        r.coverage += "; runs from power-on, not exhaustive";
    }
    // A design in steps: every hardware row took its time so.
    if let Some(steps) = &places.steps {
        for r in reports.iter_mut().filter(|r| r.level.level() != Some(Level::Rtl) && r.status != crate::Status::NotApplicable) {
            r.coverage += &format!("; {}", steps.describe());
        }
    }
    // A design read by yosys-slang: every hardware row ran its Verilog.
    if let Some(read_by) = &places.read_by {
        for r in reports.iter_mut().filter(|r| r.level.level() != Some(Level::Rtl) && r.status != crate::Status::NotApplicable) {
            r.coverage += &format!("; {read_by}");
        }
    }
    replays(&plan, &mut reports, root, source, &places, ui);
    Ok((reports, proofs))
}

/// The bitsim rows of levels the transition search did not run at
/// (`searched_at` holds those it ran at: verilog alone when the proofs were
/// asked for, [`bitsim::SearchAt`]): exhaustive when the search at verilog
/// closed and the proofs that tie the row's level to verilog hold
/// (`netlist=verilog`; for the bitstream, `bitstream=netlist` as well),
/// with the search's counts and the reason in words; otherwise they say
/// why they are not.
fn proven_exhaustive(reports: &mut [LevelReport], searched_at: &[Hardware], proofs: &[crate::levels::equiv::ProofReport]) {
    let searched = |level: Hardware| reports.iter().find(|r| r.level == Stage::bitsim(level) && searched_at.contains(&level)).cloned();
    let Some(verilog) = searched(Hardware::Verilog) else { return };
    for level in [Hardware::Netlist, Hardware::Bitstream].into_iter().filter(|l| !searched_at.contains(l)) {
        let Some(r) = reports.iter_mut().find(|r| r.level == Stage::bitsim(level) && r.status == crate::Status::Passed) else { continue };
        let pairs: &[&str] = if level == Hardware::Netlist { &[equiv::NETLIST_PAIR] } else { &[equiv::NETLIST_PAIR, equiv::BITSTREAM_PAIR] };
        let held: Vec<Option<&crate::levels::equiv::ProofReport>> = pairs.iter().map(|p| proofs.iter().find(|x| x.pair == *p)).collect();
        let all_proven = held.iter().all(|p| p.is_some_and(|p| p.status == crate::levels::equiv::ProofStatus::Proven));
        if verilog.exhaustive && all_proven {
            (r.model_states, r.pair_states, r.exhaustive) = (verilog.model_states, verilog.pair_states, true);
            r.coverage += &format!(
                "; exhaustive by the search at verilog/bitsim (its {} pair states over {} model states) and the proof{} {}",
                verilog.pair_states.unwrap_or(0),
                verilog.model_states.unwrap_or(0),
                if pairs.len() > 1 { "s" } else { "" },
                pairs.join(" and ")
            );
        } else {
            let why: Vec<String> = pairs.iter().zip(&held).map(|(p, h)| format!("{p} {}", h.map_or("not run", |h| h.status.name()))).collect();
            r.coverage += &format!(
                "; NOT exhaustive here: the search ran at verilog/bitsim ({}) and the proofs that would carry it here: {}",
                if verilog.exhaustive { "closed" } else { "did not close" },
                why.join(", ")
            );
        }
    }
}

/// Each mismatched level's first mismatch (of the plan's) as a replay, its
/// VCD written at its level into the work directory (once for the rows of a
/// level that share the presses); a VCD that cannot be made is said, and
/// the replay kept without it.
fn replays<M: Machine>(plan: &Plan<M>, reports: &mut [LevelReport], root: &Path, source: &Source, places: &Places, ui: &Ui) {
    let mut written: Vec<(Level, Vec<String>, String)> = Vec::new();
    for r in reports.iter_mut().filter(|r| r.status == crate::Status::Mismatched) {
        let Some(level) = r.level.level() else { continue };
        let mut replay = match (r.replay.take(), r.first_cycle) {
            (Some(replay), _) => replay,
            (None, Some(i)) => crate::levels::replay::of(plan, i, r.level.clone()),
            (None, None) => continue,
        };
        let done = written.iter().find(|(l, p, _)| *l == level && *p == replay.presses).map(|w| w.2.clone());
        replay.vcd = match done {
            Some(vcd) => Some(vcd),
            None => {
                let vcd = crate::levels::replay::vcd_path(&places.work, level);
                let _job = ui.job(&format!("{}: the first mismatch of {} again, as a VCD", M::NAME, r.level));
                match crate::levels::replay::run::<M>(root, source, &replay, level, &vcd) {
                    Ok(_) => {
                        let vcd = vcd.display().to_string();
                        written.push((level, replay.presses.clone(), vcd.clone()));
                        Some(vcd)
                    }
                    Err(e) => {
                        ui.say(&format!("{}: no VCD of {}'s first mismatch: {e}", M::NAME, r.level));
                        None
                    }
                }
            }
        };
        r.replay = Some(replay);
    }
}

/// About how many cycles of each plan Icarus replays at each hardware
/// level: the plan's first piece and whole pieces drawn at random (seeded),
/// or the whole plan when it is shorter. Icarus is the independent second
/// opinion on what the Verilog means, beside bitsim and Verilator, which
/// run the whole plan at the same levels: its share is there to catch a
/// difference in meaning (which shows in most cycles, as every mutant of
/// `examples/machine_mutants.rs` did), not to cover the plan. 300,000
/// cycles before issue 58, then 100,000 (about 380 s of CI's CPU), now
/// 30,000. It runs some 10,000 to 90,000 cycles a second.
pub(crate) const ICARUS_CYCLES: usize = 30_000;

/// The external simulators: Verilator on the whole plan, Icarus at each
/// hardware level on a share of it.
fn slow_levels<M: Machine>(
    plan: &Plan<M>,
    expected: &Expected,
    places: &Places,
    wanted: &Options,
    ui: &Ui,
    ice40: &Option<Made<crate::flow::yosys::Synthesis>>,
    chip: &Option<Made<hdl::Chip>>,
) -> Result<Vec<LevelReport>, crate::Error> {
    let icarus = Level::HARDWARE.iter().any(|&l| wanted.runs(l, Engine::Icarus));
    let share = plan.share(ICARUS_CYCLES, 1);
    let path = places.work.join("vectors-icarus.txt");
    if icarus {
        if share.len() != plan.len() {
            ui.say(&format!("{}: Icarus replays {}", M::NAME, share.coverage));
        }
        hdl::write_vectors(&share, &path)?;
    }
    // Each level is its own simulator process in its own directory, so they
    // run side by side (issue 37); one that writes a waveform runs alone,
    // since they would share its file. The rows keep this order.
    let (share, path) = (&share, &path);
    let levels: Vec<Box<dyn Fn() -> Option<LevelReport> + Send + Sync + '_>> = vec![
        Box::new(move || {
            wanted.runs(Level::Verilog, Engine::Verilator).then(|| {
                let _job = ui.job(&format!("{} verilog/verilator, {} cycles", M::NAME, plan.len()));
                wanted.noted(hdl::verilog_verilator(plan, places, expected))
            })
        }),
        Box::new(move || {
            wanted.runs(Level::Verilog, Engine::Icarus).then(|| {
                let _job = ui.job(&format!("{} verilog/icarus, {} cycles", M::NAME, share.len()));
                wanted.noted(hdl::verilog_icarus(share, places, path))
            })
        }),
        Box::new(move || match (wanted.runs(Level::Netlist, Engine::Icarus), ice40) {
            (true, Some(synth)) => {
                let _job = ui.job(&format!("{} netlist/icarus, {} cycles", M::NAME, share.len()));
                Some(wanted.noted(hdl::netlist_icarus(share, places, path, synth)))
            }
            _ => None,
        }),
        Box::new(move || match (wanted.runs(Level::Bitstream, Engine::Icarus), chip) {
            (true, Some(chip)) => {
                let _job = ui.job(&format!("{} bitstream/icarus, {} cycles", M::NAME, share.len()));
                Some(wanted.noted(hdl::bitstream_icarus(share, places, path, chip)))
            }
            _ => None,
        }),
    ];
    let reports: Vec<Option<LevelReport>> = if places.vcd.is_some() {
        levels.iter().map(|level| level()).collect()
    } else {
        std::thread::scope(|beside| {
            let running: Vec<_> = levels.iter().map(|level| beside.spawn(level)).collect();
            running.into_iter().map(|r| r.join().expect("an external level's thread panicked")).collect()
        })
    };
    Ok(reports.into_iter().flatten().collect())
}
