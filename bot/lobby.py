"""The lobby: seats, computer players, the host's Start — and the game's first deal.

A lobby is a stored game in status ``lobby``; seats are saved as they change, so a
restart keeps it. An idle lobby closes itself after 15 minutes and says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Final

import discord

from bot import controls, gameplay, messaging, pictures, texts
from bot.computer import DEFAULT_LEVEL, LEVELS, computer_name
from bot.custom_ids import ComponentId
from bot.replies import interaction_data, reply
from bot.session import GameSession, SeatState
from bot.storage import NewSeat, StorageError
from bot.tasks import KeyedTasks
from engine import Game, KachufulError, Rules
from engine.shuffle import new_seed

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS: Final = 15 * 60
LOBBY_COLOUR: Final = discord.Colour.from_rgb(88, 101, 242)


def lobby_embed(session: GameSession) -> discord.Embed:
    embed = discord.Embed(
        title="Kachuful — a new table",
        description=texts.lobby_description(session, lobby_capacity(session)),
        colour=LOBBY_COLOUR,
    )
    embed.set_footer(text=f"Game {session.game_id}")
    return embed


def lobby_capacity(session: GameSession) -> int:
    return session.target_players or session.rules.max_players()


class LobbyTimers:
    """Closes lobbies nobody has touched for 15 minutes."""

    def __init__(self, bot: KachufulBot, idle_seconds: float = LOBBY_IDLE_SECONDS) -> None:
        self._bot = bot
        self._idle = idle_seconds
        self._tasks = KeyedTasks("lobby")

    def touch(self, session: GameSession) -> None:
        self._tasks.start(session.game_id, self._close_when_idle(session))

    def cancel(self, game_id: int) -> None:
        self._tasks.cancel(game_id)

    async def close(self) -> None:
        await self._tasks.close()

    async def _close_when_idle(self, session: GameSession) -> None:
        await asyncio.sleep(self._idle)
        self._tasks.discard(session.game_id)
        async with session.lock:
            if session.status != "lobby":
                return
            minutes = int(self._idle // 60)
            await close_lobby(
                self._bot, session, f"This lobby closed after {minutes} idle minutes."
            )


async def open_lobby(
    bot: KachufulBot,
    interaction: discord.Interaction,
    rules: Rules,
    *,
    target_players: int | None,
    turn_timeout: int,
    rematch_of: int | None = None,
    seats: list[SeatState] | None = None,
) -> None:
    """Create the lobby in this channel and post it as the interaction's answer."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    user = interaction.user
    seed = new_seed()
    first = [SeatState(name=user.display_name, user_id=user.id)]
    seats = seats or first
    new_seats = [
        NewSeat.human(s.user_id, s.name) if s.user_id is not None
        else NewSeat.computer(s.level or DEFAULT_LEVEL, s.name)
        for s in seats
    ]
    await interaction.response.defer(thinking=True)
    try:
        game_id = await bot.storage.create_game(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            rules=rules,
            seed=seed,
            turn_timeout=turn_timeout,
            host_user_id=user.id,
            seats=new_seats,
            rematch_of=rematch_of,
        )
    except StorageError:
        # Nothing was created: take the "thinking…" placeholder away, then explain.
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
        raise
    session = GameSession(
        game_id=game_id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host_id=user.id,
        rules=rules,
        seed=seed,
        turn_timeout=turn_timeout,
        seats=seats,
        target_players=target_players,
        rematch_of=rematch_of,
    )
    bot.registry.add(session)
    bot.lobbies.touch(session)
    await _respond(interaction, session, new=True)
    message = await interaction.original_response()
    session.lobby_message_id = message.id
    await bot.storage.update_game_messages(game_id, lobby_message_id=message.id)


async def _respond(interaction: discord.Interaction, session: GameSession, *, new: bool) -> None:
    full = len(session.seats) >= lobby_capacity(session)
    embed = lobby_embed(session)
    view = controls.lobby_controls(session, full)
    if interaction.response.is_done():
        # Acknowledged first (a database write can queue behind other games' moves):
        # the lobby message is the interaction's original response, or its message.
        await interaction.edit_original_response(embed=embed, view=view)
    elif new:
        await interaction.response.send_message(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


def _lobby(bot: KachufulBot, cid: ComponentId) -> GameSession | None:
    session = bot.registry.get(cid.game_id)
    return session if session is not None and session.status == "lobby" else None


async def _lobby_or_explain(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> GameSession | None:
    session = _lobby(bot, cid)
    if session is None:
        await reply(interaction, "This lobby is closed.")
    return session


async def on_join(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    user = interaction.user
    async with session.lock:
        if session.seat_of(user.id) is not None:
            await reply(interaction, "You're already seated at this table.")
            return
        elsewhere = bot.registry.of_user(user.id)
        if elsewhere is not None:
            await reply(interaction, "You're already seated in another unfinished game: "
                        "finish or leave it first.")
            return
        if len(session.seats) >= lobby_capacity(session):
            await reply(interaction, "This table is full.")
            return
        await interaction.response.defer()
        try:
            await bot.storage.add_seat(session.game_id, NewSeat.human(user.id, user.display_name))
        except StorageError as exc:
            await reply(interaction, exc.player_message)
            return
        session.seats.append(SeatState(name=user.display_name, user_id=user.id))
        bot.lobbies.touch(session)
        await _respond(interaction, session, new=False)


async def on_leave(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    async with session.lock:
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply(interaction, "You're not seated at this table.")
            return
        if interaction.user.id == session.host_id:
            await reply(interaction, "You're the host: use **Cancel** to close the lobby.")
            return
        await interaction.response.defer()
        await bot.storage.remove_seat(session.game_id, seat)
        del session.seats[seat]
        bot.lobbies.touch(session)
        await _respond(interaction, session, new=False)


async def on_add_computer(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    values = interaction_data(interaction).get("values") or []
    level = str(values[0]) if values else ""
    if level not in LEVELS:
        await reply(interaction, "Pick a level from the menu.")
        return
    async with session.lock:
        if session.seat_of(interaction.user.id) is None:
            await reply(interaction, "Join the table to add computer players.")
            return
        if len(session.seats) >= lobby_capacity(session):
            await reply(interaction, "This table is full.")
            return
        await interaction.response.defer()
        await _add_computer(bot, session, level)
        bot.lobbies.touch(session)
        await _respond(interaction, session, new=False)


async def _add_computer(bot: KachufulBot, session: GameSession, level: str) -> None:
    computers = sum(1 for seat in session.seats if seat.user_id is None)
    name = computer_name(level, computers)
    await bot.storage.add_seat(session.game_id, NewSeat.computer(level, name))
    session.seats.append(SeatState(name=name, level=level))


async def on_remove_computer(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    async with session.lock:
        if session.seat_of(interaction.user.id) is None:
            await reply(interaction, "Join the table to change its seats.")
            return
        computers = [i for i, seat in enumerate(session.seats) if seat.user_id is None]
        if not computers:
            await reply(interaction, "There is no computer player to remove.")
            return
        await interaction.response.defer()
        await bot.storage.remove_seat(session.game_id, computers[-1])
        del session.seats[computers[-1]]
        bot.lobbies.touch(session)
        await _respond(interaction, session, new=False)


async def on_close(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    if not _can_manage(interaction, session):
        await reply(interaction, "Only the host or a server manager can cancel the lobby.")
        return
    async with session.lock:
        await interaction.response.edit_message(
            content="This lobby was cancelled.", embed=None, view=None
        )
        await close_lobby(bot, session, None)


def _can_manage(interaction: discord.Interaction, session: GameSession) -> bool:
    if interaction.user.id == session.host_id:
        return True
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


async def close_lobby(bot: KachufulBot, session: GameSession, note: str | None) -> None:
    bot.lobbies.cancel(session.game_id)
    await bot.storage.cancel_game(session.game_id)
    session.status = "cancelled"
    bot.registry.remove(session.game_id)
    if note:
        with contextlib.suppress(discord.HTTPException):
            await messaging.channel_note(bot, session, note)
        if session.lobby_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                target = await messaging.channel(bot, session)
                await target.get_partial_message(  # type: ignore[attr-defined]
                    session.lobby_message_id
                ).edit(content=note, embed=None, view=None)


async def on_start(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    session = await _lobby_or_explain(bot, interaction, cid)
    if session is None:
        return
    if interaction.user.id != session.host_id:
        await reply(interaction, "Only the host can start the game.")
        return
    async with session.lock:
        if session.status != "lobby":
            await reply(interaction, "This game has already started.")
            return
        top = session.rules.max_players()
        if not 3 <= max(len(session.seats), session.target_players or 0) <= top:
            await reply(interaction, f"A game needs 3 to {top} players; add computer players "
                        "to fill the table.")
            return
        # Acknowledge before the database: under load its writes queue behind moves.
        await interaction.response.defer()
        async with bot.work_slots:
            await _start_game(bot, interaction, session)


async def _start_game(
    bot: KachufulBot, interaction: discord.Interaction, session: GameSession
) -> None:
    """Seat the computers, deal, and open the table (the click is acknowledged)."""
    while session.target_players and len(session.seats) < session.target_players:
        await _add_computer(bot, session, DEFAULT_LEVEL)
    try:
        game = Game(session.rules, session.names(), session.seed)
    except KachufulError as exc:  # rules that cannot seat this table
        await reply(interaction, str(exc))
        return
    await bot.storage.start_game(session.game_id)
    bot.lobbies.cancel(session.game_id)
    session.game = game
    session.status = "active"
    await messaging.safely(
        interaction.edit_original_response(
            embed=lobby_embed(session).set_author(name="Started"), view=None
        ),
        "started lobby",
    )
    await _open_thread(bot, session)
    await messaging.safely(_announce_start(bot, session), "start announcement")
    session.deal_start_counter = game.action_count
    await messaging.start_deal_messages(bot, session)
    await gameplay.after_move(bot, session)


async def _open_thread(bot: KachufulBot, session: GameSession) -> None:
    settings = await bot.storage.guild_settings(session.guild_id)
    if settings is None or not settings.thread_mode or session.lobby_message_id is None:
        return
    try:
        target = await messaging.channel(bot, session)
        message = target.get_partial_message(session.lobby_message_id)  # type: ignore[attr-defined]
        thread = await message.create_thread(name=f"Kachuful game {session.game_id}")
    except discord.HTTPException as exc:
        log.warning("could not open a thread for game %s: %s", session.game_id, exc)
        return
    session.thread_id = thread.id
    await bot.storage.update_game_messages(session.game_id, thread_id=thread.id)


async def _announce_start(bot: KachufulBot, session: GameSession) -> None:
    game = session.game
    assert game is not None
    names = session.names()
    draw = game.dealer_draws
    lines = ["**The game begins!** " + texts.rules_line(session.rules)]
    for number, drawn in enumerate(draw, start=1):
        cards = ", ".join(f"{names[s]} {card}" for s, card in enumerate(drawn) if card)
        lines.append(f"Draw{' again' if number > 1 else ''} for the first dealer: {cards}")
    first = game.first_dealer
    lines.append(f"**{names[first] if first is not None else '?'}** deals first.")
    lines.append(
        f"Fair deal: the shuffles come from a secret seed with SHA-256 commitment "
        f"`{game.commitment}`; it is revealed when the game ends."
    )
    target = await messaging.channel(bot, session)
    files = [await pictures.dealer_draw_file(game, names)] if draw else []
    await target.send("\n".join(lines), files=files)


async def on_rematch(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    if bot.registry.in_channel(interaction.channel_id or 0) is not None:
        await reply(interaction, "This channel already has a game open.")
        return
    if bot.registry.of_user(interaction.user.id) is not None:
        await reply(interaction, "You're already seated in an unfinished game.")
        return
    try:
        stored = await bot.storage.load_game(cid.game_id)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    if not any(seat.user_id == interaction.user.id for seat in stored.seats):
        await reply(interaction, "Only the players of that game can start its rematch.")
        return
    seats = [SeatState(name=interaction.user.display_name, user_id=interaction.user.id)]
    for seat in stored.seats:
        if seat.user_id == interaction.user.id:
            continue
        if seat.user_id is not None and not seat.left_game:
            if bot.registry.of_user(seat.user_id) is None:
                seats.append(SeatState(name=seat.display_name, user_id=seat.user_id))
        elif seat.user_id is None:
            seats.append(SeatState(name=seat.display_name, level=seat.computer_level))
    try:
        await open_lobby(
            bot,
            interaction,
            stored.rules,
            target_players=None,
            turn_timeout=stored.turn_timeout,
            rematch_of=cid.game_id,
            seats=seats,
        )
    except StorageError as exc:
        await reply(interaction, exc.player_message)
