"""The pytest-lsp client for `tally lsp`: a real third-party LSP client (pygls).

The server is the binary named by TALLY_BINARY (the XCTest passes the one it built);
`tally` on PATH otherwise.
"""

import asyncio
import os

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

TALLY = os.environ.get("TALLY_BINARY") or "tally"

# A server that does not answer `initialize` (it lost the message) fails the test
# instead of hanging it.
INITIALIZE_TIMEOUT = 20


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TALLY, "lsp", "--debounce", "0"]))
async def client(lsp_client: LanguageClient):
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        ),
    )
    try:
        try:
            await asyncio.wait_for(
                lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities)),
                INITIALIZE_TIMEOUT,
            )
        except asyncio.TimeoutError:
            raise AssertionError(
                f"`tally lsp` did not answer initialize within {INITIALIZE_TIMEOUT} s (pygls frames it with "
                "Content-Length, then Content-Type)"
            ) from None
        yield
    finally:
        await end(lsp_client)


async def end(lsp_client: LanguageClient):
    """Shuts the server down if the test did not, and kills it if it will not go, so that
    pytest-lsp's teardown (which waits for the server) cannot hang."""
    server = lsp_client._server
    if server is None or server.returncode is not None:
        return
    try:
        await asyncio.wait_for(lsp_client.shutdown_session(), 10)
    except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - any failure ends in a kill
        pass
    if server.returncode is None:
        server.kill()
        await server.wait()
