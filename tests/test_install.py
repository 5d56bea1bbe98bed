"""The wheel installs and serves outside the checkout: templates, static files and translations included.

The wheel is built from a copy of the sources (no build/ left in the checkout), installed into a fresh
venv in a temporary folder, and served by the ``referee`` command from there. The fresh venv finds the
dependencies through a ``.pth`` line naming this venv's site-packages: a directory added that way has
its own ``.pth`` files ignored, so the editable install's finder, which would import the checkout, is
not there.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

CHECKOUT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "referee", "templates")
# One wheel and one venv for the module: under `make test`'s workers (--dist loadgroup) its tests stay
# on one of them, so both are built once.
pytestmark = pytest.mark.xdist_group("installed-wheel")
FRENCH = "Nouvelle partie"  # "A new game" on the home page, referee/translations/fr/LC_MESSAGES/messages.po


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without what would point Python, pip, coverage or the app elsewhere."""
    dropped = ("PYTHON", "VIRTUAL_ENV", "PIP_", "COV_", "COVERAGE_", "REFEREE_", "FLASK_")
    env = {name: value for name, value in os.environ.items() if not name.startswith(dropped)}
    return {**env, "PYTHONDONTWRITEBYTECODE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", **extra}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        origin = CHECKOUT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))
        else:
            shutil.copy2(origin, source / name)
    # What `make translations` (tools/catalogs.py compile) does before a wheel is built.
    for po in (source / "referee").rglob("translations/*/LC_MESSAGES/*.po"):
        with po.open("rb") as catalog_file:
            catalog = read_po(catalog_file)
        with po.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, catalog)
    dist = tmp_path_factory.mktemp("dist")
    run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", dist, source, cwd=source, env=clean_env(),
    )  # fmt: skip
    (built,) = dist.glob("referee-*.whl")
    return built


def test_the_wheel_holds_every_module_template_static_file_and_catalog(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(name for name in names if name.endswith(".dist-info/entry_points.txt"))
        assert "referee = referee.cli:main" in archive.read(entry_points).decode()
    package = CHECKOUT / "referee"
    expected = {f"referee/{path.relative_to(package).as_posix()}" for path in package.rglob("*.py")}
    expected |= {f"referee/static/{path.name}" for path in (package / "static").iterdir() if path.is_file()}
    expected |= {f"referee/{path.relative_to(package).as_posix()}" for path in package.glob("games/*/static/*")}
    assert "referee/games/hearts/static/round.css" in expected
    expected |= {f"referee/{po.relative_to(package).with_suffix('.mo').as_posix()}" for po in package.rglob("*.po")}
    templates = CHECKOUT / "templates"
    expected |= {f"referee/templates/{path.relative_to(templates).as_posix()}" for path in templates.rglob("*.html")}
    assert "referee/templates/base.html" in expected
    missing = expected - names
    assert not missing, f"missing from the wheel: {sorted(missing)}"
    assert {name.split("/")[0] for name in names} == {"referee", entry_points.split("/")[0]}  # nothing else


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv outside the checkout with the wheel installed; its folder."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=False, symlinks=os.name != "nt")
    python = env_dir / "bin" / "python"
    run(
        sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel,
        cwd=env_dir, env=clean_env(),
    )  # fmt: skip
    # Only now (pip must not see the editable install's metadata): the dependencies, from this venv.
    site_packages = Path(
        run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=env_dir).strip()
    )
    (site_packages / "referee-test-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return env_dir


def test_the_installed_package_is_not_the_checkout(installed: Path) -> None:
    probe = (
        "import sys, referee; "
        "print(referee.__file__); "
        "print(any('editable' in repr(finder).lower() for finder in sys.meta_path))"
    )
    location, editable = run(installed / "bin" / "python", "-c", probe, cwd=installed, env=clean_env()).split()
    assert Path(location).is_relative_to(installed), location
    assert (Path(location).parent / "templates" / "base.html").is_file()
    assert editable == "False"


def get(url: str, **headers: str) -> tuple[int, str]:
    with urlopen(Request(url, headers=headers), timeout=10) as response:
        return response.status, response.read().decode()


@pytest.fixture
def served(installed: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``referee serve`` from the installed venv, on a port the system picks; the address and the instance folder."""
    instance = tmp_path / "instance"
    env = clean_env(REFEREE_INSTANCE_PATH=str(instance), PYTHONUNBUFFERED="1")
    command = installed / "bin" / "referee"
    ready = run(command, "init-db", cwd=tmp_path, env=env)
    assert ready.strip() == f"Database ready: {instance / 'referee.sqlite3'}"
    log_path = tmp_path / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [str(command), "serve", "--host", "127.0.0.1", "--port", "0"],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 20
        while not (found := re.search(r"Serving on (http://127\.0\.0\.1:\d+)", log_path.read_text())):
            assert server.poll() is None, f"referee serve exited:\n{log_path.read_text()}"
            assert time.monotonic() < deadline, f"referee serve did not start:\n{log_path.read_text()}"
            time.sleep(0.05)
        yield found.group(1), instance
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


def test_the_installed_command_serves_pages_games_static_files_and_french(served: tuple[str, Path]) -> None:
    base, instance = served
    assert (instance / "config.py").is_file() and (instance / "referee.sqlite3").is_file()

    status, english = get(base + "/")
    assert status == 200 and FRENCH not in english
    status, french = get(base + "/", **{"Accept-Language": "fr"})
    assert status == 200 and FRENCH in french

    body = json.dumps({"game": "hearts", "players": ["A", "B", "C", "D"]}).encode()
    request = Request(base + "/api/v1/games", data=body, headers={"Content-Type": "application/json"}, method="POST")
    with urlopen(request, timeout=10) as response:
        assert response.status == 201
        game_id = json.load(response)["id"]
    status, table = get(f"{base}/g/{game_id}")
    assert status == 200 and "<html" in table

    status, css = get(base + "/static/style.css")
    assert status == 200 and css.strip()
    status, css = get(base + "/static/hearts/round.css")  # a game's own, from its folder
    assert status == 200 and "[data-game=hearts]" in css
    status, french_table = get(f"{base}/g/{game_id}", **{"Accept-Language": "fr"})
    assert status == 200 and "Passez 3 cartes à gauche" in french_table  # a game's own catalog
