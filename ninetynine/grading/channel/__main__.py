"""``python -m ninetynine.grading.channel``: the learner's side, in its sandbox (``server.serve``).

The package is imported first, as ``ninetynine.grading.channel``; then this file runs as
``__main__`` and starts the server of ``server.py``, a module loaded under its own name once:
what the trusted side pickles (``running_server.learner_object``, ``pickling._event`` ...)
names functions of the package's modules, and they must be the very ones the server uses.
"""
from .server import serve

serve()
