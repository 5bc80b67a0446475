//! The `equiv` level runners of nimforge-verify tried on the relay NIM, with
//! a part of its netlist or chip changed on purpose.

use crate::harness::relay_nim::RelayNim;
use nimforge_verify::flow::yosys;
use nimforge_verify::flow::yosys::ProofOutcome;
use nimforge_verify::levels::equiv::*;
use nimforge_verify::levels::hdl;
use nimforge_verify::Places;
use std::path::PathBuf;

/// The relay NIM's synth_ice40 netlist as Verilog, changed by `change`,
/// proven against its generated Verilog.
fn prove_changed(p: &Places, change: impl Fn(&str) -> String) -> yosys::Equivalence {
    let netlist = hdl::make_ice40::<RelayNim>(p).unwrap().netlist;
    let text = std::fs::read_to_string(&netlist).unwrap();
    let changed = change(&text);
    assert_ne!(changed, text, "the change changed nothing");
    let d = p.dir("changed").unwrap();
    let file: PathBuf = d.join("changed.v");
    std::fs::write(&file, changed).unwrap();
    let cells = yosys::ice40_cells(&d).unwrap();
    let gold = p.generated("relay_nim");
    yosys::equivalence(
        "netlist=verilog",
        (&nimforge_verify::Sources::from(&gold), "relay_nim"),
        (&nimforge_verify::Sources::files(&[&file, &cells]), "relay_nim"),
        BOUND,
        &d,
    )
    .unwrap()
}

/// One LUT's function inverted (every row of its table flipped): the
/// proof is refuted with an input sequence from power-on, cycle by cycle.
#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_changed_lut_is_refuted_with_a_counterexample() {
    let p = super::places("equiv-lut");
    let e = prove_changed(&p, |text| {
        let at = text.find(".LUT_INIT(16'h").unwrap() + ".LUT_INIT(16'h".len();
        let table = u16::from_str_radix(&text[at..at + 4], 16).unwrap();
        format!("{}{:04x}{}", &text[..at], !table, &text[at + 4..])
    });
    assert_eq!(e.verdict, ProofOutcome::Refuted, "{}", e.detail);
    assert!(e.detail.contains("\\trigger"), "{}", e.detail);
    assert!(e.detail.contains("\\in_"), "the inputs, cycle by cycle: {}", e.detail);
}

/// A register given another name in the netlist (every wire of the
/// first pile's counter): matched through the outputs it drives, the
/// proof still closes.
#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_renamed_register_still_proves() {
    let p = super::places("equiv-rename");
    let e = prove_changed(&p, |text| text.replace("pile_a.counter", "heap_one_register").replace("pile_a$counter", "heap_one_register2"));
    assert_eq!(e.verdict, ProofOutcome::Proven, "{}", e.detail);
}

/// The relay NIM's pairs through the level: both proven.
#[test]
#[cfg_attr(
    not(all(have_yosys, have_nextpnr_ice40, have_icepack, have_icebox_vlog)),
    ignore = "needs yosys, nextpnr-ice40, icepack, icebox_vlog: bash .ci/deps installs it"
)]
fn the_relay_nims_pairs_are_proven() {
    let p = super::places("equiv-relay");
    let r = machine::<RelayNim>(&p, &hdl::make_ice40::<RelayNim>(&p), &hdl::make_chip::<RelayNim>(&p));
    let got: Vec<(&str, ProofStatus)> = r.iter().map(|r| (r.pair.as_str(), r.status)).collect();
    assert_eq!(got, vec![("netlist=verilog", ProofStatus::Proven), ("bitstream=netlist", ProofStatus::Proven)], "{r:?}");
}
