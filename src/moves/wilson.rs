//! `nimforge move wilson`: the hardware judge in the rust-hdl simulation,
//! and the words of a position and a move the article's way.

use super::Out;
use nimforge_oracles::wilson::{self as w, Kind};

/// Parses "28,53,1,16": 1 to 16 groups of 1 to 127 counters each.
pub fn parse_groups(text: &str) -> Result<Vec<u16>, crate::Error> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 16 {
        return Err(format!("expected 1 to 16 groups separated by commas, got {} in '{text}'", parts.len()).into());
    }
    parts
        .iter()
        .map(|p| match p.parse::<u16>() {
            Ok(v) if (1..=127).contains(&v) => Ok(v),
            _ => Err(format!("'{p}' is not a group: each must be a whole number of counters from 1 to 127").into()),
        })
        .collect()
}

/// "28, 53, 1, 16".
pub fn list(v: &[u16]) -> String {
    v.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
}

/// What a move does to one group, as the article says it: "16 into 13, 1",
/// or "the 1 taken whole" when no counter is left.
pub fn into_text(t: &w::Take) -> String {
    if t.into.is_empty() {
        format!("the {} taken whole", t.size)
    } else {
        format!("{} into {}", t.size, list(&t.into))
    }
}

/// A move the article's way: what is taken, from which group (its place in
/// the row, 1 for the first) and what that group becomes, e.g. "two
/// adjacent counters from group 4 (16 into 13, 1)". Three counters from
/// more than one group name each: "three counters: one from group 3 (the 1
/// taken whole) and two from group 4 (16 into 14)". `adjacent`: the two
/// counters of a three-counter move taken from one group are adjacent (the
/// hardware judge takes them so; the article's three are from anywhere).
pub fn describe(kind: Kind, takes: &[w::Take], adjacent: bool) -> String {
    let count = |n: u16| match n {
        1 => "one",
        2 if adjacent => "two adjacent",
        2 => "two",
        _ => "three",
    };
    let one = |t: &w::Take, what: &str| format!("{what} from group {} ({})", t.place, into_text(t));
    match (kind, takes) {
        (Kind::One, [t]) => one(t, "one counter"),
        (Kind::TwoAdjacent, [t]) => one(t, "two adjacent counters"),
        (_, [t]) if adjacent => one(t, "three counters (two adjacent, then one more)"),
        (_, [t]) => one(t, "three counters"),
        _ => {
            let parts: Vec<String> = takes.iter().map(|t| one(t, count(t.taken))).collect();
            let (last, rest) = parts.split_last().expect("a move takes from some group");
            format!("three counters: {} and {last}", rest.join(", "))
        }
    }
}

/// The judge's answer from the cycle-accurate design.
#[derive(serde::Serialize)]
struct HardwareMove {
    groups: Vec<u16>,
    won: bool,
    /// "one", "three", "two-adjacent", or null when there is no sound move.
    kind: Option<Kind>,
    /// The slot (0 = the first group) and the piece left of the gap.
    group: Option<u8>,
    left: Option<u8>,
    /// Three counters: the second removal's slot (8 and 9: the left and
    /// right pieces of the first) and the piece left of it.
    second: Option<u8>,
    second_left: Option<u8>,
    /// The move in the row: each group it takes from (place 1 is slot 0),
    /// the counters taken and its pieces, the left piece first.
    takes: Option<Vec<w::Take>>,
    /// The position it leaves, as a row (each group split in place).
    leaves: Option<Vec<u16>>,
    /// The same position in canonical form (ascending).
    leaves_sorted: Option<Vec<u16>>,
    cycles: u64,
}

/// `nimforge move wilson --groups 28,53,1,16`: the hardware judge in the
/// rust-hdl simulation, driven through its inputs.
pub fn hardware_move(text: &str, json: bool, out: &mut Out) -> Result<i32, crate::Error> {
    use nimforge_oracles::wilson::judge::{HwMove, Input, SLOTS};
    use nimforge_verify::clocked::Driver;
    let groups = parse_groups(text)?;
    if groups.len() > SLOTS {
        return Err(format!("{} groups: the judge holds at most {SLOTS}", groups.len()).into());
    }
    let mut slots = [0u8; SLOTS];
    for (s, &g) in slots.iter_mut().zip(&groups) {
        *s = g as u8;
    }
    let mut d = Driver::<crate::harness::wilson::Wilson>::new();
    for (k, &g) in slots.iter().enumerate() {
        d.press(Input::Load { slot: k as u8, size: g });
    }
    d.press(Input::Start);
    let cycles = 1 + d.wait("finish judging", 2_000_000, |d| d.get("done") == 1)?;
    let found = d.get("found") == 1;
    let kind = match d.get("kind") {
        1 => Kind::One,
        2 => Kind::Three,
        _ => Kind::TwoAdjacent,
    };
    let m = HwMove { kind, group: d.get("group") as u8, left: d.get("left") as u8, second: d.get("second") as u8, second_left: d.get("second_left") as u8 };
    let three = found && kind == Kind::Three;
    let told = found.then(|| m.row(&slots));
    let r = HardwareMove {
        groups: groups.clone(),
        won: d.get("won") == 1,
        kind: found.then_some(kind),
        group: found.then_some(m.group),
        left: found.then_some(m.left),
        second: three.then_some(m.second),
        second_left: three.then_some(m.second_left),
        takes: told.as_ref().map(|(takes, _)| takes.clone()),
        leaves: told.as_ref().map(|(_, row)| row.clone()),
        leaves_sorted: found.then(|| m.leaves(&slots)),
        cycles,
    };
    if json {
        out.json(&r);
        return Ok(0);
    }
    let verdict = if r.won { "won" } else { "lost" };
    let head = format!("{} is {verdict} for the side that just moved", list(&groups));
    match &told {
        None => out.say(format!("{head}; no sound move ({cycles} clock cycles)")),
        Some((takes, row)) => out.say(format!("{head}; the judge takes {}, leaving {} ({cycles} clock cycles)", describe(kind, takes, true), list(row))),
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_parse() {
        assert_eq!(parse_groups("28, 53,1,16"), Ok(vec![28, 53, 1, 16]));
        assert!(parse_groups("28,0").unwrap_err().to_string().contains("'0'"));
        assert!(parse_groups("28,128").unwrap_err().to_string().contains("1 to 127"));
        assert!(parse_groups("a").is_err());
    }
}
