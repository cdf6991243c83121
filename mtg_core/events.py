"""Turning the core's event log (int rows) into readable lines that cite the rules."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _engine
from .enums import STEP_NAMES, PHASE_NAMES, Step, Phase

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

_C = _engine.constants()
_EV = {v: k[3:] for k, v in _C.items() if k.startswith("EV_")}
COLORS = "WUBRGC"
SBA_RULES = {_C["WHY_TOUGHNESS"]: ("toughness 0 or less", "704.5f"),
             _C["WHY_LETHAL"]: ("lethal damage", "704.5g"),
             _C["WHY_DEATHTOUCH"]: ("damage from a deathtouch source", "704.5h"),
             _C["WHY_LOYALTY"]: ("0 loyalty", "704.5i"),
             _C["WHY_LEGEND"]: ("the legend rule", "704.5j"),
             _C["WHY_WORLD"]: ("the world rule", "704.5k"),
             _C["WHY_AURA"]: ("an illegal or missing attachment", "704.5m"),
             _C["WHY_SAGA"]: ("its controller sacrifices it after its final chapter", "714.4")}
LOSS_RULES = {_C["LOSS_LIFE"]: ("0 or less life", "704.5a"),
              _C["LOSS_DRAW_EMPTY"]: ("drawing from an empty library", "704.5b"),
              _C["LOSS_POISON"]: ("ten or more poison counters", "704.5c"),
              _C["LOSS_CONCEDE"]: ("conceding", "104.3a")}


# An added main phase is a main phase; which one it is is known only when it begins (505.1a).
_ADDED_PHASE = {**{p.value: PHASE_NAMES[p] for p in Phase}, Phase.POSTCOMBAT_MAIN.value: "main phase"}


def format_event(game: "Game", row) -> str | None:
    code, a, b, c = (int(x) for x in row)
    kind = _EV.get(code, "?")
    obj = game.object_name
    who = game.player_name
    if kind == "TURN":
        return f"=== Turn {a}: {who(b)} ==="
    if kind == "STEP":
        return f"-- {STEP_NAMES[Step(a)]} ({PHASE_NAMES[Phase(b)]})"
    if kind == "DRAW":
        return f"{who(a)} draws {obj(b)}" if b >= 0 else f"{who(a)} draws from an empty library (704.5b)"
    if kind == "PLAY_LAND":
        return f"{who(a)} plays {obj(b)} (305.1)"
    if kind == "TRANSFORM":
        return f"{obj(a)} transforms (701.28a)"
    if kind == "DAY_NIGHT":
        return f"it becomes {'day' if a == 1 else 'night'} (726.2)"
    if kind == "CAST":
        return f"{who(a)} casts {obj(b)}"
    if kind == "ACTIVATE":
        return f"{who(a)} activates an ability of {obj(b)}"
    if kind == "RESOLVE":
        return f"{obj(a)} resolves" if c == 0 else f"ability of {obj(a)} resolves"
    if kind == "FIZZLE":
        return f"{obj(a)}{' ability' if c else ''} doesn't resolve: all its targets are illegal (608.2b)"
    if kind == "ATTACKS":
        return f"{obj(a)} attacks {game.target_name(b)} (508.1)"
    if kind == "BLOCKS":
        return f"{obj(a)} blocks {obj(b)} (509.1)"
    if kind == "BLOCKED":
        return f"{obj(a)} is {'blocked' if b else 'unblocked'} (509.1h)"
    if kind == "COMBAT_COST":
        return (f"{who(a)} pays {{{b}}} to {'block' if c else 'attack'} "
                f"({'509.1d-f' if c else '508.1g-i'})")
    if kind == "BAND":
        return f"{obj(a)} joins the band of {obj(b)} (508.1e, 702.21c)"
    if kind == "BAND_BLOCKED":
        return f"{obj(a)} also blocks {obj(b)}, in the same band (702.21h)"
    if kind == "DEFENDER_CHOSEN":
        return f"{who(a)} chooses {who(b)} as the defending player (507.1)"
    if kind == "DAMAGE_ORDER":
        return f"{obj(b)} is next in {obj(a)}'s damage assignment order (509.2)"
    if kind == "ATTACKER_ORDER":
        return f"{obj(b)} is next in {obj(a)}'s damage assignment order (509.3)"
    if kind in ("DAMAGE_ASSIGNED", "BLOCKER_ASSIGNED", "TRAMPLE_ASSIGNED"):
        rule = {"DAMAGE_ASSIGNED": "510.1c", "BLOCKER_ASSIGNED": "510.1d",
                "TRAMPLE_ASSIGNED": "702.19b"}[kind]
        return f"{obj(a)} assigns {c} combat damage to {game.target_name(b)} ({rule})"
    if kind == "COMBAT_DAMAGE":
        on_stack = " on the stack resolves: it" if c else ""    # classic rules
        return (f"first-strike combat damage{on_stack} is dealt (510.2, 510.5)" if b
                else f"combat damage{on_stack} is dealt (510.2)")
    if kind == "COMBAT_DAMAGE_ON_STACK":
        return ("first-strike combat damage is put on the stack (classic rules)" if b
                else "combat damage is put on the stack (classic rules)")
    if kind == "COMBAT_DAMAGE_LOST":
        return (f"{obj(a)}'s {c} combat damage to {game.target_name(b)} is not dealt: "
                "it has left the battlefield (classic rules)")
    if kind == "MANA_BURN":
        return f"{who(a)} loses {b} life to mana burn: unused mana emptied at the end of the phase (classic rules)"
    if kind == "DAMAGE":
        return f"{obj(a)} deals {c} damage to {game.target_name(b)}"
    if kind == "PREVENTED":
        return f"{c} damage {obj(a)} would deal to {obj(b)} is prevented: protection (702.16e)"
    if kind == "EXILE":
        return f"{obj(a)} is exiled" + (" (702.34a flashback)" if b == _C["Z_STACK"] else " (406.3)")
    if kind == "REVEAL":
        return f"{who(a)} reveals {obj(b)}" + (" and puts it into their hand" if c else "") + " (701.16a)"
    if kind == "SEARCH":
        if b == -2:
            return f"{who(a)} doesn't search their library"
        if b == -1:
            return f"{who(a)} searches their library and finds nothing (701.19b)"
        return f"{who(a)} searches their library and finds {obj(b)} (701.19)"
    if kind == "LIFE":
        return f"{who(a)} {'gains' if b > 0 else 'loses'} {abs(b)} life"
    if kind == "SBA_DIES":
        why, rule = SBA_RULES.get(b, ("?", "704.5"))
        return f"{obj(a)} is put into its owner's graveyard: {why} ({rule})"
    if kind == "LEGEND_RULE":
        return f"{obj(a)} is put into its owner's graveyard: the legend rule (704.5j)"
    if kind == "LOSE":
        why, rule = LOSS_RULES.get(b, ("?", "104.3"))
        return f"{who(a)} loses the game: {why} ({rule})"
    if kind == "GAME_OVER":
        if a == _C["R_WIN"]:
            return f"Game over: {who(b)} wins"
        if a == _C["R_DRAW"]:
            return "Game over: a draw (104.4a)"
        if a == _C["R_ABORTED"]:
            return "Game over: aborted"
        return "Game over: unfinished (turn limit)"
    if kind == "UNTAP_STEP":
        return f"{who(a)} untaps their permanents (502.2)"
    if kind == "PHASE_OUT":
        return f"{obj(a)} phases out (502.1)"
    if kind == "PHASE_IN":
        return f"{obj(a)} phases in (502.1)"
    if kind == "DISCARD":
        if c == 1:
            return f"{who(a)} discards {obj(b)} at random"
        return f"{who(a)} discards {obj(b)} (514.1)"
    if kind == "REGENERATE":
        return f"{obj(a)} regenerates: tapped, damage removed, removed from combat (701.19, 506.4)"
    if kind == "CONTROL":
        return f"{who(b)} now controls {obj(a)} (613.1b; a control change removes it from combat, 506.4)"
    if kind == "REMOVED_FROM_COMBAT":
        return f"{obj(a)} is no longer a creature: removed from combat (506.4)"
    if kind == "ENTERS_ATTACKING":
        if c:
            return f"{obj(a)} enters the battlefield attacking {game.target_name(b)} (508.4)"
        return f"{obj(a)} enters the battlefield but isn't attacking (506.3)"
    if kind == "ENTERS_BLOCKING":
        if c:
            return f"{obj(a)} enters the battlefield blocking {obj(b)} (509.7)"
        return f"{obj(a)} enters the battlefield but isn't blocking (506.3)"
    if kind == "MULLIGAN":
        return f"{who(a)} takes mulligan number {b} (103.5)"
    if kind == "KEEP":
        return f"{who(a)} keeps a hand of {b} (103.5)"
    if kind == "BOTTOM":
        return f"{who(a)} puts a card on the bottom of their library (103.5)"
    if kind == "TRIGGER":
        return f"{obj(a) if a >= 0 else 'a delayed trigger'} triggers"
    if kind == "EXTRA_TURN":
        return f"{who(a)} will take an extra turn (500.7)"
    if kind == "EXTRA_PHASE":
        first = _ADDED_PHASE[a]
        if b >= 0:
            return f"an additional {first} followed by an additional {_ADDED_PHASE[b]} is added (500.8)"
        return f"an additional {first} is added after this phase (500.8)"
    if kind == "EXTRA_STEP":
        where = f" {'before' if c == 1 else 'after'} the next {STEP_NAMES[Step(b)]}" if c else ""
        return f"an additional {STEP_NAMES[Step(a)]} is added{where} (500.9)"
    if kind == "SKIP":
        if a == 1:
            return f"{who(b)} skips their turn (500.10)"
        if a == 2:
            return f"{who(c)} skips the {PHASE_NAMES[Phase(b)]} (500.10)"
        rule = "103.8a" if c == _C["SKIP_FIRST_DRAW"] else "500.10"
        return f"{STEP_NAMES[Step(b)]} is skipped ({rule})"
    if kind == "MANA":
        return f"{who(a)} adds {{{COLORS[b]}}}" + (f" x{c}" if c > 1 else "")
    if kind == "ATTACH":
        return f"{obj(a)} becomes attached to {game.target_name(b)}"
    if kind == "UNATTACH":
        return f"{obj(a)} becomes unattached (704.5n)"
    if kind == "AURA_CANT_ENTER":
        return (f"{obj(a)} can't legally enchant {game.target_name(b)}: it is put into its "
                "owner's graveyard instead of entering the battlefield (303.4g)")
    if kind == "EFFECTS_END":
        return None
    if kind == "DAMAGE_WEARS_OFF":
        return "damage wears off; \"until end of turn\" effects end (514.2)"
    if kind == "COUNTERS":
        if b == -1:
            return f"{c} +1/+1 and -1/-1 counter pairs on {obj(a)} are removed (704.5q)"
        if b == _C["CTR_LORE"]:
            return f"{obj(a)} gets {c} lore counter(s) (714.3)"
        return f"{obj(a)} gets {c} counter(s)"
    if kind == "CONCEDE":
        return f"{who(a)} concedes (104.3a)"
    if kind == "SHUFFLE":
        return f"{who(a)} shuffles their library"
    if kind == "PLAYER_LEAVES":
        return f"{who(a)} leaves the game; their objects leave with them (800.4a)"
    if kind == "TURN_LIMIT":
        return f"turn limit reached after turn {a}"
    if kind == "NO_ATTACKERS":
        return "no attackers are declared; declare blockers and combat damage are skipped (508.6)"
    if kind == "DESTROY":
        return f"{obj(a)} is destroyed"
    if kind == "SACRIFICE":
        return f"{obj(a)} is sacrificed"
    if kind == "POISON":
        return f"{who(a)} gets {b} poison counter(s)"
    if kind == "TARGET":
        what = obj(a) if c == _C["SK_SPELL"] else f"the ability of {obj(a)}"
        return f"{what} targets {game.target_name(b)}"
    if kind == "TOKEN":
        return f"{who(c)} creates a {obj(a)} token (111.2)"
    if kind == "COUNTERED":
        return f"{obj(a)} is countered (701.5a)" if b == 0 else \
            f"the ability of {obj(a)} is countered (701.5b)"
    if kind == "TAPPED_FOR_COST":
        return f"{who(a)} taps {obj(b)} to pay a cost (118.3)"
    if kind == "WARD":
        return (f"ward: {'the cost is paid for' if b else 'nothing is paid for'} "
                f"the spell or ability of {obj(a)} (702.21a)")
    if kind == "MODE":
        return f"{obj(a)}: mode {b + 1} chosen (700.2)"
    if kind == "NO_TARGET":
        what = obj(a) if c == _C["SK_SPELL"] else f"the ability of {obj(a)}"
        return f"{what}: no target chosen for its optional target {b + 1} (\"up to\", 601.2c)"
    if kind == "KICKED":
        return f"{obj(a)} is kicked (702.33)"
    if kind == "ALT_COST":
        return f"{obj(a)} is cast paying its alternative cost (118.9)"
    if kind == "X":
        return f"{obj(a)}: X is {b} (107.3)"
    if kind == "PAY_MANA":                                       # payments while resolving (118.1)
        return f"{who(a)} pays {c} life (119.4)" if c else f"{who(a)} pays {b} mana (118.1)"
    if kind == "PAY_UNLESS":
        return f"{who(a)} {'pays' if b else 'does not pay'} {{{c}}} (701.5)"
    if kind == "BOUNCE":
        return f"{obj(a)} returns to its owner's hand"
    if kind == "PUT_ON_TOP":
        return f"{obj(a)} is put on top of its owner's library (401.1)"
    if kind == "RETURN_FROM_GRAVEYARD":
        if b == 1:
            return f"{obj(a)} returns from the graveyard to the battlefield (400.7: a new object)"
        return f"{obj(a)} returns from the graveyard to its owner's hand"
    # zone changes (614) and prevention (615)
    if kind == "SHIELD":
        return f"{c} damage {obj(a)} would deal to {game.target_name(b)} is prevented (615)"
    if kind == "ENTERS_TAPPED":
        how = " tapped" if c else ""
        extra = f" with {b} +1/+1 counter{'s' if b != 1 else ''}" if b else ""
        return f"{obj(a)} enters the battlefield{how}{extra} (614.1c)"
    if kind == "DIES_EXILED":
        return f"{obj(a)} would die: it is exiled instead (614.1a)"
    if kind == "CYCLE":
        return f"{who(a)} cycles {obj(b)} (702.29)"
    if kind == "PAY_LIFE":
        return f"{who(a)} pays {b} life (119.4)"
    if kind == "ABORTED":
        if a == _C["ABORT_OBJECTS"]:
            return ("game aborted: no spare object slot for a new token (Game spare_objects) "
                    "(not a rules result)")
        if a == _C["ABORT_RANGE"]:
            return ("game aborted: a number of the game would leave its range "
                    f"(+-{_C['AMOUNT_MAX']:,}) (not a rules result)")
        if a == _C["ABORT_RUNAWAY"]:
            return "game aborted: the engine looped without a decision (not a rules result)"
        tables = {v: k[6:].lower().replace("_", " ") for k, v in _C.items() if k.startswith("ABORT_")}
        return f"game aborted: the engine's {tables.get(a, '?')} table overflowed (not a rules result)"
    return f"event {kind} {a} {b} {c}"
