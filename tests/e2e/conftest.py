from tests.fake_discord.fixtures import fake_discord

__all__ = ["fake_discord"]
