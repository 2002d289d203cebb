//! Drawing one position as SVG text from a board-geometry description
//! (`core::picture::Geometry`), the occupied cells, the cells the last move changed and
//! whether the side to move is in check. Hand-written SVG (rectangles, lines, circles,
//! text), no dependency. Knows no particular game.

use crate::core::picture::{Cell, Geometry, Grid, Palace};
use crate::core::Side;
use std::fmt::Write;

/// Side of one square (or spacing of the lines), in SVG user units.
const S: u32 = 48;
/// Room around the boards for titles and coordinates.
const MARGIN: u32 = 30;
/// Room between two boards.
const GAP: u32 = 24;

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
    /// Draw the variant's own piece labels (Xiangqi characters) instead of letters.
    pub native: bool,
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
        let board_w = g.files * S;
        let board_h = g.ranks * S;
        let boards = g.boards.len() as u32;
        let width = 2 * MARGIN + boards * board_w + (boards - 1) * GAP;
        let height = 2 * MARGIN + board_h + 24;
        let mut o = String::new();
        let _ = write!(
            o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n\
             <title>{}</title>\n<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n",
            escape(self.title)
        );
        for (b, title) in g.boards.iter().enumerate() {
            let ox = MARGIN + b as u32 * (board_w + GAP);
            self.board(&mut o, b as u32, ox, title);
        }
        let name = g.sides[usize::from(self.side == Side::Black)];
        let check = if self.in_check { ", in check" } else { "" };
        let _ = writeln!(
            o,
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"15\">{} to move{check}</text>",
            height - 10,
            escape(name)
        );
        o.push_str("</svg>\n");
        o
    }

    /// Top-left corner of cell `(file, rank)` of the board drawn at `ox`.
    fn corner(&self, ox: u32, file: u32, rank: u32) -> (u32, u32) {
        (ox + file * S, MARGIN + (self.geometry.ranks - 1 - rank) * S)
    }

    fn board(&self, o: &mut String, b: u32, ox: u32, title: &str) {
        let g = self.geometry;
        let (w, h) = (g.files * S, g.ranks * S);
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
            ox + w / 2,
            MARGIN - 10,
            escape(title)
        );
        match g.grid {
            Grid::Checkered => {
                for rank in 0..g.ranks {
                    for file in 0..g.files {
                        let (x, y) = self.corner(ox, file, rank);
                        let fill = if (file + rank) % 2 == 0 {
                            "#b58863"
                        } else {
                            "#f0d9b5"
                        };
                        let _ = writeln!(
                            o,
                            "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\"/>"
                        );
                    }
                }
            }
            Grid::Lines { river, palaces } => self.lines(o, ox, river, palaces),
        }
        let _ = writeln!(
            o,
            "<rect x=\"{ox}\" y=\"{MARGIN}\" width=\"{w}\" height=\"{h}\" fill=\"none\" \
             stroke=\"#333333\" stroke-width=\"1.5\"/>"
        );
        for file in 0..g.files {
            let (x, _) = self.corner(ox, file, 0);
            let letter = char::from(b'a' + file as u8);
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{letter}</text>",
                x + S / 2,
                MARGIN + h + 12
            );
        }
        for rank in 0..g.ranks {
            let (_, y) = self.corner(ox, 0, rank);
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>",
                ox - 3,
                y + S / 2 + 4,
                rank + 1
            );
        }
        for &(cb, file, rank) in self.changed.iter().filter(|c| c.0 == b) {
            let (x, y) = self.corner(ox, file, rank);
            let _ = writeln!(
                o,
                "<rect class=\"lastmove\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" \
                 fill=\"#f7ec5a\" fill-opacity=\"0.55\" data-board=\"{cb}\"/>"
            );
        }
        for c in self.cells.iter().filter(|c| c.board == b) {
            self.piece(o, ox, c);
        }
    }

    /// Xiangqi-style lines: pieces stand on the intersections, at the cells' centres.
    fn lines(&self, o: &mut String, ox: u32, river: u32, palaces: &[Palace]) {
        let g = self.geometry;
        let (w, h) = (g.files * S, g.ranks * S);
        let _ = writeln!(
            o,
            "<rect x=\"{ox}\" y=\"{MARGIN}\" width=\"{w}\" height=\"{h}\" fill=\"#f2d7a0\"/>"
        );
        let centre = |file: u32, rank: u32| {
            let (x, y) = self.corner(ox, file, rank);
            (x + S / 2, y + S / 2)
        };
        let line = |o: &mut String, a: (u32, u32), b: (u32, u32)| {
            let _ = writeln!(
                o,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#5a3a1a\" stroke-width=\"1.2\"/>",
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
        let _ = writeln!(
            o,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" \
             fill=\"#5a3a1a\">river</text>",
            y0 - S / 2 + 5
        );
    }

    fn piece(&self, o: &mut String, ox: u32, c: &Cell) {
        let g = self.geometry;
        let (x, y) = self.corner(ox, c.file, c.rank);
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
                 fill-opacity=\"0.75\"/>",
                S / 2 - 1
            );
        }
        let label = escape(&g.label(c.letter, c.side, self.native));
        let size = if label.chars().count() > 1 { 15 } else { 22 };
        let _ = writeln!(
            o,
            "<g class=\"piece\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{fill}\" \
             stroke=\"{ink}\" stroke-width=\"2\"/><text x=\"{cx}\" y=\"{}\" font-size=\"{size}\" \
             font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text></g>",
            S / 2 - 6,
            cy + size / 3 + 1
        );
    }
}
