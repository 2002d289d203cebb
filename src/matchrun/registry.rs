//! Variant names to referees: the match runner's use of the variant registry
//! (`variants::Variant`), returning a [`Referee`] for a name. Everything else in
//! `matchrun` is generic; this file names no variant.

use super::referee::{GameReferee, MovetextStyle, Referee};
use crate::variants::{GameVisitor, Movetext, RegisteredGame, Variant};

/// A referee for `variant` (a `UCI_Variant` name or alias), or a clear error for an
/// unknown name.
pub fn new_referee(variant: &str) -> Result<Box<dyn Referee>, String> {
    struct NewReferee;
    impl GameVisitor for NewReferee {
        type Output = Box<dyn Referee>;
        fn visit<G: RegisteredGame>(self, v: Variant) -> Box<dyn Referee> {
            let style = match v.info().movetext {
                Movetext::San => MovetextStyle::San,
                Movetext::Coordinates => MovetextStyle::Coordinates,
            };
            Box::new(GameReferee::<G>::new(v.name(), v.config(false), style))
        }
    }
    let v = Variant::parse(variant)?;
    Ok(v.visit(NewReferee))
}
