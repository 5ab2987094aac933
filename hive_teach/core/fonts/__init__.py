"""Fonts for Chinese text in diagrams and worksheets, on any machine.

``hive-teach-cjk.ttf`` is a subset of WenQuanYi Micro Hei (Apache-2.0, see LICENSE-wqy.txt)
with exactly the Chinese characters the kit's texts use; ``tools/subset_cjk_font.py`` rebuilds
it. :func:`hive_teach.board.mpl.use_cjk_fonts` makes matplotlib fall back to it for characters
its default font lacks.
"""

from __future__ import annotations

from pathlib import Path

FONT_FILE = Path(__file__).with_name("hive-teach-cjk.ttf")
FAMILY = "hive_teach CJK"


def is_cjk(ch: str) -> bool:
    """Whether a character needs the CJK font (CJK ideographs, punctuation, full-width forms)."""
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFFEF
    )


def needed_characters(root: Path) -> set[str]:
    """Every CJK character in the kit's texts: scenarios, notebooks, the package's messages and
    the rules pages (``docs/zh/rules.md``)."""
    chars: set[str] = set()
    patterns = ["scenarios/**/*.toml", "hive_teach/**/*.py", "hive_teach/**/*.toml",
                "notebooks/**/*.ipynb",
                "notebooks/**/*.toml", "notebooks/**/*.md", "puzzles/**/*.toml", "docs/**/*.md"]
    for pattern in patterns:
        for path in root.glob(pattern):
            chars.update(ch for ch in path.read_text(encoding="utf-8") if is_cjk(ch))
    return chars


def font_face_css() -> str:
    """CSS that lets a web page (JupyterLab, Voilà) show the kit's Chinese text without a
    system font: the bundled font as a data URL, added as the last fallback of JupyterLab's
    content, UI and widget fonts (a character the usual fonts lack comes from it).

    >>> css = font_face_css()
    >>> css.startswith("@font-face") and "--jp-content-font-family" in css
    True
    """
    import base64

    data = base64.b64encode(FONT_FILE.read_bytes()).decode("ascii")
    fallback = f'"{FAMILY}"'
    system = ('system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif, '
              '"Apple Color Emoji", "Segoe UI Emoji"')
    # "block": no boxes while it loads.
    return (
        f"@font-face {{ font-family: {fallback}; font-display: block; "
        f'src: url(data:font/ttf;base64,{data}) format("truetype"); }}\n'
        # On body: the theme sets these on :root, after this style in a Voilà page.
        f"body {{ --jp-content-font-family: {system}, {fallback}; "
        f"--jp-ui-font-family: {system}, {fallback}; "
        f'--jp-code-font-family: Menlo, Consolas, "DejaVu Sans Mono", monospace, {fallback}; '
        "}\n"
        f".jupyter-widgets, .widget-label, .widget-html-content, .jupyter-button, "
        f".widget-dropdown select, .voila-body {{ font-family: {system}, {fallback}; }}\n"
    )


FONT_REFRESH_JS = """(function () {
  // Chrome keeps text it laid out before the font arrived in boxes: lay it out anew once
  // the font is there, and again as the page fills.
  function refresh() {
    document.querySelectorAll("h1, h2, h3, h4, h5, h6, p, li, div, span, button, option")
      .forEach(function (e) {
        if (e.childElementCount === 0 || e.tagName === "P" || e.tagName === "LI") {
          e.style.fontKerning = "none"; void e.offsetWidth; e.style.fontKerning = "";
        }
      });
  }
  document.fonts.load('16px "hive_teach CJK"', "\\u6559").then(refresh);
  document.fonts.addEventListener("loadingdone", refresh);
  [500, 2000, 5000].forEach(function (ms) { setTimeout(refresh, ms); });
})();"""
"""JavaScript for a page that uses :func:`font_face_css` (see there)."""
