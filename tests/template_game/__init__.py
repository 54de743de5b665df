"""Hidden High, laid out as every game of the shelf is: the house plan in small.

The rules are tiny (``tests/tiny_game.py`` re-exports this game for the
core's tests): 2-4 players; a deck of cards 1..12 is shuffled and each
player is dealt two hidden cards. On a turn a player either plays a card
from hand (it scores its value plus one d6) or draws (when the deck is not
empty and the hand has fewer than three cards). The game ends when the deck
and every hand are empty. It has everything the conformance kit must guard:
hidden hands, a hidden deck order and dice whose future must stay unknown.

Each job sits in the file of the same name in every game (the table is in
docs/architecture.md, "One file per job"); copy this package to start a
fifth game, then add ``encoding.py`` if the research adapters should offer
it, ``data/*.toml`` for its components and ``locales/`` for its texts.
"""
