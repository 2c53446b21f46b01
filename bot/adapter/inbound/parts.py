"""What the adapter's handlers use of the running bot, named as a protocol so that
they need not import the client that imports them."""

from __future__ import annotations

from typing import Protocol

from bot.adapter.inbound.click_routing import ClickRouting
from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.interaction_tokens import InteractionTokens
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.presenter import Presenter
from bot.adapter.outbound.reviews import Reviews
from bot.adapter.words.languages import LanguageBook
from bot.core.game_records import GameRecords
from bot.core.people import People
from bot.core.scorepad import ScorePads
from bot.core.server_settings import ServerSettings
from bot.core.service import GameService
from bot.core.standings import Standings
from bot.settings import Settings
from bot.storage import Storage


class BotParts(Protocol):
    @property
    def settings(self) -> Settings: ...

    @property
    def storage(self) -> Storage: ...

    @property
    def service(self) -> GameService: ...

    @property
    def pads(self) -> ScorePads: ...

    @property
    def people(self) -> People: ...

    @property
    def server_settings(self) -> ServerSettings: ...

    @property
    def records(self) -> GameRecords: ...

    @property
    def standings(self) -> Standings: ...

    @property
    def book(self) -> MessageBook: ...

    @property
    def presenter(self) -> Presenter: ...

    @property
    def delivery(self) -> Delivery: ...

    @property
    def languages(self) -> LanguageBook: ...

    @property
    def reviews(self) -> Reviews: ...

    @property
    def tokens(self) -> InteractionTokens: ...

    @property
    def routing(self) -> ClickRouting | None:
        """DM move clicks handed to the process running the game's server (shared
        shards on PostgreSQL only)."""
        ...
