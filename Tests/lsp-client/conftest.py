"""pytest-lsp fixtures: an independent client (pygls + lsprotocol) for `animc lsp`.

The server binary comes from $ANIMC, default `.build/debug/animc` relative to the
package root (two directories up from this file).
"""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import register_lsp_features

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


def raw_params_converter():
    """pygls's converter, except that `CodeActionParams` given as a plain dict are sent
    as written: the only way to send a diagnostic back with its keys in another order
    than lsprotocol's, as Neovim does."""
    converter = default_converter()
    base = converter.get_unstructure_hook(types.CodeActionParams)
    converter.register_unstructure_hook(
        types.CodeActionParams, lambda params: params if isinstance(params, dict) else base(params)
    )
    return converter


def make_raw_client() -> LanguageClient:
    client = LanguageClient(converter_factory=raw_params_converter)
    register_lsp_features(client)
    return client


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[ANIMC, "lsp"], client_factory=make_raw_client))
async def neovim_client(lsp_client: LanguageClient):
    """Neovim's capabilities with `snippetSupport: false`, as with a completion plugin
    that cannot expand snippets; its code-action requests may carry raw JSON."""
    capabilities = client_capabilities("neovim")
    capabilities.text_document.completion.completion_item.snippet_support = False
    params = types.InitializeParams(
        capabilities=capabilities, initialization_options={"debounceMilliseconds": 20}
    )
    lsp_client.initialize_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()
