//! The `key=value` words of the match's multi-word options (`--resign movecount=3
//! score=600`, `--draw ...`, `--sprt ...`): checking them against the keys an option allows
//! and reading one number out, with error texts that name the option. A leaf: it knows no
//! option's meaning, only the word format.

/// Splits `items` (`key=value` each, key case-insensitive) into `(key, value)` pairs in
/// order; `what` names the option (`resign`) in errors. A word without `=` or with a key
/// outside `allowed` is an error.
pub fn parse_pairs(
    what: &str,
    items: &[String],
    allowed: &[&str],
) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for item in items {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("--{what}: expected key=value, got '{item}'"))?;
        let k = k.trim().to_ascii_lowercase();
        if !allowed.contains(&k.as_str()) {
            return Err(format!(
                "--{what}: unknown key '{k}' (known: {})",
                allowed.join(", ")
            ));
        }
        out.push((k, v.trim().to_string()));
    }
    Ok(out)
}

/// The value of the first `key` in `pairs`, parsed; `default` when the key is absent
/// (`None` = the key is required). `what` names the option in errors.
pub fn number<T: std::str::FromStr>(
    what: &str,
    pairs: &[(String, String)],
    key: &str,
    default: Option<T>,
) -> Result<T, String> {
    match pairs.iter().find(|(k, _)| k == key) {
        Some((_, v)) => v
            .parse()
            .map_err(|_| format!("--{what}: bad value '{v}' for {key}")),
        None => default.ok_or_else(|| format!("--{what}: missing {key}=...")),
    }
}

/// The words of a test command line as owned strings.
#[cfg(test)]
pub(crate) fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_checks_and_reads_numbers() {
        let p = parse_pairs("x", &words(&["A=1", "b= 2.5 "]), &["a", "b"]).unwrap();
        assert_eq!(
            p,
            vec![("a".into(), "1".into()), ("b".into(), "2.5".into())]
        );
        assert_eq!(number::<u32>("x", &p, "a", None), Ok(1));
        assert_eq!(number::<f64>("x", &p, "b", None), Ok(2.5));
        assert_eq!(number("x", &p, "c", Some(7u32)), Ok(7));
        assert_eq!(
            number::<u32>("x", &p, "c", None),
            Err("--x: missing c=...".to_string())
        );
        assert_eq!(
            number::<u32>("x", &p, "b", None),
            Err("--x: bad value '2.5' for b".to_string())
        );
        assert!(parse_pairs("x", &words(&["a"]), &["a"]).is_err());
        assert!(parse_pairs("x", &words(&["z=1"]), &["a"]).is_err());
    }
}
