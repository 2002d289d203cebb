//! The text the match prints: a line per finished game, the running score of a pairing with
//! Elo ± 95% interval, LOS and draw ratio, the SPRT line, and the final table of a
//! round-robin or gauntlet. Formatting only.

use super::record::GameRecord;
use super::results::Tally;
use super::sprt::{SprtConfig, SprtDecision};
use super::stats::{EloEstimate, Score};

/// `13.7 +/- 13.8` (`+/- nan` while the interval is undefined, `+inf` at a 100% score).
pub fn elo_text(e: EloEstimate) -> String {
    match e.error95 {
        Some(err) => format!("{:.1} +/- {:.1}", e.elo + 0.0, err),
        None if e.elo.abs() > 1000.0 => {
            format!("{}inf +/- nan", if e.elo > 0.0 { "+" } else { "-" })
        }
        None => format!("{:.1} +/- nan", e.elo + 0.0),
    }
}

/// `Finished game 3 (A vs B): 1-0 {White mates}`.
pub fn game_line(g: &GameRecord) -> String {
    format!(
        "Finished game {} ({} vs {}): {} {{{}}}",
        g.number,
        g.white_name,
        g.black_name,
        g.result.pgn(),
        g.reason
    )
}

/// The score of `a` against `b` and its Elo, LOS and draw ratio (two lines).
pub fn score_lines(names: &[String], tally: &Tally, a: usize, b: usize) -> Vec<String> {
    let t = tally.pairing(a, b);
    let s = t.score;
    vec![
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            names[a],
            names[b],
            s.wins,
            s.losses,
            s.draws,
            s.ratio(),
            s.games()
        ),
        format!(
            "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            elo_text(s.elo()),
            100.0 * s.los(),
            100.0 * s.draw_ratio()
        ),
    ]
}

/// The score part of the progress line: `A vs B 5-3-4 [0.58] Elo 58.4 +/- 120.2` for two
/// engines, the first engine's total against the rest otherwise; no Elo before a game ends.
pub fn progress_score(names: &[String], tally: &Tally) -> String {
    let (label, s) = if names.len() == 2 {
        (
            format!("{} vs {}", names[0], names[1]),
            tally.pairing(0, 1).score,
        )
    } else {
        (names[0].clone(), tally.engine(0))
    };
    let score = format!(
        "{label} {}-{}-{} [{:.3}]",
        s.wins,
        s.losses,
        s.draws,
        s.ratio()
    );
    if s.games() == 0 {
        return score;
    }
    format!("{score}  Elo {}", elo_text(s.elo()))
}

/// `SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94, pairs [..]` (+ the decision).
pub fn sprt_line(cfg: &SprtConfig, llr: f64, pairs: [u32; 5]) -> String {
    let (lo, hi) = cfg.bounds();
    let share = if llr >= 0.0 { llr / hi } else { -llr / lo };
    let mut line = format!(
        "SPRT: llr {llr:.2} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}, elo0 {} elo1 {} alpha {} beta {}, pentanomial {:?}",
        100.0 * share,
        cfg.elo0,
        cfg.elo1,
        cfg.alpha,
        cfg.beta,
        pairs
    );
    match cfg.decide(llr) {
        SprtDecision::AcceptH1 => line += " - H1 was accepted",
        SprtDecision::AcceptH0 => line += " - H0 was accepted",
        SprtDecision::Continue => {}
    }
    line
}

fn row(rank: usize, name: &str, s: &Score) -> String {
    let e = s.elo();
    let err = e.error95.map_or("nan".to_string(), |x| format!("{x:.0}"));
    let elo = if e.elo.abs() > 1000.0 {
        if e.elo > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{:.0}", e.elo)
    };
    format!(
        "{rank:>4} {name:<24} {elo:>6} {err:>6} {:>7} {:>7.1}% {:>7.1}%",
        s.games(),
        100.0 * s.ratio(),
        100.0 * s.draw_ratio()
    )
}

/// The final table: each engine's score against its opponents, best first. In a gauntlet
/// the rows of the other engines are their results against the first one.
pub fn final_table(names: &[String], tally: &Tally, gauntlet: bool) -> String {
    let mut rows: Vec<(usize, Score)> = (0..names.len()).map(|e| (e, tally.engine(e))).collect();
    if gauntlet {
        for (e, s) in rows.iter_mut().skip(1) {
            *s = tally.pairing(*e, 0).score;
        }
    }
    rows.sort_by(|x, y| {
        y.1.ratio()
            .partial_cmp(&x.1.ratio())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut out = format!(
        "{:>4} {:<24} {:>6} {:>6} {:>7} {:>8} {:>8}\n",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    for (i, (e, s)) in rows.iter().enumerate() {
        out += &row(i + 1, &names[*e], s);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_lines() {
        let cfg = SprtConfig {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let line = sprt_line(&cfg, 3.1, [1, 2, 3, 4, 5]);
        assert!(
            line.starts_with("SPRT: llr 3.10 (105.3%), lbound -2.94, ubound 2.94"),
            "{line}"
        );
        assert!(line.ends_with("H1 was accepted"));
        assert_eq!(
            elo_text(EloEstimate {
                elo: 12.34,
                error95: Some(5.0)
            }),
            "12.3 +/- 5.0"
        );
        let names = vec!["a".to_string(), "b".to_string()];
        let tally = Tally::new(2);
        let lines = score_lines(&names, &tally, 0, 1);
        assert_eq!(lines[0], "Score of a vs b: 0 - 0 - 0  [0.500] 0");
        assert!(final_table(&names, &tally, false).lines().count() == 3);
        assert_eq!(progress_score(&names, &tally), "a vs b 0-0-0 [0.500]");
    }
}
