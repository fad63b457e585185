"""Adapters: the kit's games in the wider ecosystem.

Each module wraps every game of the kit for another project's API, so that a learner can take
the games to that project's algorithms, and that project's own test suites can judge the engines:

- ``ninetynine.adapters.openspiel``: ``register()`` makes every game a Python game of pyspiel
  (OpenSpiel), named ``python_ninetynine_<name>``.
- ``ninetynine.adapters.pettingzoo``: ``env(name, **options)`` returns a PettingZoo AEC
  environment.

Both need the optional ``ecosystem`` extra (``pip install 'ninetynine[ecosystem]'``); the core kit
does not import them.
"""
