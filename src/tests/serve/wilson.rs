//! PLACEHOLDER: wilson's game by clicks is not written yet.

use super::Browser;

pub async fn play(b: &Browser) {
    b.open("wilson").await;
    b.screenshot("wilson").await;
}
