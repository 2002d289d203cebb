//! The per-variant targets: the FEN parser (`fen::<G>`) and the move parser
//! (`moves::<G>`). Input bytes are read as text (invalid UTF-8 replaced) or as
//! packed moves; every accepted position goes through `position::check_position`.

use super::position::{check_packed, check_position, play_texts, Depth};
use super::Checked;
use kaleido::core::Notation;

/// Longest input read (longer inputs are cut): keeps one run fast.
const MAX_INPUT: usize = 4096;

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(&data[..data.len().min(MAX_INPUT)]).into_owned()
}

/// The whole input is a FEN for every rule setting of the variant: an accepted one
/// must satisfy every invariant, its moves and children included.
pub fn fen<G: Checked>(data: &[u8]) {
    let fen = text(data);
    for cfg in G::CONFIGS {
        if let Ok(pos) = G::from_fen(&fen, cfg) {
            // Nothing silently dropped: as many pieces printed as were given.
            let pieces = |t: &str| {
                let board = t.split_whitespace().next().unwrap_or("");
                board.chars().filter(char::is_ascii_alphabetic).count()
            };
            assert_eq!(
                pieces(&pos.fen()),
                pieces(&fen),
                "{}: '{fen}' accepted as '{}'",
                G::VARIANT,
                pos.fen()
            );
            check_position(&pos, cfg, Depth::Full);
        }
    }
}

/// Byte 0 picks a start position, the notation and the rule setting; the rest is a
/// whitespace-separated move list (`#k` = the k-th legal move), played while it
/// parses. Every 4 bytes of the rest are also tried as a packed move (a stale
/// transposition-table move) on the start and the final position.
pub fn moves<G: Checked>(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let fens = G::MOVE_FENS;
    let cfg = &G::CONFIGS[usize::from(head >> 5) % G::CONFIGS.len()];
    let notation = if head & 0x10 == 0 {
        Notation::Uci
    } else {
        Notation::Ucci
    };
    let start = match G::from_fen(fens[usize::from(head & 0x0F) % fens.len()], cfg) {
        Ok(p) => p,
        Err(e) => panic!("{}: a fixed start position is rejected: {e}", G::VARIANT),
    };
    let line = text(rest);
    let words: Vec<&str> = line.split_whitespace().collect();
    let end = play_texts(&start, cfg, &words, notation);
    check_position(&end, cfg, Depth::Full);
    for chunk in rest.chunks_exact(4).take(64) {
        let bits = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        check_packed(&start, bits);
        check_packed(&end, bits);
    }
}
