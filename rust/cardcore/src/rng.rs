//! The one random generator of cardcore: SplitMix64, with an exact bounded draw
//! and a Fisher-Yates shuffle. The pure-Python reference implements the same
//! stream (docs/protocol.md); golden tests pin it forever.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub const fn state(&self) -> u64 {
        self.state
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject; `n >= 1`).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// A uniform float in [0, 1), from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher-Yates from the end.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The seeds of match `index` of a run seeded `seed` (its deal's and its
/// bots'): they depend only on the two, so a run's matches are the same
/// whatever the threads, the batches or the machines that play them.
pub fn match_seeds(seed: u64, index: u64) -> (u64, u64) {
    let mut rng = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    (rng.next_u64(), rng.next_u64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_value() {
        // The published first output of SplitMix64 seeded with 0.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    /// The golden values of tests/golden.py, which the Python reference also meets.
    #[test]
    fn golden_stream() {
        let mut rng = SplitMix64::new(u64::MAX);
        let outputs = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
        assert_eq!(
            outputs,
            [
                0xE4D9_7177_1B65_2C20,
                0xE99F_F867_DBF6_82C9,
                0x382F_F84C_B272_81E9
            ]
        );
        let mut rng = SplitMix64::new(0);
        let draws: Vec<u64> = (0..4).map(|_| rng.below(32)).collect();
        assert_eq!(draws, [28, 13, 0, 31]);
        let mut rng = SplitMix64::new(0);
        let draws: Vec<u64> = (0..4).map(|_| rng.below((1 << 63) + 1)).collect();
        assert_eq!(
            draws,
            [
                243_808_509_735_772_839,
                8_954_805_688_390_271_222,
                980_875_101_213_047_373,
                1_603_648_013_000_153_456
            ]
        );
        let mut rng = SplitMix64::new(0);
        let mut items: Vec<u32> = (0..10).collect();
        rng.shuffle(&mut items);
        assert_eq!(items, [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]);
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut rng = SplitMix64::new(7);
        for n in [1, 2, 3, 10, u64::MAX] {
            assert!(rng.below(n) < n);
        }
        let mut items: Vec<u32> = (0..32).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..32).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
