"""Chance from a seed: the first-dealer draw and every deal's shuffle.

The generator is SHAKE-256 over the seed and a label, read as a stream of 64-bit
numbers with rejection sampling (so every permutation is exactly equally likely).
It is specified here byte for byte rather than borrowed from :mod:`random`, so the
fair-deal proof can be checked by anyone, in any language, on any Python version:

* deal ``k`` (1-based): Fisher–Yates over cards ``0..51`` with the stream
  ``SHAKE256(b"kachuful/deal/" + k as 4 bytes big-endian + seed)``;
* the first-dealer draw: the same over the stream
  ``SHAKE256(b"kachuful/draw/" + 0 as 4 bytes big-endian + seed)``; everyone takes a
  card from the top in seat order, and players tied for the highest rank take the
  next cards, again in seat order (a fresh pack, numbered 1, 2…, only if it runs out).

A seed is 32 bytes; its commitment, shown before play, is ``SHA256(seed)`` in hex.

All of the above is chance version 1 (:data:`CHANCE_VERSION`). Stored games and
records carry the version that dealt them, so changing how a seed becomes cards means
a new version number, with the old algorithm kept to replay the old games.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from typing import Final

from engine.cards import DECK, NUM_CARDS, RANK_OF, Card
from engine.errors import KachufulError, UnknownChanceVersion

CHANCE_VERSION: Final = 1
"""The version of the seed-to-cards algorithm new games are dealt with."""
KNOWN_CHANCE_VERSIONS: Final = frozenset({1})
"""Every version this engine can replay."""
SEED_BYTES: Final = 32
_WORD: Final = 8
_SPACE: Final = 1 << 64
_LIMITS: Final = tuple(_SPACE - _SPACE % bound if bound else 0 for bound in range(NUM_CARDS + 1))
"""``_LIMITS[bound]``: words at or above it are rejected, so ``word % bound`` is uniform."""


def new_seed() -> bytes:
    """A fresh, unpredictable seed for a real game."""
    return secrets.token_bytes(SEED_BYTES)


def normalize_seed(seed: bytes | int | str) -> bytes:
    """Accept 32 raw bytes, a 64-digit hex string, or a non-negative int (for tests)."""
    if isinstance(seed, bytes):
        if len(seed) != SEED_BYTES:
            raise KachufulError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
        return seed
    if isinstance(seed, bool):
        raise KachufulError("a seed is bytes, hex text or a whole number, not a bool")
    if isinstance(seed, int):
        if not 0 <= seed < 1 << (8 * SEED_BYTES):
            raise KachufulError("an integer seed must be between 0 and 2**256 - 1")
        return seed.to_bytes(SEED_BYTES, "big")
    if isinstance(seed, str):
        try:
            raw = bytes.fromhex(seed.strip())
        except ValueError:
            raise KachufulError("a seed written as text must be 64 hexadecimal digits") from None
        return normalize_seed(raw)
    raise KachufulError(f"not a seed: {seed!r}")


def check_chance_version(version: object) -> int:
    """``version`` if this engine knows how to deal with it; else a clear refusal."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise UnknownChanceVersion(f"a chance version is a whole number, not {version!r}")
    if version not in KNOWN_CHANCE_VERSIONS:
        known = ", ".join(str(v) for v in sorted(KNOWN_CHANCE_VERSIONS))
        raise UnknownChanceVersion(
            f"this game was dealt with chance version {version}, which this version of "
            f"the bot does not know (it knows chance version {known})"
        )
    return version


def seed_commitment(seed: bytes) -> str:
    """The SHA-256 commitment to a seed, published before the first deal."""
    return hashlib.sha256(seed).hexdigest()


def _shuffled(label: bytes, index: int, seed: bytes) -> list[Card]:
    stream = hashlib.shake_256(b"kachuful/" + label + b"/" + index.to_bytes(4, "big") + seed)
    # 51 swaps need 51 words; a few spare words cover rejections (each < 2**-58 likely).
    # The words are the stream's big-endian 8-byte words in order; more are read, by
    # doubling the prefix taken, should the rejections use the first 64 up.
    words = _big_endian_words(stream.digest(64 * _WORD))
    position = 0
    deck = list(DECK)
    for top in range(NUM_CARDS - 1, 0, -1):
        bound = top + 1
        limit = _LIMITS[bound]
        while True:
            if position == len(words):
                words = _big_endian_words(stream.digest(2 * len(words) * _WORD))
            word = words[position]
            position += 1
            if word < limit:
                break
        pick = word % bound
        deck[top], deck[pick] = deck[pick], deck[top]
    return deck


def _big_endian_words(data: bytes) -> tuple[int, ...]:
    return struct.unpack(f">{len(data) // _WORD}Q", data)


def shuffled_deck(seed: bytes, deal_number: int) -> list[Card]:
    """The deck of deal ``deal_number`` (1-based), top card first."""
    return _shuffled(b"deal", deal_number, seed)


def draw_for_dealer(seed: bytes, players: int) -> tuple[tuple[Card | None, ...], ...]:
    """The first-dealer draw: one tuple per round, a card per seat (None = not drawing).

    Everyone draws from one shuffled pack; ranks decide and suits do not, so the seats
    tied for the highest rank draw again from the rest of the pack, until one is
    highest. (Should ties ever use the pack up, the draw goes on with a fresh pack.)
    """
    rounds: list[tuple[Card | None, ...]] = []
    drawing = list(range(players))
    pack_number = 0
    pack = _shuffled(b"draw", pack_number, seed)
    while True:
        if len(pack) < len(drawing):
            pack_number += 1
            pack = _shuffled(b"draw", pack_number, seed)
        drawn: list[Card | None] = [None] * players
        ranks: dict[int, int] = {}
        for seat in drawing:
            card = pack.pop(0)
            drawn[seat] = card
            ranks[seat] = RANK_OF[card]
        rounds.append(tuple(drawn))
        best = max(ranks.values())
        drawing = [seat for seat in drawing if ranks[seat] == best]
        if len(drawing) == 1:
            return tuple(rounds)
