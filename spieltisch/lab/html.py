"""Reports as blocks, written both as report.md and as a self-contained report.html.

A report is a list of blocks (headings, paragraphs, code, tables, images);
`markdown` and `html_page` write the same blocks two ways. The HTML page
carries its charts inline (base64 PNG) and its styles, so it opens anywhere
as one file, and it ends with the command that made it and the versions.
"""

from __future__ import annotations

import base64
import html
import platform
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Items:
    """A bulleted list."""

    items: list[str]


@dataclass(frozen=True)
class Code:
    text: str


@dataclass(frozen=True)
class TableBlock:
    header: list[str]
    rows: list[list[str]]
    bold_rows: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Image:
    """A PNG beside the report, by file name."""

    name: str
    alt: str


Block = Heading | Text | Items | Code | TableBlock | Image


def versions() -> str:
    """The versions a result depends on: spieltisch, Python and the numeric libraries."""
    parts = [f"Python {platform.python_version()}"]
    for package in ("spieltisch", "numpy", "scipy", "matplotlib"):
        try:
            parts.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{package} (not installed)")
    return ", ".join(parts)


def markdown(blocks: list[Block]) -> str:
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            lines.append("#" * block.level + " " + block.text)
        elif isinstance(block, Text):
            lines.append(block.text)
        elif isinstance(block, Items):
            lines += [f"- {item}" for item in block.items]
        elif isinstance(block, Code):
            lines += ["```", block.text, "```"]
        elif isinstance(block, TableBlock):
            lines += [_md_row(block.header), _md_row(["---"] * len(block.header))]
            for number, row in enumerate(block.rows):
                bold = number in block.bold_rows
                lines.append(_md_row([f"**{cell}**" if bold and cell else cell for cell in row]))
        else:
            lines.append(f"![{block.alt}]({block.name})")
        lines.append("")
    return "\n".join(lines)


def _md_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th { background: #f2f2f2; } td:first-child, th:first-child { text-align: left; }
tr.bold td { font-weight: bold; }
pre { background: #f6f6f6; padding: 0.6rem; overflow-x: auto; }
img { max-width: 100%; height: auto; display: block; margin: 0.5rem 0 1.5rem; }
footer { color: #666; font-size: 0.85rem; border-top: 1px solid #ddd; margin-top: 2rem; }
"""


def html_page(blocks: list[Block], title: str, folder: Path, command: str) -> str:
    """One HTML file: the blocks, the images from `folder` inline, the command and the versions."""
    body = [_html_block(block, folder) for block in blocks]
    footer = (
        f"<p>Command: <code>{html.escape(command or 'not recorded')}</code><br>{html.escape(versions())}</p>"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + f"\n<footer>{footer}</footer>\n</body>\n</html>\n"
    )


def _html_block(block: Block, folder: Path) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{html.escape(block.text)}</h{block.level}>"
    if isinstance(block, Text):
        return f"<p>{_inline(block.text)}</p>"
    if isinstance(block, Items):
        return "<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in block.items) + "</ul>"
    if isinstance(block, Code):
        return f"<pre>{html.escape(block.text)}</pre>"
    if isinstance(block, TableBlock):
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in block.header)
        rows = []
        for number, row in enumerate(block.rows):
            cells = "".join(f"<td>{html.escape(cell)}</td>" for cell in row)
            mark = ' class="bold"' if number in block.bold_rows else ""
            rows.append(f"<tr{mark}>{cells}</tr>")
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    data = base64.b64encode((folder / block.name).read_bytes()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(block.alt)}">'


def _inline(text: str) -> str:
    """Markdown's **bold** as <b>, everything else escaped."""
    parts = html.escape(text).split("**")
    return "".join(f"<b>{part}</b>" if number % 2 else part for number, part in enumerate(parts))


def write_reports(blocks: list[Block], title: str, folder: Path, command: str) -> None:
    """report.md (images as files beside it) and report.html (everything inline)."""
    (folder / "report.md").write_text(markdown(blocks), encoding="utf-8")
    (folder / "report.html").write_text(html_page(blocks, title, folder, command), encoding="utf-8")
