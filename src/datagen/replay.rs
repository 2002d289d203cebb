//! Games of the [`super::games`] format through the rules of a `G: Game`: a played game
//! turned into a record (its moves as indices among the legal moves sorted by
//! `Game::pack`), and a record replayed into its positions, each checked (the variant, the
//! FEN, every move legal) and described by what the load-time filters ([`Filters`]) ask:
//! score, ply, side to move, in check, the move played tactical. Knows no particular game,
//! no file and no search.

use super::games::GameRecord;
use crate::core::score::{is_mate_score, Score};
use crate::core::{Game, GameConfig, MoveList, Side};

/// The legal moves of `pos` in the order the indices count them: by `Game::pack`.
pub fn sorted_moves<G: Game>(pos: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves.sort_by_key(|&m| G::pack(m));
    moves
}

/// The index of `m` among `pos`'s sorted legal moves; `None` when it is not legal.
pub fn move_index<G: Game>(pos: &G, m: G::Move) -> Option<u32> {
    let moves = sorted_moves(pos);
    moves.iter().position(|&x| x == m).map(|i| i as u32)
}

/// The record of a game of variant `variant` from `start`: `opening` unscored moves, then
/// `scored` moves with their scores (side to move's view); `Err` when a move is not legal
/// where it is played.
pub fn record_of<G: Game>(
    variant: &str,
    start: &G,
    opening: &[G::Move],
    scored: &[(G::Move, Score)],
    result: f64,
) -> Result<GameRecord, String> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(opening.len() + scored.len());
    let all = opening.iter().chain(scored.iter().map(|(m, _)| m));
    for (ply, &m) in all.enumerate() {
        let i = move_index(&pos, m).ok_or(format!("ply {ply}: the move is not legal"))?;
        moves.push(i);
        pos.play(m);
    }
    let clamp = |s: Score| s.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
    Ok(GameRecord {
        variant: variant.to_string(),
        start_fen: start.fen(),
        result: GameRecord::result_byte(result),
        opening_plies: u16::try_from(opening.len()).map_err(|_| "too many opening plies")?,
        moves,
        scores: scored.iter().map(|&(_, s)| clamp(s)).collect(),
    })
}

/// One position of a replayed game, before its move.
#[derive(Clone)]
pub struct ReplayedPly<G: Game> {
    /// The position.
    pub pos: G,
    /// The move played from it.
    pub mv: G::Move,
    /// Plies played before it (opening plies counted).
    pub ply: u32,
    /// The search score, side to move's view; `None` for a random opening ply.
    pub score: Option<Score>,
}

impl<G: Game> ReplayedPly<G> {
    /// The side to move.
    pub fn side(&self) -> Side {
        self.pos.side_to_move()
    }
    /// The score from the first side's (White's, Red's) view.
    pub fn first_side_score(&self) -> Option<Score> {
        self.score.map(|s| match self.side() {
            Side::White => s,
            Side::Black => -s,
        })
    }
}

/// Replays `rec` with the rules of `G` under `cfg`: every position with its move and score.
/// `Err` when the FEN is refused or an index names no legal move (the message names the
/// ply); the variant's name is checked by the caller, who chose `G` by it.
pub fn replay<G: Game>(rec: &GameRecord, cfg: &GameConfig) -> Result<Vec<ReplayedPly<G>>, String> {
    let mut pos = G::from_fen(&rec.start_fen, cfg)
        .map_err(|e| format!("start FEN '{}': {e}", rec.start_fen))?;
    let opening = usize::from(rec.opening_plies);
    let mut out = Vec::with_capacity(rec.moves.len());
    for (ply, &index) in rec.moves.iter().enumerate() {
        let moves = sorted_moves(&pos);
        let Some(&mv) = moves.get(index as usize) else {
            return Err(format!(
                "ply {ply}: move index {index}, but the position has {} legal moves",
                moves.len()
            ));
        };
        let score = ply.checked_sub(opening).map(|i| Score::from(rec.scores[i]));
        let next = {
            let mut p = pos.clone();
            p.play(mv);
            p
        };
        out.push(ReplayedPly {
            pos,
            mv,
            ply: ply as u32,
            score,
        });
        pos = next;
    }
    Ok(out)
}

/// Which replayed positions a reader keeps. Random opening plies (no score) are never kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filters {
    /// Skip positions whose side to move is in check.
    pub skip_in_check: bool,
    /// Skip positions whose move played (the search's best) is a capture or promotion.
    pub skip_tactical: bool,
    /// Skip positions before this ply (opening plies counted).
    pub skip_plies: u32,
    /// Skip positions with a mate score.
    pub skip_mates: bool,
}

impl Default for Filters {
    /// What the position formats of `kaleido datagen` keep: quiet positions (not in check,
    /// best move not tactical) after the random plies, no mate score (self-play ends a game
    /// at its first mate score, which those formats never write).
    fn default() -> Self {
        Filters {
            skip_in_check: true,
            skip_tactical: true,
            skip_plies: 0,
            skip_mates: true,
        }
    }
}

impl Filters {
    /// Keep nothing out but the unscored opening plies.
    pub const NONE: Filters = Filters {
        skip_in_check: false,
        skip_tactical: false,
        skip_plies: 0,
        skip_mates: false,
    };

    /// Whether `p` passes.
    pub fn keeps<G: Game>(&self, p: &ReplayedPly<G>) -> bool {
        let Some(score) = p.score else { return false };
        !(p.ply < self.skip_plies
            || (self.skip_mates && is_mate_score(score))
            || (self.skip_in_check && p.pos.in_check())
            || (self.skip_tactical && p.pos.is_tactical(p.mv)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::score::mate_in;
    use crate::variants::chess::Chess;

    #[test]
    fn a_game_round_trips_through_its_record() {
        let cfg = GameConfig::default();
        let start = Chess::startpos(&cfg);
        let mut pos = start;
        let mut played = Vec::new();
        // Scholar's mate: the last move mates, the one before it has a mate score.
        for (i, uci) in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
            .iter()
            .enumerate()
        {
            let m = pos.parse_move(uci, crate::core::Notation::Uci).unwrap();
            played.push((m, if i == 6 { mate_in(1) } else { i as Score * 10 }));
            pos.play(m);
        }
        let opening: Vec<_> = played[..2].iter().map(|p| p.0).collect();
        let rec = record_of("chess", &start, &opening, &played[2..], 1.0).unwrap();
        assert_eq!(rec.result, 2);
        let plies = replay::<Chess>(&rec, &cfg).unwrap();
        assert_eq!(plies.len(), 7);
        for (p, &(m, s)) in plies.iter().zip(&played) {
            assert_eq!(p.mv, m);
            assert_eq!(p.score, (p.ply >= 2).then_some(s));
        }
        let kept = |f: Filters| plies.iter().filter(|p| f.keeps(p)).count();
        assert_eq!(kept(Filters::NONE), 5);
        assert_eq!(kept(Filters::default()), 4); // h5f7 captures (and mates)
        let mates = Filters {
            skip_mates: true,
            ..Filters::NONE
        };
        assert_eq!(kept(mates), 4);
        let late = Filters {
            skip_plies: 4,
            ..Filters::NONE
        };
        assert_eq!(kept(late), 3);
        let mut bad = rec.clone();
        bad.moves[3] = 200;
        assert!(replay::<Chess>(&bad, &cfg)
            .err()
            .unwrap()
            .starts_with("ply 3"));
        bad.start_fen = "nonsense".into();
        assert!(replay::<Chess>(&bad, &cfg).is_err());
    }
}
