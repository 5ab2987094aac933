"""The words the boards and worksheets show, in every language of the kit, and the machinery
that writes a sentence from a template in any of them.

Every learner-facing word lives in a catalogue file, one folder per language:
``hive_teach/locale/<lang>/<topic>.toml`` (``core.toml``: the boards' words, the bug names,
the sides and the grammar; ``hive.toml``: Hive's explanations; ``editor.toml``, ``puzzle.toml``,
...). The languages are the folders (:data:`LANGUAGES`); docs/languages.md says what a new one
takes. Terms follow the table at the end of RULES.md, so text, widgets and diagrams agree.

>>> t("your_turn", "de", side=side_name(0, "de"))
'Weiß ist am Zug.'
>>> bug_name("A", "zh")
'兵蚁'

Every template has one placeholder syntax, written by :func:`fill`: ``{name}`` (``str.format``
without conversions), with values that are already neutral: names of pieces and cells as
text, numbers, lists of names, and bug types as :class:`BugName` (so that German can put the
right article in front). What a number or a list says depends on the format spec:
``{n:Feld/Felder}`` picks the word by the number (one/many), ``{cut:wird/werden}`` by the
length of the list; a bug is ``{bug:ein}`` ("eine Spinne"), ``{bug:a}`` ("a Spider") or
``{bug:subj}``, the subject of a sentence, which becomes a pronoun where a Mosquito's lead has
just named the bug.

>>> fill("{cut} {cut:wird/werden} getrennt", {"cut": ("bQ", "bS1")}, "de")
'bQ und bS1 werden getrennt'
>>> fill("{bug:Ein} zieht {n} {n:Feld/Felder}", {"bug": BugName("S"), "n": 1}, "de")
'Eine Spinne zieht 1 Feld'
>>> finish(fill("移动 {mover} 会把 {cut} 分开", {"mover": "wS1", "cut": ("bQ", "bA1")}, "zh"),
...        "R6", "zh")
'移动 wS1 会把 bQ、bA1 分开。(R6)'

Sentences follow each other by :func:`join_sentences`: a space in English and German, none
after a Chinese full stop.

>>> join_sentences([t("played", "zh", move="wS1"), t("engine_played", "zh", move="bS1 wS1-")],
...                "zh")
'已走：wS1。电脑应着：bS1 wS1-。'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from string import Formatter

LOCALE = Path(__file__).resolve().parent.parent / "locale"
"""The catalogue files: one folder per language, ``<lang>/<topic>.toml`` in each."""

FALLBACK = "en"
"""The language whose catalogues are complete by definition: a word another language lacks
is said in it (the tests fail on any such gap in the kit's own catalogues)."""


def _languages() -> tuple[str, ...]:
    found = sorted(p.parent.name for p in LOCALE.glob("*/core.toml"))
    if FALLBACK not in found:
        raise RuntimeError(f"{LOCALE}: no {FALLBACK}/core.toml, the catalogue every language "
                           "falls back to")
    return (FALLBACK, *[lang for lang in found if lang != FALLBACK])


LANGUAGES: tuple[str, ...] = _languages()
"""The languages of the kit: the folders of :data:`LOCALE` with a ``core.toml``, English first
(``("en", "de", "zh")``)."""

TABLES_PER_LANGUAGE = frozenset({"language", "articles", "genders"})
"""The tables of a catalogue whose keys belong to its language's grammar (German articles,
the genders of its bug names), so another language need not have the same keys."""


def check_language(lang: str) -> str:
    """Return ``lang`` if supported, else raise a ValueError naming the choices."""
    if lang not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise ValueError(f"language {lang!r} is not available; choose one of {choices}")
    return lang


# ----------------------------------------------------------------------------- catalogues
@dataclass(frozen=True)
class Catalogue:
    """The texts of one catalogue file (one topic in one language), by table.

    For an explanation catalogue, ``templates`` are keyed by the kind of reason (``"gate"``, or
    ``"gate/pocket"`` for one of its cases), ``leads`` lead into another sentence, which they
    name ``{inner}`` (how a Mosquito copies, before the copied bug's reason), and ``phrases``
    are the words some facts stand for (``"how/moved"``, ``"level/ground"``). Templates have
    no final full stop: :func:`finish` adds it, and the rule id. Every table, these and the
    others (``messages``, ``labels``, ``bugs``, ...), is in :attr:`tables`.
    """

    lang: str
    templates: Mapping[str, str]
    leads: Mapping[str, str] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)
    tables: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def table(self, name: str) -> Mapping[str, str]:
        """The table ``name`` (empty if the file has none)."""
        return self.tables.get(name, {})


def check_template(text: str, where: str = "") -> str:
    """``text`` if it is a template :func:`fill` can write (``{name}`` or ``{name:spec}``,
    braces doubled for a brace), else a ValueError naming ``where`` and the fault.

    >>> check_template("{n} {n:cell/cells}")
    '{n} {n:cell/cells}'
    >>> check_template("{name!r} is no piece", "editor.toml: bad_piece")
    Traceback (most recent call last):
    ...
    ValueError: editor.toml: bad_piece: {name!r}: a placeholder is {name} or {name:spec}, \
without !r, !s, attributes or indexes
    """
    try:
        parts = list(Formatter().parse(text))
    except ValueError as e:
        raise ValueError(f"{where}: {e} in {text!r}") from None
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if conversion or not name.isidentifier() or "{" in (spec or ""):
            shown = "{" + name + (f"!{conversion}" if conversion else "") + (
                f":{spec}" if spec else "") + "}"
            raise ValueError(f"{where}: {shown}: a placeholder is {{name}} or {{name:spec}}, "
                             "without !r, !s, attributes or indexes")
    return text


def load_catalogue(path: Path) -> Catalogue:
    """The catalogue in the TOML file ``path``: ``lang``, then tables of texts (``templates``,
    ``leads``, ``phrases``, ``messages``, ...), each text a template (:func:`check_template`);
    a file that is not so raises ``ValueError`` naming the file and the key.

    >>> from hive_teach.hive.catalogue import CATALOGUES
    >>> CATALOGUES["de"].templates["game-over"]
    'Die Partie ist schon vorbei ({result}), es darf kein Zug mehr gespielt werden'
    """
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    lang = data.pop("lang", None)
    if lang not in LANGUAGES:
        raise ValueError(f"{path}: lang = {lang!r} is not one of {', '.join(LANGUAGES)}")
    tables: dict[str, dict[str, str]] = {}
    for table, items in data.items():
        if not isinstance(items, dict) or not all(
                isinstance(v, str) for v in items.values()):
            raise ValueError(f"{path}: [{table}] must map keys to texts")
        for key, text in items.items():
            check_template(text, f"{path}: [{table}] {key}")
        tables[table] = items
    return Catalogue(lang, tables.get("templates", {}), tables.get("leads", {}),
                     tables.get("phrases", {}), tables)


def catalogue_path(topic: str, lang: str) -> Path:
    """Where the catalogue of ``topic`` in ``lang`` is: ``locale/<lang>/<topic>.toml``."""
    return LOCALE / lang / f"{topic}.toml"


@cache
def catalogue(topic: str, lang: str) -> Catalogue:
    """The catalogue of ``topic`` (``"core"``, ``"hive"``, ``"editor"``, ...) in ``lang``,
    read once; a language without that file has an empty one (its words fall back to
    English).

    >>> catalogue("editor", "de").table("labels")["clear"]
    'Leeren'
    """
    path = catalogue_path(topic, check_language(lang))
    if not path.exists() and lang != FALLBACK:
        return Catalogue(lang, {})
    return load_catalogue(path)


def catalogues(topic: str) -> dict[str, Catalogue]:
    """The catalogue of ``topic`` in each language, by language."""
    return {lang: catalogue(topic, lang) for lang in LANGUAGES}


class Words:
    """The texts of one table (``messages``, ``labels``, ...) of one topic's catalogues, in
    every language, written by :func:`fill`.

    >>> labels = Words("analysis", "labels")
    >>> labels("why", "zh"), labels.by_language("file")["de"]
    ('为什么（不）？', 'Datei')
    >>> Words("analysis")("step", "en", n=3, total=9, move="wQ -wS1")
    'Move 3 of 9: wQ -wS1.'
    """

    def __init__(self, topic: str, table: str = "messages") -> None:
        self.topic, self.table = topic, table

    def text(self, key: str, lang: str = "en") -> str:
        """The template ``key`` in ``lang`` (in English if that language lacks it)."""
        own = catalogue(self.topic, lang).table(self.table)
        if key in own:
            return own[key]
        english = catalogue(self.topic, FALLBACK).table(self.table)
        if key not in english:
            raise KeyError(f"{catalogue_path(self.topic, FALLBACK)} has no [{self.table}] "
                           f"{key!r}")
        return english[key]

    def __call__(self, key: str, lang: str = "en", **values: object) -> str:
        """The text ``key`` in ``lang``, filled in with ``values``."""
        return fill(self.text(key, lang), values, lang)

    def keys(self) -> list[str]:
        """The keys of the table (the English catalogue's)."""
        return list(catalogue(self.topic, FALLBACK).table(self.table))

    def by_language(self, key: str) -> dict[str, str]:
        """The text ``key`` in each language (unfilled), by language."""
        return {lang: self.text(key, lang) for lang in LANGUAGES}

    def mapping(self) -> dict[str, dict[str, str]]:
        """Every key's text in each language: ``{key: {lang: text}}``."""
        return {key: self.by_language(key) for key in self.keys()}


_CORE = Words("core")
_BUGS = Words("core", "bugs")
_SIDES = Words("core", "sides")
_GRAMMAR = Words("core", "grammar")

MESSAGES: Mapping[str, Mapping[str, str]] = _CORE.mapping()
"""The boards' messages, ``{key: {lang: template}}``, as ``locale/<lang>/core.toml`` has
them (read-only view for code that lists them; :func:`t` writes one)."""

BUG_LETTERS = "QBGSAMLP"
"""The bugs by their UHP letters."""


def t(key: str, lang: str = "en", **params: object) -> str:
    """The board's message ``key`` in ``lang`` (English if that language lacks it), filled in.

    >>> t("selected", "en", piece="wQ", n=1), t("selected", "en", piece="wQ", n=2)
    ('wQ can go to 1 cell (green).', 'wQ can go to 2 cells (green).')
    """
    return _CORE(key, lang, **params)


def grammar(key: str, lang: str = "en") -> str:
    """A word of ``lang``'s grammar (``core.toml`` ``[grammar]``): ``sentence_gap``,
    ``full_stop``, ``and``, ``list``, ``it``, ...

    >>> grammar("full_stop", "zh"), grammar("and", "de")
    ('。', ' und ')
    """
    return _GRAMMAR.text(key, lang)


def join_sentences(parts: Iterable[str], lang: str = "en") -> str:
    """Whole sentences one after another, as ``lang`` writes them: a space between them in
    English and German, none after a Chinese full stop; empty parts are left out.

    >>> join_sentences(["Played wS1.", "", "The engine answered bS1 wS1-."])
    'Played wS1. The engine answered bS1 wS1-.'
    >>> join_sentences(["已走：wS1。", "电脑应着：bS1 wS1-。"], "zh")
    '已走：wS1。电脑应着：bS1 wS1-。'
    """
    return grammar("sentence_gap", lang).join(p for p in parts if p)


def listing(items: list[str], lang: str = "en") -> str:
    """Items for a message: ``、`` between them in Chinese, ``; `` between cells (which hold a
    comma themselves: ``1,0; 2,-1``), else ``, ``.

    >>> listing(["1,0", "2,-1"]), listing(["wQ", "bB1"]), listing(["wQ", "bB1"], "zh")
    ('1,0; 2,-1', 'wQ, bB1', 'wQ、bB1')
    """
    cells = any("," in x for x in items)
    return grammar("cell_list" if cells else "list", lang).join(items)


def bug_name(letter: str, lang: str = "en") -> str:
    """The name of a bug by its UHP letter."""
    if letter not in BUG_LETTERS:
        raise KeyError(letter)
    return _BUGS.text(letter, lang)


def side_name(colour: int, lang: str = "en") -> str:
    """``White``/``Black`` (0/1) in ``lang``."""
    return _SIDES.text(("white", "black")[int(colour)], lang)


SIDES: Mapping[str, tuple[str, str]] = {
    lang: (side_name(0, lang), side_name(1, lang)) for lang in LANGUAGES}
"""The sides' names (White, Black) in each language, from ``core.toml`` ``[sides]``."""


# ----------------------------------------------------------------------------- sentences
def placeholders(template: str) -> set[str]:
    """The names a template fills in.

    >>> sorted(placeholders("{mover} cannot {action}: {left:one/many} {left}"))
    ['action', 'left', 'mover']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template)
            if name}


def join_names(items: Sequence[str], lang: str = "en") -> str:
    """A list in a sentence: ``a, b and c`` / ``a, b und c`` / ``a、b、c``.

    >>> join_names(["wQ", "bS1", "bA1"]), join_names(["wQ", "bS1"], "de")
    ('wQ, bS1 and bA1', 'wQ und bS1')
    >>> join_names(["wQ", "bS1", "bA1"], "zh")
    'wQ、bS1、bA1'
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return grammar("list", lang).join(items[:-1]) + grammar("and", lang) + items[-1]


@dataclass(frozen=True)
class BugName:
    """A bug type, by its UHP letter, to be named in a sentence (with an article in German).

    >>> fill("{bug:A} / {bug:the} / {bug}", {"bug": BugName("A")}, "en")
    'A Soldier Ant / the Soldier Ant / Soldier Ant'
    >>> fill("{bug:keinen} / {bug:Die}", {"bug": BugName("M")}, "de")
    'keinen Moskito / Der Moskito'
    """

    letter: str

    def __post_init__(self) -> None:
        if self.letter not in BUG_LETTERS:
            raise ValueError(f"{self.letter!r} is not a bug letter: use one of {BUG_LETTERS}")


def _bug_words(letter: str, spec: str, lang: str, pronoun: bool) -> str:
    """A bug's name with the article ``spec`` names, from ``lang``'s ``core.toml``:
    ``[articles]`` (``"ein" = "ein/eine"``: the form for each gender) and ``[genders]``
    (the bug's gender, masculine unless it says ``feminine``). A language without articles
    (Chinese) writes the name alone; a capital first letter in the spec capitalises the
    article."""
    name = bug_name(letter, lang)
    if spec == "subj":
        it = grammar("it", lang)
        if pronoun and it:
            return it
        spec = grammar("subject", lang)
    articles = catalogue("core", lang).table("articles")
    if not spec or not articles:
        return name
    forms = articles.get(spec.lower())
    if forms is None:
        raise ValueError(f"no {grammar_name(lang)} form {spec!r} of a bug: use one of "
                         f"{', '.join(articles)} (or capitalised), or subj")
    genders = ("masculine", "feminine")
    gender = catalogue("core", lang).table("genders").get(letter, "masculine")
    split = forms.split("/")
    article = split[min(genders.index(gender) if gender in genders else 0, len(split) - 1)]
    if spec[:1].isupper():
        article = article[:1].upper() + article[1:]
    return f"{article} {name}"


def grammar_name(lang: str) -> str:
    """The language's own name (``core.toml`` ``[language] name``: ``Deutsch``)."""
    return catalogue("core", lang).table("language").get("name", lang)


def _number_word(n: int, spec: str) -> str:
    one, sep, many = spec.partition("/")
    if not sep:
        raise ValueError(f"a number's format is 'one/many', e.g. 'Feld/Felder', not {spec!r}")
    return one if n == 1 else many


class _Value:
    """One placeholder's value, written in ``lang`` by the format spec after the colon."""

    def __init__(self, raw: object, lang: str, pronoun: bool) -> None:
        self.raw, self.lang, self.pronoun = raw, lang, pronoun

    def __format__(self, spec: str) -> str:
        raw = self.raw
        if isinstance(raw, BugName):
            return _bug_words(raw.letter, spec, self.lang, self.pronoun)
        if isinstance(raw, bool):
            raise TypeError("a sentence has no place for True or False")
        if isinstance(raw, int):
            return _number_word(raw, spec) if spec else str(raw)
        if isinstance(raw, tuple | list):
            return _number_word(len(raw), spec) if spec else join_names(raw, self.lang)
        if spec:
            raise ValueError(f"no format {spec!r} for the text {raw!r}")
        return str(raw)


class _Values(dict[str, object]):
    def __init__(self, values: Mapping[str, object], lang: str, pronoun: bool) -> None:
        super().__init__(values)
        self.lang, self.pronoun = lang, pronoun

    def __getitem__(self, key: str) -> _Value:
        return _Value(super().__getitem__(key), self.lang, self.pronoun)

    def __missing__(self, key: str) -> object:
        raise KeyError(f"the template names {{{key}}}, but the facts are only "
                       f"{', '.join(sorted(self)) or 'none'}")


def fill(template: str, values: Mapping[str, object], lang: str = "en", *,
         pronoun: bool = False) -> str:
    """``template`` filled with ``values`` in ``lang`` (see the module docstring for the
    values and format specs); ``pronoun`` turns ``{bug:subj}`` into "it" / "它"."""
    return template.format_map(_Values(values, check_language(lang), pronoun))


def embed(text: str, lang: str = "en") -> str:
    """A sentence (without its full stop) made a clause of a longer one: its first letter in
    lower case if ``lang``'s ``[grammar] lower_inside`` says so: ``*`` for any first word
    (English), else the words that are written in lower case inside a sentence (German:
    "Die", "Ein", ...; a noun such as "Feld" or a piece name keeps its spelling); empty for
    none (Chinese).

    >>> embed("The gap is too narrow"), embed("Die Lücke ist zu eng", "de")
    ('the gap is too narrow', 'die Lücke ist zu eng')
    >>> embed("Feld 1,0 ist besetzt", "de")
    'Feld 1,0 ist besetzt'
    """
    lower = grammar("lower_inside", lang)
    if lower == "*" or text.split(" ", 1)[0] in lower.split():
        return text[:1].lower() + text[1:]
    return text


def script(lang: str) -> str:
    """How ``lang`` is written, as its ``core.toml`` ``[language] script`` says: ``"cjk"``
    (Chinese: spacing between characters and names, the bundled font) or ``""``.

    >>> script("zh"), script("de")
    ('cjk', '')
    """
    return catalogue("core", lang).table("language").get("script", "")


_ZH_PUNCT = "，。、：；（）！？“”"


def _tidy_cjk(text: str) -> str:
    """One space between Chinese characters and piece names, cells or numbers ("因为 wM 会"),
    none next to Chinese punctuation ("wQ、bS1，" not "wQ 、 bS1 ，")."""
    text = re.sub(r"([\u4e00-\u9fff])(?=[A-Za-z0-9-])", r"\1 ", text)
    text = re.sub(r"([A-Za-z0-9)])(?=[\u4e00-\u9fff])", r"\1 ", text)
    return re.sub(rf"\s*([{_ZH_PUNCT}])\s*", r"\1", text).strip()


def sentence(text: str, lang: str = "en") -> str:
    """``text`` as one sentence of ``lang``, with its full stop.

    >>> sentence("wQ 不能移动", "zh"), sentence("wQ cannot move")
    ('wQ 不能移动。', 'wQ cannot move.')
    """
    if script(lang) == "cjk":
        text = _tidy_cjk(text)
    return text + grammar("full_stop", lang)


def rule_mark(rule: str, lang: str = "en") -> str:
    """The rule id as a sentence of ``lang`` cites it after its full stop: ``(R7)``."""
    return fill(grammar("rule", lang), {"rule": rule}, lang)


def finish(text: str, rule: str, lang: str = "en") -> str:
    """``text`` as a sentence of ``lang`` followed by the rule id in brackets.

    >>> finish("wQ cannot move", "R6"), finish("wQ 不能移动", "R6", "zh")
    ('wQ cannot move. (R6)', 'wQ 不能移动。(R6)')
    """
    return join_sentences([sentence(text, lang), rule_mark(rule, lang)], lang)


class Worded:
    """An explanation as facts that its game's catalogue writes as a sentence, in any language.

    A subclass (Hive's and Rive's ``Explanation``) says how in :meth:`render`; this gives both
    games the same ways to read it: :attr:`reason`, :meth:`sentence`, :meth:`text`, ``str``.
    """

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, followed by the rule id if ``rule``."""
        raise NotImplementedError

    @property
    def reason(self) -> str:
        """The English sentence, with its full stop and without the rule id."""
        return self.render("en", rule=False)

    def sentence(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en``, ``de`` or ``zh``), without the rule id."""
        return self.render(lang, rule=False)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` followed by the rule id, as a learner reads it."""
        return self.render(lang, rule=True)

    def __str__(self) -> str:
        return self.text("en")
