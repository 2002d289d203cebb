//! Sequential probability ratio test on game pairs (pentanomial model): the generalized
//! log-likelihood ratio of H1 (logistic Elo = elo1) against H0 (elo0), each side's
//! distribution being the maximum-likelihood one with the hypothesised mean score, and the
//! Wald bounds from alpha and beta. Pure numbers; knows nothing about engines.

use super::keyvalue::{number, parse_pairs};
use super::stats::{score_from_elo, Pentanomial};

/// `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// Logistic Elo difference of H0.
    pub elo0: f64,
    /// Logistic Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The state of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Neither bound reached yet: play on.
    Continue,
    /// The LLR fell to the lower bound: H0 accepted.
    AcceptH0,
    /// The LLR reached the upper bound: H1 accepted.
    AcceptH1,
}

impl SprtConfig {
    /// Parses the words of `--sprt` (`elo0`, `elo1` required; `alpha`, `beta` 0.05 unless
    /// given), checking `elo0 < elo1` and both rates in (0, 0.5).
    pub fn parse(items: &[String]) -> Result<SprtConfig, String> {
        let pairs = parse_pairs("sprt", items, &["elo0", "elo1", "alpha", "beta"])?;
        let get = |key: &str, default: Option<f64>| number("sprt", &pairs, key, default);
        let c = SprtConfig {
            elo0: get("elo0", None)?,
            elo1: get("elo1", None)?,
            alpha: get("alpha", Some(0.05))?,
            beta: get("beta", Some(0.05))?,
        };
        let prob = |p: f64| p > 0.0 && p < 0.5;
        if c.elo1 <= c.elo0
            || !prob(c.alpha)
            || !prob(c.beta)
            || c.elo0.abs() > 1000.0
            || c.elo1.abs() > 1000.0
        {
            return Err("--sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5".into());
        }
        Ok(c)
    }

    /// Lower (accept H0) and upper (accept H1) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision for the log-likelihood ratio `llr`.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::AcceptH1
        } else if llr <= lo {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// Pair scores 0, ¼, ½, ¾, 1.
const OUTCOMES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// λ of the maximum-likelihood distribution `p̂ᵢ / (1 + λ(xᵢ − s))` whose mean is `s`.
fn lagrange_multiplier(freq: &[f64; 5], s: f64) -> f64 {
    // f(λ) = Σ p̂ᵢ (xᵢ − s) / (1 + λ(xᵢ − s)) decreases in λ on (−1/(1−s), 1/s).
    let f = |lambda: f64| -> f64 {
        freq.iter()
            .zip(OUTCOMES)
            .map(|(p, x)| p * (x - s) / (1.0 + lambda * (x - s)))
            .sum()
    };
    let eps = 1e-12;
    let (mut lo, mut hi) = (-1.0 / (1.0 - s) + eps, 1.0 / s - eps);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Log-likelihood ratio of H1 against H0 for the pair counts.
pub fn llr(pairs: &Pentanomial, cfg: &SprtConfig) -> f64 {
    let n = pairs.pairs() as f64;
    if n == 0.0 {
        return 0.0;
    }
    // Empty cells get a tiny count so that the constrained maximum always exists.
    let reg: Vec<f64> = pairs
        .counts
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let total: f64 = reg.iter().sum();
    let mut freq = [0.0; 5];
    for (f, r) in freq.iter_mut().zip(&reg) {
        *f = r / total;
    }
    let (s0, s1) = (score_from_elo(cfg.elo0), score_from_elo(cfg.elo1));
    let (l0, l1) = (
        lagrange_multiplier(&freq, s0),
        lagrange_multiplier(&freq, s1),
    );
    freq.iter()
        .zip(OUTCOMES)
        .map(|(p, x)| p * ((1.0 + l0 * (x - s0)).ln() - (1.0 + l1 * (x - s1)).ln()))
        .sum::<f64>()
        * n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> SprtConfig {
        SprtConfig {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_are_wald() {
        let (lo, hi) = cfg().bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn llr_follows_the_results() {
        let strong = Pentanomial {
            counts: [5, 20, 50, 40, 10],
        };
        let weak = strong.flipped();
        let even = Pentanomial {
            counts: [10, 30, 50, 30, 10],
        };
        assert!(llr(&strong, &cfg()) > 1.0);
        assert!(llr(&weak, &cfg()) < -1.0);
        // An even match sits between the hypotheses, closer to H0 (elo 0).
        let e = llr(&even, &cfg());
        assert!(e < 0.0 && e > -2.0, "{e}");
        assert_eq!(cfg().decide(3.0), SprtDecision::AcceptH1);
        assert_eq!(cfg().decide(-3.0), SprtDecision::AcceptH0);
        assert_eq!(llr(&Pentanomial::default(), &cfg()), 0.0);
    }

    #[test]
    fn llr_matches_the_normal_approximation() {
        // For many pairs the GSPRT is close to N (s1 − s0)(2m − s0 − s1) / (2 var).
        let p = Pentanomial {
            counts: [100, 800, 2000, 900, 150],
        };
        let n = p.pairs() as f64;
        let mean: f64 = p
            .counts
            .iter()
            .zip(OUTCOMES)
            .map(|(&c, x)| c as f64 * x)
            .sum::<f64>()
            / n;
        let var: f64 = p
            .counts
            .iter()
            .zip(OUTCOMES)
            .map(|(&c, x)| c as f64 * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        let approx = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let exact = llr(&p, &cfg());
        assert!(
            (exact - approx).abs() < 0.05 * approx.abs().max(1.0),
            "exact {exact} approx {approx}"
        );
    }

    #[test]
    fn parses_config() {
        let items: Vec<String> = ["elo0=0", "elo1=5"].iter().map(|s| s.to_string()).collect();
        let c = SprtConfig::parse(&items).unwrap();
        assert_eq!((c.alpha, c.beta), (0.05, 0.05));
        let bad: Vec<String> = ["elo0=5", "elo1=0"].iter().map(|s| s.to_string()).collect();
        assert!(SprtConfig::parse(&bad).is_err());
    }
}
