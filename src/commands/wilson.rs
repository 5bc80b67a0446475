//! `nimforge wilson table`, `nimforge wilson judge` and `nimforge wilson
//! complete`: Wilson's number problem in software (seed 004). The tables
//! come from the brute-force solver and the codes it confirms
//! (`oracle::wilson`); the article's own tables (`oracle::wilson::article`)
//! are only compared against. `complete` prints the argument of
//! `oracle::wilson::complete`.

use crate::moves::wilson::{describe, list, parse_groups};
use nimforge_oracles::wilson::article;
use nimforge_oracles::wilson::{self as w, Solver};
use std::time::Instant;

/// Groups of up to this many counters get codes for the table: the period
/// must hold over the second half, well past the last exception (52).
const TABLE_RANGE: usize = 600;
/// The solver checks the value rule on every position of up to this many
/// counters before the table is printed.
const SOLVER_COUNTERS: u16 = 30;
/// The judge lists every move; beyond this many counters the moves of kind
/// (2) run to millions.
pub const JUDGE_MAX_COUNTERS: u32 = 240;

/// The command's flags: which of its subcommands.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// `nimforge wilson`'s subcommands.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Wilson's tables derived from the brute-force solver, each beside the article's.
    Table {
        #[arg(long)]
        json: bool,
    },
    /// Won or lost for the side that just moved, the bases, every sound move.
    Judge {
        /// Groups of counters in a row, e.g. 28,53,1,16.
        groups: String,
        #[arg(long)]
        json: bool,
    },
    /// Whether the hardware judge's search is complete: the argument's counts and its verdict.
    Complete {
        #[arg(long)]
        json: bool,
    },
}

/// `nimforge wilson SUBCOMMAND`: the table, a judged position, or the
/// completeness argument.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    match &args.command {
        Command::Table { json } => table(*json),
        Command::Judge { groups, json } => judge(groups, *json),
        Command::Complete { json } => complete(*json),
    }
}

#[derive(serde::Serialize)]
struct Row<T: serde::Serialize> {
    derived: T,
    article: T,
    matches: bool,
}

fn mark(ok: bool) -> &'static str {
    if ok {
        "matches the article"
    } else {
        "DIFFERS from the article"
    }
}

/// `nimforge wilson table`: the value rule checked by the brute-force solver, then the
/// derived tables (bases, period, equivalents, exceptions, chart, three-base wins) beside
/// the article's. Status 1 when any differs.
pub fn table(json: bool) -> Result<i32, crate::Error> {
    // The value rule, confirmed by brute force first.
    let t0 = Instant::now();
    let codes = w::codes(64);
    let mut solver = Solver::new();
    let mut checked = 0usize;
    for total in 0..=SOLVER_COUNTERS {
        for p in w::positions(total, total as usize) {
            checked += 1;
            if solver.won(&p) != w::rule_won(&p, &codes) {
                return Err(format!("the value rule fails on {p:?}: the solver's tables cannot be trusted").into());
            }
        }
    }
    let solver_seconds = t0.elapsed().as_secs_f64();
    let t = w::tables(TABLE_RANGE);

    let bases = Row { derived: t.bases.clone(), article: article::BASES.to_vec(), matches: t.bases == article::BASES };
    let period = Row { derived: t.period, article: article::PERIOD, matches: t.period == article::PERIOD };
    let law: Vec<Row<u16>> = (0..article::LAW.len())
        .map(|r| {
            let d = t.law.get(r).copied().unwrap_or(0);
            Row { derived: d, article: article::LAW[r], matches: d == article::LAW[r] }
        })
        .collect();
    let mut want_exc = article::EXCEPTIONS.to_vec();
    want_exc.sort();
    let exceptions = Row { derived: t.exceptions.clone(), article: want_exc.clone(), matches: t.exceptions == want_exc };
    let chart: Vec<Row<Vec<u16>>> = article::CHART
        .iter()
        .map(|(base, groups)| {
            let d: Vec<u16> = (1..=52).filter(|&n| t.base_of[n as usize] == *base).collect();
            Row { matches: d == *groups, derived: d, article: groups.to_vec() }
        })
        .collect();
    let wins: Vec<Row<(Vec<u16>, bool)>> = (0..t.three_base_wins.len().max(article::THREE_BASE_WINS.len()))
        .map(|i| {
            let d = t.three_base_wins.get(i).map_or((vec![], false), |w| (w.to_vec(), t.fundamental[i]));
            let a = article::THREE_BASE_WINS.get(i).map_or((vec![], false), |(w, f)| (w.to_vec(), *f));
            Row { matches: d == a, derived: d, article: a }
        })
        .collect();
    let all = bases.matches
        && period.matches
        && law.iter().all(|r| r.matches)
        && exceptions.matches
        && chart.iter().all(|r| r.matches)
        && wins.iter().all(|r| r.matches);

    if json {
        let v = serde_json::json!({
            "solver": {"counters": SOLVER_COUNTERS, "positions": checked, "seconds": solver_seconds},
            "bases": bases, "period": period, "law": law, "exceptions": exceptions,
            "chart": chart, "three_base_wins": wins,
            "derived_from": t.derived_from, "matches": all,
        });
        println!("{v}");
        return Ok(if all { 0 } else { 1 });
    }
    println!("Wilson's tables, derived by nimforge (crates/oracles/src/wilson/values.rs), each beside the article's.");
    println!();
    println!(
        "The brute-force solver (every move of all three kinds) agrees with the value rule on all {checked} \
         positions of up to {SOLVER_COUNTERS} counters ({solver_seconds:.1} s): an odd number of counters loses for \
         the side that just moved; an even number wins when the groups' codes cancel, a code being a group's \
         value under move (3) alone (brute-force mex over its splits) and its parity. Groups with equal codes are \
         equivalents; a base is the least group of its code."
    );
    println!();
    let list = |v: &[u16]| v.iter().map(u16::to_string).collect::<Vec<_>>().join(", ");
    println!("Bases: {}  [{}]", list(&t.bases), mark(bases.matches));
    println!(
        "Period: {} from group {} on (the last exception is {})  [{}]",
        t.period,
        t.exceptions.last().map_or(1, |e| e.0 + 1),
        t.exceptions.last().map_or(0, |e| e.0),
        mark(period.matches)
    );
    println!();
    println!("Table of equivalents (groups up to {} compared), apart from the exceptions:", t.checked);
    for (r, row) in law.iter().enumerate() {
        println!("  {}n + {:<2} = {:<3} [{}]", t.period, r, row.derived, mark(row.matches));
    }
    let exc = |v: &[(u16, u16)]| v.iter().map(|(n, b)| format!("{n} = {b}")).collect::<Vec<_>>().join(", ");
    println!("The exceptions: {}  [{}]", exc(&t.exceptions), mark(exceptions.matches));
    println!();
    println!("Groups 1 to 52 by base:");
    for ((base, _), row) in article::CHART.iter().zip(&chart) {
        println!("  {:>2}: {:<40} [{}]", base, list(&row.derived), mark(row.matches));
    }
    println!();
    println!("Three-base wins (* fundamental: the first with its largest base):");
    for (i, row) in wins.iter().enumerate() {
        let (bases, fundamental) = &row.derived;
        let how = if *fundamental {
            "*".to_string()
        } else {
            let parts: Vec<String> = t.derived_from.get(i).map_or(vec![], |d| d.iter().map(|&f| format!("({})", list(&t.three_base_wins[f]))).collect());
            format!("  = {}", parts.join(" + "))
        };
        println!("  {:<12}{:<40} [{}]", list(bases), how, mark(row.matches));
    }
    println!();
    println!("{}", if all { "Every table matches the article." } else { "Some tables differ from the article (marked above)." });
    Ok(if all { 0 } else { 1 })
}

/// `nimforge wilson judge --groups ...`: the position `text` (groups of 1..=127 counters,
/// at most [`JUDGE_MAX_COUNTERS`] in all) judged: won or lost, its bases and every sound move.
pub fn judge(text: &str, json: bool) -> Result<i32, crate::Error> {
    let groups = parse_groups(text)?;
    let total: u32 = groups.iter().map(|&g| g as u32).sum();
    if total > JUDGE_MAX_COUNTERS {
        return Err(format!(
            "{total} counters: the judge lists every move and takes at most {JUDGE_MAX_COUNTERS}; \
             `nimforge move wilson --groups {text}` finds one sound move for any position of up to 8 groups of 127"
        )
        .into());
    }
    let j = w::judge(&groups);
    if json {
        super::print_json(&j);
        return Ok(0);
    }
    println!("{} ({} counters) is {} for the side that just moved", list(&groups), total, if j.won { "won" } else { "lost" });
    println!("each group's base: {}", list(&j.group_bases));
    if j.won {
        println!("the bases cancel: equivalent to nothing");
    } else {
        println!("equivalent to the bases {}", list(&j.bases));
    }
    println!("{} moves leave an even number of counters; {} sound moves:", j.even_moves, j.sound_moves.len());
    for m in &j.sound_moves {
        println!("  {}", move_line(m));
    }
    Ok(0)
}

/// `nimforge wilson complete`: the argument that the hardware judge's
/// search is complete (`oracle::wilson::complete`), its counts, the
/// cross-check against the oracle's judge, and the verdict. Exit status 0
/// when complete, 1 when not.
pub fn complete(json: bool) -> Result<i32, crate::Error> {
    use nimforge_oracles::wilson::complete as c;
    let t0 = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let r = c::run(c::Forms::HARDWARE, c::EXHAUSTIVE_GROUPS, c::MAX_GROUP, c::RANDOM_POSITIONS, c::SEED, threads);
    let seconds = t0.elapsed().as_secs_f64();
    let (a, x) = (&r.argument, &r.cross_check);
    let status = if r.complete { 0 } else { 1 };
    if json {
        let v = serde_json::json!({
            "verdict": r.verdict,
            "complete": r.complete,
            "sizes": a.sizes,
            "codes": a.codes,
            "code_bits": a.code_bits,
            "targets": a.targets,
            "cases": a.cases,
            "moving": a.moving,
            "stuck": a.stuck,
            "only_three": a.only_three,
            "combinations": a.combinations,
            "open_targets": a.open_targets,
            "per_target": a.per_target,
            "exhaustive_groups": x.exhaustive_groups,
            "max_group": x.max_group,
            "exhaustive_positions": x.exhaustive_positions,
            "random_positions": x.random_positions,
            "seed": x.seed,
            "positions": x.exhaustive_positions + x.random_positions,
            "not_won": x.not_won,
            "judge_forms": x.judge_forms,
            "mismatches": x.mismatches,
            "mismatch_examples": x.mismatch_examples,
            "counterexamples": r.counterexamples,
            "argument_seconds": r.argument_seconds,
            "cross_check_seconds": r.cross_check_seconds,
            "seconds": seconds,
            "threads": threads,
        });
        println!("{v}");
        return Ok(status);
    }
    let n = |v: u64| thousands(v);
    let codes = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    println!(
        "Is the judge's search complete: does every position of up to 8 groups of up to 127 counters that is not won \
         have a sound move of a form the judge tries (one counter; two adjacent; two adjacent and one more)?"
    );
    println!();
    println!(
        "The argument (crates/oracles/src/wilson/complete/). A position's value is the XOR of its groups' codes (a group's \
         value under two adjacent alone, and its parity); it is won when the value is 0, and a move inside one group \
         changes it by that group's code XOR its pieces' codes."
    );
    println!("  group sizes examined: {} (1 to {}), {} different codes of {} bits", a.sizes, a.sizes, a.codes, a.code_bits);
    println!("  targets: the {} nonzero values a position can have (odd: an odd number of counters)", a.targets);
    println!(
        "  (size, target) cases: {}; in {} a move inside the group, of the judge's form for the target's parity, \
         changes the value by the target ({} of them only by two adjacent and one more); in {} none",
        n(a.cases as u64),
        n(a.moving as u64),
        n(a.only_three as u64),
        n(a.stuck as u64)
    );
    for t in &a.per_target {
        println!(
            "    {:>2} ({}): {:>3} sizes move, {:>3} cannot (codes {}): {} combinations, {}",
            t.target,
            if t.odd { "odd" } else { "even" },
            t.moving,
            t.stuck.len(),
            codes(&t.stuck_codes),
            n(t.combinations),
            if t.open { "SOME make the target" } else { "none makes the target" }
        );
    }
    println!(
        "  combinations of the codes of the sizes that cannot, every target: {}; {}",
        n(a.combinations),
        if a.proven() {
            "none makes its target, so a position of any number of groups that is not won has a group with a \
             sound move inside it"
                .to_string()
        } else {
            format!("open targets: {}", codes(&a.open_targets))
        }
    );
    println!();
    println!("Cross-checked against the oracle's judge (crates/oracles/src/wilson/judge.rs, its search as plain loops):");
    println!("  every position of 1 to {} groups of 1 to {} counters: {}", x.exhaustive_groups, x.max_group, n(x.exhaustive_positions));
    println!("  seeded random positions of 8 groups: {} (seed {:#x})", n(x.random_positions), x.seed);
    let f = &x.judge_forms;
    println!(
        "  not won: {}; the judge's moves: {} one counter, {} two adjacent, {} two adjacent and one more in the \
         group, {} two adjacent and one more from another group",
        n(x.not_won),
        n(f.one),
        n(f.two_adjacent),
        n(f.three_in_group),
        n(f.three_across)
    );
    println!("  mismatches: {}; not won with no sound move: {}", n(x.mismatches), n(x.counterexamples));
    println!();
    println!("{} (argument {:.2} s, cross-check {:.1} s on {} threads)", r.verdict, r.argument_seconds, r.cross_check_seconds, threads);
    Ok(status)
}

/// 357759 as "357,759".
fn thousands(v: u64) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// One sound move of `nimforge wilson judge`: the move, and the row it
/// leaves.
fn move_line(m: &w::Move) -> String {
    format!("{}, leaving {}", describe(m.kind, &m.takes, false), list(&m.leaves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_oracles::wilson::Kind;

    /// The article's closing example: lost, 48 moves leave an even number of
    /// counters, and the sound moves are exactly the six it names.
    #[test]
    fn the_article_s_example() {
        let j = w::judge(&article::EXAMPLE);
        assert!(!j.won);
        assert_eq!(j.even_moves, article::EXAMPLE_EVEN_MOVES);
        let mut got: Vec<Vec<u16>> = j.sound_moves.iter().map(|m| m.leaves_sorted.clone()).collect();
        got.sort();
        let mut want: Vec<Vec<u16>> = article::EXAMPLE_SOUND_MOVES.iter().map(|p| w::canon(p.to_vec())).collect();
        want.sort();
        assert_eq!(got, want);
        assert!(j.sound_moves.iter().all(|m| m.kind == Kind::TwoAdjacent));
        assert_eq!(j.bases, vec![4, 16]);
    }

    /// The six sound moves told as the article tells them (seed 004, line
    /// 108): "So he splits 16 into 13, 1 ... or 11, 3 ... or 8, 6 ... He can
    /// split 28 into 16, 10 or 14, 12, or he can split 53 into 30, 21"; line
    /// 110: "6 ways of choosing two adjacent counters from a single group".
    /// Each leaves the article's row (line 7, "28, 53, 1, 16") with that
    /// group split in place; the groups are taken left to right.
    #[test]
    fn the_article_s_six_moves_as_it_writes_them() {
        let j = w::judge(&[28, 53, 1, 16]);
        let lines: Vec<String> = j.sound_moves.iter().map(move_line).collect();
        let want = [
            "two adjacent counters from group 1 (28 into 16, 10), leaving 16, 10, 53, 1, 16",
            "two adjacent counters from group 1 (28 into 14, 12), leaving 14, 12, 53, 1, 16",
            "two adjacent counters from group 2 (53 into 30, 21), leaving 28, 30, 21, 1, 16",
            "two adjacent counters from group 4 (16 into 13, 1), leaving 28, 53, 1, 13, 1",
            "two adjacent counters from group 4 (16 into 11, 3), leaving 28, 53, 1, 11, 3",
            "two adjacent counters from group 4 (16 into 8, 6), leaving 28, 53, 1, 8, 6",
        ];
        assert_eq!(lines, want);
        // The rows are the article's rows as typed in with its example.
        let mut rows: Vec<Vec<u16>> = j.sound_moves.iter().map(|m| m.leaves.clone()).collect();
        rows.sort();
        let mut typed: Vec<Vec<u16>> = article::EXAMPLE_SOUND_MOVES.iter().map(|p| p.to_vec()).collect();
        typed.sort();
        assert_eq!(rows, typed);
    }

    /// Three counters from anywhere, the article's "(28, 53, 14)", "(27,
    /// 52, 1, 15)" and "(28, 25, 17, 6, 2, 1, 16)" (line 12): from two
    /// groups, from three, and from one.
    #[test]
    fn three_counters_from_several_groups() {
        let t = |place, size, taken, into: &[u16]| w::Take { place, size, taken, into: into.to_vec() };
        assert_eq!(
            describe(Kind::Three, &[t(3, 1, 1, &[]), t(4, 16, 2, &[14])], false),
            "three counters: one from group 3 (the 1 taken whole) and two from group 4 (16 into 14)"
        );
        assert_eq!(
            describe(Kind::Three, &[t(1, 28, 1, &[27]), t(2, 53, 1, &[52]), t(4, 16, 1, &[15])], false),
            "three counters: one from group 1 (28 into 27), one from group 2 (53 into 52) and one from group 4 (16 into 15)"
        );
        assert_eq!(describe(Kind::Three, &[t(2, 53, 3, &[25, 17, 6, 2])], false), "three counters from group 2 (53 into 25, 17, 6, 2)");
        // The hardware judge's three are two adjacent and one more.
        assert_eq!(
            describe(Kind::Three, &[t(1, 2, 2, &[]), t(2, 7, 1, &[1, 5])], true),
            "three counters: two adjacent from group 1 (the 2 taken whole) and one from group 2 (7 into 1, 5)"
        );
        assert_eq!(describe(Kind::Three, &[t(1, 28, 3, &[25])], true), "three counters (two adjacent, then one more) from group 1 (28 into 25)");
    }

    #[test]
    fn the_tables_match_the_article() {
        let t = w::tables(TABLE_RANGE);
        assert_eq!(t.bases, article::BASES);
        assert_eq!(t.period, article::PERIOD);
        assert_eq!(t.law, article::LAW);
        let mut e = article::EXCEPTIONS.to_vec();
        e.sort();
        assert_eq!(t.exceptions, e);
        let wins: Vec<([u16; 3], bool)> = t.three_base_wins.iter().copied().zip(t.fundamental.iter().copied()).collect();
        assert_eq!(wins, article::THREE_BASE_WINS);
        assert!(t.derived_from.iter().zip(&t.fundamental).all(|(d, &f)| f || !d.is_empty()));
    }
}
