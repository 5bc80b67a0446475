//! `nimforge prove --piles N --bits W`: the selector proven equal to its
//! behavioural reference ([`crate::proof`]), and how long it took.

use crate::proof::{prove, REFERENCE};
use std::path::Path;

/// The command's flags, declared once.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of piles (a size in generated/: 4 or 8).
    #[arg(long, default_value_t = 8)]
    piles: usize,
    /// Bits per pile.
    #[arg(long, default_value_t = 8)]
    bits: usize,
}

/// `nimforge prove`: proves the selector of `--piles` x `--bits` equal to [`REFERENCE`] and prints how long it took.
pub fn run(args: &Args, root: &Path) -> Result<i32, crate::Error> {
    let (piles, bits) = (args.piles, args.bits);
    let dir = root.join("build").join("prove").join(format!("selector_{piles}x{bits}"));
    let proof = prove(piles, bits, root, &root.join(REFERENCE), &dir)?;
    println!("selector {piles}x{bits}: the Verilog equals {REFERENCE} for every input sequence (yosys sat, {:.1} s)", proof.seconds);
    Ok(0)
}
