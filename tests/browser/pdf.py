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
