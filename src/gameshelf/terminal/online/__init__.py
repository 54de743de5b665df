"""The terminal's online client (``gameshelf connect``): a table of a
gameshelf server played at the prompt, over its websocket. It knows the
server only by its JSON, never by its code (``lint-imports`` keeps the
terminal off :mod:`gameshelf.server`)."""
