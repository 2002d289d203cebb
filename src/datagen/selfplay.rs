//! One self-play game at fixed nodes for any `G: Game`: random opening plies, then the
//! engine's own search for both sides on one thread, ended by the rules (`core::ending`:
//! the variant's no-move and repetition verdicts, `DRAW_PLIES`, dead material) or by
//! adjudication (a proven mate, a lasting decisive score, a long level stretch, a ply cap).
//! Returns the quiet positions seen with their search scores, every move played (with its
//! score after the random plies) and the result. Knows no particular game, no threads and
//! no file format.

use crate::core::ending::rules_end;
use crate::core::rng::Rng;
use crate::core::score::{is_mate_score, Score};
use crate::core::{Game, HistoryEntry, MoveList, Side, Verdict};
use crate::nnue::Network;
use crate::search::{search, Limits, Report, SearchMemory, SearchRequest, TranspositionTable};
use std::sync::Arc;

/// How games are played and adjudicated.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// Nodes per move.
    pub nodes: u64,
    /// Uniformly random legal plies played before the search takes over.
    pub random_plies: u32,
    /// Openings whose first searched score is beyond this (centipawns) are dropped.
    pub max_opening_score: Score,
    /// A side wins when every score for `resign_plies` plies in a row favours it by this.
    pub resign_score: Score,
    /// Plies in a row the decisive score must last; see `resign_score`.
    pub resign_plies: u32,
    /// After `draw_after_plies`, a draw when `draw_plies` scores in a row are within
    /// `draw_score` of zero.
    pub draw_after_plies: u32,
    /// How near zero (centipawns) a score must be to count as level; see `draw_after_plies`.
    pub draw_score: Score,
    /// Level scores in a row that end the game drawn; see `draw_after_plies`.
    pub draw_plies: u32,
    /// A draw once this many plies are played.
    pub max_plies: u32,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            nodes: 3000,
            random_plies: 8,
            max_opening_score: 400,
            resign_score: 1500,
            resign_plies: 6,
            draw_after_plies: 80,
            draw_score: 8,
            draw_plies: 16,
            max_plies: 500,
        }
    }
}

/// A quiet position met during a game.
#[derive(Clone, Debug)]
pub struct Seen {
    /// Zobrist key, for removing duplicates across the run.
    pub key: u64,
    /// The position as FEN, the first field of its datagen line.
    pub fen: String,
    /// Search score, centipawns, first side's point of view.
    pub score: Score,
    /// The side to move.
    pub side: Side,
    /// The network cells (`Game::nnue_cells`; empty for a variant without them), for the
    /// binary format.
    pub cells: Vec<u8>,
    /// Plies the search played before the position.
    pub ply: u32,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// The position the game started from, before the random plies.
    pub start: G,
    /// The random plies.
    pub opening: Vec<G::Move>,
    /// The searched plies: the search's best move, played, and its score, side to move's
    /// view. An adjudicated game ends with the searched ply that decided it (its move is
    /// the search's choice; the game was not continued).
    pub scored: Vec<(G::Move, Score)>,
    /// The quiet positions (side to move not in check, best move not tactical), in game order.
    pub positions: Vec<Seen>,
    /// 1.0 / 0.5 / 0.0 for the first side (White, Red).
    pub result: f64,
    /// Plies the search played (the random opening plies not counted).
    pub plies: u32,
}

fn first_side_view(side: Side, score: Score) -> Score {
    match side {
        Side::White => score,
        Side::Black => -score,
    }
}

/// The result for the first side when `side` gets `verdict`.
fn result_of(side: Side, verdict: Verdict) -> f64 {
    let for_side = match verdict {
        Verdict::Win => 1.0,
        Verdict::Draw => 0.5,
        Verdict::Loss => 0.0,
    };
    match side {
        Side::White => for_side,
        Side::Black => 1.0 - for_side,
    }
}

/// The verdict of the rules for the side to move of `pos`, if the game is over. `line`
/// holds every position of the game, the current one last.
fn rules_verdict<G: Game>(pos: &G, line: &[HistoryEntry]) -> Option<Verdict> {
    rules_end(pos, line).map(|(verdict, _)| verdict)
}

/// Plays `plies` uniformly random legal plies; `None` if the game ends on the way.
fn random_opening<G: Game>(
    start: G,
    plies: u32,
    rng: &mut Rng,
    line: &mut Vec<HistoryEntry>,
    played: &mut Vec<G::Move>,
) -> Option<G> {
    let mut pos = start;
    line.push(pos.history_entry());
    for _ in 0..plies {
        let mut moves = MoveList::new();
        pos.gen_legal(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        played.push(m);
        pos.play(m);
        line.push(pos.history_entry());
    }
    rules_verdict(&pos, line).is_none().then_some(pos)
}

/// One search of `pos` (the last entry of `line`, which holds every position of the game)
/// within `limits` on one thread: the best move (`None`: no legal move) and the score of
/// the last iteration, side to move's view. The game's `memory` and `tt` are shared
/// between its searches.
pub fn search_once<G: Game>(
    pos: &G,
    line: &[HistoryEntry],
    memory: &Arc<SearchMemory>,
    network: Option<&Arc<Network>>,
    limits: &Limits,
    tt: &Arc<TranspositionTable>,
) -> (Option<G::Move>, Score) {
    let req = SearchRequest {
        history: line[..line.len().saturating_sub(1)].to_vec(),
        memory: Some(memory.clone()),
        network: network.cloned(),
        ..SearchRequest::new(pos.clone(), limits.clone(), tt.clone())
    };
    let mut score = 0;
    let outcome = search(&req, &mut |r| {
        if let Report::Iteration(it) = r {
            if it.multipv == 1 {
                score = it.score;
            }
        }
    });
    (outcome.best, score)
}

/// Plays one game from `start`, evaluating with `network` (`None`: the variant's own
/// evaluation); `None` when the opening is dropped (over or unbalanced). `tt` is cleared
/// first and used by this game only.
pub fn play_game<G: Game>(
    start: G,
    settings: &PlaySettings,
    tt: &Arc<TranspositionTable>,
    network: Option<&Arc<Network>>,
    rng: &mut Rng,
) -> Option<PlayedGame<G>> {
    let mut line = Vec::new();
    let mut opening = Vec::new();
    let first = start.clone();
    let mut pos = random_opening(start, settings.random_plies, rng, &mut line, &mut opening)?;
    tt.clear();
    // Like the table, the histories are the game's: both sides share them, as they do
    // the table.
    let memory = Arc::new(SearchMemory::new());
    let limits = Limits {
        nodes: Some(settings.nodes.max(1)),
        multipv: 1,
        ..Limits::default()
    };
    let mut positions = Vec::new();
    let mut scored = Vec::new();
    let (mut decisive_run, mut level_run, mut last_sign) = (0u32, 0u32, 0i32);
    let mut plies = 0u32;
    let result = loop {
        let stm = pos.side_to_move();
        if let Some(v) = rules_verdict(&pos, &line) {
            break result_of(stm, v);
        }
        if plies >= settings.max_plies {
            break 0.5;
        }
        let (best, score) = search_once(&pos, &line, &memory, network, &limits, tt);
        let best = best?;
        if plies == 0 && score.abs() > settings.max_opening_score {
            return None;
        }
        scored.push((best, score));
        if is_mate_score(score) {
            break result_of(
                stm,
                if score > 0 {
                    Verdict::Win
                } else {
                    Verdict::Loss
                },
            );
        }
        let white = first_side_view(stm, score);
        if !pos.in_check() && !pos.is_tactical(best) {
            let mut cells = vec![0; G::NNUE_CELLS];
            pos.nnue_cells(&mut cells);
            positions.push(Seen {
                key: pos.key(),
                fen: pos.fen(),
                score: white,
                side: stm,
                cells,
                ply: plies,
            });
        }
        let sign = if white >= settings.resign_score {
            1
        } else if white <= -settings.resign_score {
            -1
        } else {
            0
        };
        decisive_run = if sign != 0 && sign == last_sign {
            decisive_run + 1
        } else {
            u32::from(sign != 0)
        };
        last_sign = sign;
        if decisive_run >= settings.resign_plies {
            break if sign > 0 { 1.0 } else { 0.0 };
        }
        level_run = if white.abs() <= settings.draw_score {
            level_run + 1
        } else {
            0
        };
        if plies >= settings.draw_after_plies && level_run >= settings.draw_plies {
            break 0.5;
        }
        pos.play(best);
        line.push(pos.history_entry());
        plies += 1;
    };
    Some(PlayedGame {
        start: first,
        opening,
        scored,
        positions,
        result,
        plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameConfig;
    use crate::variants::chess::Chess;

    #[test]
    fn results_are_read_from_the_first_side() {
        assert_eq!(result_of(Side::White, Verdict::Win), 1.0);
        assert_eq!(result_of(Side::Black, Verdict::Win), 0.0);
        assert_eq!(result_of(Side::Black, Verdict::Draw), 0.5);
        assert_eq!(first_side_view(Side::Black, 30), -30);
    }

    #[test]
    fn a_mated_side_has_lost_and_a_short_game_is_quiet_only() {
        let cfg = GameConfig::default();
        // A game already over is not an opening to play.
        let mated = Chess::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &cfg).unwrap();
        let tt = Arc::new(TranspositionTable::new(1));
        let net = crate::nnue::Networks::new().network::<Chess>();
        let quick = PlaySettings {
            random_plies: 0,
            nodes: 200,
            ..PlaySettings::default()
        };
        assert!(play_game(mated, &quick, &tt, net.as_ref(), &mut Rng::new(1)).is_none());
        // White mates in one: the search proves it and the game is adjudicated a win.
        let mate_in_one = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &cfg).unwrap();
        let settings = PlaySettings {
            max_opening_score: i32::MAX,
            ..quick.clone()
        };
        let game = play_game(mate_in_one, &settings, &tt, net.as_ref(), &mut Rng::new(1)).unwrap();
        assert_eq!(game.result, 1.0);
        assert!(game.positions.is_empty());
        // A full game from the start records only positions not in check.
        let start = Chess::startpos(&cfg);
        let game = play_game(start, &settings, &tt, net.as_ref(), &mut Rng::new(2)).unwrap();
        for seen in &game.positions {
            assert!(!Chess::from_fen(&seen.fen, &cfg).unwrap().in_check());
        }
    }
}
