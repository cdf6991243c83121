"""Importing one card: characteristics, Oracle text -> parse tree -> card definition.

>>> r = import_card("Shock", "{R}", "Instant", "Shock deals 2 damage to any target.")
>>> r.ok, r.card.abilities[0].effects, r.card.abilities[0].targets
(True, (Damage(who='target', amount=2),), ('any',))
>>> r = import_card("Walk the Plank", "{B}{B}", "Sorcery",
...                 "Destroy target non-Merfolk creature.")
>>> r.ok, r.parsed, r.refusals[0].category, r.refusals[0].feature
(False, True, 'not expressible', 'target: non-Merfolk creature')
"""
from __future__ import annotations

import re
from typing import Any

from .. import cards as C
from ..errors import CardScriptError
from . import grammar
from .parser import MAX_DEPTH, TooDeep
from .lower import (Inexpressible, Statics, UnsupportedKeyword, lower_activated,
                    lower_chapter, lower_keyword, lower_spell, lower_static, lower_triggered)
from .lower import lower_replacements
from .lower.alternative_costs import states_alternative_cost   # 118.9
from .lower.faces import FACE_LAYOUTS, import_faces         # 712: double-faced cards
from .lower.grants import split_grants
from .nodes import Activated, CardText, Chapter, Keyword, Spell, Static, Triggered
from .nodes import SELF, Effect
from .text import ability_lines, tokenize
from .result import (CATEGORIES, NOT_EXPRESSIBLE, UNKNOWN_PHRASE, UNSUPPORTED_KEYWORD,  # noqa: F401
                     ImportResult, Refusal)
from .sources import CardRecord
from .vocabulary import ABILITY_WORDS, BASIC_LAND_TYPES, FLAVOR_WORDS

# --- type line -------------------------------------------------------------------------------

_SUPERTYPES = set(C.SUPERTYPE_BITS)
_TYPES = {t for t in C.TYPE_BITS if t != "Tribal"}


def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, card types, subtypes); "Tribal" is read as "Kindred" (the 2024 name).

    >>> parse_type_line("Legendary Artifact Creature — Golem")
    (('Legendary',), ('Artifact', 'Creature'), ('Golem',))
    """
    left, _, right = type_line.replace("\u2014", "—").partition("—")
    supers: list[str] = []
    types: list[str] = []
    for w in left.split():
        if w == "Tribal":
            w = "Kindred"
        if w in _SUPERTYPES:
            supers.append(w)
        elif w in _TYPES:
            types.append(w)
        else:
            raise Inexpressible(f"type: {w}", type_line)
    return tuple(supers), tuple(types), tuple(right.split())


def _number(value: Any, what: str) -> int | None:
    if value is None or value == "":
        return None
    s = str(value).strip()
    if not re.fullmatch(r"-?\d+", s):
        raise Inexpressible(f"characteristic-defining {what}", f"{what} {s}")
    return int(s)


# --- parsing a face ----------------------------------------------------------------------------

MAX_LINE_TOKENS = 400   # words and signs of one ability line (printed cards: at most ~140)
MAX_NUMBER = 100_000    # the card tables' largest amount (printed cards: at most 9999)
_DIGIT_RUN = re.compile(r"\d+")

_CHAPTER = re.compile(r"^((?:[IVX]+)(?:, [IVX]+)*) — (.*)$")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def parse_text(oracle_text: str, name: str, is_spell: bool,
               type_line: str | None = None, partial: bool = False
               ) -> tuple[CardText | None, list[Refusal], list[str]]:
    """Parse a face's Oracle text into a :class:`CardText` (``None`` if any line fails,
    unless ``partial``: then the lines that parsed), with a refusal per line the grammar
    could not read, and the line each ability came from (to quote it in refusals).

    >>> tree, errors, lines = parse_text("Flying\\nWhen ~ dies, draw a card.", "X", False)
    >>> [type(a).__name__ for a in tree.abilities], errors
    (['Keyword', 'Triggered'], [])
    """
    abilities: list[Any] = []
    sources: list[str] = []
    errors: list[Refusal] = []
    type_words = None if type_line is None else \
        {w.lower() for w in type_line.replace("—", " ").split()}
    for line in ability_lines(oracle_text, name, type_words):
        text, tokens = line.text, line.tokens
        if len(tokens) + sum(len(t) for _, t in line.modes) > MAX_LINE_TOKENS:
            errors.append(Refusal(UNKNOWN_PHRASE, text, f"text too long to read (more than "
                                                        f"{MAX_LINE_TOKENS} words and signs)"))
            continue
        try:
            m = _CHAPTER.match(text)
            if m and not line.modes:
                chapters = tuple(_ROMAN.get(c.strip(), 0) for c in m.group(1).split(","))
                got = grammar.parse_line(tokenize(m.group(2)))
                if not (isinstance(got, tuple) and got and got[0] == "effects"):
                    raise grammar.Unparsed(tokens, 0, "unknown chapter ability")
                abilities.append(Chapter(chapters, got[1]))
                sources.append(text)
                continue
            aw = _ability_word(text)
            if aw:
                tokens = tokenize(text[len(aw):].lstrip(" —"))
            got = grammar.parse_line(tokens, [t for _, t in line.modes])
        except grammar.Unparsed as err:
            full = text + "".join(f" • {m}" for m, _ in line.modes)
            errors.append(Refusal(UNKNOWN_PHRASE, full, err.unknown if err.stop is not None
                                  else err.why))
            continue
        except TooDeep:
            errors.append(Refusal(UNKNOWN_PHRASE, text, f"text too long to read (it nests "
                                                        f"more than {MAX_DEPTH} rules deep)"))
            continue
        if isinstance(got, tuple) and got and isinstance(got[0], Keyword):
            abilities.extend(got)
            sources.extend([text] * len(got))
        elif isinstance(got, tuple) and got and got[0] == "effects":
            abilities.append(Spell(got[1]) if is_spell else Static(got[1]))
            sources.append(text)
        else:
            abilities.append(got)
            sources.append(text)
    if errors and not partial:
        return None, errors, sources
    return CardText(tuple(abilities)), errors, sources


def _ability_word(text: str) -> str | None:
    """An ability word (207.2c) or a flavor word (207.2d) at the start of the line, with
    its em dash."""
    head, sep, _ = text.partition(" — ")
    if sep and (head.lower() in ABILITY_WORDS or head.lower() in FLAVOR_WORDS):
        return head
    return None


# --- lowering a face -----------------------------------------------------------------------------

def _refusal(err: Inexpressible, phrase: str) -> Refusal:
    cat = UNSUPPORTED_KEYWORD if isinstance(err, UnsupportedKeyword) else NOT_EXPRESSIBLE
    return Refusal(cat, phrase, err.feature)


def lower_card(tree: CardText, name: str, mana_cost: str, supers, types, subtypes,
               power, toughness, loyalty, colors: str | None, text: str,
               lines: list[str],
               layout: str | None = None,
               check_only: bool = False) -> tuple[C.Card | None, list[Refusal]]:
    """Build the :class:`mtg_core.cards.Card`, or list what the language can't express
    (``layout``: the multi-face card's when this is one of its faces, lower/faces.py).
    ``check_only``: the card is refused already (a line that didn't parse, its mana cost):
    lower each ability only to list what else can't be expressed, and build no card."""
    errors: list[Refusal] = []
    is_spell = "Instant" in types or "Sorcery" in types
    is_aura = "Aura" in subtypes
    is_equipment = "Equipment" in subtypes
    statics = Statics()
    abilities: list[C.Ability] = []
    enchant: str | None = None
    spell_effects: tuple = ()
    spell_costs: dict[str, str] = {}            # kicker / flashback of an instant or sorcery
    # 305.6: basic land types give "{T}: Add [mana]"
    for st in subtypes:
        if st in BASIC_LAND_TYPES and "Land" in types:
            abilities.append(C.ManaAbility(BASIC_LAND_TYPES[st]))
    for ab, phrase in zip(tree.abilities, lines):
        try:
            if isinstance(ab, Keyword):
                what, val = lower_keyword(ab, is_equipment, is_aura, is_spell)
                if what == "keyword":
                    statics.keywords.append(val)
                elif what == "protection":
                    statics.protection.extend(val)
                elif what == "combat":
                    statics.combat.append(val)
                elif what in ("kicker", "flashback"):
                    if what in spell_costs:
                        raise Inexpressible(f"two {what} costs")
                    spell_costs[what] = val
                elif what == "devoid":          # 702.114a
                    statics.devoid = True
                elif what == "changeling":      # 702.73a
                    statics.changeling = True
                elif what == "landwalk":        # 702.14
                    statics.landwalk.append(val)
                elif what == "abilities":       # bushido (702.45a)
                    abilities.extend(val)
                elif what == "enchant":
                    if enchant is not None:
                        raise Inexpressible("two enchant abilities")
                    enchant = val
                else:
                    abilities.append(val)
            elif isinstance(ab, Spell) and len(ab.effects) == 1 and \
                    _cant_be_countered(ab.effects[0]):
                lower_static(ab.effects, statics, None)     # 101.2, a static of the spell
            elif isinstance(ab, Spell):
                spell_effects += ab.effects
            elif isinstance(ab, Static):
                effects, replacements = lower_replacements(ab.effects, "{X}" in (mana_cost or "")) \
                    if ab.condition is None else (ab.effects, [])          # 614.1c
                abilities.extend(replacements)
                # 613.1f: "Enchanted creature has "{T}: ..."" (lower/grants.py)
                effects, granted = split_grants(effects, "enchanted" if is_aura else
                                                "equipped" if is_equipment else None, text, name,
                                                layout)
                statics.abilities.extend(granted)
                if effects:
                    lower_static(effects, statics, "enchanted" if is_aura else
                                 "equipped" if is_equipment else None)
            elif isinstance(ab, Activated):
                if is_spell:
                    raise Inexpressible("activated ability of an instant or sorcery")
                abilities.append(lower_activated(ab, layout))
            elif isinstance(ab, Triggered):
                if is_spell:
                    raise Inexpressible("triggered ability of an instant or sorcery")
                abilities.append(lower_triggered(ab, layout))
            elif isinstance(ab, Chapter):                   # 714.2 (lower/sagas.py)
                if is_spell:
                    raise Inexpressible("chapter ability of an instant or sorcery")
                abilities.extend(lower_chapter(ab, layout))
            else:
                raise Inexpressible(f"ability: {type(ab).__name__}")
        except Inexpressible as err:
            errors.append(_refusal(err, phrase))
        except CardScriptError as err:          # a builder's own check (e.g. one mode, 700.2)
            errors.append(Refusal(NOT_EXPRESSIBLE, phrase, f"card: {_short(str(err), name)}"))
    if is_spell and not (check_only and not spell_effects):
        try:
            # an alternative cost (118.9) is no effect; a refused card's spell is lowered for
            # its to-do list all the same (check_only)
            if not spell_effects or (not check_only and
                                     all(states_alternative_cost(e) for e in spell_effects)):
                raise Inexpressible("spell without effects")
            abilities.insert(0, lower_spell(spell_effects, sorcery="Sorcery" in types,
                                            x="{X}" in mana_cost, layout=layout, **spell_costs))
        except Inexpressible as err:
            errors.append(_refusal(err, text))
        except CardScriptError as err:
            errors.append(Refusal(NOT_EXPRESSIBLE, text, f"card: {_short(str(err), name)}"))
    if (statics.attached_bonus or statics.attached_keywords) and not (is_aura or is_equipment):
        errors.append(Refusal(NOT_EXPRESSIBLE, text, "static: attached bonus"))
    if statics.devoid:                          # 702.114a, devoid makes it colourless
        if colors:
            errors.append(Refusal(NOT_EXPRESSIBLE, text, "devoid with a colour indicator"))
        colors = ""
    if errors or check_only:
        return None, errors
    abilities.extend(statics.abilities)         # 611.3: static abilities of the layer system
    try:
        card = C.Card(name, mana_cost, types=types, subtypes=subtypes, supertypes=supers,
                      power=power, toughness=toughness, loyalty=loyalty,
                      keywords=tuple(statics.keywords), abilities=tuple(abilities), text=text,
                      enchant=enchant, attached_bonus=statics.attached_bonus or (0, 0),
                      attached_keywords=statics.attached_keywords or (),
                      static=statics.static, colors=colors,
                      protection=tuple(statics.protection), combat=tuple(statics.combat),
                      landwalk=tuple(statics.landwalk), changeling=statics.changeling)
        C.CardDB([card])                       # compiles: the core's own checks pass
    except CardScriptError as err:         # CardDB: the core's table check refuses it, too
        return None, [Refusal(NOT_EXPRESSIBLE, text, f"card: {_short(str(err), name)}")]
    return card, []


def _cant_be_countered(e: Any) -> bool:
    """"This spell can't be countered." on an instant or sorcery (a static ability
    of the spell, 101.2 / 113.6, not an effect of its resolution)."""
    return isinstance(e, Effect) and e.verb == "restriction" and e.subject == SELF and \
        e.extra == (("what", "can't be countered"),) and e.duration is None


def _number_out_of_range(*fields: Any) -> Refusal | None:
    """A refusal for the first number in these fields (mana cost, Oracle text, power,
    toughness, loyalty) above :data:`MAX_NUMBER`, read before anything is built (its digits
    are never converted: a 5,000-digit value is refused as quickly as a 6-digit one)."""
    for field in fields:
        for m in _DIGIT_RUN.finditer(field if isinstance(field, str) else str(field or "")):
            digits = m.group().lstrip("0")
            if len(digits) > len(str(MAX_NUMBER)) or (digits and int(digits) > MAX_NUMBER):
                shown = digits if len(digits) <= 20 else f"{digits[:12]}... ({len(digits)} digits)"
                return Refusal(NOT_EXPRESSIBLE, str(field)[:200],
                               f"number out of range: {shown} (at most {MAX_NUMBER})")
    return None


def _short(msg: str, name: str) -> str:
    return msg.replace(name + ": ", "")


# --- the public entry point ------------------------------------------------------------------------

def import_card(name: str, mana_cost: str | None, type_line: str, oracle_text: str | None,
                power: Any = None, toughness: Any = None, loyalty: Any = None, *,
                colors: str | list | None = None, layout: str | None = None) -> ImportResult:
    """Import one single-faced card from its Oracle data.

    ``colors`` (letters WUBRG) is only needed when the card's colours differ from its
    mana cost (a colour indicator, 202.2e, or devoid); the card definition records them then.
    ``layout`` is given for a face of a multi-face card (its record's, "transform", ...:
    :func:`mtg_core.oracle.lower.faces.import_faces`), None for a card of one face.

    >>> r = import_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
    >>> r.ok, r.card.power
    (True, 2)
    >>> r = import_card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "", "*", "1+*")
    >>> r.refusals[0].feature
    'characteristic-defining power'
    """
    text = oracle_text or ""
    refusals: list[Refusal] = []
    big = _number_out_of_range(mana_cost, text, power, toughness, loyalty)
    if big is not None:
        return ImportResult(name, None, (None,), (big,), type_line)
    # A refused card lists every gap: the lines that parse are lowered even when another
    # line, the type line or the mana cost can't be read (check_only), so each missing
    # feature is named, not only the first.
    try:
        supers, types, subtypes = parse_type_line(type_line)
    except Inexpressible as err:
        tree, errs, _ = parse_text(text, name, False)
        return ImportResult(name, None, (tree,), tuple([_refusal(err, type_line), *errs]),
                            type_line)
    is_spell = "Instant" in types or "Sorcery" in types
    parsed, errs, lines = parse_text(text, name, is_spell, type_line, partial=True)
    tree = None if errs else parsed
    refusals.extend(errs)
    # 604.3: "*/*" is defined by a characteristic-defining ability (checked after lowering)
    cda = str(power).strip() == "*" and str(toughness).strip() == "*"
    # amounts: "*/4" -- a characteristic-defining ability defines the power only
    star = "both" if cda else "power" if str(power).strip() == "*" and str(toughness).isdigit() \
        else "toughness" if str(toughness).strip() == "*" and str(power).isdigit() else None
    try:
        p = 0 if star in ("both", "power") else _number(power, "power")
        t = 0 if star in ("both", "toughness") else _number(toughness, "toughness")
        lo = _number(loyalty, "loyalty")
        if "Creature" not in types and (p is not None or t is not None) and \
                "Vehicle" not in subtypes:                  # 208.3, 301.7b
            raise Inexpressible("power/toughness on a noncreature (Vehicle)")
        if "Battle" in types:
            raise Inexpressible("battles")
        try:
            cost = C.ManaCost.parse(mana_cost or "")
        except CardScriptError:
            bad = sorted(set(re.findall(r"\{[^}]*\}", mana_cost or "")) -
                         {f"{{{c}}}" for c in "WUBRGC"} - {f"{{{n}}}" for n in range(100)})
            raise Inexpressible(f"mana symbol {' '.join(bad) or mana_cost} in a mana cost",
                                mana_cost or "") from None
        color_letters = _colors(colors)
        col = None
        from_cost = {k for i, k in enumerate("WUBRG") if cost.colors & (1 << i)}
        if color_letters is not None and set(color_letters) != from_cost:
            col = color_letters                # a colour indicator or devoid (202.2e, 702.114)
    except Inexpressible as err:
        refusals.append(_refusal(err, text))
    if refusals:
        _, errs = lower_card(parsed, name, mana_cost or "", supers, types, subtypes, None,
                             None, None, None, text, lines, layout, check_only=True)
        refusals.extend(e for e in errs if e not in refusals)
        return ImportResult(name, None, (tree,), tuple(refusals), type_line)
    card, errs = lower_card(tree, name, mana_cost or "", supers, types, subtypes, p, t, lo,
                            col, text, lines, layout)
    refusals.extend(errs)
    if card is not None and "Creature" not in types and (p is not None or t is not None) and \
            not any(isinstance(a, C.Crew) for a in card.abilities):
        # a Vehicle's power and toughness count when it crews into a creature
        refusals.append(Refusal(NOT_EXPRESSIBLE, text, "power/toughness on a noncreature (Vehicle)"))
    defined = [ch.which for a in (card.abilities if card is not None else ())
               if isinstance(a, C.StaticAbility) for ch in a.changes
               if isinstance(ch, C.CharacteristicPT)]
    if card is not None and defined != ([star] if star else []):
        # 604.3: "*" exactly where a CDA defines it (power, toughness or both)
        refusals.append(Refusal(NOT_EXPRESSIBLE, text, "characteristic-defining power"))
    return ImportResult(name, card if not refusals else None, (tree,), tuple(refusals), type_line)


def _colors(colors: str | list | None) -> str | None:
    if colors is None:
        return None
    letters = "".join(colors)
    return "".join(c for c in "WUBRG" if c in letters)


def import_record(rec: "CardRecord") -> ImportResult:
    """Import a card record from :mod:`.sources`.  Double-faced cards (transform and
    modal_dfc layouts, 712) and split cards (709) are imported face by face
    (lower/faces.py); other multi-face cards are parsed face by face and refused with their
    layout as the reason."""
    if not rec.faces:
        r = import_card(rec.name, rec.mana_cost, rec.type_line, rec.oracle_text, rec.power,
                        rec.toughness, rec.loyalty, colors=rec.colors)
        return r
    big = _number_out_of_range(*(x for f in rec.faces for x in
                                 (f.mana_cost, f.oracle_text, f.power, f.toughness, f.loyalty)))
    if big is not None:
        return ImportResult(rec.name, None, (None,) * len(rec.faces), (big,), rec.type_line)
    if rec.layout in FACE_LAYOUTS:
        return import_faces(rec, import_card)         # 712 (lower/faces.py)
    # Another layout (adventure, flip, meld, ...): refused, with each face's own gaps too.
    trees: list[CardText | None] = []
    refusals: list[Refusal] = []
    for f in rec.faces:
        r = import_card(f.name, f.mana_cost, f.type_line, f.oracle_text, f.power, f.toughness,
                        f.loyalty, colors=f.colors, layout=rec.layout)
        trees.extend(r.trees)
        refusals.extend(x for x in r.refusals if x not in refusals)
    refusals.append(Refusal(NOT_EXPRESSIBLE, rec.name, f"multi-face card ({rec.layout})"))
    return ImportResult(rec.name, None, tuple(trees), tuple(refusals), rec.type_line)
