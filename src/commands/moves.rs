//! `nimforge move` and `nimforge replay`: what the machine's handler
//! ([`crate::moves`]) told, printed.

use crate::moves::{Line, Out};

/// Runs `handler` and prints what it told, in order: its lines on standard
/// output, refusals on standard error; its exit status.
pub fn told(handler: impl FnOnce(&mut Out) -> Result<i32, crate::Error>) -> Result<i32, crate::Error> {
    let mut out = Out::default();
    let result = handler(&mut out);
    for line in out.lines {
        match line {
            Line::Say(text) => println!("{text}"),
            Line::Refused(why) => eprintln!("nimforge: {why}"),
        }
    }
    result
}
