//! Measures piece mobility on the 5x5x5 and 4x4x4 boards (the basis of the piece values
//! in `variants/raumschach/cube5.rs` and `variants/raumschach/cube4.rs`): per kind, the
//! minimum, maximum and average number of cells attacked over all cells of an empty board,
//! and the average on boards with 30% of the cells occupied at random (fixed seed).
//! Run: `cargo run --release --example raumschach_mobility`.

use kaleido::core::bits::BitWord;
use kaleido::variants::raumschach::bitset::CellSet;
use kaleido::variants::raumschach::movegen::piece_attacks;
use kaleido::variants::raumschach::{Cube, Cube4, Cube5};

/// A fixed linear congruential generator (reproducible figures).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn report<C: Cube>() {
    const SAMPLES: usize = 20_000;
    println!("{} ({} cells):", C::VARIANT, C::CELLS);
    for &kind in C::KINDS.iter().filter(|k| k.letter() != 'P') {
        let empty: Vec<u32> = (0..C::CELLS)
            .map(|c| piece_attacks::<C>(kind, c, C::Set::ZERO).count())
            .collect();
        let avg = empty.iter().sum::<u32>() as f64 / C::CELLS as f64;
        let mut rng = Lcg(12345);
        let mut total = 0u64;
        for _ in 0..SAMPLES {
            let mut occ = C::Set::ZERO;
            for c in 0..C::CELLS {
                if rng.next() % 100 < 30 {
                    occ |= C::Set::cell(c);
                }
            }
            let cell = (rng.next() % C::CELLS as u64) as usize;
            total += piece_attacks::<C>(kind, cell, occ & !C::Set::cell(cell)).count() as u64;
        }
        println!(
            "  {kind:?}: empty board min {} max {} avg {avg:.2}; 30% occupied avg {:.2}",
            empty.iter().min().unwrap_or(&0),
            empty.iter().max().unwrap_or(&0),
            total as f64 / SAMPLES as f64
        );
    }
}

fn main() {
    report::<Cube5>();
    report::<Cube4>();
}
