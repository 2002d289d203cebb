//! One folder per game. Each owns its position type, bitboard width, move
//! generation, FEN, notation and evaluation, and implements `core::Game`.
//! Variants know nothing about the protocol or the search.

pub mod alice;
pub mod chess;
pub mod raumschach;
pub mod xiangqi;
