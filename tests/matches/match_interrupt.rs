//! Ctrl-C during `kaleido match` (SIGINT to the runner alone, as `kill -INT` sends it): the
//! games in progress stop, the summary so far is printed and the exit status is 130; without
//! a terminal on stderr no progress line is written.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn sigint_prints_the_summary_so_far_and_exits_130() {
    let kaleido = env!("CARGO_BIN_EXE_kaleido");
    let mut child = Command::new(kaleido)
        .args([
            "match",
            "--variant",
            "chess",
            "--nodes",
            "2000",
            "--games",
            "400",
        ])
        .args(["--random-plies", "4", "--seed", "5"])
        .args(["--engine", &format!("cmd={kaleido}"), "name=a"])
        .args(["--engine", &format!("cmd={kaleido}"), "name=b"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kaleido match");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let mut seen = Vec::new();
    // Wait for two finished games, then interrupt.
    while seen
        .iter()
        .filter(|l: &&String| l.starts_with("Finished game"))
        .count()
        < 2
    {
        seen.push(lines.next().expect("match output").unwrap());
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    seen.extend(lines.map_while(Result::ok));
    let code = child.wait().unwrap().code();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    let text = seen.join("\n");
    assert!(started.elapsed() < Duration::from_secs(30), "{text}");
    assert_eq!(code, Some(130), "{text}\n{stderr}");
    assert!(
        text.contains("Interrupted: stopping the games in progress"),
        "{text}"
    );
    let summary = text.split("Finished match: ").nth(1).expect("a summary");
    let games: usize = summary.split_whitespace().next().unwrap().parse().unwrap();
    assert!((2..400).contains(&games), "{text}");
    assert!(summary.contains("Score of a vs b: "), "{text}");
    assert!(
        !stderr.contains("games  "),
        "a progress line without a terminal: {stderr}"
    );
}
