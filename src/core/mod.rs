//! Game-agnostic vocabulary shared by every variant, the search and the protocol:
//! the [`Game`] trait, bit-set iteration, fixed-capacity move lists, scores, a fixed
//! Zobrist key generator, generic perft (`perft`), the rules' end of a game for any `Game`
//! ([`ending`], used by the match referee and datagen) and their seeded random stream
//! ([`rng::Rng`]), the process-wide evaluation mode and the contract between a tunable
//! evaluation and the Texel tuner ([`tune::Tunable`]), the win/draw/loss model
//! ([`wdl::WdlModel`]), the endgame tables' vocabulary ([`tables`]) and the
//! board-geometry description of the pictures ([`picture::Geometry`]), and the allocator
//! setting that gives large blocks back ([`large_blocks`]). It must not know
//! any particular game, and uses nothing else of the crate: every other module may use it.

pub mod bits;
pub mod ending;
pub mod eval_mode;
pub mod game;
pub mod large_blocks;
pub mod movelist;
pub mod perft;
pub mod picture;
pub mod rng;
pub mod score;
pub mod tables;
pub mod tune;
pub mod wdl;
pub mod zobrist;

pub use bits::BitIter;
pub use game::{Game, GameConfig, GenKind, HistoryEntry, Notation, Side, Verdict};
pub use movelist::MoveList;
pub use score::Score;
