"""Playing a table: its use cases (open, join, leave, move, take back,
view), the live games rebuilt by replay, clocks, the lobby, bot moves and
the table's story (what each seat reads).

The games are reached only through the core's protocol and registry: there
is no per-game code here.
"""
