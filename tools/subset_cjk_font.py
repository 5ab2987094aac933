"""Rebuild hive_teach/core/fonts/hive-teach-cjk.ttf: the Chinese characters the kit uses.

The kit ships a small subset of WenQuanYi Micro Hei (Apache-2.0) so that diagrams, worksheets
and widgets show Chinese text on any machine, with no system font installed. When Chinese text
is added (scenarios, notebooks, messages), tests/test_fonts.py fails and names the missing
characters; then run, from the repository root:

    apt-get install fonts-wqy-microhei   # the full font, once
    .venv/bin/pip install fonttools
    .venv/bin/python tools/subset_cjk_font.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
TARGET = ROOT / "hive_teach" / "core" / "fonts" / "hive-teach-cjk.ttf"

sys.path.insert(0, str(ROOT))
from hive_teach.core.fonts import needed_characters  # noqa: E402


def main() -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    chars = needed_characters(ROOT)
    font = TTCollection(str(SOURCE)).fonts[0]
    options = subset.Options()
    options.name_IDs = ["*"]
    options.layout_features = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)))
    subsetter.subset(font)
    # A new family name, so it never shadows a full WenQuanYi font installed on the system.
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = "hive_teach CJK"
        elif record.nameID == 6:
            record.string = "hive_teach-CJK"
    font.save(str(TARGET))
    print(f"{TARGET.relative_to(ROOT)}: {len(chars)} characters, {TARGET.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
