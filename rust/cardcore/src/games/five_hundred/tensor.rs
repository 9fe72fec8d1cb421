//! PLACEHOLDER on the tensor branch: replaced by FiveHundred's observation tensor.

use super::FiveHundred;

pub(super) const TENSOR_SIZE: usize = 1;

impl FiveHundred {
    pub(super) fn encode_for(&self, _seat: usize, out: &mut [f32]) {
        out[0] = 0.0;
    }
}
