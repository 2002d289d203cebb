//! Drawing one position as SVG text from a board-geometry description
//! (`core::picture::Geometry`), the occupied cells, the cells the last move changed and
//! whether the side to move is in check, seen as a [`View`] asks (flipped, boards per row).
//! Hand-written SVG (rectangles, lines, circles, text), no dependency; a variant's own
//! script (Xiangqi's characters) is drawn on discs in a font stack that holds it. Every cell is an
//! element carrying `data-cell="<its name in the variant's moves>"` (and `data-board` where
//! boards share cell names, Alice), and nothing drawn over the cells takes a pointer
//! event, so a page can find and click cells by name. Knows no particular game.

use crate::core::picture::{Cell, Geometry, Grid, Palace};
use crate::core::Side;
use std::fmt::Write;

/// Side of one square (or spacing of the lines), in SVG user units.
const S: u32 = 48;
/// Room around the boards for titles and coordinates.
const MARGIN: u32 = 30;
/// Room between two boards.
const GAP: u32 = 24;
/// Room between two rows of boards (a title above, file letters below).
const ROW_GAP: u32 = MARGIN + 16;

/// How the viewer wants the picture: the default is `kaleido render`'s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Seen from the second side: files and ranks reversed on every board, and the levels
    /// of a cube (`Geometry::rows_per_board`) in reverse order.
    pub flipped: bool,
    /// Boards per row (a narrow screen wants the five Raumschach levels in rows); 0 = all
    /// in one row.
    pub columns: u32,
    /// Draw the variant's own piece labels (Xiangqi characters) instead of letters.
    pub native: bool,
}

/// What one picture shows.
pub struct Scene<'a> {
    /// The variant's geometry.
    pub geometry: &'a Geometry,
    /// The pieces.
    pub cells: &'a [Cell],
    /// Cells whose content the last move changed: `(board, file, rank)`.
    pub changed: &'a [(u32, u32, u32)],
    /// The side to move.
    pub side: Side,
    /// Whether the side to move is in check (its royal piece is ringed red).
    pub in_check: bool,
    /// Flipped or not, boards per row, piece labels.
    pub view: View,
    /// Text of the `<title>` (the FEN).
    pub title: &'a str,
}

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cells that differ between `before` and `after`, in `(board, file, rank)` order.
pub fn changed_cells(before: &[Cell], after: &[Cell]) -> Vec<(u32, u32, u32)> {
    let at = |cells: &[Cell], k: (u32, u32, u32)| {
        cells
            .iter()
            .find(|c| (c.board, c.file, c.rank) == k)
            .map(|c| (c.letter, c.side))
    };
    let mut keys: Vec<(u32, u32, u32)> = before
        .iter()
        .chain(after)
        .map(|c| (c.board, c.file, c.rank))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys.retain(|&k| at(before, k) != at(after, k));
    keys
}

impl Scene<'_> {
    /// The picture as a complete SVG document.
    pub fn svg(&self) -> String {
        let g = self.geometry;
        let (cols, rows) = self.grid_of_boards();
        let width = 2 * MARGIN + cols * g.files * S + (cols - 1) * GAP;
        let height = 2 * MARGIN + rows * g.ranks * S + (rows - 1) * ROW_GAP + 24;
        let mut o = String::new();
        let _ = write!(
            o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n\
             <title>{}</title>\n<rect class=\"background\" width=\"{width}\" height=\"{height}\" \
             fill=\"#ffffff\"/>\n",
            escape(self.title)
        );
        for (b, title) in g.boards.iter().enumerate() {
            self.board(&mut o, b as u32, self.origin(b as u32), title);
        }
        let name = g.sides[usize::from(self.side == Side::Black)];
        let check = if self.in_check { ", in check" } else { "" };
        let _ = writeln!(
            o,
            "<text class=\"caption\" x=\"{MARGIN}\" y=\"{}\" font-size=\"15\">{} to move{check}</text>",
            height - 10,
            escape(name)
        );
        o.push_str("</svg>\n");
        o
    }

    /// Boards per row and rows of boards.
    fn grid_of_boards(&self) -> (u32, u32) {
        let boards = (self.geometry.boards.len() as u32).max(1);
        let cols = match self.view.columns {
            0 => boards,
            c => c.min(boards),
        };
        (cols, boards.div_ceil(cols))
    }

    /// Top-left corner of board `b`.
    fn origin(&self, b: u32) -> (u32, u32) {
        let g = self.geometry;
        let boards = g.boards.len() as u32;
        let slot = if self.view.flipped && g.rows_per_board {
            boards - 1 - b
        } else {
            b
        };
        let (cols, _) = self.grid_of_boards();
        let (col, row) = (slot % cols, slot / cols);
        (
            MARGIN + col * (g.files * S + GAP),
            MARGIN + row * (g.ranks * S + ROW_GAP),
        )
    }

    /// Top-left corner of cell `(file, rank)` of the board drawn at `(ox, oy)`.
    fn corner(&self, (ox, oy): (u32, u32), file: u32, rank: u32) -> (u32, u32) {
        let g = self.geometry;
        match self.view.flipped {
            false => (ox + file * S, oy + (g.ranks - 1 - rank) * S),
            true => (ox + (g.files - 1 - file) * S, oy + rank * S),
        }
    }

    /// The `data-cell` (and, where boards share names, `data-board`) attributes of a cell.
    fn cell_attributes(&self, b: u32, file: u32, rank: u32) -> String {
        let g = self.geometry;
        let name = escape(&g.cell_name(b, file, rank));
        match !g.rows_per_board && g.boards.len() > 1 {
            true => format!(
                "data-cell=\"{name}\" data-board=\"{}\"",
                Geometry::board_letter(b)
            ),
            false => format!("data-cell=\"{name}\""),
        }
    }

    fn board(&self, o: &mut String, b: u32, at: (u32, u32), title: &str) {
        let g = self.geometry;
        let (w, h) = (g.files * S, g.ranks * S);
        let (ox, oy) = at;
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
            ox + w / 2,
            oy - 10,
            escape(title)
        );
        match g.grid {
            Grid::Checkered => {
                for rank in 0..g.ranks {
                    for file in 0..g.files {
                        let (x, y) = self.corner(at, file, rank);
                        let fill = if (file + rank) % 2 == 0 {
                            "#b58863"
                        } else {
                            "#f0d9b5"
                        };
                        let _ = writeln!(
                            o,
                            "<rect class=\"cell\" {} x=\"{x}\" y=\"{y}\" width=\"{S}\" \
                             height=\"{S}\" fill=\"{fill}\"/>",
                            self.cell_attributes(b, file, rank)
                        );
                    }
                }
            }
            Grid::Lines { river, palaces } => self.lines(o, b, at, river, palaces),
        }
        let _ = writeln!(
            o,
            "<rect x=\"{ox}\" y=\"{oy}\" width=\"{w}\" height=\"{h}\" fill=\"none\" \
             stroke=\"#333333\" stroke-width=\"1.5\" pointer-events=\"none\"/>"
        );
        for file in 0..g.files {
            let (x, _) = self.corner(at, file, 0);
            let letter = char::from(b'a' + file as u8);
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{letter}</text>",
                x + S / 2,
                oy + h + 12
            );
        }
        for rank in 0..g.ranks {
            let (_, y) = self.corner(at, 0, rank);
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>",
                ox - 3,
                y + S / 2 + 4,
                rank + 1
            );
        }
        for &(cb, file, rank) in self.changed.iter().filter(|c| c.0 == b) {
            let (x, y) = self.corner(at, file, rank);
            let _ = writeln!(
                o,
                "<rect class=\"lastmove\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" \
                 fill=\"#f7ec5a\" fill-opacity=\"0.55\" data-board=\"{cb}\" pointer-events=\"none\"/>"
            );
        }
        // Characters of the variant's own script take their fonts from a group around them.
        let characters = self.view.native && !g.native_labels.is_empty();
        if characters {
            let _ = writeln!(
                o,
                "<g class=\"characters\" font-family=\"{CHARACTER_FONTS}\">"
            );
        }
        for c in self.cells.iter().filter(|c| c.board == b) {
            self.piece(o, at, c);
        }
        if characters {
            o.push_str("</g>\n");
        }
    }

    /// Xiangqi-style lines: pieces stand on the intersections, at the cells' centres.
    fn lines(&self, o: &mut String, b: u32, at: (u32, u32), river: u32, palaces: &[Palace]) {
        let g = self.geometry;
        let (w, h) = (g.files * S, g.ranks * S);
        let (ox, oy) = at;
        let _ = writeln!(
            o,
            "<rect x=\"{ox}\" y=\"{oy}\" width=\"{w}\" height=\"{h}\" fill=\"#f2d7a0\"/>"
        );
        let centre = |file: u32, rank: u32| {
            let (x, y) = self.corner(at, file, rank);
            (x + S / 2, y + S / 2)
        };
        let line = |o: &mut String, a: (u32, u32), b: (u32, u32)| {
            let _ = writeln!(
                o,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#5a3a1a\" stroke-width=\"1.2\" \
                 pointer-events=\"none\"/>",
                a.0, a.1, b.0, b.1
            );
        };
        let (top, last) = (g.ranks - 1, g.files - 1);
        for rank in 0..g.ranks {
            line(o, centre(0, rank), centre(last, rank));
        }
        for file in 0..g.files {
            if file == 0 || file == last || river + 1 > top {
                line(o, centre(file, 0), centre(file, top));
            } else {
                line(o, centre(file, 0), centre(file, river));
                line(o, centre(file, river + 1), centre(file, top));
            }
        }
        for &((f0, f1), (r0, r1)) in palaces {
            line(o, centre(f0, r0), centre(f1, r1));
            line(o, centre(f0, r1), centre(f1, r0));
        }
        let (x, y0) = centre(g.files / 2, river);
        // Between the river's two ranks whichever way up the board is drawn.
        let y1 = centre(g.files / 2, river + 1).1;
        let _ = writeln!(
            o,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" \
             fill=\"#5a3a1a\" pointer-events=\"none\">river</text>",
            (y0 + y1) / 2 + 5
        );
        // The points pieces stand on, as cells a page can click (drawn invisible).
        for rank in 0..g.ranks {
            for file in 0..g.files {
                let (x, y) = self.corner(at, file, rank);
                let _ = writeln!(
                    o,
                    "<rect class=\"cell\" {} x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" \
                     fill=\"#ffffff\" fill-opacity=\"0\"/>",
                    self.cell_attributes(b, file, rank)
                );
            }
        }
    }

    fn piece(&self, o: &mut String, at: (u32, u32), c: &Cell) {
        let g = self.geometry;
        let (x, y) = self.corner(at, c.file, c.rank);
        let (cx, cy) = (x + S / 2, y + S / 2);
        let lines = matches!(g.grid, Grid::Lines { .. });
        let (fill, ink) = match (c.side, lines) {
            (Side::White, false) => ("#ffffff", "#000000"),
            (Side::Black, false) => ("#222222", "#ffffff"),
            (Side::White, true) => ("#fbeed0", "#c0171b"),
            (Side::Black, true) => ("#fbeed0", "#111111"),
        };
        let checked = self.in_check && c.side == self.side && c.letter == g.royal;
        if checked {
            let _ = writeln!(
                o,
                "<circle class=\"check\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#e02020\" \
                 fill-opacity=\"0.75\" pointer-events=\"none\"/>",
                S / 2 - 1
            );
        }
        let label = escape(&g.label(c.letter, c.side, self.view.native));
        if !label.is_ascii() {
            return character_piece(o, (cx, cy), ink, &label);
        }
        let size = if label.chars().count() > 1 { 15 } else { 22 };
        let _ = writeln!(
            o,
            "<g class=\"piece\" pointer-events=\"none\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{fill}\" \
             stroke=\"{ink}\" stroke-width=\"2\"/><text x=\"{cx}\" y=\"{}\" font-size=\"{size}\" \
             font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text></g>",
            S / 2 - 6,
            cy + size / 3 + 1
        );
    }
}

/// The fonts that hold the traditional characters of a variant's own labels, best first:
/// Noto CJK (most Linux desktops, Android), Source Han, the ones macOS, iOS and Windows
/// bring, WenQuanYi and AR PL (older Linux); a viewer without any of them falls back to
/// its own serif face.
const CHARACTER_FONTS: &str = "'Noto Serif CJK TC', 'Noto Serif TC', 'Noto Sans CJK TC', \
     'Noto Sans TC', 'Source Han Serif TC', 'Source Han Sans TC', 'Noto Serif CJK SC', \
     'Noto Sans CJK SC', 'PingFang TC', 'Hiragino Mincho ProN', 'Songti TC', \
     'Microsoft JhengHei', 'MingLiU', 'WenQuanYi Zen Hei', 'WenQuanYi Micro Hei', \
     'AR PL UMing TW', serif";

/// A piece labelled by a character of the variant's own script (Xiangqi): a wooden disc
/// with an inner ring in the side's ink, the character centred on it (its fonts are the
/// enclosing group's, [`CHARACTER_FONTS`]).
fn character_piece(o: &mut String, (cx, cy): (u32, u32), ink: &str, label: &str) {
    let _ = writeln!(
        o,
        "<g class=\"piece\" pointer-events=\"none\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" \
         fill=\"#f6dfae\" stroke=\"#8a5a2b\" stroke-width=\"1.5\"/><circle cx=\"{cx}\" \
         cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.2\"/><text \
         x=\"{cx}\" y=\"{cy}\" font-size=\"25\" text-anchor=\"middle\" \
         dominant-baseline=\"central\" fill=\"{ink}\">{label}</text></g>",
        S / 2 - 4,
        S / 2 - 8,
    );
}
