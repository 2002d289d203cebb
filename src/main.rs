//! The `kaleido` binary: command-line parsing only; everything else is in the library.

fn main() {
    println!("kaleido {}", env!("CARGO_PKG_VERSION"));
}
