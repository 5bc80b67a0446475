//! The whole answer: the argument, the cross-check, the open targets'
//! candidates tried, and the verdict in one sentence.

use super::cross::{cross_check, keep_smallest, CrossCheck};
use super::sizes::{codes, reach, search, Forms, SLOTS};
use super::targets::{argument, open_candidates, Argument};
use crate::wilson::judge as hw;

/// The whole answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// Steps 1 and 2.
    pub argument: Argument,
    /// How long the argument took, in seconds.
    pub argument_seconds: f64,
    /// The cross-check.
    pub cross_check: CrossCheck,
    /// How long the cross-check took, in seconds.
    pub cross_check_seconds: f64,
    /// Smallest positions (of the argument's open targets) tried.
    pub open_candidates: Vec<Vec<u16>>,
    /// Positions not won with no sound move of the forms, the smallest.
    pub counterexamples: Vec<Vec<u16>>,
    /// The search is complete: the argument proven, no mismatch, no
    /// counterexample.
    pub complete: bool,
    /// The answer in one sentence, for people.
    pub verdict: String,
}

fn list(v: &[u16]) -> String {
    v.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
}

/// The argument, the cross-check, and the verdict.
pub fn run(forms: Forms, groups: usize, max_group: u8, random: u64, seed: u64, threads: usize) -> Report {
    let t0 = std::time::Instant::now();
    let argument = argument(forms);
    let argument_seconds = t0.elapsed().as_secs_f64();
    let t1 = std::time::Instant::now();
    let cross_check = cross_check(forms, groups, max_group, random, seed, threads);
    let cross_check_seconds = t1.elapsed().as_secs_f64();
    let codes = codes();
    let table = reach(&codes);
    let open_candidates = open_candidates(&argument);
    let mut counterexamples: Vec<Vec<u16>> = cross_check.smallest.clone();
    for p in &open_candidates {
        let mut slots = [0u8; SLOTS];
        for (s, &g) in slots.iter_mut().zip(p) {
            *s = g as u8;
        }
        let judge_none = forms == Forms::HARDWARE && hw::judge(&slots).found.is_none();
        if search(&slots, &table, forms).is_none() || judge_none {
            counterexamples.push(p.clone());
        }
    }
    keep_smallest(&mut counterexamples);
    let complete = argument.proven() && cross_check.mismatches == 0 && counterexamples.is_empty();
    let verdict = if complete {
        "complete: every position of up to 8 groups of up to 127 counters that is not won has a sound move the \
         judge tries, inside one group: one counter, two adjacent counters, or two adjacent and one more \
         (two adjacent and one more from another group is never needed)"
            .to_string()
    } else if !counterexamples.is_empty() {
        let shown: Vec<String> = counterexamples.iter().map(|p| format!("({})", list(p))).collect();
        format!("not complete: positions that are not won have no sound move of the forms tried; the smallest: {}", shown.join(", "))
    } else if cross_check.mismatches > 0 {
        let shown: Vec<String> = cross_check.mismatch_examples.iter().map(|p| format!("({})", list(p))).collect();
        format!("not complete: the judge disagrees with the value rule on {} positions, e.g. {}", cross_check.mismatches, shown.join(", "))
    } else {
        let open: Vec<String> = argument.open_targets.iter().map(u8::to_string).collect();
        format!("not proven: the argument leaves the values {} open (no counterexample among the positions checked)", open.join(", "))
    };
    Report { argument, argument_seconds, cross_check, cross_check_seconds, open_candidates, counterexamples, complete, verdict }
}
