//! PLACEHOLDER: nimrod's game by clicks is not written yet.

use super::Browser;

pub async fn play(b: &Browser) {
    b.open("nimrod").await;
    b.screenshot("nimrod").await;
}
