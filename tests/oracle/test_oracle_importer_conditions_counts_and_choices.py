"""Importer features of conditions, counts and choices, each with real Oracle texts, played in games:

- conditions read from this turn and the board (603.4 intervening "if", 608.2c an effect's
  "if"): morbid "if a creature died this turn" (700.4), raid "if you attacked this turn"
  (508.1), ferocious "if you control a creature with power 4 or greater", delirium "if
  there are four or more card types among cards in your graveyard" (205.2a), "if it's your
  turn", life totals, "if you control no [type]s", cards in hand;

and the near misses refused with a reason, and the mutation check (a changed word is
refused or means something else).
"""
from __future__ import annotations

import pytest

from mtg_core import Deck, Game, Step, Zone
from mtg_core.cards import (CardDB, ControlPowerAtLeast, CreatureDiedThisTurn,
                            GraveyardCardTypesAtLeast, If, InterveningIf, YouAttackedThisTurn,
                            YourTurn, AtLeast, AtMost, LifeAtMost)
from mtg_core.enums import ActionKind, Decision, Keyword
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action
from mtg_core.library import ALL_CARDS
from mtg_core.oracle import import_record
from mtg_core.oracle.sources import CardRecord

from oracle_helpers import imported_card

# (name, mana cost, type line, Oracle text, power, toughness), exactly as in the corpus
CONDITION_CARDS = [
    ('Bulette', '{3}{G}', 'Creature — Beast',
     'At the beginning of your end step, if a creature died this turn, put a +1/+1 counter on Bulette.', '3', '3'),
    ('Searslicer Goblin', '{1}{R}', 'Creature — Goblin Warrior',
     'Raid — At the beginning of your end step, if you attacked this turn, create a 1/1 red Goblin creature token.', '2', '1'),
    ('Colossal Majesty', '{2}{G}', 'Enchantment',
     'At the beginning of your upkeep, if you control a creature with power 4 or greater, draw a card.', None, None),
    ('Violent Urge', '{R}', 'Instant',
     'Target creature gets +1/+0 and gains first strike until end of turn.\nDelirium — If there are four or more card types among cards in your graveyard, that creature gains double strike until end of turn.', None, None),
    ('Fated Conflagration', '{1}{R}{R}{R}', 'Instant',
     "Fated Conflagration deals 5 damage to target creature or planeswalker. If it's your turn, scry 2. (Look at the top two cards of your library, then put any number of them on the bottom of your library and the rest on top in any order.)", None, None),
    ("Tezzeret's Ambition", '{3}{U}{U}', 'Sorcery',
     'Draw three cards. If you control no artifacts, discard a card.', None, None),
    ('Convalescence', '{1}{W}', 'Enchantment',
     'At the beginning of your upkeep, if you have 10 or less life, you gain 1 life.', None, None),
    ('Ivory Crane Netsuke', '{2}', 'Artifact',
     'At the beginning of your upkeep, if you have seven or more cards in hand, you gain 4 life.', None, None),
    ('Nessian Hornbeetle', '{1}{G}', 'Creature — Insect',
     'At the beginning of combat on your turn, if you control another creature with power 4 or greater, put a +1/+1 counter on Nessian Hornbeetle.', '2', '2'),
    ('Heir of the Wilds', '{1}{G}', 'Creature — Human Warrior',
     'Deathtouch\nFerocious — Whenever Heir of the Wilds attacks, if you control a creature with power 4 or greater, Heir of the Wilds gets +1/+1 until end of turn.', '2', '2'),
    ('Funnel-Web Recluse', '{4}{G}', 'Creature — Spider',
     'Reach\nMorbid — When Funnel-Web Recluse enters the battlefield, if a creature died this turn, investigate. (Create a colorless Clue artifact token with "{2}, Sacrifice this artifact: Draw a card.")', '3', '5'),
    ('Mardu Skullhunter', '{1}{B}', 'Creature — Human Warrior',
     'Mardu Skullhunter enters the battlefield tapped.\nRaid — When Mardu Skullhunter enters the battlefield, if you attacked this turn, target opponent discards a card.', '2', '1'),
    ('Spell Snuff', '{1}{U}{U}', 'Instant',
     'Counter target spell.\nFateful hour — If you have 5 or less life, draw a card.', None, None),
    ('Glimmervoid', '', 'Land',
     'At the beginning of the end step, if you control no artifacts, sacrifice Glimmervoid.\n{T}: Add one mana of any color.', None, None),
    ('Scroll of Origins', '{2}', 'Artifact',
     '{2}, {T}: Draw a card if you have seven or more cards in hand.', None, None),
    ("Sarkhan's Rage", '{4}{R}', 'Instant',
     "Sarkhan's Rage deals 5 damage to any target. If you control no Dragons, Sarkhan's Rage deals 2 damage to you.", None, None),
]


def _records(rows) -> dict[str, CardRecord]:
    return {r[0]: CardRecord(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows}


RECORDS = _records(CONDITION_CARDS)


def imported(name: str):
    return imported_card(RECORDS[name])


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB(ALL_CARDS + [imported(n) for n in RECORDS])


def game(db: CardDB, active: int = 0) -> Game:
    g = Game([Deck.parse("60 Mountain"), Deck.parse("60 Forest")], seed=5, cards=db,
             mulligans=False, starting_player=active)
    g.pass_to(Step.MAIN, active)
    return g


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def die(g: Game, o: int) -> None:
    """704.5g: lethal damage, then the state-based actions: it dies (700.4)."""
    g.set_object(o, damage=g.power_toughness(o)[1])
    g.check_state_based_actions()


def counters(g: Game, o: int) -> int:
    return g.obj(o)["plus1"]


# --- the importer reads the conditions -----------------------------------------------------------

@pytest.mark.parametrize("name, condition", [
    ("Bulette", CreatureDiedThisTurn()),
    ("Funnel-Web Recluse", CreatureDiedThisTurn()),
    ("Searslicer Goblin", YouAttackedThisTurn()),
    ("Mardu Skullhunter", YouAttackedThisTurn()),
    ("Colossal Majesty", ControlPowerAtLeast(4)),
    ("Heir of the Wilds", ControlPowerAtLeast(4)),
    ("Nessian Hornbeetle", ControlPowerAtLeast(4, another=True)),
    ("Convalescence", LifeAtMost(10)),
    ("Ivory Crane Netsuke", AtLeast("card in your hand", 7)),
    ("Glimmervoid", AtMost("artifact you control", 0)),
])
def test_603_4_intervening_if_conditions_are_read(name, condition):
    (trig,) = [a for a in imported(name).abilities if hasattr(a, "at") and
               isinstance(a.effects[0], InterveningIf)]
    assert trig.effects[0].condition == condition


@pytest.mark.parametrize("name, condition", [
    ("Violent Urge", GraveyardCardTypesAtLeast(4)),
    ("Fated Conflagration", YourTurn(True)),
    ("Tezzeret's Ambition", AtMost("artifact you control", 0)),
    ("Spell Snuff", LifeAtMost(5)),
    ("Scroll of Origins", AtLeast("card in your hand", 7)),
    ("Sarkhan's Rage", AtMost("Dragon you control", 0)),
])
def test_608_2c_effect_conditions_are_read(name, condition):
    (ab,) = imported(name).abilities
    (cond,) = [e for e in ab.effects if isinstance(e, If)]
    assert cond.condition == condition


def test_condition_near_misses_are_refused():
    def feature(text, type_line="Creature — Bear"):
        from mtg_core.oracle import import_card
        r = import_card("X", "{2}", type_line, text, "2", "2")
        assert not r.ok
        return r.refusals[0].feature
    # a creature that isn't "you control"d, "with power N or less", a quality of ~ itself
    assert feature("When X enters, if you control a creature with power 4 or less, "
                   "draw a card.") == "intervening if clause"
    assert feature("When X enters, if you gained life this turn, draw a card.") == \
        "intervening if clause"
    assert feature("When X enters, if you control two or more tapped creatures, "
                   "draw a card.") == "intervening if clause"


def test_the_imported_condition_cards_survive_mutations():
    """As test_mutated_texts_are_refused_or_mean_something_else (tests/test_oracle_importer):
    a dropped word, an added rider or a changed word never gives the same definition."""
    from oracle_helpers import check_mutations
    assert check_mutations(RECORDS, sorted(RECORDS)) > 300


# --- morbid (700.4) ------------------------------------------------------------------------------

def test_morbid_counts_a_death_of_this_turn_only(db):
    g = game(db)
    bulette = g.create_card("Bulette", 0, Zone.BATTLEFIELD)
    lions = g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    g.pass_to(Step.END, 0)
    resolve(g)
    assert counters(g, bulette) == 0                 # nothing died: it doesn't trigger (603.4)
    g.pass_to(Step.MAIN, 1)
    die(g, lions)                                     # dies on the opponent's turn
    assert g.graveyard(1)
    g.pass_to(Step.END, 1)
    resolve(g)
    assert counters(g, bulette) == 0                 # "your end step" only
    g.pass_to(Step.END, 0)
    resolve(g)
    assert counters(g, bulette) == 0                 # the death was last turn
    g.pass_to(Step.MAIN, 0)
    token = g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)
    die(g, token)
    g.pass_to(Step.END, 0)
    resolve(g)
    assert counters(g, bulette) == 1


def test_morbid_enters_trigger_and_a_setup_move_is_no_death(db):
    g = game(db)
    lions = g.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    g.move(lions, Zone.GRAVEYARD)                     # scenario set-up, not a death
    spider = g.create_card("Funnel-Web Recluse", 0, Zone.HAND)
    g.move(spider, Zone.BATTLEFIELD)
    resolve(g)
    assert not g.find("Clue", Zone.BATTLEFIELD)
    die(g, g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD))
    for _ in range(5):
        g.create_card("Forest", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Funnel-Web Recluse", 0, Zone.HAND))
    resolve(g)
    resolve(g)
    assert len(g.find("Clue", Zone.BATTLEFIELD)) == 1


# --- raid (508.1) --------------------------------------------------------------------------------

def _to_attackers(g: Game) -> None:
    for _ in range(200):
        if g.decision.kind == Decision.DECLARE_ATTACKERS:
            return
        g.pass_priority()
    raise AssertionError("no attack declaration")


@pytest.mark.parametrize("attacks", [True, False])
def test_raid_needs_an_attack_declared_this_turn(db, attacks):
    g = game(db)
    goblin = g.create_card("Searslicer Goblin", 0, Zone.BATTLEFIELD)
    _to_attackers(g)
    g.declare_attackers({goblin: Game.player_target(1)} if attacks else {})
    g.pass_to(Step.END, 0)
    resolve(g)
    assert len(g.find("Goblin", Zone.BATTLEFIELD, 0)) == (1 if attacks else 0)


# --- ferocious ----------------------------------------------------------------------------------

@pytest.mark.parametrize("big, pt", [(True, (3, 3)), (False, (2, 2))])
def test_ferocious_checks_the_power_as_it_attacks(db, big, pt):
    g = game(db)
    heir = g.create_card("Heir of the Wilds", 0, Zone.BATTLEFIELD)
    other = g.create_card("Bulette", 0, Zone.BATTLEFIELD)    # 3/3
    if big:
        g.set_object(other, plus1=1)                          # 4/4
    _to_attackers(g)
    g.declare_attackers({heir: Game.player_target(1)})
    resolve(g)
    assert g.power_toughness(heir) == pt


def test_ferocious_another_creature_is_not_the_source(db):
    g = game(db)
    beetle = g.create_card("Nessian Hornbeetle", 0, Zone.BATTLEFIELD)
    g.set_object(beetle, plus1=3)                             # 5/5 itself: not "another"
    _to_attackers(g)
    assert counters(g, beetle) == 3
    g2 = game(db)
    beetle = g2.create_card("Nessian Hornbeetle", 0, Zone.BATTLEFIELD)
    big = g2.create_card("Bulette", 0, Zone.BATTLEFIELD)
    g2.set_object(big, plus1=1)
    _to_attackers(g2)
    assert counters(g2, beetle) == 1


# --- delirium (205.2a) and "if it's your turn" -------------------------------------------------

@pytest.mark.parametrize("names, double", [
    (("Mountain", "Savannah Lions", "Lightning Bolt", "Lava Spike"), True),
    (("Mountain", "Savannah Lions", "Lightning Bolt", "Shock", "Plains"), False),
])
def test_delirium_counts_card_types_in_your_graveyard(db, names, double):
    g = game(db)
    for n in names:
        g.create_card(n, 0, Zone.GRAVEYARD)
    bear = g.create_card("Bulette", 0, Zone.BATTLEFIELD)
    g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    g.cast(g.create_card("Violent Urge", 0, Zone.HAND), bear)
    resolve(g)
    kws = g.keywords(bear)
    assert Keyword.FIRST_STRIKE in kws and (Keyword.DOUBLE_STRIKE in kws) == double


@pytest.mark.parametrize("mine", [True, False])
def test_if_its_your_turn(db, mine):
    g = game(db, active=0 if mine else 1)
    target = g.create_card("Bulette", 1 if mine else 0, Zone.BATTLEFIELD)
    for _ in range(4):
        g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    fc = g.create_card("Fated Conflagration", 0, Zone.HAND)
    if not mine:
        g.pass_priority()                                    # seat 1 passes: seat 0 has priority
        assert g.priority_player == 0
    g.cast(fc, target)
    g.pass_priority(); g.pass_priority()
    assert (g.decision.kind == Decision.LIBRARY_CARDS) == mine     # scry 2 (701.22)


# --- state ---------------------------------------------------------------------------------------

def test_turn_history_fields_are_saved_and_validated(db):
    from mtg_core.errors import StateFormatError
    g = game(db)
    g.set_player(0, attacked_turn=g.turn, creature_died_turn=g.turn)
    g2 = Game.load(g.save(), cards=db)
    assert g2.save() == g.save()
    with pytest.raises(Exception):
        g.set_player(0, attacked_turn=-1)


# --- mana abilities that deal damage to you (painlands; 605.3b, 120.3) ---------------------------

PAIN_CARDS = [
    ('Battlefield Forge', '', 'Land',
     '{T}: Add {C}.\n{T}: Add {R} or {W}. This land deals 1 damage to you.', None, None),
    ('Adarkar Wastes', '', 'Land',
     '{T}: Add {C}.\n{T}: Add {W} or {U}. This land deals 1 damage to you.', None, None),
    ('Tarnished Citadel', '', 'Land',
     '{T}: Add {C}.\n{T}: Add one mana of any color. This land deals 3 damage to you.', None, None),
]
PAIN_RECORDS = _records(PAIN_CARDS)


def test_605_painland_mana_abilities_are_read():
    from mtg_core.cards import ManaAbility
    forge = import_record(PAIN_RECORDS["Battlefield Forge"])
    assert forge.ok and forge.card.abilities == (ManaAbility("C"), ManaAbility("RW", damage=1))
    citadel = import_record(PAIN_RECORDS["Tarnished Citadel"])
    assert citadel.card.abilities[1] == ManaAbility("WUBRG", damage=3)


@pytest.mark.parametrize("text", [
    "{T}: Add {R}. This land deals 1 damage to any target.",     # another recipient
    "{T}: Add {R}. You lose 1 life.",                            # life loss isn't damage (120.3)
    "{T}: Add {R}. This land deals X damage to you.",
    "{T}: Add {R}. Draw a card.",
])
def test_605_other_effects_of_mana_abilities_are_refused(text):
    from mtg_core.oracle import import_card
    r = import_card("X", "", "Land", text)
    assert not r.ok


def test_the_imported_painlands_survive_mutations():
    from oracle_helpers import check_mutations
    assert check_mutations(PAIN_RECORDS, sorted(PAIN_RECORDS)) > 60


@pytest.fixture(scope="module")
def pain_db() -> CardDB:
    return CardDB(ALL_CARDS + [import_record(r).card for r in PAIN_RECORDS.values()])


def test_605_3b_the_coloured_mana_deals_the_damage_the_colourless_does_not(pain_db):
    g = Game([Deck.parse("60 Mountain"), Deck.parse("60 Forest")], seed=5, cards=pain_db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    forge = g.create_card("Battlefield Forge", 0, Zone.BATTLEFIELD)
    g.tap_for_mana(forge, "R", ability=1)
    assert g.mana_pool(0)["R"] == 1 and g.life(0) == 19
    g.set_object(forge, tapped=0)
    g.tap_for_mana(forge, "C", ability=0)
    assert g.mana_pool(0)["C"] == 1 and g.life(0) == 19


def test_605_1a_automatic_payment_never_deals_painland_damage(pain_db):
    """Automatic payment taps only abilities whose whole cost is {T} and do nothing else:
    a red spell needs the painland's coloured ability activated first (A_ACTIVATE_MANA)."""
    g = Game([Deck.parse("60 Mountain"), Deck.parse("60 Forest")], seed=5, cards=pain_db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    forge = g.create_card("Battlefield Forge", 0, Zone.BATTLEFIELD)
    bolt = g.create_card("Lightning Bolt", 0, Zone.HAND)
    from mtg_core.enums import ActionKind
    assert not [a for a in g.legal_actions() if a.kind == ActionKind.CAST and a.a == bolt]
    assert [a for a in g.legal_actions() if a.kind == ActionKind.ACTIVATE_MANA and a.a == forge]
    g.tap_for_mana(forge, "R", ability=1)
    g.cast(bolt, Game.player_target(1))
    resolve(g)
    assert g.life(0) == 19 and g.life(1) == 17


def test_painlands_in_random_games(pain_db):
    import numpy as np
    from mtg_core import play_random_games
    from mtg_core.enums import Result
    deck = Deck("pain", ((8, "Battlefield Forge"), (8, "Adarkar Wastes"), (8, "Tarnished Citadel"),
                         (12, "Lightning Bolt"), (12, "Savannah Lions"), (12, "Mountain")))
    rows = play_random_games(deck, deck, 20, seed=3, cards=pain_db, max_turns=40)
    assert not np.any(rows[:, 0] == Result.ABORTED)


# --- "Sacrifice a permanent / an artifact or land / another creature or artifact" (118.3) -----------

SAC_CARDS = [
    ('Claws of Gix', '{0}', 'Artifact',
     '{1}, Sacrifice a permanent: You gain 1 life.', None, None),
    ('Akki Scrapchomper', '{R}', 'Creature — Phyrexian Goblin',
     '{1}{R}, {T}, Sacrifice an artifact or land: Draw a card.', '1', '1'),
    ('Dreadmalkin', '{B}', 'Creature — Zombie Cat',
     "Menace (This creature can't be blocked except by two or more creatures.)\n{2}{B}, Sacrifice another creature or planeswalker: Put two +1/+1 counters on Dreadmalkin.", '1', '1'),
    ('Makeshift Munitions', '{1}{R}', 'Enchantment',
     '{1}, Sacrifice an artifact or creature: Makeshift Munitions deals 1 damage to any target.', None, None),
    ('Bartolomé del Presidio', '{W}{B}', 'Legendary Creature — Vampire Knight',
     'Sacrifice another creature or artifact: Put a +1/+1 counter on Bartolomé del Presidio.', '2', '1'),
    ('Ertai, the Corrupted', '{2}{W}{U}{B}', 'Legendary Creature — Phyrexian Human Wizard',
     '{U}, {T}, Sacrifice a creature or enchantment: Counter target spell.', '3', '4'),
]
SAC_RECORDS = _records(SAC_CARDS)


@pytest.mark.parametrize("name, cost", [
    ("Claws of Gix", "{1}, Sacrifice a permanent"),
    ("Akki Scrapchomper", "{1}{R}, {T}, Sacrifice an artifact or land"),
    ("Bartolomé del Presidio", "Sacrifice another creature or artifact"),
    ("Ertai, the Corrupted", "{U}, {T}, Sacrifice a creature or enchantment"),
])
def test_118_3_sacrifice_costs_with_several_types_are_read(name, cost):
    res = import_record(SAC_RECORDS[name])
    assert res.ok and res.card.abilities[-1].cost == cost


def test_118_3_sacrifice_cost_near_misses_are_refused():
    from mtg_core.oracle import import_card
    for cost in ("Sacrifice a nonland permanent", "Sacrifice two artifacts or lands",
                 "Sacrifice a Goblin or artifact"):
        assert not import_card("X", "{1}", "Artifact", cost + ": Draw a card.").ok, cost


def test_the_imported_sacrifice_cost_cards_survive_mutations():
    from oracle_helpers import check_mutations
    assert check_mutations(SAC_RECORDS, sorted(SAC_RECORDS)) > 150


@pytest.fixture(scope="module")
def sac_db() -> CardDB:
    return CardDB(ALL_CARDS + [import_record(r).card for r in SAC_RECORDS.values()])


def _sac_choices(g: Game) -> set[int]:
    return {a.a for a in g.legal_actions() if a.kind == ActionKind.SAC_COST}


def test_118_3_sacrifice_a_permanent_of_any_type(sac_db):
    g = Game([Deck.parse("60 Swamp"), Deck.parse("60 Forest")], seed=5, cards=sac_db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    claws = g.create_card("Claws of Gix", 0, Zone.BATTLEFIELD)
    swamp = g.create_card("Swamp", 0, Zone.BATTLEFIELD)
    lions = g.create_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    g.create_card("Savannah Lions", 1, Zone.BATTLEFIELD)            # not theirs to sacrifice
    g.activate(claws, 0)
    # the {1} is paid by now (the Swamp tapped for it may still be sacrificed, 601.2h)
    assert _sac_choices(g) == {claws, swamp, lions}
    g.apply(Action.make(ActionKind.SAC_COST, lions))
    resolve(g)
    assert g.life(0) == 21 and lions not in g.battlefield(0)


def test_118_3_another_creature_or_artifact_is_not_the_source_nor_an_enchantment(sac_db):
    g = Game([Deck.parse("60 Swamp"), Deck.parse("60 Forest")], seed=5, cards=sac_db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    bart = g.create_card("Bartolomé del Presidio", 0, Zone.BATTLEFIELD)
    munitions = g.create_card("Makeshift Munitions", 0, Zone.BATTLEFIELD)    # an enchantment
    claws = g.create_card("Claws of Gix", 0, Zone.BATTLEFIELD)               # an artifact
    g.activate(bart, 0)
    assert _sac_choices(g) == {claws}
    g.apply(Action.make(ActionKind.SAC_COST, claws))
    resolve(g)
    assert counters(g, bart) == 1 and munitions in g.battlefield(0)
    with pytest.raises(IllegalActionError):
        g.activate(bart, 0)                    # 602.2b: nothing left to sacrifice


# --- mana abilities adding several colours at once ("{1}, {T}: Add {W}{U}", 106.1, 605) -----------

SIGNETS = _records([
    ('Azorius Signet', '{2}', 'Artifact', '{1}, {T}: Add {W}{U}.', None, None),
    ('Rakdos Signet', '{2}', 'Artifact', '{1}, {T}: Add {B}{R}.', None, None),
])


def test_106_1_add_two_colours_at_once_is_read():
    from mtg_core.cards import ManaAbility
    res = import_record(SIGNETS["Azorius Signet"])
    assert res.ok and res.card.abilities == (ManaAbility("W", cost="{1}, {T}", extra="U"),)
    from oracle_helpers import check_mutations
    assert check_mutations(SIGNETS, sorted(SIGNETS)) > 20


def test_106_1_a_signet_adds_both_colours_and_is_paid_for():
    sig_db = CardDB(ALL_CARDS + [import_record(r).card for r in SIGNETS.values()])
    g = Game([Deck.parse("60 Mountain"), Deck.parse("60 Forest")], seed=5, cards=sig_db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    signet = g.create_card("Rakdos Signet", 0, Zone.BATTLEFIELD)
    mountain = g.create_card("Mountain", 0, Zone.BATTLEFIELD)
    g.tap_for_mana(signet, "B")
    pool = g.mana_pool(0)
    assert (pool["B"], pool["R"]) == (1, 1) and g.obj(mountain)["tapped"]   # {1} paid (605.3a)


def test_signets_in_random_games():
    import numpy as np
    from mtg_core import play_random_games
    from mtg_core.enums import Result
    sig_db = CardDB(ALL_CARDS + [import_record(r).card for r in SIGNETS.values()])
    deck = Deck("signets", ((8, "Azorius Signet"), (8, "Rakdos Signet"), (12, "Lightning Bolt"),
                            (12, "Savannah Lions"), (10, "Mountain"), (10, "Plains")))
    rows = play_random_games(deck, deck, 20, seed=3, cards=sig_db, max_turns=40)
    assert not np.any(rows[:, 0] == Result.ABORTED)
