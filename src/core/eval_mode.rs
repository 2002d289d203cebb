//! The choices of evaluation (UCI option `Evaluation`): the variant's network (NNUE, where
//! it has one), its classical hand-written evaluation, or a deliberately weaker one used as
//! a sparring partner in strength matches. An engine owns its choice and hands it to each
//! search with the request; nothing here is process-wide. It knows the names of the modes,
//! not what any variant computes for them.

/// Which evaluation a variant's `evaluate` returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalMode {
    /// The variant's network; the classical evaluation where the variant has none.
    #[default]
    Nnue = 0,
    /// The variant's own hand-written evaluation.
    Classical = 3,
    /// Alice chess: the chess evaluation of both boards merged into one chess board
    /// (a variant without such a counterpart uses `Classical`).
    Chess = 1,
    /// Material only (a variant without it uses `Classical`).
    Material = 2,
}

impl EvalMode {
    /// Every mode, in the order the option lists them (the default first).
    pub const ALL: [EvalMode; 4] = [
        EvalMode::Nnue,
        EvalMode::Classical,
        EvalMode::Chess,
        EvalMode::Material,
    ];

    /// The option value naming this mode.
    pub fn name(self) -> &'static str {
        match self {
            EvalMode::Nnue => "nnue",
            EvalMode::Classical => "classical",
            EvalMode::Chess => "chess",
            EvalMode::Material => "material",
        }
    }

    /// The mode named `text` (case-insensitive).
    pub fn parse(text: &str) -> Option<EvalMode> {
        Self::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(text.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_fail() {
        for m in EvalMode::ALL {
            assert_eq!(EvalMode::parse(m.name()), Some(m));
            assert_eq!(EvalMode::parse(&m.name().to_ascii_uppercase()), Some(m));
        }
        assert_eq!(EvalMode::parse("materials"), None);
        assert_eq!(EvalMode::parse(""), None);
    }
}
