//! Score-based adjudication: resign when both engines agree one side is lost (N moves each
//! with the loser at or below −X cp and the winner at or above +X), draw when both see the
//! game level (N moves each within ±X after move M), and a draw at a ply cap. Scores are
//! centipawns from the moving engine's point of view. Knows no protocol and no game.

use super::keyvalue::{number, parse_pairs};
use super::record::side_name;
use crate::core::Side;

/// `--resign movecount=N score=X`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Own moves in a row each engine must report the score (`movecount=N`).
    pub move_count: u32,
    /// The margin, centipawns: the loser at or below −X, the winner at or above +X (`score=X`).
    pub score_cp: i32,
}

/// `--draw movenumber=M movecount=N score=X`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// First full move at which a level score counts (`movenumber=M`).
    pub move_number: u32,
    /// Own moves in a row each engine must see the game level (`movecount=N`), 2N plies in all.
    pub move_count: u32,
    /// How near zero a level score is, centipawns (`score=X`).
    pub score_cp: i32,
}

/// The adjudication rules of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdjudicationRules {
    /// The resign rule, when `--resign` is given.
    pub resign: Option<ResignRule>,
    /// The draw rule, when `--draw` is given.
    pub draw: Option<DrawRule>,
    /// Draw once this many plies are played (0 = never).
    pub max_plies: u32,
}

/// An adjudicated end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudicated {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// The sentence for the result line and the PGN, e.g. `both engines agree White is lost`.
    pub reason: String,
}

/// Per-game adjudication state.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: AdjudicationRules,
    /// Consecutive own moves with a score ≤ −X, per side.
    losing: [u32; 2],
    /// Consecutive own moves with a score ≥ +X, per side.
    winning: [u32; 2],
    /// Consecutive plies (both sides) within ±X.
    level: u32,
}

impl Adjudicator {
    /// Fresh state for one game under `rules`.
    pub fn new(rules: AdjudicationRules) -> Adjudicator {
        Adjudicator {
            rules,
            ..Default::default()
        }
    }

    /// Records the score `side`'s engine reported for the move just played. `fullmove` is
    /// the number of that move; `plies` the plies played so far.
    pub fn record(
        &mut self,
        side: Side,
        score: Option<i32>,
        fullmove: u32,
        plies: u32,
    ) -> Option<Adjudicated> {
        let s = side.index();
        if let Some(rule) = self.rules.resign {
            match score {
                Some(v) => {
                    self.losing[s] = if v <= -rule.score_cp {
                        self.losing[s] + 1
                    } else {
                        0
                    };
                    self.winning[s] = if v >= rule.score_cp {
                        self.winning[s] + 1
                    } else {
                        0
                    };
                }
                None => {
                    self.losing[s] = 0;
                    self.winning[s] = 0;
                }
            }
            let o = side.flip().index();
            for (loser, winner) in [(s, o), (o, s)] {
                if self.losing[loser] >= rule.move_count && self.winning[winner] >= rule.move_count
                {
                    let winner_side = if winner == Side::White.index() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    return Some(Adjudicated {
                        winner: Some(winner_side),
                        reason: format!(
                            "both engines agree {} is lost",
                            side_name(winner_side.flip())
                        ),
                    });
                }
            }
        }
        if let Some(rule) = self.rules.draw {
            let level =
                fullmove >= rule.move_number && score.is_some_and(|v| v.abs() <= rule.score_cp);
            self.level = if level { self.level + 1 } else { 0 };
            if self.level >= 2 * rule.move_count {
                return Some(Adjudicated {
                    winner: None,
                    reason: "both engines see a level game".to_string(),
                });
            }
        }
        if self.rules.max_plies > 0 && plies >= self.rules.max_plies {
            return Some(Adjudicated {
                winner: None,
                reason: format!("ply limit {} reached", self.rules.max_plies),
            });
        }
        None
    }
}

impl ResignRule {
    /// Parses the words of `--resign` (`movecount=N score=X`, both required and positive).
    pub fn parse(items: &[String]) -> Result<ResignRule, String> {
        let p = parse_pairs("resign", items, &["movecount", "score"])?;
        let rule = ResignRule {
            move_count: number("resign", &p, "movecount", None)?,
            score_cp: number("resign", &p, "score", None)?,
        };
        if rule.move_count == 0 || rule.score_cp <= 0 {
            return Err("--resign: movecount and score must be positive".into());
        }
        Ok(rule)
    }
}

impl DrawRule {
    /// Parses the words of `--draw` (`movenumber=M movecount=N score=X`, all required;
    /// movecount positive, score not negative).
    pub fn parse(items: &[String]) -> Result<DrawRule, String> {
        let p = parse_pairs("draw", items, &["movenumber", "movecount", "score"])?;
        let rule = DrawRule {
            move_number: number("draw", &p, "movenumber", None)?,
            move_count: number("draw", &p, "movecount", None)?,
            score_cp: number("draw", &p, "score", None)?,
        };
        if rule.move_count == 0 || rule.score_cp < 0 {
            return Err("--draw: movecount must be positive and score non-negative".into());
        }
        Ok(rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::keyvalue::words;

    #[test]
    fn resigns_only_when_both_agree() {
        let rules = AdjudicationRules {
            resign: Some(ResignRule {
                move_count: 2,
                score_cp: 500,
            }),
            ..Default::default()
        };
        let mut a = Adjudicator::new(rules);
        // White thinks it is lost, Black does not agree yet.
        assert_eq!(a.record(Side::White, Some(-600), 10, 19), None);
        assert_eq!(a.record(Side::Black, Some(100), 10, 20), None);
        assert_eq!(a.record(Side::White, Some(-700), 11, 21), None);
        assert_eq!(a.record(Side::Black, Some(650), 11, 22), None);
        assert_eq!(a.record(Side::White, Some(-800), 12, 23), None);
        let r = a.record(Side::Black, Some(900), 12, 24).unwrap();
        assert_eq!(r.winner, Some(Side::Black));
    }

    #[test]
    fn draws_after_move_number_and_at_ply_cap() {
        let rules = AdjudicationRules {
            draw: Some(DrawRule {
                move_number: 5,
                move_count: 2,
                score_cp: 10,
            }),
            max_plies: 0,
            ..Default::default()
        };
        let mut a = Adjudicator::new(rules);
        for ply in 0..4 {
            assert_eq!(
                a.record(
                    if ply % 2 == 0 {
                        Side::White
                    } else {
                        Side::Black
                    },
                    Some(0),
                    2,
                    ply
                ),
                None
            );
        }
        assert_eq!(a.record(Side::White, Some(5), 5, 9), None);
        assert_eq!(a.record(Side::Black, Some(-5), 5, 10), None);
        assert_eq!(a.record(Side::White, Some(50), 6, 11), None);
        assert_eq!(a.record(Side::Black, Some(0), 6, 12), None);
        assert_eq!(a.record(Side::White, Some(0), 7, 13), None);
        assert_eq!(a.record(Side::Black, Some(0), 7, 14), None);
        assert!(a.record(Side::White, Some(0), 8, 15).is_some());
        let mut capped = Adjudicator::new(AdjudicationRules {
            max_plies: 3,
            ..Default::default()
        });
        assert_eq!(capped.record(Side::White, None, 1, 2), None);
        assert_eq!(capped.record(Side::Black, None, 1, 3).unwrap().winner, None);
    }

    #[test]
    fn parses_rules() {
        assert_eq!(
            ResignRule::parse(&words(&["movecount=3", "score=600"])),
            Ok(ResignRule {
                move_count: 3,
                score_cp: 600
            })
        );
        assert!(ResignRule::parse(&words(&["movecount=3"])).is_err());
        assert!(ResignRule::parse(&words(&["moves=3", "score=1"])).is_err());
        assert!(DrawRule::parse(&words(&["movenumber=40", "movecount=8", "score=x"])).is_err());
        assert_eq!(
            DrawRule::parse(&words(&["movenumber=40", "movecount=8", "score=10"]))
                .unwrap()
                .move_count,
            8
        );
    }
}
