"""Chinese text must show real characters on any machine, not boxes."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from hive_teach.board.mpl import use_cjk_fonts
from hive_teach.core.fonts import FONT_FILE, needed_characters

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_bundled_font_covers_every_chinese_character_the_kit_uses():
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(FONT_FILE)).getBestCmap()
    missing = sorted(ch for ch in needed_characters(ROOT) if ord(ch) not in cmap)
    assert not missing, (
        f"the bundled CJK font lacks {''.join(missing)!r}: run tools/subset_cjk_font.py "
        "(see its docstring)"
    )


def test_matplotlib_draws_chinese_without_missing_glyphs():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    use_cjk_fonts()
    fig, ax = plt.subplots()
    ax.set_title("蜂后 Queen Bee — 甲壳虫 wB1：自由移动规则")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph ... missing from font(s)" is a warning
        fig.canvas.draw()
    plt.close(fig)
