//! The game Nimrod plays, solved by brute force over its game graph, for
//! checking Nimrod's program (`oracle::nimrod`) without sharing any of it:
//! four heaps of 0..7, a move lowers at least one and at most k heaps
//! (Moore's Nim for k > 1), normal play (taking the last match wins) or
//! reverse play (taking the last match loses).

use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::Direction;

/// Heaps in a position.
pub const HEAPS: usize = 4;
/// The most matches a heap holds.
pub const TOP: u8 = 7;
/// Positions, numbered heap 0 in the low three bits.
pub const POSITIONS: usize = 1 << (3 * HEAPS);

/// The number of position `p`: heap h in bits 3h..3h + 2.
pub fn index(p: [u8; HEAPS]) -> usize {
    p.iter().enumerate().map(|(i, &h)| (h as usize) << (3 * i)).sum()
}

/// The position numbered `i` (the inverse of [`index`]).
pub fn position(i: usize) -> [u8; HEAPS] {
    std::array::from_fn(|h| (i >> (3 * h) & 7) as u8)
}

/// Every position reachable in one move under `k`.
pub fn moves(p: [u8; HEAPS], k: u8) -> Vec<[u8; HEAPS]> {
    let mut out = Vec::new();
    // Every choice of a new value at or below each heap; keep those lowering 1..=k heaps.
    let mut q = [0u8; HEAPS];
    loop {
        let changed = (0..HEAPS).filter(|&i| q[i] != p[i]).count();
        if changed >= 1 && changed <= k as usize {
            out.push(q);
        }
        let mut i = 0;
        loop {
            if i == HEAPS {
                return out;
            }
            if q[i] < p[i] {
                q[i] += 1;
                break;
            }
            q[i] = 0;
            i += 1;
        }
    }
}

/// Who wins from every position with best play.
pub struct Solution {
    /// The most heaps a move may lower.
    pub k: u8,
    /// Reverse play: taking the last match loses.
    pub reverse: bool,
    /// `win[i]`: the side to move at position i can force a win.
    pub win: Vec<bool>,
}

impl Solution {
    /// Whether the side to move at `p` can force a win.
    pub fn wins(&self, p: [u8; HEAPS]) -> bool {
        self.win[index(p)]
    }
}

/// The game graph (an edge per legal move) and every position's value,
/// computed from the empty position up in reverse topological order.
pub fn solve(k: u8, reverse: bool) -> Solution {
    let mut graph: DiGraph<usize, ()> = DiGraph::with_capacity(POSITIONS, 0);
    let nodes: Vec<NodeIndex> = (0..POSITIONS).map(|i| graph.add_node(i)).collect();
    for i in 0..POSITIONS {
        for q in moves(position(i), k) {
            graph.add_edge(nodes[i], nodes[index(q)], ());
        }
    }
    let order = toposort(&graph, None).expect("every move lowers a heap, so the game graph has no cycle");
    let mut win = vec![false; POSITIONS];
    for &n in order.iter().rev() {
        let i = graph[n];
        let mut next = graph.neighbors_directed(n, Direction::Outgoing).peekable();
        win[i] = if next.peek().is_none() {
            // The empty position: the side to move did not take the last
            // match. Normal play: it has lost; reverse play: it has won.
            reverse
        } else {
            next.any(|m| !win[graph[m]])
        };
    }
    Solution { k, reverse, win }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_normal_nim_is_the_xor_rule() {
        let s = solve(1, false);
        for i in 0..POSITIONS {
            let p = position(i);
            assert_eq!(s.wins(p), p.iter().fold(0, |a, &h| a ^ h) != 0, "{p:?}");
        }
    }

    #[test]
    fn the_booklets_positions() {
        // "7, 1, 6 and 2 ... unsafe", "7, 1, 4 and 2 ... safe".
        let s = solve(1, false);
        assert!(s.wins([7, 1, 6, 2]));
        assert!(!s.wins([7, 1, 4, 2]));
        // Reverse game: one heap of one left for the opponent loses for him.
        let r = solve(1, true);
        assert!(!r.wins([0, 0, 0, 1]));
        assert!(r.wins([4, 0, 0, 1]));
    }

    #[test]
    fn moves_lower_one_to_k_heaps() {
        assert_eq!(moves([1, 0, 0, 0], 1), vec![[0, 0, 0, 0]]);
        // 2,1: one heap at a time gives 0,1 1,1 2,0; both at once adds 0,0 1,0.
        assert_eq!(moves([2, 1, 0, 0], 1).len(), 3);
        assert_eq!(moves([2, 1, 0, 0], 2).len(), 5);
    }
}
