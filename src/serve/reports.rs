//! The replies that describe an engine's state to the page: the `hello` offer (variants,
//! notations, limits), a search iteration as `info`, and the parts of a `position` taken
//! from a tab's game (its legal moves by the picture's cell names, the end of the game in
//! the variant's side names). Knows no socket and runs no search.

use super::line::TabGame;
use super::messages::{
    GameResult, Hello, InfoReport, LegalMove, Reply, SideName, VariantEntry, MOVETIME_RANGE,
    MULTIPV_RANGE,
};
use crate::core::score::mate_in_moves;
use crate::core::{Notation, Side};
use crate::search::{Bound, Iteration};
use crate::session::strength::ELO_RANGE;
use crate::variants::{Movetext, Openings, Variant};

/// The rule sets a variant with club rules offers (`GameConfig::basic_rules`).
const RULE_SETS: [&str; 2] = ["asian", "basic"];

/// The first message of a socket: the variants and the limits.
pub fn hello(max_message: usize) -> Reply {
    let variants = Variant::ALL
        .iter()
        .map(|&v| {
            let info = v.info();
            let picture = &info.picture;
            VariantEntry {
                name: info.name.to_string(),
                numbered: match info.openings {
                    Openings::Numbered { count, .. } => count,
                    Openings::StartPosition => 0,
                },
                files: picture.files,
                ranks: picture.ranks,
                boards: picture.boards.len() as u32,
                sides: picture.sides.map(String::from),
                rule_sets: match v == Variant::Xiangqi {
                    true => RULE_SETS.map(String::from).to_vec(),
                    false => Vec::new(),
                },
                notations: notations(v),
            }
        })
        .collect();
    Reply::Hello(Hello {
        engine: concat!("kaleido ", env!("CARGO_PKG_VERSION")).to_string(),
        variants,
        max_message,
        movetime_range: MOVETIME_RANGE,
        elo_range: ELO_RANGE,
        multipv_range: MULTIPV_RANGE,
    })
}

/// The move notations a page may choose for `v` (the first is its default): its record
/// styles, or SAN, then UCI coordinates.
fn notations(v: Variant) -> Vec<String> {
    let mut names: Vec<String> = match v.info().movetext {
        Movetext::Record(styles) => styles.iter().map(|s| s.name.to_string()).collect(),
        Movetext::San => vec!["san".to_string()],
        Movetext::Coordinates => Vec::new(),
    };
    names.push("uci".to_string());
    names
}

pub fn side_name(side: Side) -> SideName {
    match side {
        Side::White => SideName::White,
        Side::Black => SideName::Black,
    }
}

/// One iteration of a search; `record`: its line in the game's notation.
pub fn info(it: Iteration<String>, record: Vec<String>) -> InfoReport {
    let mate = mate_in_moves(it.score);
    InfoReport {
        depth: it.depth,
        seldepth: it.seldepth.max(it.depth),
        multipv: it.multipv,
        cp: mate.is_none().then_some(it.score),
        mate,
        bound: match it.bound {
            Bound::Exact => None,
            Bound::Lower => Some("lower".to_string()),
            Bound::Upper => Some("upper".to_string()),
        },
        nodes: it.nodes,
        nps: it.nodes.saturating_mul(1000) / it.time_ms.max(1),
        time: it.time_ms,
        pv: it.pv,
        record,
        wdl: it.wdl,
    }
}

/// The legal moves of the shown position with the cells the picture names.
pub fn legal_moves(game: &TabGame) -> Vec<LegalMove> {
    let picture = &game.variant.info().picture;
    game.referee
        .legal_moves(Notation::Uci)
        .into_iter()
        .filter_map(|uci| {
            let (from, to, rest) = picture.split_move(&uci)?;
            Some(LegalMove {
                from: from.to_string(),
                to: to.to_string(),
                promotion: (!rest.is_empty()).then(|| rest.to_string()),
                uci,
            })
        })
        .collect()
}

/// The end of the game at the shown position, by the rules.
pub fn result(game: &TabGame) -> Option<GameResult> {
    let picture = &game.variant.info().picture;
    game.referee.rules_end().map(|end| {
        // The referee writes White and Black (PGN); the page names the sides as the
        // variant does (Xiangqi: Red).
        let [first, second] = picture.sides;
        let reason = end.reason.replace("White", first).replace("Black", second);
        GameResult {
            score: match end.winner {
                Some(Side::White) => "1-0",
                Some(Side::Black) => "0-1",
                None => "1/2-1/2",
            }
            .to_string(),
            winner: end.winner.map(side_name),
            reason,
        }
    })
}
