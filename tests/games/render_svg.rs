//! `kaleido render` and `d svg` through the real binary: every variant's start position is
//! a well-formed SVG document (checked by a small XML well-formedness reader here) with
//! one piece per FEN letter; the last move and a check are marked; `d svg` prints the same
//! picture; every cell carries its name in the moves (`data-cell`, for `kaleido serve`);
//! Xiangqi's traditional characters (`--native`) and its Latin default; bad input is an
//! error, not a panic. With chromium installed, a headless
//! screenshot of each start position is not blank (a visible SKIP line otherwise).

use crate::common;
use common::EngineProc;
use std::process::Command;

/// Checks `text` is well-formed XML: one root element, every tag closed in order,
/// attributes quoted, entities known or numeric. Returns the root element's name.
fn well_formed(text: &str) -> Result<String, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut root = None;
    let mut rest = text;
    while let Some(lt) = rest.find('<') {
        check_text(&rest[..lt])?;
        rest = &rest[lt..];
        if let Some(r) = rest.strip_prefix("<?") {
            rest = &r[r.find("?>").ok_or("open <?")? + 2..];
            continue;
        }
        if let Some(r) = rest.strip_prefix("<!--") {
            rest = &r[r.find("-->").ok_or("open comment")? + 3..];
            continue;
        }
        let gt = rest.find('>').ok_or("open tag")?;
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
            if open != name.trim() {
                return Err(format!("<{open}> closed by </{name}>"));
            }
            continue;
        }
        let (body, empty) = match tag.strip_suffix('/') {
            Some(b) => (b, true),
            None => (tag, false),
        };
        let name = check_tag(body)?;
        if stack.is_empty() {
            if root.is_some() {
                return Err(format!("second root <{name}>"));
            }
            root = Some(name.clone());
        }
        if !empty {
            stack.push(name);
        }
    }
    check_text(rest)?;
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    root.ok_or_else(|| "no element".to_string())
}

/// A tag's name and attributes: `name a="v" b='w'`, each attribute once.
fn check_tag(body: &str) -> Result<String, String> {
    let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || ":-_.".contains(c))
    {
        return Err(format!("bad tag name in <{body}>"));
    }
    let mut rest = body[name.len()..].trim_start();
    let mut seen = Vec::new();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .ok_or(format!("attribute without value in <{body}>"))?;
        let attr = rest[..eq].trim();
        if attr.is_empty() || attr.contains(char::is_whitespace) || seen.contains(&attr) {
            return Err(format!("bad or repeated attribute '{attr}' in <{body}>"));
        }
        seen.push(attr);
        let after = rest[eq + 1..].trim_start();
        let quote = after.chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or(format!("unquoted '{attr}' in <{body}>"))?;
        let end = after[1..]
            .find(quote)
            .ok_or(format!("open quote in <{body}>"))?;
        let value = &after[1..1 + end];
        if value.contains('<') {
            return Err(format!("'<' in attribute of <{body}>"));
        }
        check_text(value)?;
        rest = after[end + 2..].trim_start();
    }
    Ok(name)
}

/// Character data: every `&` starts a known or numeric entity.
fn check_text(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        let semi = rest[amp..].find(';').ok_or("'&' without ';'")?;
        let entity = &rest[amp + 1..amp + semi];
        let known = ["amp", "lt", "gt", "quot", "apos"].contains(&entity)
            || entity
                .strip_prefix('#')
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if !known {
            return Err(format!("unknown entity &{entity};"));
        }
        rest = &rest[amp + semi + 1..];
    }
    if rest.contains('>') && text.contains("]]>") {
        return Err("']]>' in text".into());
    }
    Ok(())
}

fn render(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .arg("render")
        .args(args)
        .args(["--out", "-"])
        .output()
        .expect("run kaleido render");
    let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

/// The variants and their start FENs, from the engine.
fn start_positions() -> Vec<(String, String)> {
    let mut e = EngineProc::start();
    let variants = e.offered_variants();
    let mut out = Vec::new();
    for v in variants {
        e.send(&format!("setoption name UCI_Variant value {v}"));
        e.send("position startpos");
        out.push((v, e.fen()));
    }
    assert!(e.quit().success());
    out
}

#[test]
fn the_checker_rejects_broken_xml() {
    assert_eq!(well_formed("<a x=\"1\"><b/>t &amp; u</a>"), Ok("a".into()));
    for bad in [
        "<a><b></a></b>",
        "<a x=1/>",
        "<a>&nbsp;</a>",
        "<a/><b/>",
        "<a>",
        "<a x=\"1\" x=\"2\"/>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_start_position_is_a_well_formed_picture_with_its_pieces() {
    for (variant, fen) in start_positions() {
        let (ok, svg, err) = render(&["--variant", &variant]);
        assert!(ok, "{variant}: {err}");
        assert_eq!(well_formed(&svg), Ok("svg".to_string()), "{variant}");
        let placement = fen.split_whitespace().next().unwrap();
        let pieces = placement
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count();
        assert_eq!(count(&svg, "piece"), pieces, "{variant}: {fen}");
        assert_eq!(
            count(&svg, "lastmove") + count(&svg, "check"),
            0,
            "{variant}"
        );
        for native in [false, true] {
            let mut args = vec!["--variant", variant.as_str(), "--moves"];
            let mut e = EngineProc::start();
            e.send(&format!("setoption name UCI_Variant value {variant}"));
            e.send("moves");
            let legal = e.read_until(|l| l.starts_with("Legal moves:"));
            let first = legal
                .last()
                .unwrap()
                .split_whitespace()
                .nth(2)
                .unwrap()
                .to_string();
            args.push(&first);
            if native {
                args.push("--native");
            }
            let (ok, svg, err) = render(&args);
            assert!(ok, "{variant} {first}: {err}");
            assert!(well_formed(&svg).is_ok(), "{variant} {first}");
            assert!(count(&svg, "lastmove") >= 2, "{variant} {first}: {svg}");
            e.send(&format!("position startpos moves {first}"));
            e.send("d svg");
            let lines = e.read_until(|l| l == "</svg>");
            if !native {
                let start = lines.iter().position(|l| l.starts_with("<svg")).unwrap();
                assert_eq!(
                    lines[start..].join("\n") + "\n",
                    svg,
                    "{variant}: d svg differs"
                );
            }
            assert!(e.quit().success());
        }
    }
}

/// Every cell is one element named as the variant's moves name it (`data-cell`), with
/// `data-board` where boards share names (Alice); the cells of every legal move are drawn;
/// pieces and marks take no clicks.
#[test]
fn every_cell_carries_the_name_the_moves_use() {
    for (variant, cells, named) in [
        ("chess", 64, vec!["e4", "a1", "h8"]),
        ("xiangqi", 90, vec!["b3", "b10", "e1"]),
        (
            "alice",
            128,
            vec!["e4\" data-board=\"A", "e4\" data-board=\"B"],
        ),
        ("smallalice", 64, vec!["d8\" data-board=\"B"]),
        ("raumschach", 125, vec!["Cc3", "Aa1", "Ee5"]),
        ("raumschach4", 64, vec!["Dd4", "Aa1"]),
    ] {
        let (ok, svg, err) = render(&["--variant", variant]);
        assert!(ok, "{variant}: {err}");
        assert_eq!(count(&svg, "cell"), cells, "{variant}");
        for name in named {
            assert!(
                svg.contains(&format!("data-cell=\"{name}\"")),
                "{variant}: {name}"
            );
        }
        let mut e = EngineProc::start();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("moves");
        let legal = e.read_until(|l| l.starts_with("Legal moves:"));
        for mv in legal.last().unwrap().split_whitespace().skip(2) {
            let drawn = (2..=3).any(|n| {
                mv.len() > n
                    && svg.contains(&format!("data-cell=\"{}\"", &mv[..n]))
                    && (n + 2..=mv.len())
                        .any(|m| svg.contains(&format!("data-cell=\"{}\"", &mv[n..m])))
            });
            assert!(drawn, "{variant}: {mv}'s cells");
        }
        assert!(e.quit().success());
        for line in svg.lines() {
            if line.contains("class=\"piece\"") || line.contains("class=\"lastmove\"") {
                assert!(
                    line.contains("pointer-events=\"none\""),
                    "{variant}: {line}"
                );
            }
        }
    }
}

#[test]
fn a_check_and_the_native_labels_are_drawn() {
    let moves = ["--moves", "e2e4", "e7e5", "d1h5", "b8c6", "h5f7"];
    let (ok, svg, _) = render(&[&["--variant", "chess"][..], &moves[..]].concat());
    assert!(ok && count(&svg, "check") == 1, "{svg}");
    assert!(svg.contains("Black to move, in check"));
    let (ok, svg, _) = render(&["--variant", "xiangqi", "--native"]);
    assert!(ok && svg.contains("帥") && svg.contains("將") && svg.contains("river"));
    let (ok, svg, _) = render(&["--variant", "xiangqi"]);
    assert!(ok && !svg.contains("帥"));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        &["--variant", "chess", "--moves", "e2e5"][..],
        &["--variant", "nonsense"][..],
        &["--variant", "xiangqi", "--fen", "not a fen"][..],
    ] {
        let (ok, _, err) = render(args);
        assert!(
            !ok && err.contains("error:") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
    let mut e = EngineProc::start();
    e.send("d svg extra");
    assert!(e
        .read_until(|l| l == "</svg>")
        .iter()
        .any(|l| l.starts_with("<svg")));
    assert!(e.quit().success());
}

#[test]
fn chromium_draws_something_for_every_start_position() {
    let Some(browser) = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
    else {
        println!("SKIP: no chromium to take screenshots with");
        return;
    };
    let dir = std::env::temp_dir().join(format!("kaleido-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (variant, _) in start_positions() {
        let svg = dir.join(format!("{variant}.svg"));
        let (ok, text, _) = render(&["--variant", &variant]);
        assert!(ok);
        std::fs::write(&svg, text).unwrap();
        let png = dir.join(format!("{variant}.png"));
        let status = Command::new("nice")
            .args([
                "-n",
                "19",
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
            ])
            .arg(format!("--screenshot={}", png.display()))
            .arg("--window-size=800,500")
            .arg(format!("file://{}", svg.display()))
            .output()
            .unwrap();
        assert!(status.status.success(), "{variant}: {status:?}");
        let bytes = std::fs::read(&png).unwrap();
        // A blank screenshot compresses to a few hundred bytes; a drawn board to kilobytes.
        assert!(bytes.len() > 4000, "{variant}: {} bytes", bytes.len());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Xiangqi in traditional characters (`--native`): every piece present is its character
/// (Red's in red, Black's in black) on a disc, in the font stack that holds them, and no
/// other character is drawn; the Latin default is still the picture it was
/// (tests/data/render/xiangqi-latin-start.svg, byte for byte).
#[test]
fn xiangqi_pieces_in_traditional_characters_and_the_latin_default_unchanged() {
    let (ok, latin, err) = render(&["--variant", "xiangqi"]);
    assert!(ok, "{err}");
    let stored = include_str!("../data/render/xiangqi-latin-start.svg");
    assert!(
        latin == stored,
        "the Latin start position's picture changed"
    );
    // Red: king, advisor, chariot, pawn; Black: king, horse, cannon.
    let fen = "3k5/9/2n4c1/9/9/9/4P4/9/4A4/R3K4 w - - 0 1";
    let (ok, svg, err) = render(&["--variant", "xiangqi", "--fen", fen, "--native"]);
    assert!(ok, "{err}");
    assert!(well_formed(&svg).is_ok(), "{svg}");
    assert_eq!(count(&svg, "piece"), 7, "{svg}");
    for (character, ink) in [
        ("帥", "#c0171b"),
        ("仕", "#c0171b"),
        ("俥", "#c0171b"),
        ("兵", "#c0171b"),
        ("將", "#111111"),
        ("馬", "#111111"),
        ("砲", "#111111"),
    ] {
        let drawn = format!("fill=\"{ink}\">{character}</text>");
        assert_eq!(svg.matches(&drawn).count(), 1, "{character}: {svg}");
    }
    for absent in ["相", "傌", "炮", "士", "象", "車", "卒"] {
        assert!(!svg.contains(absent), "{absent} drawn");
    }
    // One group names the fonts for the pieces, all of them inside it.
    let group = svg.find("<g class=\"characters\" font-family=\"'Noto Serif CJK TC'");
    let group = group.unwrap_or_else(|| panic!("no font group: {svg}"));
    let first_piece = svg.find("class=\"piece\"").unwrap();
    let end = svg[first_piece..]
        .rfind("</g>\n</g>")
        .map(|e| e + first_piece);
    assert!(group < first_piece && end.is_some(), "{svg}");
    assert!(
        !svg[end.unwrap() + 5..].contains("class=\"piece\""),
        "{svg}"
    );
}
