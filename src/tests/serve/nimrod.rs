//! Nimrod by clicks, as the terminal's game: NEW GAME, the booklet's 7, 1,
//! 6, 4 set up with the "leave n" buttons, COMPUTER MOVE (again at once:
//! refused); the opponent takes one match from the first heap with any
//! each turn (a heap raised once: refused) and the computer takes the
//! last. Then the machine plays itself in slow mode, k = 2: the program's
//! instructions light one by one, then fast to the game's end.

use super::Browser;
use std::time::{Duration, Instant};

/// The heaps as the coloured lights between the push-buttons show them.
const HEAPS: &str = "[0, 1, 2, 3].map(h => document.querySelectorAll(`[data-lamp^=\"matches ${h} \"].lit`).length)";

/// A script: the lamp called `name` is lit.
fn lit(name: &str) -> String {
    format!("document.querySelector(`[data-lamp=\"{name}\"]`).classList.contains('lit')")
}

async fn heaps(b: &Browser) -> Vec<usize> {
    let v = b.eval(&format!("return {HEAPS}")).await;
    v.as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as usize).collect()
}

/// Waits for the heaps to be `want`.
async fn wait_heaps(b: &Browser, what: &str, want: &[usize]) {
    let want = serde_json::to_string(want).unwrap();
    b.wait(what, &format!("return JSON.stringify({HEAPS}) === '{want}'")).await;
}

pub async fn play(b: &Browser) {
    b.open("nimrod").await;
    b.click("NEW GAME").await;
    wait_heaps(b, "the heaps filled", &[7, 7, 7, 7]).await;
    assert!(b.readout("variant").await.starts_with("normal game, k = 1"), "{}", b.readout("variant").await);
    for (h, n) in [(1, 1), (2, 6), (3, 4)] {
        b.click(&format!("heap {h} leave {n}")).await;
    }
    wait_heaps(b, "7, 1, 6, 4 set up", &[7, 1, 6, 4]).await;
    assert_eq!(b.readout("heap 2").await, "6");
    b.click("COMPUTER MOVE").await;
    let moved = |before: &[usize]| {
        format!("return {} || ({} && JSON.stringify({HEAPS}) !== '{}')", lit("computer wins"), lit("opponent's move"), serde_json::to_string(before).unwrap())
    };
    b.wait("the computer's first move", &moved(&[7, 1, 6, 4])).await;
    let mut sizes = heaps(b).await;
    assert_eq!(sizes.iter().fold(0, |a, h| a ^ h), 0, "the computer leaves a safe position: {sizes:?}");
    b.click("COMPUTER MOVE").await;
    b.wait_illegal("COMPUTER MOVE before a move refused").await;
    let mut raised = false;
    loop {
        let h = (0..4).find(|&h| sizes[h] > 0).expect("a match is left");
        if !raised && sizes[h] < 7 {
            b.click(&format!("heap {h} leave {}", sizes[h] + 1)).await;
            b.wait_illegal("a heap raised refused").await;
            assert_eq!(heaps(b).await, sizes, "a refused press changes nothing");
            raised = true;
        }
        let mut ours = sizes.clone();
        ours[h] -= 1;
        b.click(&format!("heap {h} leave {}", ours[h])).await;
        assert!(!b.illegal().await, "a click clears the illegal indication");
        wait_heaps(b, "the opponent's move", &ours).await;
        b.wait("(4) lit", &format!("return {}", lit("opponent has moved"))).await;
        assert!(ours.iter().sum::<usize>() > 0, "the opponent took the last match");
        b.click("COMPUTER MOVE").await;
        b.wait("the computer's move", &moved(&ours)).await;
        sizes = heaps(b).await;
        if b.eval(&format!("return {}", lit("computer wins"))).await == serde_json::Value::Bool(true) {
            assert_eq!(sizes, vec![0, 0, 0, 0]);
            break;
        }
        assert_eq!(sizes.iter().fold(0, |a, h| a ^ h), 0, "the computer leaves a safe position: {sizes:?}");
    }
    assert_eq!(b.readout("winner").await, "THE COMPUTER WINS");
    assert!(raised, "a heap was raised once");

    // Self-play in slow mode, k = 2: the program lit instruction by
    // instruction, with the arrows of its transfers of control.
    b.click("SLOW").await;
    b.click("k = 2").await;
    b.click("NEW GAME").await;
    b.wait("a new game with k = 2", &format!("return document.querySelector('[data-readout=\"variant\"]').textContent.startsWith('normal game, k = 2, slow') && JSON.stringify({HEAPS}) === '[7,7,7,7]'")).await;
    b.click("heap 0 leave 3").await;
    b.click("heap 3 leave 2").await;
    wait_heaps(b, "two heaps lowered", &[3, 7, 7, 2]).await;
    // Every lamp of the display lit from now on, in order.
    b.eval(
        "window.seen = []; const o = new MutationObserver(ms => { for (const m of ms) { \
         const n = m.target.dataset.lamp; if (m.target.classList.contains('lit') && seen[seen.length - 1] !== n) seen.push(n); } }); \
         document.querySelectorAll('[data-lamp^=\"instruction \"], [data-lamp^=\"arrow \"]').forEach(l => \
         o.observe(l, { attributes: true, attributeFilter: ['class'] })); return true",
    )
    .await;
    b.click("SELF PLAY").await;
    b.wait_shown("an instruction lit", "return seen.length > 0").await;
    b.wait_shown("an arrow lit", "return seen.some(n => n.startsWith('arrow '))").await;
    let seen = b.eval("return seen").await;
    let seen: Vec<&str> = seen.as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(seen[0], "instruction 1", "the program starts at instruction 1: {seen:?}");
    let arrow = seen.iter().position(|n| n.starts_with("arrow ")).unwrap();
    let to = seen[arrow].rsplit(' ').next().unwrap();
    assert_eq!(seen[arrow - 1], format!("instruction {to}"), "an arrow lit with the instruction it leads to: {seen:?}");
    b.click("FAST").await;
    // The rest of the game is paced by the page: polled past PATIENCE.
    let start = Instant::now();
    let over = "return document.querySelector('[data-readout=\"winner\"]').textContent.includes('WINS')";
    while b.eval(over).await != serde_json::Value::Bool(true) {
        assert!(start.elapsed() < Duration::from_secs(240), "the self-played game did not end");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    b.wait("the self-played game's end", over).await;
    assert_eq!(heaps(b).await, vec![0, 0, 0, 0]);
    assert_eq!(b.lit("opponent wins").await + b.lit("computer wins").await, 1, "one winner's statement lit");
    b.screenshot("nimrod").await;
}
