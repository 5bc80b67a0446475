//! The displayed program obeyed instruction by instruction: the registers,
//! the column tests, the modifying number generator, and one whole move.

/// Four heaps of 0..7 matches.
pub const HEAPS: usize = 4;
/// The most matches a heap holds (three bits: columns 2, 1, 0).
pub const TOP: u8 = 7;
/// The extra instruction's number (it is not displayed).
pub const EXTRA: u8 = 9;
/// The column counter's "11 after column 0": stop.
pub const STOP_COLUMN: u8 = 3;

/// The game set before play: normal or reverse, and k heaps a move may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The reverse game: the side that takes the last match loses.
    pub reverse: bool,
    /// The most heaps a move may change, 1..3 (more than 1: multiple Nim).
    pub k: u8,
}

impl Variant {
    /// The simple normal game (k = 1), the one the booklet displays.
    pub const SIMPLE: Variant = Variant { reverse: false, k: 1 };

    /// All six variants, normal games first.
    pub fn all() -> Vec<Variant> {
        [false, true].iter().flat_map(|&reverse| (1..=3).map(move |k| Variant { reverse, k })).collect()
    }

    /// "normal k=1", "reverse k=3": the variant in reports and messages.
    pub fn name(&self) -> String {
        format!("{} k={}", if self.reverse { "reverse" } else { "normal" }, self.k)
    }
}

/// The sum of one column of the main store (the arithmetic unit's input).
pub fn column_sum(store: [u8; HEAPS], column: u8) -> u8 {
    store.iter().map(|h| h >> column & 1).sum()
}

/// A heap modified at `column`: "the 1 digit in the column under
/// consideration being replaced by a 0, the digits to the right of this
/// column being replaced by 1's and the digits to the left of this column
/// being unaltered" (the modifying number generator's 0111... form).
pub fn modified(heap: u8, column: u8) -> u8 {
    let low = (1u8 << column) - 1;
    (heap & !((low << 1) | 1)) | low
}

/// Reverse game: "transition ... occurs when only k or less heaps remain
/// with more than one match in them".
pub fn in_transition(store: [u8; HEAPS], variant: Variant) -> bool {
    variant.reverse && store.iter().filter(|&&h| h > 1).count() <= variant.k as usize
}

/// Instruction 1's test: the column is safe.
pub fn column_safe(store: [u8; HEAPS], column: u8, k: u8, transition: bool) -> bool {
    let target = if transition && column == 0 { 1 } else { 0 };
    column_sum(store, column) % (k + 1) == target
}

/// The registers the program works on (the booklet's "parts of the machine
/// which are used in it").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Program {
    /// Main store: the heaps.
    pub store: [u8; HEAPS],
    /// Column counter: 2, 1, 0, then 3 ("11") for stop.
    pub column: u8,
    /// Heap counter.
    pub heap: u8,
    /// Heap selected memory, one bit per heap (also the white lights: the
    /// heaps last operated on).
    pub selected: u8,
    /// The instruction lit: 1..8, 9 the extra one, 0 none (no move running).
    pub instruction: u8,
    /// The reverse game's transition, judged when the move began.
    pub transition: bool,
}

impl Program {
    /// "At the beginning of a move the number 2 is always sent to the column
    /// counter"; the heap selected memory is cleared; the heap counter keeps
    /// what it holds. (Transition is judged when instruction 1 first
    /// examines column 2.)
    pub fn begin(&mut self) {
        self.column = 2;
        self.selected = 0;
        self.instruction = 1;
    }

    /// Obey the lit instruction and light the next (0 when the move is over).
    pub fn obey(&mut self, variant: Variant) {
        let h = self.heap as usize;
        let c = self.column;
        let digit = self.store[h] >> c & 1 == 1;
        self.instruction = match self.instruction {
            // The column's sum: safe goes to 7, unsafe counts on to 2.
            1 => {
                if c == 2 {
                    // Modifications at column 2 leave 011, still above one,
                    // so judging it again on a re-examination changes nothing.
                    self.transition = in_transition(self.store, variant);
                }
                if column_safe(self.store, c, variant.k, self.transition) {
                    7
                } else {
                    2
                }
            }
            // The digit in this heap and column; a heap not yet selected is
            // passed over while a selected heap has a 1 here.
            2 => {
                let selected_has_one = (0..HEAPS).any(|i| self.selected >> i & 1 == 1 && self.store[i] >> c & 1 == 1);
                let here_selected = self.selected >> h & 1 == 1;
                if digit && (here_selected || !selected_has_one) {
                    4
                } else {
                    3
                }
            }
            // One is added to the heap counter; back to 2.
            3 => {
                self.heap = (self.heap + 1) % HEAPS as u8;
                2
            }
            // The heap selected memory examined.
            4 => {
                if self.selected >> h & 1 == 1 {
                    6
                } else {
                    5
                }
            }
            // The heap selected memory operated.
            5 => {
                self.selected |= 1 << h;
                6
            }
            // The heap modified. The simple game goes on to the next column;
            // the multiple game examines this column again.
            6 => {
                self.store[h] = modified(self.store[h], c);
                if variant.k == 1 {
                    7
                } else {
                    1
                }
            }
            // One is deducted from the column counter; "11" counts on to STOP.
            7 => {
                self.column = (c + 3) % 4;
                if self.column == STOP_COLUMN {
                    8
                } else {
                    1
                }
            }
            // STOP, or the extra instruction when no heap was modified.
            8 => {
                if self.selected == 0 {
                    EXTRA
                } else {
                    0
                }
            }
            // Take 1 from the heap counter's heap, stepping past empty heaps.
            EXTRA => {
                if self.store[h] > 0 {
                    self.store[h] -= 1;
                    self.selected = 1 << h;
                    0
                } else {
                    self.heap = (self.heap + 1) % HEAPS as u8;
                    EXTRA
                }
            }
            other => panic!("instruction {other} is not in the program"),
        };
    }
}

/// One whole move of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The heaps after the move.
    pub after: [u8; HEAPS],
    /// Every instruction lit, in order, from 1 to the last.
    pub instructions: Vec<u8>,
    /// The heap counter after the move (it carries over to the next move).
    pub heap_counter: u8,
    /// The heaps modified (or the one the extra instruction took from).
    pub selected: u8,
}

/// The program run from instruction 1 to the end. `None` for an empty store
/// (the game is over before the machine is asked to move).
pub fn machine_move(store: [u8; HEAPS], variant: Variant, heap_counter: u8) -> Option<Move> {
    if store == [0; HEAPS] {
        return None;
    }
    let mut p = Program { store, column: STOP_COLUMN, heap: heap_counter, selected: 0, instruction: 0, transition: false };
    p.begin();
    let mut instructions = Vec::new();
    while p.instruction != 0 {
        instructions.push(p.instruction);
        assert!(instructions.len() < 200, "the program does not stop from {store:?} under {variant:?}");
        p.obey(variant);
    }
    Some(Move { after: p.store, instructions, heap_counter: p.heap, selected: p.selected })
}

/// Whether `after` is a legal move from `before` under `k`: every heap the
/// same or lower, at least one and at most k lower.
pub fn legal_move(before: [u8; HEAPS], after: [u8; HEAPS], k: u8) -> bool {
    let changed = (0..HEAPS).filter(|&i| after[i] != before[i]).count();
    (0..HEAPS).all(|i| after[i] <= before[i]) && changed >= 1 && changed <= k as usize
}
