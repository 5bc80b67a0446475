//! Sharded runs put back together (issue 36): for a machine, the
//! bitsim level of its `synth_ice40` netlist run whole and in three shards
//! (the plan's pieces, the deep runs' chunks, the search in shard 0); the
//! shards' JSON reports, read and merged as `nimforge merge` does, give the
//! same rows, statuses, vectors and mismatches as the whole run.

use crate::harness::die18::Die18;
use nimforge_verify::levels::bitsim::{run, Input, Sharding};
use nimforge_verify::levels::hdl;
use nimforge_verify::levels::lanes::Expected;
use nimforge_verify::levels::Progress;
use nimforge_verify::report::{end_line, Fingerprint, Shard};
use nimforge_verify::report::{merge, read_shard};
use nimforge_verify::{Machine, Plan};

fn merges_to_the_whole<M: Machine>(plan: &Plan<M>) {
    let places = super::places(&format!("shard-{}", M::NAME));
    let expected = Expected::of(plan);
    let synth = hdl::make_ice40::<M>(&places).unwrap();
    let inputs = || vec![Input { level: nimforge_verify::Hardware::Netlist, file: Ok(synth.json.clone()) }];
    let (whole, _) = run(plan, &expected, inputs(), &Progress::default(), None, M::MAX_STATES);
    let fingerprint = Fingerprint::default().bytes(M::NAME.as_bytes()).words(&plan.sequence);
    let mut reports = Vec::new();
    for index in 0..3 {
        let shard = Shard { index, count: 3 };
        let (rows, _) = run(plan, &expected, inputs(), &Progress::default(), Some(Sharding { shard, fingerprint }), M::MAX_STATES);
        let mut lines: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
        lines.push(end_line(shard, rows.len()));
        reports.push(read_shard(&format!("{} shard {index}", M::NAME), &lines.join("\n")).unwrap());
    }
    let merged = merge(&reports).unwrap();
    let key = |r: &nimforge_verify::LevelReport| (r.level.clone(), r.status, r.vectors, r.mismatches);
    assert_eq!(merged.iter().map(key).collect::<Vec<_>>(), whole.iter().map(key).collect::<Vec<_>>(), "{}", M::NAME);
    assert!(whole.iter().all(|r| r.vectors > 0), "{whole:?}");
    std::fs::remove_dir_all(&places.work).ok();
}

/// The two machines whose whole plan runs in a second. Nimrod's plan
/// (2.8 billion cycles), the learning machine's and Wilson's deep runs
/// take minutes at one level, and this test runs the level twice (whole,
/// then in shards): all six here took 1,118 s on 2 cores. Nimatron's
/// (48 million cycles: 15 s here of the test's 21 s) and those three are
/// checked where their unsharded rows are already made: `.ci/slurm` runs
/// their netlist levels as Slurm job arrays and compares the merges with
/// the rows of CI's unsharded `verify all`.
#[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
#[test]
fn shards_merge_to_the_unsharded_counts() {
    merges_to_the_whole(crate::harness::relay_nim::test_plan());
    merges_to_the_whole(&Plan::<Die18>::new().unwrap());
}
