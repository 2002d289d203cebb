//! [`TabGame`]: the game line of one browser tab. The match referee holds the moves up to
//! the shown ply (legality, the record notation, the end of the game by kaleido's rules);
//! the plies after it (`ahead`: stepped back over, kept until another move replaces them)
//! wait to be stepped into again; the `Session` mirrors the shown position for the picture
//! and the search. Knows no socket, no message and no search.

use crate::core::{Notation, Side};
use crate::matchrun::referee::{PlyRecord, Referee};
use crate::matchrun::registry::{new_referee_with, RefereeSettings};
use crate::session::Session;
use crate::variants::Variant;

/// The game of a tab.
pub struct TabGame {
    pub variant: Variant,
    pub number: Option<u32>,
    pub start_fen: String,
    pub visitor: Side,
    /// Xiangqi's club rules and the record style the referee writes.
    pub settings: RefereeSettings,
    pub referee: Box<dyn Referee>,
    pub session: Box<dyn Session>,
    /// The plies after the shown one, in order (empty at the line's end).
    pub ahead: Vec<PlyRecord>,
}

impl TabGame {
    /// The shown position's moves (UCI).
    pub fn moves(&self) -> Vec<String> {
        self.referee.plies().iter().map(|p| p.uci.clone()).collect()
    }

    /// Every ply of the line: the shown position's, then those ahead of it.
    pub fn line(&self) -> impl Iterator<Item = &PlyRecord> {
        self.referee.plies().iter().chain(&self.ahead)
    }

    /// The ply shown (plies played to reach the board).
    pub fn ply(&self) -> usize {
        self.referee.plies().len()
    }

    /// Puts the session at the referee's position (after every move the referee accepted).
    pub fn sync_session(&mut self) -> Result<(), String> {
        let moves = self.moves();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.session.set_position(Some(&self.start_fen), &texts)
    }

    /// The referee back at the start with `moves` (UCI) played again.
    fn replay(&mut self, moves: &[String]) -> Result<(), String> {
        self.referee.reset(Some(&self.start_fen))?;
        for m in moves {
            self.referee.play_text(m, Notation::Uci)?;
        }
        Ok(())
    }

    /// The game with only its first `plies` moves; the line ahead is dropped.
    pub fn truncate(&mut self, plies: usize) -> Result<(), String> {
        let moves: Vec<String> = self.moves().into_iter().take(plies).collect();
        self.ahead.clear();
        self.replay(&moves)?;
        self.sync_session()
    }

    /// Shows the position after `ply` plies of the line (clamped to its length); the plies
    /// after it stay ahead.
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        let line: Vec<PlyRecord> = self.line().cloned().collect();
        let ply = ply.min(line.len());
        let moves: Vec<String> = line[..ply].iter().map(|p| p.uci.clone()).collect();
        self.replay(&moves)?;
        self.ahead = line[ply..].to_vec();
        self.sync_session()
    }

    /// Plays `text` (UCI) at the shown ply: the next ply of the line if it is that move
    /// (the line ahead is kept), else a new line from here.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let uci = self.referee.play_text(text, Notation::Uci)?.uci.clone();
        match self.ahead.first() {
            Some(next) if next.uci == uci => {
                self.ahead.remove(0);
            }
            _ => self.ahead.clear(),
        }
        self.sync_session()
    }

    /// The same line written in `notation` (a record style of the variant, `None`: its
    /// default); the shown ply stays.
    pub fn set_notation(&mut self, notation: Option<String>) -> Result<(), String> {
        let settings = RefereeSettings {
            basic_rules: self.settings.basic_rules,
            notation,
        };
        let referee = new_referee_with(self.variant.name(), &settings)?;
        let line: Vec<String> = self.line().map(|p| p.uci.clone()).collect();
        let ply = self.ply();
        self.referee = referee;
        self.settings = settings;
        // The whole line written again, then the shown ply.
        self.ahead.clear();
        self.replay(&line)?;
        self.goto(ply)
    }

    /// `pv` (UCI moves from the shown position) in the line's record notation; it stops at
    /// the first move it cannot write (the rest stays UCI text).
    pub fn record_of(&self, pv: &[String]) -> Vec<String> {
        let mut scratch = match new_referee_with(self.variant.name(), &self.settings) {
            Ok(r) => r,
            Err(_) => return pv.to_vec(),
        };
        if scratch.reset(Some(&self.referee.fen())).is_err() {
            return pv.to_vec();
        }
        let mut out = Vec::with_capacity(pv.len());
        for m in pv {
            match scratch.play_text(m, Notation::Uci) {
                Ok(ply) => out.push(ply.pgn.clone()),
                Err(_) => break,
            }
        }
        out.extend(pv[out.len()..].iter().cloned());
        out
    }

    pub fn over(&self) -> bool {
        self.referee.rules_end().is_some()
    }

    /// The engine's move in a game against it: its side to move, at the line's end.
    pub fn engine_to_move(&self) -> bool {
        !self.over() && self.ahead.is_empty() && self.referee.side_to_move() != self.visitor
    }
}
