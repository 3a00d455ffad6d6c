"""``python -m engine.cli``: the same as the ``euchre`` command."""

import sys

from engine.cli import main

sys.exit(main())
