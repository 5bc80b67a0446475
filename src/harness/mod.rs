//! Each machine as `nimforge-verify` sees it: its design's ports, its
//! presses (the alphabet, declared once), its oracle stepped cycle by cycle,
//! and the whole-move runs that, after the transition tour, make its plan.

pub mod die18;
pub mod learning;
pub mod nimatron;
pub mod nimrod;
pub mod relay_nim;
pub mod wilson;

#[cfg(test)]
mod levels;

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::{Machine, Plan};

    /// Every reachable state under every letter: the tours of the two
    /// machines small enough for a unit test are whole ([`Plan::new`]
    /// refuses any other; Nimatron's, 48 million cycles, is built by every
    /// `verify` run in CI).
    #[test]
    fn tours_are_whole() {
        fn whole<M: Machine>(plan: &Plan<M>) {
            assert!(plan.states > 1 && plan.tour_cycles >= plan.transitions, "{}", M::NAME);
            assert_eq!((plan.states_covered, plan.transitions_covered), (plan.states, plan.transitions), "{}", M::NAME);
            assert_eq!(plan.transitions, plan.states * M::letters().len(), "{}", M::NAME);
        }
        whole(relay_nim::test_plan());
        whole(&Plan::<die18::Die18>::new().unwrap_or_else(|e| panic!("{e}")));
    }

    /// A machine's alphabet is a list of different presses whose letters
    /// have different names and different inputs, the first setting none;
    /// `letter_of` (searched, or Wilson's closed form) finds each press's place.
    fn alphabet_round_trips<M: Machine>() {
        let alphabet = M::alphabet();
        let letters = M::letters();
        assert_eq!(letters.len(), alphabet.len(), "{}", M::NAME);
        assert!(letters[0].inputs.iter().all(|&v| v == 0), "{}: the first letter presses something", M::NAME);
        for (l, &p) in alphabet.iter().enumerate() {
            assert_eq!(M::letter_of(p), l, "{}: {p:?}", M::NAME);
            for k in 0..l {
                assert_ne!(alphabet[k], p, "{}: {p:?} twice", M::NAME);
                assert_ne!(letters[k].name, letters[l].name, "{}", M::NAME);
                assert_ne!(letters[k].inputs, letters[l].inputs, "{}: {} and {}", M::NAME, letters[k].name, letters[l].name);
            }
        }
    }

    #[test]
    fn alphabets_round_trip() {
        alphabet_round_trips::<relay_nim::RelayNim>();
        alphabet_round_trips::<nimatron::Nimatron>();
        alphabet_round_trips::<nimrod::Nimrod>();
        alphabet_round_trips::<learning::Learning>();
        alphabet_round_trips::<die18::Die18>();
        alphabet_round_trips::<wilson::Wilson>();
    }

    /// A mismatch's line names the oracle's state before it and the
    /// presses from power-on as a script `nimforge sim` reads back to the
    /// same letters (the relay NIM's whole-move runs, a cycle inside a piece).
    #[test]
    fn a_mismatch_names_the_presses_that_replay_it() {
        use relay_nim::RelayNim;
        let plan = Plan::<RelayNim>::of_sequence(RelayNim::move_runs().unwrap(), "the whole-move runs");
        let piece = plan.pieces()[3].clone();
        let i = (piece.start + 5).min(piece.end - 1);
        let line = plan.describe_mismatch(i, &plan.expected(i));
        assert!(line.contains("the oracle's state before it: "), "{line}");
        let script = line.split("the last the failing one: \"").nth(1).expect("the presses").trim_end_matches('"');
        assert_eq!(nimforge_verify::clocked::parse_script::<RelayNim>(script).unwrap(), plan.sequence[piece.start..=i]);
    }
}
