//! The network's vector kernels: adding and subtracting a weight row to an accumulator,
//! and the output layer's squared-clipped-ReLU dot product. Each kernel is written once
//! in portable integer code; on x86-64 the same code is also compiled with AVX2 enabled
//! and chosen at run time when the CPU has it. Both give identical results: every sum is
//! a wrapping integer sum, which no evaluation order changes. Knows no game.

use super::QA;

/// Which compiled copy of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernels {
    /// Plain code for the build's baseline CPU.
    Portable,
    /// The same code compiled for AVX2 (only chosen when the CPU has it).
    Avx2,
}

impl Kernels {
    /// The fastest kernels this CPU runs.
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                return Kernels::Avx2;
            }
        }
        Kernels::Portable
    }
}

#[inline(always)]
fn add_portable(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub_portable(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

#[inline(always)]
fn screlu_dot_portable(acc: &[i16], weights: &[i16]) -> i32 {
    // clamp(x)² · w computed as (clamp(x) · w) · clamp(x): the first product fits an i16
    // because |w| ≤ OUTPUT_WEIGHT_LIMIT, which lets the vector code use 16-bit products.
    let mut sum = 0i32;
    for (&x, &w) in acc.iter().zip(weights) {
        let c = x.clamp(0, QA as i16);
        let cw = c.wrapping_mul(w);
        sum = sum.wrapping_add(cw as i32 * c as i32);
    }
    sum
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The portable kernels compiled with AVX2 enabled.

    #[target_feature(enable = "avx2")]
    pub(super) fn add(acc: &mut [i16], row: &[i16]) {
        super::add_portable(acc, row)
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn sub(acc: &mut [i16], row: &[i16]) {
        super::sub_portable(acc, row)
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn screlu_dot(acc: &[i16], weights: &[i16]) -> i32 {
        super::screlu_dot_portable(acc, weights)
    }
}

/// `acc += row`, element-wise.
#[inline]
pub fn add(kernels: Kernels, acc: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2 {
        // Safety: `Kernels::Avx2` is only produced by `detect` after the CPU reported
        // AVX2 (or by a caller that checked the same), so the instructions exist.
        unsafe { avx2::add(acc, row) };
        return;
    }
    let _ = kernels;
    add_portable(acc, row)
}

/// `acc -= row`, element-wise.
#[inline]
pub fn sub(kernels: Kernels, acc: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2 {
        // Safety: as in `add`, AVX2 was detected before `Kernels::Avx2` was chosen.
        unsafe { avx2::sub(acc, row) };
        return;
    }
    let _ = kernels;
    sub_portable(acc, row)
}

/// `Σ clamp(acc[i], 0, QA)² · weights[i]`, a wrapping `i32` sum.
#[inline]
pub fn screlu_dot(kernels: Kernels, acc: &[i16], weights: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2 {
        // Safety: as in `add`, AVX2 was detected before `Kernels::Avx2` was chosen.
        return unsafe { avx2::screlu_dot(acc, weights) };
    }
    let _ = kernels;
    screlu_dot_portable(acc, weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    #[test]
    fn every_kernel_copy_gives_the_same_result() {
        let fast = Kernels::detect();
        let mut rng = Rng::new(7);
        for len in [16usize, 64, 256, 264] {
            let mut a: Vec<i16> = (0..len).map(|_| rng.next_u64() as i16).collect();
            let row: Vec<i16> = (0..len).map(|_| rng.next_u64() as i16).collect();
            let w: Vec<i16> = (0..len)
                .map(|_| (rng.next_u64() % 255) as i16 - 127)
                .collect();
            let mut b = a.clone();
            add(fast, &mut a, &row);
            add(Kernels::Portable, &mut b, &row);
            assert_eq!(a, b);
            sub(fast, &mut a, &w);
            sub(Kernels::Portable, &mut b, &w);
            assert_eq!(a, b);
            assert_eq!(
                screlu_dot(fast, &a, &w),
                screlu_dot(Kernels::Portable, &b, &w)
            );
        }
    }
}
