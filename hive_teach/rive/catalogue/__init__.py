"""Rive's explanations as sentences: one template catalogue per language, keyed by kind.

The templates name the facts of :data:`hive_teach.rive.rules.KINDS`;
:func:`hive_teach.rive.i18n.render` fills them in.
"""

from __future__ import annotations

from pathlib import Path

from hive_teach.core.i18n import LANGUAGES, Catalogue, load_catalogue

CATALOGUES: dict[str, Catalogue] = {
    lang: load_catalogue(Path(__file__).with_name(f"{lang}.toml")) for lang in LANGUAGES}
"""The catalogue of each language, from its file ``en.toml``, ``de.toml``, ``zh.toml`` beside
this module (data a translator edits, no code)."""

__all__ = ["CATALOGUES"]
