//! Game-agnostic vocabulary shared by every variant, the search and the protocol:
//! the [`Game`] trait, bit-set iteration, fixed-capacity move lists, scores, a fixed
//! Zobrist key generator, the rules' end of a game for any `Game` ([`ending`], used by the
//! match referee and datagen) and their seeded random stream ([`rng::Rng`]). It must not
//! know any particular game.

pub mod bits;
pub mod ending;
pub mod eval_mode;
pub mod game;
pub mod movelist;
pub mod rng;
pub mod score;
pub mod tune;
pub mod zobrist;

pub use bits::BitIter;
pub use game::{Game, GameConfig, GenKind, HistoryEntry, Notation, Side, Verdict};
pub use movelist::MoveList;
pub use score::Score;
