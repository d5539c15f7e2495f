"""`animc lsp` seen by an independent LSP client (pytest-lsp / pygls / lsprotocol)."""

import asyncio

from lsprotocol import types
from lsprotocol.converters import get_converter
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
    remove after 2s
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


# Issue 20 items 7-10, as Neovim sees them.


def reordered(value):
    """Every object's keys in reverse order, as another JSON writer may emit them."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


async def test_quick_fix_listed_once_when_sent_back_in_another_order(neovim_client: LanguageClient):
    client = neovim_client
    open_scene(client)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [diagnostic] = client.diagnostics[URI]
    assert diagnostic.code == "E0106"
    as_sent = get_converter().unstructure(diagnostic)  # the published diagnostic, as JSON
    assert list(as_sent)[0] == "range"
    start = position_of("sec")
    here = {"start": {"line": start.line, "character": start.character + 1}}
    here["end"] = here["start"]
    # The fix (`6sec` -> `6s`), worked out by hand from the scene.
    expected_edit = {
        "range": {
            "start": {"line": start.line, "character": start.character},
            "end": {"line": start.line, "character": start.character + 3},
        },
        "newText": "s",
    }
    for sent_back in (reordered(as_sent), {k: v for k, v in reordered(as_sent).items() if k != "data"}):
        assert list(sent_back)[0] != "range"
        params = {
            "context": {"diagnostics": [sent_back], "triggerKind": 1},
            "range": reordered(here),
            "textDocument": {"uri": URI},
        }
        actions = await client.protocol.send_request_async(types.TEXT_DOCUMENT_CODE_ACTION, params)
        assert [a.title for a in actions] == ["seconds are written `s`"]
        [edit] = actions[0].edit.changes[URI]
        assert edit.range.start == types.Position(**expected_edit["range"]["start"])
        assert edit.range.end == types.Position(**expected_edit["range"]["end"])
        assert edit.new_text == expected_edit["newText"]


async def test_completion_labels_are_insertable_and_plain_without_snippets(neovim_client: LanguageClient):
    client = neovim_client
    text = SCENE + "path p = \n"
    open_scene(client, text)
    line = text.count("\n") - 1
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            position=types.Position(line=line, character=len("path p = ")),
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    assert len(items) > 40
    for item in items:
        # Item 8: the label is a name a client may insert as it stands.
        assert "(" not in item.label and "…" not in item.label, item.label
        # Item 9: no snippets for a client without snippet support.
        assert item.insert_text_format in (None, types.InsertTextFormat.PlainText), item
        assert "$" not in (item.insert_text or ""), item
    by_label = {}
    for item in items:
        by_label.setdefault(item.label, []).append(item)
    [bezier] = by_label["cubicBezier"]
    assert bezier.insert_text == "cubicBezier(x1, y1, x2, y2)"
    assert bezier.label_details.detail == "(x1, y1, x2, y2)"
    assert sorted(i.label_details.detail for i in by_label["spring"]) == [
        "(damping:velocity:)",
        "(duration:bounce:)",
        "(mass:stiffness:damping:velocity:)",
        "(response:dampingFraction:)",
    ]
    assert {i.insert_text for i in by_label["spring"]} >= {"spring(damping: 0.6, velocity: 0)"}

    timing = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=position_of("timing easeIn", 7)
        )
    )
    labels = {i.label for i in timing.items}
    assert {"pop", "easeIn", "cubicBezier", "steps", "spring"} <= labels


async def test_formatting_a_broken_document_says_why(neovim_client: LanguageClient):
    client = neovim_client
    broken = "node a = circle(4) {\n  fill  #FF0000\n"
    open_scene(client, broken)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert edits is None or list(edits) == []
    for _ in range(100):
        if client.messages:
            break
        await asyncio.sleep(0.01)
    [shown] = client.messages
    assert shown.type == types.MessageType.Warning
    # The unclosed `{` is line 1, column 20 ("node a = circle(4) " is 19 characters).
    assert "1:20" in shown.message and "unclosed" in shown.message, shown.message
