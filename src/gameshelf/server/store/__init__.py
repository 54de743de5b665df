"""The database: the tables and their migrations, the move's prepared
statements, the group committer, and the bus that tells other workers a
table changed. A new query or table goes here; nothing here knows a route,
a shape or a game."""
