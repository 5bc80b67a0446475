//! What a crate that checks its own design meets, in one line:
//! `use nimforge_verify::prelude::*;`. The trait a machine implements
//! ([`Machine`], its [`Letter`]s and [`Port`]s, the port macros [`ports!`]
//! and [`verilog_ports!`], the [`Recorder`] its whole-move runs are written
//! with); the [`Project`] that generates, verifies and builds it, what it
//! found ([`Verified`], [`LevelReport`], [`Status`], [`Level`], [`Engine`])
//! and its [`Error`]; and the progress display ([`Ui`]).

pub use crate::design_source::Source;
pub use crate::error::Error;
pub use crate::harness::{Letter, Machine, Recorder};
pub use crate::level::{Engine, Level, Stage};
pub use crate::options::Options;
pub use crate::port::Port;
pub use crate::project::{Project, Verified};
pub use crate::report::{LevelReport, Status};
pub use crate::ui::Ui;
pub use crate::{ports, verilog_ports};
