//! Step 2, per target: the sizes moving and stuck for each value, every
//! combination of the stuck sizes' codes, and the smallest positions of the
//! targets left open.

use super::sizes::{codes, reach, Form, Forms, SLOTS};

/// Step 2 for one target.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TargetCase {
    /// The position's value `t`.
    pub target: u8,
    /// `t` odd: an odd number of counters.
    pub odd: bool,
    /// Sizes 1..=127 with a move inside the group that changes the value by
    /// `t` (moving).
    pub moving: usize,
    /// Of those, the sizes moving by three in the group only, not by one
    /// counter (odd targets).
    pub only_three: usize,
    /// The sizes with none (stuck), ascending.
    pub stuck: Vec<u8>,
    /// Their different codes, ascending.
    pub stuck_codes: Vec<u8>,
    /// Combinations (subsets) of those codes enumerated.
    pub combinations: u64,
    /// Some combination XORs to `t`: the argument leaves `t` open.
    pub open: bool,
}

/// The argument's counts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Argument {
    /// The forms the argument allows.
    pub forms: Forms,
    /// Group sizes examined (1 to 127).
    pub sizes: usize,
    /// Different codes among them.
    pub codes: usize,
    /// Bits of the codes; the targets are 1 .. 2^bits - 1.
    pub code_bits: u32,
    /// Targets examined: every nonzero value of `code_bits` bits.
    pub targets: usize,
    /// (size, target) cases: sizes × targets.
    pub cases: usize,
    /// Cases with a move inside the group (moving).
    pub moving: usize,
    /// Cases without (stuck).
    pub stuck: usize,
    /// Cases (odd targets) moving by three in the group only.
    pub only_three: usize,
    /// Combinations of stuck codes enumerated, over every target.
    pub combinations: u64,
    /// Targets some combination of stuck codes makes (none: proven).
    pub open_targets: Vec<u8>,
    /// Step 2 for each target, 1 first.
    pub per_target: Vec<TargetCase>,
}

impl Argument {
    /// No target is left open: step 2 holds for every target.
    pub fn proven(&self) -> bool {
        self.open_targets.is_empty()
    }
}

/// Steps 1 and 2: the per-size sets, then every target against every
/// combination of the codes of the sizes stuck for it.
pub fn argument(forms: Forms) -> Argument {
    let codes = codes();
    let table = reach(&codes);
    let groups = &table[1..];
    let mut distinct: Vec<u8> = groups.iter().map(|r| r.code).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let all = groups.iter().fold(0u8, |x, r| x | r.code);
    let code_bits = 8 - all.leading_zeros();
    let mut per_target = Vec::new();
    for t in 1u8..(1 << code_bits) {
        let moving_by: Vec<Option<Form>> = groups.iter().map(|r| r.moves(t, forms)).collect();
        let stuck: Vec<u8> = groups.iter().zip(&moving_by).filter(|(_, m)| m.is_none()).map(|(r, _)| r.size).collect();
        let mut stuck_codes: Vec<u8> = stuck.iter().map(|&n| codes[n as usize]).collect();
        stuck_codes.sort_unstable();
        stuck_codes.dedup();
        assert!(stuck_codes.len() < 32, "too many stuck codes to enumerate");
        let combinations = 1u64 << stuck_codes.len();
        let open = (0..combinations).any(|s| {
            let x = stuck_codes.iter().enumerate().filter(|(k, _)| s >> k & 1 == 1).fold(0, |x, (_, &c)| x ^ c);
            x == t
        });
        per_target.push(TargetCase {
            target: t,
            odd: t & 1 == 1,
            moving: moving_by.iter().filter(|m| m.is_some()).count(),
            only_three: moving_by.iter().filter(|m| **m == Some(Form::ThreeInGroup)).count(),
            stuck,
            stuck_codes,
            combinations,
            open,
        });
    }
    let cases = groups.len() * per_target.len();
    let moving = per_target.iter().map(|c| c.moving).sum();
    Argument {
        forms,
        sizes: groups.len(),
        codes: distinct.len(),
        code_bits,
        targets: per_target.len(),
        cases,
        moving,
        stuck: cases - moving,
        only_three: per_target.iter().map(|c| c.only_three).sum(),
        combinations: per_target.iter().map(|c| c.combinations).sum(),
        open_targets: per_target.iter().filter(|c| c.open).map(|c| c.target).collect(),
        per_target,
    }
}

/// For each target the argument leaves open, the smallest position (fewest
/// counters) of at most 8 groups, all stuck for it, whose value is the
/// target: the first place a counterexample could be.
pub fn open_candidates(arg: &Argument) -> Vec<Vec<u16>> {
    let codes = codes();
    let mut out = Vec::new();
    for case in arg.per_target.iter().filter(|c| c.open) {
        // best[x]: the fewest counters in k groups making x, and the groups.
        let mut best: Vec<Option<(u32, Vec<u16>)>> = vec![None; 64];
        best[0] = Some((0, vec![]));
        let mut found: Option<(u32, Vec<u16>)> = None;
        for _ in 0..SLOTS {
            let mut next: Vec<Option<(u32, Vec<u16>)>> = vec![None; 64];
            for (x, b) in best.iter().enumerate() {
                let Some((sum, groups)) = b else { continue };
                for &n in &case.stuck {
                    let y = x ^ codes[n as usize] as usize;
                    let mut g = groups.clone();
                    g.push(n as u16);
                    g.sort_unstable();
                    let cand = (sum + n as u32, g);
                    if next[y].as_ref().is_none_or(|c| (c.0, &c.1) > (cand.0, &cand.1)) {
                        next[y] = Some(cand);
                    }
                }
            }
            if let Some(c) = &next[case.target as usize] {
                if found.as_ref().is_none_or(|f| f.0 > c.0) {
                    found = Some(c.clone());
                }
            }
            best = next;
        }
        out.extend(found.map(|f| f.1));
    }
    out
}
