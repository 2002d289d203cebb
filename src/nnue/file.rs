//! The network file format: reading (with every check a loaded file needs) and writing.
//! The trainer writes it, the engine embeds it and loads it through `EvalFile`.
//! Knows no game beyond the variant name the header carries.
//!
//! ```text
//! offset  size             field (all integers little-endian)
//! 0       8                magic "KALNNUE\0"
//! 8       4                version u32 = 2 (1 is read too: one bucket, 44..48 zero)
//! 12      16               variant name, ASCII, NUL-padded (`Game::VARIANT`)
//! 28      4                inputs u32
//! 32      4                hidden u32 (neurons per perspective)
//! 36      8                hash u64: FNV-1a of every byte from offset 48 to the end
//! 44      2                output buckets u16 (B, at least 1)
//! 46      2                pieces per output bucket u16 (at least 1)
//! 48      2·inputs·hidden  feature-transformer weights i16, row by row (one row per input)
//! ..      2·hidden         feature-transformer bias i16
//! ..      B·4·hidden       output weights i16, per bucket: side to move's half, the other's
//! ..      B·4              output bias i32 per bucket
//! ```

use super::network::Network;
use super::{MAX_OUTPUT_BUCKETS, OUTPUT_WEIGHT_LIMIT};

/// The first eight bytes of a network file.
pub const MAGIC: &[u8; 8] = b"KALNNUE\0";
/// The format version this build reads and writes.
pub const VERSION: u32 = 2;
/// Bytes before the parameters.
pub const HEADER_BYTES: usize = 48;
const NAME_BYTES: usize = 16;
/// Largest accepted sizes (a corrupted header must not make us allocate gigabytes).
const MAX_INPUTS: usize = 1 << 16;
const MAX_HIDDEN: usize = 4096;

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn payload(net: &Network) -> Vec<u8> {
    let words = net.ft_weights.len() + net.ft_bias.len() + net.out_weights.len();
    let mut out = Vec::with_capacity(2 * words + 4 * net.out_bias.len());
    for v in net
        .ft_weights
        .iter()
        .chain(&net.ft_bias)
        .chain(&net.out_weights)
    {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for b in &net.out_bias {
        out.extend_from_slice(&b.to_le_bytes());
    }
    out
}

/// The hash a file of `net` carries (also how `describe` names a network).
pub fn content_hash(net: &Network) -> u64 {
    fnv1a(&payload(net))
}

/// The file bytes of `net`.
pub fn write(net: &Network) -> Vec<u8> {
    let body = payload(net);
    let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let mut name = [0u8; NAME_BYTES];
    for (d, s) in name.iter_mut().zip(net.variant.bytes()) {
        *d = s;
    }
    out.extend_from_slice(&name);
    out.extend_from_slice(&(net.inputs as u32).to_le_bytes());
    out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    out.extend_from_slice(&fnv1a(&body).to_le_bytes());
    out.extend_from_slice(&(net.out_buckets as u16).to_le_bytes());
    out.extend_from_slice(&(net.bucket_divisor as u16).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

/// Parses a network file; a clear message for a file that is not one, is truncated,
/// corrupted (hash), of another version, or out of the engine's ranges.
pub fn read(bytes: &[u8]) -> Result<Network, String> {
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
        return Err("not a kaleido network file (bad magic)".into());
    }
    let version = u32_at(bytes, 8);
    if version != VERSION && version != 1 {
        return Err(format!(
            "network file version {version}, this build reads {VERSION}"
        ));
    }
    let name = &bytes[12..12 + NAME_BYTES];
    let end = name.iter().position(|&b| b == 0).unwrap_or(NAME_BYTES);
    let variant = std::str::from_utf8(&name[..end])
        .map_err(|_| "network file variant name is not text".to_string())?
        .to_string();
    let inputs = u32_at(bytes, 28) as usize;
    let hidden = u32_at(bytes, 32) as usize;
    if inputs == 0 || inputs > MAX_INPUTS || hidden == 0 || hidden > MAX_HIDDEN {
        return Err(format!(
            "network file sizes {inputs}x{hidden} are out of range"
        ));
    }
    let (out_buckets, bucket_divisor) = match version {
        1 => (1, 1),
        _ => (
            u16::from_le_bytes([bytes[44], bytes[45]]) as usize,
            u16::from_le_bytes([bytes[46], bytes[47]]) as usize,
        ),
    };
    if out_buckets == 0 || out_buckets > MAX_OUTPUT_BUCKETS || bucket_divisor == 0 {
        return Err(format!(
            "network file has {out_buckets} output buckets of {bucket_divisor} pieces"
        ));
    }
    let mut h = [0u8; 8];
    h.copy_from_slice(&bytes[36..44]);
    let hash = u64::from_le_bytes(h);
    let body = &bytes[HEADER_BYTES..];
    let expected = 2 * (inputs * hidden + hidden) + out_buckets * (4 * hidden + 4);
    if body.len() != expected {
        return Err(format!(
            "network file is {} bytes, its header needs {} (truncated or padded)",
            bytes.len(),
            HEADER_BYTES + expected
        ));
    }
    if fnv1a(body) != hash {
        return Err("network file is corrupted (content hash mismatch)".into());
    }
    let mut words = body
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]));
    let ft_weights: Vec<i16> = words.by_ref().take(inputs * hidden).collect();
    let ft_bias: Vec<i16> = words.by_ref().take(hidden).collect();
    let out_weights: Vec<i16> = words.by_ref().take(out_buckets * 2 * hidden).collect();
    let biases_at = body.len() - 4 * out_buckets;
    let out_bias = (0..out_buckets)
        .map(|b| u32_at(body, biases_at + 4 * b) as i32)
        .collect();
    if out_weights.iter().any(|w| w.abs() > OUTPUT_WEIGHT_LIMIT) {
        return Err(format!(
            "network output weights exceed ±{OUTPUT_WEIGHT_LIMIT}"
        ));
    }
    Ok(Network {
        variant,
        inputs,
        hidden,
        out_buckets,
        bucket_divisor,
        ft_weights,
        ft_bias,
        out_weights,
        out_bias,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    fn random_net(out_buckets: usize) -> Network {
        let mut rng = Rng::new(3);
        let (inputs, hidden) = (24, 8);
        let mut small = |n: usize, m: u64| -> Vec<i16> {
            (0..n)
                .map(|_| (rng.next_u64() % m) as i16 - (m / 2) as i16)
                .collect()
        };
        Network {
            variant: "chess".into(),
            inputs,
            hidden,
            out_buckets,
            bucket_divisor: 3,
            ft_weights: small(inputs * hidden, 2000),
            ft_bias: small(hidden, 2000),
            out_weights: small(out_buckets * 2 * hidden, 255),
            out_bias: (0..out_buckets as i32).map(|b| -12345 + 1000 * b).collect(),
        }
    }

    #[test]
    fn a_written_file_reads_back_the_same_network() {
        for buckets in [1, 4] {
            let net = random_net(buckets);
            assert_eq!(read(&write(&net)), Ok(net));
        }
    }

    #[test]
    fn a_version_1_file_reads_as_one_bucket() {
        let net = random_net(1);
        let mut bytes = write(&net);
        bytes[8] = 1;
        bytes[44..48].fill(0);
        let old = read(&bytes).unwrap();
        assert_eq!((old.out_buckets, old.bucket_divisor), (1, 1));
        assert_eq!(old.out_weights, net.out_weights);
        assert_eq!(old.out_bias, net.out_bias);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = write(&random_net(2));
        let truncated = &bytes[..bytes.len() - 1];
        assert!(read(truncated).unwrap_err().contains("truncated"));
        let mut flipped = bytes.clone();
        flipped[HEADER_BYTES + 5] ^= 1;
        assert!(read(&flipped).unwrap_err().contains("corrupted"));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(read(&magic).unwrap_err().contains("magic"));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(read(&version).unwrap_err().contains("version"));
        let mut buckets = bytes.clone();
        buckets[44..46].fill(0);
        assert!(read(&buckets).unwrap_err().contains("buckets"));
        assert!(read(&[]).is_err());
    }
}
