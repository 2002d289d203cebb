//! The engine options: their table (names, types, ranges, defaults), how they are
//! printed in UCI and UCCI, and how a `setoption` value is checked. It knows the
//! option values, not what the engine does with them.

use super::tokenizer::parse_saturating;
use crate::session::strength::ELO_RANGE;
use crate::variants::Variant;

/// The two protocol dialects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI (chess engines; `UCI_Variant` selects the game). The starting dialect.
    Uci,
    /// UCCI (Xiangqi engines), entered by the `ucci` command: Xiangqi ranks 0–9,
    /// single-word option names, `nobestmove`, `bye` on `quit`.
    Ucci,
}

/// The kind of an option, with its range or choices.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// An integer in `min..=max`; values outside are clamped with a note.
    Spin {
        /// The value before any `setoption`.
        default: u64,
        /// Smallest accepted value.
        min: u64,
        /// Largest accepted value.
        max: u64,
    },
    /// A boolean, set by `true`/`false` (also `on`/`off`, `1`/`0`).
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// An action without a value, done when set.
    Button,
    /// `UCI_Variant`: the choices are the listed variants.
    Combo,
    /// Free text (a file path).
    Text {
        /// The value before any `setoption`.
        default: &'static str,
    },
    /// A combo with fixed choices (matched case-insensitively).
    Choice {
        /// The choice in force before any `setoption`; one of `choices`.
        default: &'static str,
        /// Every accepted value, in the order the handshake lists them.
        choices: &'static [&'static str],
    },
}

/// One option of the table.
pub struct Spec {
    /// UCI name.
    pub name: &'static str,
    /// UCCI name (single word), `None` when not offered in UCCI.
    pub ucci: Option<&'static str>,
    /// The value type, range and default.
    pub kind: Kind,
}

/// The option table, in the order printed after `uci` / `ucci`.
pub const OPTIONS: &[Spec] = &[
    Spec {
        name: "Hash",
        ucci: Some("hashsize"),
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 65536,
        },
    },
    Spec {
        name: "Threads",
        ucci: Some("threads"),
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        name: "Clear Hash",
        ucci: Some("clearhash"),
        kind: Kind::Button,
    },
    Spec {
        name: "Ponder",
        ucci: Some("ponder"),
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "MultiPV",
        ucci: Some("multipv"),
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        name: "UCI_ShowWDL",
        ucci: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "Skill Level",
        ucci: None,
        kind: Kind::Spin {
            default: 20,
            min: 0,
            max: 20,
        },
    },
    Spec {
        name: "UCI_LimitStrength",
        ucci: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "UCI_Elo",
        ucci: None,
        kind: Kind::Spin {
            default: ELO_RANGE.0,
            min: ELO_RANGE.0,
            max: ELO_RANGE.1,
        },
    },
    Spec {
        name: "Move Overhead",
        ucci: Some("moveoverhead"),
        kind: Kind::Spin {
            default: 20,
            min: 0,
            max: 5000,
        },
    },
    Spec {
        name: "UCI_Chess960",
        ucci: None,
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "UCI_Variant",
        ucci: None,
        kind: Kind::Combo,
    },
    Spec {
        name: "Evaluation",
        ucci: Some("evaluation"),
        kind: Kind::Choice {
            default: "nnue",
            choices: &["nnue", "classical", "chess", "material"],
        },
    },
    Spec {
        name: "EvalFile",
        ucci: Some("evalfile"),
        kind: Kind::Text {
            default: "<embedded>",
        },
    },
    Spec {
        name: "SyzygyPath",
        ucci: None,
        kind: Kind::Text { default: "<empty>" },
    },
    Spec {
        name: "SyzygyProbeDepth",
        ucci: None,
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 100,
        },
    },
    Spec {
        name: "Syzygy50MoveRule",
        ucci: None,
        kind: Kind::Check { default: true },
    },
    Spec {
        name: "SyzygyProbeLimit",
        ucci: None,
        kind: Kind::Spin {
            default: 7,
            min: 0,
            max: 7,
        },
    },
    Spec {
        name: "Xiangqi Rules",
        ucci: Some("xiangqirules"),
        kind: Kind::Choice {
            default: "asian",
            choices: &["asian", "basic"],
        },
    },
    Spec {
        name: "usemillisec",
        ucci: Some("usemillisec"),
        kind: Kind::Check { default: true },
    },
    Spec {
        name: "newgame",
        ucci: Some("newgame"),
        kind: Kind::Button,
    },
];

/// The `option ...` lines for the handshake of `dialect`; `variant` is the combo's default.
pub fn option_lines(dialect: Dialect, variant: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for spec in OPTIONS {
        let head = match dialect {
            // UCCI-only options are not offered in UCI.
            Dialect::Uci if matches!(spec.name, "usemillisec" | "newgame") => continue,
            Dialect::Uci => format!("option name {}", spec.name),
            Dialect::Ucci => match spec.ucci {
                Some(n) => format!("option {n}"),
                None => continue,
            },
        };
        let body = match spec.kind {
            Kind::Spin { default, min, max } => {
                format!("type spin default {default} min {min} max {max}")
            }
            Kind::Check { default } => format!("type check default {default}"),
            Kind::Button => "type button".to_string(),
            Kind::Combo => {
                let vars: String = Variant::ALL
                    .iter()
                    .map(|v| format!(" var {}", v.name()))
                    .collect();
                format!("type combo default {variant}{vars}")
            }
            Kind::Text { default } => format!("type string default {default}"),
            Kind::Choice { default, choices } => {
                let vars: String = choices.iter().map(|v| format!(" var {v}")).collect();
                format!("type combo default {default}{vars}")
            }
        };
        lines.push(format!("{head} {body}"));
    }
    #[cfg(feature = "tune")]
    lines.extend(search_param_lines(dialect));
    lines
}

/// `tune` builds: every search parameter as a spin option (SPSA sets them by name).
#[cfg(feature = "tune")]
fn search_param_lines(dialect: Dialect) -> Vec<String> {
    crate::search::params::SPECS
        .iter()
        .map(|p| {
            let head = match dialect {
                Dialect::Uci => format!("option name {}", p.name),
                Dialect::Ucci => format!("option {}", p.name),
            };
            format!(
                "{head} type spin default {} min {} max {}",
                p.value, p.min, p.max
            )
        })
        .collect()
}

/// `tune` builds: sets the search parameter `name` if there is one. `None` when `name` is
/// not a search parameter; otherwise the outcome (an error for a value that is not an
/// integer; out-of-range values are clamped by the table).
#[cfg(feature = "tune")]
pub fn set_search_param(
    params: &mut crate::search::Params,
    name: &str,
    raw: Option<&str>,
) -> Option<Result<(), String>> {
    use crate::search::params::SPECS;
    let spec = SPECS.iter().find(|s| s.name.eq_ignore_ascii_case(name))?;
    let text = raw.unwrap_or("").trim();
    Some(match text.parse::<i64>() {
        Ok(v) => params.set(spec.name, v.clamp(i32::MIN as i64, i32::MAX as i64) as i32),
        Err(_) => Err(format!(
            "option {} takes an integer, not '{text}'",
            spec.name
        )),
    })
}

/// Finds an option by its UCI or UCCI name: case-insensitive, and `_` equal to a space.
pub fn find(name: &str) -> Option<&'static Spec> {
    let norm = |s: &str| s.to_ascii_lowercase().replace('_', " ");
    let wanted = norm(name);
    OPTIONS
        .iter()
        .find(|s| norm(s.name) == wanted || s.ucci.is_some_and(|u| norm(u) == wanted))
}

/// A checked option value.
#[derive(Debug, PartialEq, Eq)]
pub enum Value {
    /// A spin value, already clamped to the option's range.
    Number(u64),
    /// A check value.
    Bool(bool),
    /// A combo value: for a [`Kind::Choice`] the listed spelling, for
    /// [`Kind::Combo`] the text as given (the engine checks the variant name).
    Text(String),
    /// A button was pressed.
    Press,
}

/// Checks `raw` against `spec`. A spin value out of range is clamped and the message
/// says so (the value is still applied); a value that cannot be read is an error.
pub fn check_value(spec: &Spec, raw: Option<&str>) -> Result<(Value, Option<String>), String> {
    match spec.kind {
        Kind::Button => Ok((Value::Press, None)),
        Kind::Spin { min, max, .. } => {
            let text = raw.ok_or_else(|| format!("option {} needs a value", spec.name))?;
            let n = parse_saturating(text)
                .ok_or_else(|| format!("option {} takes an integer, not '{text}'", spec.name))?;
            let clamped = n.clamp(min, max);
            let note = (clamped != n || text.starts_with('-')).then(|| {
                format!(
                    "{} value {text} out of range {min}..{max}; using {clamped}",
                    spec.name
                )
            });
            Ok((Value::Number(clamped), note))
        }
        Kind::Check { .. } => match raw.map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("true" | "on" | "1") => Ok((Value::Bool(true), None)),
            Some("false" | "off" | "0") => Ok((Value::Bool(false), None)),
            other => Err(format!(
                "option {} takes true or false, not '{}'",
                spec.name,
                other.unwrap_or("")
            )),
        },
        Kind::Combo => {
            let text = raw.ok_or_else(|| format!("option {} needs a value", spec.name))?;
            Ok((Value::Text(text.to_string()), None))
        }
        Kind::Text { .. } => Ok((Value::Text(raw.unwrap_or("").trim().to_string()), None)),
        Kind::Choice { choices, .. } => {
            let text = raw.unwrap_or("").trim();
            choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(text))
                .map(|c| (Value::Text(c.to_string()), None))
                .ok_or_else(|| {
                    format!(
                        "option {} takes one of {}, not '{text}'",
                        spec.name,
                        choices.join(", ")
                    )
                })
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn finds_by_either_name() {
        assert_eq!(find("hash").unwrap().name, "Hash");
        assert_eq!(find("HASHSIZE").unwrap().name, "Hash");
        assert_eq!(find("move_overhead").unwrap().name, "Move Overhead");
        assert!(find("nonsense").is_none());
    }

    #[test]
    fn spin_values_clamp_or_fail() {
        let hash = find("Hash").unwrap();
        assert_eq!(
            check_value(hash, Some("64")).unwrap(),
            (Value::Number(64), None)
        );
        let (v, note) = check_value(hash, Some("-5")).unwrap();
        assert_eq!(v, Value::Number(1));
        assert!(note.is_some());
        assert_eq!(
            check_value(hash, Some("99999999999999999999")).unwrap().0,
            Value::Number(65536)
        );
        assert!(check_value(hash, Some("abc")).is_err());
        assert!(check_value(hash, None).is_err());
    }

    #[cfg(feature = "tune")]
    #[test]
    fn tune_builds_offer_and_set_search_parameters() {
        let spec = crate::search::params::SPECS[0];
        let line = format!("option name {} type spin", spec.name);
        assert!(option_lines(Dialect::Uci, "chess")
            .iter()
            .any(|l| l.starts_with(&line)));
        let mut params = crate::search::Params::default();
        assert!(set_search_param(&mut params, "no_such", Some("1")).is_none());
        assert!(set_search_param(&mut params, spec.name, Some("x"))
            .unwrap()
            .is_err());
        let value = (spec.value + 1).min(spec.max);
        assert!(set_search_param(
            &mut params,
            &spec.name.to_uppercase(),
            Some(&value.to_string())
        )
        .unwrap()
        .is_ok());
        assert_eq!(params.asp_min_depth, value);
    }

    #[test]
    fn choice_values_are_checked() {
        let eval = find("evaluation").unwrap();
        assert_eq!(
            check_value(eval, Some("Material")).unwrap().0,
            Value::Text("material".into())
        );
        let err = check_value(eval, Some("nonsense")).unwrap_err();
        assert!(err.contains("nnue, classical, chess, material"), "{err}");
        assert!(check_value(eval, None).is_err());
    }

    #[test]
    fn uci_lines_list_the_variants() {
        let lines = option_lines(Dialect::Uci, "chess");
        let combo = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
        assert!(combo.contains("default chess var chess"));
        assert!(!lines.iter().any(|l| l.contains("usemillisec")));
        assert!(option_lines(Dialect::Ucci, "xiangqi")
            .iter()
            .any(|l| l == "option usemillisec type check default true"));
    }
}
