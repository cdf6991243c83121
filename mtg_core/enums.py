"""Named codes of the compiled core, as Python enums.

The values come from ``mtg_core._engine.constants()`` (written once, in the core); the
member names are listed here so that type checkers and readers see them.  A test checks
that the two agree exactly.
"""
from __future__ import annotations

import enum

from . import _engine

_C = _engine.constants()


class CardType(enum.IntFlag):
    """Card types (300.1)."""
    ARTIFACT = _C["T_ARTIFACT"]
    CREATURE = _C["T_CREATURE"]
    ENCHANTMENT = _C["T_ENCHANTMENT"]
    INSTANT = _C["T_INSTANT"]
    LAND = _C["T_LAND"]
    PLANESWALKER = _C["T_PLANESWALKER"]
    SORCERY = _C["T_SORCERY"]
    BATTLE = _C["T_BATTLE"]
    KINDRED = _C["T_KINDRED"]


class Supertype(enum.IntFlag):
    """Supertypes (205.4)."""
    BASIC = _C["ST_BASIC"]
    LEGENDARY = _C["ST_LEGENDARY"]
    SNOW = _C["ST_SNOW"]
    WORLD = _C["ST_WORLD"]


class Keyword(enum.IntFlag):
    """Keyword abilities (702) as bits of one mask."""
    FLYING = _C["KW_FLYING"]
    REACH = _C["KW_REACH"]
    HASTE = _C["KW_HASTE"]
    DEFENDER = _C["KW_DEFENDER"]
    VIGILANCE = _C["KW_VIGILANCE"]
    FIRST_STRIKE = _C["KW_FIRST_STRIKE"]
    DOUBLE_STRIKE = _C["KW_DOUBLE_STRIKE"]
    TRAMPLE = _C["KW_TRAMPLE"]
    DEATHTOUCH = _C["KW_DEATHTOUCH"]
    LIFELINK = _C["KW_LIFELINK"]
    FLASH = _C["KW_FLASH"]
    HEXPROOF = _C["KW_HEXPROOF"]
    SHROUD = _C["KW_SHROUD"]
    INDESTRUCTIBLE = _C["KW_INDESTRUCTIBLE"]
    PHASING = _C["KW_PHASING"]
    MENACE = _C["KW_MENACE"]
    INFECT = _C["KW_INFECT"]
    WITHER = _C["KW_WITHER"]
    DOESNT_UNTAP = _C["KW_DOESNT_UNTAP"]
    SHADOW = _C["KW_SHADOW"]
    FEAR = _C["KW_FEAR"]
    INTIMIDATE = _C["KW_INTIMIDATE"]


class TargetSpec(enum.IntFlag):
    """What a target may be (115)."""
    CREATURE = _C["TS_CREATURE"]
    PLAYER = _C["TS_PLAYER"]
    PLANESWALKER = _C["TS_PLANESWALKER"]
    ARTIFACT = _C["TS_ARTIFACT"]
    ENCHANTMENT = _C["TS_ENCHANTMENT"]
    LAND = _C["TS_LAND"]
    PERMANENT = _C["TS_PERMANENT"]
    YOU_CONTROL = _C["TS_YOU_CONTROL"]
    OPPONENT = _C["TS_OPPONENT"]
    NOT_SELF = _C["TS_NOT_SELF"]
    SPELL = _C["TS_SPELL"]
    NONCREATURE = _C["TS_NONCREATURE"]
    ATTACKING = _C["TS_ATTACKING"]
    KNIGHT = _C["TS_KNIGHT"]
    NONBLACK = _C["TS_NONBLACK"]
    DIFFERENT = _C["TS_DIFFERENT"]
    YOUR_GRAVEYARD = _C["TS_YOUR_GRAVEYARD"]
    NONLEGENDARY = _C["TS_NONLEGENDARY"]
    NONARTIFACT = _C["TS_NONARTIFACT"]
    MONOCOLORED = _C["TS_MONOCOLORED"]
    ATTACKING_OR_BLOCKING = _C["TS_ATTACKING_OR_BLOCKING"]
    # the combat status is one two-bit field: ATTACKING, ATTACKING_OR_BLOCKING or both, BLOCKING
    COMBAT_STATUS = _C["TS_COMBAT_STATUS"]
    BLOCKING = _C["TS_BLOCKING"]
    PT_TOTAL_5_OR_LESS = _C["TS_PT_TOTAL_5_OR_LESS"]
    INSTANT = _C["TS_INSTANT"]                  # with YOUR_GRAVEYARD: an instant card
    SORCERY = _C["TS_SORCERY"]                  # with YOUR_GRAVEYARD: a sorcery card
    NONBASIC = _C["TS_NONBASIC"]                # 205.4a: without the basic supertype
    NONLAND = _C["TS_NONLAND"]
    MV_OR_LESS = _C["TS_MV_OR_LESS"]            # 202.3: mana value N or less, N in the
    MV_OR_GREATER = _C["TS_MV_OR_GREATER"]      # bits at TGT_MV_SHIFT (TGT_MV_MASK)


class Step(enum.IntEnum):
    """Steps (500.1); a main phase is the single entry MAIN."""
    UNTAP = _C["S_UNTAP"]
    UPKEEP = _C["S_UPKEEP"]
    DRAW = _C["S_DRAW"]
    MAIN = _C["S_MAIN"]
    BEGIN_COMBAT = _C["S_BEGIN_COMBAT"]
    DECLARE_ATTACKERS = _C["S_DECLARE_ATTACKERS"]
    DECLARE_BLOCKERS = _C["S_DECLARE_BLOCKERS"]
    COMBAT_DAMAGE = _C["S_COMBAT_DAMAGE"]
    END_COMBAT = _C["S_END_COMBAT"]
    END = _C["S_END"]
    CLEANUP = _C["S_CLEANUP"]


class Phase(enum.IntEnum):
    """Phases (500.1)."""
    BEGINNING = _C["PH_BEGINNING"]
    PRECOMBAT_MAIN = _C["PH_PRECOMBAT_MAIN"]
    COMBAT = _C["PH_COMBAT"]
    POSTCOMBAT_MAIN = _C["PH_POSTCOMBAT_MAIN"]
    ENDING = _C["PH_ENDING"]


class Zone(enum.IntEnum):
    """Zones (400.1)."""
    LIBRARY = _C["Z_LIBRARY"]
    HAND = _C["Z_HAND"]
    GRAVEYARD = _C["Z_GRAVEYARD"]
    BATTLEFIELD = _C["Z_BATTLEFIELD"]
    STACK = _C["Z_STACK"]
    EXILE = _C["Z_EXILE"]
    NONE = _C["Z_NONE"]


class Decision(enum.IntEnum):
    """Kinds of decision a player can be asked for."""
    NONE = _C["D_NONE"]
    PRIORITY = _C["D_PRIORITY"]
    TARGET = _C["D_TARGET"]
    ORDER_TRIGGERS = _C["D_ORDER_TRIGGERS"]
    DISCARD = _C["D_DISCARD"]
    MULLIGAN = _C["D_MULLIGAN"]
    BOTTOM = _C["D_BOTTOM"]
    LEGEND_RULE = _C["D_LEGEND_RULE"]
    DECLARE_ATTACKERS = _C["D_DECLARE_ATTACKERS"]
    DECLARE_BLOCKERS = _C["D_DECLARE_BLOCKERS"]
    DAMAGE_ORDER = _C["D_DAMAGE_ORDER"]
    ASSIGN_DAMAGE = _C["D_ASSIGN_DAMAGE"]
    CHOOSE_FROM_HAND = _C["D_CHOOSE_FROM_HAND"]
    ATTACK_WHAT = _C["D_ATTACK_WHAT"]
    CAST_CHOICE = _C["D_CAST_CHOICE"]
    PAY_UNLESS = _C["D_PAY_UNLESS"]
    SEARCH_LIBRARY = _C["D_SEARCH_LIBRARY"]
    CHOOSE_DEFENDER = _C["D_CHOOSE_DEFENDER"]
    # choices made while a spell or ability resolves (608.2d)
    MAY = _C["D_MAY"]
    LIBRARY_CARDS = _C["D_LIBRARY_CARDS"]
    DISCARD_CHOICE = _C["D_DISCARD_CHOICE"]
    LOOK_TAKE = _C["D_LOOK_TAKE"]
    ACTIVATION_COST = _C["D_ACTIVATION_COST"]     # 602.2b: what to tap / sacrifice / discard
    WARD_PAY = _C["D_WARD_PAY"]                   # 702.21a: pay for ward or be countered
    ABILITY_MODE = _C["D_ABILITY_MODE"]           # 700.2: the mode of an activated/triggered ability
    SACRIFICE_CHOICE = _C["D_SACRIFICE_CHOICE"]   # 701.21a: which permanents to sacrifice
    CREW = _C["D_CREW"]                           # 702.122a: creatures to tap for a crew cost
    AS_ENTERS = _C["D_AS_ENTERS"]                 # 614.12: pay life as a land enters, or it is tapped
    CHOOSE_REVEALED = _C["D_CHOOSE_REVEALED"]     # 701.20, 701.8: a card of a revealed hand to discard
    BLOCK_WHICH = _C["D_BLOCK_WHICH"]             # 509.6: the attacker a creature is made to block
    HAND_TO_TOP = _C["D_HAND_TO_TOP"]             # 401.4: the next card of the hand put on top of the library


class ActionKind(enum.IntEnum):
    """Kinds of action; an action code is kind | a << 8 | b << 20."""
    PASS = _C["A_PASS"]
    PLAY_LAND = _C["A_PLAY_LAND"]
    CAST = _C["A_CAST"]
    ACTIVATE = _C["A_ACTIVATE"]
    ACTIVATE_MANA = _C["A_ACTIVATE_MANA"]
    TARGET = _C["A_TARGET"]
    ORDER_TRIGGER = _C["A_ORDER_TRIGGER"]
    DISCARD = _C["A_DISCARD"]
    KEEP = _C["A_KEEP"]
    MULLIGAN = _C["A_MULLIGAN"]
    BOTTOM = _C["A_BOTTOM"]
    LEGEND_KEEP = _C["A_LEGEND_KEEP"]
    ATTACK = _C["A_ATTACK"]
    BLOCK = _C["A_BLOCK"]
    DECLARE_DONE = _C["A_DECLARE_DONE"]
    ORDER_BLOCKER = _C["A_ORDER_BLOCKER"]
    ASSIGN_DEFAULT = _C["A_ASSIGN_DEFAULT"]
    ASSIGN_POINT = _C["A_ASSIGN_POINT"]
    ORDER_ATTACKER = _C["A_ORDER_ATTACKER"]
    CHOOSE_CARD = _C["A_CHOOSE_CARD"]
    DECLINE = _C["A_DECLINE"]
    ATTACK_WHAT = _C["A_ATTACK_WHAT"]
    BLOCK_WHICH = _C["A_BLOCK_WHICH"]
    HAND_TO_TOP = _C["A_HAND_TO_TOP"]
    CHOOSE_MODE = _C["A_CHOOSE_MODE"]
    KICK = _C["A_KICK"]
    CHOOSE_X = _C["A_CHOOSE_X"]
    SAC_COST = _C["A_SAC_COST"]
    DISCARD_COST = _C["A_DISCARD_COST"]
    PAY_UNLESS = _C["A_PAY_UNLESS"]
    SEARCH_TAKE = _C["A_SEARCH_TAKE"]
    SEARCH_NOTHING = _C["A_SEARCH_NOTHING"]
    DONT_SEARCH = _C["A_DONT_SEARCH"]
    BAND = _C["A_BAND"]
    CHOOSE_DEFENDER = _C["A_CHOOSE_DEFENDER"]
    MAY_YES = _C["A_MAY_YES"]
    MAY_NO = _C["A_MAY_NO"]
    LIB_TOP = _C["A_LIB_TOP"]
    LIB_BOTTOM = _C["A_LIB_BOTTOM"]
    LIB_GRAVEYARD = _C["A_LIB_GRAVEYARD"]
    LIB_HAND = _C["A_LIB_HAND"]
    LIB_TAKE_NONE = _C["A_LIB_TAKE_NONE"]
    DISCARD_CHOSEN = _C["A_DISCARD_CHOSEN"]
    TAP_COST = _C["A_TAP_COST"]
    WARD_PAY = _C["A_WARD_PAY"]
    CAST_BACK = _C["A_CAST_BACK"]                 # 712.11: a modal DFC, back face up
    PLAY_BACK = _C["A_PLAY_BACK"]
    EXILE_COST = _C["A_EXILE_COST"]           # 118.3: a card exiled from the graveyard for a cost
    NO_TARGET = _C["A_NO_TARGET"]                 # 601.2c: leave an "up to one" target unchosen
    ABILITY_MODE = _C["A_ABILITY_MODE"]           # 700.2: a = the mode of the ability
    CAST_SPLIT = _C["A_CAST_SPLIT"]               # 709.3: b = 0 left half, 1 right half
    SACRIFICE_CHOSEN = _C["A_SACRIFICE_CHOSEN"]  # 701.21a: a permanent chosen to be sacrificed
    CREW_TAP = _C["A_CREW_TAP"]                   # 702.122a
    CAST_ALT = _C["A_CAST_ALT"]                   # 118.9: cast paying its alternative cost
    ALT_COST = _C["A_ALT_COST"]                   # 601.2h: what the alternative cost takes
    PHYREXIAN = _C["A_PHYREXIAN"]                 # 107.4f: the Phyrexian pips paid with life


class Result(enum.IntEnum):
    """How a game stands or ended."""
    ONGOING = _C["R_ONGOING"]
    WIN = _C["R_WIN"]
    DRAW = _C["R_DRAW"]
    UNFINISHED = _C["R_UNFINISHED"]
    ABORTED = _C["R_ABORTED"]


class Edition(enum.IntEnum):
    """Rules editions, chosen at game creation.

    ``SEED``: the seeds' rules (default), with damage assignment order (509.2).
    ``CURRENT``: today's Comprehensive Rules, without damage assignment order.
    ``CLASSIC``: no damage assignment order; Walls can't attack; combat damage uses the
    stack; mana empties at the end of each phase and
    unspent mana burns (the player loses that much life).
    """
    SEED = _C["EDITION_SEED"]
    CURRENT = _C["EDITION_CURRENT"]
    CLASSIC = _C["EDITION_CLASSIC"]


class Duration(enum.IntEnum):
    """Durations of continuous effects (500.5, 514.2)."""
    END_OF_TURN = _C["DUR_END_OF_TURN"]
    END_OF_STEP = _C["DUR_END_OF_STEP"]
    END_OF_PHASE = _C["DUR_END_OF_PHASE"]
    END_OF_COMBAT = _C["DUR_END_OF_COMBAT"]
    UNTIL_STEP_BEGINS = _C["DUR_UNTIL_STEP_BEGINS"]
    UNTIL_YOUR_NEXT_TURN = _C["DUR_UNTIL_YOUR_NEXT_TURN"]
    PERMANENT = _C["DUR_PERMANENT"]
    NEXT_UNTAP = _C["DUR_NEXT_UNTAP"]


class Ref(enum.IntEnum):
    """What an effect operand refers to."""
    TARGET0 = _C["REF_TARGET0"]
    TARGET1 = _C["REF_TARGET1"]
    CONTROLLER = _C["REF_CONTROLLER"]
    SELF = _C["REF_SELF"]
    EACH_OPPONENT = _C["REF_EACH_OPPONENT"]
    EACH_PLAYER = _C["REF_EACH_PLAYER"]
    ACTIVE_PLAYER = _C["REF_ACTIVE_PLAYER"]
    EACH_CREATURE = _C["REF_EACH_CREATURE"]
    CREATURES_YOU_CONTROL = _C["REF_CREATURES_YOU_CONTROL"]
    OTHER_CREATURES_YOU_CONTROL = _C["REF_OTHER_CREATURES_YOU_CONTROL"]
    CREATURES_OPPONENTS_CONTROL = _C["REF_CREATURES_OPPONENTS_CONTROL"]
    ATTACKING_CREATURES = _C["REF_ATTACKING_CREATURES"]
    BLOCKING_CREATURES = _C["REF_BLOCKING_CREATURES"]
    THAT_CREATURE = _C["REF_THAT_CREATURE"]
    THAT_PLAYER = _C["REF_THAT_PLAYER"]
    LKI_CONTROLLER = _C["REF_LKI_CONTROLLER"]
    OPPONENTS_CREATURES_AND_PLANESWALKERS = _C["REF_OPPONENTS_CREATURES_AND_PLANESWALKERS"]
    ATTACHED = _C["REF_ATTACHED"]      # "enchanted creature": what the source is attached to
    THAT_CARD = _C["REF_THAT_CARD"]    # a dies trigger's creature, as the card it became


class Color(enum.IntEnum):
    """Mana pool slots: W U B R G and colourless C."""
    W = _C["C_W"]
    U = _C["C_U"]
    B = _C["C_B"]
    R = _C["C_R"]
    G = _C["C_G"]
    C = _C["C_C"]


class LossReason(enum.IntEnum):
    """Why a player lost (704.5a-c, 104.3a)."""
    LIFE = _C["LOSS_LIFE"]
    DRAW_EMPTY = _C["LOSS_DRAW_EMPTY"]
    POISON = _C["LOSS_POISON"]
    CONCEDE = _C["LOSS_CONCEDE"]


ENUM_PREFIXES = {CardType: "T_", Supertype: "ST_", Keyword: "KW_", TargetSpec: "TS_", Step: "S_",
                 Phase: "PH_", Zone: "Z_", Decision: "D_", ActionKind: "A_", Result: "R_",
                 Duration: "DUR_", Ref: "REF_", Color: "C_", LossReason: "LOSS_"}

TGT_PLAYER: int = _C["TGT_PLAYER"]

STEP_NAMES = {
    Step.UNTAP: "untap step",
    Step.UPKEEP: "upkeep step",
    Step.DRAW: "draw step",
    Step.MAIN: "main phase",
    Step.BEGIN_COMBAT: "beginning of combat step",
    Step.DECLARE_ATTACKERS: "declare attackers step",
    Step.DECLARE_BLOCKERS: "declare blockers step",
    Step.COMBAT_DAMAGE: "combat damage step",
    Step.END_COMBAT: "end of combat step",
    Step.END: "end step",
    Step.CLEANUP: "cleanup step",
}

PHASE_NAMES = {
    Phase.BEGINNING: "beginning phase",
    Phase.PRECOMBAT_MAIN: "precombat main phase",
    Phase.COMBAT: "combat phase",
    Phase.POSTCOMBAT_MAIN: "postcombat main phase",
    Phase.ENDING: "ending phase",
}

KEYWORD_NAMES = {
    Keyword.FLYING: "Flying", Keyword.REACH: "Reach", Keyword.HASTE: "Haste",
    Keyword.DEFENDER: "Defender", Keyword.VIGILANCE: "Vigilance",
    Keyword.FIRST_STRIKE: "First strike", Keyword.DOUBLE_STRIKE: "Double strike",
    Keyword.TRAMPLE: "Trample", Keyword.DEATHTOUCH: "Deathtouch", Keyword.LIFELINK: "Lifelink",
    Keyword.FLASH: "Flash", Keyword.HEXPROOF: "Hexproof", Keyword.SHROUD: "Shroud",
    Keyword.INDESTRUCTIBLE: "Indestructible", Keyword.PHASING: "Phasing",
    Keyword.MENACE: "Menace", Keyword.INFECT: "Infect", Keyword.WITHER: "Wither",
}
