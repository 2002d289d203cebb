//! Variant names to referees: the one place where the match runner names concrete games
//! (like the session layer's variant registry, but returning a [`Referee`]). Everything
//! else in `matchrun` is generic.

use super::referee::Referee;

/// Variant names `kaleido match --variant` accepts.
pub const VARIANTS: &[&str] = &[
    "chess",
    "fischerandom",
    "xiangqi",
    "alice",
    "raumschach",
    "raumschach4",
];

/// A referee for `variant`, or a clear error for an unknown name.
pub fn new_referee(variant: &str) -> Result<Box<dyn Referee>, String> {
    match variant {
        v if VARIANTS.contains(&v) => {
            Err(format!("variant '{v}' is not built into this kaleido yet"))
        }
        v => Err(format!(
            "unknown variant '{v}' (known: {})",
            VARIANTS.join(", ")
        )),
    }
}
