"""A whole editor session with `tally lsp`, driven by pytest-lsp (pygls): initialize,
open a budget with a mistake, its diagnostics, hover, formatting, shutdown and exit.

pygls frames every message with a `Content-Type` header after `Content-Length`, so this
also checks that the server reads real clients' framing.
"""

import asyncio
import subprocess

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import TALLY

# `Fnu` is a misspelt category (E0401); the spacing is not the formatter's.
BUDGET = (
    "currency EUR\n"
    "wallet Checking bank opening 100.00 on 2026-01-01\n"
    "wallet Anna-cash cash opening 20.00 on 2026-01-01\n"
    "expense Fun\n"
    "2026-11-02 Checking   Fnu -5.00\n"
    "2026-11-03 Anna-cash Fun    -2.50\n"
)


def offset(text: str, position: types.Position) -> int:
    """The offset of an LSP position in ASCII text (UTF-8 and UTF-16 agree there)."""
    lines = text.split("\n")
    return sum(len(line) + 1 for line in lines[: position.line]) + position.character


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Applies text edits, last first so earlier offsets stay valid."""
    for edit in sorted(edits, key=lambda e: offset(text, e.range.start), reverse=True):
        text = text[: offset(text, edit.range.start)] + edit.new_text + text[offset(text, edit.range.end) :]
    return text


async def test_a_whole_session(client: LanguageClient, tmp_path):
    path = tmp_path / "budget.tally"
    path.write_text(BUDGET)
    uri = path.as_uri()

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="tally", version=1, text=BUDGET)
        )
    )
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
    diagnostics = client.diagnostics[uri]
    assert [d.code for d in diagnostics] == ["E0401"]
    assert diagnostics[0].range.start == types.Position(line=4, character=22)
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error

    # Hover on `Anna-cash` in its last entry: the name as written (no `Anna\-cash`) and
    # the balance after the entry, 20.00 - 2.50 = 17.50.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=13))
    )
    assert hover is not None
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value.startswith("**Anna-cash** · cash wallet"), hover.contents.value
    assert "Balance after this entry: **17.50 EUR**" in hover.contents.value

    # Formatting gives what `tally fmt -` writes, and changes only whitespace.
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert edits, "the budget is not formatted, so there are edits"
    assert all(edit.new_text.strip() == "" for edit in edits)
    formatted = subprocess.run([TALLY, "fmt", "-"], input=BUDGET, capture_output=True, text=True, check=False)
    assert formatted.stdout != BUDGET
    assert apply(BUDGET, edits) == formatted.stdout

    await client.shutdown_session()
    assert client._server is not None
    assert client._server.returncode == 0, "exit after shutdown is status 0"
