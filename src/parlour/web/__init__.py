"""The web table: a person plays one seat of any game in a browser against
parlour's bots (:doc:`/web`). Needs the ``[web]`` extra (Starlette,
uvicorn and a WebSocket library).

* :func:`app` builds the ASGI application, :func:`serve` runs it with
  uvicorn (``parlour serve``);
* :class:`WebTable` is one table: the game behind a
  :class:`parlour.wire.Table`, the bots and the undo rule;
* the page's script and style are in the package (``static/``), plain ES
  modules and CSS with nothing to build.
"""

from __future__ import annotations

from parlour.web.server import app
from parlour.web.tables import UNDO_SAMPLES, Tables, WebTable

__all__ = ["UNDO_SAMPLES", "Tables", "WebTable", "app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, **options: object) -> None:
    """Serve :func:`app` (``options`` go to it) with uvicorn until stopped,
    saying where on standard output once the app is built."""
    import uvicorn

    application = app(**options)  # type: ignore[arg-type]
    print(f"parlour: the web table at http://{host}:{port}/ (Ctrl-C stops it)", flush=True)
    uvicorn.run(application, host=host, port=port, log_level="warning")
