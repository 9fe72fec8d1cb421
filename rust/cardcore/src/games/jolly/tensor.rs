//! PLACEHOLDER on the tensor branch: replaced by Jolly's observation tensor.

use super::Jolly;

pub(super) const TENSOR_SIZE: usize = 1;

impl Jolly {
    pub(super) fn encode_for(&self, _seat: usize, out: &mut [f32]) {
        out[0] = 0.0;
    }
}
