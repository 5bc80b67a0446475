//! The N x W Nim move selector (issue 7) as plain Rust: the relay NIM's rule
//! (002) for any number of piles of any width, pile 0 checked first. Two
//! forms: [`select`], one position at a time, and [`select_lanes`], 64
//! or more positions at a time with every bit of every pile as one word
//! (lane `l` of each word is position `l`), for checking billions of
//! positions.

use nimforge_netlist::word::Word;

/// The selector's move, as its outputs show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The pile taken from; `None` when every pile is empty.
    pub chosen: Option<usize>,
    /// The chosen pile's size after the move (0 with no pile).
    pub after: u64,
    /// The XOR product was zero.
    pub safe: bool,
}

/// One position: "all piles where the binary size has a 1 in the same
/// position as the greatest 1 in the XOR product" are usable, the first is
/// taken from "until the XOR product is 0"; with a zero product, one stone
/// from the first non-empty pile (the ruling for the relay NIM).
pub fn select(piles: &[u64]) -> Move {
    let product = piles.iter().fold(0, |a, &s| a ^ s);
    let safe = product == 0;
    let usable = |s: u64| if safe { s > 0 } else { s >> (63 - product.leading_zeros()) & 1 == 1 };
    let chosen = piles.iter().position(|&s| usable(s));
    let after = match chosen {
        None => 0,
        Some(p) if safe => piles[p] - 1,
        Some(p) => piles[p] ^ product,
    };
    Move { chosen, after, safe }
}

/// The outputs for a word of positions at once (64 for a `u64`), bit-sliced,
/// for N piles of W bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lanes<const N: usize, const W: usize, T = u64> {
    /// `chosen[p]`: the lanes whose move takes from pile p.
    pub chosen: [T; N],
    /// `after[b]`: bit b of the chosen pile's new size.
    pub after: [T; W],
    /// The lanes with a pile to take from (some pile not empty).
    pub found: T,
    /// The lanes whose XOR product was zero.
    pub safe: T,
}

/// A word of positions (64 for a `u64`, 1,024 for a `Wide<16>`):
/// `piles[p][b]` holds bit b of pile p in every lane. The same rule as
/// [`select`], written as gates on words: the product's bits, its greatest
/// 1, the usable piles, the first of them, and its new size (the size XOR
/// the product, or the size minus one through a borrow chain). Fixed sizes
/// and no allocation: the benchmark calls it once per batch.
#[inline(always)]
pub fn select_lanes<const N: usize, const W: usize, T: Word>(piles: &[[T; W]; N]) -> Lanes<N, W, T> {
    let mut product = [T::ZERO; W];
    for pile in piles {
        for b in 0..W {
            product[b] = product[b] ^ pile[b];
        }
    }
    let mut greatest = [T::ZERO; W];
    let mut above = T::ZERO;
    for b in (0..W).rev() {
        greatest[b] = product[b] & !above;
        above = above | product[b];
    }
    let safe = !above;
    let mut chosen = [T::ZERO; N];
    let mut after = [T::ZERO; W];
    let mut taken = T::ZERO;
    for (p, pile) in piles.iter().enumerate() {
        let under_greatest = (0..W).fold(T::ZERO, |a, b| a | (pile[b] & greatest[b]));
        let stones = pile.iter().fold(T::ZERO, |a, &w| a | w);
        let usable = under_greatest | (safe & stones);
        chosen[p] = usable & !taken;
        taken = taken | usable;
        let mut borrow = T::ONES;
        for b in 0..W {
            let less_one = pile[b] ^ borrow;
            borrow = borrow & !pile[b];
            let new = (safe & less_one) | (!safe & (pile[b] ^ product[b]));
            after[b] = after[b] | (chosen[p] & new);
        }
    }
    Lanes { chosen, after, found: taken, safe }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Piles of 3, 4 and 5: XOR 2, whose 1 pile A (3) has; A down to 1
    /// leaves 1, 4, 5, XOR 0. The document's safe 6, 5, 3 (002) loses one
    /// stone from pile A.
    #[test]
    fn three_four_five() {
        assert_eq!(select(&[3, 4, 5]), Move { chosen: Some(0), after: 1, safe: false });
        assert_eq!(select(&[6, 5, 3]), Move { chosen: Some(0), after: 5, safe: true });
        assert_eq!(select(&[1, 4, 5]), Move { chosen: Some(0), after: 0, safe: true });
        assert_eq!(select(&[0, 0, 0]), Move { chosen: None, after: 0, safe: true });
    }

    /// The move leaves a zero XOR from every unsafe position of three 4-bit piles.
    #[test]
    fn unsafe_positions_are_made_safe() {
        for x in 0..4096u64 {
            let mut s = [x & 15, (x >> 4) & 15, x >> 8];
            let m = select(&s);
            if let Some(p) = m.chosen {
                assert!(m.after < s[p], "{s:?}");
                s[p] = m.after;
                assert_eq!(s[0] ^ s[1] ^ s[2] == 0, !m.safe, "{x}");
            }
        }
    }

    /// The two forms agree on every position of four 3-bit piles (4,096,
    /// packed 64 to a word).
    #[test]
    fn lanes_agree_with_one_at_a_time() {
        const N: usize = 4;
        const W: usize = 3;
        let (n, w) = (N, W);
        for base in (0..1u64 << (n * w)).step_by(64) {
            let position = |l: u64| -> Vec<u64> { (0..n).map(|p| ((base + l) >> (p * w)) & ((1 << w) - 1)).collect() };
            let piles: [[u64; W]; N] = std::array::from_fn(|p| std::array::from_fn(|b| (0..64).fold(0, |a, l| a | ((position(l)[p] >> b & 1) << l))));
            let lanes = select_lanes(&piles);
            for l in 0..64 {
                let m = select(&position(l));
                let bit = |word: u64| word >> l & 1 == 1;
                for p in 0..n {
                    assert_eq!(bit(lanes.chosen[p]), m.chosen == Some(p));
                }
                let after = (0..w).fold(0, |a, b| a | ((lanes.after[b] >> l & 1) << b));
                assert_eq!(after, m.after, "{:?}", position(l));
                assert_eq!(bit(lanes.found), m.chosen.is_some());
                assert_eq!(bit(lanes.safe), m.safe);
            }
        }
    }
}
