//! `nimforge learn`: games between a scripted human and the cycle-accurate
//! learning machine (its design in the rust-hdl simulation, the `rtl`
//! level), from a reset memory; after each game the winner and how many
//! memory cells are right, wrong and missing against the game's solution
//! (`oracle::counting`); `--plot` draws that learning curve as SVG.

use crate::moves::learning::{games_read, winning_cells, GameReport};
use askama::Template;
use nimforge_oracles::learning::Human;
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many games.
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// The scripted human.
    #[arg(long, value_enum, default_value = "perfect")]
    opponent: Human,
    /// The seed of the human's plays and pauses.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The cell at column 5, row 2 may be set (the trap the document's blank prevents).
    #[arg(long)]
    no_blank: bool,
    /// The trap study's reading B (docs/trap-study.md): the search steps over an illegal play without writing its cell.
    #[arg(long)]
    search_skips_illegal: bool,
    /// One JSON object per game.
    #[arg(long)]
    json: bool,
    /// Draw the learning curve as SVG.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

/// `nimforge learn`: `--games` games (1..=100000) against the `--opponent` from `--seed`,
/// with the blanked cell (unless `--no-blank`) and the trap study's reading B
/// (`--search-skips-illegal`); prints the table or JSON lines, and with `--plot` writes the
/// learning curve as SVG.
pub fn run(args: &Args) -> Result<i32, crate::Error> {
    let (games_n, human, seed, json, plot) = (args.games, args.opponent, args.seed, args.json, args.plot.as_deref());
    let (blank, skips) = (!args.no_blank, args.search_skips_illegal);
    if !(1..=100_000).contains(&games_n) {
        return Err(format!("--games {games_n}: give a number of games from 1 to 100000").into());
    }
    if let Some(p) = plot {
        check_writable(p)?;
    }
    let reports = games_read(games_n, human, seed, blank, skips)?;
    if json {
        for r in &reports {
            super::print_json(r);
        }
    } else {
        let rows: Vec<Vec<String>> = reports
            .iter()
            .map(|r| {
                let trap = if r.trapped { "(5, 2) lit, 4 at 1 not" } else { "" };
                vec![r.game.to_string(), r.winner.clone(), r.right.to_string(), r.wrong.to_string(), r.missing.to_string(), trap.to_string()]
            })
            .collect();
        println!(
            "{}",
            nimforge_verify::report::text_table(&["game", "winner", "right", "wrong", "missing", "trap"], &rows, &[true, false, true, true, true, false])
        );
        let won = reports.iter().filter(|r| r.winner == "machine").count();
        let trapped = reports.iter().filter(|r| r.trapped).count();
        println!("the machine won {won} of {games_n} games; {trapped} ended in the opening-1 trap; the game's solution has {} winning cells", winning_cells());
    }
    if let Some(p) = plot {
        let title =
            format!("The learning machine against a {} human{}, seed {seed}", format!("{human:?}").to_lowercase(), if blank { "" } else { ", blank cell off" })
                + if skips { ", the search writing legal plays only" } else { "" };
        write_atomically(p, &svg(&reports, &title))?;
    }
    Ok(0)
}

fn check_writable(p: &Path) -> Result<(), crate::Error> {
    if p.extension().and_then(|e| e.to_str()) != Some("svg") {
        return Err(format!("--plot {}: the plot is SVG; give a file name ending in .svg", p.display()).into());
    }
    let dir = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(format!("--plot {}: the directory {} does not exist; create it or choose another", p.display(), dir.display()).into());
    }
    Ok(())
}

/// Written whole or not at all ([`nimforge_verify::files`]).
fn write_atomically(p: &Path, text: &str) -> Result<(), crate::Error> {
    nimforge_verify::files::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()).into())
}

struct Tick {
    at: i64,
    label: String,
}

struct Series {
    name: String,
    colour: &'static str,
    points: String,
    /// Where its line of the legend stands.
    legend: i64,
}

#[derive(Template)]
#[template(path = "learning.svg.j2", escape = "none")]
struct Plot {
    title: String,
    width: i64,
    height: i64,
    left: i64,
    right: i64,
    top: i64,
    bottom: i64,
    x_ticks: Vec<Tick>,
    y_ticks: Vec<Tick>,
    series: Vec<Series>,
    human_wins: Vec<i64>,
    legend_end: i64,
}

/// The learning curve: right, wrong and missing cells after each game.
pub fn svg(reports: &[GameReport], title: &str) -> String {
    let (width, height, left, right, top, bottom) = (720i64, 400i64, 60i64, 700i64, 40i64, 340i64);
    let n = reports.len().max(1) as i64;
    let highest = reports.iter().map(|r| r.right.max(r.wrong).max(r.missing)).max().unwrap_or(0).max(winning_cells());
    let y_max = (highest as i64 + 9) / 10 * 10;
    let x = |g: usize| left + (right - left) * g as i64 / n;
    let y = |v: usize| bottom - (bottom - top) * v as i64 / y_max;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000].into_iter().find(|s| n / *s as i64 <= 10).unwrap_or(20000);
    let x_ticks = (0..=reports.len()).step_by(step).map(|g| Tick { at: x(g), label: g.to_string() }).collect();
    let y_ticks = (0..=y_max as usize).step_by(10).map(|v| Tick { at: y(v), label: v.to_string() }).collect();
    let line = |f: &dyn Fn(&GameReport) -> usize| {
        std::iter::once(format!("{},{}", x(0), y(0))).chain(reports.iter().map(|r| format!("{},{}", x(r.game), y(f(r))))).collect::<Vec<_>>().join(" ")
    };
    let missing_start = winning_cells();
    let missing = std::iter::once(format!("{},{}", x(0), y(missing_start)))
        .chain(reports.iter().map(|r| format!("{},{}", x(r.game), y(r.missing))))
        .collect::<Vec<_>>()
        .join(" ");
    let series = vec![
        Series { name: "right".into(), colour: "#1a7f37", points: line(&|r| r.right), legend: top + 13 },
        Series { name: "wrong".into(), colour: "#cf222e", points: line(&|r| r.wrong), legend: top + 31 },
        Series { name: "missing".into(), colour: "#8250df", points: missing, legend: top + 49 },
    ];
    let human_wins = reports.iter().filter(|r| r.winner == "human").map(|r| x(r.game)).collect();
    Plot { title: title.into(), width, height, left, right, top, bottom, x_ticks, y_ticks, series, human_wins, legend_end: top + 67 }
        .render()
        .expect("the plot template renders")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::learning::games;

    /// The command's games are the design's: the same seed gives the same
    /// games, and the scores are the memory the design shows.
    #[test]
    fn the_curve_is_drawn_from_the_games() {
        let r = games(12, Human::Perfect, 7, true).unwrap();
        assert_eq!(r, games(12, Human::Perfect, 7, true).unwrap());
        assert!(r.iter().all(|g| g.right + g.missing == winning_cells()));
        let s = svg(&r, "t");
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert_eq!(s.matches("<polyline").count(), 3);
    }
}
