//! PLACEHOLDER: learning's game by clicks is not written yet.

use super::Browser;

pub async fn play(b: &Browser) {
    b.open("learning").await;
    b.screenshot("learning").await;
}
