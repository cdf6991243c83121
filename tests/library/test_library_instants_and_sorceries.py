"""The library's instants_and_sorceries module, card by card in games: removal (701.7) with
the target qualities of 115.1 -- chosen only among legal targets (601.2c), checked again on
resolution (608.2b) --, burn (120.3), card draw (121.1), life (119.3), pump spells (613.4c,
ending at cleanup 514.2), rituals (106.4) and tokens (111.1); plus every card of
instants_and_sorceries, evergreen_permanents and lands_and_permanents against its Oracle
record (name, mana cost, type line, P/T, text, colours)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_core import Action, ActionKind, Keyword, Step, Zone
from mtg_core.enums import Decision
from mtg_core.errors import IllegalActionError
from mtg_core.library import (ALL_CARDS, DEFAULT_CARDS, lands_and_permanents,
                              evergreen_permanents, instants_and_sorceries)

from library_helpers import P0, P1, cast_from_hand, lands_for, main_game, resolve, start_cast

ORACLE = {r["name"]: r for r in json.loads(
    (Path(__file__).parents[1] / "data" / "oracle-more-cards.json").read_text(encoding="utf-8"))}
CARDS = [c.name for c in instants_and_sorceries.CARDS + evergreen_permanents.CARDS
        + lands_and_permanents.CARDS]


# --- exact cards -----------------------------------------------------------------------------

def test_the_cards_are_all_in_the_oracle_records_and_defined_once():
    # (the records also hold eight cards the activated_costs and choices_and_counts modules
    # define, which the keyword tests of test_library_permanents play)
    assert set(CARDS) <= set(ORACLE)
    names = [c.name for c in ALL_CARDS]
    assert all(names.count(n) == 1 for n in CARDS)
    assert len(CARDS) >= 70


@pytest.mark.parametrize("name", CARDS)
def test_every_card_has_its_oracle_name_cost_types_and_text(name):
    """The Oracle records (Scryfall "Oracle Cards" bulk data; these copied to tests/data):
    mana cost (202.1), type line (205), power / toughness (208), text, colours (105.2)."""
    card, oracle = DEFAULT_CARDS[name], ORACLE[name]
    assert card.mana_cost == oracle["mana_cost"]
    assert card.type_line() == oracle["type_line"]
    assert (card.power, card.toughness) == (
        None if oracle["power"] is None else int(oracle["power"]),
        None if oracle["toughness"] is None else int(oracle["toughness"]))
    assert card.text == oracle["oracle_text"]
    g = main_game()
    spell = {"Instant", "Sorcery"} & set(card.types)
    o = g.create_card(name, 0, Zone.HAND if spell else Zone.BATTLEFIELD)
    assert sorted(g.characteristics(o)["colors"]) == sorted(oracle["colors"])


# --- removal: 701.7 destroy, 115.1 target qualities, 601.2c, 608.2b -------------------------------

# spell -> (permanents of P1 that are legal targets, permanents of P1 that are not)
REMOVAL = {
    "Cast Down": (["Grizzly Bears"], ["Isamaru, Hound of Konda"]),              # nonlegendary
    "Go for the Throat": (["Grizzly Bears"], ["Ornithopter", "Darksteel Myr"]),  # nonartifact
    "Ultimate Price": (["Grizzly Bears", "Typhoid Rats"],                          # monocolored
                       ["Ornithopter", "Sphinx of the Steel Wind"]),               # 105.4: 0 or 3
    "Cut Down": (["Grizzly Bears", "Hurloon Minotaur"],                            # 4 and 5
                 ["Kalonian Tusker", "Craw Wurm"]),                                # 6 and 10
    "Disenchant": (["Bonesplitter", "Phyrexian Arena"], ["Grizzly Bears", "Forest"]),
    "Naturalize": (["Sol Ring", "Phyrexian Arena"], ["Grizzly Bears", "Forest"]),
    "Shatter": (["Bonesplitter", "Ornithopter"], ["Phyrexian Arena", "Forest"]),
    "Divine Offering": (["Bonesplitter"], ["Phyrexian Arena", "Grizzly Bears"]),
    "Smelt": (["Sol Ring"], ["Grizzly Bears", "Phyrexian Arena"]),
    "Demystify": (["Phyrexian Arena"], ["Bonesplitter", "Grizzly Bears"]),
    "Stone Rain": (["Forest"], ["Grizzly Bears", "Bonesplitter"]),
    "Sinkhole": (["Tundra"], ["Grizzly Bears"]),
    "Ice Storm": (["Great Furnace"], ["Sol Ring"]),                                # an artifact land
    "Desert Twister": (["Forest", "Phyrexian Arena", "Grizzly Bears"], []),
    "Vindicate": (["Forest", "Bonesplitter", "Jace Beleren"], []),
    "Dreadbore": (["Grizzly Bears", "Jace Beleren"], ["Forest", "Phyrexian Arena"]),
    "Hand of Death": (["Grizzly Bears"], ["Typhoid Rats"]),                        # nonblack
    "Infernal Grasp": (["Typhoid Rats"], ["Forest", "Jace Beleren"]),
}


@pytest.mark.parametrize("name", sorted(REMOVAL))
def test_701_7_removal_destroys_a_legal_target_and_refuses_an_illegal_one(name):
    legal_names, illegal_names = REMOVAL[name]
    for pick in range(len(legal_names)):
        g = main_game()
        legal = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in legal_names]
        illegal = [g.create_card(n, 1, Zone.BATTLEFIELD) for n in illegal_names]
        start_cast(g, name)
        assert g.decision.kind == Decision.TARGET
        # 601.2c: the choices among P1's permanents (the caster's own lands are permanents too)
        assert {t for t in g.target_choices() if t in g.battlefield(1)} == set(legal)
        for bad in illegal + [P1]:
            before = g.save()
            with pytest.raises(IllegalActionError, match=r"115\.1, 601\.2c"):
                g.apply(Action.make(ActionKind.TARGET, bad))
            assert g.save() == before                                       # nothing changed
        g.apply(Action.make(ActionKind.TARGET, legal[pick]))
        life = g.life(0)
        resolve(g)
        assert legal[pick] in g.graveyard(1)                                # 701.7a
        assert all(o in g.battlefield(1) for i, o in enumerate(legal) if i != pick)
        assert all(o in g.battlefield(1) for o in illegal)
        # "You lose 2 life." / "You gain life equal to its mana value." (Bonesplitter's: 1)
        assert g.life(0) == life + {"Infernal Grasp": -2, "Divine Offering": 1}.get(name, 0)


@pytest.mark.parametrize("artifact,life", [("Sol Ring", 1), ("Thran Dynamo", 4),
                                           ("Darksteel Ingot", 3), ("Memnite", 0)])
def test_202_3_divine_offering_gains_life_equal_to_the_artifacts_mana_value(artifact, life):
    """The mana value of the destroyed card, in the graveyard (202.3); an indestructible one
    stays (702.12b) but its controller's opponent still gains the life."""
    g = main_game()
    o = g.create_card(artifact, 1, Zone.BATTLEFIELD)
    cast_from_hand(g, "Divine Offering", o)
    resolve(g)
    assert g.life(0) == 20 + life and g.life(1) == 20
    assert (o in g.battlefield(1)) == (artifact == "Darksteel Ingot")


def test_608_2b_divine_offering_with_its_target_gone_gains_nothing():
    g = main_game()
    dynamo = g.create_card("Thran Dynamo", 1, Zone.BATTLEFIELD)
    cast_from_hand(g, "Divine Offering", dynamo)
    g.move(dynamo, Zone.HAND)                             # leaves before resolution (400.7)
    resolve(g)
    assert g.life(0) == 20


def test_701_7_removal_with_no_legal_target_cannot_be_cast():
    """601.2c: a spell that can't get its targets can't be cast (the cast is undone)."""
    g = main_game()
    g.create_card("Isamaru, Hound of Konda", 1, Zone.BATTLEFIELD)
    lands_for(g, 0, "{1}{B}")
    spell = g.create_card("Cast Down", 0, Zone.HAND)
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.cast(spell)
    assert g.save() == before


def test_506_4_divine_verdict_targets_only_an_attacking_or_blocking_creature():
    g = main_game(active=1)
    attacker = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    home = g.create_card("Kalonian Tusker", 1, Zone.BATTLEFIELD)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({attacker: P0})
    g.pass_until(lambda g: g.decision.player == 0)        # P0 gets priority in that step
    start_cast(g, "Divine Verdict")
    assert g.target_choices() == [attacker]
    with pytest.raises(IllegalActionError, match=r"601\.2c"):
        g.apply(Action.make(ActionKind.TARGET, home))
    g.apply(Action.make(ActionKind.TARGET, attacker))
    resolve(g)
    assert attacker in g.graveyard(1) and home in g.battlefield(1)


def test_506_4_divine_verdict_destroys_a_blocking_creature():
    g = main_game(active=0)
    attacker = g.create_card("Kalonian Tusker", 0, Zone.BATTLEFIELD)
    blocker = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    idle = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({attacker: P1})
    g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
    g.declare_blockers({blocker: attacker})
    g.pass_until(lambda g: g.step == Step.DECLARE_BLOCKERS and g.decision.player == 0)
    start_cast(g, "Divine Verdict")
    assert sorted(g.target_choices()) == sorted([attacker, blocker])   # not the idle one
    g.apply(Action.make(ActionKind.TARGET, blocker))
    resolve(g)
    assert blocker in g.graveyard(1) and idle in g.battlefield(1)


def test_608_2b_cut_down_does_nothing_if_its_target_grew_past_a_total_of_5():
    """Cut Down targets the 2/2; in response it gets +3/+3 (total 10): on resolution the
    target is illegal and the spell does nothing (608.2b)."""
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    start_cast(g, "Cut Down")
    g.apply(Action.make(ActionKind.TARGET, bears))
    g.pass_priority()                                     # P1 gets priority
    lands_for(g, 1, "{G}")
    growth = g.create_card("Giant Growth", 1, Zone.HAND)
    g.cast(growth, bears)
    resolve(g)
    assert bears in g.battlefield(1)
    assert g.power_toughness(bears) == (5, 5)


def test_613_cut_down_reads_power_and_toughness_after_effects():
    """A 3/3 given -2/-2 (Disfigure) is a 1/1: total 2, a legal target."""
    g = main_game()
    tusker = g.create_card("Kalonian Tusker", 1, Zone.BATTLEFIELD)
    cast_from_hand(g, "Disfigure", tusker)
    resolve(g)
    start_cast(g, "Cut Down")
    assert g.target_choices() == [tusker]


# --- burn: 120.3 ----------------------------------------------------------------------------------

# spell -> (damage, X or None, life change of the caster)
BURN = {"Lava Axe": (5, None, 0), "Volcanic Hammer": (3, None, 0),
        "Lightning Blast": (4, None, 0), "Lightning Helix": (3, None, +3),
        "Psionic Blast": (4, None, -2), "Blaze": (6, 6, 0), "Volcanic Geyser": (3, 3, 0),
        "Tarfire": (2, None, 0)}


@pytest.mark.parametrize("name", sorted(BURN))
def test_120_3_burn_deals_its_damage_to_a_player(name):
    amount, x, mine = BURN[name]
    g = main_game()
    cast_from_hand(g, name, P1, x=x)
    resolve(g)
    assert g.life(1) == 20 - amount
    assert g.life(0) == 20 + mine


@pytest.mark.parametrize("name", ["Volcanic Hammer", "Lightning Blast", "Lightning Helix",
                                  "Psionic Blast", "Blaze", "Volcanic Geyser", "Heat Ray"])
def test_120_3_burn_that_may_target_a_creature_kills_it(name):
    """Lethal damage destroys the creature (704.5g); X spells are cast with X = 4."""
    x = 4 if "X" in DEFAULT_CARDS[name].mana_cost else None
    amount = x or BURN[name][0]
    g = main_game()
    victim = g.create_card("Kalonian Tusker" if amount == 3 else "Craw Wurm", 1,
                           Zone.BATTLEFIELD)                   # 3/3, 6/4
    cast_from_hand(g, name, victim, x=x)
    resolve(g)
    assert victim in g.graveyard(1)


def test_115_1_lava_axe_may_not_target_a_creature_and_heat_ray_not_a_player():
    g = main_game()
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    start_cast(g, "Lava Axe")
    assert bears not in g.target_choices() and P1 in g.target_choices()
    g2 = main_game()
    bears = g2.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    lands_for(g2, 0, "{3}{R}")
    ray = g2.create_card("Heat Ray", 0, Zone.HAND)
    g2.cast(ray, x=3)
    assert g2.target_choices() == [bears]


# --- card draw (121) and life (119) ---------------------------------------------------------------

# spell -> (cards drawn, who draws, X, life lost by the drawer)
DRAW = {"Harmonize": (3, 0, None, 0), "Concentrate": (3, 0, None, 0),
        "Opportunity": (4, 1, None, 0), "Ancestral Recall": (3, 1, None, 0),
        "Inspiration": (2, 1, None, 0), "Sign in Blood": (2, 1, None, 2),
        "Ambition's Cost": (3, 0, None, 3), "Mind Spring": (4, 0, 4, 0),
        "Damnable Pact": (3, 1, 3, 3)}


@pytest.mark.parametrize("name", sorted(DRAW))
def test_121_1_draw_spells_draw_their_cards(name):
    n, who, x, lost = DRAW[name]
    g = main_game()
    targets = (g.player_target(who),) if "target player" in DEFAULT_CARDS[name].text.lower() else ()
    hands = [len(g.hand(0)), len(g.hand(1))]
    cast_from_hand(g, name, *targets, x=x)
    resolve(g)
    hands[who] += n
    assert [len(g.hand(0)), len(g.hand(1))] == hands
    assert g.life(who) == 20 - lost


@pytest.mark.parametrize("name,expected", [("Sacred Nectar", (24, 20)),
                                           ("Natural Spring", (20, 28)),
                                           ("Stream of Life", (25, 20)),
                                           ("Soul Feast", (24, 16))])
def test_119_3_life_spells(name, expected):
    g = main_game()
    targets = {"Natural Spring": (P1,), "Stream of Life": (P0,), "Soul Feast": (P1,)}.get(name, ())
    cast_from_hand(g, name, *targets, x=5 if name == "Stream of Life" else None)
    resolve(g)
    assert (g.life(0), g.life(1)) == expected


# --- pump spells: 613.4c, until end of turn (514.2) -----------------------------------------------

PUMP = {"Titanic Growth": (4, 4, ()), "Might of Oaks": (7, 7, ()),
        "Monstrous Growth": (4, 4, ()), "Mighty Leap": (2, 2, ("FLYING",)),
        "Sure Strike": (3, 0, ("FIRST_STRIKE",)), "Brute Strength": (3, 1, ("TRAMPLE",)),
        "Jump": (0, 0, ("FLYING",)), "Kindled Fury": (1, 0, ("FIRST_STRIKE",)),
        "Moment of Heroism": (2, 2, ("LIFELINK",)), "Rush of Adrenaline": (2, 1, ("TRAMPLE",)),
        "Uncaged Fury": (1, 1, ("DOUBLE_STRIKE",)), "Angelic Blessing": (3, 3, ("FLYING",))}


@pytest.mark.parametrize("name", sorted(PUMP))
def test_613_4c_pump_spells_last_until_cleanup(name):
    dp, dt, kws = PUMP[name]
    g = main_game()
    bears = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    cast_from_hand(g, name, bears)
    resolve(g)
    assert g.power_toughness(bears) == (2 + dp, 2 + dt)
    for k in kws:
        assert Keyword[k] in g.keywords(bears)
    g.pass_to(Step.UPKEEP, 1)                             # 514.2: the effects end at cleanup
    assert g.power_toughness(bears) == (2, 2)
    assert g.keywords(bears) == Keyword(0)


def test_704_5f_auger_spree_gives_plus_4_minus_4():
    g = main_game()
    wurm = g.create_card("Craw Wurm", 1, Zone.BATTLEFIELD)           # 6/4 -> 10/0: dies
    baloth = g.create_card("Enormous Baloth", 1, Zone.BATTLEFIELD)   # 7/7 -> 11/3
    cast_from_hand(g, "Auger Spree", wurm)
    resolve(g)
    cast_from_hand(g, "Auger Spree", baloth)
    resolve(g)
    assert wurm in g.graveyard(1) and g.power_toughness(baloth) == (11, 3)


def test_704_5f_last_gasp_kills_a_3_3():
    g = main_game()
    tusker = g.create_card("Kalonian Tusker", 1, Zone.BATTLEFIELD)
    giant = g.create_card("Ironroot Treefolk", 1, Zone.BATTLEFIELD)   # 3/5
    cast_from_hand(g, "Last Gasp", tusker)
    resolve(g)
    assert tusker in g.graveyard(1)
    cast_from_hand(g, "Last Gasp", giant)
    resolve(g)
    assert giant in g.battlefield(1) and g.power_toughness(giant) == (0, 2)


# --- rituals (106.4) and tokens (111.1) -----------------------------------------------------------

@pytest.mark.parametrize("name,mana", [("Dark Ritual", {"B": 3}), ("Seething Song", {"R": 5})])
def test_106_4_rituals_add_mana_to_the_pool(name, mana):
    g = main_game()
    cast_from_hand(g, name)
    assert g.mana_pool(0) == {}
    resolve(g)
    assert g.mana_pool(0) == mana


@pytest.mark.parametrize("name,count,token,color,pt", [
    ("Dragon Fodder", 2, "Goblin", "R", 1), ("Krenko's Command", 2, "Goblin", "R", 1),
    ("Hordeling Outburst", 3, "Goblin", "R", 1), ("Raise the Alarm", 2, "Soldier", "W", 1),
    ("Goblin Rally", 4, "Goblin", "R", 1), ("Icatian Town", 4, "Citizen", "W", 1),
    ("Call of the Conclave", 1, "Centaur", "G", 3)])
def test_111_1_token_spells_create_their_creature_tokens(name, count, token, color, pt):
    g = main_game()
    cast_from_hand(g, name)
    resolve(g)
    made = [o for o in g.battlefield(0) if g.card_of(o).name == token]
    assert len(made) == count
    for o in made:
        ch = g.characteristics(o)
        assert (ch["power"], ch["toughness"], ch["colors"], ch["types"]) == (pt, pt, color, ["Creature"])
        assert g.card_of(o).subtypes == (token,)
        assert g.obj(o)["token"]


# --- the importer reads the new target qualities and "its mana value" ---------------------------

@pytest.mark.parametrize("text,target", [
    ("Destroy target nonlegendary creature.", "nonlegendary creature"),
    ("Destroy target nonartifact creature.", "nonartifact creature"),
    ("Destroy target monocolored creature.", "monocolored creature"),
    ("Destroy target attacking or blocking creature.", "attacking or blocking creature"),
    ("Destroy target creature with total power and toughness 5 or less.",
     "creature with total power and toughness 5 or less"),
    ("Destroy target artifact or enchantment.", "artifact or enchantment")])
def test_the_importer_lowers_the_new_target_qualities(text, target):
    from mtg_core.oracle import import_card
    r = import_card("Test", "{B}", "Instant", text)
    assert r.ok and r.card.abilities[0].targets == (target,)


def test_the_importer_lowers_its_mana_value_only_for_a_target():
    from mtg_core.cards import GainLifeEqualToManaValue
    from mtg_core.oracle import import_card
    r = import_card("Divine Offering", "{1}{W}", "Instant",
                    "Destroy target artifact. You gain life equal to its mana value.")
    assert r.ok and r.card.abilities[0].effects[1] == GainLifeEqualToManaValue("you")
    # no target for "it" to name: refused, never read as something else
    r = import_card("Test", "{1}{W}", "Instant", "You gain life equal to its mana value.")
    assert not r.ok and r.refusals[0].feature == "variable amount (life gained)"
    r = import_card("Test", "{1}{W}", "Instant",
                    "Target player gains 2 life. You gain life equal to its mana value.")
    assert not r.ok
