"""Kachuful's rules engine: pure, deterministic, replayable.

No I/O, no asyncio, no Discord: a game is rules + seed + a list of actions, and
every state is derived by applying them. See ``engine.game.Game``; Call Break, the
second game, is ``engine.callbreak.CallBreakGame``.
"""

from engine.actions import Action, Bid, DealCards, FirstDealer, Play
from engine.callbreak import CallBreakGame, CallBreakRules
from engine.cards import DECK, Card, Suit, parse_cards
from engine.errors import (
    CardError,
    CardNotInHand,
    ChanceMismatch,
    HookedBid,
    IllegalAction,
    IllegalBid,
    IllegalCard,
    KachufulError,
    MustFollowSuit,
    NotYourTurn,
    RecordError,
    RulesError,
    UnknownChanceVersion,
    WrongPhase,
)
from engine.events import (
    BidMade,
    BidsRevealed,
    CardPlayed,
    CompletedTrick,
    DealScored,
    DealStarted,
    Event,
    FirstDealerChosen,
    GameOver,
    TrickWon,
)
from engine.game import DealResult, Game, Phase
from engine.record import RECORD_FORMAT, game_from_record, game_to_record, replay_summary
from engine.rules import PRESETS, Rules, preset_rules
from engine.scoring import score_function, standings
from engine.shuffle import CHANCE_VERSION, seed_commitment
from engine.view import SeatView

__all__ = [
    "CHANCE_VERSION",
    "DECK",
    "PRESETS",
    "RECORD_FORMAT",
    "Action",
    "Bid",
    "BidMade",
    "BidsRevealed",
    "CallBreakGame",
    "CallBreakRules",
    "Card",
    "CardError",
    "CardNotInHand",
    "CardPlayed",
    "ChanceMismatch",
    "CompletedTrick",
    "DealCards",
    "DealResult",
    "DealScored",
    "DealStarted",
    "Event",
    "FirstDealer",
    "FirstDealerChosen",
    "Game",
    "GameOver",
    "HookedBid",
    "IllegalAction",
    "IllegalBid",
    "IllegalCard",
    "KachufulError",
    "MustFollowSuit",
    "NotYourTurn",
    "Phase",
    "Play",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "Suit",
    "TrickWon",
    "UnknownChanceVersion",
    "WrongPhase",
    "game_from_record",
    "game_to_record",
    "parse_cards",
    "preset_rules",
    "replay_summary",
    "score_function",
    "seed_commitment",
    "standings",
]
