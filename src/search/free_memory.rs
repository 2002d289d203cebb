//! How much memory the machine can still give, as the kernel estimates it (Linux's
//! `MemAvailable`), so that a table too large to be backed by memory is refused instead
//! of being allocated and then killing the process when its pages are written (Linux
//! promises more memory than it has). A leaf: it knows no table and no search.

/// MiB the machine can give without swapping out other programs, if the system says
/// (`None` elsewhere than Linux, or when `/proc/meminfo` cannot be read).
pub(super) fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_available_mib(&text)
}

/// The `MemAvailable:` line of a `/proc/meminfo` text, in MiB.
fn parse_available_mib(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut words = line.split_whitespace().skip(1);
    let amount: usize = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => Some(amount / 1024),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_available_line_in_mib() {
        let text = "MemTotal:       24683520 kB\nMemFree:        22754304 kB\n\
                    MemAvailable:   24214528 kB\nBuffers:          123 kB\n";
        assert_eq!(parse_available_mib(text), Some(23647));
        assert_eq!(parse_available_mib("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_available_mib("MemAvailable: lots\n"), None);
    }
}
