//! Each machine's report line, declared once (issue 21): the fields of the
//! line a board wrapper sends (`fpga/protocol.md`, "Board to host:
//! reports"), each a name, its bits and the protocol's words for it.
//!
//! The host reads the fields by name: `src/panel/<machine>.rs` packs the
//! oracle's report and describes a report through the layout, and
//! `src/play/<machine>.rs` draws the terminal panel from it. The board
//! wrappers (`panels/<machine>.rs`) pack their lines by hand; the `panel`
//! level checks those lines against the oracle's reports, so against the
//! layout (`src/panel/mod.rs` checks that every field takes part). A test
//! here keeps `fpga/protocol.md`'s tables equal to [`Layout::markdown`].
//! The layouts live in this crate because both sides depend on it.
//!
//! The helpers are `const fn`s, so constants such as a held bit's position
//! come from a layout too: `RELAY_NIM.field("illegal").lsb`. A name not in
//! the layout is a programming error, which fails the build in a constant
//! and panics elsewhere, the message naming the layout's fields.

/// Which end of an array field holds its item 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// Item 0 in the lowest bits.
    Low,
    /// Item 0 in the highest bits.
    High,
}

/// A field of a report: bits `lsb` to `lsb + width - 1`. An array field
/// (the learning machine's memory, Nimrod's heaps) splits its width into
/// `items` equal slots, an item in the low `item_width` bits of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name, from `fpga/protocol.md`'s words.
    pub name: &'static str,
    /// Its lowest bit.
    pub lsb: u32,
    /// Its bits, as `fpga/protocol.md`'s table gives them.
    pub width: u32,
    /// An array's items; 1 for a plain field.
    pub items: u32,
    /// An item's bits; the width for a plain field.
    pub item_width: u32,
    /// Where an array's item 0 is.
    pub first: First,
    /// The field in `fpga/protocol.md`'s words (its table's text).
    pub text: &'static str,
}

impl Field {
    /// A plain field of bits `hi` down to `lo`, as the protocol's tables
    /// write them.
    pub const fn new(name: &'static str, hi: u32, lo: u32, text: &'static str) -> Field {
        assert!(lo <= hi && hi < 128, "a report field is bits hi down to lo of at most 128");
        let width = hi - lo + 1;
        Field { name, lsb: lo, width, items: 1, item_width: width, first: First::Low, text }
    }

    /// The field as an array of `items` items of `item_width` bits, each in
    /// an equal slot, item 0 at the `first` end.
    pub const fn array(self, items: u32, item_width: u32, first: First) -> Field {
        assert!(items > 0 && self.width.is_multiple_of(items), "an array's items split its width into equal slots");
        assert!(item_width > 0 && item_width <= self.width / items, "an item fits its slot");
        Field { items, item_width, first, ..self }
    }

    /// Item `i` of an array field as a plain field (a plain field's item 0
    /// is itself).
    pub const fn item(&self, i: usize) -> Field {
        assert!(i < self.items as usize, "an item index beyond the field's items");
        let slot = self.width / self.items;
        let k = match self.first {
            First::Low => i as u32,
            First::High => self.items - 1 - i as u32,
        };
        Field { lsb: self.lsb + k * slot, width: self.item_width, items: 1, item_width: self.item_width, first: First::Low, ..*self }
    }

    /// Its highest bit.
    pub const fn msb(&self) -> u32 {
        self.lsb + self.width - 1
    }

    /// The largest value the field holds (all its bits set).
    pub const fn max(&self) -> u128 {
        u128::MAX >> (128 - self.width)
    }

    /// The field's bits in `report` (an array's: all its slots).
    pub const fn get(&self, report: u128) -> u128 {
        report >> self.lsb & self.max()
    }

    /// A field's bits in `report` are not all zero: a one-bit field is set.
    pub const fn flag(&self, report: u128) -> bool {
        self.get(report) != 0
    }

    /// `report` with the field's bits replaced by `value`, which must fit
    /// (checked in every build: the tests run in release).
    pub const fn put(&self, report: u128, value: u128) -> u128 {
        if value > self.max() {
            fail(&["the value is too wide for report field '", self.name, "'"]);
        }
        report & !(self.max() << self.lsb) | value << self.lsb
    }

    /// Its bits as the protocol's tables write them: `25-24`, a single bit
    /// as `23`.
    pub fn bits(&self) -> String {
        if self.width == 1 {
            self.lsb.to_string()
        } else {
            format!("{}-{}", self.msb(), self.lsb)
        }
    }
}

/// A machine's report: `bits` bits (a multiple of 4, a hex digit each) and
/// its fields; bits no field names are zero.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The machine as `fpga/protocol.md`'s heading names it.
    pub title: &'static str,
    /// The report's width in bits.
    pub bits: usize,
    /// Its fields, in any order ([`Layout::markdown`] puts the highest
    /// first).
    pub fields: &'static [Field],
}

impl Layout {
    /// The field called `name`; a name not in the layout panics (in a
    /// constant: fails the build), naming the layout's fields.
    pub const fn field(&self, name: &str) -> &'static Field {
        let fields: &'static [Field] = self.fields;
        let mut i = 0;
        while i < fields.len() {
            if same(fields[i].name, name) {
                return &fields[i];
            }
            i += 1;
        }
        let mut m = Message::new();
        m.push_all(&["no field '", name, "' in the report of ", self.title, "; its fields:"]);
        let mut i = 0;
        while i < fields.len() {
            m.push_all(&[" ", fields[i].name]);
            i += 1;
        }
        m.panic()
    }

    /// Field `name` of `report`.
    pub const fn get(&self, report: u128, name: &str) -> u128 {
        self.field(name).get(report)
    }

    /// One-bit field `name` of `report` is set.
    pub const fn flag(&self, report: u128, name: &str) -> bool {
        self.field(name).flag(report)
    }

    /// `report` with field `name` set to `value`, which must fit.
    pub const fn put(&self, report: u128, name: &str, value: u128) -> u128 {
        self.field(name).put(report, value)
    }

    /// A report in words: every field's name and value, in the table's
    /// order (a field wider than 16 bits in hex), for mismatch messages.
    pub fn describe(&self, report: u128) -> String {
        let value = |f: &Field| match f.get(report) {
            v if f.width > 16 => format!("{} {v:#x}", f.name),
            v => format!("{} {v}", f.name),
        };
        self.fields.iter().map(value).collect::<Vec<_>>().join(", ")
    }

    /// A report of the fields `values` names (the others zero).
    pub fn pack(&self, values: &[(&str, u128)]) -> u128 {
        values.iter().fold(0, |r, &(name, v)| self.put(r, name, v))
    }

    /// The layout as `fpga/protocol.md` gives it: the heading, a blank
    /// line and the table, the highest bits first; the bits column as wide
    /// as its widest entry.
    pub fn markdown(&self) -> String {
        let mut fields: Vec<&Field> = self.fields.iter().collect();
        fields.sort_by_key(|f| std::cmp::Reverse(f.lsb));
        let pad = fields.iter().map(|f| f.bits().len()).max().unwrap_or(0).max("bits".len());
        let mut out = format!("### {}: {} bits, {} digits\n\n", self.title, self.bits, self.bits / 4);
        out += &format!("| {:pad$} | field |\n|{}|-------|\n", "bits", "-".repeat(pad + 2));
        for f in fields {
            out += &format!("| {:pad$} | {} |\n", f.bits(), f.text);
        }
        out
    }

    /// What is wrong with the layout: a width not a whole number of digits,
    /// a field beyond it, two fields on one bit, two of one name.
    pub fn problems(&self) -> Vec<String> {
        let mut out = vec![];
        if !self.bits.is_multiple_of(4) || self.bits > 128 {
            out.push(format!("{}: {} bits is not a whole number of hex digits up to 128", self.title, self.bits));
        }
        let mut owner: Vec<Option<&str>> = vec![None; 128];
        for (i, f) in self.fields.iter().enumerate() {
            if f.msb() as usize >= self.bits {
                out.push(format!("{}: field '{}' ends at bit {}, beyond the report", self.title, f.name, f.msb()));
            }
            if self.fields[..i].iter().any(|g| g.name == f.name) {
                out.push(format!("{}: two fields are called '{}'", self.title, f.name));
            }
            for bit in f.lsb..=f.msb().min(127) {
                if let Some(other) = owner[bit as usize].replace(f.name) {
                    out.push(format!("{}: bit {bit} is in both '{other}' and '{}'", self.title, f.name));
                }
            }
        }
        out
    }
}

/// Two names are the same (`==` on `str` is not a `const fn`).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A panic message assembled in a `const fn`, which cannot format.
struct Message {
    buf: [u8; 512],
    len: usize,
}

impl Message {
    const fn new() -> Message {
        Message { buf: [0; 512], len: 0 }
    }

    const fn push_all(&mut self, parts: &[&str]) {
        let mut p = 0;
        while p < parts.len() {
            let bytes = parts[p].as_bytes();
            let mut i = 0;
            while i < bytes.len() && self.len < self.buf.len() {
                self.buf[self.len] = bytes[i];
                self.len += 1;
                i += 1;
            }
            p += 1;
        }
    }

    const fn panic(&self) -> ! {
        match std::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => panic!("{}", s),
            Err(_) => panic!("a report layout was asked for something it lacks"),
        }
    }
}

/// Panics with `parts` run together.
const fn fail(parts: &[&str]) -> ! {
    let mut m = Message::new();
    m.push_all(parts);
    m.panic()
}

// The layouts, in `fpga/protocol.md`'s order and words ("Board to host:
// reports"); a test keeps the document's tables equal to them.

/// The relay NIM's report: 28 bits.
pub const RELAY_NIM: Layout = Layout {
    title: "Relay NIM",
    bits: 28,
    fields: &[
        Field::new("winner", 25, 24, "winner: 0 nobody yet, 1 the human, 2 the machine"),
        Field::new("illegal", 23, 23, "illegal: a press was refused since the last line"),
        Field::new("moving", 22, 22, "the machine is moving (the sequencer is not idle)"),
        Field::new("in_game", 21, 21, "in game: the machine has moved since RESET (a turn is one pile)"),
        Field::new("selection", 18, 16, "the selection register, one-hot (bit 16 is pile A)").array(3, 1, First::Low),
        Field::new("taking", 14, 12, "the pile the human is taking from this turn, one-hot (bit 12 is A)").array(3, 1, First::Low),
        Field::new("pile_a", 10, 8, "pile A's size (the register holds its ones' complement)"),
        Field::new("pile_b", 6, 4, "pile B's size"),
        Field::new("pile_c", 2, 0, "pile C's size"),
    ],
};

/// Nimatron's report: 68 bits.
pub const NIMATRON: Layout = Layout {
    title: "Nimatron",
    bits: 68,
    fields: &[
        Field::new("phase", 67, 66, "phase: 0 set-up, 1 the player's move, 2 lamp M dimming, 3 the machine's pulses"),
        Field::new("lamp_p", 65, 65, "lamp P"),
        Field::new("lamp_m", 64, 64, "lamp M"),
        Field::new("ended", 63, 63, "a game has ended (the set-up step is counting it)"),
        Field::new("player_won", 62, 62, "... and the player won it"),
        Field::new("illegal", 61, 61, "illegal: a press was refused since the last line"),
        Field::new("token", 60, 60, "token: a token was released since the last line"),
        Field::new("locks", 59, 56, "locks AL..DL (bit 56 is row a)").array(4, 1, First::Low),
        Field::new("combination", 55, 52, "combination of the game in play (0 is No. 1)"),
        Field::new("row_a", 51, 45, "row a's lamps, bit 45 lamp 1 (1 = lit)").array(7, 1, First::Low),
        Field::new("row_b", 44, 38, "row b").array(7, 1, First::Low),
        Field::new("row_c", 37, 31, "row c").array(7, 1, First::Low),
        Field::new("row_d", 30, 24, "row d").array(7, 1, First::Low),
        Field::new("tp", 23, 16, "counter TP"),
        Field::new("mwc", 15, 8, "counter MWC"),
        Field::new("pwc", 7, 0, "counter PWC"),
    ],
};

/// Nimrod's report: 56 bits.
pub const NIMROD: Layout = Layout {
    title: "Nimrod",
    bits: 56,
    fields: &[
        Field::new(
            "status_lamps",
            52,
            48,
            "the five status lamps: 48 opponent wins, 49 computer wins, 50 opponent's move, 51 opponent has moved / computer will now move, 52 computer's move",
        )
        .array(5, 1, First::Low),
        Field::new("phase", 47, 45, "phase: 0 set-up, 1 the opponent to move, 2 the opponent has changed a heap, 3 the program runs, 4 game over"),
        Field::new("illegal", 44, 44, "illegal: a press was refused since the last line"),
        Field::new("winner", 43, 42, "winner: 0 nobody yet, 1 the opponent, 2 the computer"),
        Field::new("side", 41, 41, "the side the program plays: 0 the computer, 1 the opponent (self-play)"),
        Field::new("self_play", 40, 40, "self-play (\"split personality\")"),
        Field::new(
            "instruction",
            39,
            36,
            "the instruction obeyed: 1..8 as displayed, 9 the extra one (\"not included in the display\": a panel lights no line for it), 0 none",
        ),
        Field::new("mode", 35, 34, "mode: 0 fast, 1 slow, 2 manual"),
        Field::new("reverse", 33, 33, "reverse game"),
        Field::new("transition", 32, 32, "transition (reverse game)"),
        Field::new("k", 29, 28, "k"),
        Field::new("column_counter", 25, 24, "the column counter"),
        Field::new("heap_counter", 21, 20, "the heap counter"),
        Field::new("heap_selected", 19, 16, "the heap selected memory (the white lights), bit 16 heap 0").array(4, 1, First::Low),
        Field::new("heaps", 15, 0, "heaps 0..3, a digit each, heap 0 in bits 15-12").array(4, 3, First::High),
    ],
};

/// The learning machine's report: 128 bits.
pub const LEARNING: Layout = Layout {
    title: "The learning machine",
    bits: 128,
    fields: &[
        Field::new("your_turn", 127, 127, "YOUR TURN: the programmer at home and the game not over"),
        Field::new("illegal", 126, 126, "illegal: a press was refused since the last line"),
        Field::new("winner", 125, 124, "winner: 0 nobody yet, 1 the human, 2 the machine"),
        Field::new("programmer", 122, 120, "the programmer: 0 home, 1 clamp (the goof flip-flop), 2 search, 3 random play, 4 add, 5 rewrite"),
        Field::new("machine_play", 118, 116, "the machine play register (0: cleared)"),
        Field::new("human_play", 114, 112, "the human's last play (0: none)"),
        Field::new("totalizer_2", 108, 104, "totalizer 2"),
        Field::new("memory", 101, 0, "the memory: column t (totals 1..17) at bits 6(t - 1) to 6t - 1, play p at bit 6(t - 1) + p - 1").array(17, 6, First::Low),
    ],
};

/// 18-with-a-die's report: 32 bits.
pub const DIE18: Layout = Layout {
    title: "18-with-a-die",
    bits: 32,
    fields: &[
        Field::new("winner", 29, 28, "winner: 0 nobody yet, 1 the human, 2 the machine"),
        Field::new("illegal", 26, 26, "illegal: a press was refused since the last line"),
        Field::new("program", 25, 24, "the program: 0 off, 1 T2 next (the M-play entered), 2 T3 next (added to the M-score)"),
        Field::new("m_play", 22, 20, "the M-play register (0: cleared)"),
        Field::new("h_play", 18, 16, "the human's last play (0: none)"),
        Field::new("m_score", 12, 8, "the M-score"),
        Field::new("h_score", 4, 0, "the H-score"),
    ],
};

/// Wilson's judge's report: 100 bits.
pub const WILSON: Layout = Layout {
    title: "Wilson's judge",
    bits: 100,
    fields: &[
        Field::new("stage", 99, 97, "stage: 0 idle, 1 sum, 2 choose, 3 one counter, 4 two adjacent, 5 and 6 three counters"),
        Field::new("busy", 96, 96, "busy"),
        Field::new("done", 95, 95, "done: the fields below hold the judgement"),
        Field::new("won", 94, 94, "won for the side that just moved"),
        Field::new("found", 93, 93, "a sound move was found"),
        Field::new("illegal", 92, 92, "illegal: a key was refused (the judge was busy) since the last line"),
        Field::new("kind", 91, 90, "the move's kind: 1 one counter, 2 three counters, 3 two adjacent"),
        Field::new("slot", 89, 87, "the move's slot"),
        Field::new("left", 86, 80, "the counters left of the gap in that group"),
        Field::new("third_slot", 79, 76, "three counters: the slot of the third counter (8: the left piece of the first gap, 9: the right piece)"),
        Field::new("third_left", 75, 69, "... and the counters left of it"),
        Field::new("next_slot", 68, 66, "the slot the next group goes to"),
        Field::new("groups", 63, 0, "the groups, a byte a slot, slot 0 in bits 63-56").array(8, 7, First::High),
    ],
};

/// Every machine's layout, in `fpga/protocol.md`'s order.
pub const ALL: [&Layout; 6] = [&RELAY_NIM, &NIMATRON, &NIMROD, &LEARNING, &DIE18, &WILSON];

#[cfg(test)]
mod tests {
    use super::*;

    /// A report in words names every field with its value, in order; a
    /// wide field in hex.
    #[test]
    fn a_report_is_described_field_by_field() {
        let r = RELAY_NIM.pack(&[("winner", 2), ("pile_a", 5), ("illegal", 1)]);
        let words = RELAY_NIM.describe(r);
        assert_eq!(words.split(", ").count(), RELAY_NIM.fields.len(), "{words}");
        assert!(words.starts_with("winner 2, illegal 1"), "{words}");
        assert!(words.contains("pile_a 5") && words.contains("pile_b 0"), "{words}");
        let memory = LEARNING.field("memory").put(0, 0xabc);
        assert!(LEARNING.describe(memory).contains("memory 0xabc"), "{}", LEARNING.describe(memory));
    }

    /// No layout has a field beyond its width, a bit in two fields or two
    /// fields of one name.
    #[test]
    fn the_layouts_are_sound() {
        let problems: Vec<String> = ALL.iter().flat_map(|l| l.problems()).collect();
        assert!(problems.is_empty(), "{problems:#?}");
    }

    /// The checks can fail.
    #[test]
    fn the_soundness_checks_can_fail() {
        const BAD: Layout = Layout { title: "bad", bits: 6, fields: &[Field::new("a", 3, 0, ""), Field::new("a", 4, 3, ""), Field::new("c", 9, 8, "")] };
        let p = BAD.problems();
        assert_eq!(p.len(), 4, "{p:#?}");
        assert!(p[0].contains("whole number"));
        assert!(p.iter().any(|s| s.contains("two fields are called 'a'")));
        assert!(p.iter().any(|s| s.contains("bit 3 is in both 'a' and 'a'")));
        assert!(p.iter().any(|s| s.contains("'c' ends at bit 9")));
    }

    /// Fields put and get their own bits and leave the others alone.
    #[test]
    fn fields_round_trip() {
        for layout in ALL {
            for f in layout.fields {
                let all = u128::MAX >> (128 - layout.bits);
                assert_eq!(f.get(f.put(0, f.max())), f.max(), "{}", f.name);
                assert_eq!(f.put(all, 0), all & !(f.max() << f.lsb), "{}", f.name);
                assert_eq!(layout.get(layout.put(0, f.name, 1), f.name), 1, "{}", f.name);
            }
        }
        let r = RELAY_NIM.pack(&[("winner", 2), ("illegal", 1), ("pile_a", 7), ("pile_c", 5)]);
        assert_eq!(r, 0x2800705);
        assert!(RELAY_NIM.flag(r, "illegal") && !RELAY_NIM.flag(r, "moving"));
        assert_eq!(RELAY_NIM.put(r, "pile_a", 3), 0x2800305);
    }

    /// An array's items: from the low end (the learning machine's columns,
    /// Nimrod's lamps) or the high end (Nimrod's heaps, Wilson's slots).
    #[test]
    fn items_are_where_the_protocol_says() {
        let memory = LEARNING.field("memory");
        assert_eq!((memory.item(0).lsb, memory.item(16).lsb, memory.item(16).width), (0, 96, 6));
        let heaps = NIMROD.field("heaps");
        assert_eq!([0, 1, 2, 3].map(|h| heaps.item(h).lsb), [12, 8, 4, 0]);
        assert_eq!(heaps.item(0).get(0x7164), 7);
        assert_eq!(heaps.item(3).put(0x7164, 5), 0x7165);
        let groups = WILSON.field("groups");
        assert_eq!((groups.item(0).lsb, groups.item(0).width, groups.item(7).lsb), (56, 7, 0));
        assert_eq!(NIMROD.field("status_lamps").item(4).lsb, 52);
        assert_eq!(RELAY_NIM.field("selection").item(2).lsb, 18);
        assert_eq!(RELAY_NIM.field("pile_a").item(0), *RELAY_NIM.field("pile_a"));
    }

    #[test]
    #[should_panic(expected = "no field 'ilegal' in the report of Relay NIM; its fields: winner illegal moving")]
    fn a_missing_name_names_the_fields() {
        RELAY_NIM.get(0, "ilegal");
    }

    #[test]
    #[should_panic(expected = "too wide for report field 'pile_a'")]
    fn a_value_too_wide_panics() {
        RELAY_NIM.put(0, "pile_a", 8);
    }

    #[test]
    fn bits_and_rows_as_the_protocol_writes_them() {
        assert_eq!(RELAY_NIM.field("winner").bits(), "25-24");
        assert_eq!(RELAY_NIM.field("illegal").bits(), "23");
        let md = DIE18.markdown();
        assert!(md.starts_with("### 18-with-a-die: 32 bits, 8 digits\n\n| bits  | field |\n|-------|-------|\n| 29-28 | winner:"));
        assert!(md.ends_with("| 4-0   | the H-score |\n"));
        assert!(LEARNING.markdown().contains("\n| 127     | YOUR TURN"));
    }

    /// `fpga/protocol.md`'s report tables are the layouts: each machine's
    /// heading and table under "Board to host: reports", and no other.
    #[test]
    fn the_protocol_document_is_the_layouts() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fpga/protocol.md");
        let doc = std::fs::read_to_string(path).expect("fpga/protocol.md");
        let section = doc.split("## Board to host: reports").nth(1).expect("the reports section");
        let section = section.split("\n## ").next().unwrap();
        let tables: Vec<String> = section
            .split("### ")
            .skip(1)
            .map(|s| {
                // The heading, the blank line and the table's lines.
                let mut lines = s.lines();
                let mut out = format!("### {}\n\n", lines.next().unwrap());
                for l in lines.skip_while(|l| l.is_empty()).take_while(|l| l.starts_with('|')) {
                    out += l;
                    out.push('\n');
                }
                out
            })
            .collect();
        let want: Vec<String> = ALL.iter().map(|l| l.markdown()).collect();
        assert_eq!(tables.len(), want.len(), "report sections in fpga/protocol.md");
        for (got, want) in tables.iter().zip(&want) {
            assert_eq!(got, want, "fpga/protocol.md (left) against the layout (right)");
        }
    }
}
