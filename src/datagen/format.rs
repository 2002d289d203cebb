//! The datagen text format, one position a line:
//!
//! ```text
//! <fen> | <score> | <result>
//! ```
//!
//! `score` is the search score in centipawns from the first side's point of view (White,
//! or Red in Xiangqi), an integer; `result` is the game result for the first side:
//! `1.0` (win), `0.5` (draw) or `0.0` (loss). Lines starting with `#` and blank lines are
//! comments. The FEN may itself contain `|` (Alice writes its two boards that way), so a
//! reader splits at the last two `|`. Both the writer (`kaleido datagen`) and the readers
//! (the tuner, the tests) use this file, so the format lives in one place. Knows no game.

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position in the variant's own FEN (Alice: both boards, `|` between them).
    pub fen: String,
    /// Search score, centipawns, first side's point of view.
    pub score: i32,
    /// Game result for the first side: 1.0, 0.5 or 0.0.
    pub result: f64,
}

/// The line for `sample` (without the newline).
pub fn write_line(sample: &Sample) -> String {
    format!("{} | {} | {:.1}", sample.fen, sample.score, sample.result)
}

/// Parses one data line. `Ok(None)` for a blank or comment line; `Err` names what is wrong.
pub fn parse_line(line: &str) -> Result<Option<Sample>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    // The FEN itself may hold `|` (Alice's two boards): split from the right.
    let mut fields: Vec<&str> = line.rsplitn(3, '|').map(str::trim).collect();
    fields.reverse();
    let [fen, score, result] = fields[..] else {
        return Err(format!(
            "expected '<fen> | <score> | <result>', found {} field(s)",
            fields.len()
        ));
    };
    if fen.is_empty() {
        return Err("empty FEN".to_string());
    }
    let score: i32 = score
        .parse()
        .map_err(|_| format!("score '{score}' is not an integer"))?;
    let result = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        other => return Err(format!("result '{other}' is not 1.0, 0.5 or 0.0")),
    };
    Ok(Some(Sample {
        fen: fen.to_string(),
        score,
        result,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_fail() {
        let s = Sample {
            fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".to_string(),
            score: -37,
            result: 0.5,
        };
        assert_eq!(parse_line(&write_line(&s)).unwrap(), Some(s));
        assert_eq!(parse_line("  # comment").unwrap(), None);
        assert_eq!(parse_line("").unwrap(), None);
        // Alice FENs hold a `|` between the boards.
        let alice = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1 | 12 | 1.0";
        let parsed = parse_line(alice).unwrap().unwrap();
        assert_eq!(parsed.fen, alice.split(" | ").next().unwrap());
        assert_eq!((parsed.score, parsed.result), (12, 1.0));
        for bad in [
            "x | 1",
            "x | a | 1.0",
            "x | 3 | 0.7",
            " | 3 | 1.0",
            "a|1|b|1",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
