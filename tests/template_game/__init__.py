"""Hidden High, laid out as every game of the shelf is: the house plan in small.

The rules are tiny (``tests/tiny_game.py`` re-exports this game for the
core's tests): 2-4 players; a deck of cards 1..12 is shuffled and each
player is dealt two hidden cards. On a turn a player either plays a card
from hand (it scores its value plus one d6) or draws (when the deck is not
empty and the hand has fewer than three cards). The game ends when the deck
and every hand are empty. It has everything the conformance kit must guard:
hidden hands, a hidden deck order and dice whose future must stay unknown.

Each job sits in the file of the same name in every game (the table is in
docs/architecture.md, "One file per job"), and this package holds every
file a game needs: its components in ``data/deck.toml``, what the front
ends and adapters need in ``data/manifest.toml`` (with ``data/picture.svg``),
its words in ``locales/``, ``RULES.md`` and ``RULES.ja.md``. Start a new
game by copying this package into ``gameshelf/games/`` and adding one
registry line, as docs/develop/new-game.md walks through.
"""
