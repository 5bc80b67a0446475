//! `nimforge yardstick`: the check on the designs of a public benchmark
//! package ([`crate::fuzz::corpus`], issue 55), each against its yosys
//! rewrite and mutants of its netlist, judged by ABC and Icarus; the
//! counts a group, a line a design, and a line for each pair judged wrong
//! with the command that reruns it.

use crate::fuzz::corpus::{self, Options};
use std::io::Write;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The designs: group, name, top, clock and where each runs, a line
    /// each (tab-separated).
    #[arg(long, default_value = "testbenches/yardstick/logikbench.tsv")]
    list: std::path::PathBuf,
    /// Where `.ci/logikbench` wrote each design's `.f` list (`group/name.f`).
    #[arg(long, default_value = "build/logikbench/lists")]
    lists: std::path::PathBuf,
    /// Only this design (`group/name` or `name`; behind a host, `group/top`
    /// or `top`), outside CI or not; its files are kept.
    #[arg(long)]
    design: Option<String>,
    /// Run the designs marked outside CI too.
    #[arg(long)]
    all: bool,
    /// Mutants a design, besides its rewrite.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(0..=20))]
    mutants: u64,
    /// Designs checked at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Each check's budget in seconds (`nimforge check --timeout`).
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,
    /// The anchor's budget in seconds of CPU time (yosys's miter and ABC's dprove).
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    abc_timeout: u64,
    /// Where the designs' files go (a design's are kept when a pair of it failed).
    #[arg(long, default_value = "build/yardstick")]
    dir: std::path::PathBuf,
    /// Print the counts as JSON lines (for `nimforge results`); every
    /// pair's line is written to DIR/pairs.jsonl as it is judged.
    #[arg(long)]
    json: bool,
}

/// Runs the designs, each check by `nimforge` (this program, which the
/// binary's edge finds); exit 0 when no pair failed (no wrong verdict, no
/// internal error, no refusal for a dead net), 1 when one did.
pub fn run(args: Args, nimforge: std::path::PathBuf) -> Result<i32, crate::Error> {
    let mut entries = corpus::read_list(&args.list)?;
    if let Some(d) = &args.design {
        entries.retain(|e| e.id() == *d || e.key() == *d);
        if entries.is_empty() {
            return Err(format!("{d} is not in {}: give group/name as the list writes it, e.g. iscas89/s27", args.list.display()).into());
        }
    }
    let lists_missing = !args.lists.is_dir();
    if lists_missing {
        return Err(format!("{} holds no design lists: run `bash .ci/logikbench` first (it installs logikbench and writes them)", args.lists.display()).into());
    }
    let options = Options {
        entries,
        lists: args.lists.clone(),
        dir: args.dir.clone(),
        mutants: args.mutants as usize,
        jobs: args.jobs as usize,
        timeout: args.timeout,
        abc_timeout: args.abc_timeout,
        nimforge,
        outside_too: args.all || args.design.is_some(),
        keep: args.design.is_some(),
    };
    // Every pair's line as it is judged, so that a run stopped part way
    // keeps what it judged.
    let path = args.dir.join("pairs.jsonl");
    nimforge_verify::files::create_dir_all(&args.dir)?;
    let pairs = std::sync::Mutex::new(std::fs::File::create(&path).map_err(|e| format!("writing {}: {e}", path.display()))?);
    let shown = |o: &crate::fuzz::Outcome| {
        if let Ok(mut f) = pairs.lock() {
            writeln!(f, "{}", o.json()).ok();
        }
        if o.fails() || args.design.is_some() {
            let line = format!(
                "{} {}; rerun: nimforge yardstick --design {}; files: {} {}",
                o.classes.last().map_or("", String::as_str),
                o.describe(),
                o.classes.last().map_or("", String::as_str),
                o.files.0.display(),
                o.files.1.display()
            );
            // With --json, stdout holds only JSON lines (CI reads them).
            if args.json {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    };
    let runs = corpus::run(&options, &shown)?;
    let rows = corpus::summary(&runs);
    let outcomes: Vec<&crate::fuzz::Outcome> = runs.iter().flat_map(|r| &r.outcomes).collect();
    if args.json {
        rows.iter().for_each(super::print_json);
    } else {
        for r in &rows {
            println!("{r}");
        }
    }
    let failed = outcomes.iter().filter(|o| o.fails()).count();
    if failed > 0 {
        eprintln!("nimforge: {failed} of {} pairs failed (wrong, internal, or refused for a dead net): see the lines above", outcomes.len());
        return Ok(1);
    }
    Ok(0)
}
