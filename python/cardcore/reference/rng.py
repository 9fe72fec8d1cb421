"""SplitMix64, the one random generator of cardcore (docs/protocol.md).

Its state is a single unsigned 64-bit integer; ``below(n)`` is Lemire's exact
multiply-and-reject; ``shuffle`` is Fisher-Yates from the end.
"""

from __future__ import annotations

from typing import TypeVar

from cardcore.reference.cards import RuleError

MASK64 = (1 << 64) - 1
"""Arithmetic is modulo 2**64."""

_T = TypeVar("_T")


class SplitMix64:
    """The seeded generator: ``state`` is the whole of it."""

    def __init__(self, state: int) -> None:
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= MASK64:
            raise RuleError(f"seed must be an integer in [0, 2**64), got {state!r}")
        self.state = state

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, for ``1 <= n < 2**64``."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MASK64:
            raise RuleError(f"below(n) needs 1 <= n < 2**64, got {n!r}")
        m = self.next_u64() * n
        low = m & MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next_u64() * n
                low = m & MASK64
        return m >> 64

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle ``items`` in place: for i from the end down to 1, swap i with below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
