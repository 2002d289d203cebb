//! How a variant's board is drawn (`kaleido render`, `d svg`): the board-geometry
//! description each registry entry supplies, and the reading of a FEN placement field
//! into cells under that description. Knows no particular game: boards, grids, a river,
//! palaces, piece letters and their labels are all data given by the variant.

use super::Side;

/// A palace: `((first file, last file), (first rank, last rank))`, inclusive, 0-based.
pub type Palace = ((u32, u32), (u32, u32));

/// Where pieces stand and what the grid looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grid {
    /// Pieces on squares, light and dark alternating (a1 dark).
    Checkered,
    /// Pieces on the intersections of lines (Xiangqi): the vertical lines stop at the
    /// river after rank `river` (0-based, counted from the first side), and every palace
    /// `(files, ranks)` (inclusive, 0-based) has its diagonals drawn.
    Lines {
        /// The last rank before the river.
        river: u32,
        /// The palaces, their diagonals drawn.
        palaces: &'static [Palace],
    },
}

/// How the FEN placement field of a variant maps onto boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Files and ranks of each board.
    pub files: u32,
    /// Ranks of each board.
    pub ranks: u32,
    /// The boards drawn side by side, left to right, with their titles.
    pub boards: &'static [&'static str],
    /// The FEN rows run over the boards in turn, the last board first (Raumschach: level
    /// E rank 5 first); otherwise all boards share each row (Alice: `board_marker`).
    pub rows_per_board: bool,
    /// A character written before a piece letter that puts it on the second board.
    pub board_marker: Option<char>,
    /// The grid.
    pub grid: Grid,
    /// The royal piece's letter (upper case): the one marked when its side is in check.
    pub royal: char,
    /// The sides' names, first side first ("White", "Black"; "Red", "Black").
    pub sides: [&'static str; 2],
    /// Labels in the variant's own script (Xiangqi's characters), drawn instead of the
    /// letters when asked: `(letter, first side's label, second side's label)`.
    pub native_labels: &'static [(char, &'static str, &'static str)],
}

/// One occupied cell: which board, file and rank (0-based from the first side), the
/// piece's letter in upper case and its side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Board index into [`Geometry::boards`].
    pub board: u32,
    /// File, 0 = a.
    pub file: u32,
    /// Rank, 0 = the first side's back rank.
    pub rank: u32,
    /// The piece's FEN letter, upper case.
    pub letter: char,
    /// Upper case in the FEN = the first side.
    pub side: Side,
}

impl Geometry {
    /// `boards` checkered boards of `files` x `ranks` side by side, the FEN rows shared by
    /// them, a king `K`, White and Black, no labels of its own: the common case, which the
    /// other fields adjust with `..`.
    pub const fn checkered(files: u32, ranks: u32, boards: &'static [&'static str]) -> Geometry {
        Geometry {
            files,
            ranks,
            boards,
            rows_per_board: false,
            board_marker: None,
            grid: Grid::Checkered,
            royal: 'K',
            sides: ["White", "Black"],
            native_labels: &[],
        }
    }

    /// The pieces of `fen` (its first field). Errors name the row that does not fit.
    pub fn cells(&self, fen: &str) -> Result<Vec<Cell>, String> {
        let placement = fen.split_whitespace().next().unwrap_or("");
        let rows: Vec<&str> = placement.split('/').collect();
        let boards = self.boards.len() as u32;
        let per_board = if self.rows_per_board { boards } else { 1 };
        if rows.len() as u32 != self.ranks * per_board {
            return Err(format!(
                "{} rows in '{placement}', not {}",
                rows.len(),
                self.ranks * per_board
            ));
        }
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let r = r as u32;
            let (board, rank) = if self.rows_per_board {
                (boards - 1 - r / self.ranks, self.ranks - 1 - r % self.ranks)
            } else {
                (0, self.ranks - 1 - r)
            };
            let (mut file, mut run, mut second) = (0u32, 0u32, false);
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d;
                    continue;
                }
                file += std::mem::take(&mut run);
                if Some(ch) == self.board_marker {
                    second = true;
                    continue;
                }
                if !ch.is_ascii_alphabetic() {
                    return Err(format!("unexpected '{ch}' in row '{row}'"));
                }
                let side = if ch.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                cells.push(Cell {
                    board: board + u32::from(second),
                    file,
                    rank,
                    letter: ch.to_ascii_uppercase(),
                    side,
                });
                second = false;
                file += 1;
            }
            file += run;
            if file != self.files {
                return Err(format!("row '{row}' has {file} files, not {}", self.files));
            }
        }
        Ok(cells)
    }

    /// The letter of board `board`: `A`, `B`, ... (Alice's boards, a cube's levels).
    pub fn board_letter(board: u32) -> char {
        char::from_u32(u32::from(b'A') + board.min(25)).unwrap_or('?')
    }

    /// The name of cell `(board, file, rank)` in the variant's coordinate moves (UCI): the
    /// file letter and the rank counted from 1 (`e4`, Xiangqi `b10`), after the level letter
    /// when the boards are the levels of one space (`rows_per_board`: Raumschach `Cc3`).
    /// Boards that share their cells (Alice) share the names.
    pub fn cell_name(&self, board: u32, file: u32, rank: u32) -> String {
        let file = char::from_u32(u32::from(b'a') + file.min(25)).unwrap_or('?');
        match self.rows_per_board {
            true => format!("{}{file}{}", Self::board_letter(board), rank + 1),
            false => format!("{file}{}", rank + 1),
        }
    }

    /// Splits a coordinate move `<from><to>[rest]` (`e7e8q`, `b10b9`, `Dd5Ed5q`) into its
    /// two cell names and what follows them (a promotion letter), reading the longest cell
    /// name first; `None` when the text does not start with two cell names of this board.
    pub fn split_move<'t>(&self, text: &'t str) -> Option<(&'t str, &'t str, &'t str)> {
        let boards = if self.rows_per_board {
            self.boards.len() as u32
        } else {
            1
        };
        let mut names = Vec::with_capacity((boards * self.files * self.ranks) as usize);
        for b in 0..boards {
            for f in 0..self.files {
                for r in 0..self.ranks {
                    names.push(self.cell_name(b, f, r));
                }
            }
        }
        let longest = names.iter().map(String::len).max().unwrap_or(0);
        let cell_at = |text: &'t str| {
            (1..=longest.min(text.len()))
                .rev()
                .filter(|&n| text.is_char_boundary(n))
                .map(|n| text.split_at(n))
                .find(|(head, _)| names.iter().any(|c| c == head))
        };
        let (from, rest) = cell_at(text)?;
        let (to, rest) = cell_at(rest)?;
        Some((from, to, rest))
    }

    /// The label of `letter` for `side`: with `native`, the variant's own script where it
    /// has one; otherwise the letter itself.
    pub fn label(&self, letter: char, side: Side, native: bool) -> String {
        self.native_labels
            .iter()
            .filter(|_| native)
            .find(|l| l.0 == letter)
            .map(|l| if side == Side::White { l.1 } else { l.2 }.to_string())
            .unwrap_or_else(|| letter.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_LEVELS: Geometry = Geometry {
        rows_per_board: true,
        native_labels: &[('K', "k", "x")],
        ..Geometry::checkered(2, 2, &["A", "B"])
    };

    #[test]
    fn rows_map_to_boards_files_and_ranks() {
        let cells = TWO_LEVELS.cells("k1/2/2/1K w").unwrap();
        assert_eq!(cells.len(), 2);
        assert_eq!((cells[0].board, cells[0].file, cells[0].rank), (1, 0, 1));
        assert_eq!((cells[1].board, cells[1].file, cells[1].rank), (0, 1, 0));
        assert_eq!(cells[0].side, Side::Black);
        assert!(TWO_LEVELS.cells("k1/2/2 w").is_err());
        assert!(TWO_LEVELS.cells("k1/2/3/1K w").is_err());
        assert!(TWO_LEVELS.cells("k1/2/2/1* w").is_err());
    }

    #[test]
    fn a_marker_puts_a_piece_on_the_second_board() {
        let alice = Geometry {
            board_marker: Some('|'),
            native_labels: TWO_LEVELS.native_labels,
            ..Geometry::checkered(3, 1, &["A", "B"])
        };
        let cells = alice.cells("K1|q w").unwrap();
        assert_eq!(
            (cells[1].board, cells[1].file, cells[1].letter),
            (1, 2, 'Q')
        );
        assert_eq!(alice.label('Q', Side::White, true), "Q");
        assert_eq!(alice.label('K', Side::Black, true), "x");
        assert_eq!(alice.label('K', Side::Black, false), "K");
        assert_eq!(alice.cell_name(1, 2, 0), "c1");
    }

    #[test]
    fn cells_are_named_and_moves_split_as_the_moves_are_written() {
        let levels = Geometry {
            rows_per_board: true,
            ..Geometry::checkered(5, 5, &["A", "B", "C", "D", "E"])
        };
        assert_eq!(levels.cell_name(2, 2, 2), "Cc3");
        assert_eq!(levels.split_move("Dd5Ed5q"), Some(("Dd5", "Ed5", "q")));
        assert_eq!(levels.split_move("Ab1Aa3"), Some(("Ab1", "Aa3", "")));
        assert_eq!(levels.split_move("Fa1Aa2"), None);
        let tall = Geometry::checkered(9, 10, &[""]);
        assert_eq!(tall.cell_name(0, 1, 9), "b10");
        assert_eq!(tall.split_move("b10b9"), Some(("b10", "b9", "")));
        assert_eq!(tall.split_move("b1b10"), Some(("b1", "b10", "")));
        assert_eq!(tall.split_move("e2e2"), Some(("e2", "e2", "")));
        assert_eq!(tall.split_move("e2"), None);
        assert_eq!(tall.split_move("é2e2"), None);
    }
}
