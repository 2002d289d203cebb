//! Variant names to referees: the one place where the match runner names concrete games
//! (like `session::new_session`, but returning a [`Referee`]). Everything else in
//! `matchrun` is generic. Variants not yet in this build are listed but refused.

use super::referee::{GameReferee, MovetextStyle, Referee};
use crate::core::GameConfig;
use crate::variants;

/// Variant names `kaleido match --variant` knows.
pub const VARIANTS: &[&str] = &[
    "chess",
    "fischerandom",
    "xiangqi",
    "alice",
    "raumschach",
    "raumschach4",
];

/// A referee for `variant`, or a clear error for an unknown or unavailable name.
pub fn new_referee(variant: &str) -> Result<Box<dyn Referee>, String> {
    let plain = GameConfig { chess960: false };
    let c960 = GameConfig { chess960: true };
    Ok(match variant {
        "chess" => Box::new(GameReferee::<variants::chess::Chess>::new(
            "chess",
            plain,
            MovetextStyle::San,
        )),
        "fischerandom" => Box::new(GameReferee::<variants::chess::Chess>::new(
            "fischerandom",
            c960,
            MovetextStyle::San,
        )),
        "xiangqi" => Box::new(GameReferee::<variants::xiangqi::Xiangqi>::new(
            "xiangqi",
            plain,
            MovetextStyle::Coordinates,
        )),
        "alice" => Box::new(GameReferee::<variants::alice::Alice>::new(
            "alice",
            plain,
            MovetextStyle::San,
        )),
        "raumschach" => Box::new(GameReferee::<variants::raumschach::Raumschach>::new(
            "raumschach",
            plain,
            MovetextStyle::Coordinates,
        )),
        "raumschach4" => Box::new(GameReferee::<variants::raumschach::Raumschach4>::new(
            "raumschach4",
            plain,
            MovetextStyle::Coordinates,
        )),
        v if VARIANTS.contains(&v) => {
            return Err(format!("variant '{v}' is not built into this kaleido yet"))
        }
        v => {
            return Err(format!(
                "unknown variant '{v}' (known: {})",
                VARIANTS.join(", ")
            ))
        }
    })
}
