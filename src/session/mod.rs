//! The session layer: one game in progress (position + history) behind an
//! object-safe [`Session`] trait, so the protocol can drive any variant while
//! each variant's code is compiled once, generic over its own `Game` type.
//! Dispatch happens once per protocol command, never per node. Moves cross this
//! boundary as text; the protocol never sees a variant's move type.
//! The variants come from the registry (`variants::Variant`); this layer names none.
//!
//! Files: `interface` (the traits the protocol uses), `game` (the generic session and
//! [`new_session`]), `strength` (choosing a weaker move for `Skill Level` /
//! `UCI_LimitStrength`), `bench` (the `bench` command over the registry's positions).

mod bench;
mod game;
mod interface;
pub mod strength;

pub use bench::{bench_report, bench_variant, BenchWith};
pub use game::{new_session, new_session_with, GameSession};
pub use interface::{GoRequest, SearchSink, SearchTools, Session};
