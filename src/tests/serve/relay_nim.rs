//! The relay NIM by clicks: the visitor sets up 3, 5, 6 (XOR zero), clicks
//! GO, then plays correctly and takes the last stone. GO before a stone is
//! refused on the way.

use super::{nim_move, Browser};

async fn piles(b: &Browser) -> [usize; 3] {
    [b.lit("pile A ").await, b.lit("pile B ").await, b.lit("pile C ").await]
}

pub async fn play(b: &Browser) {
    b.open("relay-nim").await;
    let full = "return document.querySelectorAll('[data-lamp^=\"pile \"].lit').length === 21";
    b.wait("every pile full", full).await;
    for (pile, n) in [("A", 4), ("B", 2), ("C", 1)] {
        for _ in 0..n {
            b.click(&format!("TAKE {pile}")).await;
        }
    }
    b.wait("piles 3, 5, 6", "return document.querySelectorAll('[data-lamp^=\"pile \"].lit').length === 14").await;
    assert_eq!(piles(b).await, [3, 5, 6]);
    b.click("GO").await;
    let mut total = 14;
    let mut refused_go = false;
    loop {
        let script = format!(
            "return (document.querySelectorAll('[data-lamp^=\"pile \"].lit').length < {total} && \
             !document.querySelector('[data-lamp=\"moving\"]').classList.contains('lit')) || \
             document.querySelector('[data-readout=\"winner\"]').textContent.includes('WINS')"
        );
        b.wait("the machine's move", &script).await;
        assert!(!b.readout("winner").await.contains("MACHINE"), "a correct visitor lost");
        let sizes = piles(b).await;
        assert_ne!(sizes.iter().fold(0, |a, s| a ^ s), 0, "the machine left a safe position: {sizes:?}");
        if !refused_go {
            b.click("GO").await;
            b.wait_illegal("GO before a stone refused").await;
            refused_go = true;
        }
        let (pile, n) = nim_move(&sizes.map(|s| s as u32));
        let n = n as usize;
        for _ in 0..n {
            b.click(&format!("TAKE {}", ["A", "B", "C"][pile])).await;
        }
        assert!(!b.illegal().await, "a click clears the illegal indication");
        let mut after = sizes;
        after[pile] -= n;
        total = after.iter().sum();
        let script = format!("return document.querySelectorAll('[data-lamp^=\"pile \"].lit').length === {total}");
        b.wait("the visitor's stones taken", &script).await;
        assert_eq!(piles(b).await, after);
        if total == 0 {
            break;
        }
        b.click("GO").await;
    }
    b.wait("the visitor wins", "return document.querySelector('[data-readout=\"winner\"]').textContent === 'THE HUMAN WINS'").await;
    b.screenshot("relay-nim").await;
}
