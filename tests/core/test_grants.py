"""Granted abilities (613.1f): static abilities that give the objects they affect an activated
or mana ability ('Enchanted creature has "{T}: This creature deals 1 damage to any
target."', 'Creatures you control have "{T}: Add one mana of any color."').

- the host (the object that has the ability) is its source: 113.7a-ish "this creature" is the
  host, its {T} needs the host free of summoning sickness (302.6, 602.5a), "Sacrifice this
  permanent" sacrifices the host;
- the affected set, timestamps and "loses all abilities" are the layer system's (613.1f,
  613.7): a later Humility removes it, an earlier one doesn't;
- granted mana abilities pay costs (605.1a, 601.2g-h);
- actions name the k-th granted ability of an object as ability GRANT_INDEX + k; saved
  states with a granted ability on the stack load back (validation).

Cards are real Oracle texts run through the importer (tests/oracle/test_oracle_importer_grant.py
checks the importer's definitions)."""
from __future__ import annotations

import numpy as np
import pytest

from mtg_core import DEFAULT_CARDS, Deck, Game, _engine
from mtg_core.cards import (ActivatedAbility, Card, CardDB, Damage, GainLife, GRANT_INDEX,
                            Regenerate,
                            GrantAbility, StaticAbility,
                            TriggeredAbility)
from mtg_core.enums import ActionKind, Decision, Step, Zone
from mtg_core.errors import CardScriptError, IllegalActionError
from mtg_core.oracle import import_card

from oracle_helpers import GRANT_RECORDS, imported_card

_NAMES = (
    'Psionic Gift', 'Lightning Prowess', 'Cryptolith Rite', 'Chromatic Lantern',
    'Darkheart Sliver', 'Viridian Longbow', 'Trollhide', 'Basal Sliver', 'Squirrel Nest',
    'Dance with Devils', 'Dreadful Apathy', 'Military Discipline', 'Steal Artifact',
    'Pillory of the Sleepless', 'Creeping Crystal Coating', 'Harmonic Sliver',
    'Tempered Sliver',
)
RECORDS = {n: GRANT_RECORDS[n] for n in _NAMES}


def imported(name: str) -> Card:
    return imported_card(RECORDS[name])


DB = DEFAULT_CARDS.extended([imported(n) for n in RECORDS])   # Humility: the library's
P1 = Game.player_target(1)


def game(seed: int = 3) -> Game:
    g = Game(["bears", "bears"], seed=seed, cards=DB, mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def activations(g: Game, o: int) -> list[int]:
    """The ability indices of ``o`` that may be activated now (A_ACTIVATE)."""
    return sorted(a.b for a in g.legal_actions() if a.kind == ActionKind.ACTIVATE and a.a == o)


def mana_activations(g: Game, o: int) -> set[tuple[int, int]]:
    return {(a.b & 63, a.b >> 6) for a in g.legal_actions()
            if a.kind == ActionKind.ACTIVATE_MANA and a.a == o}


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


# --- activated abilities granted by an Aura / Equipment ----------------------------------------

def test_613_1f_aura_grants_its_creature_a_tap_ability_whose_source_is_the_creature():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert activations(g, bear) == []
    aura = g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    assert activations(g, bear) == [GRANT_INDEX]
    assert activations(g, aura) == []                  # the Aura itself has no such ability
    g.activate(bear, GRANT_INDEX, P1)
    item = g.stack()[0]
    assert item["obj"] == bear                         # the host is the source (113.7a)
    row = DB.tables.cards[DB.row("Grizzly Bears")]
    assert not row[_engine.CF_ABILITY_START] <= item["ability"] < \
        row[_engine.CF_ABILITY_START] + row[_engine.CF_ABILITY_COUNT]
    assert g.obj(bear)["tapped"] == 1               # {T}: the host is tapped
    resolve(g)
    assert g.life(1) == 19


def test_302_6_a_summoning_sick_host_cant_use_a_granted_tap_ability_unless_it_has_haste():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.set_object(bear, sick=1)
    g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    assert activations(g, bear) == []
    with pytest.raises(IllegalActionError):
        g.activate(bear, GRANT_INDEX, P1)
    other = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.set_object(other, sick=1)
    g.create_card("Lightning Prowess", 0, Zone.BATTLEFIELD, attached_to=other)   # haste too
    assert activations(g, other) == [GRANT_INDEX]


def test_613_1f_the_ability_ends_when_the_aura_leaves_and_an_illegal_index_is_refused():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    aura = g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.activate(bear, GRANT_INDEX + 1, P1)          # it has one granted ability
    assert g.save() == before                          # the state is unchanged
    g.move(aura, Zone.GRAVEYARD)
    assert activations(g, bear) == []
    with pytest.raises(IllegalActionError):
        g.activate(bear, GRANT_INDEX, P1)


def test_613_1f_the_host_controller_activates_it_even_if_an_opponent_controls_the_aura():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Psionic Gift", 1, Zone.BATTLEFIELD, attached_to=bear)
    assert activations(g, bear) == [GRANT_INDEX]


def test_equipment_grants_to_the_equipped_creature_only():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    bow = g.create_card("Viridian Longbow", 0, Zone.BATTLEFIELD)
    assert activations(g, bear) == []                  # unattached: nothing equipped
    g.set_object(bow, attached_to=bear)
    assert activations(g, bear) == [GRANT_INDEX]
    g.activate(bear, GRANT_INDEX, P1)
    resolve(g)
    assert g.life(1) == 19


def test_granted_regenerate_shields_the_host():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Trollhide", 0, Zone.BATTLEFIELD, attached_to=bear)
    assert g.power_toughness(bear) == (4, 4)
    for _ in range(2):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.activate(bear, GRANT_INDEX)                      # {1}{G}: Regenerate this creature.
    resolve(g)
    g.set_object(bear, damage=4)                       # lethal damage: 704.5g destroys it
    g.check_state_based_actions()
    assert bear in g.battlefield()                     # 701.19: regenerated instead
    assert g.obj(bear)["tapped"] == 1 and g.obj(bear)["damage"] == 0


# --- sacrifice costs, groups, opponents' permanents -------------------------------------------

def test_sacrifice_this_permanent_sacrifices_the_host_not_the_granting_sliver():
    g = game()
    granter = g.create_card("Darkheart Sliver", 0, Zone.BATTLEFIELD)
    host = g.create_card("Darkheart Sliver", 0, Zone.BATTLEFIELD)
    # each Darkheart Sliver grants it to every Sliver: each has two granted instances
    assert activations(g, host) == [GRANT_INDEX, GRANT_INDEX + 1]
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert activations(g, bear) == []                  # not a Sliver
    g.activate(host, GRANT_INDEX)
    assert host not in g.battlefield() and granter in g.battlefield()   # the cost: the host
    resolve(g)
    assert g.life(0) == 23
    assert activations(g, granter) == [GRANT_INDEX]    # one Darkheart Sliver left


def test_all_slivers_includes_an_opponents_sliver():
    g = game()
    g.create_card("Darkheart Sliver", 0, Zone.BATTLEFIELD)
    theirs = g.create_card("Basal Sliver", 1, Zone.BATTLEFIELD)
    g.pass_priority()                                   # player 1 gets priority
    assert g.decision.player == 1
    # both Slivers' grants reach it: "Sacrifice: gain 3 life" and "Sacrifice: Add {B}{B}"
    assert activations(g, theirs) == [GRANT_INDEX]
    assert mana_activations(g, theirs) == {(GRANT_INDEX + 1, "WUBRGC".index("B"))}


# --- 613.7: "loses all abilities" and timestamps ------------------------------------------------

def test_613_7_an_earlier_humility_leaves_a_later_grant_a_later_humility_removes_it():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Humility", 0, Zone.BATTLEFIELD)
    aura = g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    assert activations(g, bear) == [GRANT_INDEX]       # the grant applies after Humility
    g.move(aura, Zone.HAND)
    g.move(g.find("Humility", Zone.BATTLEFIELD)[0], Zone.HAND)
    g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    g.create_card("Humility", 0, Zone.BATTLEFIELD)     # later: it removes the ability
    assert activations(g, bear) == []


# --- granted mana abilities (605) ---------------------------------------------------------------

def test_605_granted_mana_abilities_pay_costs_and_need_an_unsick_creature():
    g = game()
    g.create_card("Cryptolith Rite", 0, Zone.BATTLEFIELD)
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    assert mana_activations(g, bear) == {(GRANT_INDEX, c) for c in range(5)}
    elf = g.create_card("Grizzly Bears", 0, Zone.HAND)
    casts = {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
    assert elf not in casts                            # one mana source for a {1}{G} spell
    other = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    casts = {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
    assert elf in casts                                # two creatures pay {1}{G}
    g.set_object(other, sick=1)                        # 302.6: a sick creature can't {T}
    casts = {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
    assert elf not in casts
    g.set_object(other, sick=0)
    g.cast(elf)
    assert g.obj(bear)["tapped"] == 1 and g.obj(other)["tapped"] == 1


def test_605_a_granted_mana_ability_wider_than_the_lands_own_is_used_to_pay():
    g = game()
    forest = g.create_card("Forest", 0, Zone.BATTLEFIELD)
    shock = g.create_card("Lightning Bolt", 0, Zone.HAND)
    assert shock not in {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
    g.create_card("Chromatic Lantern", 0, Zone.BATTLEFIELD)
    assert shock in {a.a for a in g.legal_actions() if a.kind == ActionKind.CAST}
    g.cast(shock, P1)
    assert g.obj(forest)["tapped"] == 1
    resolve(g)
    assert g.life(1) == 17


def test_granted_token_making_ability_of_a_land():
    g = game()
    forest = g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.create_card("Squirrel Nest", 0, Zone.BATTLEFIELD, attached_to=forest)
    assert activations(g, forest) == [GRANT_INDEX]
    g.activate(forest, GRANT_INDEX)
    resolve(g)
    assert [g.card_of(o).name for o in g.battlefield()].count("Squirrel") == 1


# --- the state: saving with a granted ability on the stack, the observation ---------------------

def test_a_state_with_a_granted_ability_on_the_stack_saves_and_loads():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    g.activate(bear, GRANT_INDEX, P1)
    back = Game.load(g.save(), cards=DB)
    assert back.stack() == g.stack()
    resolve(back)
    assert back.life(1) == 19


def test_the_observation_shows_a_granted_ability_on_the_stack_by_its_index():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    g.activate(bear, GRANT_INDEX, P1)
    layout = _engine.observation_layout(2, _engine.OBS_SLOTS)
    obs = np.asarray(g.state.observation(0))
    p = layout["objects"]
    rows = obs[p["offset"]:p["offset"] + p["rows"] * p["row_size"]].reshape(p["rows"], p["row_size"])
    off, _ = p["fields"]["ability"]
    assert GRANT_INDEX in set(rows[:, off].astype(int).tolist())


# --- the card language ---------------------------------------------------------------------------

def test_what_can_be_granted():
    # 603.10: a granted "dies" trigger would need the look-back of leaves-the-battlefield
    with pytest.raises(CardScriptError, match="beginning of a step"):
        Card("Test Grant Trigger", "{1}", ("Enchantment",),
             abilities=(StaticAbility("creatures you control", GrantAbility(
                 TriggeredAbility("dies", GainLife("you", 1)))),))
    Card("Test Grant Upkeep", "{1}", ("Enchantment",),
         abilities=(StaticAbility("creatures you control", GrantAbility(
             TriggeredAbility("upkeep", GainLife("you", 1)))),))
    ping = ActivatedAbility("{T}", Damage("target", 1), targets=("any",))
    card = Card("Test Grant Ping", "{1}", ("Enchantment",),
                abilities=(StaticAbility("creatures you control", GrantAbility(ping)),))
    db = CardDB([card])
    row = db.tables.cards[0]
    assert row[_engine.CF_ABILITY_KINDS] & _engine.GRANT_BIT
    assert row[_engine.CF_ABILITY_COUNT] == 1          # the granted row is not its own


def test_malformed_grant_tables_are_refused():
    ping = ActivatedAbility("{T}", Damage("target", 1), targets=("any",))
    card = Card("Test Grant Ping", "{1}", ("Enchantment",),
                abilities=(StaticAbility("creatures you control", GrantAbility(ping)),))
    t = CardDB([card]).tables
    program = np.array(t.program)
    start = int(t.abilities[0, _engine.AF_PROG_START])
    program[start + 1] = 0                            # grants its own static ability
    with pytest.raises(_engine.EngineError, match="grants"):
        _engine.CardTables(t.cards, t.abilities, program)


def test_random_games_with_granting_cards_finish():
    decks = [Deck.parse("8 Psionic Gift\n4 Cryptolith Rite\n8 Darkheart Sliver\n4 Basal Sliver\n"
                        "12 Grizzly Bears\n12 Forest\n12 Island"),
             Deck.parse("6 Viridian Longbow\n4 Chromatic Lantern\n6 Trollhide\n6 Squirrel Nest\n"
                        "14 Grizzly Bears\n24 Forest")]
    for seed in range(6):
        g = Game(decks, seed=seed, cards=DB)
        g.play_random(seed=seed, include_mana_abilities=seed % 2 == 1)
        assert g.is_over


def test_the_action_space_has_slots_for_granted_abilities_and_round_trips_them():
    from mtg_core.agents import ActionSpace
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Psionic Gift", 0, Zone.BATTLEFIELD, attached_to=bear)
    g.create_card("Cryptolith Rite", 0, Zone.BATTLEFIELD)
    space = ActionSpace.for_game(g)
    assert space.granted_slots == 4
    idx, codes = space.legal(g.state, include_mana=True)
    granted = [int(c) for c in codes if (int(c) & 255) in (_engine.A_ACTIVATE, _engine.A_ACTIVATE_MANA)
               and ((int(c) >> 20) & 63) >= GRANT_INDEX]
    assert len(granted) == 1 + 5                       # the ping, and mana of each colour
    assert space.decode(space.encode(np.array(granted))).tolist() == granted
    assert [space.action(space.index(c)) for c in granted] == granted
    assert int(space.mask(g.state, include_mana=True).sum()) == len(idx)
    plain = ActionSpace.for_game(Game(["bears", "bears"], seed=1))
    assert plain.granted_slots == 0                    # spaces without grants are unchanged


def test_111_4_tokens_created_with_a_quoted_ability_use_it():
    g = game()
    for _ in range(4):
        g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    dance = g.create_card("Dance with Devils", 0, Zone.HAND)
    g.cast(dance)
    resolve(g)
    devils = [o for o in g.battlefield(0) if g.card_of(o).name == "Devil"]
    assert len(devils) == 2
    g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    bolt = g.create_card("Lightning Bolt", 0, Zone.HAND)
    g.cast(bolt, devils[0])
    resolve(g)
    assert devils[0] not in g.battlefield()
    d = g.decision                                      # its own "When this creature dies"
    assert d.kind == Decision.TARGET, d
    g.apply(next(a for a in g.legal_actions() if a.a == P1))
    resolve(g)
    assert g.life(1) == 19


# --- "enchanted creature" as an effect operand (REF_ATTACHED), "You control enchanted ..." -------

def test_303_4_an_auras_ability_acts_on_the_creature_it_enchants():
    g = game()
    bear = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    other = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    aura = g.create_card("Dreadful Apathy", 0, Zone.BATTLEFIELD, attached_to=bear)
    for c in ("Plains", "Plains", "Plains"):
        g.create_card(c, 0, Zone.BATTLEFIELD)
    g.activate(aura, 0)                                # {2}{W}: Exile enchanted creature.
    resolve(g)
    assert bear in g.zone(Zone.EXILE) and other in g.battlefield()


def test_303_4_an_auras_enters_trigger_names_the_creature_it_entered_attached_to():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Plains", 0, Zone.BATTLEFIELD)
    aura = g.create_card("Military Discipline", 0, Zone.HAND)
    g.cast(aura, bear)
    resolve(g)                                         # the Aura, then its enters trigger
    assert g.keywords(bear) & g.keywords(bear).FIRST_STRIKE
    assert g.power_toughness(bear) == (3, 2)


def test_608_2h_an_aura_that_left_names_nothing_and_self_removing_costs_are_refused():
    g = game()
    bear = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    aura = g.create_card("Dreadful Apathy", 0, Zone.BATTLEFIELD, attached_to=bear)
    for c in ("Plains", "Plains", "Plains"):
        g.create_card(c, 0, Zone.BATTLEFIELD)
    g.activate(aura, 0)
    g.move(aura, Zone.GRAVEYARD)                       # gone before it resolves
    resolve(g)
    assert bear in g.battlefield()                     # no last-known attachment (a known gap)
    with pytest.raises(CardScriptError, match="608.2h"):
        Card("Test Sacrifice Aura", "{G}", ("Enchantment",), ("Aura",), enchant="creature",
             abilities=(ActivatedAbility("Sacrifice ~", Regenerate("enchanted creature")),))
    r = import_card("Test Sacrifice Aura", "{G}", "Enchantment — Aura",
                    "Enchant creature\nSacrifice Test Sacrifice Aura: Regenerate enchanted creature.")
    assert not r.ok and "608.2h" in r.refusals[0].feature
    with pytest.raises(CardScriptError, match="only an Aura or Equipment"):
        Card("Test Elf", "{G}", ("Creature",), ("Elf",), power=1, toughness=1,
             abilities=(ActivatedAbility("{G}", Regenerate("enchanted creature")),))


def test_303_4_an_aura_whose_cost_sacrifices_a_land_of_a_subtype_names_what_it_enchants():
    # Fortitude: the cost names a subtype (205.3), which the check where the card is
    # defined numbers with the card's own subtypes
    text = ("Enchant creature\nSacrifice a Forest: Regenerate enchanted creature.\n"
            "When Fortitude is put into a graveyard from the battlefield, return Fortitude "
            "to its owner's hand.")
    r = import_card("Fortitude", "{1}{G}", "Enchantment — Aura", text)
    assert r.ok, r.refusals
    db = CardDB([r.card, DEFAULT_CARDS["Forest"]])
    C = _engine.constants()
    ability = db.tables.abilities[db.tables.cards[db.row("Fortitude"), C["CF_ABILITY_START"]]]
    assert ability[C["AF_SAC_COST"]] >> C["FILTER_SUBTYPE_SHIFT"] == \
        db.subtype_bits["Forest"].bit_length()


def test_613_1b_you_control_enchanted_artifact():
    g = game()
    relic = g.create_card("Chromatic Lantern", 1, Zone.BATTLEFIELD)
    g.create_card("Steal Artifact", 0, Zone.BATTLEFIELD, attached_to=relic)
    g.check_state_based_actions()
    assert g.obj(relic)["controller"] == 0


# --- granted triggered abilities (603.2) ----------------------------------------------------------

def test_603_2_a_granted_upkeep_trigger_is_the_hosts_controllers():
    g = Game(["bears", "bears"], seed=3, cards=DB, mulligans=False, starting_player=0)
    bear = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.create_card("Pillory of the Sleepless", 0, Zone.BATTLEFIELD, attached_to=bear)
    g.pass_to(Step.MAIN, 0)
    assert (g.life(0), g.life(1)) == (20, 20)          # not player 0's upkeep trigger
    g.pass_to(Step.MAIN, 1)
    assert (g.life(0), g.life(1)) == (20, 19)          # "you": the creature's controller


def test_603_2_a_granted_attack_trigger():
    g = game()
    bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.create_card("Creeping Crystal Coating", 0, Zone.BATTLEFIELD, attached_to=bear)
    assert g.power_toughness(bear) == (2, 5)
    g.pass_until(lambda gg: gg.decision is not None and gg.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({bear: P1})
    resolve(g)
    assert [g.card_of(o).name for o in g.battlefield(0)].count("Food") == 1


def test_510_3_a_granted_combat_damage_trigger_on_a_board_without_other_triggers():
    g = Game([Deck.parse("60 Forest"), Deck.parse("60 Forest")], seed=3, cards=DB,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    sliver = g.create_card("Tempered Sliver", 0, Zone.BATTLEFIELD)
    g.pass_until(lambda gg: gg.decision is not None and gg.decision.kind == Decision.DECLARE_ATTACKERS)
    g.declare_attackers({sliver: P1})
    g.pass_until(lambda gg: gg.step == Step.END_COMBAT or not gg.stack() and gg.step == Step.MAIN)
    resolve(g)
    assert g.life(1) == 18
    assert g.obj(sliver)["plus1"] == 1                 # "put a +1/+1 counter on it" (the host)


def test_603_6a_a_granted_enters_trigger_of_a_sliver_and_of_the_granter_itself():
    g = game()
    lantern = g.create_card("Chromatic Lantern", 1, Zone.BATTLEFIELD)
    g.create_card("Harmonic Sliver", 0, Zone.BATTLEFIELD)
    for c in ("Forest", "Plains", "Forest"):
        g.create_card(c, 0, Zone.BATTLEFIELD)
    second = g.create_card("Harmonic Sliver", 0, Zone.HAND)
    g.cast(second)
    while g.decision.kind == Decision.PRIORITY and g.stack():
        g.pass_priority()
    # the entering Sliver has the ability (from both Slivers: two triggers)
    assert g.decision.kind in (Decision.ORDER_TRIGGERS, Decision.TARGET)
    while g.decision.kind != Decision.PRIORITY or g.stack():
        acts = g.legal_actions()
        pick = next((a for a in acts if a.kind == ActionKind.TARGET and a.a == lantern), acts[0])
        g.apply(pick)
    assert lantern not in g.battlefield()


DEBUG_GRANT_GAMES = """
from mtg_core import DEFAULT_CARDS, Deck, Game
from mtg_core.oracle import import_card
texts = [
    ("Psionic Gift", "{1}{U}", "Enchantment — Aura", 'Enchant creature\\nEnchanted creature has "{T}: This creature deals 1 damage to any target."'),
    ("Cryptolith Rite", "{1}{G}", "Enchantment", 'Creatures you control have "{T}: Add one mana of any color."'),
    ("Darkheart Sliver", "{B}{G}", "Creature — Sliver", 'All Slivers have "Sacrifice this permanent: You gain 3 life."', "2", "2"),
    ("Plague Sliver", "{2}{B}{B}", "Creature — Sliver", 'All Slivers have "At the beginning of your upkeep, this permanent deals 1 damage to you."', "5", "5"),
    ("Dreadful Apathy", "{2}{W}", "Enchantment — Aura", "Enchant creature\\nEnchanted creature can't attack or block.\\n{2}{W}: Exile enchanted creature."),
]
cards = [import_card(*t).card for t in texts]
db = DEFAULT_CARDS.extended(cards)
a = Deck.parse("6 Psionic Gift\\n4 Cryptolith Rite\\n6 Darkheart Sliver\\n4 Plague Sliver\\n16 Grizzly Bears\\n12 Forest\\n12 Swamp")
b = Deck.parse("6 Dreadful Apathy\\n4 Humility\\n18 Grizzly Bears\\n16 Plains\\n16 Forest")
for seed in range(4):
    g = Game([a, b], seed=seed, cards=db)
    g.play_random(seed=seed, include_mana_abilities=True)
    assert g.is_over
print("ok")
"""


def test_granted_abilities_pass_the_debug_and_sanitizer_build(debug_engine):
    """Random games with granting cards under the debug build's cross-checks (bf_ability_kinds,
    the layer system's fast paths) and the address / undefined-behaviour sanitizers."""
    proc = debug_engine.run(DEBUG_GRANT_GAMES, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().endswith("ok")
