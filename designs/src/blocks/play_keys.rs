//! The keys and buttons the two machines of seed 001 share on a board
//! (`fpga/protocol.md`): keys `0`..`7` are PLAY with the play selector at
//! that number, `n` NEW GAME, `r` RESET; button 0 is NEW GAME and buttons
//! 1..3 PLAY 1..3. Combinational: a key or a press in, the machine's
//! inputs for that cycle out.

use rust_hdl::prelude::*;

#[derive(Clone, LogicBlock, Default)]
pub struct PlayKeys {
    /// The byte received, valid while `pressed` is high.
    pub key: Signal<In, Bits<8>>,
    pub pressed: Signal<In, Bit>,
    /// One cycle per press of each board button.
    pub button_press: Signal<In, Bits<4>>,
    pub play: Signal<Out, Bit>,
    /// The play selector, meaningful while `play` is high.
    pub choice: Signal<Out, Bits<3>>,
    pub new_game: Signal<Out, Bit>,
    pub reset: Signal<Out, Bit>,
    digit_key: Signal<Local, Bit>,
}

impl Logic for PlayKeys {
    #[hdl_gen]
    fn update(&mut self) {
        // `0`..`7` are 0x30..0x37.
        self.digit_key.next = self.pressed.val() & (self.key.val().get_bits::<5>(3) == 0b00110);
        self.play.next = self.digit_key.val() | self.button_press.val().get_bits::<3>(1).any();
        self.reset.next = self.pressed.val() & (self.key.val() == 0x72);
        self.new_game.next = (self.pressed.val() & (self.key.val() == 0x6e)) | self.button_press.val().get_bit(0);
        if self.digit_key.val() {
            self.choice.next = self.key.val().get_bits::<3>(0);
        } else if self.button_press.val().get_bit(1) {
            self.choice.next = 1.into();
        } else if self.button_press.val().get_bit(2) {
            self.choice.next = 2.into();
        } else {
            self.choice.next = 3.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimforge_verify::clocked::Bench;

    /// Every byte, received or not, under every set of button presses: the
    /// protocol's table, with a key winning over the buttons for the play
    /// selector and the lowest button over the others.
    #[test]
    fn every_key_under_every_button() {
        let mut b = Bench::new(PlayKeys::default());
        for key in 0..=255u8 {
            for pressed in [false, true] {
                for buttons in 0..16u8 {
                    b.uut.key.next = (key as u64).into();
                    b.uut.pressed.next = pressed;
                    b.uut.button_press.next = (buttons as u64).into();
                    b.settle();
                    let digit = pressed && (b'0'..=b'7').contains(&key);
                    let button = (1..4).find(|&k| buttons >> k & 1 == 1);
                    let at = format!("key {key:#04x} pressed {pressed} buttons {buttons:04b}");
                    assert_eq!(b.uut.play.val(), digit || button.is_some(), "{at}");
                    if digit {
                        assert_eq!(b.uut.choice.val().index() as u8, key - b'0', "{at}");
                    } else if let Some(k) = button {
                        assert_eq!(b.uut.choice.val().index() as u8, k, "{at}");
                    }
                    assert_eq!(b.uut.reset.val(), pressed && key == b'r', "{at}");
                    assert_eq!(b.uut.new_game.val(), (pressed && key == b'n') || buttons & 1 == 1, "{at}");
                }
            }
        }
    }
}
