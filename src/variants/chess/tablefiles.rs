//! Finding the Syzygy table files of `SyzygyPath`: the folder list (separated by `:` on
//! Unix and `;` on Windows, as Stockfish reads it), the tables in each folder (files
//! named like `KQvKR.rtbw` / `.rtbz` in the canonical order the prober looks names up
//! in, at most 6 men: the most the prober enumerates), and a check of each file before the
//! prober may map it: readable, the Syzygy magic number, and a size 16 more than a
//! multiple of 64 (Stockfish's test; a complete file ends in a 16-byte checksum). A bad
//! file is reported and left out: the prober then reads a private folder of links to the
//! good files ([`Staging`], removed when the tables close). Knows file names and headers,
//! not positions.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most men the prober (`pyrrhic-rs`) looks tables up for.
pub const MAX_MEN: u32 = 6;
/// The first four bytes of a WDL file (`.rtbw`).
const WDL_MAGIC: [u8; 4] = [0x71, 0xE8, 0x23, 0x5D];
/// The first four bytes of a DTZ file (`.rtbz`).
const DTZ_MAGIC: [u8; 4] = [0xD7, 0x66, 0x0C, 0xA5];

/// What a `SyzygyPath` holds.
pub struct Found {
    /// The folders the prober reads, in order (the staging folder alone when a bad file
    /// had to be left out).
    pub folders: Vec<PathBuf>,
    /// Tables found (good WDL files).
    pub count: usize,
    /// The most men of any table found (0 if none).
    pub max_men: u32,
    /// One message per problem: a folder that cannot be read, a bad file, a WDL table
    /// without its DTZ file.
    pub errors: Vec<String>,
    /// The private folder of links, when one is needed.
    pub staging: Option<Staging>,
}

/// The folders of a `SyzygyPath` value (empty, `<empty>`: none).
pub fn folders(path: &str) -> Vec<PathBuf> {
    let separator = if cfg!(windows) { ';' } else { ':' };
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Vec::new();
    }
    path.split(separator)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The men of a canonical table name (`KQvKR` → 4), `None` for any other name: both
/// sides `K` then pieces in the order `QRBNP`, the side with more pieces first (equal
/// numbers: the first in that order first), at most [`MAX_MEN`] men.
pub fn canonical_men(name: &str) -> Option<u32> {
    let (white, black) = name.split_once('v')?;
    let rank = |side: &str| -> Option<Vec<usize>> {
        let rest = side.strip_prefix('K')?;
        let ranks: Option<Vec<usize>> = rest.chars().map(|c| "QRBNP".find(c)).collect();
        let ranks = ranks?;
        ranks.windows(2).all(|w| w[0] <= w[1]).then_some(ranks)
    };
    let (w, b) = (rank(white)?, rank(black)?);
    let men = (2 + w.len() + b.len()) as u32;
    let ordered = w.len() > b.len() || (w.len() == b.len() && w <= b);
    (ordered && men <= MAX_MEN).then_some(men)
}

/// Why a table file cannot be used, `None` when it can.
fn check_file(path: &Path, magic: [u8; 4]) -> Option<String> {
    let mut file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return Some(format!("cannot read it ({e})")),
    };
    let size = match file.metadata() {
        Ok(m) => m.len(),
        Err(e) => return Some(format!("cannot read it ({e})")),
    };
    if size % 64 != 16 {
        return Some(format!(
            "truncated or not a Syzygy table ({size} bytes, not 16 more than a multiple of 64)"
        ));
    }
    let mut head = [0u8; 4];
    if let Err(e) = file.read_exact(&mut head) {
        return Some(format!("cannot read it ({e})"));
    }
    (head != magic).then(|| "not a Syzygy table (wrong magic number)".to_string())
}

/// The tables of the folders of `path`, checked.
pub fn find(path: &str) -> Found {
    let mut errors = Vec::new();
    // Table file name → the first good copy, as the prober would look them up.
    let mut good: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut bad_seen = false;
    // Only the folders that can be read go to the prober (which cannot take a NUL byte).
    let mut list = Vec::new();
    for folder in folders(path) {
        let entries = match fs::read_dir(&folder) {
            Ok(e) if !folder.to_string_lossy().contains('\0') => e,
            Ok(_) => {
                errors.push(format!("folder {} has a NUL byte", folder.display()));
                continue;
            }
            Err(e) => {
                errors.push(format!("cannot read folder {} ({e})", folder.display()));
                continue;
            }
        };
        list.push(folder.clone());
        let folder = &folder;
        let mut names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let Some((stem, ext)) = name.rsplit_once('.') else {
                continue;
            };
            let magic = match ext {
                "rtbw" => WDL_MAGIC,
                "rtbz" => DTZ_MAGIC,
                _ => continue,
            };
            if canonical_men(stem).is_none() || good.contains_key(&name) {
                continue;
            }
            let file = folder.join(&name);
            match check_file(&file, magic) {
                None => {
                    good.insert(name, file);
                }
                Some(why) => {
                    bad_seen = true;
                    errors.push(format!("{}: {why}; left out", file.display()));
                }
            }
        }
    }
    let mut count = 0;
    let mut max_men = 0;
    for (name, file) in &good {
        let Some(stem) = name.strip_suffix(".rtbw") else {
            continue;
        };
        count += 1;
        max_men = max_men.max(canonical_men(stem).unwrap_or(0));
        if !good.contains_key(&format!("{stem}.rtbz")) {
            errors.push(format!(
                "{}: no good DTZ file {stem}.rtbz beside it; its positions have no DTZ",
                file.display()
            ));
        }
    }
    let (folders, staging) = if bad_seen {
        match Staging::link(&good) {
            Ok(s) => (vec![s.dir.clone()], Some(s)),
            Err(e) => {
                errors.push(format!(
                    "cannot set the bad files aside ({e}); no table is used"
                ));
                return Found {
                    folders: Vec::new(),
                    count: 0,
                    max_men: 0,
                    errors,
                    staging: None,
                };
            }
        }
    } else {
        (list, None)
    };
    Found {
        folders,
        count,
        max_men,
        errors,
        staging,
    }
}

/// A private folder of links to the good table files (made when a bad one must be left
/// out, since the prober looks every table name up in its folders itself); removed when
/// dropped.
pub struct Staging {
    dir: PathBuf,
}

impl Staging {
    #[cfg(unix)]
    fn link(good: &BTreeMap<String, PathBuf>) -> std::io::Result<Staging> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("kaleido-syzygy-{}-{stamp}", std::process::id()));
        fs::create_dir_all(&dir)?;
        let staging = Staging { dir };
        let here = std::env::current_dir()?;
        for (name, file) in good {
            std::os::unix::fs::symlink(here.join(file), staging.dir.join(name))?;
        }
        Ok(staging)
    }

    #[cfg(not(unix))]
    fn link(_good: &BTreeMap<String, PathBuf>) -> std::io::Result<Staging> {
        Err(std::io::Error::other("links need a Unix system"))
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_only() {
        assert_eq!(canonical_men("KQvK"), Some(3));
        assert_eq!(canonical_men("KQvKR"), Some(4));
        assert_eq!(canonical_men("KBNvK"), Some(4));
        assert_eq!(canonical_men("KNvKP"), Some(4));
        assert_eq!(canonical_men("KRvKQ"), None);
        assert_eq!(canonical_men("KNBvK"), None);
        assert_eq!(canonical_men("KvKQ"), None);
        assert_eq!(canonical_men("KRRRRRvK"), None);
        assert_eq!(canonical_men("SOURCE"), None);
    }

    #[test]
    fn folder_lists() {
        assert!(folders("<empty>").is_empty());
        assert!(folders("  ").is_empty());
        if cfg!(unix) {
            assert_eq!(folders("a:b::c").len(), 3);
        }
    }
}
