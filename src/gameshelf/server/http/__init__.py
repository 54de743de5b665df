"""The server's doors: every HTTP route, the websocket, and what guards them.

A new route goes here, in the module of its feature (``tables``,
``accounts``, ``analysis``, ``daily``), and nowhere else: no other package
of the server declares a route. Routes are thin: they check the request,
run the blocking work of :mod:`..play` or :mod:`..features` in a thread,
and say that a table changed. The guards (body limits, allowed methods,
header deadlines, trusted proxies, overload) are ASGI middleware or helpers
of the routes.
"""
