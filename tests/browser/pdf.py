"""Reading back what Chromium printed to PDF, with poppler's ``pdfinfo``, ``pdftotext`` and ``pdftoppm``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

needs_poppler = pytest.mark.skipif(
    not (shutil.which("pdftotext") and shutil.which("pdfinfo") and shutil.which("pdftoppm")),
    reason="poppler-utils (pdftotext, pdfinfo, pdftoppm) is not installed",
)


def info(pdf: Path) -> tuple[int, tuple[int, int]]:
    """The number of pages of a PDF and the size of its pages in points (rounded down)."""
    told = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = re.search(r"^Pages:\s+(\d+)", told, flags=re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", told, flags=re.M)
    assert pages and size, told
    return int(pages.group(1)), (int(float(size.group(1))), int(float(size.group(2))))


def pages_of(pdf: Path) -> int:
    return info(pdf)[0]


def text_of(pdf: Path) -> str:
    """The PDF's text laid out as on the page, pages apart by form feeds."""
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def snapshot(pdf: Path, png: Path) -> None:
    """The first page as a small PNG (``png`` without its suffix), for a person to look at."""
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(png)], check=True
    )
    assert png.with_suffix(".png").stat().st_size > 0


DARKNESS = bytes(1 if gray < 128 else 0 for gray in range(256))


def side_lines(pdf: Path) -> tuple[int, int]:
    """How long (in pixels at 100 dpi) the vertical lines are at the far left and the far right of the first
    page's ink: the left-hand and right-hand borders of its tables and boxes, cut off when one is missing."""
    pgm = subprocess.run(
        ["pdftoppm", "-gray", "-r", "100", "-f", "1", "-l", "1", "-singlefile", str(pdf)],
        capture_output=True,
        check=True,
    ).stdout
    magic, width, height, _depth, pixels = pgm.split(maxsplit=4)
    assert magic == b"P5"
    columns, rows = int(width), int(height)
    # One byte a pixel, 1 where dark: a column is then a slice, counted in C (a page is a million pixels).
    dark = pixels[: columns * rows].translate(DARKNESS)
    inked = [column for column in range(columns) if 1 in dark[column::columns]]

    def line_at(edge: int, inward: int) -> int:
        """The most dark pixels down any of the three columns from ``edge`` inwards."""
        return max(dark[edge + inward * step :: columns].count(1) for step in range(3))

    return line_at(inked[0], 1), line_at(inked[-1], -1)
