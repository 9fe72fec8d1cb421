//! PLACEHOLDER on the tensor branch: replaced by Tarot's observation tensor.

use super::Tarot;

pub(super) const TENSOR_SIZE: usize = 1;

impl Tarot {
    pub(super) fn encode_for(&self, _seat: usize, out: &mut [f32]) {
        out[0] = 0.0;
    }
}
