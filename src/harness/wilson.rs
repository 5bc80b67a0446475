//! Wilson's judge for the harness: its ports, its letters, the oracle
//! (`oracle::wilson::judge`) and the design (`designs::wilson`) side by side.
//!
//! No tour: the judge holds eight 7-bit groups and its search registers,
//! far more states than a tour can walk. The parts are checked exhaustively
//! on their own (`BaseCode`, every group size, in `designs`; the value rule
//! against the brute-force solver on every position of up to 30 counters in
//! `oracle::wilson`), and the whole judge by position runs, every level
//! comparing every output every cycle with the cycle-level oracle:
//! - every position of at most 4 groups and at most 30 counters, its
//!   verdict and its move checked against the brute-force solver (the move
//!   is legal and leaves a position the solver says is won; no move only
//!   when the solver says the position is won);
//! - 10,000 seeded random positions of up to 8 groups of up to 127, beyond
//!   any brute force, checked against the value rule the solver confirmed
//!   (the verdict agrees, a move found is legal and sound, and none only
//!   when the rule says won, for a position lost for the side that just
//!   moved always has a sound move);
//! - every group size 1 to 127 beside every one of the 14 bases: won
//!   exactly when the group is that base's equivalent, which pins every
//!   group size's value (the `BaseCode` block) at every level;
//! - on the way: a reset, and a load and a start while the judge works
//!   (refused, `illegal`).

use nimforge_designs::wilson::Wilson as Design;
use nimforge_oracles::wilson::judge::{self as oracle, Input, State, SLOTS};
pub use nimforge_oracles::wilson::judge::{kind_number, random_positions};
use nimforge_oracles::wilson::{self as w, Kind, Solver};
use nimforge_verify::{Letter, Machine};

/// Wilson's judge as a [`Machine`].
pub struct Wilson;

/// Positions in a chunk of the deep runs ([`Machine::deep`]).
pub const DEEP_CHUNK: usize = 40_000;

/// Position `n` of a run judged on the oracle `s`, its letters added to
/// `out`: a reset before every 16th position (runs of positions judged back
/// to back, each a piece from power-on for the lanes), the groups loaded,
/// START, and no press until the judge has finished, now and then a press
/// while it works (refused).
fn position_run(s: &mut State, out: &mut Vec<usize>, n: usize, slots: &[u8; SLOTS]) -> Result<(), String> {
    let mut push = |s: &mut State, press: Input| {
        *s = s.step(press);
        out.push(Wilson::letter_of(press));
    };
    if n > 0 && n.is_multiple_of(16) {
        push(s, Input::Reset);
    }
    for (k, &g) in slots.iter().enumerate() {
        push(s, Input::Load { slot: k as u8, size: g });
    }
    push(s, Input::Start);
    let mut cycles = 0;
    while !s.finished {
        let l = match (n % 97, cycles) {
            (5, 3) => Input::Load { slot: (n % SLOTS) as u8, size: 1 },
            (11, 4) => Input::Start,
            _ => Input::None,
        };
        push(s, l);
        cycles += 1;
        if cycles > 1_000_000 {
            return Err(format!("{slots:?}: the oracle's judge never finished"));
        }
    }
    Ok(())
}

/// Every position of at most 4 groups and at most 30 counters, largest
/// group in slot 0.
pub fn small_positions() -> Vec<[u8; SLOTS]> {
    let mut out = Vec::new();
    for total in 0..=30 {
        for p in w::positions(total, 4) {
            let mut slots = [0u8; SLOTS];
            for (k, &g) in p.iter().rev().enumerate() {
                slots[k] = g as u8;
            }
            out.push(slots);
        }
    }
    out
}

/// Every group size 1 to 127 beside every base (as the solver's codes make
/// them), in slots 0 and 7: won exactly when the group is the base's
/// equivalent, so these runs pin every group size's value at every level.
pub fn base_pairs() -> Vec<[u8; SLOTS]> {
    let mut out = Vec::new();
    let bases = w::tables(300).bases;
    for n in 1..=127u8 {
        for &b in &bases {
            out.push([n, 0, 0, 0, 0, 0, 0, b as u8]);
        }
    }
    out
}

/// The move-level function's answer checked against the ground truth:
/// `won_by` says whether a position is won for the side that just moved.
pub fn check_verdict(slots: &[u8; SLOTS], v: &oracle::Verdict, won_by: &mut dyn FnMut(&w::Position) -> bool) -> Result<(), String> {
    let p = w::canon(slots.iter().map(|&g| g as u16).collect());
    let won = won_by(&p);
    if v.won != won {
        return Err(format!("{slots:?}: the judge says won={} but the ground truth says {won}", v.won));
    }
    match v.found {
        None if !won => Err(format!("{slots:?}: no move found, yet the position is lost for the side that just moved")),
        None => Ok(()),
        Some(m) => {
            let leaves = m.leaves(slots);
            let legal = match m.kind {
                Kind::One => w::take_one(&p).contains(&leaves),
                Kind::TwoAdjacent => w::take_two_adjacent(&p).contains(&leaves),
                // Three counters from anywhere; beyond 30 counters, those
                // made of two adjacent and one more (all the judge looks
                // for), as taking every three is millions of positions.
                Kind::Three if p.iter().sum::<u16>() <= 30 => w::take_three(&p).contains(&leaves),
                Kind::Three => w::take_two_adjacent(&p).iter().any(|q| w::take_one(q).contains(&leaves)),
            };
            if !legal {
                return Err(format!("{slots:?}: {m:?} leaving {leaves:?} is no legal move"));
            }
            if !won_by(&leaves) {
                return Err(format!("{slots:?}: {m:?} leaves {leaves:?}, which is lost for the mover: not sound"));
            }
            Ok(())
        }
    }
}

impl Machine for Wilson {
    type State = State;
    type Extra = ();
    type Design = Design;
    type Press = Input;
    const NAME: &'static str = "wilson";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &Design) -> Option<Design> {
        Some(design.clone())
    }

    nimforge_verify::ports!(Design;
        inputs: [reset, load, slot, size, start];
        outputs: [stage, busy, done, won, found, kind, group, left, second, second_left, illegal]);

    /// None, reset, start, then a load for every slot and size.
    fn alphabet() -> Vec<Input> {
        let loads = (0..SLOTS as u8).flat_map(|slot| (0..128).map(move |size| Input::Load { slot, size }));
        [Input::None, Input::Reset, Input::Start].into_iter().chain(loads).collect()
    }

    fn letter(press: Input) -> Letter {
        match press {
            Input::None => Letter::of::<Self>("none", &[]),
            Input::Reset => Letter::of::<Self>("reset", &[("reset", 1)]),
            Input::Start => Letter::of::<Self>("start", &[("start", 1)]),
            Input::Load { slot, size } => Letter::of::<Self>(format!("load {slot} {size}"), &[("load", 1), ("slot", slot as u64), ("size", size as u64)]),
        }
    }

    /// [`Machine::alphabet`]'s order in closed form, for the deep runs'
    /// billions of letters (1,027 letters are too many to search);
    /// `verify::tests::alphabets_round_trip` checks it against the alphabet.
    fn letter_of(press: Input) -> usize {
        match press {
            Input::None => 0,
            Input::Reset => 1,
            Input::Start => 2,
            Input::Load { slot, size } => 3 + slot as usize * 128 + size as usize,
        }
    }

    fn walks_tour() -> bool {
        false
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, press: Input) -> State {
        state.step(press)
    }

    fn observe(s: &State, _: &()) -> Vec<u64> {
        let m = s.found;
        vec![
            s.stage as u64,
            s.working() as u64,
            s.finished as u64,
            s.won() as u64,
            m.is_some() as u64,
            m.map_or(0, |m| kind_number(m.kind)),
            m.map_or(0, |m| m.group as u64),
            m.map_or(0, |m| m.left as u64),
            m.map_or(0, |m| m.second as u64),
            m.map_or(0, |m| m.second_left as u64),
            s.illegal as u64,
        ]
    }

    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        let codes = w::codes(127);
        let mut solver = Solver::new();
        let small = small_positions();
        let random = random_positions(10_000, 1);
        let pairs = base_pairs();
        let mut out = vec![Wilson::letter_of(Input::Reset)];
        let mut s = State::power_on().step(Input::Reset);
        for (n, slots) in small.iter().chain(&random).chain(&pairs).enumerate() {
            position_run(&mut s, &mut out, n, slots).map_err(nimforge_verify::Error::Model)?;
            let v = oracle::judge(slots);
            let cycle_level = oracle::Verdict { won: s.won(), found: s.found };
            if cycle_level != v {
                return Err(nimforge_verify::Error::Model(format!("{slots:?}: the cycle-level judge found {cycle_level:?}, the move-level function {v:?}")));
            }
            if n < small.len() || slots.iter().map(|&g| g as u16).sum::<u16>() <= 30 {
                check_verdict(slots, &v, &mut |p| solver.won(p)).map_err(nimforge_verify::Error::Model)?;
            } else {
                check_verdict(slots, &v, &mut |p| w::rule_won(p, &codes)).map_err(nimforge_verify::Error::Model)?;
            }
            if n == small.len() {
                s = s.step(Input::Reset);
                out.push(Wilson::letter_of(Input::Reset));
            }
        }
        Ok(out)
    }

    /// The positions `nimforge wilson complete` checks in the oracle, on
    /// the hardware: every position of up to 3 groups of up to 127
    /// (357,759) and its 10,000,000 seeded random positions of 8 groups,
    /// judged back to back, in chunks of [`DEEP_CHUNK`] positions. The
    /// oracle's verdicts on them are `wilson complete`'s to check; here the
    /// judge's every output of every cycle is compared with the oracle's.
    fn deep() -> Option<nimforge_verify::Deep> {
        use nimforge_oracles::wilson::complete as c;
        let exhaustive = c::exhaustive_positions(c::EXHAUSTIVE_GROUPS, c::MAX_GROUP).len();
        let random = c::RANDOM_POSITIONS as usize;
        Some(nimforge_verify::Deep {
            what: format!("{exhaustive} positions of up to {} groups and {random} random positions", c::EXHAUSTIVE_GROUPS),
            chunks: exhaustive.div_ceil(DEEP_CHUNK) + random.div_ceil(DEEP_CHUNK),
            chunk: |k| {
                use nimforge_oracles::wilson::complete as c;
                let exhaustive = c::exhaustive_positions(c::EXHAUSTIVE_GROUPS, c::MAX_GROUP);
                let first = exhaustive.len().div_ceil(DEEP_CHUNK);
                let positions: Vec<[u8; SLOTS]> = if k < first {
                    exhaustive[k * DEEP_CHUNK..((k + 1) * DEEP_CHUNK).min(exhaustive.len())].to_vec()
                } else {
                    // DEEP_CHUNK / c::CHUNK of wilson complete's random chunks.
                    let per = DEEP_CHUNK as u64 / c::CHUNK;
                    let from = (k - first) as u64 * per;
                    let to = (from + per).min(c::RANDOM_POSITIONS.div_ceil(c::CHUNK));
                    (from..to).flat_map(|j| c::random_chunk(c::SEED, j, c::CHUNK.min(c::RANDOM_POSITIONS - j * c::CHUNK))).collect()
                };
                let mut out = vec![Wilson::letter_of(Input::Reset)];
                let mut s = State::power_on().step(Input::Reset);
                for (n, slots) in positions.iter().enumerate() {
                    position_run(&mut s, &mut out, n, slots).map_err(nimforge_verify::Error::Model)?;
                    let cycle_level = oracle::Verdict { won: s.won(), found: s.found };
                    if cycle_level != oracle::judge(slots) {
                        return Err(nimforge_verify::Error::Model(format!("{slots:?}: the cycle-level judge and the move-level function disagree")));
                    }
                }
                Ok(out)
            },
        })
    }

    fn design() -> Design {
        Design::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The article's example in slots: lost, and the judge's move is one of
    /// the six the article names.
    #[test]
    fn the_article_s_example() {
        let slots = [28, 53, 1, 16, 0, 0, 0, 0];
        let v = oracle::judge(&slots);
        assert!(!v.won);
        let m = v.found.unwrap();
        assert_eq!(m.kind, Kind::TwoAdjacent);
        let want: Vec<Vec<u16>> = nimforge_oracles::wilson::article::EXAMPLE_SOUND_MOVES.iter().map(|p| w::canon(p.to_vec())).collect();
        assert!(want.contains(&m.leaves(&slots)), "{m:?}");
    }

    /// A judge that always answers "won, no move" is caught.
    #[test]
    fn a_wrong_verdict_is_caught() {
        let codes = w::codes(127);
        let slots = [28, 53, 1, 16, 0, 0, 0, 0];
        let wrong = oracle::Verdict { won: true, found: None };
        assert!(check_verdict(&slots, &wrong, &mut |p| w::rule_won(p, &codes)).is_err());
        let mut m = oracle::judge(&slots).found.unwrap();
        m.left += 1;
        let unsound = oracle::Verdict { won: false, found: Some(m) };
        assert!(check_verdict(&slots, &unsound, &mut |p| w::rule_won(p, &codes)).is_err());
    }
}

#[cfg(test)]
mod coverage {
    use super::*;

    /// The position runs meet every kind of move and every outcome, the
    /// three-counter search's second removal from another group and from a
    /// piece of the first.
    #[test]
    fn the_runs_meet_every_kind() {
        let mut kinds = std::collections::BTreeMap::new();
        let mut seconds = std::collections::BTreeSet::new();
        for slots in small_positions().iter().chain(&random_positions(10_000, 1)) {
            let v = oracle::judge(slots);
            let key = v.found.map_or("none", |m| match m.kind {
                Kind::One => "one",
                Kind::Three => "three",
                Kind::TwoAdjacent => "two-adjacent",
            });
            *kinds.entry(key).or_insert(0) += 1;
            if let Some(m) = v.found.filter(|m| m.kind == Kind::Three) {
                seconds.insert(m.second >= 8);
            }
        }
        println!("{kinds:?}");
        assert!(kinds.len() == 4 && kinds.values().all(|&n| n >= 10), "{kinds:?}");
        assert_eq!(seconds.len(), 2, "the second removal from a piece and from another group");
    }
}

#[cfg(test)]
mod search_form {
    use super::*;

    /// The judge's search for three counters tries two adjacent and one more
    /// only. On every position of up to 3 groups of up to 127 counters that
    /// form suffices: the judge finds a move exactly when the value rule
    /// says the position is lost for the side that just moved.
    #[test]
    fn two_adjacent_and_one_always_suffice_up_to_three_groups() {
        let codes = w::codes(127);
        let mut checked = 0;
        for a in 1..=127u8 {
            for b in 0..=a {
                for c in 0..=b {
                    let slots = [a, b, c, 0, 0, 0, 0, 0];
                    let v = oracle::judge(&slots);
                    let p = w::canon(vec![a as u16, b as u16, c as u16]);
                    assert_eq!(v.found.is_some(), !w::rule_won(&p, &codes), "{slots:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, (1..=127).map(|a| (a + 1) * (a + 2) / 2).sum::<usize>());
    }
}
