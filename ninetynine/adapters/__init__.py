"""Adapters: the kit's games in the wider ecosystem.

Each module wraps every game of the registry (``ninetynine.protocol``: the kit's, and any game
registered with ``nn.register``) for another project's API, so that a learner can take the games
to that project's algorithms, and that project's own test suites can judge the engines. Neither
knows a game by name: ``encoding.py`` holds the base of every game's encoding (moves as actions,
views as numbers, sampled worlds), each game's own encoding lives in its folder and is named by
its declaration, and a game declared without one gets the generic encoding:

- ``ninetynine.adapters.openspiel``: ``register()`` makes every game a Python game of pyspiel
  (OpenSpiel), named ``python_ninetynine_<name>``.
- ``ninetynine.adapters.pettingzoo``: ``env(name, **options)`` returns a PettingZoo AEC
  environment.

Both need the optional ``ecosystem`` extra (``pip install 'ninetynine[ecosystem]'``); the core kit
does not import them.
"""
