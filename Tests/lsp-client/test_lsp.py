"""`animc lsp` seen by an independent LSP client (pytest-lsp / pygls / lsprotocol)."""

import asyncio

from lsprotocol import types
from pytest_lsp import LanguageClient

URI = "file:///tmp/pytest-scene.anim"
SCENE = """\
timing pop = spring(damping: 0.6, velocity: 0.8)

node button = circle(40) {
  fill #007AFF
  animate x to 5 over 6sec timing easeIn
}

emitter likes {
  on tap button
  spawn heart(36) {
    animate scale from 0 to 1 over 0.5s timing pop
  }
}
"""


def position_of(needle: str, plus: int = 0) -> types.Position:
    for line, text in enumerate(SCENE.split("\n")):
        column = text.find(needle)
        if column >= 0:
            return types.Position(line=line, character=column + plus)
    raise ValueError(needle)


def open_scene(client: LanguageClient, text: str = SCENE, uri: str = URI) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="anim", version=1, text=text)
        )
    )


async def test_initialize(client: LanguageClient):
    result = client.initialize_result
    caps = result.capabilities
    assert result.server_info is not None and result.server_info.name == "animc"
    assert caps.position_encoding in (types.PositionEncodingKind.Utf16, "utf-16")
    assert caps.hover_provider
    assert caps.definition_provider
    assert caps.references_provider
    assert caps.document_symbol_provider
    assert caps.completion_provider is not None
    sync = caps.text_document_sync
    assert sync.change == types.TextDocumentSyncKind.Incremental


async def test_diagnostics(client: LanguageClient):
    open_scene(client)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    items = client.diagnostics[URI]
    assert [d.code for d in items] == ["E0106"]
    assert items[0].severity == types.DiagnosticSeverity.Error
    assert items[0].range.start == position_of("sec")
    # Fix it with an incremental change; the diagnostics clear.
    start = position_of("sec")
    end = types.Position(line=start.line, character=start.character + 3)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="s")
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []


async def test_hover(client: LanguageClient):
    open_scene(client)
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of("easeIn", 2))
    )
    assert result is not None
    assert "cubicBezier(0.42, 0, 1, 1)" in result.contents.value
    declared = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of("tap button", 6))
    )
    assert "node button = circle(40)" in declared.contents.value


async def test_completion(client: LanguageClient):
    text = SCENE + "path p = parabola(from: (0, 0), to: (1, 1), height: 3, type: .)\n"
    open_scene(client, text)
    line = text.count("\n") - 1
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            position=types.Position(line=line, character=len("path p = parabola(from: (0, 0), to: (1, 1), height: 3, type: .")),
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    assert sorted(i.label for i in items) == ["downUp", "up", "upDown"]

    timing = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=position_of("timing easeIn", 7)
        )
    )
    labels = {i.label for i in timing.items}
    assert {"pop", "linear", "easeIn", "easeOut", "easeInOut"} <= labels


async def test_definition(client: LanguageClient):
    open_scene(client)
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of("timing pop", 8))
    )
    location = result[0] if isinstance(result, list) else result
    assert location.uri == URI
    assert location.range.start == types.Position(line=0, character=7)
    assert location.range.end == types.Position(line=0, character=10)
