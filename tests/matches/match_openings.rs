//! Opening sources of `kaleido match`, checked against data files: the Chess960 numbering
//! against the 960-position book (`tests/data/match/chess960-starts.epd`), and EPD book
//! lines read through the referee.

use kaleido::core::rng::Rng;
use kaleido::matchrun::openings::{build, parse_positions, OpeningSource};
use kaleido::matchrun::registry::new_referee;
use kaleido::variants::chess::chess960::start_fen;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/match");

#[test]
fn chess960_numbers_match_the_book_and_the_referee_accepts_them() {
    let text = std::fs::read_to_string(format!("{DATA}/chess960-starts.epd")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 960);
    let mut referee = new_referee("fischerandom").unwrap();
    for (n, line) in lines.iter().enumerate() {
        let ours = start_fen(n as u32).unwrap();
        let fields: Vec<&str> = ours.split_whitespace().take(4).collect();
        assert_eq!(fields.join(" "), line.trim(), "position {n}");
        referee
            .reset(Some(&ours))
            .unwrap_or_else(|e| panic!("position {n}: {e}"));
        let canonical = referee.start_fen();
        assert_eq!(
            canonical.split(' ').next(),
            line.split(' ').next(),
            "position {n}"
        );
    }
}

#[test]
fn epd_books_load_through_the_referee_and_bad_ones_fail() {
    let mut referee = new_referee("chess").unwrap();
    let text = std::fs::read_to_string(format!("{DATA}/chess-openings-20.epd")).unwrap();
    let openings = parse_positions(&text, referee.as_mut()).unwrap();
    assert_eq!(openings.len(), 20);
    for (o, line) in openings.iter().zip(text.lines()) {
        let fen = o.fen.as_deref().unwrap();
        let board_side: Vec<&str> = fen.split_whitespace().take(2).collect();
        let book: Vec<&str> = line.split_whitespace().take(2).collect();
        assert_eq!(board_side, book);
    }
    let bad = std::fs::read_to_string(format!("{DATA}/bad-openings.epd")).unwrap();
    let err = parse_positions(&bad, referee.as_mut()).unwrap_err();
    assert!(err.starts_with("line 3:"), "{err}");
    assert!(parse_positions("# only a comment\n", referee.as_mut()).is_err());

    // Seeded sources are reproducible and differ between seeds.
    let source = OpeningSource::File {
        path: format!("{DATA}/chess-openings-20.epd"),
        shuffle: true,
    };
    let a = build(&source, referee.as_mut(), 8, &mut Rng::new(3)).unwrap();
    let b = build(&source, referee.as_mut(), 8, &mut Rng::new(3)).unwrap();
    let c = build(&source, referee.as_mut(), 8, &mut Rng::new(4)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    let plies = build(
        &OpeningSource::RandomPlies(6),
        referee.as_mut(),
        5,
        &mut Rng::new(1),
    )
    .unwrap();
    assert!(plies.iter().all(|o| o.fen.is_none() && o.moves.len() == 6));
}
