//! `kaleido store`: the games store read through its manifest (tuning/store/MANIFEST, one
//! line per `kaleido datagen --format games` run, as [`super::manifest_line`] prints it).
//! `totals` sums games and positions per variant and network; `check` compares the files of
//! a folder with their lines; `regenerate` runs one line's `kaleido datagen` again into a
//! folder and verifies that the bytes are the same. Owns the manifest line's fields and
//! nothing of how games are played or stored.

use super::{games::fnv1a64, generate, DatagenArgs};
use crate::protocol::output::print_lines;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `kaleido store totals|check|regenerate ...`.
#[derive(clap::Args, Debug)]
pub struct StoreArgs {
    /// What to do with the manifest.
    #[command(subcommand)]
    pub action: StoreAction,
}

/// The actions of `kaleido store`.
#[derive(clap::Subcommand, Debug)]
pub enum StoreAction {
    /// Games and positions per variant and network, over every line of the manifest.
    Totals {
        /// The manifest (tuning/store/MANIFEST).
        manifest: PathBuf,
    },
    /// Each line's file in `--dir`: present with the same bytes, changed, or missing.
    Check {
        /// The manifest.
        manifest: PathBuf,
        /// The folder of the store's files.
        #[arg(long)]
        dir: PathBuf,
    },
    /// Runs the `kaleido datagen` of the line whose file is `FILE` again, writing `FILE`
    /// into `--dir` (which must not hold it yet), and checks that its bytes are the line's.
    Regenerate {
        /// The manifest.
        manifest: PathBuf,
        /// The file name of the line to regenerate (its `file=` field).
        file: String,
        /// Where the regenerated file goes.
        #[arg(long)]
        dir: PathBuf,
    },
}

/// One manifest line: everything that regenerates one run's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestEntry {
    /// The `kaleido` version that wrote it.
    pub version: String,
    /// The registry name of the variant.
    pub variant: String,
    /// The hash of the network the search used (`none`: the variant's own evaluation).
    pub net: String,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies before the search plays.
    pub random_plies: u32,
    /// Transposition table per game, MiB.
    pub hash: usize,
    /// Games played at once (only 1 repeats byte for byte).
    pub threads: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// Shard `i/n`, as written (1-based).
    pub shard: String,
    /// Games written.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Where the run's bytes start in the file.
    pub offset: u64,
    /// How many bytes the run wrote.
    pub bytes: u64,
    /// FNV-1a 64 of those bytes.
    pub fnv64: u64,
    /// The file's name.
    pub file: String,
}

impl ManifestEntry {
    /// Parses one line; `Ok(None)` for a comment or a blank line.
    pub fn parse(line: &str) -> Result<Option<Self>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut words = line.split_whitespace();
        let version = words.next().unwrap_or_default().to_string();
        let fields: BTreeMap<&str, &str> = words.filter_map(|w| w.split_once('=')).collect();
        let text = |key: &str| {
            fields
                .get(key)
                .map(|v| v.to_string())
                .ok_or_else(|| format!("no {key}= in the manifest line '{line}'"))
        };
        let number = |key: &str| -> Result<u64, String> {
            text(key)?
                .parse()
                .map_err(|_| format!("{key}= is not a number in '{line}'"))
        };
        let fnv = text("fnv64")?;
        Ok(Some(ManifestEntry {
            version,
            variant: text("variant")?,
            net: text("net")?,
            nodes: number("nodes")?,
            random_plies: number("random_plies")? as u32,
            hash: number("hash")? as usize,
            threads: number("threads")? as usize,
            seed: number("seed")?,
            shard: text("shard")?,
            games: number("games")?,
            positions: number("positions")?,
            offset: number("offset")?,
            bytes: number("bytes")?,
            fnv64: u64::from_str_radix(&fnv, 16)
                .map_err(|_| format!("fnv64= is not hexadecimal in '{line}'"))?,
            file: text("file")?,
        }))
    }

    /// The `kaleido datagen` options that play this run again into `out`.
    pub fn datagen_args(&self, out: &Path) -> DatagenArgs {
        DatagenArgs {
            variant: self.variant.clone(),
            games: self.games,
            nodes: self.nodes,
            threads: self.threads,
            out: out.to_string_lossy().into_owned(),
            format: Some("games".to_string()),
            shard: Some(self.shard.clone()),
            seed: Some(self.seed),
            random_plies: Some(self.random_plies),
            hash: self.hash,
            append: false,
        }
    }

    /// The command line that [`Self::datagen_args`] stands for.
    pub fn command(&self) -> String {
        format!(
            "kaleido datagen --variant {} --games {} --nodes {} --threads {} --hash {} --random-plies {} --seed {} --shard {} --out {}",
            self.variant, self.games, self.nodes, self.threads, self.hash, self.random_plies,
            self.seed, self.shard, self.file
        )
    }
}

/// Every line of a manifest file.
pub fn read_manifest(path: &Path) -> Result<Vec<ManifestEntry>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let mut entries = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let entry = ManifestEntry::parse(line)
            .map_err(|e| format!("{}:{}: {e}", path.display(), number + 1))?;
        entries.extend(entry);
    }
    Ok(entries)
}

/// Runs `kaleido store`; returns the process exit code.
pub fn run(args: &StoreArgs) -> i32 {
    let result = match &args.action {
        StoreAction::Totals { manifest } => read_manifest(manifest).map(|e| totals(&e)),
        StoreAction::Check { manifest, dir } => {
            read_manifest(manifest).and_then(|e| check(&e, dir))
        }
        StoreAction::Regenerate {
            manifest,
            file,
            dir,
        } => read_manifest(manifest).and_then(|e| regenerate(&e, file, dir)),
    };
    match result {
        Ok(lines) => {
            print_lines(lines);
            0
        }
        Err(e) => {
            eprintln!("kaleido store: error: {e}");
            1
        }
    }
}

/// Lines that play a run again: `(line, the earlier line)` indices, for every line whose
/// variant, network, nodes, random plies, seed and shard an earlier line already has. Such
/// a run repeats the earlier one's games (a seed run twice with `--append`, or by a datagen
/// from before that flag, doubles its file), and they must not count twice.
pub fn repeats(entries: &[ManifestEntry]) -> Vec<(usize, usize)> {
    let mut first = BTreeMap::new();
    let mut found = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let key = (
            &e.variant,
            &e.net,
            e.nodes,
            e.random_plies,
            e.seed,
            &e.shard,
        );
        if let Some(&j) = first.get(&key) {
            found.push((i, j));
        } else {
            first.insert(key, i);
        }
    }
    found
}

/// One line per variant and network, then the whole store; a line that repeats an
/// earlier run ([`repeats`]) is not counted, and named.
pub fn totals(all: &[ManifestEntry]) -> Vec<String> {
    let repeated = repeats(all);
    let entries: Vec<&ManifestEntry> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| !repeated.iter().any(|(r, _)| r == i))
        .map(|(_, e)| e)
        .collect();
    let mut sums: BTreeMap<(&str, &str), [u64; 4]> = BTreeMap::new();
    for e in &entries {
        let sum = sums.entry((&e.variant, &e.net)).or_default();
        for (s, add) in sum.iter_mut().zip([1, e.games, e.positions, e.bytes]) {
            *s += add;
        }
    }
    let mut lines: Vec<String> = sums
        .iter()
        .map(|((variant, net), [runs, games, positions, bytes])| {
            format!("{variant} net={net}: {runs} runs, {games} games, {positions} positions, {bytes} bytes")
        })
        .collect();
    let sum = |f: fn(&ManifestEntry) -> u64| entries.iter().map(|e| f(e)).sum::<u64>();
    lines.push(format!(
        "store: {} runs, {} games, {} positions, {} bytes",
        entries.len(),
        sum(|e| e.games),
        sum(|e| e.positions),
        sum(|e| e.bytes)
    ));
    for (r, j) in repeated {
        lines.push(format!(
            "not counted: {} seed {} again ({} repeats {})",
            all[r].variant, all[r].seed, all[r].file, all[j].file
        ));
    }
    lines
}

/// Each line's file in `dir`: `ok`, `changed` or `missing`; an error when any is changed.
fn check(entries: &[ManifestEntry], dir: &Path) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    let (mut ok, mut missing, mut changed) = (0, 0, 0);
    for e in entries {
        let path = dir.join(&e.file);
        let verdict = match std::fs::read(&path) {
            Err(_) => {
                missing += 1;
                "missing"
            }
            Ok(bytes) if run_bytes(&bytes, e).is_some_and(|b| fnv1a64(b) == e.fnv64) => {
                ok += 1;
                "ok"
            }
            Ok(_) => {
                changed += 1;
                "changed"
            }
        };
        lines.push(format!("{verdict} {}", e.file));
    }
    let repeated = repeats(entries);
    for &(r, j) in &repeated {
        lines.push(format!(
            "repeat {}: seed {} again, the games of {}",
            entries[r].file, entries[r].seed, entries[j].file
        ));
    }
    lines.push(format!(
        "check: {ok} ok, {missing} missing, {changed} changed, {} repeated",
        repeated.len()
    ));
    if changed > 0 || !repeated.is_empty() {
        print_lines(lines);
        return Err(format!(
            "{changed} files differ from their manifest lines, {} lines repeat a run",
            repeated.len()
        ));
    }
    Ok(lines)
}

/// The run's bytes of a file, when the file holds that many from its offset.
fn run_bytes<'a>(bytes: &'a [u8], e: &ManifestEntry) -> Option<&'a [u8]> {
    let start = usize::try_from(e.offset).ok()?;
    let end = start.checked_add(usize::try_from(e.bytes).ok()?)?;
    bytes.get(start..end)
}

/// Plays `file`'s line again into `dir` and compares the bytes.
fn regenerate(entries: &[ManifestEntry], file: &str, dir: &Path) -> Result<Vec<String>, String> {
    let entry = entries
        .iter()
        .find(|e| e.file == file)
        .ok_or_else(|| format!("no line of the manifest has file={file}"))?;
    if entry.version != env!("CARGO_PKG_VERSION") {
        eprintln!(
            "kaleido store: warning: the line was written by kaleido {}, this is {}",
            entry.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    if entry.threads > 1 {
        eprintln!(
            "kaleido store: warning: threads={} runs do not repeat byte for byte",
            entry.threads
        );
    }
    let out = dir.join(&entry.file);
    if out.exists() {
        return Err(format!(
            "'{}' exists: regenerate into another folder",
            out.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
    eprintln!("kaleido store: {}", entry.command());
    let made = generate(&entry.datagen_args(&out))?;
    let line = made.manifest.unwrap_or_default();
    let again = ManifestEntry::parse(&line)?.ok_or("datagen printed no manifest line")?;
    if again.net != entry.net {
        return Err(format!(
            "this kaleido's {} network is {}, the line's is {}: build the commit that shipped it",
            entry.variant, again.net, entry.net
        ));
    }
    if (again.bytes, again.fnv64) != (entry.bytes, entry.fnv64) {
        return Err(format!(
            "'{}' differs: {} bytes fnv64 {:016x}, the line has {} bytes fnv64 {:016x}",
            out.display(),
            again.bytes,
            again.fnv64,
            entry.bytes,
            entry.fnv64
        ));
    }
    Ok(vec![format!(
        "regenerated {}: {} games, {} positions, {} bytes, fnv64 {:016x}, identical to its line",
        out.display(),
        again.games,
        again.positions,
        again.bytes,
        again.fnv64
    )])
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "0.1.0 variant=chess net=c55f84a1fcf35d4e nodes=5000 random_plies=8 hash=2 threads=1 seed=20263610 shard=1/1 games=150 positions=17646 offset=0 bytes=65688 fnv64=5a5673154ac1f8d0 file=chess-5000n-seed20263610.games";

    #[test]
    fn a_line_gives_its_fields_and_its_command() {
        let e = ManifestEntry::parse(LINE).unwrap().unwrap();
        assert_eq!(
            (e.variant.as_str(), e.nodes, e.seed),
            ("chess", 5000, 20263610)
        );
        assert_eq!((e.games, e.positions, e.bytes), (150, 17646, 65688));
        assert_eq!(e.fnv64, 0x5a56_7315_4ac1_f8d0);
        let args = e.datagen_args(Path::new("x.games"));
        assert_eq!(args.shard.as_deref(), Some("1/1"));
        assert_eq!(args.random_plies, Some(8));
        assert!(e
            .command()
            .ends_with("--seed 20263610 --shard 1/1 --out chess-5000n-seed20263610.games"));
        assert_eq!(ManifestEntry::parse("# a comment"), Ok(None));
        assert!(ManifestEntry::parse(&LINE.replace("nodes=5000", "nodes=x")).is_err());
        assert!(ManifestEntry::parse(&LINE.replace(" seed=20263610", "")).is_err());
    }

    #[test]
    fn totals_sum_per_variant_and_network() {
        let a = ManifestEntry::parse(LINE).unwrap().unwrap();
        let mut b = a.clone();
        b.seed += 1;
        b.positions = 100;
        let mut c = a.clone();
        c.variant = "xiangqi".into();
        let lines = totals(&[a, b, c]);
        assert_eq!(
            lines[0],
            "chess net=c55f84a1fcf35d4e: 2 runs, 300 games, 17746 positions, 131376 bytes"
        );
        assert!(lines[1].starts_with("xiangqi net=c55f84a1fcf35d4e: 1 runs"));
        assert_eq!(
            lines[2],
            "store: 3 runs, 450 games, 35392 positions, 197064 bytes"
        );
    }

    #[test]
    fn a_seed_played_again_is_named_and_counted_once() {
        let a = ManifestEntry::parse(LINE).unwrap().unwrap();
        // The same run appended to its own file (what two loops on one seed did).
        let mut again = a.clone();
        again.offset = a.bytes;
        let mut other_seed = a.clone();
        other_seed.seed += 1;
        other_seed.file = "chess-5000n-seed20263611.games".into();
        let mut other_variant = a.clone();
        other_variant.variant = "xiangqi".into();
        let entries = [a.clone(), other_seed, again, other_variant];
        assert_eq!(repeats(&entries), vec![(2, 0)]);
        let lines = totals(&entries);
        assert_eq!(
            lines[0],
            "chess net=c55f84a1fcf35d4e: 2 runs, 300 games, 35292 positions, 131376 bytes"
        );
        assert_eq!(
            lines.last().unwrap(),
            "not counted: chess seed 20263610 again (chess-5000n-seed20263610.games repeats chess-5000n-seed20263610.games)"
        );
        // A file holding the run twice checks as a repeat, an error.
        let dir = std::env::temp_dir().join(format!("kaleido-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let run = vec![7u8; a.bytes as usize];
        let mut first = a.clone();
        first.fnv64 = fnv1a64(&run);
        let mut second = first.clone();
        second.offset = first.bytes;
        std::fs::write(dir.join(&a.file), [run.clone(), run].concat()).unwrap();
        assert!(check(&[first.clone()], &dir).is_ok());
        let err = check(&[first, second], &dir).unwrap_err();
        assert!(err.contains("1 lines repeat a run"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
