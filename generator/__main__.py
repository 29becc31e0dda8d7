"""`python -m generator` is the same as the `cvsite` command."""

import sys

from generator.cli import main

sys.exit(main())
