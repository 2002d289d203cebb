//! `EvalFile` through the real binary: a network file loads and changes what `eval` and
//! `d` report; a missing, truncated, corrupted, unknown-variant or wrong-size file is refused
//! with an `info string error: ...` and the engine keeps the network it had (and keeps
//! running); a network of another variant serves that variant (so `EvalFile` may come
//! before `UCI_Variant`) and leaves the current one alone; `Evaluation classical` still
//! gives the hand-written evaluation. Chess, Chess960, Xiangqi, Alice chess and Raumschach
//! start with the network embedded in the binary (Alice's other rule sets with none), and
//! `<embedded>` brings it back after another one. Also: engines in one process each keep
//! their own `Evaluation` and `EvalFile` while they search at the same time.

use crate::common;
use common::EngineProc;
use kaleido::core::rng::Rng;
use kaleido::core::{Game, GameConfig};
use kaleido::nnue::{file, AccumulatorStack, Network, Networks};
use kaleido::protocol::{Engine, Out};
use kaleido::variants::chess::Chess;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn random_net(variant: &str, inputs: usize, seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let hidden = 16;
    let mut small = |n: usize, m: u64| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.next_u64() % m) as i16 - (m / 2) as i16)
            .collect()
    };
    Network {
        variant: variant.into(),
        inputs,
        hidden,
        out_buckets: 2,
        bucket_divisor: 16,
        ft_weights: small(inputs * hidden, 300),
        ft_bias: small(hidden, 300),
        out_weights: small(2 * 2 * hidden, 255),
        out_bias: vec![0, 100],
    }
}

fn eval(e: &mut EngineProc) -> i32 {
    e.eval()
}

fn network_line(e: &mut EngineProc) -> String {
    e.send("d");
    e.read_until(|l| l.starts_with("Network: ")).pop().unwrap()
}

/// Sets `EvalFile` and returns the `info string` answer.
fn load(e: &mut EngineProc, path: &str) -> String {
    e.send(&format!("setoption name EvalFile value {path}"));
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    out[0].clone()
}

#[test]
fn good_files_load_and_bad_ones_keep_the_network_in_use() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nnue_evalfile");
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let a = file::write(&random_net("chess", 768, 1));
    let b = file::write(&random_net("chess", 768, 2));
    std::fs::write(path("a.nnue"), &a).unwrap();
    std::fs::write(path("b.nnue"), &b).unwrap();
    std::fs::write(path("truncated.nnue"), &a[..a.len() - 10]).unwrap();
    let mut corrupted = a.clone();
    corrupted[file::HEADER_BYTES + 100] ^= 0x40;
    std::fs::write(path("corrupted.nnue"), &corrupted).unwrap();
    std::fs::write(
        path("xiangqi.nnue"),
        file::write(&random_net("xiangqi", 1260, 3)),
    )
    .unwrap();
    std::fs::write(
        path("wrong-size.nnue"),
        file::write(&random_net("chess", 700, 4)),
    )
    .unwrap();
    std::fs::write(
        path("unknown.nnue"),
        file::write(&random_net("nochess", 768, 5)),
    )
    .unwrap();

    let mut e = EngineProc::start();
    e.send("position startpos moves e2e4 c7c5 g1f3");
    e.send("setoption name Evaluation value classical");
    let classical = eval(&mut e);
    e.send("setoption name Evaluation value nnue");
    let answer = load(&mut e, &path("a.nnue"));
    assert!(
        answer.starts_with("info string NNUE evaluation using chess 768->16x2->1x2 "),
        "{answer}"
    );
    let with_a = eval(&mut e);
    let named_a = network_line(&mut e);
    assert!(named_a.contains("a.nnue"), "{named_a}");

    for bad in [
        "missing.nnue",
        "truncated.nnue",
        "corrupted.nnue",
        "unknown.nnue",
        "wrong-size.nnue",
    ] {
        let answer = load(&mut e, &path(bad));
        assert!(
            answer.starts_with("info string error: EvalFile: "),
            "{bad}: {answer}"
        );
        assert_eq!(eval(&mut e), with_a, "{bad} changed the evaluation");
        assert_eq!(network_line(&mut e), named_a, "{bad} changed the network");
    }

    // A Xiangqi network while chess is played: it serves Xiangqi, chess keeps its own.
    let answer = load(&mut e, &path("xiangqi.nnue"));
    assert!(
        answer.starts_with("info string NNUE evaluation using xiangqi"),
        "{answer}"
    );
    let kept = answer.split("; chess keeps its network ").nth(1);
    assert!(kept.is_some_and(|net| named_a.contains(net)), "{answer}");
    assert_eq!(eval(&mut e), with_a);
    assert_eq!(network_line(&mut e), named_a);
    e.send("setoption name UCI_Variant value xiangqi");
    e.sync();
    assert!(network_line(&mut e).contains("xiangqi.nnue"));
    e.send("setoption name UCI_Variant value chess");
    e.sync();
    e.send("position startpos moves e2e4 c7c5 g1f3");
    assert_eq!(network_line(&mut e), named_a);

    load(&mut e, &path("b.nnue"));
    let with_b = eval(&mut e);
    assert_ne!(with_a, with_b, "two random networks should disagree");
    // A search with the loaded network runs and answers.
    e.send("go depth 6");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().len() > "bestmove ".len());
    e.send("setoption name Evaluation value classical");
    assert_eq!(eval(&mut e), classical);
    assert!(network_line(&mut e).contains("none"));
    assert!(e.quit().success());
}

/// `variant` (set up by `setup`) evaluates with its embedded network (`inputs` inputs) by
/// default; `Evaluation classical` and `nnue` switch; another network replaces it, a bad
/// file keeps that one, `<embedded>` restores it; a search with it answers.
fn plays_with_its_embedded_network(setup: &[&str], variant: &str, inputs: usize, position: &str) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nnue_embedded_{variant}_{}", setup.len()));
    std::fs::create_dir_all(&dir).unwrap();
    let other = dir.join("other.nnue").to_string_lossy().into_owned();
    std::fs::write(&other, file::write(&random_net(variant, inputs, 9))).unwrap();
    let truncated = dir.join("truncated.nnue").to_string_lossy().into_owned();
    let mut e = EngineProc::start();
    for line in setup {
        e.send(line);
    }
    e.send(position);
    let embedded = network_line(&mut e);
    assert!(
        embedded.starts_with(&format!("Network: {variant} {inputs}->"))
            && embedded.ends_with("(embedded)"),
        "{embedded}"
    );
    let with_net = eval(&mut e);
    e.send("setoption name Evaluation value classical");
    let classical = eval(&mut e);
    assert!(network_line(&mut e).contains("none"));
    e.send("setoption name Evaluation value nnue");
    assert_eq!(eval(&mut e), with_net, "nnue is the embedded network again");
    assert_ne!(
        with_net, classical,
        "the network is not the classical evaluation"
    );

    // Another network replaces it; a bad file keeps that one; `<embedded>` restores it.
    load(&mut e, &other);
    let with_other = eval(&mut e);
    assert_ne!(with_other, with_net);
    std::fs::write(&truncated, &std::fs::read(&other).unwrap()[..100]).unwrap();
    let answer = load(&mut e, &truncated);
    assert!(
        answer.starts_with("info string error: EvalFile: "),
        "{answer}"
    );
    assert_eq!(eval(&mut e), with_other);
    load(&mut e, "<embedded>");
    assert_eq!(eval(&mut e), with_net);
    assert_eq!(network_line(&mut e), embedded);

    // A search with the embedded network answers a legal move.
    e.send("go depth 6");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().len() > "bestmove ".len());
    assert!(e.quit().success());
}

/// Every variant plays with its own embedded network: in the Alice family each rule set
/// (Alice chess, another start, the transfer move, the narrow board) names its own, so
/// Alice chess's serves no other.
#[test]
fn every_shipped_network_plays_by_default() {
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value xiangqi"],
        "xiangqi",
        1260,
        "position startpos moves h2e2 h9g7",
    );
    plays_with_its_embedded_network(&[], "chess", 768, "position startpos moves e2e4 c7c5 g1f3");
    plays_with_its_embedded_network(
        &["setoption name UCI_Chess960 value true"],
        "chess",
        768,
        "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value alice"],
        "alice",
        1536,
        "position startpos moves e2e4 d7d5 g1f3",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value alice2"],
        "alice2",
        1536,
        "position startpos moves e2e4 e7e5 g1f3",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value msalice"],
        "msalice",
        1536,
        "position startpos moves e2e4 d7d5 g1f3",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value smallalice"],
        "smallalice",
        1536,
        "position startpos moves b3b4 c6c5",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value raumschach"],
        "raumschach",
        1750,
        "position startpos moves Ab1Cc1 Eb5Cb4",
    );
    plays_with_its_embedded_network(
        &["setoption name UCI_Variant value raumschach4"],
        "raumschach4",
        896,
        "position startpos moves Bd1Cd2 Dc4Cb3",
    );
}

/// The lines an in-process engine writes, shared with the test.
#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Lines {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// What one engine of the process answered: `eval`, the `d` network line, `bestmove`.
#[derive(Debug, PartialEq, Eq)]
struct Answers {
    eval: i32,
    network: String,
    bestmove: String,
}

/// Runs `setup` then the same position, `eval`, `d` and `go depth 7` in a fresh engine
/// of this process, and collects its answers.
fn answers(engine: &mut Engine, lines: &Lines, setup: &[String], fen: &str) -> Answers {
    for line in setup {
        engine.handle_line(line);
    }
    for line in [&format!("position fen {fen}"), "eval", "d", "go depth 7"] {
        engine.handle_line(line);
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while !lines.text().contains("bestmove ") {
        assert!(Instant::now() < deadline, "no bestmove:\n{}", lines.text());
        std::thread::sleep(Duration::from_millis(5));
    }
    engine.shutdown();
    let text = lines.text();
    let find = |prefix: &str| {
        let line = text.lines().find(|l| l.starts_with(prefix));
        line.unwrap_or_else(|| panic!("no '{prefix}' in:\n{text}"))[prefix.len()..].to_string()
    };
    Answers {
        eval: find("Evaluation: ")
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap(),
        network: find("Network: "),
        bestmove: find("bestmove ").split(' ').next().unwrap().to_string(),
    }
}

fn fresh_engine() -> (Engine, Lines) {
    let lines = Lines::default();
    (Engine::new(Out::new(Box::new(lines.clone()))), lines)
}

#[test]
fn engines_in_one_process_keep_their_own_evaluation_and_network() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("two_engines");
    std::fs::create_dir_all(&dir).unwrap();
    let net = random_net("chess", 768, 11);
    let net_path = dir.join("random.nnue").to_string_lossy().into_owned();
    std::fs::write(&net_path, file::write(&net)).unwrap();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let setups: [Vec<String>; 3] = [
        vec!["setoption name Evaluation value classical".into()],
        vec![format!("setoption name EvalFile value {net_path}")],
        vec![],
    ];

    // Each engine alone, one after the other.
    let alone: Vec<Answers> = setups
        .iter()
        .map(|setup| {
            let (mut engine, lines) = fresh_engine();
            answers(&mut engine, &lines, setup, fen)
        })
        .collect();
    // All three at the same time in this process.
    let together: Vec<Answers> = std::thread::scope(|s| {
        let runs: Vec<_> = setups
            .iter()
            .map(|setup| {
                s.spawn(move || {
                    let (mut engine, lines) = fresh_engine();
                    answers(&mut engine, &lines, setup, fen)
                })
            })
            .collect();
        runs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        together, alone,
        "an engine's answers depend on its neighbours"
    );

    // And each answer is its own settings' answer.
    let pos = Chess::from_fen(fen, &GameConfig::default()).unwrap();
    let embedded = Networks::new().network::<Chess>().unwrap();
    let [classical, loaded, default] = &together[..] else {
        unreachable!()
    };
    assert_eq!(classical.eval, pos.evaluate());
    assert_eq!(classical.network, "none (classical evaluation)");
    assert_eq!(
        loaded.eval,
        AccumulatorStack::evaluate_once(Arc::new(net), &pos)
    );
    assert!(
        loaded.network.ends_with(&format!("({net_path})")),
        "{}",
        loaded.network
    );
    assert_eq!(
        default.eval,
        AccumulatorStack::evaluate_once(embedded, &pos)
    );
    assert!(
        default.network.ends_with("(embedded)"),
        "{}",
        default.network
    );
    assert!(classical.eval != loaded.eval && loaded.eval != default.eval);
}
