//! PLACEHOLDER: die18's game by clicks is not written yet.

use super::Browser;

pub async fn play(b: &Browser) {
    b.open("die18").await;
    b.screenshot("die18").await;
}
