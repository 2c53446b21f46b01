"""Run a bot module in its own process, pointed at a fake Discord started elsewhere.

    python -m tests.fake_discord.launch http://127.0.0.1:PORT -m bot [bot args...]

sets discord.py's REST base, gateway URL and CDN base to the fake at that address (exactly what
:func:`~tests.fake_discord.discordpy.point_discord_py_at` does in-process), then runs the module
as ``__main__``. A load benchmark can so measure the bot's CPU and memory apart from the fake's;
the bot reads its token from its usual configuration (e.g. ``DISCORD_TOKEN=<fake.token>``).
"""

from __future__ import annotations

import runpy
import sys

import discord.asset
import discord.gateway
import discord.http
import yarl


def point_at(base_url: str) -> None:
    base = base_url.rstrip("/")
    host = base.split("://", 1)[1]
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://{host}/gateway")
    discord.asset.Asset.BASE = f"{base}/cdn"


USAGE = "usage: python -m tests.fake_discord.launch http://127.0.0.1:PORT -m MODULE [ARGS...]"


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or args[1] != "-m" or not args[0].startswith("http://"):
        raise SystemExit(USAGE)
    base_url, module, module_args = args[0], args[2], args[3:]
    point_at(base_url)
    sys.argv = [module, *module_args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
