//! PLACEHOLDER: nimatron's game by clicks is not written yet.

use super::Browser;

pub async fn play(b: &Browser) {
    b.open("nimatron").await;
    b.screenshot("nimatron").await;
}
