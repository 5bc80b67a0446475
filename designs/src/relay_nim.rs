//! The relay NIM (seed 002; rulings in spec/machines.md, "Relay NIM").
//!
//! Three pile registers A, B, C (ones'-complement counters), the XOR of the
//! pile sizes computed continuously, the pile selector with the randomizer's
//! start pile, the selection register, and the sequencer that latches, takes
//! and tests until the XOR is zero. Every register is an output, so a front
//! panel (and every verification level) sees the machine's whole state.
//!
//! Human inputs are one-cycle pulses: TAKE A/B/C (one stone per pulse), GO.
//! Between RESET and the first GO the human sets up the starting position
//! (002: "take marbles away from each pile to create a starting position") and
//! may take from any pile; from then on a turn is stones from one pile, then
//! GO. A press the rules forbid changes nothing and raises `illegal` for one
//! cycle: TAKE from an empty pile or from a second pile in one turn, GO before
//! the human has taken a stone, any press while the machine moves, two
//! buttons at once. GO with every pile empty does nothing (the ruling).

use crate::blocks::pile_counter::PileCounter;
use crate::blocks::pile_selector::PileSelector;
use crate::blocks::randomizer::Randomizer;
use crate::blocks::selection_register::SelectionRegister;
use crate::blocks::sequencer::Sequencer;
use crate::blocks::xor_tree::XorTree;
use rust_hdl::prelude::*;

/// Values of the `winner` output.
pub const NOBODY: u64 = 0;
pub const HUMAN: u64 = 1;
pub const MACHINE: u64 = 2;

/// D is the width of the pacing counter; see [`RelayNim::new`].
#[derive(Clone, LogicBlock)]
pub struct RelayNim<const D: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub take_a: Signal<In, Bit>,
    pub take_b: Signal<In, Bit>,
    pub take_c: Signal<In, Bit>,
    pub go: Signal<In, Bit>,
    /// The A, B, C registers: ones' complement of the pile sizes.
    pub count_a: Signal<Out, Bits<3>>,
    pub count_b: Signal<Out, Bits<3>>,
    pub count_c: Signal<Out, Bits<3>>,
    /// The randomizer: the pile considered first (0 = A).
    pub randomizer: Signal<Out, Bits<2>>,
    /// The sequencer's step (0 idle, 1 latch, 2 take, 3 test) and its pacing counter.
    pub step: Signal<Out, Bits<2>>,
    pub dwell: Signal<Out, Bits<D>>,
    /// The selection register, one-hot.
    pub selected_a: Signal<Out, Bit>,
    pub selected_b: Signal<Out, Bit>,
    pub selected_c: Signal<Out, Bit>,
    /// "The XOR product ... was zero before taking the stone" (step 3).
    pub xor_was_zero: Signal<Out, Bit>,
    /// The pile the human is taking from this turn, one-hot (during play, not set-up).
    pub turn_a: Signal<Out, Bit>,
    pub turn_b: Signal<Out, Bit>,
    pub turn_c: Signal<Out, Bit>,
    /// The machine has moved since RESET: turns are one pile each.
    pub in_game: Signal<Out, Bit>,
    /// Who took the last stone: 0 nobody yet, 1 human, 2 machine.
    pub winner: Signal<Out, Bits<2>>,
    /// The last press was refused.
    pub illegal: Signal<Out, Bit>,

    pile_a: PileCounter<3>,
    pile_b: PileCounter<3>,
    pile_c: PileCounter<3>,
    xor_product: XorTree<3, 3>,
    selector: PileSelector<3, 3>,
    selection: SelectionRegister<3>,
    sequencer: Sequencer<D>,
    rotation: Randomizer<3, 2>,
    zero_before: DFF<Bit>,
    took_a: DFF<Bit>,
    took_b: DFF<Bit>,
    took_c: DFF<Bit>,
    playing: DFF<Bit>,
    won: DFF<Bits<2>>,
    refused: DFF<Bit>,
    nobody: Constant<Bits<2>>,
    human: Constant<Bits<2>>,
    machine: Constant<Bits<2>>,
    one_stone: Constant<Bits<3>>,

    two_pressed: Signal<Local, Bit>,
    free: Signal<Local, Bit>,
    human_took: Signal<Local, Bit>,
    all_empty: Signal<Local, Bit>,
    one_left: Signal<Local, Bit>,
    take_ok_a: Signal<Local, Bit>,
    take_ok_b: Signal<Local, Bit>,
    take_ok_c: Signal<Local, Bit>,
    go_ok: Signal<Local, Bit>,
    go_nothing: Signal<Local, Bit>,
}

impl<const D: usize> RelayNim<D> {
    /// A relay NIM whose sequencer steps last `pace` clock cycles.
    pub fn new(pace: u64) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            take_a: Default::default(),
            take_b: Default::default(),
            take_c: Default::default(),
            go: Default::default(),
            count_a: Default::default(),
            count_b: Default::default(),
            count_c: Default::default(),
            randomizer: Default::default(),
            step: Default::default(),
            dwell: Default::default(),
            selected_a: Default::default(),
            selected_b: Default::default(),
            selected_c: Default::default(),
            xor_was_zero: Default::default(),
            turn_a: Default::default(),
            turn_b: Default::default(),
            turn_c: Default::default(),
            in_game: Default::default(),
            winner: Default::default(),
            illegal: Default::default(),
            pile_a: Default::default(),
            pile_b: Default::default(),
            pile_c: Default::default(),
            xor_product: Default::default(),
            selector: Default::default(),
            selection: Default::default(),
            sequencer: Sequencer::new(pace),
            rotation: Default::default(),
            zero_before: Default::default(),
            took_a: Default::default(),
            took_b: Default::default(),
            took_c: Default::default(),
            playing: Default::default(),
            won: Default::default(),
            refused: Default::default(),
            nobody: Constant::new(NOBODY.into()),
            human: Constant::new(HUMAN.into()),
            machine: Constant::new(MACHINE.into()),
            one_stone: Constant::new(1.into()),
            two_pressed: Default::default(),
            free: Default::default(),
            human_took: Default::default(),
            all_empty: Default::default(),
            one_left: Default::default(),
            take_ok_a: Default::default(),
            take_ok_b: Default::default(),
            take_ok_c: Default::default(),
            go_ok: Default::default(),
            go_nothing: Default::default(),
        }
    }
}

impl<const D: usize> Logic for RelayNim<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, zero_before, took_a, took_b, took_c, playing, won, refused);
        clock!(self, clock, pile_a, pile_b, pile_c, selection, sequencer, rotation);

        // The XOR of the pile sizes, computed continuously.
        self.xor_product.sizes[0].next = self.pile_a.size.val();
        self.xor_product.sizes[1].next = self.pile_b.size.val();
        self.xor_product.sizes[2].next = self.pile_c.size.val();
        // The candidate piles and the randomizer's first choice.
        self.selector.sizes[0].next = self.pile_a.size.val();
        self.selector.sizes[1].next = self.pile_b.size.val();
        self.selector.sizes[2].next = self.pile_c.size.val();
        self.selector.product.next = self.xor_product.product.val();
        self.selector.start[0].next = self.rotation.first[0].val();
        self.selector.start[1].next = self.rotation.first[1].val();
        self.selector.start[2].next = self.rotation.first[2].val();
        // Step 1: latch the chosen pile.
        self.selection.d[0].next = self.selector.chosen[0].val();
        self.selection.d[1].next = self.selector.chosen[1].val();
        self.selection.d[2].next = self.selector.chosen[2].val();
        self.selection.latch.next = self.sequencer.latch.val();
        self.selection.clear.next = self.reset.val();
        // Step 3: done if the XOR is now zero, or was zero before taking the stone.
        self.sequencer.stop.next = self.xor_product.zero.val() | self.zero_before.q.val();
        self.sequencer.reset.next = self.reset.val();
        // The randomizer advances after each machine move.
        self.rotation.advance.next = self.sequencer.done.val();
        // RESET fills the piles; the randomizer keeps counting across games.
        self.rotation.clear.next = false;

        // The human's presses.
        self.two_pressed.next = (self.take_a.val() & self.take_b.val())
            | (self.take_a.val() & self.take_c.val())
            | (self.take_b.val() & self.take_c.val())
            | (self.go.val() & (self.take_a.val() | self.take_b.val() | self.take_c.val()));
        self.free.next = !self.two_pressed.val() & !self.sequencer.busy.val();
        self.human_took.next = self.took_a.q.val() | self.took_b.q.val() | self.took_c.q.val();
        self.all_empty.next = self.pile_a.empty.val() & self.pile_b.empty.val() & self.pile_c.empty.val();
        self.one_left.next = ((self.pile_a.size.val() == self.one_stone.val()) & self.pile_b.empty.val() & self.pile_c.empty.val())
            | (self.pile_a.empty.val() & (self.pile_b.size.val() == self.one_stone.val()) & self.pile_c.empty.val())
            | (self.pile_a.empty.val() & self.pile_b.empty.val() & (self.pile_c.size.val() == self.one_stone.val()));
        self.take_ok_a.next =
            self.take_a.val() & self.free.val() & !self.pile_a.empty.val() & (!self.playing.q.val() | !self.human_took.val() | self.took_a.q.val());
        self.take_ok_b.next =
            self.take_b.val() & self.free.val() & !self.pile_b.empty.val() & (!self.playing.q.val() | !self.human_took.val() | self.took_b.q.val());
        self.take_ok_c.next =
            self.take_c.val() & self.free.val() & !self.pile_c.empty.val() & (!self.playing.q.val() | !self.human_took.val() | self.took_c.q.val());
        self.go_ok.next = self.go.val() & self.free.val() & !self.all_empty.val() & (!self.playing.q.val() | self.human_took.val());
        self.go_nothing.next = self.go.val() & self.free.val() & self.all_empty.val();
        self.sequencer.start.next = self.go_ok.val();

        // Step 2 takes from the latched pile; the human's TAKE from its own.
        self.pile_a.take.next = self.take_ok_a.val() | (self.sequencer.take.val() & self.selection.q[0].val());
        self.pile_b.take.next = self.take_ok_b.val() | (self.sequencer.take.val() & self.selection.q[1].val());
        self.pile_c.take.next = self.take_ok_c.val() | (self.sequencer.take.val() & self.selection.q[2].val());
        self.pile_a.fill.next = self.reset.val();
        self.pile_b.fill.next = self.reset.val();
        self.pile_c.fill.next = self.reset.val();
        if self.sequencer.take.val() {
            self.zero_before.d.next = self.xor_product.zero.val();
        }
        if self.take_ok_a.val() & self.playing.q.val() {
            self.took_a.d.next = true;
        }
        if self.take_ok_b.val() & self.playing.q.val() {
            self.took_b.d.next = true;
        }
        if self.take_ok_c.val() & self.playing.q.val() {
            self.took_c.d.next = true;
        }
        if self.go_ok.val() {
            self.took_a.d.next = false;
            self.took_b.d.next = false;
            self.took_c.d.next = false;
            self.playing.d.next = true;
        }
        if (self.take_ok_a.val() | self.take_ok_b.val() | self.take_ok_c.val()) & self.one_left.val() {
            self.won.d.next = self.human.val();
        }
        if self.sequencer.take.val() & self.one_left.val() {
            self.won.d.next = self.machine.val();
        }
        self.refused.d.next = (self.take_a.val() | self.take_b.val() | self.take_c.val() | self.go.val())
            & !(self.take_ok_a.val() | self.take_ok_b.val() | self.take_ok_c.val() | self.go_ok.val() | self.go_nothing.val());
        if self.reset.val() {
            self.zero_before.d.next = false;
            self.took_a.d.next = false;
            self.took_b.d.next = false;
            self.took_c.d.next = false;
            self.playing.d.next = false;
            self.won.d.next = self.nobody.val();
            self.refused.d.next = false;
        }

        // The front panel.
        self.count_a.next = self.pile_a.stored.val();
        self.count_b.next = self.pile_b.stored.val();
        self.count_c.next = self.pile_c.stored.val();
        self.randomizer.next = self.rotation.value.val();
        self.step.next = self.sequencer.step.val();
        self.dwell.next = self.sequencer.dwell.val();
        self.selected_a.next = self.selection.q[0].val();
        self.selected_b.next = self.selection.q[1].val();
        self.selected_c.next = self.selection.q[2].val();
        self.xor_was_zero.next = self.zero_before.q.val();
        self.turn_a.next = self.took_a.q.val();
        self.turn_b.next = self.took_b.q.val();
        self.turn_c.next = self.took_c.q.val();
        self.in_game.next = self.playing.q.val();
        self.winner.next = self.won.q.val();
        self.illegal.next = self.refused.q.val();
    }
}
