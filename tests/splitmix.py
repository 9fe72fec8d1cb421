"""docs/protocol.md's generator written out once more from the page, for the tests
that rebuild a deal by hand (independent of both the engine and the reference)."""

from __future__ import annotations

MASK = 2**64 - 1


class SplitMix:
    def __init__(self, state: int) -> None:
        self.state = state

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        m = self.next_u64() * n
        low = m & MASK
        if low < n:
            threshold = (2**64 - n) % n
            while low < threshold:
                m = self.next_u64() * n
                low = m & MASK
        return m >> 64

    def shuffle(self, items: list[str]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
