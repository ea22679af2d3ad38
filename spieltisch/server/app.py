"""The FastAPI application: lobby REST API, table websockets and the browser client."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from spieltisch.core.options import OptionError
from spieltisch.server import webbuild
from spieltisch.server.catalog import Catalog
from spieltisch.server.errors import (
    MALFORMED,
    NO_GAME,
    NO_SEAT_FOR_TOKEN,
    STORED_FIRST,
    TOO_LARGE,
    WS_4404_NO_TABLE,
    TableError,
    pick_lang,
    validation_detail,
)
from spieltisch.server.hub import Hub, hash_token
from spieltisch.server.messages import (
    MAX_MESSAGE_BYTES,
    Act,
    AddBots,
    Chat,
    CreateTable,
    Hello,
    HostRequest,
    Rematch,
    TakeSeat,
    client_message,
)
from spieltisch.server.room import Client, Room
from spieltisch.server.settings import Settings
from spieltisch.server.store import StaleWriteError, Store

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
HELLO_TIMEOUT_SECONDS = 30.0


def create_app(settings: Settings) -> FastAPI:
    catalog = Catalog(settings.extra_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings.resolved_database_url())
        app.state.hub = Hub(store, catalog, settings.bot_delay)
        await app.state.hub.resume_running()
        yield
        await app.state.hub.shutdown()
        await store.close()

    app = FastAPI(
        title="spieltisch", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    _add_error_handlers(app)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    _add_lobby_routes(app, catalog)
    _add_table_socket(app)
    _mount_client(app, settings.web_dir or webbuild.DIST)
    return app


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _error_reply(request: Request, error: TableError) -> JSONResponse:
    message = error.text(pick_lang(request.headers.get("accept-language")))
    return JSONResponse({"error": error.code, "message": message}, status_code=error.status)


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        return _error_reply(request, error)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error_reply(request, TableError(MALFORMED, detail=validation_detail(error.errors(), skip=1)))


def _add_lobby_routes(app: FastAPI, catalog: Catalog) -> None:
    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [catalog.describe(name) for name in catalog.names()]

    @app.get("/api/games/{name}")
    async def describe_game(name: str) -> dict[str, Any]:
        try:
            return catalog.describe(name)
        except OptionError:
            raise TableError(NO_GAME, game=name[:40]) from None

    @app.post("/api/tables")
    async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
        reply = await _hub(request).create_table(body)
        reply["join_url"] = f"{str(request.base_url).rstrip('/')}/#/table/{reply['id']}"
        return reply

    @app.get("/api/tables")
    async def list_tables(
        request: Request, status: Literal["open", "running", "finished"] | None = None
    ) -> list[dict[str, Any]]:
        hub = _hub(request)
        return [await hub.summary(table) for table in await hub.store.list_tables(status, limit=100)]

    @app.get("/api/tables/{table_id}")
    async def get_table(request: Request, table_id: str) -> dict[str, Any]:
        room = await _hub(request).room(table_id)
        return await _hub(request).summary(room.table)

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(request: Request, table_id: str, seat: int, body: TakeSeat) -> dict[str, Any]:
        return await _hub(request).take_seat(table_id, seat, body.name)

    @app.post("/api/tables/{table_id}/bots")
    async def add_bots(request: Request, table_id: str, body: AddBots) -> dict[str, Any]:
        await _hub(request).add_bots(table_id, body.host_token, body.bot, body.seat)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/start")
    async def start(request: Request, table_id: str, body: HostRequest) -> dict[str, Any]:
        await _hub(request).start(table_id, body.host_token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(request: Request, table_id: str, body: Rematch) -> dict[str, Any]:
        return await _hub(request).rematch(table_id, body.token)

    @app.get("/api/tables/{table_id}/reference")
    async def reference(request: Request, table_id: str) -> dict[str, Any]:
        room = await _hub(request).room(table_id)
        # From the options alone: the same for every seat and the whole game.
        return {"game": room.game.name, "data": room.game.reference_data()}

    @app.get("/api/tables/{table_id}/replay/{version}")
    async def replay(
        request: Request,
        table_id: str,
        version: int,
        lang: Literal["en", "de"] = "en",
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        return await _hub(request).replay_step(table_id, version, x_seat_token, lang)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True}


def _add_table_socket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(
        websocket: WebSocket, table_id: str, lang: str = Query("en", max_length=2)
    ) -> None:
        await websocket.accept()
        try:
            room = await _hub(websocket).room(table_id)
        except TableError as error:
            await websocket.send_text(json.dumps(_error_message(error, lang)))
            await websocket.close(code=WS_4404_NO_TABLE)
            return
        client = Client(websocket.send_text, None, "de" if lang == "de" else "en")
        room.clients.add(client)
        try:
            await room.broadcast()
            await _serve_client(websocket, room, client)
        except WebSocketDisconnect:
            pass
        finally:
            await _leave(websocket, room, client)


async def _leave(websocket: WebSocket, room: Room, client: Client) -> None:
    """The others learn that this connection went offline; a finished room nobody watches is let go."""
    room.clients.discard(client)
    # The connection's task may be cancelled by now (Starlette's test client
    # cancels it right after the close, a server does on shutdown); this last
    # broadcast must still reach the others. Each send is time-limited, so the
    # shield cannot hold the task for long.
    with anyio.CancelScope(shield=True):
        await room.broadcast()
    _hub(websocket).release_if_idle(room)


def _error_message(error: TableError, lang: str) -> dict[str, Any]:
    return {"type": "error", "code": error.code, "message": error.text(lang)}


async def _serve_client(websocket: WebSocket, room: Room, client: Client) -> None:
    while True:
        text = await _receive_text(websocket)
        if text is None:
            return
        try:
            await _handle(text, room, client)
        except TableError as error:
            await client.send(json.dumps(_error_message(error, client.lang)))


async def _receive_text(websocket: WebSocket) -> str | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        text = data.decode("utf-8", errors="replace")
    return str(text)


async def _handle(text: str, room: Room, client: Client) -> None:
    if len(text.encode("utf-8", errors="replace")) > MAX_MESSAGE_BYTES:
        raise TableError(TOO_LARGE, limit=MAX_MESSAGE_BYTES)
    try:
        message = client_message.validate_json(text)
    except ValidationError as error:
        raise TableError(MALFORMED, detail=validation_detail(error.errors()[:1])) from None
    if isinstance(message, Hello):
        await _hello(room, client, message)
    elif isinstance(message, Act):
        try:
            await room.act(client.seat, message.action, message.version)
        except StaleWriteError:
            raise TableError(STORED_FIRST) from None
    elif isinstance(message, Chat):
        await room.chat(client, message.text, time.time())
    else:
        await client.send(json.dumps({"type": "pong"}))


async def _hello(room: Room, client: Client, message: Hello) -> None:
    client.lang = message.lang
    if message.token:
        seat = room.seat_of_token(hash_token(message.token))
        if seat is None:
            raise TableError(NO_SEAT_FOR_TOKEN)
        client.seat = seat
    chat = await room.store.recent_chat(room.id)
    await client.send(json.dumps({"type": "chat_history", "messages": [c.__dict__ for c in chat]}))
    await room.broadcast()
    room.kick()  # revives bots that stopped on an error


def _mount_client(app: FastAPI, dist: Path) -> None:
    if (dist / "index.html").is_file():
        app.mount("/", StaticFiles(directory=dist, html=True), name="client")
        return

    @app.get("/", response_class=HTMLResponse)
    async def not_built() -> str:
        return (
            "<!doctype html><title>spieltisch</title><p>The browser client is not built. "
            "Run <code>spieltisch/web/build.sh</code> (needs Node.js and npm) and restart the server; "
            "the API is at <a href='/api/docs'>/api/docs</a>.</p>"
        )
