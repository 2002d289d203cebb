//! The board diagram of the cubic games for the `d` command: the levels side by side
//! (A, White's home, on the left), ranks top to bottom, with file, rank and level
//! labels. 87 columns for 5x5x5, 70 for 4x4x4. Knows only the board array.

use super::cube::Cube;
use super::pieces::{code_letter, EMPTY};
use super::position::CubePosition;
use crate::core::Side;

const GAP: &str = "   ";

impl<C: Cube> CubePosition<C> {
    /// A text diagram; upper case = White, `.` = empty cell.
    pub fn diagram(&self) -> String {
        let n = C::N;
        let inner = 2 * n + 1;
        let block = 2 + inner + 2; // "5 |" + cells + " |"
        let mut out = String::new();
        let mut line = String::new();
        for level in 0..n {
            let title = format!("Level {}", (b'A' + level as u8) as char);
            line.push_str(&format!("{:^block$}", title));
            if level + 1 < n {
                line.push_str(GAP);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        let border = format!("  +{}+", "-".repeat(inner));
        out.push_str(&vec![border.as_str(); n].join(GAP));
        out.push('\n');
        for rank in (0..n).rev() {
            let mut row = Vec::with_capacity(n);
            for level in 0..n {
                let mut s = format!("{} |", rank + 1);
                for file in 0..n {
                    let c = self.board[level * n * n + rank * n + file];
                    s.push(' ');
                    s.push(if c == EMPTY { '.' } else { code_letter(c) });
                }
                s.push_str(" |");
                row.push(s);
            }
            out.push_str(&row.join(GAP));
            out.push('\n');
        }
        out.push_str(&vec![border.as_str(); n].join(GAP));
        out.push('\n');
        let files: String = (0..n)
            .map(|f| format!(" {}", (b'a' + f as u8) as char))
            .collect();
        let labels = format!("   {files}  ");
        out.push_str(vec![labels.as_str(); n].join(GAP).trim_end());
        out.push('\n');
        let side = if self.side == Side::White {
            "White"
        } else {
            "Black"
        };
        out.push_str(&format!("{side} to move (upper case = White).\n"));
        out
    }
}
