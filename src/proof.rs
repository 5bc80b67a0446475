//! The N x W selector proven equal (what `nimforge prove` runs): generated/selector_NxW.v proven equal
//! to the hand-written behavioural reference testbenches/selector_ref.v (with
//! its ports from testbenches/selector_ref_ports.v.j2) by yosys: a miter and
//! temporal induction (crates/flow/templates/prove.ys.j2), so the two agree in every cycle of
//! every input sequence from power-on. The script and log are kept in
//! build/prove/selector_NxW/.

use askama::Template;
use nimforge_verify::flow::yosys::{prove_equivalent, Proof};
use std::path::{Path, PathBuf};

/// The reference, beside the testbenches.
pub const REFERENCE: &str = "testbenches/selector_ref.v";

#[derive(Template)]
#[template(path = "selector_ref_ports.v.j2", escape = "none")]
struct Ports {
    n: usize,
    w: usize,
    piles: Vec<usize>,
}

/// The sizes in generated/ as (piles, bits), smallest first.
pub fn sizes(root: &Path) -> Vec<(usize, usize)> {
    let mut sizes: Vec<(usize, usize)> = std::fs::read_dir(root.join("generated"))
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let (n, w) = name.strip_prefix("selector_")?.strip_suffix(".v")?.split_once('x')?;
            Some((n.parse().ok()?, w.parse().ok()?))
        })
        .collect();
    sizes.sort();
    sizes
}

/// The design, its top module and the reference's files and top module
/// for the selector of `piles` x `bits`, the port wrapper written in `dir`.
fn design_and_reference(piles: usize, bits: usize, root: &Path, reference: &Path, dir: &Path) -> Result<(PathBuf, String, Vec<PathBuf>, String), crate::Error> {
    let top = format!("selector_{piles}x{bits}");
    let design = root.join(nimforge_verify::Places::generated_file(&top));
    if !design.is_file() {
        let have: Vec<String> = sizes(root).iter().map(|(n, w)| format!("{n}x{w}")).collect();
        return Err(format!(
            "no selector of {piles} piles of {bits} bits: generated/ has {} (--piles N --bits W)",
            if have.is_empty() { "none".to_string() } else { have.join(", ") }
        )
        .into());
    }
    nimforge_verify::files::create_dir_all(dir)?;
    let ports = Ports { n: piles, w: bits, piles: (0..piles).collect() }.render().expect("template renders");
    let wrapper: PathBuf = dir.join(format!("selector_ref_{piles}x{bits}.v"));
    nimforge_verify::files::save(&wrapper, ports)?;
    Ok((design, top, vec![reference.to_path_buf(), wrapper], format!("selector_ref_{piles}x{bits}")))
}

/// Prove generated/selector_{piles}x{bits}.v equal to `reference` (a module
/// `selector_ref` with parameters N and W), working in `dir`.
pub fn prove(piles: usize, bits: usize, root: &Path, reference: &Path, dir: &Path) -> Result<Proof, crate::Error> {
    let (design, top, references, ref_top) = design_and_reference(piles, bits, root, reference, dir)?;
    let refs: Vec<&Path> = references.iter().map(PathBuf::as_path).collect();
    prove_equivalent(&design, &top, &refs, &ref_top, dir).map_err(Into::into)
}

/// An ABC proof of the selector: how long and what it says.
pub struct AbcProof {
    /// yosys writing the miter and ABC proving it.
    pub seconds: f64,
    /// What was proven, in words: the reference and ABC's share of the time.
    pub what: String,
}

/// The same equivalence proven by ABC's `dprove` on the miter yosys writes
/// (`crates/flow/templates/miter_aig.ys.j2`), in `dir`.
pub fn with_abc(piles: usize, bits: usize, root: &Path, dir: &Path) -> Result<AbcProof, crate::Error> {
    let t0 = std::time::Instant::now();
    let (design, top, references, ref_top) = design_and_reference(piles, bits, root, &root.join(REFERENCE), dir)?;
    let refs: Vec<&Path> = references.iter().map(PathBuf::as_path).collect();
    let aig = nimforge_verify::flow::yosys::miter_aiger(&design, &top, &refs, &ref_top, dir)?;
    let abc = nimforge_verify::flow::abc::dprove(&aig, dir)?;
    Ok(AbcProof { seconds: t0.elapsed().as_secs_f64(), what: format!("equal to {REFERENCE} (yosys miter, ABC dprove: {abc:.2} s of it)") })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    /// A fresh directory under target/.
    fn scratch(name: &str) -> PathBuf {
        let dir = root().join("target/prove-tests").join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn four_piles_of_eight_bits_are_proven() {
        let dir = scratch("4x8");
        let proof = prove(4, 8, root(), &root().join(REFERENCE), &dir).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(proof.induction, 2, "a two-register pipeline closes at 2");
        assert!(std::fs::read_to_string(&proof.script).unwrap().contains("sat -verify -tempinduct"));
        assert!(std::fs::read_to_string(&proof.log).unwrap().contains("Induction step proven: SUCCESS!"));
    }

    /// The size .ci/test proves, where `nimforge prove` works (build/prove/selector_8x8/).
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn eight_piles_of_eight_bits_are_proven() {
        let dir = root().join("build/prove/selector_8x8");
        prove(8, 8, root(), &root().join(REFERENCE), &dir).unwrap_or_else(|e| panic!("{e}"));
        let log = std::fs::read_to_string(root().join("build/prove/selector_8x8/prove.log")).unwrap();
        assert!(log.contains("Induction step proven: SUCCESS!"));
    }

    /// The reference with one thing changed; the proof must fail and say how.
    fn broken(name: &str, from: &str, to: &str) -> String {
        let text = std::fs::read_to_string(root().join(REFERENCE)).unwrap();
        assert!(text.contains(from), "{from} in the reference");
        let dir = scratch(name);
        let reference = dir.join("selector_ref.v");
        std::fs::write(&reference, text.replace(from, to)).unwrap();
        match prove(4, 8, root(), &reference, &dir) {
            Ok(p) => panic!("{name}: a broken reference was proven equal (induction {})", p.induction),
            Err(e) => e.to_string(),
        }
    }

    /// One operator changed: one stone added, not taken, from a safe position.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_reference_adding_a_stone_fails() {
        let e = broken("plus-one", "after_next = pile - 1;", "after_next = pile + 1;");
        assert!(e.contains("the proof failed; the counterexample"), "{e}");
        assert!(e.contains("model found for base case: FAIL!"), "{e}");
        assert!(e.contains("gold_after") && e.contains("gate_after") && e.contains("in_piles$0"), "{e}");
        assert!(!e.contains("gold_found"), "only the outputs that differ: {e}");
    }

    /// The input register bypassed: the move one cycle early.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_reference_one_cycle_early_fails() {
        let e = broken("early", "held[i*W +: W]", "piles[i*W +: W]");
        assert!(e.contains("the proof failed; the counterexample"), "{e}");
    }

    /// The last usable pile instead of the first.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn a_reference_taking_the_last_usable_pile_fails() {
        let e = broken("last", "if (usable && !taken) begin", "if (usable) begin");
        assert!(e.contains("gold_chosen") || e.contains("gold_after"), "{e}");
    }

    /// The reference itself against the move-level oracle
    /// (crates/oracles/src/selector.rs), through yosys's gates and the netlist
    /// simulator: 4 piles of 8 bits, 131,072 positions (half with piles of
    /// 0..3, for the empty and zero-product cases), each checked two edges
    /// after it is given. So the proof ties the Verilog to the same rule the
    /// enumerations check.
    #[cfg_attr(not(have_yosys), ignore = "needs yosys: bash .ci/deps installs it")]
    #[test]
    fn the_reference_agrees_with_the_oracle() {
        use nimforge_netlist::{Netlist, Sim};
        use nimforge_oracles::selector::select;
        let dir = scratch("reference-vs-oracle");
        let ports = Ports { n: 4, w: 8, piles: (0..4).collect() }.render().unwrap();
        let text = format!("{}\n{ports}", std::fs::read_to_string(root().join(REFERENCE)).unwrap());
        std::fs::write(dir.join("reference.v"), text).unwrap();
        let blif = nimforge_verify::flow::yosys::synth_blif(dir.join("reference.v"), "selector_ref_4x8", &dir).unwrap();
        let net = Netlist::from_file(&blif).unwrap_or_else(|e| panic!("{e}"));
        let port = |name: &str| net.input_port(name).or_else(|_| net.output_port(name)).unwrap();
        let piles: Vec<Vec<usize>> = (0..4).map(|i| port(&format!("piles${i}"))).collect();
        let chosen: Vec<Vec<usize>> = (0..4).map(|i| port(&format!("chosen${i}"))).collect();
        let (after, found, safe) = (port("after"), port("found"), port("safe"));
        let mut sim = Sim::new(&net);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut given: Vec<Vec<[u64; 4]>> = Vec::new();
        for cycle in 0..2048 + 2 {
            let positions: Vec<[u64; 4]> = (0..64)
                .map(|_| {
                    let r = next();
                    let mask = if cycle % 2 == 0 { 0xff } else { 3 };
                    [r & mask, (r >> 8) & mask, (r >> 16) & mask, (r >> 24) & mask]
                })
                .collect();
            for i in 0..4 {
                sim.set_inputs(&piles[i], &positions.iter().map(|p| p[i]).collect::<Vec<_>>());
            }
            sim.eval();
            sim.clock();
            sim.eval();
            given.push(positions);
            if cycle < 2 {
                continue;
            }
            // Two edges since it was given: the position of the cycle before.
            for (lane, p) in given[cycle - 1].iter().enumerate() {
                let m = select(p);
                for i in 0..4 {
                    assert_eq!(sim.read_outputs(&chosen[i], lane) == 1, m.chosen == Some(i), "{p:?}");
                }
                assert_eq!(sim.read_outputs(&after, lane), m.after, "{p:?}");
                assert_eq!(sim.read_outputs(&found, lane) == 1, m.chosen.is_some(), "{p:?}");
                assert_eq!(sim.read_outputs(&safe, lane) == 1, m.safe, "{p:?}");
            }
        }
    }

    #[test]
    fn a_size_not_generated_names_the_sizes_there() {
        let e = prove(5, 8, root(), &root().join(REFERENCE), &root().join("build/prove/selector_5x8")).err().unwrap().to_string();
        assert!(e.contains("no selector of 5 piles of 8 bits") && e.contains("4x8, 4x9, 8x8"), "{e}");
        assert!(!e.contains('\n'), "one line: {e}");
    }
}
