"""Rive's explanations as sentences: one template catalogue per language, keyed by kind.

The templates name the facts of :data:`hive_teach.rive.rules.KINDS`;
:func:`hive_teach.rive.i18n.render` fills them in.
"""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue
from hive_teach.rive.catalogue import de, en, zh

CATALOGUES: dict[str, Catalogue] = {"en": en.CATALOGUE, "de": de.CATALOGUE, "zh": zh.CATALOGUE}
"""The catalogue of each language."""

__all__ = ["CATALOGUES"]
