"""The kit's own rules page, for learners, in every language of the kit, and look-ups into it.

One source per language: ``docs/rules.md`` (English), ``docs/de/rules.md``,
``docs/zh/rules.md``, shipped in the package (:func:`rules_page`). Every rule id the engines
cite (R0-R20 for Hive, V1-V7 for Rive) has a section on each page headed ``### R7: <title>``,
so a message's "(R7)" can be resolved offline, from a clone or an installed kit:
:func:`rule_section` gives the section's text, :func:`rule_title` its title and
:func:`rule_anchor` the anchor of its heading, the same on every language's page (the German
and Chinese pages carry it on an ``<a id>`` line above the heading).

>>> rule_title("R7")
'Freedom to move on the ground'
>>> rule_anchor("V3")
'v3-isolated-stones-first'
>>> rule_section("R12").splitlines()[0]
'### R12: Spider'
>>> rule_section("R12", "zh").splitlines()[0]
'### R12: 蜘蛛'
>>> rule_title("R99")
Traceback (most recent call last):
...
KeyError: "no rule 'R99' on the rules page: ids are R0-R20 (Hive) and V1-V7 (Rive)"
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from hive_teach.core.i18n import check_language

RULES_PAGE = Path(__file__).with_name("rules.md")
"""The English rules page inside the package (in a checkout, a link to ``docs/rules.md``)."""

_HEADING = re.compile(r"^### ([RV]\d+): (.+)$", re.M)
ANCHOR_LINE = re.compile(r'^<a id="([\w-]+)"></a>\n', re.M)
"""The line above a rule's heading on the German and Chinese pages that gives it the English
page's anchor."""


def rules_page(lang: str = "en") -> Path:
    """The rules page of ``lang`` inside the package (in a checkout, a link to
    ``docs/rules.md``, ``docs/de/rules.md``, ``docs/zh/rules.md``).

    >>> rules_page("de").name, rules_page("de").read_text(encoding="utf-8").splitlines()[0]
    ('rules.de.md', '# Die Regeln von Hive und Rive')
    >>> rules_page("fr")
    Traceback (most recent call last):
    ...
    ValueError: language 'fr' is not available; choose one of en, de, zh
    """
    lang = check_language(lang)
    return RULES_PAGE if lang == "en" else RULES_PAGE.with_name(f"rules.{lang}.md")


@cache
def _sections(lang: str = "en") -> dict[str, tuple[str, str]]:
    """Each rule id's title and section text (its heading down to the next heading)."""
    text = ANCHOR_LINE.sub("", rules_page(lang).read_text(encoding="utf-8"))
    heads = list(_HEADING.finditer(text))
    out: dict[str, tuple[str, str]] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        nxt = re.search(r"^#{1,3} ", text[m.end():end], re.M)
        stop = m.end() + nxt.start() if nxt else end
        out[m.group(1)] = (m.group(2).strip(), text[m.start():stop].rstrip() + "\n")
    return out


def rule_ids() -> list[str]:
    """Every rule id on the page, in page order."""
    return list(_sections())


def _get(rule: str, lang: str = "en") -> tuple[str, str]:
    try:
        return _sections(lang)[str(getattr(rule, "value", rule))]
    except KeyError:
        raise KeyError(f"no rule {str(rule)!r} on the rules page: ids are R0-R20 (Hive) and "
                       "V1-V7 (Rive)") from None


TITLES = Path(__file__).with_name("rule_titles.toml")
"""The rules' titles in German and Chinese (English: the page's headings)."""


@cache
def _titles() -> dict[str, dict[str, str]]:
    import tomllib

    with TITLES.open("rb") as f:
        return {lang: dict(table) for lang, table in tomllib.load(f).items()}


def rule_title(rule: str, lang: str = "en") -> str:
    """The short title of rule ``rule`` (``"R7"``, or a rule enum member) in ``lang``.

    >>> rule_title("R7", "de"), rule_title("R7", "zh")
    ('Bewegungsfreiheit auf dem Boden', '在地面上的移动自由')
    """
    title = _get(rule)[0]
    if lang == "en":
        return title
    return _titles()[check_language(lang)][str(getattr(rule, "value", rule))]


def rule_section(rule: str, lang: str = "en") -> str:
    """The section on ``rule`` of the rules page of ``lang``, as Markdown, heading included."""
    return _get(rule, check_language(lang))[1]


def rule_anchor(rule: str) -> str:
    """The anchor GitHub-style renderers give the rule's heading (``#`` not included)."""
    heading = f"{rule}: {rule_title(rule)}".lower()
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def _html_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading's HTML text."""
    import html

    text = re.sub(r"<[^>]+>", "", html.unescape(heading)).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def rules_body(lang: str = "en") -> str:
    """The rules page of ``lang`` as HTML (its body, for a page around it): each rule's
    heading has the rule id as its anchor (``#R7``) and, inside, the anchor of the English
    page's heading (``#r7-freedom-to-move-on-the-ground``), in every language, so a link
    with either lands on the rule. The examples' ```` ```hive ```` blocks (scenario files
    for the test suite) are left out. Needs mistune (Voilà and the classroom bring it).

    >>> body = rules_body("de")
    >>> '<h3 id="R7"><a id="r7-freedom-to-move-on-the-ground"></a>R7: Bewegungsfreiheit' in body
    True
    >>> body.count('<h3 id="R'), body.count('<h3 id="V'), "[position.stacks]" in rules_body()
    (21, 7, False)
    """
    import mistune

    lang = check_language(lang)
    known = set(rule_ids())

    class Renderer(mistune.HTMLRenderer):
        def heading(self, text: str, level: int, **attrs: object) -> str:
            rule = text.split(":", 1)[0]
            if level == 3 and rule in known:
                return f'<h3 id="{rule}"><a id="{rule_anchor(rule)}"></a>{text}</h3>\n'
            return f'<h{level} id="{_html_anchor(text)}">{text}</h{level}>\n'

        def block_code(self, code: str, info: str | None = None) -> str:
            # A ```hive block is the example as a scenario file, for the test suite and
            # authors (pytest --hive): code the learner does not need to see.
            if info == "hive":
                return ""
            # Wider than a phone: it scrolls, and a keyboard can reach it to scroll it.
            return str(super().block_code(code, info)).replace("<pre>", '<pre tabindex="0">', 1)

    render = mistune.create_markdown(renderer=Renderer(escape=False), plugins=["table"])
    # The <a id> lines of the German and Chinese pages: the heading gets that anchor above.
    body = str(render(ANCHOR_LINE.sub("", rules_page(lang).read_text(encoding="utf-8"))))
    # A table wider than a phone scrolls in its own box, which a keyboard can reach.
    body = body.replace("<table>", '<div class="table-scroll" tabindex="0"><table>').replace(
        "</table>", "</table></div>")
    missing = [r for r in rule_ids() if f'<a id="{rule_anchor(r)}">' not in body]
    if missing:  # the page and the lessons' links must agree on every anchor
        raise ValueError(f"the {lang} rules page lost the anchors of {missing}")
    return body
