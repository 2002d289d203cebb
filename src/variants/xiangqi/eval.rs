//! Xiangqi evaluation: material, piece-square tables, horse and chariot mobility,
//! general safety (missing advisors and elephants against the enemy's attacking force,
//! attackers near the palace, a cannon aimed at the general), and the cannon/horse value
//! shift as the board empties. Also the move-ordering helpers (MVV-LVA, static exchange
//! evaluation). It reads the position; it knows nothing of the search.
//!
//! The score is linear in the weights of `eval_weights::WEIGHTS` (layout in
//! `eval_layout`): every term adds `weight[i] × count_i` (Red's count minus Black's) to a
//! middlegame and an endgame sum, blended by the game phase. The terms are written once,
//! generic over a [`Sink`]: the search's path adds weights as it goes (material and
//! piece-square values come from the position's incremental sum, see `psq`), the tuning path
//! (`tune::trace`) records the counts, so both give the same score exactly.

use super::board::*;
use super::eval_layout::*;
use super::eval_weights::WEIGHTS;
use super::position::Xiangqi;
pub use super::psq::Psq;
use super::psq::{psq, relative, sign};
use super::tables::*;
use crate::core::{BitIter, Score};

/// Exchange values in centipawns by kind, for SEE and MVV-LVA (not tuned).
pub const VALUE: [Score; 7] = [0, 200, 200, 450, 900, 450, 100];
const SEE_KING: Score = 20_000;

/// Phase contribution by kind (chariot 2, horse and cannon 1); a full set sums to
/// [`PHASE_MAX`] (pure middlegame), 0 is a pure endgame.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];
/// Phase of the full opening set (pure middlegame).
pub const PHASE_MAX: i32 = 16;
/// Endgame scale of every position (Xiangqi has no drawish-ending scaling).
pub const SCALE_MAX: i32 = 64;

/// Receives the evaluation's terms: `count` times the weight at `index` (positive
/// counts favour Red).
pub(crate) trait Sink {
    fn add(&mut self, index: usize, count: i32);

    /// The material and piece-square terms of every piece.
    fn pieces(&mut self, pos: &Xiangqi) {
        for side in 0..2 {
            let sg = sign(side);
            for kind in KINDS {
                let k = kind as usize;
                for s in BitIter(pos.bb(side, kind)) {
                    if k > 0 {
                        self.add(MATERIAL + k - 1, sg);
                    }
                    let slot = PST_SLOT[k][relative(side, s as usize)];
                    if slot != NO_SLOT {
                        self.add(slot as usize, sg);
                    }
                }
            }
        }
    }
}

/// The weights in one place in memory (indexing the `const` could copy it per use).
static WEIGHT_TABLE: [[i32; 2]; N_WEIGHTS] = WEIGHTS;

/// The search's path: sums weighted terms directly.
struct Accumulator(Psq);

impl Sink for Accumulator {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        let [mg, eg] = WEIGHT_TABLE[index];
        self.0.mg += mg * count;
        self.0.eg += eg * count;
    }

    /// The position's incremental sum holds exactly these terms.
    #[inline(always)]
    fn pieces(&mut self, pos: &Xiangqi) {
        self.0 += pos.psq;
    }
}

/// Adds every term of `pos` to `sink`; returns the game phase.
pub(crate) fn evaluate_into<S: Sink>(pos: &Xiangqi, sink: &mut S) -> i32 {
    sink.pieces(pos);
    let occ = pos.occupied();
    // Cannons need screens and gain on a full board; horses gain as it empties.
    let crowd = occ.count_ones() as i32 - 2 - 16;
    let mut phase = 0;
    for side in 0..2 {
        let sg = sign(side);
        let own = pos.colors[side];
        for s in BitIter(pos.bb(side, Kind::Horse)) {
            let reach = blocked_targets(&HORSE_MOVES[s as usize], occ) & !own;
            sink.add(MOBILITY_HORSE + reach.count_ones() as usize, sg);
        }
        for s in BitIter(pos.bb(side, Kind::Rook)) {
            let reach = rook_slide(s as usize, occ, pos.occ_t) & !own;
            sink.add(MOBILITY_CHARIOT + reach.count_ones() as usize, sg);
        }
        let count = |kind: Kind| pos.bb(side, kind).count_ones() as i32;
        let (cannons, horses) = (count(Kind::Cannon), count(Kind::Horse));
        if crowd != 0 {
            sink.add(CANNON_CROWD, sg * cannons * crowd);
            sink.add(HORSE_CROWD, sg * horses * crowd);
        }
        for kind in [Kind::Horse, Kind::Rook, Kind::Cannon] {
            phase += PHASE_WEIGHT[kind as usize] * count(kind);
        }
        general_safety(pos, sink, side);
    }
    sink.add(TEMPO, sign(pos.us()));
    phase.min(PHASE_MAX)
}

/// Terms around `side`'s general: its missing defenders against the enemy's attacking
/// force (against `side`), enemy attackers in or next to the palace and enemy cannons
/// aimed down the general's file (for the enemy).
fn general_safety<S: Sink>(pos: &Xiangqi, sink: &mut S, side: usize) {
    let them = side ^ 1;
    let k = pos.kings[side] as usize;
    let count = |s: usize, kind: Kind| pos.bb(s, kind).count_ones() as i32;
    let force = (3 * count(them, Kind::Rook)
        + 2 * count(them, Kind::Horse)
        + 2 * count(them, Kind::Cannon))
    .min(FORCE_MAX) as usize;
    let missing_advisors = (2 - count(side, Kind::Advisor)).max(0) as usize;
    if missing_advisors > 0 {
        sink.add(
            ADVISORS_MISSING + (missing_advisors - 1) * FORCE_LEVELS + force,
            sign(side),
        );
    }
    let missing_elephants = (2 - count(side, Kind::Elephant)).max(0) as usize;
    if missing_elephants > 0 {
        sink.add(
            ELEPHANTS_MISSING + (missing_elephants - 1) * FORCE_LEVELS + force,
            sign(side),
        );
    }
    // The palace and the ring around it.
    let attackers = (pos.bb(them, Kind::Rook)
        | pos.bb(them, Kind::Horse)
        | pos.bb(them, Kind::Cannon)
        | pos.bb(them, Kind::Soldier))
        & PALACE_ZONE[side];
    if attackers != 0 {
        sink.add(PALACE_ATTACKER, sign(them) * attackers.count_ones() as i32);
    }
    // Cannons aimed down the general's file; an "empty-headed" cannon (nothing between)
    // pins the general's file and is the most dangerous.
    let cannons = pos.bb(them, Kind::Cannon);
    let on_file = FILE_MASK[file_of(k)] & cannons;
    if on_file != 0 {
        sink.add(
            CANNON_ON_GENERAL_FILE,
            sign(them) * on_file.count_ones() as i32,
        );
        let (_, _, fs, _) = lines(k, pos.occupied(), pos.occ_t);
        if fs & cannons != 0 {
            sink.add(CANNON_EMPTY_HEADED, sign(them));
        }
    }
}

/// Palace of `side` plus the ring of points around it inside the board.
const fn build_palace_zones() -> [u128; 2] {
    let mut z = [0u128; 2];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = (file_of(s), rank_of(s));
        if f >= 2 && f <= 6 {
            if r <= 3 {
                z[0] |= bit(s);
            } else if r >= 6 {
                z[1] |= bit(s);
            }
        }
        s += 1;
    }
    z
}

static PALACE_ZONE: [u128; 2] = build_palace_zones();

/// Blends middlegame and endgame sums (Red's view) by phase.
#[inline(always)]
pub(crate) fn blend(sums: Psq, phase: i32) -> Score {
    (sums.mg * phase + sums.eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Xiangqi) -> Score {
    let mut acc = Accumulator(Psq::default());
    let phase = evaluate_into(pos, &mut acc);
    blend(acc.0, phase) * sign(pos.us())
}

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(pos: &Xiangqi, m: Move) -> i32 {
    if m.from() >= SQUARES || m.to() >= SQUARES {
        return 0;
    }
    let victim = pos.piece_at(m.to());
    let attacker = pos.piece_at(m.from());
    let v = if victim == 0 {
        0
    } else {
        VALUE[nibble_kind(victim) as usize]
    };
    let a = if attacker == 0 {
        0
    } else {
        nibble_kind(attacker) as i32
    };
    v * 16 - a
}

fn see_value(kind: Kind) -> Score {
    if kind == Kind::King {
        SEE_KING
    } else {
        VALUE[kind as usize]
    }
}

/// Whether `m` wins at least `threshold` after the best recaptures on its target
/// (pins ignored; x-rays through cannons and chariots found by recomputing attackers).
pub fn see_ge(pos: &Xiangqi, m: Move, threshold: Score) -> bool {
    let (from, to) = (m.from(), m.to());
    if from >= SQUARES || to >= SQUARES || pos.piece_at(from) == 0 {
        return false;
    }
    let victim = pos.piece_at(to);
    let mut swap = if victim == 0 {
        0
    } else {
        VALUE[nibble_kind(victim) as usize]
    } - threshold;
    if swap < 0 {
        return false;
    }
    swap = see_value(nibble_kind(pos.piece_at(from))) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = (pos.occupied() & !bit(from)) | bit(to);
    let mut occ_t = (pos.occ_t & !tbit(from)) | tbit(to);
    let mut stm = nibble_side(pos.piece_at(from)) ^ 1;
    let mut res = 1;
    loop {
        let att = pos.attackers_to(to, stm, occ, occ_t);
        if att == 0 {
            break;
        }
        res ^= 1;
        let (s, kind) = least_valuable(pos, att);
        if kind == Kind::King {
            return if pos.attackers_to(to, stm ^ 1, occ, occ_t) != 0 {
                res == 0
            } else {
                res == 1
            };
        }
        swap = see_value(kind) - swap;
        if swap < res {
            break;
        }
        occ &= !bit(s);
        occ_t &= !tbit(s);
        stm ^= 1;
    }
    res == 1
}

fn least_valuable(pos: &Xiangqi, att: u128) -> (usize, Kind) {
    const ORDER: [Kind; 7] = [
        Kind::Soldier,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Cannon,
        Kind::Rook,
        Kind::King,
    ];
    for kind in ORDER {
        let b = att & pos.pieces[kind as usize];
        if b != 0 {
            return (b.trailing_zeros() as usize, kind);
        }
    }
    (att.trailing_zeros() as usize, Kind::King)
}

/// The incremental `psq` sum recomputed from scratch (setup and consistency checks).
pub fn psq_from_scratch(pos: &Xiangqi) -> Psq {
    let mut total = Psq::default();
    for side in 0..2 {
        for kind in KINDS {
            for s in BitIter(pos.bb(side, kind)) {
                total += psq(side, kind, s as usize);
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same position with colours swapped and the board turned around.
    fn mirrored(fen: &str) -> String {
        let mut f = fen.split_whitespace();
        let rows: Vec<String> = f
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if f.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} - - 0 1", rows.join("/"))
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            super::super::START_FEN,
            "2bak4/4a4/4b4/4R4/2c6/2n6/9/9/4A4/3AK4 b - - 0 1",
            "r1bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1C4N2/9/RNBAKAB1R b - - 0 1",
        ] {
            let a = Xiangqi::parse_fen(fen).unwrap();
            let b = Xiangqi::parse_fen(&mirrored(fen)).unwrap();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn material_and_river_matter() {
        let start = Xiangqi::parse_fen(super::super::START_FEN).unwrap();
        let no_rook = Xiangqi::parse_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert!(evaluate(&no_rook) > evaluate(&start) + 700);
        let home = Xiangqi::parse_fen("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1").unwrap();
        let crossed = Xiangqi::parse_fen("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(evaluate(&crossed) > evaluate(&home) + 50);
    }

    #[test]
    fn exchange_evaluation() {
        // The cannon takes the horse on b10 and is retaken by the chariot: horse for cannon.
        let start = Xiangqi::parse_fen(super::super::START_FEN).unwrap();
        let m = Move::new(sq(1, 2), sq(1, 9));
        assert!(see_ge(&start, m, 0));
        assert!(!see_ge(&start, m, 1));
        // A chariot taking a soldier protected by a crossed soldier loses material.
        let p = Xiangqi::parse_fen("3k5/9/9/9/9/3pp4/9/9/9/3RK4 w - - 0 1").unwrap();
        assert!(!see_ge(&p, Move::new(sq(3, 0), sq(3, 4)), 0));
    }

    #[test]
    fn incremental_psq_matches_a_recount() {
        use crate::core::MoveList;
        let mut p = Xiangqi::parse_fen(super::super::START_FEN).unwrap();
        let mut seed = 7u64;
        for _ in 0..400 {
            assert_eq!(p.psq, psq_from_scratch(&p), "{}", p.to_fen());
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            p.make(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
}
