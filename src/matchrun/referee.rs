//! The referee: kaleido's own rules judging a game between engines. [`Referee`] is the
//! object-safe face the match runner uses; [`GameReferee<G>`] implements it for any
//! `G: Game` — it checks every move text for legality, rewrites it for each notation and for
//! PGN, and rules the game over by mate / no-move verdict, repetition (with the variant's
//! verdict, e.g. Xiangqi perpetual check or chase), `DRAW_PLIES` and dead material (the
//! rules of `core::ending`, worded here).
//! It knows no engine protocol and no particular game.

use super::record::side_name;
use super::san::{castling_san, normalize_san, san_without_suffix, split_coord, BoardText};
use crate::core::ending::{rules_end, EndRule};
use crate::core::tables::Tables;
use crate::core::{Game, GameConfig, HistoryEntry, MoveList, Notation, Side, Verdict};

/// How moves are written in PGN movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovetextStyle {
    /// Standard algebraic notation (8x8 boards).
    San,
    /// The coordinate notation of `Notation::Uci` (Xiangqi `h3e3`, Raumschach `Bb2Bb3`).
    Coordinates,
    /// A record style of the variant's own (`Game::RECORD_STYLES`, e.g. Xiangqi `wxf`),
    /// with the value of the PGN `Format` tag it writes, if any.
    Record {
        /// The style name given to `Game::write_record`.
        style: &'static str,
        /// The PGN `Format` tag's value (`WXF`), `None` for no tag.
        format: Option<&'static str>,
    },
}

/// One played ply in every form the match needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    /// In `Notation::Uci`.
    pub uci: String,
    /// In `Notation::Ucci`.
    pub ucci: String,
    /// As written in PGN movetext.
    pub pgn: String,
    /// `O-O` / `O-O-O` for castling moves (XBoard sends these in Chess960).
    pub castling: Option<&'static str>,
}

impl PlyRecord {
    /// The move in notation `n`.
    pub fn text(&self, n: Notation) -> &str {
        match n {
            Notation::Uci => &self.uci,
            Notation::Ucci => &self.ucci,
        }
    }
}

/// A game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesEnd {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// The sentence for the result line and the PGN, e.g. `White mates`.
    pub reason: String,
}

/// A game under way, judged by kaleido's rules. Object-safe, so the match runner picks the
/// variant once (see `registry`) and never dispatches on it again.
pub trait Referee: Send {
    /// kaleido's variant name (`fischerandom` for Chess960).
    fn variant(&self) -> &'static str;
    /// Whether the variant plays Chess960 castling (`fischerandom`).
    fn chess960(&self) -> bool;
    /// Starts a new game at `fen` (`None` = the variant's start position).
    fn reset(&mut self, fen: Option<&str>) -> Result<(), String>;
    /// FEN of the start position, canonical.
    fn start_fen(&self) -> String;
    /// Whether the game started from the variant's own start position.
    fn standard_start(&self) -> bool;
    /// Side to move in the start position.
    fn start_side(&self) -> Side;
    /// FEN of the current position.
    fn fen(&self) -> String;
    /// Side to move in the current position.
    fn side_to_move(&self) -> Side;
    /// Legal moves of the current position in notation `n`.
    fn legal_moves(&self, n: Notation) -> Vec<String>;
    /// Plays a move given as text in notation `n` (SAN such as `O-O` is accepted as a
    /// fallback). `Err` explains why the text is not a legal move.
    fn play_text(&mut self, text: &str, n: Notation) -> Result<&PlyRecord, String>;
    /// Checks a line of moves printed by an engine (a principal variation), space-separated
    /// in notation `n`, from the current position without playing it: `Err` names the first
    /// move that is not legal in the position the moves before it reach.
    fn check_line(&self, line: &str, n: Notation) -> Result<(), String>;
    /// Every ply since the start.
    fn plies(&self) -> &[PlyRecord];
    /// The end of the game by the rules, once reached.
    fn rules_end(&self) -> Option<&RulesEnd>;
    /// The PGN `Format` tag's value for the movetext written (`WXF`), if any.
    fn pgn_format(&self) -> Option<&'static str>;
    /// The result the endgame tables give the current position under the no-progress
    /// rule (its halfmove clock counted), when they hold it (`kaleido match --tb`).
    fn tables_end(&self, tables: &Tables) -> Option<RulesEnd>;
}

/// [`Referee`] for a concrete game type.
pub struct GameReferee<G: Game> {
    name: &'static str,
    cfg: GameConfig,
    style: MovetextStyle,
    start: G,
    standard: bool,
    pos: G,
    history: Vec<HistoryEntry>,
    plies: Vec<PlyRecord>,
    end: Option<RulesEnd>,
}

fn legal_list<G: Game>(pos: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    pos.gen_legal(&mut moves);
    moves
}

impl<G: Game> GameReferee<G> {
    /// A referee for `G` called `name` (kaleido's variant name), with the rules settings
    /// `cfg` and PGN movetext in `style`, at the variant's start position.
    pub fn new(name: &'static str, cfg: GameConfig, style: MovetextStyle) -> Self {
        let start = G::startpos(&cfg);
        let mut r = GameReferee {
            name,
            cfg,
            style,
            pos: start.clone(),
            start,
            standard: true,
            history: Vec::new(),
            plies: Vec::new(),
            end: None,
        };
        r.restart();
        r
    }

    fn restart(&mut self) {
        self.pos = self.start.clone();
        self.history = vec![self.pos.history_entry()];
        self.plies.clear();
        self.end = self.judge();
    }

    /// Resolves SAN text (`Nf3`, `O-O`, `exd5`) against the legal moves.
    fn parse_san(&self, text: &str) -> Option<G::Move> {
        if self.style != MovetextStyle::San {
            return None;
        }
        let board = BoardText::from_fen(&self.pos.fen())?;
        let moves = legal_list(&self.pos);
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| self.pos.write_move(m, Notation::Uci))
            .collect();
        let wanted = normalize_san(text);
        moves
            .iter()
            .zip(&texts)
            .find(|(_, t)| san_without_suffix(&board, t, &texts) == wanted)
            .map(|(&m, _)| m)
    }

    fn describe(&self, m: G::Move) -> PlyRecord {
        let uci = self.pos.write_move(m, Notation::Uci);
        let ucci = self.pos.write_move(m, Notation::Ucci);
        let board = BoardText::from_fen(&self.pos.fen());
        let castling = match (&board, split_coord(&uci)) {
            (Some(b), Some(c)) if self.style == MovetextStyle::San => castling_san(b, &c),
            _ => None,
        };
        let pgn = match (self.style, board) {
            (MovetextStyle::San, Some(board)) => {
                let legal: Vec<String> = legal_list(&self.pos)
                    .iter()
                    .map(|&x| self.pos.write_move(x, Notation::Uci))
                    .collect();
                let mut san = san_without_suffix(&board, &uci, &legal);
                let mut child = self.pos.clone();
                child.play(m);
                if child.in_check() {
                    san.push(if legal_list(&child).is_empty() {
                        '#'
                    } else {
                        '+'
                    });
                }
                san
            }
            (MovetextStyle::Record { style, .. }, _) => self.pos.write_record(m, style),
            _ => uci.clone(),
        };
        PlyRecord {
            uci,
            ucci,
            pgn,
            castling,
        }
    }

    /// The rules' verdict on the current position (`core::ending`), with its sentence, if
    /// the game is over.
    fn judge(&self) -> Option<RulesEnd> {
        let stm = self.pos.side_to_move();
        let (verdict, rule) = rules_end(&self.pos, &self.history)?;
        let reason = match rule {
            EndRule::NoMoves => match (verdict, self.pos.in_check()) {
                (Verdict::Loss, true) => format!("{} mates", side_name(stm.flip())),
                (Verdict::Draw, _) => "stalemate".to_string(),
                _ => format!("{} has no legal move", side_name(stm)),
            },
            EndRule::Repetition { first } => {
                let cycle = &self.history[first..];
                match verdict {
                    Verdict::Draw => "threefold repetition".to_string(),
                    Verdict::Loss => Self::repetition_reason(cycle, stm, stm),
                    Verdict::Win => Self::repetition_reason(cycle, stm, stm.flip()),
                }
            }
            EndRule::NoProgress => format!("{}-move rule", G::DRAW_PLIES / 2),
            EndRule::DeadMaterial => "insufficient material".to_string(),
        };
        let winner = match verdict {
            Verdict::Win => Some(stm),
            Verdict::Loss => Some(stm.flip()),
            Verdict::Draw => None,
        };
        Some(RulesEnd { winner, reason })
    }

    /// "perpetual check" when every move of the loser in the cycle gave check, else
    /// "perpetual chase". The last cycle entry has `stm` to move.
    fn repetition_reason(cycle: &[HistoryEntry], stm: Side, loser: Side) -> String {
        let n = cycle.len();
        // Entry i (i > 0) was reached by a move of the side not to move there; the side to
        // move alternates backwards from `stm` at the last entry.
        let reached_by_loser = |i: usize| {
            let to_move = if (n - 1 - i).is_multiple_of(2) {
                stm
            } else {
                stm.flip()
            };
            to_move != loser
        };
        let loser_moves: Vec<&HistoryEntry> = (1..n)
            .filter(|&i| reached_by_loser(i))
            .map(|i| &cycle[i])
            .collect();
        let all_checks = !loser_moves.is_empty() && loser_moves.iter().all(|e| e.in_check);
        let kind = if all_checks {
            "perpetual check"
        } else {
            "perpetual chase"
        };
        format!("{} loses by {kind}", side_name(loser))
    }
}

impl<G: Game> Referee for GameReferee<G> {
    fn variant(&self) -> &'static str {
        self.name
    }

    fn chess960(&self) -> bool {
        self.cfg.chess960
    }

    fn reset(&mut self, fen: Option<&str>) -> Result<(), String> {
        match fen {
            Some(text) => {
                let pos = G::from_fen(text, &self.cfg)?;
                self.standard = pos.fen() == G::startpos(&self.cfg).fen();
                self.start = pos;
            }
            None => {
                self.start = G::startpos(&self.cfg);
                self.standard = true;
            }
        }
        self.restart();
        Ok(())
    }

    fn start_fen(&self) -> String {
        self.start.fen()
    }

    fn standard_start(&self) -> bool {
        self.standard
    }

    fn start_side(&self) -> Side {
        self.start.side_to_move()
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }

    fn legal_moves(&self, n: Notation) -> Vec<String> {
        legal_list(&self.pos)
            .iter()
            .map(|&m| self.pos.write_move(m, n))
            .collect()
    }

    fn play_text(&mut self, text: &str, n: Notation) -> Result<&PlyRecord, String> {
        if let Some(end) = &self.end {
            return Err(format!("the game is already over ({})", end.reason));
        }
        let text = text.trim();
        let legal = legal_list(&self.pos);
        let record = match self.style {
            MovetextStyle::Record { style, .. } => Some(self.pos.parse_record(text, style)),
            _ => None,
        };
        let m = self
            .pos
            .parse_move(text, n)
            .or_else(|| self.parse_san(text))
            .or_else(|| record.as_ref().and_then(|r| r.as_ref().ok().copied()))
            .filter(|m| legal.iter().any(|x| x == m))
            .ok_or_else(|| match record {
                // Coordinate moves are letters and digits; any other text was notation.
                Some(Err(why)) if !text.chars().all(|c| c.is_ascii_alphanumeric()) => {
                    format!("illegal move '{text}' in {}: {why}", self.pos.fen())
                }
                _ => format!("illegal move '{text}' in {}", self.pos.fen()),
            })?;
        let record = self.describe(m);
        self.pos.play(m);
        self.history.push(self.pos.history_entry());
        self.plies.push(record);
        self.end = self.judge();
        Ok(self.plies.last().expect("just pushed"))
    }

    fn check_line(&self, line: &str, n: Notation) -> Result<(), String> {
        let mut pos = self.pos.clone();
        for (i, text) in line.split_whitespace().enumerate() {
            let legal = legal_list(&pos);
            let m = pos
                .parse_move(text, n)
                .filter(|m| legal.iter().any(|x| x == m))
                .ok_or_else(|| format!("move {} '{text}' is illegal in {}", i + 1, pos.fen()))?;
            pos.play(m);
        }
        Ok(())
    }

    fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    fn rules_end(&self) -> Option<&RulesEnd> {
        self.end.as_ref()
    }

    fn pgn_format(&self) -> Option<&'static str> {
        match self.style {
            MovetextStyle::Record { format, .. } => format,
            _ => None,
        }
    }

    fn tables_end(&self, tables: &Tables) -> Option<RulesEnd> {
        if self.pos.table_men()? > tables.max_men {
            return None;
        }
        let wdl = self.pos.probe_wdl(tables)?.value();
        let clock = self.pos.halfmove_clock().min(1000) as i32;
        // A win holds when the zeroing move comes before the no-progress rule draws.
        let value = match self.pos.probe_dtz(tables) {
            Some(dtz) if dtz > 0 => 1 + (dtz + clock <= 100) as i32,
            Some(dtz) if dtz < 0 => -1 - (-dtz + clock <= 100) as i32,
            Some(_) => 0,
            None if clock == 0 => wdl,
            None => return None,
        };
        let stm = self.pos.side_to_move();
        let winner = match value {
            2 => Some(stm),
            -2 => Some(stm.flip()),
            _ => None,
        };
        let reason = match (winner, value) {
            (Some(side), _) => format!("the endgame tables say {} wins", side_name(side)),
            (None, 0) => "the endgame tables say it is a draw".to_string(),
            (None, _) => format!(
                "the endgame tables say it is a draw by the {}-move rule",
                G::DRAW_PLIES / 2
            ),
        };
        Some(RulesEnd { winner, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::toygame::Toy;

    fn toy() -> GameReferee<Toy> {
        GameReferee::new("toy", GameConfig::default(), MovetextStyle::Coordinates)
    }

    fn play(r: &mut GameReferee<Toy>, moves: &str) {
        for m in moves.split_whitespace() {
            r.play_text(m, Notation::Uci).unwrap();
        }
    }

    #[test]
    fn checks_moves_and_rules_mate() {
        let mut r = toy();
        assert!(r.play_text("p3", Notation::Uci).is_err());
        play(&mut r, "p2 p2 p2 p2");
        assert_eq!(r.rules_end(), None);
        play(&mut r, "p2");
        let end = r.rules_end().unwrap();
        assert_eq!(end.winner, Some(Side::White));
        assert_eq!(end.reason, "White mates");
        assert!(
            r.play_text("p1", Notation::Uci).is_err(),
            "moves after the end are refused"
        );
        assert_eq!(r.plies().len(), 5);
        assert_eq!(r.plies()[0].pgn, "p2");
    }

    #[test]
    fn rules_threefold_repetition_and_draw_plies() {
        let mut r = toy();
        play(&mut r, "s s s s s s s");
        assert_eq!(r.rules_end(), None);
        play(&mut r, "s");
        assert_eq!(
            r.rules_end().map(|e| e.reason.as_str()),
            Some("threefold repetition")
        );
        r.reset(Some("3 b 19")).unwrap();
        assert!(!r.standard_start());
        assert_eq!(r.start_side(), Side::Black);
        assert_eq!(r.rules_end(), None);
        play(&mut r, "s");
        let end = r.rules_end().unwrap();
        assert_eq!((end.winner, end.reason.as_str()), (None, "10-move rule"));
        r.reset(None).unwrap();
        assert!(r.standard_start() && r.plies().is_empty() && r.rules_end().is_none());
        assert_eq!(r.check_line("p1 s p2", Notation::Uci), Ok(()));
        let bad = r.check_line("p1 p3", Notation::Uci).unwrap_err();
        assert!(bad.starts_with("move 2 'p3' is illegal in "), "{bad}");
        assert!(r.plies().is_empty(), "a checked line is not played");
        assert!(r.reset(Some("junk")).is_err());
    }
}
