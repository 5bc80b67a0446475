//! `docs/results.md` made from a run's JSON (issue 34: the figures a run
//! measures are never typed by hand). A run writes one JSON object a line:
//! `verify --json` (a level or a proof each), `report --json` (a board
//! build each) and `bench ... --json` (an engine each, the file's stem
//! naming the benchmark). [`Results::read`] sorts them into tables;
//! [`Results::markdown`] writes the page from its template
//! (`src/templates/results.md.j2`), stating the commit, the date and the
//! machine the run was on.

use askama::Template;
use serde_json::Value;
use std::path::Path;

/// One table of the page: its header and its rows, every cell a string.
#[derive(Debug, Default)]
pub struct Table {
    /// The column names.
    pub header: Vec<&'static str>,
    /// The rows, as many cells as the header.
    pub rows: Vec<Vec<String>>,
}

/// What a run measured, sorted into the page's tables.
#[derive(Debug, Default)]
pub struct Results {
    /// Every level of every machine: `verify`.
    pub levels: Table,
    /// Every proof: `verify`'s `equiv` level.
    pub proofs: Table,
    /// Every board build: `report`.
    pub builds: Table,
    /// The benchmarks: `bench`, a row an engine.
    pub benchmarks: Table,
    /// The check's fuzzer: `fuzz-check --json`, a row for every pair and one
    /// a class of design.
    pub fuzz: Table,
    /// The public yardstick: `yardstick --json`, a row a group of the
    /// benchmark package.
    pub yardstick: Table,
    /// The yardstick's designs, a row each.
    pub yardstick_designs: Table,
    /// The yardstick's refusals, a row a class with the designs it costs.
    pub yardstick_refusals: Table,
}

/// Where and when the run was.
pub struct Run<'a> {
    /// The commit the run checked.
    pub commit: &'a str,
    /// The day it ran (`date -u +%F`).
    pub date: &'a str,
    /// The machine it ran on, in words (cores, processor).
    pub machine: &'a str,
    /// The script whose run this is (`.ci/test`, `.ci/deep`).
    pub by: &'a str,
}

#[derive(Template)]
#[template(path = "results.md.j2", escape = "none")]
struct Page<'a> {
    run: &'a Run<'a>,
    tables: Vec<(&'static str, &'static str, String)>,
}

/// A JSON field as a cell: numbers with the figures they have, seconds
/// with two decimals, text as it is, nothing as "-".
fn cell(v: &Value, key: &str) -> String {
    match &v[key] {
        Value::Null => "-".into(),
        Value::String(s) => s.replace('|', "/").replace('\n', " "),
        Value::Number(n) if key.contains("seconds") || key.ends_with("mhz") || key == "margin" => {
            format!("{:.2}", n.as_f64().unwrap_or_default())
        }
        Value::Number(n) if key.contains("per_second") => format!("{:.3e}", n.as_f64().unwrap_or_default()),
        other => other.to_string(),
    }
}

fn row(v: &Value, keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| cell(v, k)).collect()
}

impl Table {
    fn new(header: &[&'static str]) -> Table {
        Table { header: header.to_vec(), rows: Vec::new() }
    }

    /// The table in Markdown, `|` between cells.
    pub fn markdown(&self) -> String {
        let mut out = format!("| {} |\n|{}|\n", self.header.join(" | "), vec!["---"; self.header.len()].join("|"));
        for r in &self.rows {
            out.push_str(&format!("| {} |\n", r.join(" | ")));
        }
        out
    }
}

const YARDSTICK: [&str; 18] = [
    "group",
    "listed",
    "outside_ci",
    "designs",
    "pairs",
    "right",
    "wrong",
    "not_decided",
    "refused",
    "internal",
    "different",
    "certified",
    "equal",
    "equal_abc_proven",
    "check_median_seconds",
    "check_worst_seconds",
    "abc_median_seconds",
    "abc_worst_seconds",
];
const YARDSTICK_DESIGN: [&str; 11] =
    ["design", "top", "pairs", "right", "wrong", "not_decided", "refused", "internal", "check_worst_seconds", "abc_worst_seconds", "note"];
const YARDSTICK_REFUSAL: [&str; 4] = ["refusal", "designs", "pairs", "which"];
const LEVEL: [&str; 10] = ["machine", "level", "status", "vectors", "lanes", "mismatches", "model_states", "pair_states", "exhaustive", "seconds"];
const PROOF: [&str; 5] = ["machine", "pair", "status", "matched", "seconds"];
const BUILD: [&str; 8] = ["machine", "board", "lut4", "dff", "lc_used", "fmax_mhz", "target_mhz", "margin"];
const BENCH: [&str; 5] = ["engine", "vectors", "seconds", "vectors_per_second", "mismatches"];
const FUZZ: [&str; 15] = [
    "class",
    "designs",
    "pairs",
    "right",
    "wrong",
    "not_decided",
    "refused",
    "internal",
    "different",
    "certified",
    "equal",
    "equal_abc_proven",
    "conflicts",
    "check_median_seconds",
    "abc_median_seconds",
];

impl Results {
    /// The objects of every file, one a line; an error names the file and
    /// the line that is not a JSON object of a known kind.
    pub fn read(files: &[&Path]) -> Result<Results, crate::Error> {
        let mut r = Results {
            levels: Table::new(&LEVEL),
            proofs: Table::new(&PROOF),
            builds: Table::new(&BUILD),
            benchmarks: Table::new(&["benchmark", "engine", "vectors", "seconds", "vectors per second", "mismatches"]),
            fuzz: Table::new(&FUZZ),
            yardstick: Table::new(&YARDSTICK),
            yardstick_designs: Table::new(&YARDSTICK_DESIGN),
            yardstick_refusals: Table::new(&YARDSTICK_REFUSAL),
        };
        for file in files {
            let text = nimforge_verify::files::read_to_string(file)?;
            let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
                let where_ = || format!("{}, line {}", file.display(), n + 1);
                let v: Value = serde_json::from_str(line).map_err(|e| format!("{}: not JSON ({e}): give the lines of a --json run", where_()))?;
                if v.get("yardstick").is_some() {
                    if v.get("group").is_some() {
                        r.yardstick.rows.push(row(&v, &YARDSTICK));
                    } else if v.get("design").is_some() {
                        r.yardstick_designs.rows.push(row(&v, &YARDSTICK_DESIGN));
                    } else {
                        r.yardstick_refusals.rows.push(row(&v, &YARDSTICK_REFUSAL));
                    }
                } else if v.get("fuzz").is_some() {
                    r.fuzz.rows.push(row(&v, &FUZZ));
                } else if v.get("pair").is_some() {
                    r.proofs.rows.push(row(&v, &PROOF));
                } else if v.get("vectors").is_some() && v.get("level").is_some() {
                    r.levels.rows.push(row(&v, &LEVEL));
                } else if v.get("lut4").is_some() {
                    r.builds.rows.push(row(&v, &BUILD));
                } else if v.get("engine").is_some() {
                    let mut cells = vec![stem.clone()];
                    cells.extend(row(&v, &BENCH));
                    r.benchmarks.rows.push(cells);
                } else {
                    return Err(format!("{}: neither a level, a proof, a build nor a benchmark", where_()).into());
                }
            }
        }
        Ok(r)
    }

    /// The page: the run's commit, date and machine, then every table that
    /// has rows.
    pub fn markdown(&self, run: &Run) -> String {
        let tables = [
            ("Levels", "`nimforge verify ... --json`: every level run, of every machine, against its oracle.", &self.levels),
            (
                "Proofs",
                "The `equiv` level: one level proven equal to another (not to the oracle: only the runs compare with the model). \
                 `matched`: the signals yosys's passes matched by name, 0 where ABC, which goes first, proved the pair.",
                &self.proofs,
            ),
            ("Builds", "`nimforge report --json`: each machine's board wrapper built for each board.", &self.builds),
            ("Benchmarks", "`nimforge bench ... --json`: the same work in each engine, side by side in one run.", &self.benchmarks),
            (
                "The check's fuzzer",
                "`nimforge fuzz-check --json`: random sequential designs (docs/check-fuzz.md), each checked against a yosys rewrite of itself and a one-operator mutant; the truth from ABC (registers at 0 first) and Icarus; every pair and each class of design. Wrong and internal must be 0, every difference certified in Icarus.",
                &self.fuzz,
            ),
            (
                "The public yardstick",
                "`nimforge yardstick --json` (docs/check-corpus.md): every design of logikbench 1.0.0's groups iscas89, blocks and epfl (installed at test time by `.ci/logikbench`, never committed), each checked against a yosys rewrite of itself (gates in every other design) and three mutants of its netlist; the truth from ABC's dprove on a miter with every register at 0 first, and Icarus for every counterexample. Wrong and internal must be 0. Times are wall seconds on the run's machine, two designs at once.",
                &self.yardstick,
            ),
            ("The yardstick's refusals", "Each class of design `check` refused, with the designs it costs.", &self.yardstick_refusals),
            ("The yardstick's designs", "A line a design: its pairs' judgements, its slowest check and anchor, and the check's line where it refused (or why the design is run outside CI, with the command that runs it).", &self.yardstick_designs),
        ]
        .into_iter()
        .filter(|(_, _, t)| !t.rows.is_empty())
        .map(|(title, what, t)| (title, what, t.markdown()))
        .collect();
        Page { run, tables }.render().expect("the results template renders")
    }
}

/// The Markdown tables of `text` (a page [`Results::markdown`] wrote): each
/// as its header and rows; an error names a row whose cells are not as many
/// as its header's, or a header without its `---` line.
pub fn parse_tables(text: &str) -> Result<Vec<(Vec<String>, Vec<Vec<String>>)>, crate::Error> {
    let cells = |l: &str| l.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect::<Vec<_>>();
    let mut tables = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        if !line.starts_with('|') {
            continue;
        }
        let header = cells(line);
        match lines.next() {
            Some((_, rule)) if rule.starts_with("|---") && cells(rule).len() == header.len() => {}
            _ => return Err(format!("line {}: a table's header without its --- line", n + 1).into()),
        }
        let mut rows = Vec::new();
        while let Some((m, l)) = lines.next_if(|(_, l)| l.starts_with('|')) {
            let r = cells(l);
            if r.len() != header.len() {
                return Err(format!("line {}: {} cells under a header of {}", m + 1, r.len(), header.len()).into());
            }
            rows.push(r);
        }
        tables.push((header, rows));
    }
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page in the tree parses: every table has its rule and rows as
    /// wide as its header, the levels' table has a row per level with
    /// whole numbers of vectors and mismatches, and every status is one a
    /// run gives.
    #[test]
    fn the_results_page_parses() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/results.md")).unwrap();
        assert!(text.contains("Commit") && text.contains("Machine"), "the page names its run");
        let tables = parse_tables(&text).unwrap_or_else(|e| panic!("docs/results.md: {e}"));
        let (header, rows) =
            tables.iter().find(|(h, _)| h.first().map(String::as_str) == Some("machine") && h.contains(&"vectors".to_string())).expect("a levels table");
        assert!(!rows.is_empty());
        let at = |name: &str| header.iter().position(|h| h == name).unwrap();
        for r in rows {
            r[at("vectors")].parse::<u64>().unwrap_or_else(|_| panic!("{r:?}"));
            assert!(["passed", "mismatched", "failed", "skipped", "n/a"].contains(&r[at("status")].as_str()), "{r:?}");
        }
    }

    /// A run's lines sorted into tables and written back: the page parses to
    /// the same cells; a line of another kind is refused naming its place.
    #[test]
    fn a_run_round_trips() {
        let dir = std::env::temp_dir().join(format!("nimforge-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let verify = dir.join("verify.jsonl");
        std::fs::write(&verify, concat!(
            r#"{"machine":"relay-nim","level":"rtl","status":"passed","vectors":1552710,"lanes":2,"mismatches":0,"seconds":1.234,"skipped":null,"coverage":"whole tour"}"#, "\n",
            r#"{"machine":"relay-nim","level":"equiv","pair":"netlist=verilog","status":"proven","seconds":3.5,"matched":12,"bound":null,"detail":"x"}"#, "\n",
        )).unwrap();
        let bench = dir.join("bench-nimatron.jsonl");
        std::fs::write(&bench, r#"{"engine":"bitsim","vectors":48538404,"seconds":0.12,"vectors_per_second":404486700.0,"mismatches":0,"coverage":"c"}"#)
            .unwrap();
        let r = Results::read(&[&verify, &bench]).unwrap();
        let page = r.markdown(&Run { commit: "abc", date: "2026-11-25", machine: "2 cores", by: ".ci/test" });
        let tables = parse_tables(&page).unwrap();
        assert_eq!(tables.len(), 3, "{page}");
        // A line without the search's figures (a level with no search, or
        // a report written before they were) shows "-" in their columns.
        assert_eq!(tables[0].1, vec![vec!["relay-nim", "rtl", "passed", "1552710", "2", "0", "-", "-", "-", "1.23"]]);
        assert_eq!(tables[2].1[0][0], "bench-nimatron");
        let fuzz = dir.join("fuzz-check.jsonl");
        std::fs::write(&fuzz, r#"{"fuzz":"check","class":"all","designs":2,"pairs":4,"right":4,"wrong":0,"not_decided":0,"refused":0,"internal":0,"different":1,"certified":1,"equal":3,"equal_abc_proven":3,"conflicts":0,"check_median_seconds":0.31,"abc_median_seconds":0.1}"#).unwrap();
        let page = Results::read(&[&verify, &fuzz]).unwrap().markdown(&Run { commit: "abc", date: "2026-11-26", machine: "2 cores", by: ".ci/test" });
        let tables = parse_tables(&page).unwrap();
        assert_eq!(tables[2].1, vec![vec!["all", "2", "4", "4", "0", "0", "0", "0", "1", "1", "3", "3", "0", "0.31", "0.10"]], "{page}");
        let bad = dir.join("bad.jsonl");
        std::fs::write(&bad, "{\"x\": 1}\n").unwrap();
        assert!(Results::read(&[&bad]).unwrap_err().to_string().contains("bad.jsonl, line 1"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
