import sys

from bot.app import main

sys.exit(main())
