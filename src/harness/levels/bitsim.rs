//! The `bitsim` level runners of nimforge-verify tried on the relay NIM, with
//! a part of its netlist or chip changed on purpose.

use crate::harness::relay_nim::RelayNim;
use nimforge_netlist::Netlist;
use nimforge_verify::flow::{icebox_vlog, yosys};
use nimforge_verify::levels::bitsim::*;
use nimforge_verify::levels::hdl;
use nimforge_verify::levels::lanes::{Expected, Wired};
use nimforge_verify::levels::Progress;
use nimforge_verify::Places;
use nimforge_verify::Status;
use nimforge_verify::{Deep, LevelReport, Machine, Plan};
use serde_json::Value;
use std::path::PathBuf;

/// The relay NIM's whole-move runs from power-on; `run` adds the
/// search of every reachable state under every letter.
fn plan() -> Plan<RelayNim> {
    Plan::of_sequence(RelayNim::move_runs().unwrap(), "the whole-move runs")
}

fn run_one(level: nimforge_verify::Hardware, file: PathBuf) -> LevelReport {
    let plan = plan();
    let (mut r, _) = run(&plan, &Expected::of(&plan), vec![Input { level, file: Ok(file) }], &Progress::default(), None, RelayNim::MAX_STATES);
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
    let p = super::places("ice40-lut");
    let (file, mut json) = ice40_json(&p);
    let good = run_one(nimforge_verify::Hardware::Netlist, file);
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
    assert_caught(&run_one(nimforge_verify::Hardware::Netlist, wrong), "count_a");
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
    let p = super::places("ice40-init");
    let wrong = init_one(&p);
    let r = run_one(nimforge_verify::Hardware::Netlist, wrong);
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
#[cfg_attr(
    not(all(have_yosys, have_nextpnr_ice40, have_icepack, have_icebox_vlog)),
    ignore = "needs yosys, nextpnr-ice40, icepack, icebox_vlog: bash .ci/deps installs it"
)]
#[test]
fn a_flipped_lut_bit_in_the_bitstream_is_caught() {
    let p = super::places("asc-lut");
    let chip = hdl::make_chip::<RelayNim>(&p).unwrap();
    let good = run_one(nimforge_verify::Hardware::Bitstream, chip.blif.clone());
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
    assert_caught(&run_one(nimforge_verify::Hardware::Bitstream, wrong_blif), "count_a");
    std::fs::remove_dir_all(&p.work).ok();
}

/// Chunk `k` of the test's deep runs: the relay NIM's whole-move runs,
/// the same in every chunk.
fn runs(_: usize) -> Result<Vec<usize>, nimforge_verify::Error> {
    RelayNim::move_runs()
}

/// As [`runs`], but the oracle refuses chunk 2.
fn refused_at_2(k: usize) -> Result<Vec<usize>, nimforge_verify::Error> {
    if k == 2 {
        Err(nimforge_verify::Error::Model("no such series".into()))
    } else {
        runs(k)
    }
}

/// The deep runs on a netlist whose `count_a[0]` starts at 1 ([`init_one`]): the chunks
/// made on two threads and run as they come, every chunk's mismatches
/// are counted (six times one chunk's) and the first reported is chunk
/// 0's whichever came first; a chunk the oracle refuses fails the row,
/// naming the chunk.
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
#[test]
fn deep_runs_count_every_chunk_and_report_the_earliest() {
    let p = super::places("deep-chunks");
    let wrong = init_one(&p);
    let net = Wired::new::<RelayNim>(nimforge_verify::Hardware::Netlist, Netlist::from_file(&wrong).unwrap()).unwrap();
    let deep = |chunks, chunk| Deep { what: "test runs".into(), chunks, chunk };
    let deep_run = |d: Deep| run_deep::<RelayNim>(&d, &[&net], 2, &Progress::default(), nimforge_verify::report::Shard::ALL).remove(0);
    let one = deep_run(deep(1, runs));
    assert_eq!(one.status, Status::Mismatched, "{one:?}");
    let six = deep_run(deep(6, runs));
    assert_eq!((six.status, six.vectors, six.mismatches), (Status::Mismatched, 6 * one.vectors, 6 * one.mismatches));
    // Its replay: the presses from power-on to the mismatch (the changed
    // init value shows at once), at the deep stage.
    let replay = six.replay.as_ref().expect("a deep row's mismatch has a replay");
    assert_eq!((replay.level.clone(), replay.presses.len()), (nimforge_verify::Stage::Deep(nimforge_verify::Hardware::Netlist), 1), "{replay:?}");
    let first = six.first_mismatch.unwrap();
    assert!(first.starts_with("chunk 0, ") && first.contains("differs in count_a") && first.contains("the presses from power-on"), "{first}");
    let refused = deep_run(deep(6, refused_at_2));
    assert_eq!(refused.status, Status::Failed, "{refused:?}");
    assert!(refused.error.as_deref().unwrap().contains("chunk 2: no such series"), "{refused:?}");
    std::fs::remove_dir_all(&p.work).ok();
}

/// A netlist without the machine's ports fails in one line.
#[test]
fn a_missing_port_is_one_line() {
    let p = super::places("no-port");
    let blif = p.work.join("empty.blif");
    std::fs::write(&blif, ".model m\n.inputs clock\n.outputs x\n.names x\n.end\n").unwrap();
    let r = run_one(nimforge_verify::Hardware::Verilog, blif);
    assert_eq!(r.status, Status::Failed);
    let e = r.error.unwrap();
    assert!(e.contains("no port reset") && !e.contains('\n'), "{e}");
    std::fs::remove_dir_all(&p.work).ok();
}
