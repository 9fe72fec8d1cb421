//! PLACEHOLDER on the tensor branch: replaced by Julien's observation tensor.

use super::Julien;

pub(super) const TENSOR_SIZE: usize = 1;

impl Julien {
    pub(super) fn encode_for(&self, _seat: usize, out: &mut [f32]) {
        out[0] = 0.0;
    }
}
