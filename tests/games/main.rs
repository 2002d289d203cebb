//! The rules of every variant, checked against independent programs and hand-made cases: perft,
//! move legality, repetition and club rules, notation, pictures, the evaluations and networks.
//! One test program of modules (one per topic), so that the suite links a few programs,
//! not one per file; the shared helpers are the folders beside this one.

#[path = "../common/mod.rs"]
mod common;
#[path = "../msalice_ref/mod.rs"]
mod msalice_ref;

mod correction_keys;
mod differential_alice;
mod differential_xiangqi;
mod eval_chess;
mod msalice_independent;
mod nnue_accumulator;
mod nnue_reflection;
mod notation_raumschach;
mod notation_xiangqi;
mod perft_alice;
mod perft_alice_variations;
mod perft_chess;
mod perft_raumschach;
mod perft_raumschach4;
mod perft_xiangqi;
mod render_svg;
mod rules_alice;
mod rules_alice_variations;
mod rules_raumschach;
mod rules_raumschach4;
mod rules_xiangqi;
mod xiangqi_club_rules;
