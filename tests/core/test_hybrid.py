"""Two-colour hybrid mana symbols (107.4e): {W/U} is one pip paid with one white or one
blue mana; in mana costs (202.1) and activation costs (602.1a).  A hybrid card is each
colour of its hybrid symbols (105.2, 202.2d); each counts 1 toward its mana value
(202.3f).  601.2b / 601.2g-h: the payment chooses, for each hybrid pip, a colour the mana
available makes: the core matches pips to mana exactly (mana.pxi, hybrid.pxi), it never
picks greedily."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_core import DEFAULT_CARDS, Card, Game, _engine
from mtg_core.cards import ActivatedAbility, Draw, ManaCost, SpellAbility
from mtg_core.enums import ActionKind, Decision, Keyword, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError

C = _engine.constants()
W, U, B, R, G = (1 << i for i in range(5))
# A test card (no real card costs {W/B}{W/U}): two hybrid pips sharing one colour.
DB = DEFAULT_CARDS.extended([
    Card("Hybrid Duo", "{W/B}{W/U}", ("Sorcery",), abilities=(SpellAbility(Draw("you", 1)),)),
    Card("Hybrid Trio Artifact", "{1}", ("Artifact",),
         abilities=(ActivatedAbility("{W/U}{U}", Draw("you", 1)),)),
])


def game(hand=(), battlefield=(), pool=None) -> tuple[Game, list[int], list[int]]:
    g = Game(["bears", "bears"], seed=3, cards=DB, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    h = [g.create_card(n, 0, Zone.HAND) for n in hand]
    b = [g.create_card(n, 0, Zone.BATTLEFIELD) for n in battlefield]
    for o in b:
        g.set_object(o, sick=0)
    if pool:
        g.set_player(0, **{f"mana_{c}": n for c, n in pool.items()})
    return g, h, b


def castable(g: Game, o: int) -> bool:
    return any(a.kind == ActionKind.CAST and a.a == o for a in g.legal_actions())


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


# --- the card language ------------------------------------------------------------------------

def test_202_3f_and_202_2d_mana_value_and_colours_of_hybrid_costs():
    cost = ManaCost.parse("{1}{W/U}{W/U}")
    assert (cost.mana_value, cost.colors, cost.hybrid) == (3, W | U, ("W/U", "W/U"))
    assert cost.hybrid_word == (W | U) | (W | U) << C["HYBRID_BITS"]
    assert DEFAULT_CARDS["Boros Recruit"].mana_value == 1
    assert DEFAULT_CARDS["Wilt-Leaf Cavaliers"].mana_value == 3
    assert DEFAULT_CARDS["Marisi's Twinclaws"].mana_value == 4
    assert DEFAULT_CARDS["Assure // Assemble"].mana_value == 8                # 709.4
    g, (unmake,), (recruit, twin) = game(hand=("Unmake",),
                                         battlefield=("Boros Recruit", "Marisi's Twinclaws"))
    assert g.characteristics(recruit)["colors"] == "WR"                      # 202.2d
    assert g.characteristics(twin)["colors"] == "WRG"
    assert g.characteristics(unmake)["colors"] == "WB"


@pytest.mark.parametrize("text,why", [
    ("{2/W}", "monocoloured hybrid"), ("{G/U/P}", "Phyrexian hybrid"), ("{P}", "not supported"),
    ("{C/W}", "colourless hybrid"), ("{W/W}", "unknown hybrid"), ("{S}", "snow"),
    ("{W/U}" * 7, "at most 6"),
])
def test_107_4_other_hybrid_and_phyrexian_symbols_are_refused(text, why):
    with pytest.raises(CardScriptError, match=why):
        ManaCost.parse(text)


@pytest.mark.parametrize("kw", [dict(kicker="{W/U}"), dict(flashback="{1}{W/U}")])
def test_hybrid_kicker_and_flashback_costs_are_refused_not_read_without_their_pips(kw):
    with pytest.raises(CardScriptError, match="hybrid symbols are supported in mana costs and "
                                              "activation costs only"):
        DEFAULT_CARDS.extended([Card("Bad Hybrid", "{1}", ("Sorcery",),
                                     abilities=(SpellAbility(Draw("you", 1), **kw),))])


def test_hybrid_in_a_payment_of_an_effect_is_refused():
    from mtg_core.cards.effects.choices import _payment         # noqa: PLC2701 (the parser)
    with pytest.raises(CardScriptError, match="hybrid"):
        _payment("{W/U}")


# --- 107.4e: paying hybrid mana costs in games ------------------------------------------------

@pytest.mark.parametrize("land,ok", [("Mountain", True), ("Plains", True), ("Forest", False),
                                     ("Boros Locket", True), ("Golgari Locket", False)])
def test_107_4e_a_hybrid_pip_is_paid_with_either_of_its_colours(land, ok):
    g, (recruit,), (l,) = game(hand=("Boros Recruit",), battlefield=(land,))
    assert castable(g, recruit) is ok
    if not ok:
        before = g.save()
        with pytest.raises(IllegalActionError):
            g.cast(recruit)
        assert g.save() == before
        return
    g.cast(recruit)
    assert g.obj(l)["tapped"] and g.mana_pool(0) == {}
    resolve(g)
    assert recruit in g.battlefield()


def test_107_4e_three_hybrid_pips_paid_with_both_colours_mixed():
    g, (unmake,), lands = game(hand=("Unmake",), battlefield=("Plains", "Swamp", "Swamp"))
    (target,) = [g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)]
    g.cast(unmake, target)
    assert all(g.obj(o)["tapped"] for o in lands) and g.mana_pool(0) == {}
    resolve(g)
    assert target in g.zone(Zone.EXILE)


def test_107_4e_hybrid_and_coloured_pips_are_matched_not_chosen_greedily():
    """{2}{R/W}{G} with Selesnya Locket (G or W), Forest and two Islands: the {R/W} pip
    needs the Locket as W, so the {G} pip must take the Forest.  Without the Forest it can't."""
    g, (twin,), lands = game(hand=("Marisi's Twinclaws",),
                             battlefield=("Selesnya Locket", "Forest", "Island", "Island"))
    assert castable(g, twin)
    g.cast(twin)
    assert all(g.obj(o)["tapped"] for o in lands) and g.mana_pool(0) == {}
    g2, (twin2,), _ = game(hand=("Marisi's Twinclaws",),
                           battlefield=("Selesnya Locket", "Island", "Island", "Island"))
    assert not castable(g2, twin2)


def test_601_2h_hybrid_pips_are_paid_from_the_pool_by_the_colour_each_took():
    """{W/B}{W/U} from a pool of W and U: the W must go to {W/B} and the U to {W/U}."""
    g, (duo,), _ = game(hand=("Hybrid Duo",), pool={"W": 1, "U": 1})
    assert castable(g, duo)
    g.cast(duo)
    assert g.mana_pool(0) == {}
    g2, (duo2,), _ = game(hand=("Hybrid Duo",), pool={"U": 2})
    assert not castable(g2, duo2)                    # {W/B} can't take the U
    g3, (duo3,), _ = game(hand=("Hybrid Duo",), pool={"B": 1, "W": 1, "R": 1})
    g3.cast(duo3)
    assert g3.mana_pool(0) == {"R": 1}


def test_709_3_a_split_half_with_hybrid_pips():
    g, (card,), _ = game(hand=("Assure // Assemble",), battlefield=("Forest", "Plains"))
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    acts = [a for a in g.legal_actions() if a.kind == ActionKind.CAST_SPLIT and a.a == card]
    assert [a.b for a in acts] == [0]                # Assure, not Assemble ({4}{G}{W})
    g.apply(acts[0])
    g._choose_targets((bear,))
    assert g.mana_pool(0) == {}
    resolve(g)
    assert g.characteristics(bear)["power"] == 3


# --- hybrid activation costs (602.1a, 602.2b) --------------------------------------------------

@pytest.mark.parametrize("land", ["Island", "Mountain"])
def test_602_2b_hybrid_activation_cost_paid_with_either_colour(land):
    g, _, (weird, l) = game(battlefield=("Frostburn Weird", land))
    g.activate(weird, 0)
    assert g.obj(l)["tapped"]
    resolve(g)
    assert (g.characteristics(weird)["power"], g.characteristics(weird)["toughness"]) == (2, 3)


def test_602_2b_hybrid_activation_cost_not_payable_with_other_colours():
    g, _, (weird, _l) = game(battlefield=("Frostburn Weird", "Forest"))
    assert not any(a.kind == ActionKind.ACTIVATE and a.a == weird for a in g.legal_actions())
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.activate(weird, 0)
    assert g.save() == before


def test_602_2b_locket_four_hybrid_pips_tap_and_sacrifice():
    g, _, (locket, *lands) = game(battlefield=("Azorius Locket", "Plains", "Island",
                                               "Azorius Locket", "Island"))
    hand = len(g.hand(0))
    g.activate(locket, 1)
    assert all(g.obj(o)["tapped"] for o in lands)
    assert locket in g.graveyard(0)
    resolve(g)
    assert len(g.hand(0)) == hand + 2


def test_602_2b_locket_cant_pay_four_hybrid_pips_with_its_own_mana():
    """{T} is part of the cost: the Locket can't make mana for it (exclude), so three lands
    and the Locket aren't enough."""
    g, _, (locket, *_lands) = game(battlefield=("Azorius Locket", "Plains", "Island", "Island"))
    assert not any(a.kind == ActionKind.ACTIVATE and a.a == locket for a in g.legal_actions())


def test_702_29a_hybrid_cycling_cost_from_the_hand():
    g, (carabid,), (l,) = game(hand=("Monstrous Carabid",), battlefield=("Swamp",))
    hand = len(g.hand(0))
    g.activate(carabid, 0)
    assert g.obj(l)["tapped"] and carabid in g.graveyard(0)
    resolve(g)
    assert len(g.hand(0)) == hand                    # one discarded, one drawn


def test_hybrid_and_coloured_pips_of_one_activation_cost_matched():
    """{W/U}{U} with Azorius Locket (W or U) and a Plains: the Locket must be the U."""
    g, _, (art, locket, plains) = game(battlefield=("Hybrid Trio Artifact", "Azorius Locket",
                                                    "Plains"))
    g.activate(art, 0)
    assert g.obj(locket)["tapped"] and g.obj(plains)["tapped"] and g.mana_pool(0) == {}
    g2, _, (art2, *_x) = game(battlefield=("Hybrid Trio Artifact", "Plains", "Plains"))
    assert not any(a.kind == ActionKind.ACTIVATE and a.a == art2 for a in g2.legal_actions())


def test_hybrid_pips_with_generic_mana_savageborn_hydra():
    g, _, (hydra, *lands) = game(battlefield=("Savageborn Hydra", "Forest", "Island"))
    g.activate(hydra, 0)
    assert all(g.obj(o)["tapped"] for o in lands)


# --- can_pay against a brute force -------------------------------------------------------------

# (Automatic payment taps a source for its first mana ability only: the dual lands of the
# library, with one ability per colour, aren't used here; the Lockets make either colour.)
_SOURCES = {"Plains": W, "Island": U, "Swamp": B, "Mountain": R, "Forest": G,
            "Azorius Locket": W | U, "Boros Locket": R | W, "Golgari Locket": B | G,
            "Selesnya Locket": G | W, "Izzet Locket": U | R}
_PAIRS = [a | b for a, b in itertools.combinations((W, U, B, R, G), 2)]


def brute_force_can_pay(units: list[int], cost: list[int], hybrid: list[int]) -> bool:
    """Each unit of mana (a colour mask: pool mana one colour, a dual land two) to at most
    one pip: try every assignment of colours to the hybrid pips, then every order."""
    for choice in itertools.product(*[[c for c in (W, U, B, R, G) if c & h] for h in hybrid]):
        pips = [1 << c for c in range(6) for _ in range(cost[1 + c])] + list(choice)
        if len(pips) + cost[0] > len(units):
            continue
        if _assign(pips, units, [False] * len(units)):
            return True
    return False


def _assign(pips, units, used) -> bool:
    if not pips:
        return True
    for i, u in enumerate(units):
        if not used[i] and u & pips[0]:
            used[i] = True
            if _assign(pips[1:], units, used):
                return True
            used[i] = False
    return False


@settings(max_examples=150, deadline=None)
@given(pool=st.lists(st.integers(0, 2), min_size=6, max_size=6),
       lands=st.lists(st.sampled_from(sorted(_SOURCES)), max_size=5),
       cost=st.lists(st.integers(0, 2), min_size=7, max_size=7),
       hybrid=st.lists(st.sampled_from(_PAIRS), max_size=4))
def test_107_4e_can_pay_with_hybrid_pips_agrees_with_a_brute_force(pool, lands, cost, hybrid):
    g = Game(["bears", "bears"], seed=1, cards=DB, mulligans=False, starting_player=0)
    for n in lands:
        g.create_card(n, 0, Zone.BATTLEFIELD)
    g.set_player(0, **{f"mana_{c}": n for c, n in zip("WUBRGC", pool)})
    units = [1 << c for c in range(6) for _ in range(pool[c])] + [_SOURCES[n] for n in lands]
    word = sum(h << (C["HYBRID_BITS"] * i) for i, h in enumerate(hybrid))
    want = brute_force_can_pay(units, cost, hybrid)
    assert g.state.can_pay(0, cost, word) is want
    if not hybrid:
        assert g.state.can_pay(0, cost) is want


@pytest.mark.parametrize("word,why", [(W | U | B, "pair"), (W, "pair"), ((W | U) | (W | U) << 10, "gap"),
                                      (1 << 30, "at most"), (-1, "at most")])
def test_can_pay_refuses_a_malformed_hybrid_word(word, why):
    g = Game(["bears", "bears"], seed=1, cards=DB, mulligans=False)
    with pytest.raises(_engine.EngineError, match=why):
        g.state.can_pay(0, [0] * 7, word)


def test_card_tables_with_a_malformed_hybrid_column_are_refused():
    t = DB.tables
    cards, abilities = t.cards.copy(), t.abilities.copy()
    cards[0, C["CF_COST_HYBRID"]] = W | U | B
    with pytest.raises(_engine.EngineError, match="card row 0: CF_COST_HYBRID pip 0 is not a pair"):
        _engine.CardTables(cards, t.abilities, t.program)
    abilities[0, C["AF_COST_HYBRID"]] = W
    with pytest.raises(_engine.EngineError, match="ability row 0: AF_COST_HYBRID pip 0"):
        _engine.CardTables(t.cards, abilities, t.program)


# --- debug build: random games with hybrid cards -----------------------------------------------

HYBRID_GAMES = r"""
import json, random, sys
from mtg_core import DEFAULT_CARDS, Deck, Game, _engine
from mtg_core.library import hybrid_mana
assert _engine.DEBUG_BUILD
rng = random.Random(int(sys.argv[1]))
names = [c.name for c in hybrid_mana.CARDS]
lands = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Savannah", "Badlands",
         "Bayou", "Volcanic Island", "Plateau", "Scrubland", "Taiga", "Underground Sea"]
names += ["Boros Recruit", "Unmake"]                    # more one-symbol and all-hybrid costs
deck = Deck.parse("\n".join([f"3 {n}" for n in names] + [f"2 {n}" for n in lands]), name="hybrid")
results = {}
for i in range(int(sys.argv[2])):
    g = Game([deck, deck], seed=rng.getrandbits(32), mulligans=False, log=False,
             max_turns=rng.choice([10, 20, 30]))
    g.play_random(rng.getrandbits(32))
    results[str(g.state.result)] = results.get(str(g.state.result), 0) + 1
print(json.dumps(results))
"""


def test_hybrid_random_games_pass_the_debug_brute_force_cross_check(debug_engine):
    """Debug build (sanitizers on): every matching of a cost with hybrid pips is checked
    against the brute force (each pip made one of its colours, then the single-colour
    matching); a difference would stop the process (debug_fail)."""
    proc = debug_engine.run(HYBRID_GAMES, timeout=900, args=("7", "60"))
    assert proc.returncode == 0, proc.stderr[-5000:]
    assert sum(json.loads(proc.stdout.strip().splitlines()[-1]).values()) == 60


# --- the library's hybrid cards in games -------------------------------------------------------

def test_107_4e_wilt_leaf_cavaliers_cast_with_green_and_white():
    g, (cav,), lands = game(hand=("Wilt-Leaf Cavaliers",), battlefield=("Forest", "Plains", "Forest"))
    g.cast(cav)
    resolve(g)
    assert cav in g.battlefield(0) and all(g.obj(o)["tapped"] for o in lands)
    assert g.keywords(cav) & Keyword.VIGILANCE


def test_107_4e_gift_of_orzhova_enchants_paid_with_white_and_black():
    g, (gift,), lands = game(hand=("Gift of Orzhova",), battlefield=("Swamp", "Plains", "Forest"))
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.cast(gift, bear)
    resolve(g)
    ch = g.characteristics(bear)
    assert (ch["power"], ch["toughness"]) == (3, 3)
    assert ch["keywords"] & Keyword.FLYING and ch["keywords"] & Keyword.LIFELINK
    assert all(g.obj(o)["tapped"] for o in lands)


def test_701_15_odious_trow_regenerates_for_one_and_a_black_or_green():
    g, (murder,), (trow, *lands) = game(hand=("Murder",), battlefield=(
        "Odious Trow", "Forest", "Island", "Swamp", "Swamp", "Swamp"))
    g.activate(trow, 0)                              # {1}{B/G}: Forest and Island
    resolve(g)
    assert g.obj(lands[0])["tapped"] and g.obj(lands[1])["tapped"]
    g.cast(murder, trow)
    resolve(g)
    assert trow in g.battlefield(0) and g.obj(trow)["tapped"]      # 701.15a: regenerated


def test_elvish_hexhunter_destroys_an_enchantment_for_a_green_or_white():
    g, _, (hex_, plains) = game(battlefield=("Elvish Hexhunter", "Plains"))
    aura_target = g.create_card("Phyrexian Arena", 1, Zone.BATTLEFIELD)
    g.activate(hex_, 0, aura_target)
    assert hex_ in g.graveyard(0) and g.obj(plains)["tapped"]
    resolve(g)
    assert aura_target in g.graveyard(1)


def test_savageborn_hydra_puts_a_counter_for_one_and_a_red_or_green():
    g, _, (hydra, _f, _i) = game(battlefield=("Savageborn Hydra", "Forest", "Island"))
    g.set_object(hydra, plus1=1)                     # as if cast with X = 1
    g.activate(hydra, 0)
    resolve(g)
    assert g.obj(hydra)["plus1"] == 2 and g.characteristics(hydra)["power"] == 2
