//! The network each variant evaluates with, process-wide: the one embedded in the binary
//! until `EvalFile` loads another. A file is checked completely (format, hash, variant,
//! sizes) before it replaces anything, so a bad file leaves the previous network in use.
//! Searches take an `Arc` of the network when they start. Knows no particular game.

use super::file;
use super::network::Network;
use crate::core::eval_mode::{eval_mode, EvalMode};
use crate::core::Game;
use std::sync::{Arc, Mutex};

/// A network in use and where it came from.
#[derive(Clone)]
struct Slot {
    variant: &'static str,
    net: Arc<Network>,
    source: String,
}

static SLOTS: Mutex<Vec<Slot>> = Mutex::new(Vec::new());

fn slots() -> std::sync::MutexGuard<'static, Vec<Slot>> {
    // A panic while holding the lock cannot leave a half-written slot (pushes and
    // replacements are single moves), so a poisoned lock is still usable.
    SLOTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// `<variant> <inputs>-><hidden>x2->1 <content hash>` (`->1x<B>` with `B` output
/// buckets): how `d` and `EvalFile` name a network.
pub fn describe_net(net: &Network) -> String {
    let buckets = match net.out_buckets {
        1 => String::new(),
        b => format!("x{b}"),
    };
    format!(
        "{} {}->{}x2->1{buckets} {:016x}",
        net.variant,
        net.inputs,
        net.hidden,
        file::content_hash(net)
    )
}

/// Checks that `net` fits game `G`.
pub fn check_fits<G: Game>(net: &Network) -> Result<(), String> {
    check_shape(net, G::VARIANT, 2 * G::NNUE_KINDS * G::NNUE_CELLS)
}

/// Checks that `net` is a network of `variant` with `inputs` inputs (a game's shape, for
/// callers that know the game by name only, such as the trainer).
pub fn check_shape(net: &Network, variant: &str, inputs: usize) -> Result<(), String> {
    if net.variant != variant {
        return Err(format!(
            "the network is for variant '{}', not '{variant}'",
            net.variant
        ));
    }
    if net.inputs != inputs || inputs == 0 {
        return Err(format!(
            "the network has {} inputs, {variant} needs {inputs}",
            net.inputs
        ));
    }
    Ok(())
}

fn embedded<G: Game>() -> Option<Slot> {
    let bytes = G::nnue_embedded_net()?;
    let net = file::read(bytes).ok()?;
    check_fits::<G>(&net).ok()?;
    Some(Slot {
        variant: G::VARIANT,
        source: "embedded".into(),
        net: Arc::new(net),
    })
}

fn slot<G: Game>() -> Option<Slot> {
    let mut all = slots();
    if let Some(s) = all.iter().find(|s| s.variant == G::VARIANT) {
        return Some(s.clone());
    }
    let s = embedded::<G>()?;
    all.push(s.clone());
    Some(s)
}

/// The network `G` evaluates with, if it has one.
pub fn network<G: Game>() -> Option<Arc<Network>> {
    slot::<G>().map(|s| s.net)
}

/// The network to evaluate `G` with now: its network when the `Evaluation` mode is
/// `nnue` and it has one; `None` means the variant's own `Game::evaluate`.
pub fn active_network<G: Game>() -> Option<Arc<Network>> {
    if eval_mode() == EvalMode::Nnue {
        network::<G>()
    } else {
        None
    }
}

/// The static evaluation of `pos` for the side to move as the search computes it: by
/// the active network (a full refresh), else by `Game::evaluate`.
pub fn evaluate<G: Game>(pos: &G) -> i32 {
    match active_network::<G>() {
        Some(net) => super::AccumulatorStack::evaluate_once(net, pos),
        None => pos.evaluate(),
    }
}

/// `"<variant> <sizes> <hash> (<source>)"` naming the network in use, if any.
pub fn describe<G: Game>() -> Option<String> {
    slot::<G>().map(|s| format!("{} ({})", describe_net(&s.net), s.source))
}

/// Makes the network in `bytes` (read from `source`) the one `G` evaluates with; on any
/// error the network in use stays.
pub fn install<G: Game>(bytes: &[u8], source: &str) -> Result<String, String> {
    let net = file::read(bytes)?;
    check_fits::<G>(&net)?;
    let s = Slot {
        variant: G::VARIANT,
        net: Arc::new(net),
        source: source.to_string(),
    };
    let text = format!("{} ({})", describe_net(&s.net), s.source);
    let mut all = slots();
    all.retain(|x| x.variant != G::VARIANT);
    all.push(s);
    Ok(text)
}

/// Makes `G`'s embedded network the one it evaluates with again.
pub fn restore_embedded<G: Game>() -> Result<String, String> {
    let bytes =
        G::nnue_embedded_net().ok_or_else(|| format!("{} has no embedded network", G::VARIANT))?;
    install::<G>(bytes, "embedded")
}
