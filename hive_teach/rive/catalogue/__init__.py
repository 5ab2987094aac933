"""Rive's explanations as sentences: one template catalogue per language, keyed by kind.

The templates name the facts of :data:`hive_teach.rive.rules.KINDS`;
:func:`hive_teach.rive.i18n.render` fills them in.
"""

from __future__ import annotations

from hive_teach.core.i18n import LANGUAGES, Catalogue, catalogue

CATALOGUES: dict[str, Catalogue] = {lang: catalogue("rive", lang) for lang in LANGUAGES}
"""The catalogue of each language, from its file ``locale/<lang>/rive.toml`` (data a
translator edits, no code)."""

__all__ = ["CATALOGUES"]
