"""The game core: sessions, locks, saving, timers, computer moves and the lobby.

Nothing here imports Discord. Every step runs "lock → verify → save → apply" and
says what should be shown as effects (:mod:`bot.core.effects`), handed to an
:class:`~bot.core.effects.EffectSink` that an adapter implements.
"""
