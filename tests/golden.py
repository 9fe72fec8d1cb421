"""Golden values: the random stream and the first deals, fixed forever.

docs/protocol.md promises that a seed deals the same cards in every version, in
Rust and in Python. These values pin that promise; the engine (tests/test_golden.py,
and the Rust unit tests in rust/cardcore/src/rng.rs) and the reference
(tests/reference/) are both held to them. Never edit a value here to make a test pass.
"""

from __future__ import annotations

# SplitMix64: the first outputs for a few seeds.
GOLDEN_OUTPUTS = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F],
    1: [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E],
    2**64 - 1: [0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9],
}

# below(n): four draws from a generator seeded with 0, for each n.
GOLDEN_BELOW = {
    1: [0, 0, 0, 0],
    2: [1, 0, 0, 1],
    3: [2, 1, 0, 2],
    4: [3, 1, 0, 3],
    6: [5, 2, 0, 5],
    7: [6, 3, 0, 6],
    32: [28, 13, 0, 31],
    10**9: [883310808, 431527997, 26433771, 970881978],
    2**64 - 1: [
        16294208416658607534,
        7960286522194355699,
        487617019471545678,
        17909611376780542443,
    ],
    2**63 + 1: [243808509735772839, 8954805688390271222, 980875101213047373, 1603648013000153456],
}

# shuffle(list(range(10))) from a generator seeded with 0.
GOLDEN_SHUFFLE = [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]

# Brouc's first deal per seed: dealer, turned card, hands (face-id order), generator state.
GOLDEN_FIRST_DEALS = {
    0: (
        3,
        "QH",
        [
            ["8S", "9S", "QS", "7H", "8D", "AD", "8C", "AC"],
            ["10H", "KH", "AH", "7D", "KD", "9C", "10C", "KC"],
            ["JS", "KS", "AS", "8H", "9H", "9D", "JD", "7C"],
            ["7S", "10S", "JH", "QH", "10D", "QD", "JC", "QC"],
        ],
        14334736817860870816,
    ),
    42: (
        2,
        "QS",
        [
            ["9S", "JS", "10H", "KH", "10D", "QD", "AD", "QC"],
            ["7S", "KS", "8D", "9D", "JD", "7C", "KC", "AC"],
            ["8S", "QS", "AS", "7H", "8H", "9H", "AH", "7D"],
            ["10S", "JH", "QH", "KD", "8C", "9C", "10C", "JC"],
        ],
        14334736817860870858,
    ),
}
