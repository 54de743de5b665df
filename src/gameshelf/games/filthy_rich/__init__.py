"""Filthy Rich (Richard Garfield, 1998) for 2-5 players: businesses, signs
in a four-page book of transparent pockets, and the race to three luxuries."""
