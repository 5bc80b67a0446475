//! The relay NIM for the harness: its ports, its letters, the oracle
//! (`oracle::relay_nim`) and the design (`designs::relay_nim`) side by side.

use nimforge_designs::{RelayNimSim, RELAY_NIM_SIM_PACE};
use nimforge_oracles::relay_nim::{self as oracle, Buttons, State, Step, Winner, FULL, PILES};
use nimforge_verify::{Letter, Machine, Recorder};

/// The relay NIM as the harness drives it: its [`Machine`].
pub struct RelayNim;

/// One press of the relay NIM's buttons (002), or none: its letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// No button.
    None,
    /// RESET: every pile full again.
    Reset,
    /// TAKE a stone from pile 0 (A), 1 or 2.
    Take(usize),
    /// GO: the machine's move.
    Go,
}

/// The oracle's buttons for a press.
fn buttons(press: Press) -> Buttons {
    let mut b = Buttons::default();
    match press {
        Press::None => {}
        Press::Reset => b.reset = true,
        Press::Go => b.go = true,
        Press::Take(p) => b.take[p] = true,
    }
    b
}

impl Machine for RelayNim {
    type State = State;
    type Extra = ();
    type Design = RelayNimSim;
    type Press = Press;
    const NAME: &'static str = "relay-nim";

    /// Copies for the `rtl` level's tree of pieces (the design derives `Clone`).
    fn fork(design: &RelayNimSim) -> Option<RelayNimSim> {
        Some(design.clone())
    }
    const MODULE: &'static str = "relay_nim";

    nimforge_verify::ports!(RelayNimSim;
        inputs: [reset, take_a, take_b, take_c, go];
        outputs: [count_a, count_b, count_c, randomizer, step, dwell, selected_a, selected_b, selected_c, xor_was_zero, turn_a, turn_b, turn_c, in_game, winner, illegal]);

    fn alphabet() -> Vec<Press> {
        vec![Press::None, Press::Reset, Press::Take(0), Press::Take(1), Press::Take(2), Press::Go]
    }

    fn letter(press: Press) -> Letter {
        match press {
            Press::None => Letter::of::<Self>("none", &[]),
            Press::Reset => Letter::of::<Self>("RESET", &[("reset", 1)]),
            Press::Take(p) => Letter::of::<Self>(format!("TAKE {}", ["A", "B", "C"][p]), &[(["take_a", "take_b", "take_c"][p], 1)]),
            Press::Go => Letter::of::<Self>("GO", &[("go", 1)]),
        }
    }

    fn power_on() -> State {
        State::power_on()
    }

    fn step(state: &State, press: Press) -> State {
        state.step(buttons(press), RELAY_NIM_SIM_PACE as u32)
    }

    fn observe(s: &State, _: &()) -> Vec<u64> {
        let count = |p: usize| (FULL - s.sizes[p]) as u64;
        let sel = |p: usize| (s.selected == Some(p)) as u64;
        let turn = |p: usize| (s.turn == Some(p)) as u64;
        vec![
            count(0),
            count(1),
            count(2),
            s.randomizer as u64,
            s.step as u64,
            s.wait as u64,
            sel(0),
            sel(1),
            sel(2),
            s.xor_was_zero as u64,
            turn(0),
            turn(1),
            turn(2),
            s.in_game as u64,
            s.winner as u64,
            s.illegal as u64,
        ]
    }

    /// From every position under every randomizer value: RESET, TAKE down to
    /// the position, GO, then no press until the machine is idle. RESET keeps
    /// the randomizer, so three runs per position meet all three values. The
    /// oracle's cycles must end where `machine_move` says.
    fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
        let mut run = Recorder::<Self>::new();
        for position in 0..512u32 {
            let sizes = [(position & 7) as u8, (position >> 3 & 7) as u8, (position >> 6) as u8];
            for _ in 0..PILES {
                run.push(Press::Reset);
                for p in 0..PILES {
                    for _ in sizes[p]..FULL {
                        run.push(Press::Take(p));
                    }
                }
                let r = run.state.randomizer as usize;
                let want = oracle::machine_move(sizes, r);
                run.push(Press::Go);
                let mut guard = 0;
                while run.state.step != Step::Idle {
                    run.push(Press::None);
                    guard += 1;
                    if guard > 1000 {
                        return Err(nimforge_verify::Error::Model(format!("the oracle's move from {sizes:?} never ends")));
                    }
                }
                let got_after = run.state.sizes;
                match want {
                    None if got_after == sizes => {}
                    Some(m) if m.after == got_after && run.state.randomizer as usize == (r + 1) % PILES => {
                        let machine_won = got_after == [0; PILES];
                        if machine_won != (run.state.winner == Winner::Machine) {
                            return Err(nimforge_verify::Error::Model(format!("the oracle's winner after {sizes:?} is {:?}", run.state.winner)));
                        }
                    }
                    _ => {
                        return Err(nimforge_verify::Error::Model(format!(
                            "the oracle's cycles from {sizes:?}, randomizer {r}, end at {got_after:?}; the move-level function says {want:?}"
                        )))
                    }
                }
            }
        }
        Ok(run.letters)
    }

    fn design() -> RelayNimSim {
        RelayNimSim::new(RELAY_NIM_SIM_PACE)
    }
}

/// The relay NIM's plan, made once for every test of the crate that
/// wants it: its tour is 10 s of search (the machine has no home letter,
/// so each walk to an untried letter is a breadth-first search).
#[cfg(test)]
pub(crate) fn test_plan() -> &'static nimforge_verify::Plan<RelayNim> {
    static PLAN: std::sync::OnceLock<nimforge_verify::Plan<RelayNim>> = std::sync::OnceLock::new();
    PLAN.get_or_init(|| nimforge_verify::Plan::new().unwrap_or_else(|e| panic!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::levels::rtl;
    use nimforge_verify::Plan;

    /// The harness can fail: an oracle whose steps last one cycle longer than
    /// the design's disagrees with the design, and the report says where.
    struct SlowOracle;
    impl Machine for SlowOracle {
        type State = State;
        type Extra = ();
        type Design = RelayNimSim;
        type Press = Press;
        const NAME: &'static str = "slow";
        const MODULE: &'static str = "relay_nim";
        fn inputs() -> Vec<nimforge_verify::Port> {
            RelayNim::inputs()
        }
        fn outputs() -> Vec<nimforge_verify::Port> {
            RelayNim::outputs()
        }
        fn alphabet() -> Vec<Press> {
            RelayNim::alphabet()
        }
        fn letter(p: Press) -> Letter {
            RelayNim::letter(p)
        }
        fn power_on() -> State {
            State::power_on()
        }
        fn step(s: &State, p: Press) -> State {
            s.step(buttons(p), RELAY_NIM_SIM_PACE as u32 + 1)
        }
        fn observe(s: &State, e: &()) -> Vec<u64> {
            RelayNim::observe(s, e)
        }
        fn move_runs() -> Result<Vec<usize>, nimforge_verify::Error> {
            let mut run = Recorder::<Self>::new();
            for p in [Press::Reset, Press::Take(0), Press::Go, Press::None, Press::None, Press::None, Press::None] {
                run.push(p);
            }
            Ok(run.letters)
        }
        fn design() -> RelayNimSim {
            RelayNim::design()
        }
        fn clock(d: &mut RelayNimSim) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock> {
            RelayNim::clock(d)
        }
        fn drive(d: &mut RelayNimSim, i: &[u64]) {
            RelayNim::drive(d, i)
        }
        fn read(d: &RelayNimSim) -> Vec<u64> {
            RelayNim::read(d)
        }
        fn fork(d: &RelayNimSim) -> Option<RelayNimSim> {
            Some(d.clone())
        }
    }

    /// The relay NIM's tour (the slow oracle has the same letters), its
    /// first 20,000 cycles, for the slow oracle.
    fn slow_plan() -> Plan<SlowOracle> {
        Plan::of_sequence(test_plan().sequence[..20_000].to_vec(), "the tour's first 20,000 cycles")
    }

    #[test]
    fn a_wrong_oracle_is_caught() {
        // The relay NIM's tour, its first 20,000 cycles: the oracle is a
        // cycle slow from its first move on, and the whole tour adds nothing
        // but time (as does a tour of the slow oracle's own states: 30 s).
        let plan = slow_plan();
        let r = rtl::run(&plan, 2);
        assert!(r.mismatches > 0);
        let first = r.first_mismatch.unwrap();
        assert!(first.contains("differs in"), "{first}");
    }

    /// The tree of pieces (`rtl::shared`) finds what the plan run as it is
    /// (`rtl::whole`) finds: the same first mismatch of a wrong oracle, and
    /// none on the right one, in fewer cycles simulated.
    #[test]
    fn the_tree_of_pieces_finds_what_the_whole_plan_finds() {
        let plan = slow_plan();
        let first = |parts: &[rtl::Part]| parts.iter().filter_map(|p| p.first.clone()).min_by_key(|f| f.0);
        let (tree, whole) = (rtl::shared(&plan, 2), rtl::whole(&plan, 2));
        assert!(tree.iter().map(|p| p.mismatches).sum::<usize>() > 0);
        assert_eq!(first(&tree), first(&whole));

        let plan = Plan::<RelayNim>::of_sequence(test_plan().sequence[..300_000].to_vec(), "the tour's first 300,000 cycles");
        assert!(plan.pieces().len() > 100, "{} pieces", plan.pieces().len());
        let (tree, whole) = (rtl::shared(&plan, 2), rtl::whole(&plan, 2));
        for parts in [&tree, &whole] {
            assert_eq!(parts.iter().map(|p| p.mismatches).sum::<usize>(), 0, "{:?}", first(parts));
        }
        let simulated = |parts: &[rtl::Part]| parts.iter().map(|p| p.simulated).sum::<usize>();
        assert_eq!(simulated(&whole), plan.len());
        assert!(simulated(&tree) < plan.len() * 9 / 10, "{} of {}", simulated(&tree), plan.len());
    }
}
