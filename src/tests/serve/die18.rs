//! 18-with-a-die by clicks: the human opens with PLAY 1, then reads his
//! H-score and the M-play off the page and plays the dictionary's own best
//! play for his score each turn (the M-play itself refused on the way),
//! until one side has won; then NEW GAME, and PLAY 0 lets the machine open.

use super::Browser;
use nimforge_oracles::die18::dictionary_play;

/// The score readout `name` as a number.
async fn number(b: &Browser, name: &str) -> u8 {
    let text = b.readout(name).await;
    text.parse().unwrap_or_else(|_| panic!("{name} reads '{text}'"))
}

/// A script: the program is off and the readout `name` reads `value`.
fn settled(name: &str, value: u8) -> String {
    format!("return document.body.dataset.moving === '0' && document.querySelector('[data-readout=\"{name}\"]').textContent === '{value}'")
}

const WON: &str = "return document.querySelector('[data-readout=\"winner\"]').textContent.includes('WIN')";

pub async fn play(b: &Browser) {
    b.open("die18").await;
    b.wait("a new game", &format!("{} && {}", settled("M-score", 0).trim_end(), "document.querySelector('[data-readout=\"H-score\"]').textContent === '0'"))
        .await;
    assert_eq!(b.readout("M-play").await, "-");
    assert_eq!(b.lit("barred ").await, 0, "nothing barred before the machine's first play");
    let mut refused = false;
    loop {
        let h = number(b, "H-score").await;
        let m = number(b, "M-score").await;
        let m_play: u8 = b.readout("M-play").await.parse().unwrap_or(0);
        if m_play != 0 {
            // The page bars the M-play and its complement to 7.
            assert_eq!(b.lit("barred ").await, 2);
            assert_eq!(b.lit(&format!("barred {m_play}")).await, 1);
            assert_eq!(b.lit(&format!("barred {}", 7 - m_play)).await, 1);
        }
        if !refused && m_play != 0 {
            b.click(&format!("PLAY {m_play}")).await;
            b.wait_illegal("the M-play refused").await;
            assert_eq!((number(b, "H-score").await, number(b, "M-score").await), (h, m), "a refused play counted");
            refused = true;
        }
        let play = if h == 0 && m == 0 { 1 } else { dictionary_play(h, m_play) };
        b.click(&format!("PLAY {play}")).await;
        assert!(!b.illegal().await, "a click clears the illegal indication");
        let answered = format!(
            "{} || ({} && +document.querySelector('[data-readout=\"M-score\"]').textContent > {m})",
            WON,
            settled("H-score", h + play).trim_start_matches("return ")
        );
        b.wait("the machine's answer", &answered).await;
        assert_eq!(number(b, "H-score").await, h + play);
        assert_eq!(b.lit(&format!("H-play {play}")).await, 1, "the human's last play shown");
        if b.eval(WON).await == serde_json::Value::Bool(true) {
            break;
        }
    }
    assert!(refused, "the machine played at least once");
    let (h, m) = (number(b, "H-score").await, number(b, "M-score").await);
    let winner = b.readout("winner").await;
    match winner.as_str() {
        "YOU WIN" => assert!(h == 18 || m > 18, "H {h}, M {m}"),
        "MACHINE WINS" => assert!(m == 18 || h > 18, "H {h}, M {m}"),
        w => panic!("the winner reads '{w}'"),
    }
    assert_eq!(b.lit("counting oscillator").await, 0, "the game is over");
    b.screenshot("die18").await;
    // A new game, and the machine opens.
    b.click("NEW GAME").await;
    b.wait("a new game", &format!("{} && {}", settled("M-score", 0), "document.querySelector('[data-readout=\"H-score\"]').textContent === '0'")).await;
    assert_eq!(b.readout("winner").await, "");
    b.click("PLAY 0").await;
    b.wait("the machine's opening", &format!("{} && +document.querySelector('[data-readout=\"M-score\"]').textContent > 0", settled("H-score", 0))).await;
    let m_play: u8 = b.readout("M-play").await.parse().expect("an M-play");
    assert_eq!(number(b, "M-score").await, m_play, "the machine's opening is its score");
    assert_eq!(b.lit("H-score ").await, 0);
}
