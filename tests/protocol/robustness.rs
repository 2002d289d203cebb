//! Hostile input through the real binary, in every variant the binary offers (read
//! from the `UCI_Variant` combo of `uci`) and in UCCI. Cases come from
//! `tests/data/robustness/` (format in its README.md): `common.txt` everywhere, plus
//! `<variant>.txt` / `ucci.txt`. After each case the engine must answer `isready`,
//! show its previous position in `d`, and have printed what the case expects; at the
//! end of each mode it must still play a legal move that it accepts back.

use crate::common;
use common::{data_file, EngineProc, TIMEOUT};
use std::path::Path;
use std::time::Instant;

#[derive(Debug, PartialEq, Eq)]
enum Expect {
    Error,
    Info,
    Idle,
    Any,
    Search(usize),
}

struct Case {
    expect: Expect,
    /// The data line's commands, not yet expanded.
    commands: Vec<String>,
    source: String,
}

/// Reads one data file: its `reference:` line (if any) and its cases.
fn read_cases(name: &str) -> (Option<String>, Vec<Case>) {
    let mut reference = None;
    let mut cases = Vec::new();
    for (i, line) in data_file(&format!("robustness/{name}")).lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(r) = line.strip_prefix("reference:") {
            reference = Some(r.trim().to_string());
            continue;
        }
        let (expect, commands) = line
            .split_once('|')
            .unwrap_or_else(|| panic!("{name}:{}: '<expect> | <commands>'", i + 1));
        let expect = match expect.trim() {
            "error" => Expect::Error,
            "info" => Expect::Info,
            "idle" => Expect::Idle,
            "any" => Expect::Any,
            s => match s
                .strip_prefix("search ")
                .and_then(|n| n.trim().parse().ok())
            {
                Some(n) => Expect::Search(n),
                None => panic!("{name}:{}: unknown expectation '{s}'", i + 1),
            },
        };
        // One leading space belongs to the separator, the rest to the command.
        let commands = commands.strip_prefix(' ').unwrap_or(commands);
        cases.push(Case {
            expect,
            commands: commands.split(" ;; ").map(String::from).collect(),
            source: format!("{name}:{}", i + 1),
        });
    }
    (reference, cases)
}

/// Applies one `{reference|...}` edit to a FEN.
fn edit_fen(fen: &str, edit: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let mut rows: Vec<String> = fields[0].split('/').map(String::from).collect();
    if let Some(spec) = edit.strip_prefix("field=") {
        let (i, v) = spec.split_once(':').expect("field=I:V");
        let i: usize = i.parse().expect("field index");
        fields.resize(fields.len().max(i + 1), "-".into());
        fields[i] = v.to_string();
        return fields.join(" ");
    }
    if let Some(t) = edit.strip_prefix("append:") {
        return format!("{fen} {t}");
    }
    match edit {
        "rows-1" => {
            rows.pop();
        }
        "rows+1" => rows.insert(0, rows[0].clone()),
        "row0+1" => rows[0].push('1'),
        "row0-1" => {
            let last = rows[0].pop().expect("a non-empty first row");
            if let Some(d) = last.to_digit(10).filter(|&d| d > 1) {
                rows[0].push(char::from_digit(d - 1, 10).expect("digit"));
            }
        }
        "nokings" => {
            for r in &mut rows {
                *r = r.replace(['K', 'k'], "1");
            }
        }
        e => match e.strip_prefix("rowlong:") {
            Some(n) => rows[0] = "p".repeat(n.parse().expect("rowlong:N")),
            None => panic!("unknown FEN edit '{e}'"),
        },
    }
    fields[0] = rows.join("/");
    fields.join(" ")
}

/// Expands the `{...}` templates of a command.
fn expand(text: &str, reference: &str, refmove: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('}').expect("closing brace");
        let inner = &rest[open + 1..close];
        if inner == "reference" {
            out.push_str(reference);
        } else if inner == "refmove" {
            out.push_str(refmove);
        } else if let Some(edit) = inner.strip_prefix("reference|") {
            out.push_str(&edit_fen(reference, edit));
        } else if let Some(spec) = inner.strip_prefix("repeat:") {
            let (n, t) = spec.split_once(':').expect("repeat:N:TEXT");
            out.push_str(&t.repeat(n.parse().expect("repeat count")));
        } else {
            panic!("unknown template '{{{inner}}}'");
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `\t`, `\r`, `\n`, `\\` and `\xNN` to bytes.
fn unescape(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'n' => out.push(b'\n'),
                b'\\' => out.push(b'\\'),
                b'x' => {
                    let hex = std::str::from_utf8(&b[i + 2..i + 4]).expect("\\xNN");
                    out.push(u8::from_str_radix(hex, 16).expect("hex byte"));
                    i += 2;
                }
                c => panic!("unknown escape \\{}", c as char),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// One protocol mode: a handshake, maybe a variant, and its data files.
struct Mode {
    label: String,
    handshake: &'static str,
    variant: Option<String>,
    files: Vec<String>,
}

struct Runner {
    engine: EngineProc,
    label: String,
    reference: String,
    legal: Vec<String>,
    marks: usize,
}

impl Runner {
    /// Sends a marker command and returns every line printed before its echo.
    fn drain(&mut self) -> Vec<String> {
        self.marks += 1;
        let mark = format!("syncmark{}", self.marks);
        self.engine.send(&mark);
        let mut lines = self.engine.read_until(|l| l.contains(&mark));
        lines.pop();
        lines
    }

    fn fail(&self, source: &str, what: &str) -> ! {
        let t = &self.engine.transcript;
        let tail: Vec<String> = t[t.len().saturating_sub(40)..]
            .iter()
            .map(|l| l.chars().take(300).collect())
            .collect();
        panic!(
            "[{}] {source}: {what}\n...\n{}",
            self.label,
            tail.join("\n")
        );
    }

    fn reset(&mut self, options_touched: bool) {
        if options_touched {
            for o in [
                "setoption name Threads value 1",
                "setoption name MultiPV value 1",
                "setoption name Hash value 16",
                "setoption name Move Overhead value 20",
                "setoption name usemillisec value true",
            ] {
                self.engine.send(o);
            }
        }
        self.engine
            .send(&format!("position fen {}", self.reference));
        let out = self.drain();
        if out.iter().any(|l| l.starts_with("info string error")) {
            self.fail("reset", &format!("reference refused: {out:?}"));
        }
    }

    fn run_case(&mut self, case: &Case) {
        let refmove = self.legal[0].clone();
        let mut readys = 0;
        for c in &case.commands {
            let text = expand(c, &self.reference, &refmove);
            readys += usize::from(text.trim().eq_ignore_ascii_case("isready"));
            let mut bytes = unescape(&text);
            bytes.push(b'\n');
            self.engine.send_bytes(&bytes);
        }
        let mut out = Vec::new();
        if let Expect::Search(n) = case.expect {
            let deadline = Instant::now() + TIMEOUT;
            let mut seen = 0;
            while seen < n {
                if Instant::now() > deadline {
                    self.fail(&case.source, "searches did not answer");
                }
                let got = self.engine.read_until(|l| l.starts_with("bestmove"));
                seen += 1;
                out.extend(got);
            }
        }
        self.engine.send("isready");
        out.extend(self.drain());
        let answers: Vec<&str> = out
            .iter()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect();
        let found = |prefix: &str| out.iter().any(|l| l.starts_with(prefix));
        if out.iter().filter(|l| *l == "readyok").count() < readys + 1 {
            self.fail(&case.source, "isready not answered");
        }
        match case.expect {
            Expect::Error if !found("info string error: ") => {
                self.fail(&case.source, "no 'info string error:' line")
            }
            Expect::Info if !found("info string ") => {
                self.fail(&case.source, "no 'info string' line")
            }
            Expect::Search(n) if answers.len() != n => self.fail(
                &case.source,
                &format!("{} answers for {n} searches", answers.len()),
            ),
            Expect::Search(_) => {}
            _ if !answers.is_empty() => self.fail(&case.source, "a bestmove without a search"),
            _ => {}
        }
        for a in answers {
            let best = a.split_whitespace().next().unwrap_or("");
            if !self.legal.iter().any(|m| m == best) {
                self.fail(&case.source, &format!("bestmove {best} is not legal"));
            }
        }
        let fen = self.engine.fen();
        if fen != self.reference {
            self.fail(&case.source, &format!("position changed to '{fen}'"));
        }
    }

    /// The engine still plays: a legal move from the reference, accepted back.
    fn still_plays(&mut self) {
        self.reset(true);
        self.engine.send("go depth 2");
        let lines = self.engine.read_until(|l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        if !self.legal.contains(&best) {
            self.fail("final", &format!("bestmove {best} is not legal"));
        }
        self.engine
            .send(&format!("position fen {} moves {best}", self.reference));
        let out = self.drain();
        if out.iter().any(|l| l.starts_with("info string error"))
            || self.engine.fen() == self.reference
        {
            self.fail(
                "final",
                &format!("bestmove {best} was not accepted back: {out:?}"),
            );
        }
    }
}

fn legal_moves(engine: &mut EngineProc) -> Vec<String> {
    engine.send("moves");
    let lines = engine.read_until(|l| l.starts_with("Legal moves:"));
    lines
        .last()
        .expect("a Legal moves line")
        .split_whitespace()
        .skip(2)
        .map(String::from)
        .collect()
}

fn run_mode(mode: &Mode) -> usize {
    let mut engine = EngineProc::start();
    engine.send(mode.handshake);
    engine.read_until(|l| l == "uciok" || l == "ucciok");
    if let Some(v) = &mode.variant {
        engine.send(&format!("setoption name UCI_Variant value {v}"));
    }
    engine.send("position startpos");
    let start = engine.fen();
    let mut runner = Runner {
        engine,
        label: mode.label.clone(),
        reference: start.clone(),
        legal: Vec::new(),
        marks: 0,
    };
    let mut cases = Vec::new();
    for file in &mode.files {
        let (reference, mut more) = read_cases(file);
        if let Some(r) = reference {
            runner.reference = r;
        }
        cases.append(&mut more);
    }
    // The reference in the engine's own canonical spelling.
    let given = runner.reference.clone();
    runner.reset(false);
    runner.reference = runner.engine.fen();
    if runner.reference.split_whitespace().next() != given.split_whitespace().next() {
        runner.fail("setup", &format!("reference '{given}' was not set"));
    }
    runner.legal = legal_moves(&mut runner.engine);
    assert!(
        !runner.legal.is_empty(),
        "the reference position has legal moves"
    );
    let mut touched = false;
    for case in &cases {
        runner.reset(touched);
        runner.run_case(case);
        touched = case.commands.iter().any(|c| c.contains("setoption"));
    }
    runner.still_plays();
    assert!(
        runner.engine.quit().success(),
        "[{}] exit status",
        mode.label
    );
    cases.len()
}

/// The `UCI_Variant` combo values the binary announces.
fn offered_variants() -> Vec<String> {
    EngineProc::start().offered_variants()
}

fn data_exists(name: &str) -> bool {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/robustness")
        .join(name)
        .is_file()
}

#[test]
fn every_variant_survives_bad_input() {
    let variants = offered_variants();
    assert!(variants.len() >= 2, "combo lists {variants:?}");
    let mut modes: Vec<Mode> = variants
        .iter()
        .map(|v| {
            let mut files = vec!["common.txt".to_string()];
            let own = format!("{v}.txt");
            if data_exists(&own) {
                files.push(own);
            } else {
                println!("NOTE: no tests/data/robustness/{own}; common cases only for {v}");
            }
            Mode {
                label: format!("UCI {v}"),
                handshake: "uci",
                variant: Some(v.clone()),
                files,
            }
        })
        .collect();
    modes.push(Mode {
        label: "UCCI".into(),
        handshake: "ucci",
        variant: None,
        files: vec!["common.txt".into(), "ucci.txt".into()],
    });
    for mode in &modes {
        let n = run_mode(mode);
        println!("[{}] {n} cases", mode.label);
        assert!(n >= 50, "[{}] only {n} cases", mode.label);
    }
}

/// A valid `position` during a search is for the next search: the running one answers
/// from its own position, and `d` already shows the new one.
#[test]
fn position_during_a_search_applies_to_the_next_one() {
    for v in offered_variants() {
        let mut engine = EngineProc::start();
        engine.send("uci");
        engine.read_until(|l| l == "uciok");
        engine.send(&format!("setoption name UCI_Variant value {v}"));
        engine.send("position startpos");
        let start_moves = legal_moves(&mut engine);
        let first = start_moves[0].clone();
        engine.send("go infinite");
        engine.send(&format!("position startpos moves {first}"));
        let after = engine.fen();
        engine.send("stop");
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("");
        assert!(
            start_moves.iter().any(|m| m == best),
            "{v}: bestmove {best} not from the start position"
        );
        assert_eq!(engine.fen(), after, "{v}: the new position was lost");
        let next = legal_moves(&mut engine);
        engine.send("go depth 1");
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("");
        assert!(
            next.iter().any(|m| m == best),
            "{v}: bestmove {best} not from the new position"
        );
        assert!(engine.quit().success());
    }
}

/// `Hash` at its maximum (64 GiB) under an address-space limit of 1 GB: the engine must
/// say so, keep the table it had and keep playing, not abort on the allocation.
#[test]
#[cfg(target_os = "linux")]
fn hash_larger_than_memory_keeps_the_previous_table() {
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\"")
        .arg(env!("CARGO_BIN_EXE_kaleido"));
    let mut engine = EngineProc::start_command(cmd);
    engine.send("uci");
    engine.read_until(|l| l == "uciok");
    engine.send("setoption name Hash value 32");
    let fits = engine.sync();
    assert!(
        !fits.iter().any(|l| l.starts_with("info string error")),
        "a 32 MiB table fits: {fits:?}"
    );
    // Over the range: clamped to 65536 (a message), which then cannot be allocated.
    engine.send("setoption name Hash value 99999999999999999999999");
    let refused = engine.sync();
    assert!(
        refused
            .iter()
            .any(|l| l.starts_with("info string Hash value")),
        "no message about the clamped value: {refused:?}"
    );
    assert!(
        refused.iter().any(|l| l.starts_with("info string error: ")
            && l.contains("65536")
            && l.contains("previous 32 MiB")),
        "no message about the failed allocation: {refused:?}"
    );
    engine.send("position startpos");
    let legal = legal_moves(&mut engine);
    engine.send("go depth 3");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let best = lines
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("");
    assert!(legal.iter().any(|m| m == best), "bestmove {best} not legal");
    engine.send("setoption name Hash value 65536");
    engine.send("go depth 3");
    engine.read_until(|l| l.starts_with("bestmove"));
    assert!(engine.quit().success());
}
