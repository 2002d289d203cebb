//! Training positions for the network trainer: datagen files (the text format of
//! `kaleido::datagen::format`; the binary format of `kaleido::datagen::binary`; whole
//! games, `kaleido::datagen::games`, replayed through the rules and filtered) read into
//! flat arrays of input indices, both perspectives, labels from the side to move's point
//! of view. Positions met again (in any file: shards and seeds overlap in their openings)
//! are read once, unless asked otherwise. Generic over any `Game` with network cells; it
//! knows no particular game.

use kaleido::core::{Game, GameConfig, Side};
use kaleido::datagen::binary;
use kaleido::datagen::format::parse_line;
use kaleido::datagen::games;
use kaleido::datagen::replay::{replay, Filters};
use kaleido::datagen::rescore::variant_of;
use kaleido::nnue::feature_index;
use kaleido::variants::{GameVisitor, RegisteredGame, Variant};
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Read};

/// Positions ready for training.
#[derive(Default, Clone)]
pub struct Samples {
    /// Input indices: for sample `i`, `features[offsets[i]..offsets[i+1]]` holds the side
    /// to move's indices, then the other side's (the same count each).
    pub features: Vec<u16>,
    /// Start of each sample in `features`, plus the end.
    pub offsets: Vec<u32>,
    /// Search score, centipawns, side to move's point of view.
    pub score: Vec<f32>,
    /// Game result for the side to move: 1, 0.5, 0.
    pub result: Vec<f32>,
    /// The variant's classical evaluation, side to move's view (text data only; NaN
    /// where unknown): a baseline for the network's loss.
    pub classical: Vec<f32>,
    /// Lines that could not be read.
    pub bad_lines: usize,
    /// Positions skipped because an earlier one had the same inputs.
    pub duplicates: usize,
}

impl Samples {
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.score.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }
    /// The side to move's and the other side's input indices of sample `i`.
    pub fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        self.features[a..b].split_at((b - a) / 2)
    }
    /// Appends one sample (labels from the side to move's point of view; `classical` NaN
    /// when unknown).
    pub fn push(&mut self, own: &[u16], other: &[u16], score: f32, result: f32, classical: f32) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.features.extend_from_slice(own);
        self.features.extend_from_slice(other);
        self.offsets.push(self.features.len() as u32);
        self.score.push(score);
        self.result.push(result);
        self.classical.push(classical);
    }
    /// Appends every sample's left-right reflection (same labels): `file_mirror` maps a
    /// cell to its reflection and commutes with the perspective mirror, so an input index
    /// `(piece) * cells + cell` reflects to `(piece) * cells + file_mirror(cell)`.
    pub fn add_reflections(&mut self, cells: usize, file_mirror: impl Fn(usize) -> usize) {
        let n = self.len();
        let reflect = |f: u16| {
            let f = f as usize;
            (f / cells * cells + file_mirror(f % cells)) as u16
        };
        for i in 0..n {
            let (own, other) = self.inputs(i);
            let own: Vec<u16> = own.iter().map(|&f| reflect(f)).collect();
            let other: Vec<u16> = other.iter().map(|&f| reflect(f)).collect();
            let (score, result, classical) = (self.score[i], self.result[i], self.classical[i]);
            self.push(&own, &other, score, result, classical);
        }
    }

    /// Moves every `every`-th sample (from `start`) into a new set (validation).
    pub fn split_off_every(&mut self, every: usize) -> Samples {
        let mut kept = Samples::default();
        let mut held = Samples::default();
        for i in 0..self.len() {
            let (own, other) = self.inputs(i);
            let target = if i % every == every - 1 {
                &mut held
            } else {
                &mut kept
            };
            target.push(own, other, self.score[i], self.result[i], self.classical[i]);
        }
        kept.bad_lines = self.bad_lines;
        kept.duplicates = self.duplicates;
        *self = kept;
        held
    }
}

/// Both perspectives' input indices of the cells `cells` of game `G`, the side to move's
/// first.
pub fn inputs_of<G: Game>(cells: &[u8], stm: Side) -> (Vec<u16>, Vec<u16>) {
    let mut views = [Vec::with_capacity(40), Vec::with_capacity(40)];
    for (cell, &code) in cells.iter().enumerate() {
        if code != 0 {
            for (p, v) in views.iter_mut().enumerate() {
                let f = feature_index(p, code, cell, G::NNUE_KINDS, G::NNUE_CELLS, G::nnue_mirror);
                v.push(f as u16);
            }
        }
    }
    let [white, black] = views;
    match stm {
        Side::White => (white, black),
        Side::Black => (black, white),
    }
}

/// Labels from White's point of view turned to the side to move's.
fn labels(stm: Side, score_white: i32, result_white: f64) -> (f32, f32) {
    match stm {
        Side::White => (score_white as f32, result_white as f32),
        Side::Black => (-score_white as f32, 1.0 - result_white as f32),
    }
}

type Parsed = Option<(Vec<u16>, Vec<u16>, f32, f32, f32)>;

fn parse_text<G: Game>(line: &str, cfg: &GameConfig) -> Result<Parsed, String> {
    let Some(s) = parse_line(line)? else {
        return Ok(None);
    };
    let pos = G::from_fen(&s.fen, cfg)?;
    let mut cells = vec![0u8; G::NNUE_CELLS];
    pos.nnue_cells(&mut cells);
    let stm = pos.side_to_move();
    let (own, other) = inputs_of::<G>(&cells, stm);
    let (score, result) = labels(stm, s.score, s.result);
    Ok(Some((own, other, score, result, pos.evaluate() as f32)))
}

/// [`load_filtered`] with the default filters (the positions datagen's own position
/// formats keep).
pub fn load<G: Game>(
    paths: &[String],
    cfg: &GameConfig,
    limit: usize,
    keep_duplicates: bool,
) -> Result<Samples, String> {
    load_filtered::<G>(paths, cfg, limit, keep_duplicates, &Filters::default())
}

/// Reads the files in `paths` (binary when the name ends in `.bin`, games when it ends in
/// `.games`, read through `filters`; else text), at most `limit` positions in all; a
/// position whose inputs (both perspectives) equal an earlier one's is skipped unless
/// `keep_duplicates` (the first one's labels are kept). A games file that is corrupt, or
/// holds another game's records, is an error.
pub fn load_filtered<G: Game>(
    paths: &[String],
    cfg: &GameConfig,
    limit: usize,
    keep_duplicates: bool,
    filters: &Filters,
) -> Result<Samples, String> {
    let mut out = Unique {
        samples: Samples::default(),
        seen: (!keep_duplicates).then(HashSet::new),
    };
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot open '{path}': {e}"))?;
        if path.ends_with(".bin") {
            load_binary::<G>(file, path, limit, &mut out)?;
        } else if path.ends_with(".games") {
            load_games::<G>(file, path, limit, filters, &mut out)?;
        } else {
            load_text::<G>(file, path, cfg, limit, &mut out)?;
        }
        if out.samples.len() >= limit {
            break;
        }
    }
    Ok(out.samples)
}

/// Samples being read, with the keys of the inputs seen so far (`None`: keep duplicates).
struct Unique {
    samples: Samples,
    seen: Option<HashSet<u64>>,
}

impl Unique {
    fn push(&mut self, own: &[u16], other: &[u16], score: f32, result: f32, classical: f32) {
        if let Some(seen) = &mut self.seen {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (own, other).hash(&mut hasher);
            if !seen.insert(hasher.finish()) {
                self.samples.duplicates += 1;
                return;
            }
        }
        self.samples.push(own, other, score, result, classical);
    }
}

fn load_text<G: Game>(
    file: std::fs::File,
    path: &str,
    cfg: &GameConfig,
    limit: usize,
    out: &mut Unique,
) -> Result<(), String> {
    let mut lines = BufReader::new(file).lines();
    loop {
        let batch: Vec<String> = lines
            .by_ref()
            .take(1 << 16)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("reading '{path}': {e}"))?;
        if batch.is_empty() {
            return Ok(());
        }
        let parsed: Vec<Result<Parsed, String>> =
            batch.par_iter().map(|l| parse_text::<G>(l, cfg)).collect();
        for p in parsed {
            match p {
                Ok(Some((own, other, s, r, c))) if out.samples.len() < limit => {
                    out.push(&own, &other, s, r, c)
                }
                Ok(_) => {}
                Err(_) => out.samples.bad_lines += 1,
            }
        }
        if out.samples.len() >= limit {
            return Ok(());
        }
    }
}

fn load_binary<G: Game>(
    mut file: std::fs::File,
    path: &str,
    limit: usize,
    out: &mut Unique,
) -> Result<(), String> {
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| format!("reading '{path}': {e}"))?;
    let mut cells = vec![0u8; G::NNUE_CELLS];
    for record in bytes.chunks(binary::RECORD_BYTES) {
        if out.samples.len() >= limit {
            break;
        }
        match binary::decode(record, &mut cells) {
            Ok(r) => {
                let (own, other) = inputs_of::<G>(&cells, r.side_to_move);
                let (s, res) = labels(r.side_to_move, r.score, r.result);
                out.push(&own, &other, s, res, f32::NAN);
            }
            Err(_) => out.samples.bad_lines += 1,
        }
    }
    Ok(())
}

/// One kept position of a game: inputs and labels, side to move's view.
type Kept = (Vec<u16>, Vec<u16>, f32, f32, f32);

/// The name of a variant's game type (`chess` for `fischerandom`).
fn game_name(v: Variant) -> &'static str {
    struct Name;
    impl GameVisitor for Name {
        type Output = &'static str;
        fn visit<G: RegisteredGame>(self, _: Variant) -> &'static str {
            G::VARIANT
        }
    }
    v.visit(Name)
}

/// The positions of one game record that pass `filters`.
fn game_positions<G: Game>(
    rec: &games::GameRecord,
    filters: &Filters,
) -> Result<Vec<Kept>, String> {
    let v = variant_of(rec)?;
    if game_name(v) != G::VARIANT {
        return Err(format!("a {} game in {} data", rec.variant, G::VARIANT));
    }
    let mut cells = vec![0u8; G::NNUE_CELLS];
    let mut kept = Vec::new();
    for p in replay::<G>(rec, &v.config(false))? {
        let Some(score) = p.score.filter(|_| filters.keeps(&p)) else {
            continue;
        };
        p.pos.nnue_cells(&mut cells);
        let stm = p.side();
        let (own, other) = inputs_of::<G>(&cells, stm);
        let result = match stm {
            Side::White => rec.result_value(),
            Side::Black => 1.0 - rec.result_value(),
        };
        let classical = p.pos.evaluate() as f32;
        kept.push((own, other, score as f32, result as f32, classical));
    }
    Ok(kept)
}

fn load_games<G: Game>(
    mut file: std::fs::File,
    path: &str,
    limit: usize,
    filters: &Filters,
    out: &mut Unique,
) -> Result<(), String> {
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| format!("reading '{path}': {e}"))?;
    let records: Vec<(usize, games::GameRecord)> = games::records(&bytes)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("'{path}': {e}"))?;
    for batch in records.chunks(1024) {
        let kept: Vec<Result<Vec<Kept>, String>> = batch
            .par_iter()
            .map(|(offset, rec)| {
                game_positions::<G>(rec, filters)
                    .map_err(|e| format!("'{path}' offset {offset}: {e}"))
            })
            .collect();
        for game in kept {
            for (own, other, s, r, c) in game? {
                if out.samples.len() >= limit {
                    return Ok(());
                }
                out.push(&own, &other, s, r, c);
            }
        }
    }
    Ok(())
}
