//! [`Networks`]: the network each variant evaluates with, owned by whoever owns a game
//! engine (the protocol's engine, a datagen run, `bench`): the one embedded in the binary
//! until `EvalFile` loads another. A file is checked completely (format, hash, variant,
//! sizes) before it replaces anything, so a bad file leaves the previous network in use.
//! Networks are shared read-only (`Arc`): cloning a `Networks` shares every network loaded
//! so far, and a later `EvalFile` in one clone replaces that clone's network only.
//! Searches take an `Arc` of the network with their request. Knows no particular game.

use super::file;
use super::network::Network;
use crate::core::eval_mode::EvalMode;
use crate::core::Game;
use std::sync::{Arc, Mutex, MutexGuard};

/// A network in use and where it came from.
#[derive(Clone)]
struct Slot {
    variant: &'static str,
    net: Arc<Network>,
    source: String,
}

/// The networks of one engine, one per variant, each read from the binary the first time
/// the variant asks for it.
#[derive(Default)]
pub struct Networks {
    slots: Mutex<Vec<Slot>>,
}

impl Clone for Networks {
    /// A second owner starting with the same networks (shared, not copied).
    fn clone(&self) -> Self {
        Self {
            slots: Mutex::new(self.slots().clone()),
        }
    }
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

impl Networks {
    /// Every variant with its embedded network (read when first asked for).
    pub fn new() -> Self {
        Self::default()
    }

    fn slots(&self) -> MutexGuard<'_, Vec<Slot>> {
        // A panic while holding the lock cannot leave a half-written slot (pushes and
        // replacements are single moves), so a poisoned lock is still usable.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn slot<G: Game>(&self) -> Option<Slot> {
        let mut all = self.slots();
        if let Some(s) = all.iter().find(|s| s.variant == G::VARIANT) {
            return Some(s.clone());
        }
        let s = embedded::<G>()?;
        all.push(s.clone());
        Some(s)
    }

    /// The network `G` evaluates with, if it has one.
    pub fn network<G: Game>(&self) -> Option<Arc<Network>> {
        self.slot::<G>().map(|s| s.net)
    }

    /// The network to evaluate `G` with under `mode`: its network when the mode is `nnue`
    /// and it has one; `None` means the variant's own `Game::evaluate_as(mode)`.
    pub fn active<G: Game>(&self, mode: EvalMode) -> Option<Arc<Network>> {
        if mode == EvalMode::Nnue {
            self.network::<G>()
        } else {
            None
        }
    }

    /// The static evaluation of `pos` for the side to move as a search under `mode`
    /// computes it: by the active network (a full refresh), else by the variant's own.
    pub fn evaluate<G: Game>(&self, pos: &G, mode: EvalMode) -> i32 {
        match self.active::<G>(mode) {
            Some(net) => super::AccumulatorStack::evaluate_once(net, pos),
            None => pos.evaluate_as(mode),
        }
    }

    /// `"<variant> <sizes> <hash> (<source>)"` naming `G`'s network, if it has one.
    pub fn describe<G: Game>(&self) -> Option<String> {
        self.slot::<G>()
            .map(|s| format!("{} ({})", describe_net(&s.net), s.source))
    }

    /// Makes the network in `bytes` (read from `source`) the one `G` evaluates with; on
    /// any error the network in use stays.
    pub fn install<G: Game>(&self, bytes: &[u8], source: &str) -> Result<String, String> {
        let net = file::read(bytes)?;
        check_fits::<G>(&net)?;
        let s = Slot {
            variant: G::VARIANT,
            net: Arc::new(net),
            source: source.to_string(),
        };
        let text = format!("{} ({})", describe_net(&s.net), s.source);
        let mut all = self.slots();
        all.retain(|x| x.variant != G::VARIANT);
        all.push(s);
        Ok(text)
    }

    /// Makes `G`'s embedded network the one it evaluates with again.
    pub fn restore_embedded<G: Game>(&self) -> Result<String, String> {
        let bytes = G::nnue_embedded_net()
            .ok_or_else(|| format!("{} has no embedded network", G::VARIANT))?;
        self.install::<G>(bytes, "embedded")
    }
}
