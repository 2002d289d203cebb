//! One folder per game, and the one registry of them. Each folder owns its position type,
//! bitboard width, move generation, FEN, notation, evaluation and bench positions, and
//! implements `core::Game`. This file is the only list of variants: the [`Variant`] enum,
//! what every caller needs to know about each ([`VariantInfo`]: UCI name, aliases, board
//! size, bench list and depth, ...) and the one dispatch ([`Variant::visit`]) that turns a
//! variant into its concrete `Game` type, so generic code is compiled once per game and
//! chosen once per command, never per node.
//!
//! Adding a variant: a new folder below this one, and one entry in the `registry!` list
//! below. The protocol, the bench, `perft`, the match runner, datagen, the tuner and the
//! fuzz harness all read this list.
//!
//! Variants know nothing about the protocol or the search.

pub mod alice;
pub mod chess;
pub mod raumschach;
pub mod xiangqi;

use crate::core::picture::Geometry;
use crate::core::tune::Tunable;
use crate::core::wdl::WdlModel;
use crate::core::{Game, GameConfig};

/// What a game must implement to be registered: the rules (`Game`) and a linear
/// evaluation the tuner can fit (`Tunable`).
pub trait RegisteredGame: Game + Tunable {}
impl<G: Game + Tunable> RegisteredGame for G {}

/// Generic code run for one variant with its concrete game type (see [`Variant::visit`]).
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with `G` = the variant's game type.
    fn visit<G: RegisteredGame>(self, variant: Variant) -> Self::Output;
}

/// How a variant's moves are written in PGN movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movetext {
    /// Standard algebraic notation (8x8 boards; python-chess reads it).
    San,
    /// The coordinate notation of `Notation::Uci` (Xiangqi `h3e3`, Raumschach `Bb2Bb3`).
    Coordinates,
    /// The variant's own record notation (`Game::write_record`): its styles, the first the
    /// default of PGN and `kaleido notation`, each with the value of the PGN `Format` tag
    /// it writes (`None`: no tag).
    Record(&'static [RecordStyle]),
}

/// One record style of a variant (see [`Movetext::Record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordStyle {
    /// The name given to `Game::write_record` and `--style` / `--pgn-notation`.
    pub name: &'static str,
    /// The PGN `Format` tag's value, if the style writes one.
    pub format: Option<&'static str>,
}

const XIANGQI_STYLES: &[RecordStyle] = &[
    RecordStyle {
        name: "wxf",
        format: Some("WXF"),
    },
    RecordStyle {
        name: "chinese",
        format: Some("Chinese"),
    },
    RecordStyle {
        name: "iccs",
        format: Some("ICCS"),
    },
];

const CUBE_STYLES: &[RecordStyle] = &[
    RecordStyle {
        name: "levels",
        format: None,
    },
    RecordStyle {
        name: "levels-spanish",
        format: None,
    },
    RecordStyle {
        name: "levels-roman",
        format: None,
    },
];

/// How self-play games of a variant start.
#[derive(Clone, Copy, Debug)]
pub enum Openings {
    /// The start position, then random plies.
    StartPosition,
    /// One of `count` numbered start positions at random (Chess960: 960 arrays), then random
    /// plies; `fen` gives the FEN of number `0..count`.
    Numbered {
        /// How many start positions there are.
        count: u32,
        /// The FEN of a start position by its number.
        fen: fn(u32) -> Option<String>,
    },
}

/// Everything callers need to know about a variant besides its game type.
#[derive(Debug)]
pub struct VariantInfo {
    /// The `UCI_Variant` value (lower case), also `kaleido match --variant` and
    /// `kaleido bench --variant`.
    pub name: &'static str,
    /// Further names accepted for it (case-insensitive), not listed in the combo.
    pub aliases: &'static [&'static str],
    /// Board size: files, ranks and levels (1 for flat boards).
    pub files: u32,
    /// Ranks of the board.
    pub ranks: u32,
    /// Levels of the board (3D variants), 1 for flat boards.
    pub levels: u32,
    /// The variant always plays by Chess960 castling rules (whatever `UCI_Chess960` says).
    pub chess960: bool,
    /// The positions of `kaleido bench`.
    pub bench_fens: &'static [&'static str],
    /// The default depth of `kaleido bench`.
    pub bench_depth: u32,
    /// PGN movetext of `kaleido match`.
    pub movetext: Movetext,
    /// How `kaleido datagen` games start.
    pub openings: Openings,
    /// Random plies `kaleido datagen` plays from the opening by default.
    pub datagen_plies: u32,
    /// The fitted win/draw/loss model of `UCI_ShowWDL` (the variant's `gui.rs`).
    pub wdl: WdlModel,
    /// How its positions are drawn (`kaleido render`, `d svg`; the variant's `gui.rs`).
    pub picture: Geometry,
}

/// Declares the variants: each entry gives the enum variant, its game type and its
/// [`VariantInfo`] fields. Generates `Variant`, `Variant::ALL`, `Variant::info` and
/// `Variant::visit`, so an entry here is the only list a new variant is added to.
macro_rules! registry {
    ($( $(#[$doc:meta])* $variant:ident => $game:ty { $($field:ident : $value:expr),* $(,)? } )*) => {
        /// A variant kaleido plays (the registry; see the module doc).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $( $(#[$doc])* $variant, )*
        }

        impl Variant {
            /// Every variant, in `UCI_Variant` order (the default first).
            pub const ALL: &'static [Variant] = &[$(Variant::$variant),*];

            /// What callers need to know about this variant.
            pub fn info(self) -> &'static VariantInfo {
                match self {
                    $( Variant::$variant => &VariantInfo { $($field: $value),* }, )*
                }
            }

            /// Runs `visitor` with this variant's concrete game type.
            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $( Variant::$variant => visitor.visit::<$game>(self), )*
                }
            }
        }
    };
}

registry! {
    /// Orthodox chess (aliases `normal`, `standard`); Chess960 castling with `UCI_Chess960`.
    Chess => chess::Chess {
        name: "chess", aliases: &["normal", "standard"], files: 8, ranks: 8, levels: 1,
        chess960: false, bench_fens: chess::bench::CHESS_FENS, bench_depth: 12,
        movetext: Movetext::San, openings: Openings::StartPosition, datagen_plies: 8,
        wdl: chess::gui::WDL_CHESS, picture: chess::gui::PICTURE,
    }
    /// Chess960 (alias `chess960`): chess from the 960 start arrays.
    Fischerandom => chess::Chess {
        name: "fischerandom", aliases: &["chess960"], files: 8, ranks: 8, levels: 1,
        chess960: true, bench_fens: chess::bench::CHESS960_FENS, bench_depth: 12,
        movetext: Movetext::San, datagen_plies: 2,
        wdl: chess::gui::WDL_CHESS960, picture: chess::gui::PICTURE,
        openings: Openings::Numbered { count: 960, fen: chess::chess960::start_fen },
    }
    /// Xiangqi (Chinese chess), 9 files by 10 ranks.
    Xiangqi => xiangqi::Xiangqi {
        name: "xiangqi", aliases: &[], files: 9, ranks: 10, levels: 1,
        chess960: false, bench_fens: xiangqi::BENCH_FENS, bench_depth: 10,
        movetext: Movetext::Record(XIANGQI_STYLES), openings: Openings::StartPosition, datagen_plies: 6,
        wdl: xiangqi::gui::WDL_XIANGQI, picture: xiangqi::gui::PICTURE,
    }
    /// Alice chess: two 8x8 boards, a moved piece passes to the other one.
    Alice => alice::Alice {
        name: "alice", aliases: &[], files: 8, ranks: 8, levels: 1,
        chess960: false, bench_fens: alice::BENCH_FENS, bench_depth: 10,
        movetext: Movetext::San, openings: Openings::StartPosition, datagen_plies: 6,
        wdl: alice::gui::WDL_ALICE, picture: alice::gui::PICTURE,
    }
    /// Alice 2: Alice chess with Black's army starting on board B.
    Alice2 => alice::Alice2 {
        name: "alice2", aliases: &[], files: 8, ranks: 8, levels: 1,
        chess960: false, bench_fens: alice::ALICE2_FENS, bench_depth: 10,
        movetext: Movetext::San, openings: Openings::StartPosition, datagen_plies: 6,
        wdl: alice::gui::WDL_ALICE_FAMILY, picture: alice::gui::PICTURE,
    }
    /// Ms. Alice: Alice chess plus the transfer (a piece crosses to its own square).
    Msalice => alice::MsAlice {
        name: "msalice", aliases: &[], files: 8, ranks: 8, levels: 1,
        chess960: false, bench_fens: alice::MSALICE_FENS, bench_depth: 9,
        movetext: Movetext::San, openings: Openings::StartPosition, datagen_plies: 6,
        wdl: alice::gui::WDL_ALICE_FAMILY, picture: alice::gui::PICTURE,
    }
    /// Parton's small Alice board: 4 files by 8 ranks, no castling, single pawn steps.
    Smallalice => alice::SmallAlice {
        name: "smallalice", aliases: &[], files: 4, ranks: 8, levels: 1,
        chess960: false, bench_fens: alice::SMALLALICE_FENS, bench_depth: 10,
        movetext: Movetext::San, openings: Openings::StartPosition, datagen_plies: 4,
        wdl: alice::gui::WDL_ALICE_FAMILY, picture: alice::gui::PICTURE_SMALL,
    }
    /// Raumschach: Maack's 5x5x5 three-dimensional chess.
    Raumschach => raumschach::Raumschach {
        name: "raumschach", aliases: &[], files: 5, ranks: 5, levels: 5,
        chess960: false, bench_fens: raumschach::cube5::BENCH_FENS, bench_depth: 5,
        movetext: Movetext::Record(CUBE_STYLES), openings: Openings::StartPosition, datagen_plies: 4,
        wdl: raumschach::gui::WDL_RAUMSCHACH, picture: raumschach::gui::PICTURE,
    }
    /// Raumschach 4x4x4 (SIII4 setup B).
    Raumschach4 => raumschach::Raumschach4 {
        name: "raumschach4", aliases: &[], files: 4, ranks: 4, levels: 4,
        chess960: false, bench_fens: raumschach::cube4::BENCH_FENS, bench_depth: 7,
        movetext: Movetext::Record(CUBE_STYLES), openings: Openings::StartPosition, datagen_plies: 4,
        wdl: raumschach::gui::WDL_RAUMSCHACH4, picture: raumschach::gui::PICTURE4,
    }
}

impl Variant {
    /// The `UCI_Variant` value.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The variant named `name` (case-insensitive; listed names and aliases).
    pub fn from_name(name: &str) -> Option<Variant> {
        let lower = name.to_ascii_lowercase();
        let known = |v: &&Variant| v.name() == lower || v.info().aliases.contains(&&*lower);
        Variant::ALL.iter().find(known).copied()
    }

    /// [`Variant::from_name`], or the error that names the known variants.
    pub fn parse(name: &str) -> Result<Variant, String> {
        Variant::from_name(name)
            .ok_or_else(|| format!("unknown variant '{name}' (known: {})", Variant::names()))
    }

    /// The listed names, comma-separated (for error messages).
    pub fn names() -> String {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        names.join(", ")
    }

    /// The rules settings of this variant; `chess960` is the `UCI_Chess960` option (the
    /// variant may force it on).
    pub fn config(self, chess960: bool) -> GameConfig {
        GameConfig {
            chess960: chess960 || self.info().chess960,
            basic_rules: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game type's own name and the registry agree, and every bench position parses.
    struct Check;
    impl GameVisitor for Check {
        type Output = ();
        fn visit<G: RegisteredGame>(self, v: Variant) {
            let base = if v.info().chess960 { "chess" } else { v.name() };
            assert_eq!(G::VARIANT, base);
            let cfg = v.config(false);
            for fen in v.info().bench_fens {
                assert!(G::from_fen(fen, &cfg).is_ok(), "{}: {fen}", v.name());
            }
        }
    }

    /// Every fitted WDL model says more wins for a better score at every phase, and the
    /// picture geometry reads the variant's own start position.
    #[test]
    fn every_wdl_model_and_picture_fits_its_variant() {
        struct StartFen;
        impl GameVisitor for StartFen {
            type Output = String;
            fn visit<G: RegisteredGame>(self, v: Variant) -> String {
                G::startpos(&v.config(false)).fen()
            }
        }
        for &v in Variant::ALL {
            let m = v.info().wdl;
            for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let (lo, mid, hi) = (m.wdl(-300, p), m.wdl(0, p), m.wdl(300, p));
                assert!(hi[0] > mid[0] && mid[0] > lo[0], "{}: {p}", v.name());
                assert!(hi[2] < lo[2], "{}: {p}", v.name());
                // A rook or so up (600 cp) wins clearly more often, even in bare endgames.
                let (lo, hi) = (m.wdl(-600, p), m.wdl(600, p));
                assert!(hi[0] > lo[0] + 150, "{}: {p} {lo:?} {hi:?}", v.name());
            }
            let fen = v.visit(StartFen);
            let cells = v.info().picture.cells(&fen);
            assert!(cells.is_ok_and(|c| !c.is_empty()), "{}: {fen}", v.name());
        }
    }

    #[test]
    fn every_entry_is_consistent() {
        for &v in Variant::ALL {
            v.visit(Check);
            assert_eq!(Variant::from_name(&v.name().to_uppercase()), Some(v));
        }
        assert_eq!(Variant::ALL[0], Variant::Chess);
        assert_eq!(Variant::from_name("chess960"), Some(Variant::Fischerandom));
        assert_eq!(Variant::from_name("Standard"), Some(Variant::Chess));
        assert_eq!(Variant::from_name("shogi"), None);
    }
}
