//! The learning machine by clicks, as the terminal's game: MEMORY PRELOAD
//! lights its six neons, all right; then a whole game by a visitor who
//! reads the total and the machine's play off the page and plays a winning
//! play when the game's solution has one that is allowed (else the smallest
//! allowed), with the PLAY SELECTOR and PLAY; the machine's own play
//! refused once on the way. Then MEMORY RESET darkens the memory.

use super::Browser;
use nimforge_oracles::counting::{allowed_after, winning_plays};

/// A script: the lamp called `name` is lit.
fn lit(name: &str) -> String {
    format!("document.querySelector(`[data-lamp=\"{name}\"]`).classList.contains('lit')")
}

fn readout(name: &str) -> String {
    format!("document.querySelector('[data-readout=\"{name}\"]').textContent")
}

/// The machine's play: the lit machine play indicator lamp, 0 for none.
async fn machine_play(b: &Browser) -> u8 {
    for p in 1..=6u8 {
        if b.lit(&format!("machine play {p}")).await == 1 {
            return p;
        }
    }
    0
}

/// Sets the play selector at `p` and presses PLAY.
async fn play_selected(b: &Browser, p: u8) {
    b.click(&p.to_string()).await;
    b.wait("the selector set", &format!("return document.querySelector('[data-button=\"{p}\"]').classList.contains('on')")).await;
    b.click("PLAY").await;
}

pub async fn play(b: &Browser) {
    b.open("learning").await;
    b.wait("YOUR TURN", &format!("return {}", lit("your turn"))).await;
    assert_eq!(b.lit("memory ").await, 0, "the memory starts empty");
    b.click("MEMORY PRELOAD").await;
    b.wait("the preloaded memory", &format!("return {} === '6' && {} === '0'", readout("right"), readout("wrong"))).await;
    assert_eq!(b.lit("memory ").await, 6);
    for t in 12..=17u8 {
        assert_eq!(b.lit(&format!("memory total {t} play {}", 18 - t)).await, 1, "total {t}'s winning play preloaded");
    }
    let mut refused = false;
    loop {
        let total: u8 = b.readout("total").await.parse().unwrap();
        let m_play = machine_play(b).await;
        if !refused && m_play != 0 {
            play_selected(b, m_play).await;
            b.wait_illegal("the machine's own play refused").await;
            assert_eq!(b.readout("total").await, total.to_string(), "a refused play changes nothing");
            refused = true;
        }
        let play = winning_plays(total, m_play).first().copied().unwrap_or_else(|| (1..=6).find(|&p| m_play == 0 || allowed_after(m_play, p)).unwrap());
        play_selected(b, play).await;
        assert!(!b.illegal().await, "a click clears the illegal indication");
        let answered = format!(
            "return {w} !== '' || ({turn} && +{t} > {after})",
            w = readout("winner"),
            turn = lit("your turn"),
            t = readout("total"),
            after = total + play
        );
        b.wait("the machine's answer", &answered).await;
        assert_eq!(b.readout("your play").await, play.to_string());
        if !b.readout("winner").await.is_empty() {
            let total: u8 = b.readout("total").await.parse().unwrap();
            assert!(total >= 18, "the game ended at {total}");
            assert_eq!(b.lit("18").await, 1, "the number 18 lit");
            break;
        }
        assert!(b.lit("memory ").await >= 6, "the memory keeps what it learned");
    }
    assert!(refused, "the machine played at least once");
    let winner = b.readout("winner").await;
    assert!(winner == "YOU WIN" || winner == "MACHINE WINS", "{winner}");
    let told = b.eval(&format!("return document.querySelectorAll('[data-lamp^=\"memory \"].lit.red').length === +{}", readout("wrong"))).await;
    assert_eq!(told, serde_json::Value::Bool(true), "the neons learned wrongly are told apart");
    b.click("PLAY").await;
    b.wait_illegal("a play after the game is over refused").await;
    b.screenshot("learning").await;
    b.click("MEMORY RESET").await;
    b.wait("the memory reset", &format!("return {} === '0' && {} === '0'", readout("right"), readout("wrong"))).await;
    assert_eq!(b.lit("memory ").await, 0);
    b.click("NEW GAME").await;
    b.wait("a new game", &format!("return {} && {} === '0'", lit("your turn"), readout("total"))).await;
}
