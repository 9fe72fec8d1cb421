"""``cardcore serve``: a game server that embeds the engine (docs/server.md).

A lobby over HTTP (create a table, list the open ones, join and leave a seat), play over a
WebSocket (each seat is sent its own observation, spectators the public view), native bots
and a turn clock, every action committed to a database before anyone is told, and replays
of finished matches; at ``/``, the browser table (``static/``: plain HTML, CSS and
JavaScript modules, docs/tutorial/browser.md). It needs the ``server`` extra:
``pip install 'cardcore[server]'`` (Starlette, uvicorn, websockets); ``import cardcore``
does not import it.

- ``create_app(store)``: the Starlette application, to mount or run under any ASGI server;
- ``serve(host, port, db)``: run it under uvicorn with an SQLite file;
- ``Store``, ``SQLiteStore``: the storage interface and its default implementation.
"""

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
    import websockets  # noqa: F401
except ImportError as exc:  # the extra's absence is tested in a subprocess
    raise ImportError(
        f"cardcore serve needs {exc.name or 'the server extra'}: pip install 'cardcore[server]'"
    ) from exc

from cardcore.server.app import Limits, create_app, serve
from cardcore.server.store import SQLiteStore, Store

__all__ = ["Limits", "SQLiteStore", "Store", "create_app", "serve"]
