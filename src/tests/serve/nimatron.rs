//! Nimatron by clicks, combination No. 1 (7, 6, 3, 4): the player reads
//! the rows' lit lamps off the page, plays the XOR rule (the patent's even
//! powers of 2) and puts out the last lamp; the counters TP, MWC, PWC and
//! the token say so, and combination No. 2 is set up by itself. MTR before
//! a lamp and a second row in one turn are refused on the way.

use super::{nim_move, Browser};

const ROWS: [&str; 4] = ["a", "b", "c", "d"];

/// The lit lamps of rows a..d.
async fn rows(b: &Browser) -> [usize; 4] {
    [b.lit("row a ").await, b.lit("row b ").await, b.lit("row c ").await, b.lit("row d ").await]
}

/// A script: lamp P is lit, the machine waits for the player, and the
/// rows' lit lamps number `total` in all (or fewer, with `fewer`).
fn player_turn(total: usize, fewer: bool) -> String {
    let op = if fewer { "<" } else { "===" };
    format!(
        "return document.querySelector('[data-lamp=\"P\"]').classList.contains('lit') && \
         document.body.dataset.moving === '0' && \
         document.querySelectorAll('[data-lamp^=\"row \"].lit').length {op} {total}"
    )
}

pub async fn play(b: &Browser) {
    b.open("nimatron").await;
    b.wait("combination No. 1 set up", &player_turn(7 + 6 + 3 + 4, false)).await;
    assert_eq!(rows(b).await, [7, 6, 3, 4]);
    assert_eq!(b.readout("combination").await, "No. 1");
    // MTR before a lamp is out: refused.
    b.click("MTR").await;
    b.wait_illegal("MTR before a lamp refused").await;
    let mut first_turn = true;
    loop {
        let lit = rows(b).await;
        assert_eq!(b.lit("AL").await + b.lit("BL").await + b.lit("CL").await + b.lit("DL").await, 0, "a lock held at the turn's start");
        let (row, n) = nim_move(&lit.map(|s| s as u32));
        let n = n as usize;
        for _ in 0..n {
            b.click(&format!("P{}", ROWS[row].to_uppercase())).await;
        }
        assert!(!b.illegal().await, "a click clears the illegal indication");
        let mut after = lit;
        after[row] -= n;
        let total: usize = after.iter().sum();
        if total == 0 {
            break;
        }
        let script = format!("return document.querySelectorAll('[data-lamp^=\"row {}\"].lit').length === {}", ROWS[row], after[row]);
        b.wait("the player's lamps out", &script).await;
        assert_eq!(rows(b).await, after);
        assert_eq!(b.lit(&format!("{}L", ROWS[row].to_uppercase())).await, 1, "the row's lock");
        if first_turn {
            // A second row in the same turn: refused, nothing put out.
            let other = (0..4).find(|&r| r != row && after[r] > 0).expect("another row has lamps");
            b.click(&format!("P{}", ROWS[other].to_uppercase())).await;
            b.wait_illegal("a second row refused").await;
            assert_eq!(rows(b).await, after, "a refused lamp went out");
            first_turn = false;
        }
        b.click("MTR").await;
        b.wait("the machine's move", &player_turn(total, true)).await;
        let sizes = rows(b).await;
        assert_ne!(sizes.iter().fold(0, |a, s| a ^ s), 0, "the machine left a safe position to a correct player: {sizes:?}");
    }
    let counted = "return document.querySelector('[data-readout=\"PWC\"]').textContent === '001' && \
                   document.querySelector('[data-readout=\"tokens\"]').textContent === '1 released'";
    b.wait("the game counted and a token released", counted).await;
    assert_eq!(b.readout("last game").await, "THE PLAYER WON");
    assert_eq!((b.readout("TP").await, b.readout("MWC").await), ("001".to_string(), "000".to_string()));
    assert_eq!(b.readout("tokens").await, "1 released", "a player's win releases a token");
    // The next combination is set up by itself: 3, 4, 7, 5.
    b.wait("combination No. 2 set up", &player_turn(3 + 4 + 7 + 5, false)).await;
    assert_eq!(b.readout("combination").await, "No. 2");
    assert_eq!(rows(b).await, [3, 4, 7, 5]);
    assert_eq!(b.readout("last game").await, "THE PLAYER WON", "the last result stays shown");
    b.screenshot("nimatron").await;
}
