//! The `hdl` level runners of nimforge-verify tried on the relay NIM, with
//! a part of its netlist or chip changed on purpose.

use crate::harness::relay_nim::RelayNim;
use nimforge_verify::levels::hdl::*;
use nimforge_verify::Places;
use nimforge_verify::Status;
use nimforge_verify::{Machine, Plan};
use std::path::Path;

/// A simulator that fails (here Icarus, on a generated file cut in
/// half) makes a failed level carrying the tool's own words, not a
/// level where every vector mismatched.
#[cfg_attr(not(have_iverilog), ignore = "needs iverilog: bash .ci/deps installs it")]
#[test]
fn a_failing_tool_is_a_failed_level_with_its_output() {
    let root = std::env::temp_dir().join(format!("nimforge-failing-{}", std::process::id()));
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["generated", "testbenches"] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
    }
    let v = std::fs::read_to_string(here.join("generated/relay_nim.v")).unwrap();
    std::fs::write(root.join("generated/relay_nim.v"), &v[..v.len() / 2]).unwrap();
    std::fs::copy(here.join("testbenches/relay_nim_tb.v"), root.join("testbenches/relay_nim_tb.v")).unwrap();
    let places = Places::new(&root, root.join("work"));
    let plan = Plan::<RelayNim>::of_sequence(RelayNim::move_runs().unwrap(), "the whole-move runs");
    std::fs::create_dir_all(&places.work).unwrap();
    let vectors = places.work.join("vectors.txt");
    write_vectors(&plan, &vectors).unwrap();
    let r = verilog_icarus(&plan, &places, &vectors);
    std::fs::remove_dir_all(&root).ok();
    assert_eq!((r.status, r.mismatches), (Status::Failed, 0), "{r:?}");
    let e = r.error.unwrap();
    assert!(e.contains("iverilog failed") && e.contains("relay_nim.v"), "{e}");
}
