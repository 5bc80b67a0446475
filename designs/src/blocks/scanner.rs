//! The learning machine's memory scanner (seed 001, "the modus operandi of
//! the memory scanner"): a truck over the memory positioned by the total,
//! whose photocell p looks at column total + p and sees only the rows that
//! would be legal answers to a machine play of p (rows other than p and
//! 7 - p). A photocell that sees a lit neon says play p is losing. Column 18
//! has no neons ("obviously no winning move at that total"); beyond it "a
//! permanently lighted patch that includes rows 2 and 3 (moves that cannot
//! both be illegal)" makes every play past 18 losing. Purely combinational.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock)]
pub struct Scanner {
    /// The memory: column c (total c, 1..17) at index c - 1, row p (play p)
    /// at bit p - 1.
    pub columns: [Signal<In, Bits<6>>; 17],
    /// Totalizer 2, 0..23 (17 + 6 at most; the machine scans at 1..17).
    pub total: Signal<In, Bits<5>>,
    /// Bit p - 1: play p is losing (its photocell sees light).
    pub losing: Signal<Out, Bits<6>>,
    /// What photocell p (index p - 1) would see at every column: bit c - 1
    /// lit when column c holds a row it can see (columns 1..17), column 18
    /// dark, the columns past it the lit patch.
    view: Vec<Signal<Local, Bits<32>>>,
    /// The same moved down by p - 1, so that bit t is what photocell p sees
    /// with the truck at total t (column t + p).
    ahead: Vec<Signal<Local, Bits<32>>>,
    /// The rows photocell p can see.
    masks: [Constant<Bits<6>>; 6],
    /// p - 1, for photocell p.
    offsets: [Constant<Bits<5>>; 6],
    /// The lit patch past column 18: bits 18.. of a view.
    patch: Constant<Bits<32>>,
}

impl Default for Scanner {
    fn default() -> Self {
        Self {
            columns: array_init::array_init(|_| Default::default()),
            total: Default::default(),
            losing: Default::default(),
            view: (0..6).map(|_| Default::default()).collect(),
            ahead: (0..6).map(|_| Default::default()).collect(),
            masks: array_init::array_init(|i| {
                let p = i as u64 + 1;
                Constant::new((0b11_1111 & !(1 << (p - 1)) & !(1 << (6 - p))).into())
            }),
            offsets: array_init::array_init(|i| Constant::new((i as u64).into())),
            patch: Constant::new((0xFFFF_FFFFu64 << 18 & 0xFFFF_FFFF).into()),
        }
    }
}

impl Logic for Scanner {
    #[hdl_gen]
    fn update(&mut self) {
        // Each photocell's view of the whole memory, then the truck's
        // position (the total) picks the column it stands over: a choice
        // by the total's bits, no adder in the path (issue 25).
        self.losing.next = 0.into();
        for i in 0..6 {
            self.view[i].next = self.patch.val();
            for c in 0..17 {
                self.view[i].next = self.view[i].val().replace_bit(c, (self.columns[c].val() & self.masks[i].val()).any());
            }
            self.ahead[i].next = self.view[i].val() >> self.offsets[i].val();
            self.losing.next = self.losing.val().replace_bit(i, self.ahead[i].val().get_bit(self.total.val().index()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// The document's rule, written again: play p at total t loses when t + p
    /// passes 18, or is short of it and column t + p holds a play other
    /// than p and 7 - p.
    fn losing(columns: &[u64; 17], t: u64, p: u64) -> bool {
        let c = t + p;
        c > 18 || (c < 18 && (1..=6).any(|q| q != p && q != 7 - p && columns[c as usize - 1] >> (q - 1) & 1 == 1))
    }

    /// Every photocell under every content of the column it looks at (all
    /// 64, so the rows it must not see are varied too), at every total the
    /// totalizer can hold (0..23), with the rest of the memory dark and with it all lit:
    /// each photocell reads exactly its four cells of its one column, so this
    /// is every memory content each can see. All six outputs are checked
    /// every time.
    #[test]
    fn every_photocell_under_everything_it_can_see() {
        let mut b = Bench::new(Scanner::default());
        for t in 0..24u64 {
            for p in 1..=6u64 {
                for content in 0..64u64 {
                    for background in [0u64, 63] {
                        let mut columns = [background; 17];
                        let c = t + p;
                        if (1..=17).contains(&c) {
                            columns[c as usize - 1] = content;
                        }
                        for (i, v) in columns.iter().enumerate() {
                            b.uut.columns[i].next = (*v).into();
                        }
                        b.uut.total.next = t.into();
                        b.settle();
                        let got = b.uut.losing.val().index() as u64;
                        let want = (1..=6u64).fold(0, |w, q| w | (losing(&columns, t, q) as u64) << (q - 1));
                        assert_eq!(got, want, "total {t}, column {c} = {content:06b}, background {background}");
                    }
                }
            }
        }
    }

    /// The document's Figure 5 at total 13: a winning 4 in column 14 makes
    /// 1 losing; lit neons in 15, 16 and 17 make 2, 3 and 4 losing; column
    /// 18 is dark, so 5 wins; 6 sees the lighted patch.
    #[test]
    fn figure_5() {
        let mut b = Bench::new(Scanner::default());
        let mut columns = [0u64; 17];
        columns[13] = 1 << 3; // column 14, row 4
        columns[14] = 1 << 2; // column 15, row 3 (answers 2)
        columns[15] = 1 << 1; // column 16, row 2 (answers 3)
        columns[16] = 1; // column 17, row 1 (answers 4)
        for (i, v) in columns.iter().enumerate() {
            b.uut.columns[i].next = (*v).into();
        }
        b.uut.total.next = 13.into();
        b.settle();
        assert_eq!(b.uut.losing.val().index(), 0b10_1111);
    }
}
