//! What a run found: each level's report ([`LevelReport`], with its
//! [`Replay`] where it mismatched) and each proof's ([`ProofReport`]), the
//! tables `nimforge verify` prints of them (and any other: [`text_table`]); a run split over many machines
//! ([`Shard`], each part's report saying what it covered: [`ShardInfo`])
//! and the parts' reports put back together ([`read_shard`],
//! [`check_cover`], [`merge`]).

mod level;
mod merge;
mod shard;

pub use crate::emitter::report::table as text_table;
pub use crate::levels::equiv::{table as proof_table, ProofReport, ProofStatus};
pub use level::{table, LevelReport, Replay, Status};
pub use merge::{check_cover, merge, read_shard, ShardReport};
pub use shard::{end_line, Fingerprint, Shard, ShardInfo, SCHEDULER_INDEX};
