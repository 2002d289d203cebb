//! Variant names to referees: the match runner's use of the variant registry
//! (`variants::Variant`), returning a [`Referee`] for a name, with the rule set and PGN
//! notation chosen on the command line ([`RefereeSettings`]). Everything else in
//! `matchrun` is generic; this file names no variant.

use super::referee::{GameReferee, MovetextStyle, Referee};
use crate::variants::{GameVisitor, Movetext, RecordStyle, RegisteredGame, Variant};

/// Choices that change how a referee judges and writes a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RefereeSettings {
    /// The variant's club rule set (`GameConfig::basic_rules`; Xiangqi `basic`).
    pub basic_rules: bool,
    /// The PGN movetext style (one of the variant's record styles), `None` = its default.
    pub notation: Option<String>,
}

/// A referee for `variant` (a `UCI_Variant` name or alias) under the default rules and
/// notation, or a clear error for an unknown name.
pub fn new_referee(variant: &str) -> Result<Box<dyn Referee>, String> {
    new_referee_with(variant, &RefereeSettings::default())
}

/// The movetext style of `v` named `wanted` (`None` = the variant's default): `uci`
/// (coordinates, any variant), `san` (8x8 variants) or one of the variant's record styles
/// (`Movetext::Record`); an error names the styles the variant has.
pub fn movetext_style(v: Variant, wanted: Option<&str>) -> Result<MovetextStyle, String> {
    let info = v.info();
    let records: &[RecordStyle] = match info.movetext {
        Movetext::Record(styles) => styles,
        _ => &[],
    };
    let record = |s: &RecordStyle| MovetextStyle::Record {
        style: s.name,
        format: s.format,
    };
    let san = info.movetext == Movetext::San;
    let Some(w) = wanted.map(str::to_ascii_lowercase) else {
        return Ok(match records.first() {
            Some(s) => record(s),
            None if san => MovetextStyle::San,
            None => MovetextStyle::Coordinates,
        });
    };
    if w == "uci" {
        return Ok(MovetextStyle::Coordinates);
    }
    if w == "san" && san {
        return Ok(MovetextStyle::San);
    }
    if let Some(s) = records.iter().find(|s| s.name == w) {
        return Ok(record(s));
    }
    let mut known: Vec<&str> = records.iter().map(|s| s.name).collect();
    if san {
        known.push("san");
    }
    known.push("uci");
    Err(format!(
        "variant {} has no notation '{w}' (known: {})",
        v.name(),
        known.join(", ")
    ))
}

/// A referee for `variant` with `settings`; errors name an unknown variant or notation.
pub fn new_referee_with(
    variant: &str,
    settings: &RefereeSettings,
) -> Result<Box<dyn Referee>, String> {
    struct NewReferee(MovetextStyle, bool);
    impl GameVisitor for NewReferee {
        type Output = Box<dyn Referee>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Box<dyn Referee> {
            let mut cfg = v.config(false);
            cfg.basic_rules = self.1;
            Box::new(GameReferee::<G>::new(v.name(), cfg, self.0))
        }
    }
    let v = Variant::parse(variant)?;
    let style = movetext_style(v, settings.notation.as_deref())?;
    Ok(v.visit(NewReferee(style, settings.basic_rules)))
}
