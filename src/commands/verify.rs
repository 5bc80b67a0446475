//! `nimforge verify MACHINE [--level ...] [--engine ...] [--json]`.

use crate::verify::{hdl, nimatron::Nimatron, panel, relay_nim::RelayNim, rtl, Engine, Level, LevelReport, Machine, Plan};
use std::path::Path;

/// Is this a CI run, where a missing tool fails instead of skipping?
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// `machine` is a machine's name, or `all` for every machine in turn;
/// `engine` picks the netlist level's simulators.
pub fn run(machine: &str, level: Level, engine: Engine, json: bool, root: &Path) -> Result<i32, String> {
    let names: Vec<&str> = if machine == "all" {
        crate::machines::NAMES.to_vec()
    } else {
        vec![crate::machines::check_name(machine)?]
    };
    let mut reports = Vec::new();
    for name in names {
        let machine_levels = level.expand().iter().any(|l| *l != Level::Panel);
        reports.extend(match name {
            _ if !machine_levels => vec![],
            "relay-nim" => levels::<RelayNim>(level, engine, root, json)?,
            "nimatron" => levels::<Nimatron>(level, engine, root, json)?,
            "nimrod" => levels::<crate::verify::nimrod::Nimrod>(level, engine, root, json)?,
            "learning" => levels::<crate::verify::learning::Learning>(level, engine, root, json)?,
            "die18" => levels::<crate::verify::die18::Die18>(level, engine, root, json)?,
            "wilson" => levels::<crate::verify::wilson::Wilson>(level, engine, root, json)?,
            _ => unreachable!("every machine name is matched"),
        });
        if level.expand().contains(&Level::Panel) {
            match name {
                "relay-nim" => reports.extend(panel_levels::<crate::panel::relay_nim::RelayNimPanel>(root)),
                "nimatron" => reports.extend(panel_levels::<crate::panel::nimatron::NimatronPanel>(root)),
                "wilson" => reports.extend(panel_levels::<crate::panel::wilson::WilsonPanel>(root)),
                "nimrod" => reports.extend(panel_levels::<crate::panel::nimrod::NimrodPanel>(root)),
                "die18" => reports.extend(panel_levels::<crate::panel::die18::Die18Panel>(root)),
                "learning" => reports.extend(panel_levels::<crate::panel::learning::LearningPanel>(root)),
                _ => unreachable!("every machine has a board wrapper"),
            }
        }
    }
    if json {
        for r in &reports {
            println!("{}", serde_json::to_string(r).expect("a report serialises"));
        }
    } else {
        print_table(&reports);
    }
    let mismatched = reports.iter().any(|r| r.mismatches > 0);
    let skipped: Vec<&LevelReport> = reports.iter().filter(|r| r.skipped.is_some()).collect();
    if mismatched {
        return Ok(1);
    }
    if under_ci() && !skipped.is_empty() {
        eprintln!("CI=true: a level was skipped for a missing tool; install it (see the README)");
        return Ok(1);
    }
    Ok(0)
}

fn levels<M: Machine>(level: Level, engine: Engine, root: &Path, json: bool) -> Result<Vec<LevelReport>, String> {
    let plan = Plan::<M>::new()?;
    let say = |s: String| {
        if json {
            eprintln!("{s}")
        } else {
            println!("{s}")
        }
    };
    if !M::walks_tour() {
        say(format!("{}: no tour (src/verify/{}.rs says why); {} cycles of whole-move runs", M::NAME, M::MODULE, plan.len()));
    } else {
    say(format!(
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
    let places = hdl::Places { root: root.to_path_buf(), work: root.join("build").join("verify").join(M::NAME) };
    let wanted = level.expand();
    let mut reports: Vec<LevelReport> = Vec::new();
    let mut slow = None;
    let mut vectors = None;
    for l in wanted {
        if l == Level::Panel {
            continue;
        }
        if l == Level::Rtl {
            reports.push(rtl::run(&plan));
            continue;
        }
        // The slow levels replay the plan, or the machine's stated share of its tour.
        let p: &Plan<M> = slow.get_or_insert_with(|| {
            let share = plan.share(M::slow_share(), 1);
            if share.len() != plan.len() {
                say(format!("{}: the slow levels replay {}", M::NAME, share.coverage));
            }
            share
        });
        // The vector file, for every level but the netlist's bitsim engine.
        let files = l != Level::Netlist || engine.expand().contains(&Engine::Iverilog);
        if files && vectors.is_none() {
            std::fs::create_dir_all(&places.work).map_err(|e| format!("cannot create {}: {e}", places.work.display()))?;
            let path = places.work.join("vectors.txt");
            hdl::write_vectors(p, &path).map_err(|e| e.to_string())?;
            vectors = Some(path);
        }
        match l {
            Level::Verilog => reports.extend(hdl::verilog(p, &places, vectors.as_ref().unwrap())),
            Level::Netlist => {
                for e in engine.expand() {
                    reports.push(match e {
                        Engine::Bitsim => hdl::netlist_bitsim(p, &places),
                        Engine::Iverilog => hdl::netlist(p, &places, vectors.as_ref().unwrap()),
                        Engine::All => unreachable!("expand leaves no All"),
                    });
                }
            }
            Level::Bitstream => reports.push(hdl::bitstream(p, &places, vectors.as_ref().unwrap())),
            _ => unreachable!(),
        }
    }
    Ok(reports)
}

/// The board wrapper end to end: rust-hdl, Icarus, Verilator.
fn panel_levels<P: panel::Panel>(root: &Path) -> Vec<LevelReport> {
    let script = P::script();
    let places = hdl::Places { root: root.to_path_buf(), work: root.join("build").join("verify").join(P::NAME) };
    let mut reports = vec![panel::rtl::<P>(&script)];
    reports.extend(panel::verilog::<P>(&script, &places));
    reports
}

fn print_table(reports: &[LevelReport]) {
    let rows: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            let note = match (&r.skipped, &r.first_mismatch) {
                (Some(s), _) => format!("skipped: {s}"),
                (None, Some(m)) => m.clone(),
                (None, None) => String::new(),
            };
            let mismatches = if r.skipped.is_some() { "-".to_string() } else { r.mismatches.to_string() };
            vec![r.machine.clone(), r.level.clone(), r.vectors.to_string(), mismatches, format!("{:.2}", r.seconds), note]
        })
        .collect();
    let header = ["machine", "level", "vectors", "mismatches", "seconds", "note"];
    println!("{}", crate::emit::report::table(&header, &rows, &[false, false, true, true, true, false]));
}
