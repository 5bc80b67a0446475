//! The presses: what a person (or the rest of the system) can do in one
//! clock cycle. CHANGE THIS to your design's inputs.

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Press {
    /// Nothing this cycle.
    None,
    /// The reset input high.
    Reset,
    /// The press input high: count one.
    Count,
}
