//! The shape of `src/`, read from the source text: no module uses a sibling module that
//! uses it back (at any depth: a use of anything inside a sibling's folder counts), the
//! crate's top level holds only `lib.rs`, `main.rs` and folders, and every file opens with
//! a `//!` doc. `cargo test --test protocol module_layout -- --nocapture` prints the module
//! graph's edges between siblings.
//!
//! A use is any path `crate::a::b…`, `super::…`, `self::…` or `child::…` (a module the file
//! declares) in the code, `use` lists with braces included; the path is resolved to the
//! longest module prefix it names. Comments and string literals are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path below the crate root, e.g. `["search", "tt"]`.
type ModPath = Vec<String>;

struct Crate {
    /// Module path → its file's code (comments and strings removed).
    files: BTreeMap<ModPath, String>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file below `src/` (`None` for the binary root).
fn module_of(rel: &Path) -> Option<ModPath> {
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let (last, dirs) = parts.split_last()?;
    if dirs.is_empty() && last == "main.rs" {
        return None;
    }
    let mut path: ModPath = dirs.to_vec();
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || (dirs.is_empty() && stem == "lib")) {
        path.push(stem.to_string());
    }
    Some(path)
}

/// The code of a Rust file without comments, string and char literals.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'r' if b.get(i + 1) == Some(&b'#') || b.get(i + 1) == Some(&b'"') => {
                // Raw string r#"…"# (or r"…"); a plain identifier starting with r falls through.
                let mut j = i + 1;
                while b.get(j) == Some(&b'#') {
                    j += 1;
                }
                if b.get(j) != Some(&b'"')
                    || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let hashes = j - i - 1;
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                let rest = &text[j + 1..];
                i = j + 1 + rest.find(&close).map_or(rest.len(), |k| k + close.len());
                out.push_str("\"\"");
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' => {
                // A char literal ('a', '\n', '\u{..}') or a lifetime ('a).
                let lit_end = if b.get(i + 1) == Some(&b'\\') {
                    text[i + 2..].find('\'').map(|k| i + 2 + k)
                } else if b.get(i + 2) == Some(&b'\'') {
                    Some(i + 2)
                } else {
                    None
                };
                match lit_end {
                    Some(end) => {
                        out.push_str("' '");
                        i = end + 1;
                    }
                    None => {
                        out.push('\'');
                        i += 1;
                    }
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or(' ');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

fn read_crate() -> Crate {
    let mut files = BTreeMap::new();
    let mut stack = vec![src_dir()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src_dir()).expect("below src");
                if let Some(m) = module_of(rel) {
                    let text = fs::read_to_string(&path).expect("read file");
                    files.insert(m, strip(&text));
                }
            }
        }
    }
    Crate { files }
}

/// Expands the `use` trees and inline paths of `code` into plain paths of segments.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let mut j = i + 1;
            let tree = parse_tree(&tokens, &mut j);
            out.extend(tree);
            i = j;
            continue;
        }
        // An inline path: ident (:: ident)+ not preceded by `::`.
        if is_ident(&tokens[i])
            && (i == 0 || tokens[i - 1] != "::")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
        {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while j + 1 < tokens.len() && tokens[j] == "::" && is_ident(&tokens[j + 1]) {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            out.push(path);
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

fn tokenize(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// Parses one use tree at `tokens[*j]` (after `use`) up to `;`, `,` or `}`.
fn parse_tree(tokens: &[String], j: &mut usize) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut out = Vec::new();
    while *j < tokens.len() {
        let t = tokens[*j].as_str();
        match t {
            ";" => {
                *j += 1;
                break;
            }
            "," | "}" => break,
            "::" => *j += 1,
            "{" => {
                *j += 1;
                loop {
                    for sub in parse_tree(tokens, j) {
                        out.push(prefix.iter().cloned().chain(sub).collect());
                    }
                    match tokens.get(*j).map(String::as_str) {
                        Some(",") => *j += 1,
                        Some("}") => {
                            *j += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                // A braced list ends the tree; a `use` statement's `;` may follow.
                if tokens.get(*j).is_some_and(|t| t == ";") {
                    *j += 1;
                }
                return out;
            }
            "as" => *j += 2,
            _ => {
                prefix.push(t.to_string());
                *j += 1;
            }
        }
    }
    if !prefix.is_empty() {
        out.push(prefix);
    }
    out
}

impl Crate {
    fn is_module(&self, m: &[String]) -> bool {
        self.files.contains_key(m)
    }

    /// The module a path used in module `from` lands in (its longest module prefix), if it
    /// is a path into this crate.
    fn resolve(&self, from: &ModPath, path: &[String]) -> Option<ModPath> {
        let (mut base, rest): (ModPath, &[String]) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (from.clone(), &path[1..]),
            "super" => {
                let mut base = from.clone();
                let mut k = 0;
                while path.get(k).is_some_and(|s| s == "super") {
                    base.pop()?;
                    k += 1;
                }
                (base, &path[k..])
            }
            first => {
                let mut child = from.clone();
                child.push(first.to_string());
                if !self.is_module(&child) {
                    return None;
                }
                (from.clone(), path)
            }
        };
        for seg in rest {
            base.push(seg.clone());
            if !self.is_module(&base) {
                base.pop();
                break;
            }
        }
        Some(base)
    }

    /// Module-to-module uses (a module using its own descendants is left out).
    fn uses(&self) -> BTreeSet<(ModPath, ModPath)> {
        let mut edges = BTreeSet::new();
        for (m, code) in &self.files {
            for path in paths_in(code) {
                if let Some(target) = self.resolve(m, &path) {
                    if !target.starts_with(m) {
                        edges.insert((m.clone(), target));
                    }
                }
            }
        }
        edges
    }
}

/// The pairs of sibling modules that use each other (anything below either counts).
fn sibling_circles(krate: &Crate) -> Vec<(ModPath, ModPath)> {
    let mut between: BTreeSet<(ModPath, ModPath)> = BTreeSet::new();
    for (from, to) in krate.uses() {
        // The first segments where the two paths part are siblings.
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common < from.len() && common < to.len() {
            between.insert((from[..=common].to_vec(), to[..=common].to_vec()));
        }
    }
    let mut circles = Vec::new();
    for (a, b) in &between {
        if a < b && between.contains(&(b.clone(), a.clone())) {
            circles.push((a.clone(), b.clone()));
        }
    }
    if std::env::var_os("MODULE_LAYOUT_PRINT").is_some() {
        for (a, b) in &between {
            println!("{} -> {}", a.join("::"), b.join("::"));
        }
    }
    circles
}

#[test]
fn no_module_uses_a_sibling_that_uses_it_back() {
    let krate = read_crate();
    assert!(
        krate.files.len() > 50,
        "read only {} files",
        krate.files.len()
    );
    let circles = sibling_circles(&krate);
    let text: Vec<String> = circles
        .iter()
        .map(|(a, b)| format!("{} <-> {}", a.join("::"), b.join("::")))
        .collect();
    assert!(
        circles.is_empty(),
        "modules that use each other:\n{}",
        text.join("\n")
    );
}

#[test]
fn the_checker_sees_a_circle() {
    // Two siblings using each other through a `use` list and an inline path.
    let mut files = BTreeMap::new();
    files.insert(vec![], "mod a; mod b;".to_string());
    files.insert(
        vec!["a".to_string()],
        strip("use super::{b::X, c}; // crate::b"),
    );
    files.insert(
        vec!["b".to_string()],
        strip("fn f() { crate::a::g(); let s = \"crate::a\"; }"),
    );
    let krate = Crate { files };
    assert_eq!(
        sibling_circles(&krate),
        vec![(vec!["a".to_string()], vec!["b".to_string()])]
    );
    let mut files = krate.files;
    files.insert(
        vec!["b".to_string()],
        strip("fn f() { let s = \"crate::a\"; } // crate::a"),
    );
    assert!(sibling_circles(&Crate { files }).is_empty());
}

#[test]
fn src_top_level_holds_only_the_roots_and_folders() {
    let mut loose = Vec::new();
    for entry in fs::read_dir(src_dir()).expect("read src") {
        let path = entry.expect("dir entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if path.is_file() && name != "lib.rs" && name != "main.rs" {
            loose.push(name);
        }
    }
    loose.sort();
    assert!(loose.is_empty(), "files at the top of src/: {loose:?}");
}

#[test]
fn every_file_opens_with_a_module_doc() {
    let mut stack = vec![src_dir()];
    let mut missing = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("read dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).expect("read file");
                if !text.trim_start().starts_with("//!") {
                    missing.push(path.display().to_string());
                }
            }
        }
    }
    assert!(missing.is_empty(), "files without a `//!` doc: {missing:?}");
}

/// The process-wide state `src/` may keep, each with its reason; whatever an engine uses
/// (its networks, `Evaluation`, search parameters) belongs to the engine object instead,
/// so that engines can live side by side in one process.
const ALLOWED_STATE: &[(&str, &str)] = &[
    // The Ctrl-C flag of a `kaleido match` run: a signal concerns the whole process.
    ("matchrun::progress", "INTERRUPTED"),
    // Evaluation tables computed once from constants and never written again.
    ("variants::raumschach::cube4", "EVAL"),
    ("variants::raumschach::cube5", "EVAL"),
];

/// `static` items of `code` that can change while the program runs: `static mut`, or a
/// type with interior mutability (locks, atomics, cells, lazy or once values).
fn mutable_statics(code: &str) -> Vec<String> {
    const MUTABLE: &[&str] = &[
        "Mutex",
        "RwLock",
        "Cell",
        "RefCell",
        "UnsafeCell",
        "OnceLock",
        "OnceCell",
        "LazyLock",
        "LazyCell",
        "Condvar",
    ];
    let tokens = tokenize(code);
    let mut found = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t != "static" || (i > 0 && tokens[i - 1] == "'") {
            continue;
        }
        let mutable = tokens.get(i + 1).is_some_and(|t| t == "mut");
        let at = if mutable { i + 2 } else { i + 1 };
        let (Some(name), Some(colon)) = (tokens.get(at), tokens.get(at + 1)) else {
            continue;
        };
        if !is_ident(name) || colon != ":" {
            continue;
        }
        let ty = tokens[at + 2..]
            .iter()
            .take_while(|t| *t != "=" && *t != ";");
        let interior = ty
            .clone()
            .any(|t| MUTABLE.contains(&t.as_str()) || t.starts_with("Atomic"));
        if mutable || interior {
            found.push(name.clone());
        }
    }
    found
}

#[test]
fn no_process_wide_state_but_the_listed_flags_and_tables() {
    let mut unexpected = Vec::new();
    let mut seen = Vec::new();
    for (module, code) in &read_crate().files {
        let module = module.join("::");
        for name in mutable_statics(code) {
            if ALLOWED_STATE.contains(&(module.as_str(), name.as_str())) {
                seen.push((module.clone(), name));
            } else {
                unexpected.push(format!("{module}::{name}"));
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "mutable statics (state belongs to the engine that uses it): {unexpected:?}"
    );
    assert_eq!(
        seen.len(),
        ALLOWED_STATE.len(),
        "stale entries in ALLOWED_STATE: {seen:?}"
    );
}

#[test]
fn the_checker_sees_mutable_statics() {
    let code = "static SLOTS: Mutex<Vec<Slot>> = Mutex::new(Vec::new());\n\
                static CURRENT: [AtomicI32; 3] = [];\n\
                static mut COUNT: u32 = 0;\n\
                static TABLE: [u64; 64] = build();\n\
                fn f(s: &'static str) -> Box<dyn Fn() + 'static> {}";
    assert_eq!(mutable_statics(code), ["SLOTS", "CURRENT", "COUNT"]);
}
