"""Costs of activated abilities with a subtype, a count, cards to discard or exile
(118.3, 602.2b, 601.2h), shown on real cards imported from their Oracle text:

- "Sacrifice a Goblin" (205.3: a subtype names any permanent with it; after layer 4,
  613.1d; changeling, 702.73a), "Sacrifice two artifacts", "Sacrifice three Treasures",
  "Sacrifice a nontoken permanent" (111.1)
- "Tap an untapped Wizard you control", "Tap two untapped Wizards you control"
- "Discard a creature card", "Discard two cards", "Discard ~" (channel: from the hand)
- "Exile two cards from your graveyard", "Exile an Elf card from your graveyard", "Exile ~"

Each choice of WHICH object pays is a decision (Decision.ACTIVATION_COST) offered to the
activating player, one object at a time; a cost that can't be paid in full makes the
ability not activatable (118.3) and trying raises an error naming the rule and changes nothing.
"""
from __future__ import annotations

import pytest

from mtg_core import DEFAULT_CARDS, Action, ActionKind, Deck, Decision, Game, IllegalActionError, Step, Zone
from mtg_core import _engine
from mtg_core.cards import Card, CardDB, CardScriptError, Draw, parse_activation_cost
from mtg_core.cards.abilities import ActivatedAbility

from oracle_helpers import imported_oracle

C = _engine.constants()

# Real Oracle texts (the corpus).
RECORDS = [
    ("Clickslither", "{1}{R}{R}{R}", "Creature — Insect",
     "Haste\nSacrifice a Goblin: Clickslither gets +2/+2 and gains trample until end of turn.",
     "3", "3"),
    ("Krark-Clan Engineers", "{3}{R}", "Creature — Goblin Artificer",
     "{R}, Sacrifice two artifacts: Destroy target artifact.", "2", "2"),
    ("Azami, Lady of Scrolls", "{2}{U}{U}{U}", "Legendary Creature — Human Wizard",
     "Tap an untapped Wizard you control: Draw a card.", "0", "2"),
    ("Aphetto Grifter", "{2}{U}", "Creature — Human Wizard",
     "Tap two untapped Wizards you control: Tap target permanent.", "1", "1"),
    ("Grim Lavamancer", "{R}", "Creature — Human Wizard",
     "{R}, {T}, Exile two cards from your graveyard: Grim Lavamancer deals 2 damage to any "
     "target.", "1", "1"),
    ("Skyshroud Vampire", "{3}{B}{B}", "Creature — Vampire",
     "Flying\nDiscard a creature card: Skyshroud Vampire gets +2/+2 until end of turn.", "3", "3"),
    ("Zombie Infestation", "{1}{B}", "Enchantment",
     "Discard two cards: Create a 2/2 black Zombie creature token.", None, None),
    ("Ironhoof Boar", "{5}{R}", "Artifact Creature — Boar",
     "Trample, haste\nChannel — {1}{R}, Discard Ironhoof Boar: Target creature gets +3/+1 and "
     "gains trample until end of turn.", "5", "4"),
    ("Brittle Effigy", "{1}", "Artifact", "{4}, {T}, Exile Brittle Effigy: Exile target creature.",
     None, None),
    ("Infernal Tribute", "{B}{B}{B}", "Enchantment",
     "{2}, Sacrifice a nontoken permanent: Draw a card.", None, None),
    ("Scarred Vinebreeder", "{1}{B}", "Creature — Elf Shaman",
     "{2}{B}, Exile an Elf card from your graveyard: Scarred Vinebreeder gets +3/+3 until end "
     "of turn.", "1", "1"),
    ("Ruthless Knave", "{2}{B}", "Creature — Orc Pirate",
     "{2}{B}, Sacrifice a creature: Create two Treasure tokens. (They're artifacts with \"{T}, "
     "Sacrifice this artifact: Add one mana of any color.\")\nSacrifice three Treasures: Draw a "
     "card.", "3", "2"),
    ("Avian Changeling", "{2}{W}", "Creature — Shapeshifter",
     "Changeling (This card is every creature type.)\nFlying", "2", "2"),
]


IMPORTED = {rec[0]: imported_oracle(*rec) for rec in RECORDS}
DB = DEFAULT_CARDS.extended(list(IMPORTED.values()))


def game() -> Game:
    g = Game([Deck.parse("60 Mountain"), Deck.parse("60 Mountain")], seed=3, cards=DB, mulligans=False, starting_player=0)
    g.pass_until(lambda gg: gg.step == Step.MAIN)
    return g


def put(g: Game, *names: str, p: int = 0, zone: Zone = Zone.BATTLEFIELD) -> list[int]:
    return [g.create_card(n, p, zone) for n in names]


def resolve(g: Game) -> None:
    while g.stack() and g.decision.kind == Decision.PRIORITY:
        g.pass_priority()


def activate(o: int, idx: int = 0) -> Action:
    return Action.make(ActionKind.ACTIVATE, o, idx)


def refused(g: Game, action: Action, rule: str) -> None:
    """``action`` is not offered, raises IllegalActionError naming ``rule``, changes nothing."""
    before = g.save()
    assert action not in g.legal_actions()
    with pytest.raises(IllegalActionError, match=rule.replace(".", r"\.")):
        g.apply(action)
    assert g.save() == before


def tapped(g: Game, o: int) -> bool:
    return bool(g.obj(o)["tapped"])


def exiled(g: Game) -> list[int]:
    return g.zone(Zone.EXILE)


def offered(g: Game) -> list[int]:
    d = g.decision
    assert d.kind == Decision.ACTIVATION_COST and d.player == 0
    return sorted(a.a for a in g.legal_actions())


# --- 205.3 / 118.3: "Sacrifice a Goblin" --------------------------------------------------------

def test_205_3_sacrifice_a_goblin_offers_only_goblins_you_control():
    g = game()
    slither, = put(g, "Clickslither")
    guide, fanatic, bears = put(g, "Goblin Guide", "Mogg Fanatic", "Grizzly Bears")
    theirs, = put(g, "Raging Goblin", p=1)
    g.apply(activate(slither))
    assert g.decision.slot == C["PAYC_SAC"]
    assert offered(g) == sorted([guide, fanatic])          # not the Bears, not theirs
    g.apply(Action.make(ActionKind.SAC_COST, fanatic))
    assert fanatic in g.graveyard(0)
    resolve(g)
    assert g.power_toughness(slither) == (5, 5)


def test_118_3_sacrifice_a_goblin_without_a_goblin_is_refused():
    g = game()
    slither, = put(g, "Clickslither")
    put(g, "Grizzly Bears")
    put(g, "Raging Goblin", p=1)                            # an opponent's Goblin doesn't do
    refused(g, activate(slither), "118.3")


def test_702_73a_a_changeling_is_a_goblin_for_the_cost():
    g = game()
    slither, = put(g, "Clickslither")
    changeling, bears = put(g, "Avian Changeling", "Grizzly Bears")
    g.apply(activate(slither))
    assert offered(g) == [changeling]


def test_613_1d_a_goblin_turned_into_a_frog_is_no_goblin_for_the_cost():
    g = game()
    slither, = put(g, "Clickslither")
    guide, = put(g, "Goblin Guide")
    bolt, = put(g, "Turn to Frog", zone=Zone.HAND)
    put(g, "Island", "Island")
    g.cast(bolt, guide)
    resolve(g)
    refused(g, activate(slither), "118.3")                  # 205.1b: it lost its creature types


# --- counts: "Sacrifice two artifacts", "Sacrifice three Treasures" ------------------------------

def test_118_3_sacrifice_two_artifacts_asks_twice_and_needs_two():
    g = game()
    engineers, = put(g, "Krark-Clan Engineers")
    put(g, "Mountain")
    mox, = put(g, "Mox Pearl")
    target, = put(g, "Ornithopter", p=1)
    refused(g, activate(engineers), "118.3")               # one artifact is not enough
    memnite, = put(g, "Memnite")
    g.activate(engineers, 0, target)
    assert g.decision.slot == C["PAYC_SAC"] and offered(g) == sorted([mox, memnite])
    g.apply(Action.make(ActionKind.SAC_COST, mox))
    assert g.decision.slot == C["PAYC_SAC"] and offered(g) == [memnite]   # the second one
    g.apply(Action.make(ActionKind.SAC_COST, memnite))
    assert {mox, memnite} <= set(g.graveyard(0))
    resolve(g)
    assert target not in g.battlefield(1)


def test_118_3_sacrifice_three_treasures():
    g = game()
    knave, = put(g, "Ruthless Knave")
    treasures = [g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True) for _ in range(2)]
    refused(g, activate(knave, 1), "118.3")
    treasures.append(g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True))
    hand = len(g.hand(0))
    g.activate(knave, 1, sacrifice=treasures)
    assert not set(treasures) & set(g.battlefield(0))
    resolve(g)
    assert len(g.hand(0)) == hand + 1


def test_111_1_sacrifice_a_nontoken_permanent_offers_no_token():
    g = game()
    tribute, = put(g, "Infernal Tribute")
    token = g.create_card("Treasure", 0, Zone.BATTLEFIELD, token=True)
    mountains = put(g, "Mountain", "Mountain")
    g.activate(tribute, 0)
    assert token not in offered(g) and tribute in offered(g)


# --- "Tap an untapped Wizard you control", "Tap two untapped Wizards you control" ---------------

def test_118_3_tap_an_untapped_wizard_you_control():
    g = game()
    azami, = put(g, "Azami, Lady of Scrolls")
    sorcerer, bears = put(g, "Prodigal Sorcerer", "Grizzly Bears")
    g.apply(activate(azami))
    assert g.decision.slot == C["PAYC_TAP"] and offered(g) == sorted([azami, sorcerer])
    hand = len(g.hand(0))
    g.apply(Action.make(ActionKind.TAP_COST, sorcerer))
    resolve(g)
    assert tapped(g, sorcerer) and not tapped(g, azami) and len(g.hand(0)) == hand + 1


def test_118_3_tap_two_untapped_wizards_asks_twice_and_needs_two():
    g = game()
    grifter, = put(g, "Aphetto Grifter")
    target, = put(g, "Grizzly Bears", p=1)
    sorcerer, = put(g, "Prodigal Sorcerer")
    g.set_object(sorcerer, tapped=1)
    refused(g, activate(grifter), "118.3")                  # a tapped Wizard doesn't count
    g.set_object(sorcerer, tapped=0)
    g.activate(grifter, 0, target, tap=[grifter, sorcerer])
    assert tapped(g, grifter) and tapped(g, sorcerer)
    resolve(g)
    assert tapped(g, target)


def test_several_to_tap_and_mana_is_refused_when_the_card_is_defined():
    with pytest.raises(CardScriptError, match="tapping several"):
        Card("Test Tapper", "{U}", ("Creature",), ("Wizard",), power=1, toughness=1,
             abilities=(ActivatedAbility("{1}, Tap two untapped Wizard permanents you control",
                                         Draw("you", 1)),))


# --- discard: "Discard a creature card", "Discard two cards", channel ----------------------------

def test_118_3_discard_a_creature_card_offers_only_creature_cards():
    g = game()
    vampire, = put(g, "Skyshroud Vampire")
    bears, bolt = put(g, "Grizzly Bears", "Lightning Bolt", zone=Zone.HAND)
    g.apply(activate(vampire))
    assert g.decision.slot == C["PAYC_DISCARD"] and offered(g) == [bears]
    g.apply(Action.make(ActionKind.DISCARD_COST, bears))
    resolve(g)
    assert bears in g.graveyard(0) and bolt in g.hand(0)
    assert g.power_toughness(vampire) == (5, 5)


def test_118_3_discard_a_creature_card_with_none_in_hand_is_refused():
    g = game()
    vampire, = put(g, "Skyshroud Vampire")
    for o in list(g.hand(0)):
        g.move(o, Zone.LIBRARY)
    put(g, "Lightning Bolt", "Mountain", zone=Zone.HAND)
    refused(g, activate(vampire), "118.3")


def test_118_3_discard_two_cards():
    g = game()
    infestation, = put(g, "Zombie Infestation")
    hand = list(g.hand(0))
    assert len(hand) >= 2
    g.activate(infestation, 0, discard=hand[:2])
    assert set(hand[:2]) <= set(g.graveyard(0))
    resolve(g)
    assert any(g.card_of(o).name.startswith("Zombie") for o in g.battlefield(0))


def test_702_channel_discard_this_card_works_from_the_hand_only():
    g = game()
    boar, = put(g, "Ironhoof Boar", zone=Zone.HAND)
    target, = put(g, "Grizzly Bears")
    put(g, "Mountain", "Mountain")
    g.activate(boar, 0, target)
    assert boar in g.graveyard(0)
    resolve(g)
    assert g.power_toughness(target) == (5, 3)
    on_bf, = put(g, "Ironhoof Boar")
    assert activate(on_bf) not in g.legal_actions()


# --- exile: "Exile two cards from your graveyard", "Exile an Elf card ...", "Exile ~" -----------

def test_118_3_exile_two_cards_from_your_graveyard():
    g = game()
    lavamancer, = put(g, "Grim Lavamancer")
    put(g, "Mountain")
    one, = put(g, "Lightning Bolt", zone=Zone.GRAVEYARD)
    refused(g, activate(lavamancer), "118.3")              # one card is not enough
    two, = put(g, "Grizzly Bears", zone=Zone.GRAVEYARD)
    theirs, = put(g, "Shock", p=1, zone=Zone.GRAVEYARD)
    life = g.life(1)
    g.apply(activate(lavamancer))
    g.apply(Action.make(ActionKind.TARGET, _engine.constants()["TGT_PLAYER"] + 1))
    assert g.decision.slot == C["PAYC_EXILE"] and offered(g) == sorted([one, two])  # yours only
    g.apply(Action.make(ActionKind.EXILE_COST, two))
    assert offered(g) == [one]
    g.apply(Action.make(ActionKind.EXILE_COST, one))
    assert not g.graveyard(0) and theirs in g.graveyard(1)
    resolve(g)
    assert g.life(1) == life - 2


def test_205_3_exile_an_elf_card_reads_the_subtype_of_a_card_in_the_graveyard():
    g = game()
    vinebreeder, = put(g, "Scarred Vinebreeder")
    put(g, "Swamp", "Swamp", "Swamp")
    put(g, "Grizzly Bears", zone=Zone.GRAVEYARD)
    refused(g, activate(vinebreeder), "118.3")             # a Bear is no Elf
    elf, = put(g, "Llanowar Elves", zone=Zone.GRAVEYARD)
    g.activate(vinebreeder, 0, exile=elf)
    assert elf in exiled(g)
    resolve(g)
    assert g.power_toughness(vinebreeder) == (4, 4)


def test_406_2_exile_this_permanent_as_a_cost():
    g = game()
    effigy, = put(g, "Brittle Effigy")
    target, = put(g, "Grizzly Bears", p=1)
    put(g, "Mountain", "Mountain", "Mountain", "Mountain")
    g.activate(effigy, 0, target)
    assert effigy in exiled(g)                               # paid on activation (602.2b)
    resolve(g)
    assert target in exiled(g)


# --- the card language ---------------------------------------------------------------------------

@pytest.mark.parametrize("cost, problem", [
    ("Sacrifice two creature", "plural"),
    ("Sacrifice a Goblin Elf creature", "one subtype"),
    ("Sacrifice a Goblin, Sacrifice an artifact", "per cost"),
    ("{T}, Exile ~, Sacrifice ~", "exiling and sacrificing"),
])
def test_malformed_cost_words_fail_where_the_card_is_defined(cost, problem):
    with pytest.raises(CardScriptError, match=problem):
        Card("Test Cost", "{1}", ("Artifact",), abilities=(ActivatedAbility(cost, Draw("you", 1)),))


def test_a_card_database_gives_each_named_subtype_a_bit_the_cost_filter_names():
    db = CardDB([IMPORTED["Clickslither"]])
    bit = db.subtype_bits["Goblin"]
    row = db.tables.abilities[0]
    assert (int(row[C["AF_SAC_COST"]]) >> C["FILTER_SUBTYPE_SHIFT"]) & C["FILTER_SUBTYPE_BITS"] \
        == bit.bit_length()
    assert parse_activation_cost("Discard a card").discard == 0     # the old words, the old row
