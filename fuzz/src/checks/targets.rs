//! The per-variant targets `fen` (the FEN parser) and `moves` (the move parser): the first
//! input byte picks the variant from the engine's registry (`Variant::ALL`, modulo its
//! length), the rest is read as text (invalid UTF-8 replaced) or as packed moves; every
//! accepted position goes through `position::check_position` with the variant's
//! [`VariantChecks`].

use super::position::{check_packed, check_position, play_texts, Depth};
use super::{checks_of, VariantChecks};
use kaleido::core::{Game, Notation};
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};

/// Longest input read (longer inputs are cut): keeps one run fast.
const MAX_INPUT: usize = 4096;

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(&data[..data.len().min(MAX_INPUT)]).into_owned()
}

/// The variant the first byte of `data` picks, and the rest (`None` for no input).
pub fn split_variant(data: &[u8]) -> Option<(Variant, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((Variant::ALL[usize::from(first) % Variant::ALL.len()], rest))
}

/// The first byte that picks `variant` (its place in `Variant::ALL`): what a corpus file
/// of that variant starts with.
pub fn variant_byte(variant: Variant) -> u8 {
    let place = Variant::ALL.iter().position(|&v| v == variant);
    place
        .and_then(|i| u8::try_from(i).ok())
        .expect("every variant is in Variant::ALL, fewer than 256")
}

/// Which check a [`Run`] does.
#[derive(Clone, Copy)]
enum Kind {
    Fen,
    Moves,
}

/// One check on one variant's game type.
struct Run<'a> {
    kind: Kind,
    data: &'a [u8],
}

impl GameVisitor for Run<'_> {
    type Output = ();
    fn visit<G: RegisteredGame>(self, variant: Variant) {
        let checks = checks_of(variant);
        match self.kind {
            Kind::Fen => fen_of::<G>(self.data, &checks),
            Kind::Moves => moves_of::<G>(self.data, &checks),
        }
    }
}

/// The `fen` target: byte 0 picks the variant, the rest is a FEN.
pub fn fen(data: &[u8]) {
    if let Some((variant, rest)) = split_variant(data) {
        variant.visit(Run {
            kind: Kind::Fen,
            data: rest,
        });
    }
}

/// The `moves` target: byte 0 picks the variant, the rest is [`moves_of`]'s input.
pub fn moves(data: &[u8]) {
    if let Some((variant, rest)) = split_variant(data) {
        variant.visit(Run {
            kind: Kind::Moves,
            data: rest,
        });
    }
}

/// The whole input is a FEN for every rule setting of the variant: an accepted one
/// must satisfy every invariant, its moves and children included.
fn fen_of<G: Game>(data: &[u8], checks: &VariantChecks) {
    let fen = text(data);
    for cfg in checks.configs {
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
            check_position(&pos, checks, cfg, Depth::Full);
        }
    }
}

/// Byte 0 picks a start position, the notation and the rule setting; the rest is a
/// whitespace-separated move list (`#k` = the k-th legal move), played while it
/// parses. Every 4 bytes of the rest are also tried as a packed move (a stale
/// transposition-table move) on the start and the final position.
fn moves_of<G: Game>(data: &[u8], checks: &VariantChecks) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let fens = checks.move_fens;
    let cfg = &checks.configs[usize::from(head >> 5) % checks.configs.len()];
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
    let end = play_texts(&start, checks, cfg, &words, notation);
    check_position(&end, checks, cfg, Depth::Full);
    for chunk in rest.chunks_exact(4).take(64) {
        let bits = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        check_packed(&start, bits);
        check_packed(&end, bits);
    }
}
