"""The words card scripts use, mapped to the core's codes: card types, keywords, combat
properties, targets, references, durations, steps and phases, timings, counters.

Every lookup raises :class:`~mtg_core.errors.CardScriptError` naming the unknown word and
the words it could have been.
"""
from __future__ import annotations

from typing import Iterable

from .. import _engine
from ..errors import CardScriptError

_C = _engine.constants()

TYPE_BITS = {"Artifact": _C["T_ARTIFACT"], "Creature": _C["T_CREATURE"],
             "Enchantment": _C["T_ENCHANTMENT"], "Instant": _C["T_INSTANT"],
             "Land": _C["T_LAND"], "Planeswalker": _C["T_PLANESWALKER"],
             "Sorcery": _C["T_SORCERY"], "Battle": _C["T_BATTLE"], "Kindred": _C["T_KINDRED"],
             "Tribal": _C["T_KINDRED"]}
SUPERTYPE_BITS = {"Basic": _C["ST_BASIC"], "Legendary": _C["ST_LEGENDARY"],
                  "Snow": _C["ST_SNOW"], "World": _C["ST_WORLD"]}
RULES_SUBTYPES = {"Aura": _C["SUB_AURA"], "Equipment": _C["SUB_EQUIPMENT"],
                  "Fortification": _C["SUB_FORTIFICATION"], "Wall": _C["SUB_WALL"],
                  "Soldier": _C["SUB_SOLDIER"],
                  "Knight": _C["SUB_KNIGHT"], "Demon": _C["SUB_DEMON"], "Dragon": _C["SUB_DRAGON"]}
# Keyword abilities that are triggered abilities (702.108 prowess): a card with one gets
# the triggered ability the keyword stands for (see Card).
TRIGGERED_KEYWORDS = ("prowess",)
# "Protection from <quality>" (702.16a): colours, multicolored, and creature types (their
# plural names, as Oracle text writes them) -- Card(protection=...).
PROTECTION_QUALITIES = {"white": _C["PRO_WHITE"], "blue": _C["PRO_BLUE"],
                        "black": _C["PRO_BLACK"], "red": _C["PRO_RED"],
                        "green": _C["PRO_GREEN"], "multicolored": _C["PRO_MULTICOLORED"],
                        # card types of the source
                        "artifacts": _C["PRO_ARTIFACTS"], "creatures": _C["PRO_CREATURES"]}
PROTECTION_TYPES = {"Demons": _C["SUB_DEMON"], "Dragons": _C["SUB_DRAGON"],
                    "Knights": _C["SUB_KNIGHT"], "Walls": _C["SUB_WALL"]}
# Qualities of the spell a cast trigger names (TriggeredAbility(at="cast", spell=...)).
SPELL_QUALITIES = {"noncreature": _C["SQ_NONCREATURE"], "multicolored": _C["SQ_MULTICOLORED"],
                   "from a graveyard": _C["SQ_FROM_GRAVEYARD"]}
# Who casts the spell, for a cast trigger: "whenever you / a player / an opponent casts".
CASTERS = {"you": _C["WHOSE_YOUR"], "a player": _C["WHOSE_EACH"],
           "an opponent": _C["WHOSE_OPPONENT"]}
KEYWORD_BITS = {"flying": _C["KW_FLYING"], "reach": _C["KW_REACH"], "haste": _C["KW_HASTE"],
                "defender": _C["KW_DEFENDER"], "vigilance": _C["KW_VIGILANCE"],
                "first strike": _C["KW_FIRST_STRIKE"], "double strike": _C["KW_DOUBLE_STRIKE"],
                "trample": _C["KW_TRAMPLE"], "deathtouch": _C["KW_DEATHTOUCH"],
                "lifelink": _C["KW_LIFELINK"], "flash": _C["KW_FLASH"],
                "hexproof": _C["KW_HEXPROOF"], "shroud": _C["KW_SHROUD"],
                "indestructible": _C["KW_INDESTRUCTIBLE"], "phasing": _C["KW_PHASING"],
                "menace": _C["KW_MENACE"], "infect": _C["KW_INFECT"], "wither": _C["KW_WITHER"],
                "doesn't untap": _C["KW_DOESNT_UNTAP"], "shadow": _C["KW_SHADOW"],
                "fear": _C["KW_FEAR"], "intimidate": _C["KW_INTIMIDATE"]}
# Combat restrictions and requirements (508.1c-d, 509.1b-c) a card may have: Card(combat=...)
COMBAT_BITS = {"can't attack": _C["CM_CANT_ATTACK"], "can't block": _C["CM_CANT_BLOCK"],
               "attacks each combat if able": _C["CM_ATTACKS_EACH_COMBAT"],
               "blocks each combat if able": _C["CM_BLOCKS_EACH_COMBAT"],
               "can't attack alone": _C["CM_CANT_ATTACK_ALONE"],
               "can't block alone": _C["CM_CANT_BLOCK_ALONE"],
               "can block any number of creatures": _C["CM_BLOCKS_ANY_NUMBER"],
               "can block an additional creature": _C["CM_BLOCKS_ONE_MORE"],
               "must be blocked if able": _C["CM_MUST_BE_BLOCKED"],
               "all creatures able to block it do so": _C["CM_LURE"],
               "can't be blocked by Walls": _C["CM_NO_WALL_BLOCKS"],
               "enchanted creature: all creatures able to block it do so": _C["CM_ENCHANTED_LURE"],
               "creatures you control have menace": _C["CM_YOURS_HAVE_MENACE"],
               "banding": _C["CM_BANDING"],                                # 702.21
               # 509.1b restrictions; an Aura's 508.1c / 509.1b "can't" for what it enchants
               "can't be blocked": _C["CM_UNBLOCKABLE"],
               "can block only creatures with flying": _C["CM_BLOCKS_ONLY_FLYING"],
               "enchanted creature can't attack": _C["CM_ENCHANTED_CANT_ATTACK"],
               "enchanted creature can't block": _C["CM_ENCHANTED_CANT_BLOCK"],
               # 506.5: only while it is the one attacking creature (Security Bypass)
               "as long as enchanted creature is attacking alone, it can't be blocked":
                   _C["CM_ENCHANTED_UNBLOCKABLE_ALONE"],
               # 509.1b: only creatures of that colour may block it (Dread Warlock)
               **{f"can't be blocked except by {word} creatures":
                  (1 << i) << _C["CM_BLOCKED_ONLY_BY_SHIFT"]
                  for i, word in enumerate(("white", "blue", "black", "red", "green"))}}
# Combat properties with a number N (written {N} or as a word: "one", "two"): the word
# pattern, its CM_* bits and the byte of CF_COMBAT_AMOUNTS (CMA_* shift) N goes in.
# Costs are 508.1g-i / 509.1d-f; caps 508.1c / 509.1b.
COMBAT_AMOUNT_WORDS = {
    "creatures can't attack you unless their controller pays {N} for each creature they "
    "control that's attacking you": (_C["CM_ATTACK_TAX"], _C["CMA_ATTACK_TAX"]),
    "creatures can't attack you or planeswalkers you control unless their controller pays "
    "{N} for each of those creatures":
        (_C["CM_ATTACK_TAX"] | _C["CM_ATTACK_TAX_WALKERS"], _C["CMA_ATTACK_TAX"]),
    "as long as ~ is untapped, creatures can't attack you or planeswalkers you control "
    "unless their controller pays {N} for each of those creatures":
        (_C["CM_ATTACK_TAX"] | _C["CM_ATTACK_TAX_WALKERS"] | _C["CM_TAX_WHILE_UNTAPPED"],
         _C["CMA_ATTACK_TAX"]),
    "as long as ~ is attacking, creatures can't block unless their controller pays {N} for "
    "each of those creatures": (_C["CM_BLOCK_TAX_WHILE_ATTACKING"], _C["CMA_BLOCK_TAX"]),
    "enchanted creature can't attack unless its controller pays {N}":
        (_C["CM_ENCHANTED_ATTACK_COST"], _C["CMA_ENCHANTED_ATTACK_COST"]),
    "no more than {N} creatures can attack each combat": (_C["CM_CAP_ATTACKERS"], _C["CMA_CAP"]),
    "no more than {N} creatures can block each combat": (_C["CM_CAP_BLOCKERS"], _C["CMA_CAP"]),
}
# Combat properties that act from wherever the permanent is on the battlefield (static
# abilities: CF_ABILITY_KINDS gets AB_STATIC, so the core can skip boards without them).
COMBAT_STATIC_BITS = _C["CM_STATIC_BITS"]
# combat properties of the second combat word (card field CF_COMBAT2, 509.1b)
COMBAT2_BITS = {"horsemanship": _C["CM2_HORSEMANSHIP"],                        # 702.31
                "can't be blocked by creatures with power 2 or less":
                    _C["CM2_NOT_BY_POWER_2_OR_LESS"],
                "flanking": _C["CM2_FLANKING"],                                # 702.25
                "can't be blocked by more than one creature": _C["CM2_MAX_ONE_BLOCKER"]}


def combat2_bits(text: str) -> int:
    """The CF_COMBAT2 bits of one combat property (0: not one of them); "toxic N" (702.164,
    N 1..255) puts N in bits 8-15."""
    if text in COMBAT2_BITS:
        return COMBAT2_BITS[text]
    import re
    m = re.fullmatch(r"toxic (\d+)", text)
    if m is None:
        return 0
    n = int(m.group(1))
    if not 1 <= n <= 255:
        raise CardScriptError(f"combat property {text!r}: toxic N with N from 1 to 255 (702.164)")
    return n << _C["CM2_TOXIC_SHIFT"]
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def combat_property(text: str) -> tuple[int, int, int]:
    """(CM_* bits, CMA_* shift or -1, N) of one combat property of Card(combat=...)."""
    if text in COMBAT_BITS:
        return COMBAT_BITS[text], -1, 0
    if combat2_bits(text):                      # the second word, CF_COMBAT2
        return 0, -1, 0
    import re
    for pattern, (bits, shift) in COMBAT_AMOUNT_WORDS.items():
        rx = "^" + re.escape(pattern).replace(re.escape("{N}"), r"(\{(\d+)\}|one|two|three|four|five)") \
            .replace(re.escape("creatures can"), "creatures?" + re.escape(" can")) + "$"      # "no more than one creature"
        m = re.match(rx, text)
        if m:
            n = int(m.group(2)) if m.group(2) is not None else _NUMBER_WORDS[m.group(1)]
            if not 0 <= n <= 255 or (shift == _C["CMA_CAP"] and n > 127):
                raise CardScriptError(f"combat property {text!r}: N must be 0..255 (127 for a cap)")
            return bits, shift, n
    raise CardScriptError(f"unknown combat property {text!r}; expected one of "
                          f"{sorted(COMBAT_BITS)} or {sorted(COMBAT_AMOUNT_WORDS)}")
COLOR_INDEX = {"W": 0, "U": 1, "B": 2, "R": 3, "G": 4, "C": 5}
TARGETS = {
    "any": _C["TS_CREATURE"] | _C["TS_PLAYER"] | _C["TS_PLANESWALKER"],
    "creature": _C["TS_CREATURE"],
    "player": _C["TS_PLAYER"],
    "opponent": _C["TS_PLAYER"] | _C["TS_OPPONENT"],
    "creature you control": _C["TS_CREATURE"] | _C["TS_YOU_CONTROL"],
    "other creature you control": _C["TS_CREATURE"] | _C["TS_YOU_CONTROL"] | _C["TS_NOT_SELF"],
    "creature an opponent controls": _C["TS_CREATURE"] | _C["TS_OPPONENT"],
    "creature other than this": _C["TS_CREATURE"] | _C["TS_NOT_SELF"],   # Sorceress Queen
    "nonblack creature": _C["TS_CREATURE"] | _C["TS_NONBLACK"],
    # a card, not a permanent (115.1): only ReturnFromGraveyard acts on it
    "creature card in your graveyard": _C["TS_CREATURE"] | _C["TS_YOUR_GRAVEYARD"],
    "permanent": _C["TS_PERMANENT"],
    "artifact": _C["TS_ARTIFACT"],
    "enchantment": _C["TS_ENCHANTMENT"],
    "land": _C["TS_LAND"],
    # the second of "two target lands": one word "target", so a different land (601.2c)
    "different land": _C["TS_LAND"] | _C["TS_DIFFERENT"],
    "planeswalker": _C["TS_PLANESWALKER"],
    "creature or planeswalker": _C["TS_CREATURE"] | _C["TS_PLANESWALKER"],
    "player or planeswalker": _C["TS_PLAYER"] | _C["TS_PLANESWALKER"],
    # spells on the stack (115.1, 701.5)
    "spell": _C["TS_SPELL"],
    "creature spell": _C["TS_SPELL"] | _C["TS_CREATURE"],
    "noncreature spell": _C["TS_SPELL"] | _C["TS_NONCREATURE"],
    "another attacking Knight you control": _C["TS_CREATURE"] | _C["TS_ATTACKING"]
    | _C["TS_KNIGHT"] | _C["TS_YOU_CONTROL"] | _C["TS_NOT_SELF"],
    # qualities of the removal spells (Cast Down, Go for the Throat, Ultimate Price, Divine
    # Verdict, Cut Down); "or" of two kinds: either one (Disenchant, Naturalize)
    "artifact or enchantment": _C["TS_ARTIFACT"] | _C["TS_ENCHANTMENT"],
    "nonlegendary creature": _C["TS_CREATURE"] | _C["TS_NONLEGENDARY"],
    "nonartifact creature": _C["TS_CREATURE"] | _C["TS_NONARTIFACT"],
    "monocolored creature": _C["TS_CREATURE"] | _C["TS_MONOCOLORED"],
    "attacking or blocking creature": _C["TS_CREATURE"] | _C["TS_ATTACKING_OR_BLOCKING"],
    "blocking creature": _C["TS_CREATURE"] | _C["TS_BLOCKING"],                # Balduvian Warlord
    "creature with total power and toughness 5 or less":
        _C["TS_CREATURE"] | _C["TS_PT_TOTAL_5_OR_LESS"],
}
REFS = {"target": _C["REF_TARGET0"], "target2": _C["REF_TARGET1"], "you": _C["REF_CONTROLLER"],
        "self": _C["REF_SELF"], "each opponent": _C["REF_EACH_OPPONENT"],
        "each player": _C["REF_EACH_PLAYER"], "active player": _C["REF_ACTIVE_PLAYER"],
        # groups of creatures, fixed as the effect begins (608.2h, 611.2c)
        "each creature": _C["REF_EACH_CREATURE"], "all creatures": _C["REF_EACH_CREATURE"],
        "creatures you control": _C["REF_CREATURES_YOU_CONTROL"],
        "other creatures you control": _C["REF_OTHER_CREATURES_YOU_CONTROL"],
        "creatures your opponents control": _C["REF_CREATURES_OPPONENTS_CONTROL"],
        "attacking creatures": _C["REF_ATTACKING_CREATURES"],
        "blocking creatures": _C["REF_BLOCKING_CREATURES"],
        # a triggered ability's event (603.2): the other creature, or the player dealt damage
        "that creature": _C["REF_THAT_CREATURE"], "that player": _C["REF_THAT_PLAYER"],
        # the defending player of an attack trigger (508.5)
        "defending player": _C["REF_THAT_PLAYER"],
        # the controller of what the effect exiled just before, as it last existed (608.2h)
        "its controller": _C["REF_LKI_CONTROLLER"],
        # a dies trigger's creature, the card it became in the graveyard (400.7, 603.6c)
        "that card": _C["REF_THAT_CARD"]}
DURATIONS = {"end of turn": _C["DUR_END_OF_TURN"], "end of combat": _C["DUR_END_OF_COMBAT"],
             "end of step": _C["DUR_END_OF_STEP"], "end of phase": _C["DUR_END_OF_PHASE"],
             "your next turn": _C["DUR_UNTIL_YOUR_NEXT_TURN"], "permanent": _C["DUR_PERMANENT"]}
STEPS = {"untap": _C["S_UNTAP"], "upkeep": _C["S_UPKEEP"], "draw": _C["S_DRAW"],
         "main": _C["S_MAIN"], "beginning of combat": _C["S_BEGIN_COMBAT"],
         "declare attackers": _C["S_DECLARE_ATTACKERS"],
         "declare blockers": _C["S_DECLARE_BLOCKERS"], "combat damage": _C["S_COMBAT_DAMAGE"],
         "end of combat": _C["S_END_COMBAT"], "end": _C["S_END"], "cleanup": _C["S_CLEANUP"]}
# Phases by name (500.1).  "main" is any main phase: which one an additional main phase is
# follows from its position when it begins (505.1a).
PHASES = {"beginning": _C["PH_BEGINNING"], "precombat main": _C["PH_PRECOMBAT_MAIN"],
          "combat": _C["PH_COMBAT"], "postcombat main": _C["PH_POSTCOMBAT_MAIN"],
          "ending": _C["PH_ENDING"]}
EXTRA_PHASES = {"beginning": _C["PH_BEGINNING"], "combat": _C["PH_COMBAT"],
                "main": _C["PH_POSTCOMBAT_MAIN"], "ending": _C["PH_ENDING"]}
# The phase each step belongs to (501.1, 506.1, 512.1), to keep an added step in its phase.
STEP_PHASE = {_C["S_UNTAP"]: "beginning", _C["S_UPKEEP"]: "beginning", _C["S_DRAW"]: "beginning",
              _C["S_MAIN"]: "main", _C["S_BEGIN_COMBAT"]: "combat",
              _C["S_DECLARE_ATTACKERS"]: "combat", _C["S_DECLARE_BLOCKERS"]: "combat",
              _C["S_COMBAT_DAMAGE"]: "combat", _C["S_END_COMBAT"]: "combat",
              _C["S_END"]: "ending", _C["S_CLEANUP"]: "ending"}
# Timing restrictions of activated abilities and spells (AF_TIMING).
TIMINGS = {"instant": _C["TIME_ANY"],
           "any time you could cast an instant": _C["TIME_ANY"],     # 304.5: priority only
           "sorcery": _C["TIME_SORCERY"], "your upkeep": _C["TIME_YOUR_UPKEEP"],
           "after your upkeep": _C["TIME_AFTER_YOUR_UPKEEP"],        # 503.3
           # 506.6: points of combat ("Cast this spell only ..." / "Activate only ...")
           "during combat": _C["TIME_DURING_COMBAT"],                                 # 506.6c
           "before attackers are declared": _C["TIME_BEFORE_ATTACKERS"],              # 506.6a
           "before blockers are declared": _C["TIME_BEFORE_BLOCKERS"],                # 506.6b
           "during combat before blockers are declared": _C["TIME_COMBAT_BEFORE_BLOCKERS"],
           "during combat after blockers are declared": _C["TIME_COMBAT_AFTER_BLOCKERS"],  # 506.6f
           "before the combat damage step": _C["TIME_BEFORE_COMBAT_DAMAGE"],          # 506.6e
           "during the declare blockers step": _C["TIME_DECLARE_BLOCKERS_STEP"]}      # 509
# The timings a spell's own text may add (601.3); a sorcery's timing comes from its type.
SPELL_TIMINGS = {k for k, v in TIMINGS.items() if v not in (_C["TIME_SORCERY"], _C["TIME_YOUR_UPKEEP"])}
# What a beginning-of triggered ability may name besides a step: the main phases (505.4).
TRIGGER_MAIN_PHASES = {"precombat main": _C["PH_PRECOMBAT_MAIN"],
                       "postcombat main": _C["PH_POSTCOMBAT_MAIN"]}
WHOSE = {"your": _C["WHOSE_YOUR"], "each": _C["WHOSE_EACH"], "opponent's": _C["WHOSE_OPPONENT"]}
STATICS = {"players skip their upkeep steps": _C["STAT_SKIP_UPKEEP_ALL"],
           "players skip their untap steps": _C["STAT_SKIP_UNTAP_ALL"],
           "you may play an additional land on each of your turns": _C["STAT_EXTRA_LAND"],  # 305.2a
           "this spell can't be countered": _C["STAT_CANT_BE_COUNTERED"]}                    # 101.2
# Landwalk (702.14): the land types a Card(landwalk=...) may name.
LANDWALK_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
# What "for each" counts (OP_PUMP_FOR_EACH), as the effect resolves.
FOR_EACH = {"creature it's blocking": _C["CNT_BLOCKING"],
            "creature blocking it": _C["CNT_BLOCKERS"]}
# Events of triggered abilities other than "at the beginning of" (TriggeredAbility(at=...)).
TRIGGER_EVENTS = {"enters": _C["TRIG_ETB"], "attacks": _C["TRIG_ATTACKS"],              # 508.2
                  "blocks": _C["TRIG_BLOCKS"],                                          # 509.4a
                  "blocks a creature": _C["TRIG_BLOCKS_CREATURE"],                      # 509.4b
                  "becomes blocked": _C["TRIG_BECOMES_BLOCKED"],                        # 509.4c
                  "becomes blocked by a creature": _C["TRIG_BLOCKED_BY_CREATURE"],      # 509.4d
                  "attacks and isn't blocked": _C["TRIG_ATTACKS_UNBLOCKED"],            # 509.4g
                  "deals combat damage to a player": _C["TRIG_COMBAT_DAMAGE_PLAYER"],   # 510.3
                  "deals combat damage to a creature": _C["TRIG_COMBAT_DAMAGE_CREATURE"],
                  "deals damage to an opponent": _C["TRIG_DAMAGE_OPPONENT"],
                  # zone changes of the permanent itself (603.6c, 603.10a look back in time)
                  "dies": _C["TRIG_DIES"],                                              # 700.4
                  "is put into a graveyard from the battlefield": _C["TRIG_DIES"],
                  "leaves the battlefield": _C["TRIG_LEAVES"],
                  # ward (702.21a): ref = the spell or ability's object
                  "becomes the target of a spell or ability an opponent controls":
                      _C["TRIG_BECOMES_TARGET"],
                  # exalted (702.83a, 506.5); "that creature" is the attacker
                  "a creature you control attacks alone": _C["TRIG_ATTACKS_ALONE_YOURS"],
                  # faces: "when this creature transforms into ~" (701.28), of the face now up
                  "transforms": _C["TRIG_TRANSFORMS"]}
TRIGGER_EVENTS["becomes blocked by a creature without flanking"] = \
    _C["TRIG_BLOCKED_BY_NONFLANKING"]                                   # 702.25a
TRIGGER_EVENTS["attacks alone"] = _C["TRIG_ATTACKS_ALONE"]              # 506.5
COUNTERS = {"+1/+1": _C["CTR_PLUS1"], "-1/-1": _C["CTR_MINUS1"], "loyalty": _C["CTR_LOYALTY"]}


def _ref(name: str) -> int:
    if name not in REFS:
        raise CardScriptError(f"unknown reference {name!r}; expected one of {sorted(REFS)}")
    return REFS[name]


def _dur(name: str) -> int:
    """Duration operand: code | (argument + 1) << 8 (argument 0 = "the current one").
    Besides the names in DURATIONS, "until next <step>" ends when that step next begins."""
    if name.startswith("until next "):
        return _C["DUR_UNTIL_STEP_BEGINS"] | ((_step(name[len("until next "):]) + 1) << 8)
    if name not in DURATIONS:
        raise CardScriptError(f"unknown duration {name!r}; expected one of "
                              f"{sorted(DURATIONS)} or 'until next <step>'")
    return DURATIONS[name]


def _step(name: str) -> int:
    if name not in STEPS:
        raise CardScriptError(f"unknown step {name!r}; expected one of {sorted(STEPS)}")
    return STEPS[name]


def _phase(name: str, table: dict[str, int] = PHASES) -> int:
    if name not in table:
        raise CardScriptError(f"unknown phase {name!r}; expected one of {sorted(table)}")
    return table[name]


def _timing(name: str) -> int:
    if name not in TIMINGS:
        raise CardScriptError(f"unknown timing {name!r}; expected one of {sorted(TIMINGS)}")
    return TIMINGS[name]


def keyword_mask(names: Iterable[str]) -> int:
    mask = 0
    for k in names:
        key = k.lower()
        if key not in KEYWORD_BITS:
            raise CardScriptError(f"unknown keyword {k!r}")
        mask |= KEYWORD_BITS[key]
    return mask


def _target_spec(name: str) -> int:
    if name not in TARGETS:
        raise CardScriptError(f"unknown target kind {name!r}; expected one of {sorted(TARGETS)}")
    return TARGETS[name]


# Choices and counts (mtg_core.cards.effects.choices): a group of permanents, fixed as the effect
# begins (608.2h): "each creature and planeswalker [your opponents] control" (Goblin
# Chainwhirler), each once even if it is both.
REFS.update({"each creature and planeswalker your opponents control":
             _C["REF_OPPONENTS_CREATURES_AND_PLANESWALKERS"]})


# --- cards in your graveyard as targets (115.1) -----------------------------
# "target [type] card from your graveyard": one to three card types, or / comma joined in
# Oracle's (alphabetical) order, "permanent card" (110.4b) or any "card".
def _graveyard_target_kinds() -> dict[str, int]:
    from itertools import combinations
    bits = {"artifact": _C["TS_ARTIFACT"], "creature": _C["TS_CREATURE"],
            "enchantment": _C["TS_ENCHANTMENT"], "instant": _C["TS_INSTANT"],
            "land": _C["TS_LAND"], "planeswalker": _C["TS_PLANESWALKER"],
            "sorcery": _C["TS_SORCERY"]}
    out = {"card in your graveyard": _C["TS_YOUR_GRAVEYARD"],
           "permanent card in your graveyard": _C["TS_PERMANENT"] | _C["TS_YOUR_GRAVEYARD"]}
    for n in (1, 2, 3):
        for combo in combinations(sorted(bits), n):
            words = combo[0] if n == 1 else " or ".join(combo) if n == 2 else \
                ", ".join(combo[:-1]) + ", or " + combo[-1]
            mask = _C["TS_YOUR_GRAVEYARD"]
            for w in combo:
                mask |= bits[w]
            out[f"{words} card in your graveyard"] = mask
    return out


TARGETS.update(_graveyard_target_kinds())
# "you don't control": the core's TS_OPPONENT rejects only the chooser's own permanents,
# which is what both "an opponent controls" and "you don't control" mean (no teams, 810)
TARGETS.update({
    "creature you don't control": _C["TS_CREATURE"] | _C["TS_OPPONENT"],
    "creature or planeswalker you don't control":
        _C["TS_CREATURE"] | _C["TS_PLANESWALKER"] | _C["TS_OPPONENT"],
    "creature or planeswalker an opponent controls":
        _C["TS_CREATURE"] | _C["TS_PLANESWALKER"] | _C["TS_OPPONENT"],
})
# a permanent of one of two, three or four card types ("target artifact, creature, or
# enchantment"): the core's kind bits already mean "one of these" (115.1)
def _permanent_target_kinds() -> dict[str, int]:
    from itertools import combinations
    bits = {"artifact": _C["TS_ARTIFACT"], "creature": _C["TS_CREATURE"],
            "enchantment": _C["TS_ENCHANTMENT"], "land": _C["TS_LAND"],
            "planeswalker": _C["TS_PLANESWALKER"]}
    out = {}
    for n in (2, 3, 4):
        for combo in combinations(sorted(bits), n):
            words = " or ".join(combo) if n == 2 else ", ".join(combo[:-1]) + ", or " + combo[-1]
            mask = 0
            for w in combo:
                mask |= bits[w]
            out[words] = mask
    return out


TARGETS.update({k: v for k, v in _permanent_target_kinds().items() if k not in TARGETS})
# "nonbasic land" (205.4a: without the basic supertype; Wasteland) and "nonland permanent"
# (Abrupt Decay), with the controllers "an opponent controls" / "you don't control" name
for _kind, _bits in (("nonbasic land", _C["TS_LAND"] | _C["TS_NONBASIC"]),
                     ("nonland permanent", _C["TS_PERMANENT"] | _C["TS_NONLAND"])):
    TARGETS[_kind] = _bits
    TARGETS[f"{_kind} an opponent controls"] = _bits | _C["TS_OPPONENT"]
    TARGETS[f"{_kind} you don't control"] = _bits | _C["TS_OPPONENT"]
# "artifact, enchantment, or nonbasic land" (Boseiju, Who Endures): "nonbasic" names the
# land only (the core's TS_NONBASIC with other kinds, effects.pxi target_qualities_match)
for _ctl in ("", " an opponent controls", " you don't control"):
    TARGETS[f"artifact, enchantment, or nonbasic land{_ctl}"] = \
        _C["TS_ARTIFACT"] | _C["TS_ENCHANTMENT"] | _C["TS_LAND"] | _C["TS_NONBASIC"] | \
        (_C["TS_OPPONENT"] if _ctl else 0)
MANA_VALUE_MAX = _C["TGT_MV_MASK"]
"""The greatest N of "with mana value N or less / or greater" a target kind holds."""


def _mana_value_target_kinds() -> dict[str, int]:
    """"<permanent kind> with mana value N or less / N or greater / N" (202.3; Abrupt Decay,
    Eliminate), "<card kind> in your graveyard with mana value ..." (reanimation) and
    "<spell kind> with mana value ..." (Spell Snare, Disdainful Stroke; X counts as chosen
    on the stack, 202.3e): each kind above but players, N in the spec's TS_MV bits
    (TGT_MV_SHIFT), "N" alone both comparisons."""
    out = {}
    for k, v in TARGETS.items():
        if v & _C["TS_PLAYER"] or " with" in k or " than " in k:
            continue
        for n in range(MANA_VALUE_MAX + 1):
            mv = v | (n << _C["TGT_MV_SHIFT"])
            out[f"{k} with mana value {n} or less"] = mv | _C["TS_MV_OR_LESS"]
            out[f"{k} with mana value {n} or greater"] = mv | _C["TS_MV_OR_GREATER"]
            out[f"{k} with mana value {n}"] = mv | _C["TS_MV_OR_LESS"] | _C["TS_MV_OR_GREATER"]
    return out


TARGETS.update(_mana_value_target_kinds())
# The second of "two target Xs" (one word "target", 601.2c): a different object of the
# same kind (TS_DIFFERENT; "different land" above is one of these)
TARGETS.update({f"different {k}": v | _C["TS_DIFFERENT"] for k, v in list(TARGETS.items())
                if not v & (_C["TS_PLAYER"] | _C["TS_SPELL"] | _C["TS_DIFFERENT"])
                and f"different {k}" not in TARGETS})
# "another target [type] card from your graveyard" (When ~ dies, ...): not the source's card
TARGETS.update({f"other {k}": v | _C["TS_NOT_SELF"] for k, v in list(TARGETS.items())
                if v & _C["TS_YOUR_GRAVEYARD"] and not v & _C["TS_DIFFERENT"]})


# --- optional targets (601.2c) ------------------------------------------------
# "another target creature" / "up to two other target creatures" (not the source, 115.5) and
# "target creature your opponents control" (= "an opponent controls": each opponent's)
TARGETS.setdefault("other creature", _C["TS_CREATURE"] | _C["TS_NOT_SELF"])
TARGETS.setdefault("different other creature",
                   _C["TS_CREATURE"] | _C["TS_NOT_SELF"] | _C["TS_DIFFERENT"])
TARGETS.setdefault("creature your opponents control", _C["TS_CREATURE"] | _C["TS_OPPONENT"])
TARGETS.setdefault("different creature your opponents control",
                   _C["TS_CREATURE"] | _C["TS_OPPONENT"] | _C["TS_DIFFERENT"])
OPTIONAL_TARGET = "up to one "
"""Prefix of an optional target kind: "up to one creature" may be left unchosen (601.2c);
"up to two target creatures" is ("up to one creature", "up to one different creature").
An ability's optional targets come after its required ones (AF_OPTIONAL_TARGETS)."""
TARGETS.update({OPTIONAL_TARGET + k: v for k, v in list(TARGETS.items())
                if not k.startswith(OPTIONAL_TARGET)})
# grant: the permanent an Aura or Equipment is attached to, as an effect operand ("Sacrifice
# ~: ...", "{G}: Regenerate enchanted creature"; 303.4, 301.5); only on an Aura / Equipment
REFS.update({"enchanted creature": _C["REF_ATTACHED"], "equipped creature": _C["REF_ATTACHED"],
             "enchanted permanent": _C["REF_ATTACHED"]})
