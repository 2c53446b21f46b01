"""Playing a deal out on masks with every hand known (one sampled world), for ``hard``:
each seat plays :func:`ai.callbreak.policy.choose` from the engine's legal cards."""

from __future__ import annotations

from ai.callbreak.policy import choose, ruff_suits
from engine.callbreak.legal import beats, legal_mask


def play_out(
    hands: list[int],
    trick: list[int],
    leader: int,
    tricks: list[int],
    must_head: bool,
) -> list[int]:
    """Finish the deal from ``trick`` (cards so far, led by ``leader``); returns the
    tricks each seat ends with. ``hands`` and ``tricks`` are changed in place."""
    n = len(hands)
    everything = 0
    for hand in hands:
        everything |= hand
    cards = list(trick)
    best = -1
    winner = leader
    for position, card in enumerate(cards):
        if position == 0 or beats(card, best):
            best, winner = card, (leader + position) % n
    seat = (leader + len(cards)) % n
    while True:
        if len(cards) == n:
            tricks[winner] += 1
            if not hands[winner]:
                return tricks
            cards = []
            seat = leader = winner
        hand = hands[seat]
        led = -1 if not cards else cards[0] // 13
        legal = legal_mask(hand, led, best, must_head)
        if legal & (legal - 1):
            later = [(seat + k) % n for k in range(1, n - len(cards))]
            ruffable = ruff_suits(hands, later)
            card = choose(hand, legal, len(cards), best, everything & ~hand, n, ruffable)
        else:
            card = (legal & -legal).bit_length() - 1
        bit = 1 << card
        hands[seat] = hand ^ bit
        everything ^= bit
        if not cards or beats(card, best):
            best, winner = card, seat
        cards.append(card)
        seat = (seat + 1) % n
