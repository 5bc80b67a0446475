//! Random small sequential Verilog designs, and their one-operator mutants,
//! for the fuzzer of `nimforge check`.
//!
//! [`Design::generate`] makes, from a seed, one module `t` with a 1-bit
//! input `clk`; every flip-flop is clocked on `posedge clk` (asynchronous
//! resets and the clock classes aside). Each seed picks a random mix of these classes:
//!
//! - registers (1 to 6, 1 to 8 bits wide), some with an initial value
//!   (`reg [3:0] r1 = 4'd5;` or `initial r1 = 4'd5;`), some declared as
//!   `output reg`;
//! - a register never written: `if (DEBUG) dbg <= ...;` under
//!   `parameter DEBUG = 0;`, or a reg read but never assigned at all;
//! - parameters (ranged or plain, `parameter` and `localparam`, sometimes
//!   in the module header) used in expressions;
//! - asynchronous resets on a 1-bit input (`posedge rst` or `negedge rst_n`),
//!   synchronous resets and enables;
//! - a memory `reg [W-1:0] mem [0:D-1]` (D = 2, 4 or 8) with a synchronous
//!   write, a combinational or registered read through an address of exactly
//!   log2(D) bits, and sometimes an `initial` loop setting every word;
//! - wide ports (33 to 100 bits) used in slices, reductions and comparisons;
//! - Mealy outputs (reading inputs) besides Moore ones (registers only);
//! - rarely, a net nothing drives (a wire, or an output port);
//! - clocks (issue 56): a second clock input `clk2` that some blocks take,
//!   and blocks on the falling edge (`negedge`), chosen from a random
//!   stream of their own so that a seed without them gives the design it
//!   gave before; with either, the mutants may also flip a block's edge;
//! - latches (issue 56), from the same stream after the clocks: registers
//!   written in `always @*` (or `always @(*)`, or with every signal it
//!   reads listed) under `if (le)` or `if (!le_n)`, a 1-bit input, or a
//!   bit of a register; a mutant may invert a latch's enable or make it a
//!   flip-flop on the edge that opens it;
//! - arithmetic (`arith`), from a stream of its own after the latches: one
//!   or two wires `m1`, `m2` holding a product (`a * b`), a shift by a
//!   signal (`x << s`, `x >> s`, `$signed(x) >>> s`, the last only as a
//!   wire's whole value, where nothing around it can make it unsigned), a
//!   signed comparison (`$signed(a) < $signed(b)`) or a bit picked by a
//!   signal (`x[s]`, never out of range); a mutant may change the product
//!   into a sum, the kind of shift, the comparison, or drop its `$signed`;
//! - case statements (`case`), from the same stream: a register's block
//!   under one value of a selector of 1 or 2 bits, its other next states
//!   under the others, sometimes a `default`; a mutant may change an
//!   item's value (the first matching item is taken, so a repeated value
//!   hides the later arm).
//!
//! Every expression is unsigned and written with explicit widths (sized
//! constants, operands of one width, zero extension by concatenation, slices
//! of named signals only), so yosys and Icarus read the same machine once
//! every register without an initial value powers on at 0 ([`Design::zeroed`])
//! and every undriven net reads 0 ([`Design::undriven`]).

use nimforge_netlist::fuzz::Rng;

/// A port of the generated module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// Its name in the module.
    pub name: String,
    /// An input (else an output).
    pub input: bool,
    /// Its width in bits.
    pub width: usize,
}

/// A binary operator. Arithmetic and bitwise ones keep their operands' width;
/// comparisons and logical ones give 1 bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LogAnd,
    LogOr,
    /// `*` (the `arith` class only).
    Mul,
}

const SAME_WIDTH_OPS: [BinOp; 5] = [BinOp::Add, BinOp::Sub, BinOp::And, BinOp::Or, BinOp::Xor];
const COMPARE_OPS: [BinOp; 6] = [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge];
const LOGIC_OPS: [BinOp; 2] = [BinOp::LogAnd, BinOp::LogOr];
/// What a mutant may put in a product's place.
const PRODUCT_OPS: [BinOp; 3] = [BinOp::Mul, BinOp::Add, BinOp::Sub];

impl BinOp {
    fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
            BinOp::Mul => "*",
        }
    }

    /// The operators a mutant may put in this one's place (same result width).
    fn family(self) -> &'static [BinOp] {
        if self == BinOp::Mul {
            &PRODUCT_OPS
        } else if SAME_WIDTH_OPS.contains(&self) {
            &SAME_WIDTH_OPS
        } else if COMPARE_OPS.contains(&self) {
            &COMPARE_OPS
        } else {
            &LOGIC_OPS
        }
    }
}

/// A reduction operator (`&x`, `|x`, `^x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RedOp {
    And,
    Or,
    Xor,
}

const RED_OPS: [RedOp; 3] = [RedOp::And, RedOp::Or, RedOp::Xor];

impl RedOp {
    fn text(self) -> &'static str {
        match self {
            RedOp::And => "&",
            RedOp::Or => "|",
            RedOp::Xor => "^",
        }
    }
}

/// A shift by a signal's value (the `arith` class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ShiftKind {
    /// `x << s`.
    Left,
    /// `x >> s`.
    Right,
    /// `$signed(x) >>> s`: only as the whole value of a wire, where
    /// nothing around it can make it unsigned again (IEEE 1364 5.5.4).
    Arith,
}

const SHIFT_KINDS: [ShiftKind; 3] = [ShiftKind::Left, ShiftKind::Right, ShiftKind::Arith];

impl ShiftKind {
    fn text(self) -> &'static str {
        match self {
            ShiftKind::Left => "<<",
            ShiftKind::Right => ">>",
            ShiftKind::Arith => ">>>",
        }
    }
}

/// An expression. The generator keeps every operand of an operator at one
/// width, so Verilog's context-determined widths never widen anything.
#[derive(Clone, Debug)]
enum Expr {
    /// A sized constant, `width'dvalue`.
    Const {
        width: usize,
        value: u128,
    },
    /// A named signal or parameter, whole or with a constant select `[hi:lo]`.
    Sig {
        name: String,
        select: Option<(usize, usize)>,
    },
    Not(Box<Expr>),
    LogNot(Box<Expr>),
    Reduce(RedOp, Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// A shift by a constant amount.
    Shift {
        left: bool,
        value: Box<Expr>,
        by: usize,
    },
    Mux(Box<Expr>, Box<Expr>, Box<Expr>),
    Concat(Vec<Expr>),
    Repl(usize, Box<Expr>),
    /// `mem[addr]`, the address a signal of exactly log2(depth) bits.
    MemRead {
        mem: String,
        addr: String,
    },
    /// A shift by an expression's value (the `arith` class).
    VarShift {
        kind: ShiftKind,
        value: Box<Expr>,
        by: Box<Expr>,
    },
    /// A comparison of two operands of one width as signed numbers,
    /// `$signed(a) < $signed(b)`: 1 bit (the `arith` class).
    Signed(BinOp, Box<Expr>, Box<Expr>),
    /// One bit of a signal picked by an expression of exactly log2 of its
    /// width bits, `x[s]`: never out of range (the `arith` class).
    Index {
        name: String,
        by: Box<Expr>,
    },
}

/// A statement of a clocked block.
#[derive(Clone, Debug)]
enum Stmt {
    /// `target <= value;` (target a reg, or `mem[addr]`).
    Assign {
        target: String,
        value: Expr,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        other: Vec<Stmt>,
    },
    /// `case (sel) value: ... default: ... endcase` (the `case` class): the
    /// first arm whose value is the selector's is taken (values may repeat
    /// in a mutant), else the default, if any.
    Case {
        sel: Expr,
        width: usize,
        arms: Vec<(u128, Vec<Stmt>)>,
        default: Option<Vec<Stmt>>,
    },
}

/// The asynchronous reset of a clocked block: `if (rst)` (or `if (!rst_n)`)
/// sets each register to a constant.
#[derive(Clone, Debug)]
struct AsyncReset {
    input: String,
    active_low: bool,
    /// (register, width, value).
    values: Vec<(String, usize, u128)>,
}

/// An `always @(posedge clk ...)` block.
#[derive(Clone, Debug)]
struct Always {
    /// Its clock input (`clk`, or `clk2`) and whether on the falling edge.
    clock: &'static str,
    falling: bool,
    reset: Option<AsyncReset>,
    body: Vec<Stmt>,
    /// What it writes, for mutant descriptions.
    label: String,
}

/// How a latch's block is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LatchForm {
    /// `always @* if (le) l1 = ...;`
    Star,
    /// `always @(*) begin`, `if (!le_n) l1 = ...;`, `end`.
    Begin,
    /// `always @(le or a or r2) if (le) l1 = ...;`: every signal it reads listed.
    List,
}

/// A latch: the register `name` (one of [`Design::regs`], without an
/// initial value: it powers on at 0) written by `if (enable) name = value;`
/// in a block of its own, never read by another latch.
#[derive(Clone, Debug)]
struct Latch {
    name: String,
    /// What opens it: a 1-bit input (`le`), or a bit of a register (`r2[1]`).
    enable: Expr,
    /// Open while the enable is low (`if (!le_n)`).
    active_low: bool,
    /// The enable is an input (else a register's bit: a latch enabled by logic).
    by_input: bool,
    /// What it takes while open; it reads an input (see [`Design::generate`]).
    value: Expr,
    form: LatchForm,
    /// A mutant's: a flip-flop on the edge that opens it (`posedge le`, or
    /// `negedge le_n`) in its place.
    flop: bool,
}

/// A register; `init` is its initial value, written in the declaration or in
/// an `initial` statement (`in_decl`).
#[derive(Clone, Debug)]
struct Reg {
    name: String,
    width: usize,
    init: Option<u128>,
    in_decl: bool,
    output: bool,
    /// Written by some block (a never-assigned reg gets no initial value:
    /// yosys leaves it a wire nothing drives, whose `init` means little).
    assigned: bool,
}

/// A wire, or an output port driven by `assign`; `value` None: nothing drives it.
#[derive(Clone, Debug)]
struct Net {
    name: String,
    width: usize,
    value: Option<Expr>,
}

/// A memory `reg [width-1:0] name [0:depth-1]`, all words set to `init` by an
/// `initial` loop when it has one.
#[derive(Clone, Debug)]
struct Memory {
    name: String,
    width: usize,
    depth: usize,
    init: Option<u128>,
}

#[derive(Clone, Debug)]
enum ParamValue {
    /// A plain integer (`parameter DEBUG = 0;`), 32 bits.
    Int(u64),
    Expr(Expr),
}

#[derive(Clone, Debug)]
struct Param {
    name: String,
    /// The declared range `[w-1:0]`, if any.
    range: Option<usize>,
    value: ParamValue,
    local: bool,
    /// Declared in the module header `#(...)`.
    header: bool,
}

/// One random design (the AST), printable as Verilog.
#[derive(Clone, Debug)]
pub struct Design {
    ansi: bool,
    params: Vec<Param>,
    ports: Vec<Port>,
    regs: Vec<Reg>,
    mems: Vec<Memory>,
    wires: Vec<Net>,
    outputs: Vec<Net>,
    blocks: Vec<Always>,
    latches: Vec<Latch>,
    classes: Vec<&'static str>,
}

/// splitmix64: spreads small seeds over the whole state of the generator.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn mask(width: usize) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

fn random_u128(rng: &mut Rng) -> u128 {
    (u128::from(rng.next()) << 64) | u128::from(rng.next())
}

/// A value of `width` bits different from `old`.
fn other_value(rng: &mut Rng, width: usize, old: u128) -> u128 {
    let m = mask(width);
    let delta = 1 + random_u128(rng) % m;
    (old ^ delta) & m
}

fn const_text(width: usize, value: u128) -> String {
    if width > 16 {
        format!("{width}'h{value:x}")
    } else {
        format!("{width}'d{value}")
    }
}

/// `[w-1:0] ` for a declaration, nothing for one bit.
fn range_text(width: usize) -> String {
    if width > 1 {
        format!("[{}:0] ", width - 1)
    } else {
        String::new()
    }
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Expr {
    fn sig(name: &str) -> Expr {
        Expr::Sig { name: name.to_string(), select: None }
    }

    /// Whether it prints as one token or bracketed group (no parentheses needed).
    fn is_atom(&self) -> bool {
        matches!(self, Expr::Const { .. } | Expr::Sig { .. } | Expr::Concat(_) | Expr::Repl(..) | Expr::MemRead { .. } | Expr::Index { .. })
    }

    fn text(&self) -> String {
        match self {
            Expr::Const { width, value } => const_text(*width, *value),
            Expr::Sig { name, select: None } => name.clone(),
            Expr::Sig { name, select: Some((hi, lo)) } if hi == lo => format!("{name}[{hi}]"),
            Expr::Sig { name, select: Some((hi, lo)) } => format!("{name}[{hi}:{lo}]"),
            Expr::Not(x) => format!("~{}", x.operand()),
            Expr::LogNot(x) => format!("!{}", x.operand()),
            Expr::Reduce(op, x) => format!("{}{}", op.text(), x.operand()),
            Expr::Bin(op, a, b) => format!("{} {} {}", a.operand(), op.text(), b.operand()),
            Expr::Shift { left, value, by } => format!("{} {} {by}", value.operand(), if *left { "<<" } else { ">>" }),
            Expr::Mux(c, a, b) => format!("{} ? {} : {}", c.operand(), a.operand(), b.operand()),
            Expr::Concat(parts) => format!("{{{}}}", parts.iter().map(Expr::text).collect::<Vec<_>>().join(", ")),
            Expr::Repl(n, x) => format!("{{{n}{{{}}}}}", x.text()),
            Expr::MemRead { mem, addr } => format!("{mem}[{addr}]"),
            Expr::VarShift { kind: ShiftKind::Left, value, by } => format!("{} << {}", value.operand(), by.operand()),
            Expr::VarShift { kind: ShiftKind::Right, value, by } => format!("{} >> {}", value.operand(), by.operand()),
            Expr::VarShift { kind: ShiftKind::Arith, value, by } => format!("$signed({}) >>> {}", value.text(), by.operand()),
            Expr::Signed(op, a, b) => format!("$signed({}) {} $signed({})", a.text(), op.text(), b.text()),
            Expr::Index { name, by } => format!("{name}[{}]", by.text()),
        }
    }

    /// The text as an operand: compound expressions in parentheses (so that
    /// e.g. `^(~a)` never reads as `^~a`, nor `a & (&b)` as `a && b`).
    fn operand(&self) -> String {
        if self.is_atom() {
            self.text()
        } else {
            format!("({})", self.text())
        }
    }

    /// The signals (and parameters) it reads, each once, in order.
    fn names(&self, out: &mut Vec<String>) {
        let mut add = |name: &String| {
            if !out.contains(name) {
                out.push(name.clone());
            }
        };
        match self {
            Expr::Const { .. } => {}
            Expr::Sig { name, .. } => add(name),
            Expr::MemRead { mem, addr } => {
                add(mem);
                add(addr);
            }
            Expr::Not(x) | Expr::LogNot(x) | Expr::Reduce(_, x) | Expr::Repl(_, x) => x.names(out),
            Expr::Shift { value, .. } => value.names(out),
            Expr::Bin(_, a, b) => {
                a.names(out);
                b.names(out);
            }
            Expr::Mux(c, a, b) => {
                c.names(out);
                a.names(out);
                b.names(out);
            }
            Expr::Concat(parts) => parts.iter().for_each(|p| p.names(out)),
            Expr::VarShift { value: a, by: b, .. } | Expr::Signed(_, a, b) => {
                a.names(out);
                b.names(out);
            }
            Expr::Index { name, by } => {
                add(name);
                by.names(out);
            }
        }
    }

    fn reads_any(&self, names: &[String]) -> bool {
        match self {
            Expr::Const { .. } => false,
            Expr::Sig { name, .. } => names.contains(name),
            Expr::MemRead { addr, .. } => names.contains(addr),
            Expr::Not(x) | Expr::LogNot(x) | Expr::Reduce(_, x) | Expr::Repl(_, x) => x.reads_any(names),
            Expr::Shift { value, .. } => value.reads_any(names),
            Expr::Bin(_, a, b) => a.reads_any(names) || b.reads_any(names),
            Expr::Mux(c, a, b) => c.reads_any(names) || a.reads_any(names) || b.reads_any(names),
            Expr::Concat(parts) => parts.iter().any(|p| p.reads_any(names)),
            Expr::VarShift { value: a, by: b, .. } | Expr::Signed(_, a, b) => a.reads_any(names) || b.reads_any(names),
            Expr::Index { name, by } => names.contains(name) || by.reads_any(names),
        }
    }
}

/// A signal expressions may read.
#[derive(Clone, Debug)]
struct Leaf {
    name: String,
    width: usize,
    /// Reads no input, even through wires: fit for a Moore output.
    pure: bool,
}

/// The generator's state while it builds one design.
struct Builder {
    rng: Rng,
    leaves: Vec<Leaf>,
    /// The widest comparison operand (wider with a wide input).
    widest_compare: usize,
}

impl Builder {
    fn chance(&mut self, percent: usize) -> bool {
        self.rng.below(100) < percent
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.rng.below(hi - lo + 1)
    }

    fn constant(&mut self, width: usize) -> Expr {
        let value = match self.rng.below(6) {
            0 => 0,
            1 => 1,
            2 => mask(width),
            _ => random_u128(&mut self.rng) & mask(width),
        } & mask(width);
        Expr::Const { width, value }
    }

    /// `e` (of width `from`) zero-extended to `to` bits.
    fn extend(e: Expr, from: usize, to: usize) -> Expr {
        if from >= to {
            e
        } else {
            Expr::Concat(vec![Expr::Const { width: to - from, value: 0 }, e])
        }
    }

    /// `leaf` made exactly `width` bits: sliced, or zero-extended.
    fn fit(&mut self, leaf: &Leaf, width: usize) -> Expr {
        if leaf.width > width {
            let lo = self.rng.below(leaf.width - width + 1);
            Expr::Sig { name: leaf.name.clone(), select: Some((lo + width - 1, lo)) }
        } else {
            Builder::extend(Expr::sig(&leaf.name), leaf.width, width)
        }
    }

    /// A signal or constant of `width` bits (only pure signals if `pure`).
    fn leaf(&mut self, width: usize, pure: bool) -> Expr {
        let choices: Vec<Leaf> = self.leaves.iter().filter(|l| l.pure || !pure).cloned().collect();
        if choices.is_empty() || self.chance(15) {
            return self.constant(width);
        }
        let leaf = choices[self.rng.below(choices.len())].clone();
        self.fit(&leaf, width)
    }

    /// A width for comparison operands.
    fn compare_width(&mut self) -> usize {
        if self.widest_compare > 8 && self.chance(30) {
            self.range(9, self.widest_compare)
        } else {
            self.range(1, 8)
        }
    }

    /// A 1-bit condition.
    fn cond(&mut self, depth: usize, pure: bool) -> Expr {
        match self.rng.below(4) {
            0 => self.leaf(1, pure),
            1 => {
                let w = self.compare_width();
                let op = COMPARE_OPS[self.rng.below(COMPARE_OPS.len())];
                Expr::Bin(op, boxed(self.expr(w, depth, pure)), boxed(self.expr(w, depth, pure)))
            }
            2 => {
                let w = self.compare_width().max(2);
                let op = RED_OPS[self.rng.below(3)];
                Expr::Reduce(op, boxed(self.expr(w, depth, pure)))
            }
            _ => {
                let op = LOGIC_OPS[self.rng.below(2)];
                Expr::Bin(op, boxed(self.cond(depth.saturating_sub(1), pure)), boxed(self.cond(depth.saturating_sub(1), pure)))
            }
        }
    }

    /// A 1-bit condition reading some signal (one of parameters and
    /// constants alone would make its branch dead, which yosys removes).
    fn live_cond(&mut self, depth: usize) -> Expr {
        let signals: Vec<String> = self.leaves.iter().filter(|l| !["K", "L"].contains(&l.name.as_str())).map(|l| l.name.clone()).collect();
        for _ in 0..8 {
            let c = self.cond(depth, false);
            if c.reads_any(&signals) {
                return c;
            }
        }
        let name = &signals[self.rng.below(signals.len())];
        let leaf = self.leaves.iter().find(|l| &l.name == name).cloned().expect("a leaf");
        self.fit(&leaf, 1)
    }

    /// A concatenation of signals (and constant padding) of `width` bits, for wide outputs.
    fn wide_mix(&mut self, width: usize) -> Expr {
        let mut parts = Vec::new();
        let mut left = width;
        while left > 0 && parts.len() < 6 {
            let fits: Vec<Leaf> = self.leaves.iter().filter(|l| l.width <= left).cloned().collect();
            if fits.is_empty() {
                break;
            }
            let leaf = fits[self.rng.below(fits.len())].clone();
            left -= leaf.width;
            parts.push(Expr::sig(&leaf.name));
        }
        if left > 0 {
            parts.push(self.constant(left));
        }
        Expr::Concat(parts)
    }

    /// An expression of exactly `width` bits, at most `depth` operators deep.
    fn expr(&mut self, width: usize, depth: usize, pure: bool) -> Expr {
        if depth == 0 || self.chance(25) {
            return self.leaf(width, pure);
        }
        let d = depth - 1;
        match self.rng.below(12) {
            0..=3 => {
                let op = SAME_WIDTH_OPS[self.rng.below(SAME_WIDTH_OPS.len())];
                Expr::Bin(op, boxed(self.expr(width, d, pure)), boxed(self.expr(width, d, pure)))
            }
            4 | 5 => {
                let c = self.cond(d, pure);
                Builder::extend(c, 1, width)
            }
            6 => Expr::Mux(boxed(self.cond(d, pure)), boxed(self.expr(width, d, pure)), boxed(self.expr(width, d, pure))),
            7 => Expr::Not(boxed(self.expr(width, d, pure))),
            8 if width > 1 => {
                let by = self.range(1, width - 1);
                Expr::Shift { left: self.chance(50), value: boxed(self.expr(width, d, pure)), by }
            }
            9 if width > 1 => {
                let first = self.range(1, width - 1);
                Expr::Concat(vec![self.expr(first, d, pure), self.expr(width - first, d, pure)])
            }
            10 if (2..=8).contains(&width) => Expr::Repl(width, boxed(self.cond(d, pure))),
            _ => self.leaf(width, pure),
        }
    }
}

/// The names of the inputs, and of the wires reading them.
fn impure_names(leaves: &[Leaf]) -> Vec<String> {
    leaves.iter().filter(|l| !l.pure).map(|l| l.name.clone()).collect()
}

/// The value expression of the first assignment in `stmts`, to a register.
fn first_assign(stmts: &mut [Stmt]) -> Option<(&str, &mut Expr)> {
    for s in stmts {
        match s {
            Stmt::Assign { target, value } if !target.contains('[') => return Some((target.as_str(), value)),
            Stmt::Assign { .. } => {}
            Stmt::If { then, other, .. } => {
                if let Some(e) = first_assign(then) {
                    return Some(e);
                }
                if let Some(e) = first_assign(other) {
                    return Some(e);
                }
            }
            Stmt::Case { arms, default, .. } => {
                for body in arms.iter_mut().map(|(_, body)| body).chain(default) {
                    if let Some(e) = first_assign(body) {
                        return Some(e);
                    }
                }
            }
        }
    }
    None
}

/// `leaf` read by the next state of a register or by an output (`c`
/// chooses which, and how): `x = e` becomes `x = e ^ leaf` (or `|`, `+`),
/// so that what the leaf holds can be seen.
fn read_into(c: &mut Rng, b: &mut Builder, blocks: &mut [Always], outputs: &mut [Net], regs: &[Reg], leaf: &Leaf) {
    let op = [BinOp::Xor, BinOp::Or, BinOp::Add][c.below(3)];
    let registers: Vec<usize> = (0..blocks.len()).filter(|&i| !["mem", "q", "dbg"].contains(&blocks[i].label.as_str())).collect();
    let target = if registers.is_empty() || c.below(2) == 0 {
        let driven: Vec<usize> = (0..outputs.len()).filter(|&i| outputs[i].value.is_some()).collect();
        let i = driven[c.below(driven.len())];
        let width = outputs[i].width;
        outputs[i].value.as_mut().map(|v| (v, width))
    } else {
        let i = registers[c.below(registers.len())];
        first_assign(&mut blocks[i].body).map(|(target, v)| (v, regs.iter().find(|r| r.name == target).map_or(1, |r| r.width)))
    };
    if let Some((at, at_width)) = target {
        let read = b.fit(leaf, at_width);
        let old = std::mem::replace(at, Expr::Const { width: 1, value: 0 });
        *at = Expr::Bin(op, boxed(old), boxed(read));
    }
}

impl Design {
    /// The design of `seed` (deterministic: the same seed, the same text, on any machine).
    pub fn generate(seed: u64) -> Design {
        let mut b = Builder { rng: Rng::new(mix(seed)), leaves: Vec::new(), widest_compare: 8 };
        let mut classes = Vec::new();
        let use_init = b.chance(40);
        let never_written = b.chance(30);
        let use_params = b.chance(35);
        let async_reset = b.chance(35);
        let sync_reset = b.chance(30);
        let enable = b.chance(35);
        let memory = b.chance(30);
        let wide = b.chance(25);
        let mealy = b.chance(45);
        let undriven = b.chance(5);
        let ansi = b.chance(50);

        let mut inputs: Vec<(String, usize)> = Vec::new();
        let mut budget: usize = if b.chance(85) { 12 } else { 20 };
        let add_input = |inputs: &mut Vec<(String, usize)>, budget: &mut usize, name: &str, width: usize| {
            inputs.push((name.to_string(), width));
            *budget = budget.saturating_sub(width);
        };

        // Control inputs.
        let reset_input = if async_reset {
            let low = b.chance(30);
            let name = if low { "rst_n" } else { "rst" };
            add_input(&mut inputs, &mut budget, name, 1);
            Some((name.to_string(), low))
        } else {
            None
        };
        let srst_input = sync_reset && b.chance(50);
        if srst_input {
            add_input(&mut inputs, &mut budget, "srst", 1);
        }
        let en_input = enable && b.chance(70);
        if en_input {
            add_input(&mut inputs, &mut budget, "en", 1);
        }
        // The memory's shape and address sources (an input, or a register).
        let (mem_width, mem_depth) = (b.range(1, 8), 2usize << b.rng.below(3));
        let addr_width = mem_depth.trailing_zeros() as usize;
        let (mut we_input, mut wa_input, mut ra_input, mut registered_read) = (false, false, false, false);
        if memory {
            we_input = b.chance(60);
            wa_input = b.chance(50);
            ra_input = b.chance(50);
            registered_read = b.chance(50);
            if we_input {
                add_input(&mut inputs, &mut budget, "we", 1);
            }
            if wa_input {
                add_input(&mut inputs, &mut budget, "wa", addr_width);
            }
            if ra_input {
                add_input(&mut inputs, &mut budget, "ra", addr_width);
            }
        }
        // Data inputs, within the budget of input bits.
        let data_count = b.range(1, 3);
        for name in ["a", "b", "c"].iter().take(data_count) {
            if budget == 0 {
                break;
            }
            let w = b.range(1, budget.min(8));
            add_input(&mut inputs, &mut budget, name, w);
        }
        let (mut wide_in, mut wide_out) = (None, None);
        if wide {
            let which = b.rng.below(3);
            if which != 1 {
                wide_in = Some(b.range(33, 100));
            }
            if which != 0 {
                wide_out = Some(b.range(33, 100));
            }
        }
        if let Some(w) = wide_in {
            inputs.push(("d".to_string(), w));
            b.widest_compare = w;
        }
        for (name, width) in &inputs {
            b.leaves.push(Leaf { name: name.clone(), width: *width, pure: false });
        }

        // Parameters.
        let mut params = Vec::new();
        if use_params {
            let plain = b.chance(30);
            let header = b.chance(30);
            let (width, value) = if plain {
                (32, ParamValue::Int(b.rng.below(8) as u64))
            } else {
                let w = b.range(2, 6);
                (w, ParamValue::Expr(b.constant(w)))
            };
            params.push(Param { name: "K".into(), range: (!plain).then_some(width), value, local: false, header });
            b.leaves.push(Leaf { name: "K".into(), width, pure: true });
            if b.chance(40) {
                let w = b.range(2, 6);
                let value = ParamValue::Expr(b.expr(w, 1, true));
                params.push(Param { name: "L".into(), range: Some(w), value, local: true, header: false });
                b.leaves.push(Leaf { name: "L".into(), width: w, pure: true });
            }
        }
        let debug_form = never_written && b.chance(60);
        let idle_form = never_written && (!debug_form || b.chance(30));
        if debug_form {
            params.push(Param { name: "DEBUG".into(), range: None, value: ParamValue::Int(0), local: false, header: false });
        }

        // Registers.
        let mut regs: Vec<Reg> = Vec::new();
        let reg_count = b.range(1, 6);
        let new_reg = |b: &mut Builder, regs: &mut Vec<Reg>, name: &str, width: usize, may_output: bool| {
            let assigned = name != "idle";
            let init = (assigned && use_init && b.chance(50)).then(|| random_u128(&mut b.rng) & mask(width));
            let in_decl = b.chance(50);
            let output = may_output && b.chance(25);
            regs.push(Reg { name: name.to_string(), width, init, in_decl, output, assigned });
            b.leaves.push(Leaf { name: name.to_string(), width, pure: true });
        };
        for i in 1..=reg_count {
            let w = b.range(1, 8);
            new_reg(&mut b, &mut regs, &format!("r{i}"), w, true);
        }
        if memory && (!wa_input || !ra_input) {
            new_reg(&mut b, &mut regs, "ptr", addr_width, false);
        }
        if memory && registered_read {
            new_reg(&mut b, &mut regs, "q", mem_width, true);
        }
        if debug_form {
            let w = b.range(1, 8);
            new_reg(&mut b, &mut regs, "dbg", w, false);
        }
        if idle_form {
            let w = b.range(1, 8);
            new_reg(&mut b, &mut regs, "idle", w, false);
        }
        if use_init && !regs.iter().any(|r| r.init.is_some()) {
            let r = &mut regs[0];
            r.init = Some(random_u128(&mut b.rng) & mask(r.width));
        }

        // The memory.
        let mut mems = Vec::new();
        let mut wires = Vec::new();
        let mut blocks = Vec::new();
        if memory {
            let init = b.chance(40).then(|| random_u128(&mut b.rng) & mask(mem_width));
            mems.push(Memory { name: "mem".into(), width: mem_width, depth: mem_depth, init });
            let read_addr = if ra_input { "ra" } else { "ptr" };
            let read = Expr::MemRead { mem: "mem".into(), addr: read_addr.into() };
            if registered_read {
                blocks.push(Always {
                    clock: "clk",
                    falling: false,
                    reset: None,
                    body: vec![Stmt::Assign { target: "q".into(), value: read }],
                    label: "q".into(),
                });
            } else {
                wires.push(Net { name: "rd".into(), width: mem_width, value: Some(read) });
                b.leaves.push(Leaf { name: "rd".into(), width: mem_width, pure: !ra_input });
            }
        }

        // Combinational wires, each reading only earlier signals.
        for i in 1..=b.rng.below(3) {
            let w = if wide_in.is_some() && b.chance(20) { b.range(9, 40) } else { b.range(1, 8) };
            let value = b.expr(w, 2, false);
            let name = format!("n{i}");
            let pure = !value.reads_any(&impure_names(&b.leaves));
            wires.push(Net { name: name.clone(), width: w, value: Some(value) });
            b.leaves.push(Leaf { name, width: w, pure });
        }
        let undriven_output = undriven && b.chance(40);
        if undriven && !undriven_output {
            let w = b.range(1, 4);
            wires.push(Net { name: "u".into(), width: w, value: None });
            b.leaves.push(Leaf { name: "u".into(), width: w, pure: true });
        }

        // The memory's write.
        if memory {
            let we = if we_input { Expr::sig("we") } else { b.live_cond(1) };
            let addr = if wa_input { "wa" } else { "ptr" };
            let value = b.expr(mem_width, 2, false);
            let body = vec![Stmt::If { cond: we, then: vec![Stmt::Assign { target: format!("mem[{addr}]"), value }], other: vec![] }];
            blocks.push(Always { clock: "clk", falling: false, reset: None, body, label: "mem".into() });
        }

        // The registers' next-state logic, each in one block.
        let plain_regs: Vec<(String, usize)> =
            regs.iter().filter(|r| !["q", "dbg", "idle"].contains(&r.name.as_str())).map(|r| (r.name.clone(), r.width)).collect();
        let forced_async = b.rng.below(plain_regs.len());
        let forced_enable = b.rng.below(plain_regs.len());
        let forced_sync = b.rng.below(plain_regs.len());
        let (mut used_enable, mut used_sync) = (false, false);
        for (i, (name, width)) in plain_regs.iter().enumerate() {
            let (name, width) = (name.clone(), *width);
            let depth = b.range(1, 3);
            let mut stmt = Stmt::Assign { target: name.clone(), value: b.expr(width, depth, false) };
            if enable && (i == forced_enable || b.chance(40)) {
                used_enable = true;
                let cond = if en_input && b.chance(80) { Expr::sig("en") } else { b.live_cond(1) };
                let other = if b.chance(30) { vec![Stmt::Assign { target: name.clone(), value: b.expr(width, 2, false) }] } else { vec![] };
                stmt = Stmt::If { cond, then: vec![stmt], other };
            }
            let reset = match &reset_input {
                Some((input, low)) if i == forced_async || b.chance(50) => {
                    let value = random_u128(&mut b.rng) & mask(width);
                    Some(AsyncReset { input: input.clone(), active_low: *low, values: vec![(name.clone(), width, value)] })
                }
                _ => None,
            };
            if sync_reset && (i == forced_sync || b.chance(40)) {
                used_sync = true;
                // The reset input may serve as a synchronous reset, in blocks it is not the asynchronous one of.
                let cond = match &reset_input {
                    _ if srst_input && b.chance(80) => Expr::sig("srst"),
                    Some((name, false)) if reset.is_none() && b.chance(50) => Expr::sig(name),
                    Some((name, true)) if reset.is_none() && b.chance(50) => Expr::LogNot(boxed(Expr::sig(name))),
                    _ => b.live_cond(1),
                };
                let value = b.constant(width);
                stmt = Stmt::If { cond, then: vec![Stmt::Assign { target: name.clone(), value }], other: vec![stmt] };
            }
            // Sometimes share the block of the previous register.
            let merge = match blocks.last() {
                Some(Always { reset: last, label, .. }) if label != "mem" && label != "q" && b.chance(30) => last.is_some() == reset.is_some(),
                _ => false,
            };
            if merge {
                let last = blocks.last_mut().expect("a block to merge with");
                last.body.push(stmt);
                last.label = format!("{}, {name}", last.label);
                if let (Some(into), Some(from)) = (&mut last.reset, reset) {
                    into.values.extend(from.values);
                }
            } else {
                blocks.push(Always { clock: "clk", falling: false, reset, body: vec![stmt], label: name.clone() });
            }
        }
        if debug_form {
            let w = regs.iter().find(|r| r.name == "dbg").map_or(1, |r| r.width);
            let value = b.expr(w, 2, false);
            let body = vec![Stmt::If { cond: Expr::sig("DEBUG"), then: vec![Stmt::Assign { target: "dbg".into(), value }], other: vec![] }];
            blocks.push(Always { clock: "clk", falling: false, reset: None, body, label: "dbg".into() });
        }

        // Outputs: the first Mealy if so chosen, the others Moore.
        let mut outputs = Vec::new();
        for i in 1..=b.range(1, 3) {
            let w = b.range(1, 8);
            let value = if mealy && i == 1 {
                let inputs_and_wires: Vec<Leaf> = b.leaves.iter().filter(|l| !l.pure).cloned().collect();
                let leaf = inputs_and_wires[b.rng.below(inputs_and_wires.len())].clone();
                let op = SAME_WIDTH_OPS[b.rng.below(SAME_WIDTH_OPS.len())];
                let moore = b.expr(w, 2, true);
                let read = b.fit(&leaf, w);
                Expr::Bin(op, boxed(moore), boxed(read))
            } else {
                b.expr(w, 2, true)
            };
            outputs.push(Net { name: format!("o{i}"), width: w, value: Some(value) });
        }
        if let Some(w) = wide_out {
            let op = SAME_WIDTH_OPS[b.rng.below(SAME_WIDTH_OPS.len())];
            let value = Expr::Bin(op, boxed(b.expr(w, 2, false)), boxed(b.wide_mix(w)));
            outputs.push(Net { name: "wo".into(), width: w, value: Some(value) });
        }
        if undriven_output {
            let w = b.range(1, 4);
            outputs.push(Net { name: "u".into(), width: w, value: None });
        }

        // The never-written registers and the undriven wire must be read, by
        // an output or by next-state logic; the wide input by next-state logic.
        enum Read {
            Signal(Leaf),
            Bit(Expr),
        }
        let mut unread: Vec<Read> = b.leaves.iter().filter(|l| ["dbg", "idle"].contains(&l.name.as_str())).cloned().map(Read::Signal).collect();
        if undriven && !undriven_output {
            unread.extend(b.leaves.iter().filter(|l| l.name == "u").cloned().map(Read::Signal));
        }
        if let Some(w) = wide_in {
            let d = Leaf { name: "d".into(), width: w, pure: false };
            let bit = if b.chance(50) {
                let k = b.range(2, w);
                let slice = b.fit(&d, k);
                Expr::Reduce(RED_OPS[b.rng.below(3)], boxed(slice))
            } else {
                let k = b.range(9, w);
                let op = COMPARE_OPS[b.rng.below(COMPARE_OPS.len())];
                Expr::Bin(op, boxed(b.fit(&d, k)), boxed(b.expr(k, 1, false)))
            };
            unread.push(Read::Bit(bit));
        }
        for item in unread {
            let op = [BinOp::Xor, BinOp::Or, BinOp::Add][b.rng.below(3)];
            let in_output = matches!(item, Read::Signal(_)) && b.chance(50);
            let target = if in_output {
                let driven: Vec<usize> = (0..outputs.len()).filter(|&k| outputs[k].value.is_some()).collect();
                let k = driven[b.rng.below(driven.len())];
                let width = outputs[k].width;
                outputs[k].value.as_mut().map(|v| (v, width))
            } else {
                let candidates: Vec<usize> = (0..blocks.len()).filter(|&k| !["mem", "q", "dbg"].contains(&blocks[k].label.as_str())).collect();
                let k = candidates[b.rng.below(candidates.len())];
                first_assign(&mut blocks[k].body).map(|(target, v)| (v, regs.iter().find(|r| r.name == target).map_or(1, |r| r.width)))
            };
            if let Some((value, width)) = target {
                let read = match &item {
                    Read::Signal(leaf) => b.fit(leaf, width),
                    Read::Bit(bit) => Builder::extend(bit.clone(), 1, width),
                };
                let old = std::mem::replace(value, Expr::Const { width: 1, value: 0 });
                *value = Expr::Bin(op, boxed(old), boxed(read));
            }
        }

        // The clocks (issue 56), from a stream of their own.
        let mut c = Rng::new(mix(seed) ^ 0x636c_6f63_6b73);
        let two_clocks = c.below(100) < 20;
        let negedge = c.below(100) < 15;
        if two_clocks {
            for block in blocks.iter_mut() {
                block.clock = if c.below(2) == 0 { "clk" } else { "clk2" };
            }
            // Both clocks take a block where there are two.
            let last = blocks.len() - 1;
            blocks[0].clock = "clk2";
            if last > 0 {
                blocks[last].clock = "clk";
            }
        }
        if negedge {
            let forced = c.below(blocks.len());
            for (k, block) in blocks.iter_mut().enumerate() {
                block.falling = k == forced || c.below(4) == 0;
            }
        }

        // Latches (issue 56), from the clocks' stream after the clocks and
        // from the main one after everything else: a seed without them
        // gives the design it gave before.
        let latch = c.below(100) < 15;
        let mut latches: Vec<Latch> = Vec::new();
        let mut enable_inputs: Vec<String> = Vec::new();
        if latch {
            // Icarus runs an `always @*` only when something it reads
            // changes, never at power-on: a latch open from step 0 whose
            // value read only registers and constants would hold 0 there in
            // Icarus and not in yosys. Each latch's value reads an input
            // (which changes at every step, 1 ns after its enable).
            let data: Vec<Leaf> = b.leaves.iter().filter(|l| inputs.iter().any(|(name, _)| *name == l.name)).cloned().collect();
            let data_names: Vec<String> = data.iter().map(|l| l.name.clone()).collect();
            // A register may open a latch where no asynchronous reset sets
            // it: a reset acts 1 ns into a step, with the data the latch
            // takes, where Icarus would let the latch take the new data
            // before it closes (a race), and clk2fflogic not.
            let asynchronous: Vec<&String> = blocks.iter().filter_map(|k| k.reset.as_ref()).flat_map(|r| r.values.iter().map(|(name, _, _)| name)).collect();
            let openers: Vec<(String, usize)> = regs
                .iter()
                .filter(|r| r.assigned && !["dbg", "idle"].contains(&r.name.as_str()) && !asynchronous.contains(&&r.name))
                .map(|r| (r.name.clone(), r.width))
                .collect();
            let count = if c.below(100) < 30 { 2 } else { 1 };
            for k in 1..=count {
                let name = format!("l{k}");
                let width = b.range(1, 8);
                let (enable, active_low, by_input) = if !openers.is_empty() && c.below(100) < 25 {
                    let (reg, w) = openers[c.below(openers.len())].clone();
                    let select = (w > 1).then(|| {
                        let bit = c.below(w);
                        (bit, bit)
                    });
                    (Expr::Sig { name: reg, select }, c.below(100) < 30, false)
                } else if !enable_inputs.is_empty() && c.below(2) == 0 {
                    // The enable of the latch before, on either level.
                    let input = enable_inputs[0].clone();
                    (Expr::sig(&input), c.below(2) == 0, true)
                } else {
                    let low = c.below(100) < 30;
                    let input = format!("le{}{}", if enable_inputs.is_empty() { "" } else { "2" }, if low { "_n" } else { "" });
                    enable_inputs.push(input.clone());
                    (Expr::sig(&input), low, true)
                };
                let mut value = b.expr(width, 2, false);
                if !value.reads_any(&data_names) {
                    let leaf = data[b.rng.below(data.len())].clone();
                    let op = [BinOp::Xor, BinOp::Or, BinOp::Add][b.rng.below(3)];
                    value = Expr::Bin(op, boxed(value), boxed(b.fit(&leaf, width)));
                }
                let form = [LatchForm::Star, LatchForm::Star, LatchForm::Begin, LatchForm::List][c.below(4)];
                let output = c.below(100) < 25;
                regs.push(Reg { name: name.clone(), width, init: None, in_decl: false, output, assigned: true });
                // Read by an output or a register's next state (always,
                // where it is no output itself).
                if !output || c.below(2) == 0 {
                    read_into(&mut c, &mut b, &mut blocks, &mut outputs, &regs, &Leaf { name: name.clone(), width, pure: false });
                }
                latches.push(Latch { name, enable, active_low, by_input, value, form, flop: false });
            }
        }

        // Arithmetic and case statements, from a stream of their own and
        // from the main one after everything else: a seed without them
        // gives the design it gave before. Each `m` wire is read by a
        // register's next state or an output.
        let mut a = Rng::new(mix(seed) ^ 0x6172_6974_6820);
        let arith = a.below(100) < 20;
        let case = a.below(100) < 15;
        if arith {
            for k in 1..=1 + a.below(2) {
                let width = b.range(2, 6);
                let pow2: Vec<Leaf> = b.leaves.iter().filter(|l| [2, 4, 8].contains(&l.width) && !["K", "L"].contains(&l.name.as_str())).cloned().collect();
                let value = match a.below(5) {
                    0 => Expr::Bin(BinOp::Mul, boxed(b.expr(width, 1, false)), boxed(b.expr(width, 1, false))),
                    1 | 2 => {
                        let by = b.range(1, 3);
                        let kind = SHIFT_KINDS[a.below(3)];
                        Expr::VarShift { kind, value: boxed(b.expr(width, 1, false)), by: boxed(b.leaf(by, false)) }
                    }
                    3 => {
                        let w = b.compare_width().max(2);
                        let op = COMPARE_OPS[a.below(COMPARE_OPS.len())];
                        Builder::extend(Expr::Signed(op, boxed(b.expr(w, 1, false)), boxed(b.expr(w, 1, false))), 1, width)
                    }
                    _ if !pow2.is_empty() => {
                        let leaf = &pow2[a.below(pow2.len())];
                        let by = b.leaf(leaf.width.trailing_zeros() as usize, false);
                        Builder::extend(Expr::Index { name: leaf.name.clone(), by: boxed(by) }, 1, width)
                    }
                    _ => Expr::Bin(BinOp::Mul, boxed(b.expr(width, 1, false)), boxed(b.leaf(width, false))),
                };
                let name = format!("m{k}");
                wires.push(Net { name: name.clone(), width, value: Some(value) });
                read_into(&mut a, &mut b, &mut blocks, &mut outputs, &regs, &Leaf { name, width, pure: false });
            }
        }
        if case {
            // A register's block in a case of a selector of 1 or 2 bits:
            // its statements under one value, the register's other next
            // states under the others.
            let registers: Vec<usize> = (0..blocks.len()).filter(|&i| !["mem", "q", "dbg"].contains(&blocks[i].label.as_str())).collect();
            if let Some(&i) = registers.get(a.below(registers.len().max(1))) {
                let target = blocks[i].label.split(", ").next().unwrap_or_default().to_string();
                let width = regs.iter().find(|r| r.name == target).map_or(1, |r| r.width);
                let sel_width = 1 + a.below(2);
                let sel = b.leaf(sel_width, false);
                let mut values: Vec<u128> = (0..1u128 << sel_width).collect();
                for k in (1..values.len()).rev() {
                    values.swap(k, a.below(k + 1));
                }
                values.truncate(1 + a.below(values.len()));
                let mut arms = Vec::new();
                for (k, v) in values.iter().enumerate() {
                    let body = if k == 0 {
                        std::mem::take(&mut blocks[i].body)
                    } else {
                        vec![Stmt::Assign { target: target.clone(), value: b.expr(width, 2, false) }]
                    };
                    arms.push((*v, body));
                }
                let default =
                    (values.len() < 1 << sel_width && a.below(100) < 70).then(|| vec![Stmt::Assign { target: target.clone(), value: b.expr(width, 2, false) }]);
                blocks[i].body = vec![Stmt::Case { sel, width: sel_width, arms, default }];
            }
        }

        // The ports, the clocks first.
        let mut ports = vec![Port { name: "clk".into(), input: true, width: 1 }];
        if two_clocks {
            ports.push(Port { name: "clk2".into(), input: true, width: 1 });
        }
        ports.extend(enable_inputs.iter().map(|name| Port { name: name.clone(), input: true, width: 1 }));
        ports.extend(inputs.iter().map(|(name, width)| Port { name: name.clone(), input: true, width: *width }));
        ports.extend(regs.iter().filter(|r| r.output).map(|r| Port { name: r.name.clone(), input: false, width: r.width }));
        ports.extend(outputs.iter().map(|o| Port { name: o.name.clone(), input: false, width: o.width }));

        let flags = [
            (use_init || mems.iter().any(|m| m.init.is_some()), "init"),
            (never_written, "never-written"),
            (use_params, "parameter"),
            (async_reset, "async-reset"),
            (sync_reset && used_sync, "sync-reset"),
            (enable && used_enable, "enable"),
            (memory, "memory"),
            (wide, "wide"),
            (mealy, "mealy"),
            (undriven, "undriven"),
            (two_clocks, "two-clocks"),
            (negedge, "negedge"),
            (latch, "latch"),
            (arith, "arith"),
            (case, "case"),
        ];
        classes.extend(flags.iter().filter(|(on, _)| *on).map(|(_, name)| *name));
        Design { ansi, params, ports, regs, mems, wires, outputs, blocks, latches, classes }
    }

    /// The module as Verilog text (module `t`).
    pub fn verilog(&self) -> String {
        let mut lines = Vec::new();
        let header_params: Vec<String> = self.params.iter().filter(|p| p.header && self.ansi).map(Param::text).collect();
        let params = if header_params.is_empty() { String::new() } else { format!(" #({})", header_params.join(", ")) };
        let reg_of = |name: &str| self.regs.iter().find(|r| r.name == name);
        if self.ansi {
            let ports: Vec<String> = self
                .ports
                .iter()
                .map(|p| {
                    let dir = if p.input { "input" } else { "output" };
                    match reg_of(&p.name) {
                        Some(r) => format!("{dir} reg {}{}", range_text(p.width), r.decl_tail()),
                        None => format!("{dir} {}{}", range_text(p.width), p.name),
                    }
                })
                .collect();
            lines.push(format!("module t{params}({});", ports.join(", ")));
        } else {
            let names: Vec<&str> = self.ports.iter().map(|p| p.name.as_str()).collect();
            lines.push(format!("module t{params}({});", names.join(", ")));
            for p in &self.ports {
                lines.push(format!("  {} {}{};", if p.input { "input" } else { "output" }, range_text(p.width), p.name));
            }
        }
        for p in self.params.iter().filter(|p| !(p.header && self.ansi)) {
            lines.push(format!("  {};", p.text()));
        }
        for r in &self.regs {
            if !(r.output && self.ansi) {
                lines.push(format!("  reg {}{};", range_text(r.width), r.decl_tail()));
            }
        }
        for m in &self.mems {
            lines.push(format!("  reg {}{} [0:{}];", range_text(m.width), m.name, m.depth - 1));
            if let Some(v) = m.init {
                lines.push("  integer i;".into());
                lines.push(format!("  initial for (i = 0; i < {}; i = i + 1) {}[i] = {};", m.depth, m.name, const_text(m.width, v)));
            }
        }
        for r in &self.regs {
            if let (Some(v), false) = (r.init, r.in_decl) {
                lines.push(format!("  initial {} = {};", r.name, const_text(r.width, v)));
            }
        }
        for w in &self.wires {
            match &w.value {
                Some(v) => lines.push(format!("  wire {}{} = {};", range_text(w.width), w.name, v.text())),
                None => lines.push(format!("  wire {}{};", range_text(w.width), w.name)),
            }
        }
        for block in &self.blocks {
            block.print(&mut lines);
        }
        let params: Vec<String> = self.params.iter().map(|p| p.name.clone()).collect();
        for latch in &self.latches {
            latch.print(&mut lines, &params);
        }
        for o in &self.outputs {
            if let Some(v) = &o.value {
                lines.push(format!("  assign {} = {};", o.name, v.text()));
            }
        }
        lines.push("endmodule".into());
        lines.join("\n") + "\n"
    }

    /// Its ports, clk first, in declaration order.
    pub fn ports(&self) -> Vec<Port> {
        self.ports.clone()
    }

    /// Whether it has clocks beyond the rising edge of `clk`, or latches
    /// (the classes `two-clocks`, `negedge`, `latch`): a testbench then
    /// drives each clock as an input at every step.
    pub fn in_steps(&self) -> bool {
        self.classes.iter().any(|c| ["two-clocks", "negedge", "latch"].contains(c))
    }

    /// The inputs that open its latches (`le`, `le_n`, ...), in port order:
    /// in steps they change with the clocks, before the other inputs.
    pub fn latch_enables(&self) -> Vec<&str> {
        let opens = |name: &str| self.latches.iter().any(|l| l.by_input && matches!(&l.enable, Expr::Sig { name: n, .. } if n == name));
        self.ports.iter().filter(|p| p.input && opens(&p.name)).map(|p| p.name.as_str()).collect()
    }

    /// Its clock inputs: `clk`, and `clk2` where it has two.
    pub fn clocks(&self) -> Vec<&str> {
        self.ports.iter().filter(|p| p.name == "clk" || p.name == "clk2").map(|p| p.name.as_str()).collect()
    }

    /// Verilog hierarchical names (relative to an instance, e.g. "r3", "mem") of every `reg` or memory
    /// declared WITHOUT an initial value, with for memories the word count: (name, Some(words)) for a
    /// memory, (name, None) for a plain reg. A testbench sets each to 0 at time 0 (the power-on rule:
    /// registers without an initial value power on at 0). Latches are registers here: each holds 0
    /// until it first opens.
    pub fn zeroed(&self) -> Vec<(String, Option<usize>)> {
        let regs = self.regs.iter().filter(|r| r.init.is_none()).map(|r| (r.name.clone(), None));
        let mems = self.mems.iter().filter(|m| m.init.is_none()).map(|m| (m.name.clone(), Some(m.depth)));
        regs.chain(mems).collect()
    }

    /// Nets (wires or output ports) that nothing drives, wholly: a testbench `force`s each to 0
    /// (the rule: a net nothing drives reads 0).
    pub fn undriven(&self) -> Vec<String> {
        self.wires.iter().chain(&self.outputs).filter(|n| n.value.is_none()).map(|n| n.name.clone()).collect()
    }

    /// Up to `n` one-operator mutants (each differs from self at exactly one place), each with a
    /// short description such as "r2: + became -" or "reset value of r1: 3 became 1". Deterministic in (self, seed).
    /// Mutants may happen to be equivalent to the original; that is fine (ground truth decides).
    pub fn mutants(&self, seed: u64, n: usize) -> Vec<(String, Design)> {
        let mut rng = Rng::new(mix(seed));
        let mut count = Mutation { target: usize::MAX, seen: 0, rng: &mut rng, note: None, focus_sites: Vec::new() };
        count.design(&mut self.clone());
        let (total, focus_sites) = (count.seen, count.focus_sites);
        let mut sites: Vec<usize> = (0..total).collect();
        let mut out = Vec::new();
        for k in 0..n.min(total) {
            // A latch design's first mutant changes a latch's machine, an
            // arith or case design's one of those constructs.
            let pick = if k == 0 && !focus_sites.is_empty() { focus_sites[rng.below(focus_sites.len())] } else { k + rng.below(total - k) };
            sites.swap(k, pick);
            let mut mutant = self.clone();
            let mut m = Mutation { target: sites[k], seen: 0, rng: &mut rng, note: None, focus_sites: Vec::new() };
            m.design(&mut mutant);
            if let Some(note) = m.note {
                out.push((note, mutant));
            }
        }
        out
    }

    /// The classes this design exercises, e.g. ["init", "never-written", "parameter", "async-reset", "memory", "wide", "mealy", "undriven"],
    /// for counts in a report.
    pub fn classes(&self) -> Vec<&'static str> {
        self.classes.clone()
    }
}

impl Param {
    fn text(&self) -> String {
        let kind = if self.local { "localparam" } else { "parameter" };
        let range = self.range.map(range_text).unwrap_or_default();
        let value = match &self.value {
            ParamValue::Int(v) => v.to_string(),
            ParamValue::Expr(e) => e.text(),
        };
        format!("{kind} {range}{} = {value}", self.name)
    }
}

impl Reg {
    /// The name, with ` = value` when it is initialised in the declaration.
    fn decl_tail(&self) -> String {
        match (self.init, self.in_decl) {
            (Some(v), true) => format!("{} = {}", self.name, const_text(self.width, v)),
            _ => self.name.clone(),
        }
    }
}

impl Always {
    fn print(&self, lines: &mut Vec<String>) {
        let mut head = format!("  always @({} {}", if self.falling { "negedge" } else { "posedge" }, self.clock);
        let body: Vec<Stmt> = match &self.reset {
            None => self.body.clone(),
            Some(r) => {
                head += &format!(" or {} {}", if r.active_low { "negedge" } else { "posedge" }, r.input);
                let cond = if r.active_low { Expr::LogNot(boxed(Expr::sig(&r.input))) } else { Expr::sig(&r.input) };
                let then = r
                    .values
                    .iter()
                    .map(|(name, width, value)| Stmt::Assign { target: name.clone(), value: Expr::Const { width: *width, value: *value } })
                    .collect();
                vec![Stmt::If { cond, then, other: self.body.clone() }]
            }
        };
        head += ")";
        match body.as_slice() {
            [Stmt::Assign { target, value }] => lines.push(format!("{head} {target} <= {};", value.text())),
            [one] => {
                lines.push(head);
                print_stmt(one, 2, "", lines);
            }
            _ => {
                lines.push(format!("{head} begin"));
                for s in &body {
                    print_stmt(s, 2, "", lines);
                }
                lines.push("  end".into());
            }
        }
    }
}

impl Latch {
    /// What opens it, as a condition: `le`, `!le_n`, `r2[1]`.
    fn cond(&self) -> Expr {
        if self.active_low {
            Expr::LogNot(boxed(self.enable.clone()))
        } else {
            self.enable.clone()
        }
    }

    /// Its block (`params`: the parameters' names, which a sensitivity list leaves out).
    fn print(&self, lines: &mut Vec<String>, params: &[String]) {
        let value = self.value.text();
        let (head, stmt) = if self.flop {
            let edge = if self.active_low { "negedge" } else { "posedge" };
            (format!("always @({edge} {})", self.enable.text()), format!("{} <= {value};", self.name))
        } else {
            let head = match self.form {
                LatchForm::Star => "always @*".to_string(),
                LatchForm::Begin => "always @(*)".to_string(),
                LatchForm::List => {
                    let mut read = Vec::new();
                    self.enable.names(&mut read);
                    self.value.names(&mut read);
                    read.retain(|n| !params.contains(n));
                    format!("always @({})", read.join(" or "))
                }
            };
            (head, format!("if ({}) {} = {value};", self.cond().text(), self.name))
        };
        if self.form == LatchForm::Begin {
            lines.push(format!("  {head} begin"));
            lines.push(format!("    {stmt}"));
            lines.push("  end".into());
        } else {
            lines.push(format!("  {head} {stmt}"));
        }
    }
}

fn print_stmt(s: &Stmt, indent: usize, prefix: &str, lines: &mut Vec<String>) {
    let pad = "  ".repeat(indent);
    match s {
        Stmt::Assign { target, value } => lines.push(format!("{pad}{prefix}{target} <= {};", value.text())),
        Stmt::If { cond, then, other } => {
            print_branch(&format!("{prefix}if ({})", cond.text()), then, indent, lines);
            match other.as_slice() {
                [] => {}
                [nested @ Stmt::If { .. }] => print_stmt(nested, indent, "else ", lines),
                _ => print_branch("else", other, indent, lines),
            }
        }
        Stmt::Case { sel, width, arms, default } => {
            lines.push(format!("{pad}{prefix}case ({})", sel.text()));
            for (value, body) in arms {
                print_branch(&format!("{}:", const_text(*width, *value)), body, indent + 1, lines);
            }
            if let Some(body) = default {
                print_branch("default:", body, indent + 1, lines);
            }
            lines.push(format!("{pad}endcase"));
        }
    }
}

/// `head` and its statements: on one line for one assignment, else in `begin ... end`
/// (which also keeps an inner `if` from taking an outer `else`).
fn print_branch(head: &str, body: &[Stmt], indent: usize, lines: &mut Vec<String>) {
    let pad = "  ".repeat(indent);
    if let [Stmt::Assign { target, value }] = body {
        lines.push(format!("{pad}{head} {target} <= {};", value.text()));
        return;
    }
    lines.push(format!("{pad}{head} begin"));
    for s in body {
        print_stmt(s, indent + 1, "", lines);
    }
    lines.push(format!("{pad}end"));
}

/// A walk over every place a mutant may change, in a fixed order: counting
/// them (`target` out of reach), or changing the `target`th.
struct Mutation<'r> {
    target: usize,
    seen: usize,
    rng: &'r mut Rng,
    /// What was changed, once it was.
    note: Option<String>,
    /// The places a design's first mutant is drawn from, where it has
    /// any: those that change a latch into another machine (its enable
    /// inverted, a flip-flop in its place), and the constructs of the
    /// `arith` and `case` classes (a product, a shift by a signal, a signed
    /// comparison, a case item).
    focus_sites: Vec<usize>,
}

impl Mutation<'_> {
    /// Whether the current place is the one to change.
    fn hit(&mut self) -> bool {
        let hit = self.seen == self.target;
        self.seen += 1;
        hit
    }

    /// [`Mutation::hit`] at a place of [`Mutation::focus_sites`].
    fn focus_hit(&mut self) -> bool {
        self.focus_sites.push(self.seen);
        self.hit()
    }

    fn design(&mut self, d: &mut Design) {
        for p in &mut d.params {
            match &mut p.value {
                ParamValue::Int(v) => {
                    if self.hit() {
                        let old = *v;
                        *v ^= 1 << self.rng.below(if old < 2 { 1 } else { 3 });
                        self.note = Some(format!("{}: {old} became {v}", p.name));
                    }
                }
                ParamValue::Expr(e) => self.expr(e, &p.name),
            }
        }
        for r in &mut d.regs {
            match r.init {
                Some(old) => {
                    if self.hit() {
                        let new = other_value(self.rng, r.width, old);
                        r.init = Some(new);
                        self.note = Some(format!("initial value of {}: {old} became {new}", r.name));
                    }
                    if self.hit() {
                        r.init = None;
                        self.note = Some(format!("{}: initial value {old} removed", r.name));
                    }
                }
                // (never one for a reg never assigned: see `Reg::assigned`)
                None if r.assigned && self.hit() => {
                    let new = random_u128(self.rng) & mask(r.width);
                    r.init = Some(new);
                    self.note = Some(format!("{}: initial value {new} added", r.name));
                }
                None => {}
            }
        }
        for m in &mut d.mems {
            match m.init {
                Some(old) if self.hit() => {
                    let new = other_value(self.rng, m.width, old);
                    m.init = Some(new);
                    self.note = Some(format!("initial value of {}: {old} became {new}", m.name));
                }
                _ => {}
            }
        }
        for w in &mut d.wires {
            if let Some(v) = &mut w.value {
                self.expr(v, &w.name);
            }
        }
        // A block's edge flipped, where the design has clocks of its own
        // (a design without stays the one it was, its mutants too).
        let clocked = d.classes.iter().any(|c| ["two-clocks", "negedge"].contains(c));
        for block in d.blocks.iter_mut().filter(|_| clocked) {
            if self.hit() {
                block.falling = !block.falling;
                let (old, new) = if block.falling { ("posedge", "negedge") } else { ("negedge", "posedge") };
                self.note = Some(format!("the edge of {}'s block: {old} {} became {new}", block.label, block.clock));
            }
        }
        for block in &mut d.blocks {
            if let Some(reset) = &mut block.reset {
                for (name, width, value) in &mut reset.values {
                    if self.hit() {
                        let old = *value;
                        *value = other_value(self.rng, *width, old);
                        self.note = Some(format!("reset value of {name}: {old} became {value}"));
                    }
                }
            }
            self.stmts(&mut block.body, &block.label);
        }
        for o in &mut d.outputs {
            if let Some(v) = &mut o.value {
                self.expr(v, &o.name);
            }
        }
        // A latch's enable inverted; the latch a flip-flop on the edge that
        // opens it, where an input opens it (a register's bit as a clock
        // would change with the data it samples).
        for l in &mut d.latches {
            if self.focus_hit() {
                let old = l.cond().text();
                l.active_low = !l.active_low;
                self.note = Some(format!("{}: the latch's enable inverted, if ({old}) became if ({})", l.name, l.cond().text()));
            }
            if l.by_input && !l.flop && self.focus_hit() {
                l.flop = true;
                let edge = if l.active_low { "negedge" } else { "posedge" };
                self.note = Some(format!("{}: the latch became a flip-flop on {edge} {}", l.name, l.enable.text()));
            }
            self.expr(&mut l.value, &l.name);
        }
    }

    fn stmts(&mut self, stmts: &mut [Stmt], label: &str) {
        for s in stmts {
            match s {
                Stmt::Assign { target, value } => {
                    let at = target.split('[').next().unwrap_or(target).to_string();
                    self.expr(value, &at);
                }
                Stmt::If { cond, then, other } => {
                    if self.hit() {
                        invert(cond);
                        self.note = Some(format!("{label}: if condition inverted"));
                    }
                    self.expr(cond, label);
                    self.stmts(then, label);
                    self.stmts(other, label);
                }
                Stmt::Case { sel, width, arms, default } => {
                    for (value, _) in arms.iter_mut() {
                        if self.focus_hit() {
                            let old = *value;
                            *value = other_value(self.rng, *width, old);
                            self.note = Some(format!("{label}: case item {} became {}", const_text(*width, old), const_text(*width, *value)));
                        }
                    }
                    self.expr(sel, label);
                    for (_, body) in arms.iter_mut() {
                        self.stmts(body, label);
                    }
                    if let Some(body) = default {
                        self.stmts(body, label);
                    }
                }
            }
        }
    }

    fn expr(&mut self, e: &mut Expr, at: &str) {
        match e {
            Expr::Const { width, value } => {
                if self.hit() {
                    let old = const_text(*width, *value);
                    *value ^= 1 << self.rng.below(*width);
                    self.note = Some(format!("{at}: {old} became {}", const_text(*width, *value)));
                }
            }
            Expr::Sig { .. } | Expr::MemRead { .. } => {}
            Expr::Not(x) | Expr::LogNot(x) | Expr::Repl(_, x) => self.expr(x, at),
            Expr::Reduce(op, x) => {
                if self.hit() {
                    let old = *op;
                    let others: Vec<RedOp> = RED_OPS.into_iter().filter(|o| *o != old).collect();
                    *op = others[self.rng.below(others.len())];
                    self.note = Some(format!("{at}: reduction {} became {}", old.text(), op.text()));
                }
                self.expr(x, at);
            }
            Expr::Bin(op, a, b) => {
                let product = *op == BinOp::Mul;
                if (product && self.focus_hit()) || (!product && self.hit()) {
                    let old = *op;
                    let others: Vec<BinOp> = old.family().iter().copied().filter(|o| *o != old).collect();
                    *op = others[self.rng.below(others.len())];
                    self.note = Some(format!("{at}: {} became {}", old.text(), op.text()));
                }
                self.expr(a, at);
                self.expr(b, at);
            }
            Expr::Shift { left, value, .. } => {
                if self.hit() {
                    *left = !*left;
                    let (old, new) = if *left { (">>", "<<") } else { ("<<", ">>") };
                    self.note = Some(format!("{at}: {old} became {new}"));
                }
                self.expr(value, at);
            }
            Expr::Mux(c, a, b) => {
                if self.hit() {
                    invert(c);
                    self.note = Some(format!("{at}: ?: condition inverted"));
                }
                self.expr(c, at);
                self.expr(a, at);
                self.expr(b, at);
            }
            Expr::Concat(parts) => {
                for p in parts {
                    self.expr(p, at);
                }
            }
            Expr::VarShift { kind, value, by } => {
                if self.focus_hit() {
                    let old = *kind;
                    let others: Vec<ShiftKind> = SHIFT_KINDS.into_iter().filter(|k| *k != old).collect();
                    *kind = others[self.rng.below(others.len())];
                    self.note = Some(format!("{at}: shift {} became {}", old.text(), kind.text()));
                }
                self.expr(value, at);
                self.expr(by, at);
            }
            Expr::Signed(op, a, b) => {
                if self.focus_hit() {
                    let old = *op;
                    let others: Vec<BinOp> = COMPARE_OPS.into_iter().filter(|o| *o != old).collect();
                    *op = others[self.rng.below(others.len())];
                    self.note = Some(format!("{at}: signed {} became {}", old.text(), op.text()));
                }
                if self.focus_hit() {
                    let unsigned = Expr::Bin(*op, a.clone(), b.clone());
                    self.note = Some(format!("{at}: $signed dropped from {}", op.text()));
                    *e = unsigned;
                    return;
                }
                self.expr(a, at);
                self.expr(b, at);
            }
            Expr::Index { by, .. } => self.expr(by, at),
        }
    }
}

/// `c` becomes `!c`.
fn invert(c: &mut Expr) {
    let inner = std::mem::replace(c, Expr::Const { width: 1, value: 0 });
    *c = Expr::LogNot(boxed(inner));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    fn have(tool: &str, flag: &str) -> bool {
        Command::new(tool).arg(flag).output().is_ok()
    }

    /// How many seeds the tests with tools take: `default`, or `NIMFORGE_DESIGN_SEEDS` for a longer run.
    fn seed_count(default: u64) -> u64 {
        std::env::var("NIMFORGE_DESIGN_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    /// The design of each seed, and one mutant of it.
    fn with_a_mutant(seed: u64) -> Vec<(String, Design)> {
        let d = Design::generate(seed);
        let mut all = vec![("original".to_string(), d.clone())];
        all.extend(d.mutants(seed, 1));
        all
    }

    /// A fresh scratch directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nimforge-fuzz-design-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn the_same_seed_gives_the_same_text() {
        for seed in 0..300 {
            let (a, b) = (Design::generate(seed), Design::generate(seed));
            assert_eq!(a.verilog(), b.verilog());
            let (ma, mb) = (a.mutants(seed, 5), b.mutants(seed, 5));
            let texts = |m: &[(String, Design)]| m.iter().map(|(n, d)| format!("{n}\n{}", d.verilog())).collect::<Vec<_>>();
            assert_eq!(texts(&ma), texts(&mb));
        }
        assert_ne!(Design::generate(1).verilog(), Design::generate(2).verilog());
    }

    #[test]
    fn classes_appear_often_but_not_always() {
        let seeds = 2000;
        let designs: Vec<Design> = (0..seeds).map(Design::generate).collect();
        for class in ["init", "never-written", "parameter", "async-reset", "sync-reset", "enable", "memory", "wide", "mealy"] {
            let count = designs.iter().filter(|d| d.classes().contains(&class)).count();
            let percent = count * 100 / seeds as usize;
            assert!((15..=55).contains(&percent), "{class}: {percent}%");
        }
        for class in ["two-clocks", "negedge", "latch", "arith", "case"] {
            let percent = designs.iter().filter(|d| d.classes().contains(&class)).count() * 100 / seeds as usize;
            assert!((10..=25).contains(&percent), "{class}: {percent}%");
        }
        // Within the standard run's seeds (0..300) too, each kind of latch.
        let latches: Vec<&Latch> = designs[..300].iter().flat_map(|d| &d.latches).collect();
        assert!(latches.len() >= 30, "{} latches in seeds 0..300", latches.len());
        for (what, seen) in [
            ("opened by a register's bit", latches.iter().any(|l| !l.by_input)),
            ("open while low", latches.iter().any(|l| l.active_low)),
            ("with a sensitivity list", latches.iter().any(|l| l.form == LatchForm::List)),
            ("in begin ... end", latches.iter().any(|l| l.form == LatchForm::Begin)),
            ("as an output", designs[..300].iter().any(|d| d.latches.iter().any(|l| d.ports().iter().any(|p| p.name == l.name)))),
        ] {
            assert!(seen, "no latch {what} in seeds 0..300");
        }
        // A design of none of these classes has one clock's rising edge only, and no latch.
        for d in designs.iter().filter(|d| !d.in_steps()) {
            assert!(!d.verilog().contains("clk2") && !d.verilog().contains("negedge clk") && !d.verilog().contains("always @*"));
            assert!(d.latches.is_empty() && d.latch_enables().is_empty());
        }
        for d in designs.iter().filter(|d| d.classes().contains(&"latch")) {
            assert!(!d.latches.is_empty());
            // Each latch holds 0 until it first opens.
            assert!(d.latches.iter().all(|l| d.zeroed().contains(&(l.name.clone(), None))));
        }
        let undriven = designs.iter().filter(|d| !d.undriven().is_empty()).count() * 100 / seeds as usize;
        assert!((2..=9).contains(&undriven), "undriven: {undriven}%");
        for d in &designs {
            assert_eq!(d.classes().contains(&"undriven"), !d.undriven().is_empty());
            let ports = d.ports();
            assert_eq!(ports[0], Port { name: "clk".into(), input: true, width: 1 });
            let input_bits: usize =
                ports[1..].iter().filter(|p| p.input && p.name != "clk2" && !d.latch_enables().contains(&p.name.as_str())).map(|p| p.width).sum();
            assert!(d.classes().contains(&"wide") || input_bits <= 20, "{input_bits} input bits\n{}", d.verilog());
            let lines = d.verilog().lines().count();
            assert!((4..=70).contains(&lines), "{lines} lines\n{}", d.verilog());
        }
        let small = designs.iter().filter(|d| d.ports().iter().filter(|p| p.input && p.name != "clk").map(|p| p.width).sum::<usize>() <= 12);
        assert!(small.count() * 100 / seeds as usize >= 60);
    }

    #[test]
    fn mutants_differ_at_one_place() {
        for seed in 0..300 {
            let d = Design::generate(seed);
            let text = d.verilog();
            let mutants = d.mutants(seed ^ 7, 8);
            assert!(!mutants.is_empty(), "no mutant for seed {seed}");
            for (note, m) in &mutants {
                let mt = m.verilog();
                assert_ne!(mt, text, "{note}");
                let (old, new): (Vec<&str>, Vec<&str>) = (text.lines().collect(), mt.lines().collect());
                let changed = old.iter().filter(|l| !new.contains(l)).count() + new.iter().filter(|l| !old.contains(l)).count();
                // A latch made a flip-flop: its block's head and statement.
                let most = if note.contains("became a flip-flop") { 4 } else { 2 };
                assert!(changed <= most, "seed {seed}, {note}: {changed} lines changed\n{text}\n{mt}");
                assert_eq!(m.ports(), d.ports());
            }
        }
    }

    /// Runs yosys's checks on `file`: it must parse, elaborate, have no
    /// latch but the `latches` it was written with, no multiple drivers
    /// and no combinational loop.
    fn yosys_check(file: &Path, undriven: bool, latches: usize) -> Result<(), String> {
        let check = if undriven { "check" } else { "check -assert" };
        let script = format!(
            "read_verilog -sv {}; hierarchy -check -top t; proc; {check}; select -assert-count {latches} t:$dlatch; select -assert-none t:$adlatch t:$dlatchsr",
            file.display()
        );
        let out = Command::new("yosys").args(["-p", &script]).output().map_err(|e| e.to_string())?;
        let log = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        let bad = if latches == 0 {
            &["multiple conflicting drivers", "found logic loop", "Latch inferred"][..]
        } else {
            &["multiple conflicting drivers", "found logic loop"][..]
        };
        if !out.status.success() || bad.iter().any(|b| log.contains(b)) {
            let worth = |l: &&str| l.contains("ERROR") || l.contains("Warning") || bad.iter().any(|b| l.contains(b));
            return Err(log.lines().filter(worth).collect::<Vec<_>>().join("\n"));
        }
        Ok(())
    }

    fn icarus_compile(file: &Path) -> Result<(), String> {
        let out = Command::new("iverilog").args(["-g2012", "-o", "/dev/null"]).arg(file).output().map_err(|e| e.to_string())?;
        if out.status.success() && out.stderr.is_empty() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    #[test]
    fn designs_and_mutants_read_in_yosys_and_icarus() {
        if !have("yosys", "-V") || !have("iverilog", "-V") {
            eprintln!("skipped: yosys or iverilog not on PATH");
            return;
        }
        let dir = scratch("read");
        let mut failures = Vec::new();
        let mut checked = 0;
        for seed in 0..seed_count(200) {
            let d = Design::generate(seed);
            let mut all = vec![("original".to_string(), d.clone())];
            all.extend(d.mutants(seed, 2));
            for (k, (note, design)) in all.iter().enumerate() {
                let file = dir.join(format!("s{seed}_{k}.v"));
                std::fs::write(&file, design.verilog()).expect("write");
                let undriven = !design.undriven().is_empty() || design.classes().contains(&"never-written");
                let latches = design.latches.iter().filter(|l| !l.flop).count();
                for result in [yosys_check(&file, undriven, latches), icarus_compile(&file)] {
                    if let Err(e) = result {
                        failures.push(format!("seed {seed} ({note}):\n{}\n{e}", design.verilog()));
                    }
                }
                checked += 1;
            }
        }
        assert!(failures.is_empty(), "{} of {checked} failed; first:\n{}", failures.len(), failures[0]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A testbench that zeroes `zeroed()`, forces `undriven()` to 0, drives
    /// random inputs for `cycles` clock cycles and prints every output each
    /// cycle (in binary, so x and z show).
    fn testbench(d: &Design, cycles: usize) -> String {
        let ports = d.ports();
        let mut tb = vec!["module tb;".to_string()];
        for p in &ports {
            let kind = if p.input { "reg" } else { "wire" };
            // A clock starts at 0 with no event: x to 0 would be a falling edge.
            let init = if p.name == "clk" || p.name == "clk2" { " = 1'b0" } else { "" };
            tb.push(format!("  {kind} {}{}{init};", range_text(p.width), p.name));
        }
        let conns: Vec<String> = ports.iter().map(|p| format!(".{0}({0})", p.name)).collect();
        tb.push(format!("  t dut({});", conns.join(", ")));
        tb.push("  integer k, j;".into());
        tb.push("  initial begin".into());
        for (name, words) in d.zeroed() {
            match words {
                None => tb.push(format!("    dut.{name} = 0;")),
                Some(n) => tb.push(format!("    for (j = 0; j < {n}; j = j + 1) dut.{name}[j] = 0;")),
            }
        }
        for name in d.undriven() {
            tb.push(format!("    force dut.{name} = 0;"));
        }

        tb.push(format!("    for (k = 0; k < {cycles}; k = k + 1) begin"));
        let enables = d.latch_enables();
        for p in ports.iter().filter(|p| p.input && p.name != "clk" && p.name != "clk2" && !enables.contains(&p.name.as_str())) {
            tb.push(format!("      {} = {{$random, $random, $random, $random}};", p.name));
        }
        let outs: Vec<&Port> = ports.iter().filter(|p| !p.input).collect();
        let format = outs.iter().map(|_| "%b").collect::<Vec<_>>().join(" ");
        let names = outs.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
        // A second clock changes with the first, never with the data (no race).
        let clk2 = if ports.iter().any(|p| p.name == "clk2") { " clk2 = $random;" } else { "" };
        tb.push(format!("      #1 $display(\"{format}\", {names});"));
        tb.push(format!("      #1 clk = 1;{clk2}"));
        tb.push(format!("      #1 $display(\"{format}\", {names});"));
        tb.push(format!("      #1 clk = 0;{clk2}"));
        // The inputs that open latches (or clock a mutant's flip-flop) at
        // a time of their own: never with the data, nor with a clock.
        if !enables.is_empty() {
            tb.push(format!("      #1 {}", enables.iter().map(|e| format!("{e} = $random;")).collect::<Vec<_>>().join(" ")));
        }
        // The next inputs a step after the falling edge, not with it.
        tb.push("      #1;".into());
        tb.push("    end".into());
        tb.push("    $finish;".into());
        tb.push("  end".into());
        tb.push("endmodule".into());
        tb.join("\n") + "\n"
    }

    /// Simulates `design` (a file holding module `t`) under `tb` in Icarus; the printed lines.
    fn simulate(dir: &Path, name: &str, design: &str, tb: &str) -> Result<String, String> {
        let (dut, bench, exe) = (dir.join(format!("{name}.v")), dir.join(format!("{name}_tb.v")), dir.join(format!("{name}.vvp")));
        std::fs::write(&dut, design).expect("write");
        std::fs::write(&bench, tb).expect("write");
        let out = Command::new("iverilog").args(["-g2012", "-o"]).arg(&exe).arg(&bench).arg(&dut).output().map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        let out = Command::new("vvp").arg("-n").arg(&exe).output().map_err(|e| e.to_string())?;
        Ok(String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.contains("$finish")).collect::<Vec<_>>().join("\n"))
    }

    #[test]
    fn outputs_are_free_of_x_under_the_power_on_rule() {
        if !have("iverilog", "-V") {
            eprintln!("skipped: iverilog not on PATH");
            return;
        }
        let dir = scratch("xfree");
        for seed in 0..seed_count(60) {
            for (note, d) in with_a_mutant(seed) {
                let trace = simulate(&dir, &format!("s{seed}"), &d.verilog(), &testbench(&d, 30)).expect("simulates");
                assert!(!trace.is_empty() && !trace.contains(['x', 'z', 'X', 'Z']), "seed {seed} ({note}):\n{}\n{trace}", d.verilog());
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// yosys's reading of each design (after `proc`, its memories and
    /// flip-flops mapped, the power-on values set) written back as Verilog
    /// must simulate as the original does in Icarus: the two tools agree.
    #[test]
    fn yosys_and_icarus_read_the_same_machine() {
        if !have("yosys", "-V") || !have("iverilog", "-V") {
            eprintln!("skipped: yosys or iverilog not on PATH");
            return;
        }
        let dir = scratch("agree");
        for (seed, (note, d)) in (0..seed_count(60)).flat_map(|seed| with_a_mutant(seed).into_iter().map(move |m| (seed, m))) {
            // yosys may give an x any value it likes, so it reads the twin whose power-on values are written out.
            let mut twin = d.clone();
            twin.regs.iter_mut().filter(|r| r.init.is_none()).for_each(|r| r.init = Some(0));
            twin.mems.iter_mut().filter(|m| m.init.is_none()).for_each(|m| m.init = Some(0));
            let original = dir.join(format!("s{seed}.v"));
            std::fs::write(&original, twin.verilog()).expect("write");
            let rewritten = dir.join(format!("s{seed}_yosys.v"));
            let script = format!(
                "read_verilog -sv {}; hierarchy -top t; proc; opt_clean; memory_collect; memory_map; \
                 setundef -zero -undriven; opt_clean; write_verilog -noattr {}",
                original.display(),
                rewritten.display()
            );
            let out = Command::new("yosys").args(["-q", "-p", &script]).output().expect("yosys runs");
            assert!(out.status.success(), "seed {seed}: {}", String::from_utf8_lossy(&out.stderr));
            let tb = testbench(&d, 30);
            let a = simulate(&dir, &format!("a{seed}"), &d.verilog(), &tb).expect("simulates");
            // The rewrite has its registers initialised already: no zeroing, no forcing.
            let plain = Design { regs: vec![], mems: vec![], wires: vec![], ..d.clone() };
            let text = std::fs::read_to_string(&rewritten).expect("the rewrite");
            let b = simulate(&dir, &format!("b{seed}"), &text, &testbench(&plain, 30)).expect("simulates");
            assert_eq!(a, b, "seed {seed} ({note}):\n{}", d.verilog());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
