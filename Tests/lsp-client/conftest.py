"""pytest-lsp fixtures: an independent client (pygls + lsprotocol) for `animc lsp`.

The server binary comes from $ANIMC, default `.build/debug/animc` relative to the
package root (two directories up from this file).
"""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
ANIMC = os.environ.get("ANIMC", str(ROOT / ".build" / "debug" / "animc"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[ANIMC, "lsp"]))
async def client(lsp_client: LanguageClient):
    # VS Code's capabilities: snippets and markdown, so the server's items pass
    # pytest-lsp's checks against what the client claims to support.
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"debounceMilliseconds": 20},
    )
    lsp_client.initialize_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()
