"""The package says one version and one license: the Cargo workspace's, everywhere."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path
from typing import Any

import cardcore

ROOT = Path(__file__).resolve().parent.parent


def _toml(name: str) -> dict[str, Any]:
    with (ROOT / name).open("rb") as file:
        return tomllib.load(file)


def test_the_version_is_the_cargo_workspace_version() -> None:
    cargo = _toml("Cargo.toml")["workspace"]["package"]["version"]
    assert cardcore.__version__ == cargo
    # The installed distribution's metadata, written by maturin from the same field. (A
    # pre-release would be spelled differently by Cargo and PEP 440: 0.2.0-rc.1, 0.2.0rc1.)
    assert importlib.metadata.version("cardcore") == cargo


def test_the_license_is_declared_once_for_both_ecosystems() -> None:
    cargo = _toml("Cargo.toml")["workspace"]["package"]["license"]
    project = _toml("pyproject.toml")["project"]
    assert cargo == project["license"] == "MIT OR Apache-2.0"
    assert importlib.metadata.metadata("cardcore")["License-Expression"] == cargo
    assert sorted(path.name for path in ROOT.glob("LICENSE-*")) == [
        "LICENSE-APACHE",
        "LICENSE-MIT",
    ]
    assert not any(c.startswith("License ::") for c in project["classifiers"])


# How each game is named in prose; its keys must be exactly cardcore.GAMES, so a new game
# fails here until every list below names it.
DISPLAY_NAMES = {
    "brouc": "Brouc",
    "julien": "Le Julien",
    "tarot": "French Tarot",
    "five_hundred": "500",
    "jolly": "Jolly",
}


def test_every_list_of_the_games_names_each_game() -> None:
    assert sorted(DISPLAY_NAMES) == sorted(cardcore.GAMES)
    project = _toml("pyproject.toml")["project"]
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    site_description = next(
        line for line in mkdocs.splitlines() if line.startswith("site_description:")
    )
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    tutorial = (ROOT / "docs" / "tutorial" / "index.md").read_text(encoding="utf-8")
    for game, display in DISPLAY_NAMES.items():
        assert display in project["description"], game
        assert display in site_description, game
        assert game.replace("five_hundred", "500") in project["keywords"], game
        assert f"`cardcore.{game}`" in protocol, game
        for page in (protocol, home, tutorial):
            assert f"rules/{game}.md)" in page, game
        assert f"[{display}](" in home, game
        assert f"rules/{game}.md" in mkdocs, game
        assert f"api/{game}.md" in mkdocs, game
