//! Wilson's judge by clicks: a double click on JUDGE while it judges a long
//! position is refused; then a game from a group of 7 (lost for the side
//! that just moved): the machine plays the move its judge finds (PLAY THE
//! MOVE), the visitor takes one counter from the end of the largest group
//! each turn and keys in the row it leaves, every position the visitor
//! leaves is judged lost with a move found, and the machine takes the last
//! counter.

use super::{search_cycles, Browser};

/// Keys a group in on the keypad.
async fn enter(b: &Browser, group: u32) {
    for d in group.to_string().chars() {
        b.click(&d.to_string()).await;
    }
    b.click("ENTER").await;
}

/// The position in the slots, as the page shows it (empty slots left out).
async fn position(b: &Browser) -> Vec<u32> {
    let mut groups = vec![];
    for s in 0..8 {
        let n: u32 = b.readout(&format!("slot {s}")).await.parse().unwrap();
        assert_eq!(b.lit(&format!("slot {s} counter ")).await, n as usize, "slot {s}'s counters are its number");
        if n > 0 {
            groups.push(n);
        }
    }
    groups
}

fn shows(position: &[u32]) -> String {
    let slots: Vec<String> = (0..8).map(|s| format!("document.querySelector('[data-readout=\"slot {s}\"]').textContent")).collect();
    let mut want: Vec<String> = position.iter().map(|g| g.to_string()).collect();
    want.resize(8, "0".into());
    format!("return [{}].join() === '{}'", slots.join(", "), want.join(","))
}

const VERDICT: &str = "return document.querySelector('[data-readout=\"for\"]').textContent.includes('for the side')";

pub async fn play(b: &Browser) {
    b.open("wilson").await;
    b.wait("the empty slots", &shows(&[])).await;
    // The longest search among seeded positions: a second JUDGE while it
    // runs (a double click) is refused.
    let long = nimforge::harness::wilson::random_positions(3_000, 1).into_iter().max_by_key(|&g| search_cycles(g)).unwrap();
    assert!(search_cycles(long) > 400, "a long search: {}", search_cycles(long));
    for g in long {
        enter(b, g as u32).await;
    }
    let want: Vec<u32> = long.iter().map(|&g| g as u32).collect();
    b.wait("the long position", &shows(&want)).await;
    b.eval("const j = document.querySelector('[data-button=\"JUDGE\"]'); j.dispatchEvent(new MouseEvent('click')); j.dispatchEvent(new MouseEvent('click')); return true").await;
    b.wait_illegal("the second JUDGE refused").await;
    b.wait("the long position's verdict", VERDICT).await;
    b.click("RESET").await;
    b.wait("the judge reset", &shows(&[])).await;

    enter(b, 7).await;
    b.wait("the 7", &shows(&[7])).await;
    b.click("JUDGE").await;
    let mut visitor = vec![7];
    loop {
        b.wait("the judge's verdict", VERDICT).await;
        let verdict = b.readout("verdict").await;
        assert!(verdict == "LOST" && b.readout("leaves").await.contains("it leaves"), "the visitor left {visitor:?}: {verdict}");
        if visitor == [7] {
            b.screenshot("wilson").await;
        }
        b.click("PLAY THE MOVE").await;
        b.wait("the machine's move", "return document.querySelector('[data-readout=\"winner\"]').textContent !== ''").await;
        let mut left = position(b).await;
        if b.readout("winner").await.contains("THE MACHINE WINS") {
            assert_eq!(left, Vec::<u32>::new());
            break;
        }
        assert!(left.iter().sum::<u32>() < visitor.iter().sum::<u32>(), "the machine's move took nothing: {visitor:?} to {left:?}");
        // The visitor: one counter from the end of the largest group.
        let i = (0..left.len()).max_by_key(|&i| left[i]).unwrap();
        left[i] -= 1;
        left.retain(|&g| g > 0);
        visitor = left.clone();
        assert!(!visitor.is_empty(), "the visitor took the last counter");
        for &g in &visitor {
            enter(b, g).await;
        }
        b.wait("the visitor's position", &shows(&visitor)).await;
        b.click("JUDGE").await;
    }
    b.screenshot("wilson-end").await;
}
