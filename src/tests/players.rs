//! What the players of the integration tests know of the games, shared by
//! the terminal's tests (`play.rs`) and the browser's (`serve/`): they know
//! the games, not the panels' code.

/// The move that leaves the XOR of `sizes` zero, else one from the first
/// non-empty heap: (the heap, how many to take).
pub fn nim_move(sizes: &[u32]) -> (usize, u32) {
    let x = sizes.iter().fold(0, |a, &s| a ^ s);
    (0..sizes.len())
        .find(|&i| x != 0 && sizes[i] ^ x < sizes[i])
        .map(|i| (i, sizes[i] - (sizes[i] ^ x)))
        .unwrap_or_else(|| ((0..sizes.len()).find(|&i| sizes[i] > 0).expect("a stone is left"), 1))
}

/// Cycles Wilson's judge (the oracle's model) searches `groups`, for
/// finding a position whose search is long enough to press a key into.
#[allow(dead_code)]
pub fn search_cycles(groups: [u8; 8]) -> usize {
    use nimforge_oracles::wilson::judge::{Input, State};
    let mut s = State::power_on();
    for (k, &g) in groups.iter().enumerate() {
        s = s.step(Input::Load { slot: k as u8, size: g });
    }
    s = s.step(Input::Start);
    (1..)
        .find(|_| {
            s = s.step(Input::None);
            !s.working()
        })
        .unwrap()
}
