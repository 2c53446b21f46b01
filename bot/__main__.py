import sys

from bot.app import main

# Guarded: the review worker is a spawned process, which imports the main module again.
if __name__ == "__main__":
    sys.exit(main())
