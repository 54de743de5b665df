"""What the server offers beside playing a table: accounts, ratings,
statistics, the daily puzzle, hints and the analysis of finished games.

A new feature goes here as a module of its own; it may use the tables of
play (:mod:`..play`), the shapes (:mod:`..wire`), who is asking
(:mod:`..auth`) and the database (:mod:`..store`), and its routes go in
:mod:`..http`.
"""
