"""The FastAPI application: lobby REST API, table websockets and the browser client."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import anyio
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.core.options import OptionError
from spieltisch.server import collector, webbuild
from spieltisch.server.catalog import Catalog
from spieltisch.server.connection import SEND_NOW, Client, ConnectionState
from spieltisch.server.datasets import DataSets
from spieltisch.server.errors import (
    BODY_TOO_LARGE,
    DATABASE_DOWN,
    MALFORMED,
    NO_GAME,
    NO_SEAT_FOR_TOKEN,
    STORED_FIRST,
    TOO_LARGE,
    CloseCode,
    TableError,
    pick_lang,
    validation_detail,
)
from spieltisch.server.hub import Hub, hash_token
from spieltisch.server.limits import MAX_BODY_BYTES, BodyLimit, BodyTooLarge, Limits
from spieltisch.server.messages import (
    MAX_MESSAGE_BYTES,
    Act,
    ActMove,
    AddBots,
    Chat,
    ChatHistory,
    ChatLine,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    ErrorReply,
    GameLog,
    GameSummary,
    Health,
    Hello,
    HostRequest,
    Lang,
    Ok,
    Pong,
    ReferenceReply,
    Rematch,
    RematchReply,
    ReplaceSeat,
    ReplayStep,
    SeatLink,
    SeatLinkRequest,
    SeatTaken,
    TableSummary,
    TakeBack,
    TakeSeat,
    client_message,
    messages_json_schema,
)
from spieltisch.server.room import Room
from spieltisch.server.settings import Settings
from spieltisch.server.store import StaleWriteError, Store, TableStatus
from spieltisch.server.views import views_json_schema

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("spieltisch.server")
RETRY_AFTER_SECONDS = 5
HELLO_TIMEOUT_SECONDS = 30.0
"""A connection that has not said hello by then is closed (CloseCode.NO_HELLO)."""
CLOSE_TIMEOUT_SECONDS = 2.0
OPENAPI_REFS = "#/components/schemas/{model}"


def create_app(settings: Settings) -> FastAPI:
    catalog = Catalog(settings.extra_games, DataSets(settings.data_sets, settings.data_dir / "data-sets"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = settings.resolved_database_url()
        store = await Store.open(url)
        app.state.hub = hub = Hub(store, catalog, settings)
        if settings.tune_collector:
            collector.tune_for_serving()
        async with anyio.create_task_group() as background:
            background.start_soon(_resume_then_sweep, hub)  # the server answers meanwhile
            if settings.tune_collector:
                background.start_soon(collector.freeze_survivors_forever)
            if store.shared:
                from spieltisch.server.cluster import Cluster  # psycopg: only with PostgreSQL

                hub.cluster = Cluster(hub, url, settings.scan_every)
                background.start_soon(hub.cluster.run)
            yield
            background.cancel_scope.cancel()
        await app.state.hub.shutdown()
        await store.close()

    app = FastAPI(
        title="spieltisch", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    _add_error_handlers(app)
    _document_messages(app)

    app.state.limits = Limits(
        tables_per_minute=settings.tables_per_minute,
        connections_per_client=settings.connections_per_client,
        connections_total=settings.connections_total,
        connections_per_minute=settings.connections_per_minute,
    )
    app.add_middleware(BodyLimit)  # before the headers below, so its refusals carry them too
    app.add_middleware(SecurityHeaders)

    _add_lobby_routes(app, catalog)
    _add_table_socket(app)
    _mount_client(app, settings.web_dir or webbuild.DIST)
    return app


async def _resume_then_sweep(hub: Hub) -> None:
    """Load the running tables after a restart, then look for tables to expire: only once
    loaded does a table show that its bots still play it."""
    await hub.resume_running()
    await hub.sweep_forever()


class SecurityHeaders:
    """ASGI middleware: every HTTP response carries SECURITY_HEADERS.

    Plain ASGI, not Starlette's BaseHTTPMiddleware: that runs each request in
    a task group of its own and leaves a tangle of objects for the garbage
    collector, whose pauses every table feels (see collector.py).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(SECURITY_HEADERS)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _document_messages(app: FastAPI) -> None:
    """The OpenAPI schema also lists the websocket messages and every game's view and
    reference data, so one file gives every type."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            found = schema.setdefault("components", {}).setdefault("schemas", {})
            for name, definition in messages_json_schema(OPENAPI_REFS)["$defs"].items():
                found.setdefault(name, definition)
            for name, definition in views_json_schema(OPENAPI_REFS)["$defs"].items():
                found.setdefault(name, definition)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _limits(request: Request | WebSocket) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


def _address(request: Request | WebSocket) -> str:
    return request.client.host if request.client else ""


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _error_reply(request: Request, error: TableError) -> JSONResponse:
    message = error.text(pick_lang(request.headers.get("accept-language")))
    return JSONResponse(ErrorReply(error=error.code, message=message).model_dump(), status_code=error.status)


HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}
HTTP_WORDS = {
    404: {"en": "nothing here", "de": "Hier gibt es nichts"},
    405: {"en": "this method is not allowed here", "de": "Diese Methode ist hier nicht erlaubt"},
}
NOT_JSON = {"en": "the body is not valid JSON", "de": "Der Inhalt ist kein gültiges JSON"}


def _methods_for(app: FastAPI, scope: Any) -> set[str]:
    methods: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, Route) and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return methods


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        return _error_reply(request, error)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 400 and isinstance(error.__cause__, BodyTooLarge):
            return _error_reply(request, TableError(BODY_TOO_LARGE, limit=MAX_BODY_BYTES))
        if error.status_code == 400:  # a body that is not JSON
            return _error_reply(request, TableError(MALFORMED, detail=NOT_JSON))
        # Starlette's 405 names only the methods of the first route that matched the
        # path; GET and POST of one path are two routes here, so gather them all.
        words = HTTP_WORDS.get(error.status_code)
        lang = pick_lang(request.headers.get("accept-language"))
        message = words[lang] if words else str(error.detail)
        reply = ErrorReply(error=HTTP_CODES.get(error.status_code, "http_error"), message=message)
        headers = dict(error.headers or {})
        if error.status_code == 405:
            headers["Allow"] = ", ".join(sorted(_methods_for(app, request.scope)))
        return JSONResponse(reply.model_dump(), status_code=error.status_code, headers=headers)

    @app.exception_handler(SQLAlchemyError)
    async def database_down(request: Request, error: SQLAlchemyError) -> JSONResponse:
        log.warning("database error on %s %s: %s", request.method, request.url.path, error.__class__.__name__)
        reply = _error_reply(request, TableError(DATABASE_DOWN))
        reply.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return reply

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error_reply(request, TableError(MALFORMED, detail=validation_detail(error.errors(), skip=1)))


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents: each is an ErrorReply (503: the database is down)."""
    return {status: {"model": ErrorReply} for status in (*statuses, 422, 503)}


def _add_lobby_routes(app: FastAPI, catalog: Catalog) -> None:
    @app.get("/api/games")
    async def list_games() -> list[GameSummary]:
        return [catalog.describe(name) for name in catalog.names()]

    @app.get("/api/games/{name}", responses=_errors(404))
    async def describe_game(name: str) -> GameSummary:
        try:
            return catalog.describe(name)
        except OptionError:
            raise TableError(NO_GAME, game=name[:40]) from None

    @app.post("/api/tables", responses=_errors(400, 404, 409, 413, 429))
    async def create_table(request: Request, body: CreateTable) -> CreatedTable:
        _limits(request).note_table(_address(request), time.monotonic())
        base = str(request.base_url).rstrip("/")
        return await _hub(request).create_table(body, lambda table_id: f"{base}/#/table/{table_id}")

    @app.get("/api/tables", responses=_errors())
    async def list_tables(request: Request, status: TableStatus | None = None) -> list[TableSummary]:
        return await _hub(request).lobby(status, time.monotonic())

    @app.get("/api/tables/{table_id}", responses=_errors(404, 500))
    async def get_table(request: Request, table_id: str) -> TableSummary:
        room = await _hub(request).room(table_id)
        return await _hub(request).summary(room.table)

    @app.post("/api/tables/{table_id}/seats/{seat}", responses=_errors(404, 409, 413, 500))
    async def take_seat(request: Request, table_id: str, seat: int, body: TakeSeat) -> SeatTaken:
        return await _hub(request).take_seat(table_id, seat, body.name)

    @app.post("/api/tables/{table_id}/bots", responses=_errors(400, 403, 404, 409, 413, 500))
    async def add_bots(request: Request, table_id: str, body: AddBots) -> Ok:
        await _hub(request).add_bots(table_id, body.host_token, body.bot, body.seat)
        return Ok()

    @app.post("/api/tables/{table_id}/start", responses=_errors(403, 404, 409, 413, 500))
    async def start(request: Request, table_id: str, body: HostRequest) -> Ok:
        await _hub(request).start(table_id, body.host_token)
        return Ok()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", responses=_errors(400, 403, 404, 409, 413, 500))
    async def replace_seat(request: Request, table_id: str, seat: int, body: ReplaceSeat) -> Ok:
        """The host gives an absent person's seat to a bot for the rest of the game."""
        await _hub(request).replace_with_bot(table_id, body.host_token, seat, body.bot)
        return Ok()

    @app.post("/api/tables/{table_id}/seat-link", responses=_errors(403, 404, 413, 500))
    async def seat_link(request: Request, table_id: str, body: SeatLinkRequest) -> SeatLink:
        """A personal link that opens this table on another device in the caller's seat."""
        room = await _hub(request).room(table_id)
        if room.seat_of_token(hash_token(body.token)) is None:
            raise TableError(NO_SEAT_FOR_TOKEN)
        base = str(request.base_url).rstrip("/")
        return SeatLink(url=f"{base}/#/table/{table_id}?seat={body.token}")

    @app.post("/api/tables/{table_id}/rematch", responses=_errors(403, 404, 409, 413, 500))
    async def rematch(request: Request, table_id: str, body: Rematch) -> RematchReply:
        return await _hub(request).rematch(table_id, body.token)

    @app.get("/api/tables/{table_id}/reference", responses=_errors(404, 500))
    async def reference(request: Request, table_id: str) -> ReferenceReply:
        room = await _hub(request).room(table_id)
        # From the options alone: the same for every seat and the whole game.
        return ReferenceReply(game=room.game.name, data=dict(room.game.reference_data()))

    @app.get("/api/tables/{table_id}/log", responses=_errors(404, 500))
    async def full_log(
        request: Request,
        table_id: str,
        lang: Lang = "en",
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> GameLog:
        return await _hub(request).full_log(table_id, x_seat_token, lang)

    @app.get("/api/tables/{table_id}/replay/{version}", responses=_errors(400, 404, 409, 500))
    async def replay(
        request: Request,
        table_id: str,
        version: int,
        lang: Lang = "en",
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> ReplayStep:
        return await _hub(request).replay_step(table_id, version, x_seat_token, lang)

    @app.get("/api/messages")
    async def message_schema() -> dict[str, Any]:
        """JSON Schema of the table websocket: ClientMessage (sent) and ServerMessage (received)."""
        return messages_json_schema()

    @app.get("/api/health")
    async def health() -> Health:
        return Health(ok=True)


def _add_table_socket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(
        websocket: WebSocket, table_id: str, lang: str = Query("en", max_length=2)
    ) -> None:
        limits, address = _limits(websocket), _address(websocket)
        try:
            limits.open_connection(address, time.monotonic())  # before any database work
        except TableError as error:
            if limits.first_refusal(address):  # told why
                await websocket.accept()
                await _refuse(websocket, error, lang, CloseCode.TRY_AGAIN_LATER)
            else:  # told before: closed before the handshake completes (HTTP 403), at half the cost
                await websocket.close(CloseCode.TRY_AGAIN_LATER, reason=error.code)
            return
        try:
            await websocket.accept()
            await _serve_connection(websocket, table_id, lang)
        finally:
            limits.close_connection(address)


async def _serve_connection(websocket: WebSocket, table_id: str, lang: str) -> None:
    try:
        room = await _hub(websocket).room(table_id)
    except TableError as error:
        await _refuse(websocket, error, lang, CloseCode.NO_TABLE)
        return
    except SQLAlchemyError:
        await _refuse(websocket, TableError(DATABASE_DOWN), lang, CloseCode.TRY_AGAIN_LATER)
        return
    client = Client(websocket.send_text, None, "de" if lang == "de" else "en")
    client.send_now = websocket.scope.get("extensions", {}).get(SEND_NOW)  # as uvicorn runs the server
    await _connect(websocket, room, client)
    if client.close_code is not None:
        with anyio.move_on_after(CLOSE_TIMEOUT_SECONDS, shield=True):
            await websocket.close(code=client.close_code)


async def _refuse(websocket: WebSocket, error: TableError, lang: str, code: int) -> None:
    await websocket.send_text(_error_message(error, lang).model_dump_json())
    await websocket.close(code=code, reason=error.code)


async def _connect(websocket: WebSocket, room: Room, client: Client) -> None:
    """Serve one connection: its sender drains its queue while this reads what it sends."""
    # A timer, not a task: a task cancelled at every close would leave its
    # exception and frames for the garbage collector (collector.py).
    hello_deadline = asyncio.get_running_loop().call_later(HELLO_TIMEOUT_SECONDS, _no_hello, client)
    async with anyio.create_task_group() as group:
        client.on_overflow = group.cancel_scope.cancel
        group.start_soon(client.run_sender)
        room.join(client)
        try:
            await _serve_client(websocket, room, client)
        except WebSocketDisconnect:
            pass
        finally:
            # Nothing here waits: the connection's task may be cancelled by now
            # (Starlette cancels it right after a close, a server on shutdown).
            hello_deadline.cancel()
            room.leave(client)
            _hub(websocket).release_if_idle(room)
            client.finish()
        if client.sending:
            group.cancel_scope.cancel()


def _no_hello(client: Client) -> None:
    if client.state is ConnectionState.CONNECTING:
        client.give_up(CloseCode.NO_HELLO)


def _error_message(error: TableError, lang: str) -> ErrorMessage:
    return ErrorMessage(code=error.code, message=error.text(lang))


async def _serve_client(websocket: WebSocket, room: Room, client: Client) -> None:
    while True:
        text = await _receive_text(websocket)
        if text is None:
            return
        try:
            await _handle(text, room, client)
        except TableError as error:
            client.post(_error_message(error, client.lang).model_dump_json())
        except SQLAlchemyError as error:
            # Nothing changed (a move is applied only once stored): the client may send it again.
            log.warning("table %s: database error: %s", room.id, error.__class__.__name__)
            client.post(_error_message(TableError(DATABASE_DOWN), client.lang).model_dump_json())


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
    elif isinstance(message, Act | ActMove):
        move = message.action if isinstance(message, Act) else message.move
        try:
            await room.act(client.seat, move, message.version)
        except StaleWriteError:
            raise TableError(STORED_FIRST) from None
    elif isinstance(message, TakeBack):
        try:
            await room.take_back(client.seat, message.version)
        except StaleWriteError:
            raise TableError(STORED_FIRST) from None
    elif isinstance(message, Chat):
        await room.chat(client, message.text, time.time())
    else:
        client.post(Pong().model_dump_json())


async def _hello(room: Room, client: Client, message: Hello) -> None:
    """Seat the connection; it gets the chat and its state, the others a presence message."""
    seat = None
    if message.token:
        seat = room.seat_of_token(hash_token(message.token))
        if seat is None:
            raise TableError(NO_SEAT_FOR_TOKEN)
    client.greet()
    client.lang = message.lang
    chat = [ChatLine(**line.__dict__) for line in room.chat_log]  # kept in memory: no database read
    client.post(ChatHistory(messages=chat).model_dump_json())
    await room.welcome(client, seat)
    room.kick()  # revives bots that stopped on an error


def _mount_client(app: FastAPI, dist: Path) -> None:
    if (dist / "index.html").is_file():
        app.mount("/", StaticFiles(directory=dist, html=True), name="client")
        return

    # Not in the schema: the published API is the same whether or not the client is built.
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def not_built() -> str:
        return (
            "<!doctype html><title>spieltisch</title><p>The browser client is not built. "
            "Run <code>spieltisch/web/build.sh</code> (needs Node.js and npm) and restart the server; "
            "the API is at <a href='/api/docs'>/api/docs</a>.</p>"
        )
