"""``python -m ninetynine.grading exercises build`` / ``... grade SUBMISSION...``."""
import sys

from .commands import main

sys.exit(main())
