"""Who is asking: seat tokens, sessions, passwords, login throttles and
device cookies. No route lives here (:mod:`..http.accounts` has them)."""
