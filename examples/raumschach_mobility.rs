//! Measures piece mobility on the 5x5x5 board (the basis of the piece values in
//! `variants/raumschach/cube5.rs`): per kind, the minimum, maximum and average number of
//! cells attacked over all 125 cells on an empty board, and the average on boards with
//! 30% of the cells occupied at random (fixed seed).
//! Run: `cargo run --release --example raumschach_mobility`.

use kaleido::variants::raumschach::movegen::piece_attacks;
use kaleido::variants::raumschach::pieces::Kind;
use kaleido::variants::raumschach::Cube5;

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

fn main() {
    const SAMPLES: usize = 20_000;
    let kinds = [
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Unicorn,
    ];
    for kind in kinds {
        let empty: Vec<u32> = (0..125)
            .map(|c| piece_attacks::<Cube5>(kind, c, 0).count_ones())
            .collect();
        let avg = empty.iter().sum::<u32>() as f64 / 125.0;
        let mut rng = Lcg(12345);
        let mut total = 0u64;
        for _ in 0..SAMPLES {
            let mut occ = 0u128;
            for c in 0..125 {
                if rng.next() % 100 < 30 {
                    occ |= 1 << c;
                }
            }
            let cell = (rng.next() % 125) as usize;
            total += piece_attacks::<Cube5>(kind, cell, occ & !(1 << cell)).count_ones() as u64;
        }
        println!(
            "{kind:?}: empty board min {} max {} avg {avg:.2} (Cc3 {}, Aa1 {}); 30% occupied avg {:.2}",
            empty.iter().min().unwrap_or(&0),
            empty.iter().max().unwrap_or(&0),
            empty[62],
            empty[0],
            total as f64 / SAMPLES as f64
        );
    }
}
