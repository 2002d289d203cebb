//! Checks every cubic game (Raumschach 5x5x5 and 4x4x4) must pass, written once and run
//! for each: the weight layout is dense and named, the weights file (the one
//! `WEIGHTS_FILE` names) is exactly the generated source of the weights, the tuning
//! trace scores as the engine, and the material evaluation counts the pieces of the
//! bench positions. Test code only.

use super::cube::Cube;
use super::cube4::{self, Cube4};
use super::cube5::{self, Cube5};
use super::eval_layout::{groups, weight_names, Layout};
use super::pieces::Kind;
use super::position::CubePosition;
use crate::core::tune::{assert_trace_scores_as, assert_weights_file_generated, sample_positions};
use crate::core::{Game, GameConfig, Side};

fn layout_is_dense_and_named<C: Cube>() {
    let l = Layout::of::<C>();
    assert!(C::KINDS.iter().enumerate().all(|(i, k)| *k as usize == i));
    let names = weight_names::<C>();
    assert_eq!(names.len(), l.len);
    assert!(names.iter().all(|n| !n.is_empty()));
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), l.len);
    assert_eq!(groups(&l).iter().map(|g| g.len).sum::<usize>(), l.len);
}

fn trace_scores_as_the_engine<C: Cube>(bench: &[&str], file: &str) {
    let positions = sample_positions::<CubePosition<C>>(bench, 6, 100);
    assert_trace_scores_as(&positions, CubePosition::<C>::static_eval);
    // The tuner writes to `WEIGHTS_FILE`: it must name this very file.
    assert_weights_file_generated::<CubePosition<C>>(file);
}

/// Material counted from the FEN's letters, White's view.
fn material_from_text<C: Cube>(fen: &str) -> i32 {
    let w = C::eval_tables();
    let placement = fen.split_whitespace().next().expect("placement");
    placement
        .chars()
        .filter_map(|c| {
            let kind = Kind::from_letter(c)?;
            let sign = if c.is_ascii_uppercase() { 1 } else { -1 };
            (kind != Kind::King).then(|| sign * w.value(kind))
        })
        .sum()
}

fn material_eval_is_the_piece_count_from_the_mover_view<C: Cube>(bench: &[&str]) {
    for fen in bench {
        let pos = CubePosition::<C>::from_fen(fen, &GameConfig::default()).expect("bench FEN");
        let white = material_from_text::<C>(fen);
        let expected = if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        };
        assert_eq!(pos.material_eval(), expected, "{fen}");
    }
    let start = CubePosition::<C>::startpos(&GameConfig::default());
    assert_eq!(start.material_eval(), 0);
}

#[test]
fn layouts_are_dense_and_named() {
    layout_is_dense_and_named::<Cube5>();
    layout_is_dense_and_named::<Cube4>();
}

#[test]
fn raumschach_trace_scores_as_the_engine() {
    trace_scores_as_the_engine::<Cube5>(cube5::BENCH_FENS, include_str!("eval_weights5.rs"));
}

#[test]
fn raumschach4_trace_scores_as_the_engine() {
    trace_scores_as_the_engine::<Cube4>(cube4::BENCH_FENS, include_str!("eval_weights4.rs"));
}

#[test]
fn material_eval_is_the_piece_count() {
    material_eval_is_the_piece_count_from_the_mover_view::<Cube5>(cube5::BENCH_FENS);
    material_eval_is_the_piece_count_from_the_mover_view::<Cube4>(cube4::BENCH_FENS);
}
