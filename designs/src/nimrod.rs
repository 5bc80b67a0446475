//! Nimrod (Ferranti, 1951; seed 003, the booklet; rulings in
//! spec/machines.md, "Nimrod").
//!
//! The booklet's units as named parts: the main store (four heaps of 0..7),
//! the column counter (two bits; "11" after column 0 means stop), the heap
//! counter (loaded at NEW GAME from the crude random number generator), the
//! heap selected memory (one bit per heap; also the white lights that show
//! the heaps last operated on), the arithmetic unit ([`ArithmeticUnit`]), the
//! modifying number generator ([`ModifyingNumber`]) and the program counter,
//! whose number is the lit instruction (`instruction`, 1..8 as displayed, 9
//! the extra instruction that "is not included in the display", 0 none).
//!
//! The program, one instruction per clock (fast), per `pace` clocks (slow)
//! or per STEP press (manual), as the booklet walks through 7, 1, 6, 4:
//! 1 the column's sum safe? to 7, else 2; 2 the digit at the heap counter's
//! heap a 1 (and, in the multiple game, that heap selected or no selected
//! heap with a 1 here)? to 4, else 3; 3 heap counter + 1, to 2; 4 heap
//! selected memory operated already? to 6, else 5; 5 operate it, to 6;
//! 6 modify the heap, to 7 (simple game) or back to 1 (multiple game: the
//! same column examined again); 7 column counter - 1, "11" to 8, else 1;
//! 8 STOP, or the extra instruction 9 when no heap was modified, which takes
//! 1 from the heap counter's heap (stepping past empty heaps). In the
//! reverse game, transition (at most k heaps above one) is judged when
//! instruction 1 first examines column 2; after it column 0 is safe when its
//! sum leaves 1 over a multiple of k + 1. `oracle::nimrod` explains why.
//!
//! The opponent's buttons are one-cycle pulses: NEW GAME (with the variant
//! switches `reverse_switch`, `k_switch`), "leave n" (`leave` with
//! `leave_heap` and `leave_count`), COMPUTER MOVE, STEP, the mode switch
//! (`set_mode` with `mode_switch`: 0 fast, 1 slow, 2 manual) and SELF PLAY.
//! At power-on and after RESET every register is zero: the simple normal
//! game in set-up with every heap empty. NEW GAME fills the heaps with 7;
//! the opponent then arranges them (any button, any heap),
//! then COMPUTER MOVE lets the machine move first, or SELF PLAY lets it play
//! both sides. On his turns a "leave n" button must lower its heap, at most
//! k heaps a turn, and COMPUTER MOVE needs at least one. A press the rules
//! forbid changes nothing and raises `illegal` for one cycle; so do presses
//! while the program runs, except STEP in manual mode and the mode switch.
//! Every button pressed moves the crude random number generator on by one.

use crate::blocks::arithmetic_unit::ArithmeticUnit;
use crate::blocks::modifying_number::ModifyingNumber;
use rust_hdl::prelude::*;

/// The `phase` output.
pub const SET_UP: u64 = 0;
pub const OPPONENT_TO_MOVE: u64 = 1;
pub const OPPONENT_MOVED: u64 = 2;
pub const COMPUTING: u64 = 3;
pub const OVER: u64 = 4;
/// The `winner` output.
pub const NOBODY: u64 = 0;
pub const OPPONENT: u64 = 1;
pub const COMPUTER: u64 = 2;
/// The `side` output: whom the running program plays for.
pub const SIDE_COMPUTER: bool = false;
/// The extra instruction's number.
pub const EXTRA: u64 = 9;
/// The `lamps` output, one bit per status lamp (booklet, "SOME DETAILS").
pub const LAMP_OPPONENT_WINS: usize = 0;
pub const LAMP_COMPUTER_WINS: usize = 1;
pub const LAMP_OPPONENTS_MOVE: usize = 2;
pub const LAMP_COMPUTER_WILL_MOVE: usize = 3;
pub const LAMP_COMPUTERS_MOVE: usize = 4;

/// D is the width of the slow mode's wait counter; see [`Nimrod::new`].
#[derive(Clone, LogicBlock)]
pub struct Nimrod<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub new_game: Signal<In, Bit>,
    pub reverse_switch: Signal<In, Bit>,
    pub k_switch: Signal<In, Bits<2>>,
    pub leave: Signal<In, Bit>,
    pub leave_heap: Signal<In, Bits<2>>,
    pub leave_count: Signal<In, Bits<3>>,
    pub computer_move: Signal<In, Bit>,
    pub step: Signal<In, Bit>,
    pub set_mode: Signal<In, Bit>,
    pub mode_switch: Signal<In, Bits<2>>,
    pub self_play: Signal<In, Bit>,

    /// The main store.
    pub heap_0: Signal<Out, Bits<3>>,
    pub heap_1: Signal<Out, Bits<3>>,
    pub heap_2: Signal<Out, Bits<3>>,
    pub heap_3: Signal<Out, Bits<3>>,
    pub column_counter: Signal<Out, Bits<2>>,
    pub heap_counter: Signal<Out, Bits<2>>,
    /// The heap selected memory, bit i for heap i (the white lights).
    pub heap_selected: Signal<Out, Bits<4>>,
    /// The lit instruction: 1..8, 9 the extra one, 0 none.
    pub instruction: Signal<Out, Bits<4>>,
    pub transition: Signal<Out, Bit>,
    /// The variant set at NEW GAME.
    pub reverse: Signal<Out, Bit>,
    pub k: Signal<Out, Bits<2>>,
    /// The crude random number generator.
    pub random: Signal<Out, Bits<2>>,
    pub phase: Signal<Out, Bits<3>>,
    /// Whom the running program plays for: 0 the computer, 1 the opponent.
    pub side: Signal<Out, Bit>,
    pub self_playing: Signal<Out, Bit>,
    /// 0 fast, 1 slow, 2 manual.
    pub mode: Signal<Out, Bits<2>>,
    pub dwell: Signal<Out, Bits<D>>,
    pub winner: Signal<Out, Bits<2>>,
    /// The five status lamps (`LAMP_*` bits).
    pub lamps: Signal<Out, Bits<5>>,
    pub illegal: Signal<Out, Bit>,

    store: [DFF<Bits<3>>; 4],
    column: DFF<Bits<2>>,
    heap_ctr: DFF<Bits<2>>,
    selected: DFF<Bits<4>>,
    pc: DFF<Bits<4>>,
    transition_latch: DFF<Bit>,
    reverse_reg: DFF<Bit>,
    /// k - 1, so that every register is zero at power-on.
    k_less_one: DFF<Bits<2>>,
    random_reg: DFF<Bits<2>>,
    phase_reg: DFF<Bits<3>>,
    side_reg: DFF<Bit>,
    split_personality: DFF<Bit>,
    mode_reg: DFF<Bits<2>>,
    wait_reg: DFF<Bits<D>>,
    winner_reg: DFF<Bits<2>>,
    refused: DFF<Bit>,
    arithmetic: ArithmeticUnit,
    modifier: ModifyingNumber,
    last_wait: Constant<Bits<D>>,
    no_heaps: Constant<Bits<4>>,

    /// The digits of the column under examination, bit i for heap i.
    col_digits: Signal<Local, Bits<4>>,
    /// The heap the heap counter names, and its digit in the column.
    here: Signal<Local, Bits<3>>,
    digit: Signal<Local, Bit>,
    here_selected: Signal<Local, Bit>,
    selected_has_one: Signal<Local, Bit>,
    big: Signal<Local, Bits<3>>,
    transition_now: Signal<Local, Bit>,
    total: Signal<Local, Bits<5>>,
    leave_here: Signal<Local, Bits<3>>,
    lower: Signal<Local, Bit>,
    mine: Signal<Local, Bit>,
    chosen: Signal<Local, Bits<3>>,
    room: Signal<Local, Bit>,
    emptied: Signal<Local, Bit>,
    any_press: Signal<Local, Bit>,
    computing: Signal<Local, Bit>,
    advance: Signal<Local, Bit>,
    ending: Signal<Local, Bit>,
    empty_after: Signal<Local, Bit>,
    good_mode: Signal<Local, Bit>,
    start_computer: Signal<Local, Bit>,
    start_split: Signal<Local, Bit>,
    chain: Signal<Local, Bit>,
    begin_move: Signal<Local, Bit>,
    begin_side: Signal<Local, Bit>,
    game_k: Signal<Local, Bits<2>>,
}

impl<const D: usize> Nimrod<D> {
    /// A Nimrod whose slow mode shows each instruction for `pace` clocks.
    pub fn new(pace: u64) -> Self {
        assert!(pace >= 1 && pace <= 1 << D, "pace {pace} does not fit a {D}-bit wait counter");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            new_game: Default::default(),
            reverse_switch: Default::default(),
            k_switch: Default::default(),
            leave: Default::default(),
            leave_heap: Default::default(),
            leave_count: Default::default(),
            computer_move: Default::default(),
            step: Default::default(),
            set_mode: Default::default(),
            mode_switch: Default::default(),
            self_play: Default::default(),
            heap_0: Default::default(),
            heap_1: Default::default(),
            heap_2: Default::default(),
            heap_3: Default::default(),
            column_counter: Default::default(),
            heap_counter: Default::default(),
            heap_selected: Default::default(),
            instruction: Default::default(),
            transition: Default::default(),
            reverse: Default::default(),
            k: Default::default(),
            random: Default::default(),
            phase: Default::default(),
            side: Default::default(),
            self_playing: Default::default(),
            mode: Default::default(),
            dwell: Default::default(),
            winner: Default::default(),
            lamps: Default::default(),
            illegal: Default::default(),
            store: array_init::array_init(|_| Default::default()),
            column: Default::default(),
            heap_ctr: Default::default(),
            selected: Default::default(),
            pc: Default::default(),
            transition_latch: Default::default(),
            reverse_reg: Default::default(),
            k_less_one: Default::default(),
            random_reg: Default::default(),
            phase_reg: Default::default(),
            side_reg: Default::default(),
            split_personality: Default::default(),
            mode_reg: Default::default(),
            wait_reg: Default::default(),
            winner_reg: Default::default(),
            refused: Default::default(),
            arithmetic: Default::default(),
            modifier: Default::default(),
            last_wait: Constant::new((pace - 1).to_bits()),
            no_heaps: Constant::new(0.into()),
            col_digits: Default::default(),
            here: Default::default(),
            digit: Default::default(),
            here_selected: Default::default(),
            selected_has_one: Default::default(),
            big: Default::default(),
            transition_now: Default::default(),
            total: Default::default(),
            leave_here: Default::default(),
            lower: Default::default(),
            mine: Default::default(),
            chosen: Default::default(),
            room: Default::default(),
            emptied: Default::default(),
            any_press: Default::default(),
            computing: Default::default(),
            advance: Default::default(),
            ending: Default::default(),
            empty_after: Default::default(),
            good_mode: Default::default(),
            start_computer: Default::default(),
            start_split: Default::default(),
            chain: Default::default(),
            begin_move: Default::default(),
            begin_side: Default::default(),
            game_k: Default::default(),
        }
    }
}

// The nested `if`s are the Verilog's own: collapsed, the emitted file changes.
#[allow(clippy::collapsible_if)]
impl<const D: usize> Logic for Nimrod<D> {
    #[hdl_gen]
    fn update(&mut self) {
        // hdl_gen reads no Rust constants, so the numbers are written out:
        // phase 0 set-up, 1 opponent to move, 2 opponent moved, 3 computing,
        // 4 over; winner 1 opponent, 2 computer; side false the computer.
        dff_setup!(
            self,
            clock,
            column,
            heap_ctr,
            selected,
            pc,
            transition_latch,
            reverse_reg,
            k_less_one,
            random_reg,
            phase_reg,
            side_reg,
            split_personality,
            mode_reg,
            wait_reg,
            winner_reg,
            refused
        );
        for i in 0..4 {
            self.store[i].clock.next = self.clock.val();
            self.store[i].d.next = self.store[i].q.val();
        }

        self.game_k.next = self.k_less_one.q.val() + 1;

        // What the program looks at.
        self.col_digits.next = 0.into();
        if self.column.q.val() != 3 {
            for i in 0..4 {
                self.col_digits.next = self.col_digits.val().replace_bit(i, self.store[i].q.val().get_bit(self.column.q.val().index()));
            }
        }
        self.here.next = 0.into();
        self.leave_here.next = 0.into();
        for i in 0..4 {
            if self.heap_ctr.q.val().index() == i {
                self.here.next = self.store[i].q.val();
            }
            if self.leave_heap.val().index() == i {
                self.leave_here.next = self.store[i].q.val();
            }
        }
        self.digit.next = self.col_digits.val().get_bit(self.heap_ctr.q.val().index());
        self.here_selected.next = self.selected.q.val().get_bit(self.heap_ctr.q.val().index());
        self.selected_has_one.next = (self.selected.q.val() & self.col_digits.val()).any();
        self.big.next = bit_cast::<3, 1>(self.store[0].q.val().get_bits::<2>(1).any().into())
            + bit_cast::<3, 1>(self.store[1].q.val().get_bits::<2>(1).any().into())
            + bit_cast::<3, 1>(self.store[2].q.val().get_bits::<2>(1).any().into())
            + bit_cast::<3, 1>(self.store[3].q.val().get_bits::<2>(1).any().into());
        self.total.next = bit_cast::<5, 3>(self.store[0].q.val())
            + bit_cast::<5, 3>(self.store[1].q.val())
            + bit_cast::<5, 3>(self.store[2].q.val())
            + bit_cast::<5, 3>(self.store[3].q.val());
        // Reverse game: "only k or less heaps remain with more than one match".
        self.transition_now.next = self.reverse_reg.q.val() & (self.big.val() <= bit_cast::<3, 2>(self.game_k.val()));
        self.arithmetic.digits.next = self.col_digits.val();
        self.arithmetic.k.next = self.game_k.val();
        self.arithmetic.target.next = self.transition_latch.q.val() & (self.column.q.val() == 0);
        self.modifier.column.next = self.column.q.val();
        self.modifier.heap.next = self.here.val();

        // The opponent's "leave n" button.
        self.lower.next = self.leave_count.val() < self.leave_here.val();
        self.mine.next = self.selected.q.val().get_bit(self.leave_heap.val().index());
        self.chosen.next = bit_cast::<3, 1>(self.selected.q.val().get_bit(0).into())
            + bit_cast::<3, 1>(self.selected.q.val().get_bit(1).into())
            + bit_cast::<3, 1>(self.selected.q.val().get_bit(2).into())
            + bit_cast::<3, 1>(self.selected.q.val().get_bit(3).into());
        self.room.next = self.chosen.val() < bit_cast::<3, 2>(self.game_k.val());
        self.emptied.next = (self.total.val() == bit_cast::<5, 3>(self.leave_here.val())) & (self.leave_count.val() == 0);

        self.any_press.next = self.new_game.val() | self.leave.val() | self.computer_move.val() | self.step.val() | self.set_mode.val() | self.self_play.val();
        self.computing.next = self.phase_reg.q.val() == 3;
        self.advance.next = self.computing.val()
            & ((self.mode_reg.q.val() == 0)
                | ((self.mode_reg.q.val() == 1) & (self.wait_reg.q.val() == self.last_wait.val()))
                | ((self.mode_reg.q.val() == 2) & self.step.val()));
        // The move ends with STOP after a modification, or with the extra
        // instruction's take; the store is empty after it when it was (STOP)
        // or when one match was left (the take).
        self.ending.next = ((self.pc.q.val() == 8) & self.selected.q.val().any()) | ((self.pc.q.val() == 9) & self.here.val().any());
        self.empty_after.next = ((self.pc.q.val() == 8) & (self.total.val() == 0)) | ((self.pc.q.val() == 9) & (self.total.val() == 1));
        self.good_mode.next = self.mode_switch.val() != 3;
        self.start_computer.next =
            !self.computing.val() & self.computer_move.val() & (((self.phase_reg.q.val() == 0) & self.total.val().any()) | (self.phase_reg.q.val() == 2));
        self.start_split.next =
            !self.computing.val() & self.self_play.val() & ((self.phase_reg.q.val() == 0) | (self.phase_reg.q.val() == 1)) & self.total.val().any();
        self.chain.next = self.advance.val() & self.ending.val() & !self.empty_after.val() & self.split_personality.q.val();
        self.begin_move.next = self.start_computer.val() | self.start_split.val() | self.chain.val();
        // The side the new move is played for: 1 the opponent.
        self.begin_side.next = self.start_split.val() | (self.chain.val() & !self.side_reg.q.val());

        self.refused.d.next = false;
        if self.any_press.val() {
            self.random_reg.d.next = self.random_reg.q.val() + 1;
        }
        if self.set_mode.val() {
            if self.good_mode.val() {
                self.mode_reg.d.next = self.mode_switch.val();
                self.wait_reg.d.next = 0.into();
            } else {
                self.refused.d.next = true;
            }
        }
        if self.computing.val() {
            if self.new_game.val() | self.leave.val() | self.computer_move.val() | self.self_play.val() | (self.step.val() & (self.mode_reg.q.val() != 2)) {
                self.refused.d.next = true;
            }
            if (self.mode_reg.q.val() == 1) & !(self.set_mode.val() & self.good_mode.val()) {
                if self.advance.val() {
                    self.wait_reg.d.next = 0.into();
                } else {
                    self.wait_reg.d.next = self.wait_reg.q.val() + 1;
                }
            }
            if self.advance.val() {
                // Obey the lit instruction.
                if self.pc.q.val() == 1 {
                    if self.column.q.val() == 2 {
                        self.transition_latch.d.next = self.transition_now.val();
                    }
                    if self.arithmetic.safe.val() {
                        self.pc.d.next = 7.into();
                    } else {
                        self.pc.d.next = 2.into();
                    }
                } else if self.pc.q.val() == 2 {
                    if self.digit.val() & (self.here_selected.val() | !self.selected_has_one.val()) {
                        self.pc.d.next = 4.into();
                    } else {
                        self.pc.d.next = 3.into();
                    }
                } else if self.pc.q.val() == 3 {
                    self.heap_ctr.d.next = self.heap_ctr.q.val() + 1;
                    self.pc.d.next = 2.into();
                } else if self.pc.q.val() == 4 {
                    if self.here_selected.val() {
                        self.pc.d.next = 6.into();
                    } else {
                        self.pc.d.next = 5.into();
                    }
                } else if self.pc.q.val() == 5 {
                    self.selected.d.next = self.selected.q.val().replace_bit(self.heap_ctr.q.val().index(), true);
                    self.pc.d.next = 6.into();
                } else if self.pc.q.val() == 6 {
                    for i in 0..4 {
                        if self.heap_ctr.q.val().index() == i {
                            self.store[i].d.next = self.modifier.modified.val();
                        }
                    }
                    if self.game_k.val() == 1 {
                        self.pc.d.next = 7.into();
                    } else {
                        self.pc.d.next = 1.into();
                    }
                } else if self.pc.q.val() == 7 {
                    self.column.d.next = self.column.q.val() - 1;
                    if self.column.q.val() == 0 {
                        self.pc.d.next = 8.into();
                    } else {
                        self.pc.d.next = 1.into();
                    }
                } else if self.pc.q.val() == 8 {
                    if self.selected.q.val().any() {
                        self.pc.d.next = 0.into();
                    } else {
                        self.pc.d.next = 9.into();
                    }
                } else if self.pc.q.val() == 9 {
                    if self.here.val().any() {
                        for i in 0..4 {
                            if self.heap_ctr.q.val().index() == i {
                                self.store[i].d.next = self.here.val() - 1;
                            }
                        }
                        self.selected.d.next = self.no_heaps.val().replace_bit(self.heap_ctr.q.val().index(), true);
                        self.pc.d.next = 0.into();
                    } else {
                        self.heap_ctr.d.next = self.heap_ctr.q.val() + 1;
                    }
                }
                if self.ending.val() {
                    if self.empty_after.val() {
                        // Normal game: the side that took the last match wins.
                        if self.side_reg.q.val() ^ self.reverse_reg.q.val() {
                            self.winner_reg.d.next = 1.into();
                        } else {
                            self.winner_reg.d.next = 2.into();
                        }
                        self.phase_reg.d.next = 4.into();
                        self.split_personality.d.next = false;
                    } else if !self.split_personality.q.val() {
                        self.phase_reg.d.next = 1.into();
                    }
                }
            }
        } else {
            if self.new_game.val() {
                if self.k_switch.val().any() {
                    self.reverse_reg.d.next = self.reverse_switch.val();
                    self.k_less_one.d.next = self.k_switch.val() - 1;
                    for i in 0..4 {
                        self.store[i].d.next = 7.into();
                    }
                    self.heap_ctr.d.next = self.random_reg.q.val();
                    self.selected.d.next = 0.into();
                    self.phase_reg.d.next = 0.into();
                    self.side_reg.d.next = false;
                    self.winner_reg.d.next = 0.into();
                } else {
                    self.refused.d.next = true;
                }
            }
            if self.leave.val() {
                if (self.phase_reg.q.val() == 0)
                    | ((self.phase_reg.q.val() == 1) & self.lower.val())
                    | ((self.phase_reg.q.val() == 2) & self.lower.val() & (self.mine.val() | self.room.val()))
                {
                    for i in 0..4 {
                        if self.leave_heap.val().index() == i {
                            self.store[i].d.next = self.leave_count.val();
                        }
                    }
                    if self.phase_reg.q.val() == 1 {
                        self.selected.d.next = self.no_heaps.val().replace_bit(self.leave_heap.val().index(), true);
                        self.phase_reg.d.next = 2.into();
                    }
                    if self.phase_reg.q.val() == 2 {
                        self.selected.d.next = self.selected.q.val().replace_bit(self.leave_heap.val().index(), true);
                    }
                    if (self.phase_reg.q.val() != 0) & self.emptied.val() {
                        if self.reverse_reg.q.val() {
                            self.winner_reg.d.next = 2.into();
                        } else {
                            self.winner_reg.d.next = 1.into();
                        }
                        self.phase_reg.d.next = 4.into();
                    }
                } else {
                    self.refused.d.next = true;
                }
            }
            if self.computer_move.val() {
                if !self.start_computer.val() {
                    self.refused.d.next = true;
                }
            }
            if self.self_play.val() {
                if self.start_split.val() {
                    self.split_personality.d.next = true;
                } else {
                    self.refused.d.next = true;
                }
            }
            if self.step.val() {
                self.refused.d.next = true;
            }
        }

        // A move begins: COMPUTER MOVE, SELF PLAY, or in self-play the end of
        // the other side's move. "At the beginning of a move the number 2 is
        // always sent to the column counter"; the heap selected memory is
        // cleared; the heap counter keeps its number.
        if self.begin_move.val() {
            self.pc.d.next = 1.into();
            self.column.d.next = 2.into();
            self.selected.d.next = 0.into();
            self.phase_reg.d.next = 3.into();
            self.side_reg.d.next = self.begin_side.val();
            self.wait_reg.d.next = 0.into();
        }

        // RESET: power-on, every register at zero: the simple normal game
        // in set-up with every heap empty.
        if self.reset.val() {
            for i in 0..4 {
                self.store[i].d.next = 0.into();
            }
            self.column.d.next = 0.into();
            self.heap_ctr.d.next = 0.into();
            self.selected.d.next = 0.into();
            self.pc.d.next = 0.into();
            self.transition_latch.d.next = false;
            self.reverse_reg.d.next = false;
            self.k_less_one.d.next = 0.into();
            self.random_reg.d.next = 0.into();
            self.phase_reg.d.next = 0.into();
            self.side_reg.d.next = false;
            self.split_personality.d.next = false;
            self.mode_reg.d.next = 0.into();
            self.wait_reg.d.next = 0.into();
            self.winner_reg.d.next = 0.into();
            self.refused.d.next = false;
        }

        // The front panel.
        self.heap_0.next = self.store[0].q.val();
        self.heap_1.next = self.store[1].q.val();
        self.heap_2.next = self.store[2].q.val();
        self.heap_3.next = self.store[3].q.val();
        self.column_counter.next = self.column.q.val();
        self.heap_counter.next = self.heap_ctr.q.val();
        self.heap_selected.next = self.selected.q.val();
        self.instruction.next = self.pc.q.val();
        self.transition.next = self.transition_latch.q.val();
        self.reverse.next = self.reverse_reg.q.val();
        self.k.next = self.game_k.val();
        self.random.next = self.random_reg.q.val();
        self.phase.next = self.phase_reg.q.val();
        self.side.next = self.side_reg.q.val();
        self.self_playing.next = self.split_personality.q.val();
        self.mode.next = self.mode_reg.q.val();
        self.dwell.next = self.wait_reg.q.val();
        self.winner.next = self.winner_reg.q.val();
        self.lamps.next = 0.into();
        self.lamps.next = self.lamps.val().replace_bit(0, self.winner_reg.q.val() == 1);
        self.lamps.next = self.lamps.val().replace_bit(1, self.winner_reg.q.val() == 2);
        // Ruling (spec/machines.md, "Nimrod"): (3) while the opponent may
        // move and has changed no heap this turn (set-up, his turn, or his
        // side's move in self-play); (4) from his first changed heap (in
        // set-up, from COMPUTER MOVE) until the computer's move has ended.
        self.lamps.next = self.lamps.val().replace_bit(2, (self.phase_reg.q.val() < 2) | (self.computing.val() & self.side_reg.q.val()));
        self.lamps.next =
            self.lamps.val().replace_bit(3, (self.phase_reg.q.val() == 2) | (self.computing.val() & !self.side_reg.q.val() & !self.split_personality.q.val()));
        self.lamps.next =
            self.lamps.val().replace_bit(4, self.computing.val() & !self.side_reg.q.val() & ((self.mode_reg.q.val() != 0) | self.split_personality.q.val()));
        self.illegal.next = self.refused.q.val();
    }
}
