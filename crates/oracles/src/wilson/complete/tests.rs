//! The per-size sets, the reduction and the counts against the oracle's own
//! move generator and judge, and the verdict with a form taken away.

use super::cross::{keep_smallest, position};
use super::*;
use crate::wilson::{self as w, judge as hw};

/// The exhaustive positions are every multiset of 1 to 3 sizes from 1
/// to 127, each once: 127 + C(128, 2) + C(129, 3) of them.
#[test]
fn exhaustive_positions_are_every_multiset_once() {
    let p = exhaustive_positions(3, 127);
    let n = 127u64;
    assert_eq!(p.len() as u64, n + n * (n + 1) / 2 + n * (n + 1) * (n + 2) / 6);
    let distinct: std::collections::HashSet<_> = p.iter().collect();
    assert_eq!(distinct.len(), p.len());
    assert!(p.iter().all(|s| s[0] >= 1 && s.windows(2).take(2).all(|w| w[1] == 0 || w[1] >= w[0])));
}
use std::collections::HashSet;

fn xor(p: &[u16], codes: &[u8]) -> u8 {
    p.iter().fold(0, |x, &g| x ^ codes[g as usize])
}

fn mask(changes: impl Iterator<Item = u8>) -> u64 {
    changes.fold(0, |m, d| m | 1 << d)
}

/// Step 1 against the oracle's own move generator: for every size 1 to
/// 127, the changes of one counter are those of `take_one`, of two
/// adjacent those of `take_two_adjacent`, and of three in the group
/// those of `take_two_adjacent` followed by `take_one` (the group alone,
/// so every second counter is from one of its pieces).
#[test]
fn per_size_sets_are_the_oracle_s_moves() {
    let codes = codes();
    let table = reach(&codes);
    for n in 1..=MAX_GROUP as u16 {
        let p = vec![n];
        let c = codes[n as usize];
        let r = &table[n as usize];
        assert_eq!((r.size, r.code), (n as u8, c));
        assert_eq!(r.one, mask(w::take_one(&p).iter().map(|q| c ^ xor(q, &codes))), "one {n}");
        assert_eq!(r.two, mask(w::take_two_adjacent(&p).iter().map(|q| c ^ xor(q, &codes))), "two {n}");
        let three: HashSet<Vec<u16>> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).collect();
        assert_eq!(r.three, mask(three.iter().map(|q| c ^ xor(q, &codes))), "three {n}");
    }
}

/// The reduction agrees with brute force on small positions: for every
/// position of up to 3 groups of up to 24 counters, the reduction finds a
/// move exactly when the position is not won, exactly when a move of the
/// hardware's forms (one counter; two adjacent; two adjacent then one
/// more anywhere, from the oracle's move generator) leaves a won
/// position, exactly when any move of the game does (`moves`), and
/// exactly when the oracle's judge finds one; and a move inside one group
/// always does (the argument's witness).
#[test]
fn the_reduction_agrees_with_brute_force() {
    let codes = codes();
    let table = reach(&codes);
    let single = Forms { three_across: false, ..Forms::HARDWARE };
    let mut checked = 0;
    for a in 1..=24u8 {
        for b in 0..=24u8 {
            for c in 0..=if b == 0 { 0 } else { 24u8 } {
                let slots = [a, b, c, 0, 0, 0, 0, 0];
                let p = position(&slots);
                let won = xor(&p, &codes) == 0;
                let sound = |qs: Vec<Vec<u16>>| qs.iter().any(|q| w::rule_won(q, &codes));
                let total: u32 = p.iter().map(|&g| g as u32).sum();
                let hardware = if total % 2 == 1 {
                    let threes: HashSet<Vec<u16>> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).collect();
                    sound(w::take_one(&p).into_iter().chain(threes).collect())
                } else {
                    sound(w::take_two_adjacent(&p).into_iter().collect())
                };
                let any = w::moves(&p).into_iter().any(|(_, q)| w::rule_won(&q, &codes));
                let found = search(&slots, &table, Forms::HARDWARE);
                assert_eq!(found.is_some(), !won, "{p:?}");
                assert_eq!(hardware, !won, "{p:?}");
                assert_eq!(any, !won, "{p:?}");
                assert_eq!(hw::judge(&slots).found.is_some(), !won, "{p:?}");
                assert_eq!(search(&slots, &table, single).is_some(), !won, "{p:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 24 * (1 + 24 * 25));
}

/// The argument's counts are what the enumeration found, each recounted
/// here another way.
#[test]
fn the_counts_are_the_enumeration_s() {
    let arg = argument(Forms::HARDWARE);
    assert!(arg.proven(), "{:?}", arg.open_targets);
    let codes = codes();
    assert_eq!(arg.sizes, MAX_GROUP as usize);
    let distinct: HashSet<u8> = codes[1..].iter().copied().collect();
    assert_eq!(arg.codes, distinct.len());
    let bits = (0..8).find(|b| distinct.iter().all(|&c| (c as u32) < 1 << b)).unwrap();
    assert_eq!(arg.code_bits, bits);
    assert_eq!(arg.targets, (1 << bits) - 1);
    assert_eq!(arg.cases, arg.sizes * arg.targets);
    // Moving sizes recounted from the oracle's moves of a lone group:
    // a move inside a group of n changes the value by t when the pieces
    // make c(n) XOR t.
    let mut moving = 0;
    let mut only_three = 0;
    for n in 1..=MAX_GROUP as u16 {
        let p = vec![n];
        let c = codes[n as usize];
        let ones: HashSet<u8> = w::take_one(&p).iter().map(|q| xor(q, &codes)).collect();
        let twos: HashSet<u8> = w::take_two_adjacent(&p).iter().map(|q| xor(q, &codes)).collect();
        let threes: HashSet<u8> = w::take_two_adjacent(&p).iter().flat_map(w::take_one).map(|q| xor(&q, &codes)).collect();
        for t in 1..=arg.targets as u8 {
            let by_one = t & 1 == 1 && ones.contains(&(c ^ t));
            let by_three = t & 1 == 1 && threes.contains(&(c ^ t));
            let by_two = t & 1 == 0 && twos.contains(&(c ^ t));
            moving += (by_one || by_three || by_two) as usize;
            only_three += (by_three && !by_one) as usize;
        }
    }
    assert_eq!(arg.moving, moving);
    assert_eq!(arg.only_three, only_three);
    assert_eq!(arg.stuck, arg.cases - moving);
    assert_eq!(arg.per_target.iter().map(|c| c.stuck.len()).sum::<usize>(), arg.stuck);
    assert_eq!(arg.combinations, arg.per_target.iter().map(|c| 1u64 << c.stuck_codes.len()).sum::<u64>());
    // No combination of stuck codes makes its target, by span this time
    // (Gaussian elimination), not by enumeration.
    for case in &arg.per_target {
        let mut basis: Vec<u8> = Vec::new();
        for &c in &case.stuck_codes {
            let r = basis.iter().fold(c, |x, &b| x.min(x ^ b));
            if r != 0 {
                basis.push(r);
                basis.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        let r = basis.iter().fold(case.target, |x, &b| x.min(x ^ b));
        assert_eq!(r != 0, !case.open, "target {}", case.target);
    }
    // The three-in-group form is needed: some odd targets move only by it.
    assert!(arg.only_three > 0);
}

/// The cross-check's position count: every multiset of 1 to 3 sizes
/// from 1 to n, C(n, 1) + C(n + 1, 2) + C(n + 2, 3) (357,759 for 127),
/// counted here on a smaller range, with no mismatch.
#[test]
fn the_cross_check_counts_every_position() {
    let n = 20u64;
    let cc = cross_check(Forms::HARDWARE, 3, n as u8, 12_345, SEED, 2);
    assert_eq!(cc.exhaustive_positions, n + (n + 1) * n / 2 + (n + 2) * (n + 1) * n / 6);
    assert_eq!(cc.random_positions, 12_345);
    assert_eq!((cc.mismatches, cc.counterexamples), (0, 0));
    let f = &cc.judge_forms;
    assert_eq!(f.one + f.two_adjacent + f.three_in_group + f.three_across, cc.not_won);
    let choose3 = |m: u64| (m + 2) * (m + 1) * m / 6;
    assert_eq!(choose3(127) + 128 * 127 / 2 + 127, 357_759);
    // The positions do not depend on the number of threads.
    assert_eq!(cross_check(Forms::HARDWARE, 2, 12, 7_000, 9, 1), cross_check(Forms::HARDWARE, 2, 12, 7_000, 9, 3));
}

/// With a form taken away the verdict finds the gap: one counter alone
/// (no three) leaves positions without a sound move, and the smallest it
/// names are those a brute force over the oracle's `take_one` finds.
#[test]
fn a_missing_form_is_found() {
    let forms = Forms { three_in_group: false, three_across: false, ..Forms::HARDWARE };
    let arg = argument(forms);
    assert!(!arg.proven());
    let report = run(forms, 2, 40, 0, SEED, 2);
    assert!(!report.complete && report.verdict.starts_with("not complete"), "{}", report.verdict);
    let codes = codes();
    let mut want = Vec::new();
    for a in 1..=40u16 {
        for b in (a..=40).map(Some).chain([None]) {
            let p = w::canon(vec![a, b.unwrap_or(0)]);
            let total: u32 = p.iter().map(|&g| g as u32).sum();
            let moved = if total % 2 == 1 {
                w::take_one(&p).iter().any(|q| w::rule_won(q, &codes))
            } else {
                w::take_two_adjacent(&p).iter().any(|q| w::rule_won(q, &codes))
            };
            if xor(&p, &codes) != 0 && !moved {
                want.push(p);
            }
        }
    }
    keep_smallest(&mut want);
    assert!(!want.is_empty());
    // Every position the report names is a real counterexample, and the
    // smallest from the brute force are among them.
    for p in &report.counterexamples {
        let total: u32 = p.iter().map(|&g| g as u32).sum();
        assert!(total % 2 == 1 && !w::take_one(p).iter().any(|q| w::rule_won(q, &codes)), "{p:?}");
    }
    assert_eq!(report.cross_check.smallest, want);
}

/// The argument's open-target candidates: a position of stuck groups
/// whose value is the target, the fewest counters.
#[test]
fn open_candidates_make_their_target() {
    let forms = Forms { three_in_group: false, three_across: false, ..Forms::HARDWARE };
    let arg = argument(forms);
    let codes = codes();
    let cands = open_candidates(&arg);
    assert!(!cands.is_empty());
    for p in &cands {
        let t = xor(p, &codes);
        let case = arg.per_target.iter().find(|c| c.target == t).unwrap();
        assert!(case.open && p.iter().all(|&g| case.stuck.contains(&(g as u8))), "{p:?}");
    }
    assert!(open_candidates(&argument(Forms::HARDWARE)).is_empty());
}
