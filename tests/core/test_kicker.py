"""Kicker on permanents (702.33): the kicker decision as a creature spell is cast (601.2b),
its total cost (601.2f), "kicked" linked to the permanent the spell becomes (702.33d),
"When ~ enters, if it was kicked, ..." -- an intervening "if" checked as it triggers and as
it resolves, with the source's last known information once it has left (603.4, 113.7a) --,
"If ~ was kicked, it enters with N +1/+1 counters on it" (614.1c), and a kicked permanent
that changes zones is a new object that wasn't kicked (400.7).  The cards are the library's
(mtg_core/library/kicker_permanents.py)."""
import pytest

from mtg_core import (DEFAULT_CARDS, Action, ActionKind, Card, Decision, MtgError, Step, Zone,
                      _engine)
from mtg_core.enums import Keyword
from mtg_core.cards import (CardScriptError, Damage, Draw, EntersWithCountersIfKicked,
                            InterveningIf, Kicked, Kicker, SpellAbility, TriggeredAbility)
from mtg_core.game import CC_KICK

from oracle_helpers import imported_oracle

SEED = 5
C = _engine.constants()

# instants and sorceries whose kicked effect replaces the unkicked one (614.1a), as the Oracle
# importer reads them (mtg_core/oracle/lower/kicker.py): exact Oracle data of the corpus
_INSTEAD = {
    "Field Research": ("{1}{U}", "Sorcery",
                       "Kicker {2}{U} (You may pay an additional {2}{U} as you cast this spell.)\n"
                       "Draw two cards. If this spell was kicked, draw three cards instead."),
    "Hypnotic Cloud": ("{1}{B}", "Sorcery",
                       "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nTarget "
                       "player discards a card. If this spell was kicked, that player discards "
                       "three cards instead."),
    "Cinderclasm": ("{1}{R}", "Instant",
                    "Kicker {R} (You may pay an additional {R} as you cast this spell.)\n"
                    "Cinderclasm deals 1 damage to each creature. If it was kicked, it deals 2 "
                    "damage to each creature instead."),
    # 702.33c: multikicker
    "Apex Hawks": ("{2}{W}", "Creature — Bird",
                   "Multikicker {1}{W} (You may pay an additional {1}{W} any number of times as you "
                   "cast this spell.)\nFlying\nApex Hawks enters the battlefield with a +1/+1 "
                   "counter on it for each time it was kicked.", "2", "2"),
}


TEST_CARDS = [imported_oracle(n, *_INSTEAD[n]) for n in _INSTEAD]


def lands(game, p, name, n):
    return [game.create_card(name, p, Zone.BATTLEFIELD) for _ in range(n)]


def resolve(game):
    while game.stack() and game.decision.kind == Decision.PRIORITY:
        game.pass_priority()


# --- 601.2b / 601.2f: the kicker decision of a permanent spell ----------------------------------

def test_702_33_a_creature_spell_asks_for_its_kicker_and_pays_it(new_game):
    game = new_game("60 Forest", "60 Forest")
    forests = lands(game, 0, "Forest", 6)
    spider = game.create_card("Pincer Spider", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, spider))
    d = game.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_KICK
    assert [a.a for a in game.legal_actions()] == [0, 1]
    game.apply(Action.make(ActionKind.KICK, 1))
    assert all(game.obj(o)["tapped"] for o in forests)              # {2}{G} + {3}
    resolve(game)
    assert spider in game.battlefield(0)
    assert game.obj(spider)["cast_info"] == C["CI_KICKED"]         # 702.33d


def test_702_33_the_kicker_isnt_asked_for_when_it_cant_be_paid(new_game):
    game = new_game("60 Forest", "60 Forest")
    lands(game, 0, "Forest", 5)
    spider = game.create_card("Pincer Spider", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, spider))                 # {2}{G}{3} needs six
    assert game.decision.kind == Decision.PRIORITY
    resolve(game)
    assert game.obj(spider)["cast_info"] == 0 and game.obj(spider)["plus1"] == 0


# --- 614.1c: "If ~ was kicked, it enters with N +1/+1 counters on it" ----------------------------

def test_614_1c_pincer_spider_enters_with_a_counter_only_if_kicked(new_game):
    game = new_game("60 Forest", "60 Forest")
    lands(game, 0, "Forest", 9)
    kicked, plain = game.create_card("Pincer Spider", 0), game.create_card("Pincer Spider", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(kicked, kicked=True)
    resolve(game)
    game.cast(plain, kicked=False)
    resolve(game)
    assert game.obj(kicked)["plus1"] == 1 and game.power_toughness(kicked) == (3, 4)
    assert game.obj(plain)["plus1"] == 0 and game.power_toughness(plain) == (2, 3)


def test_614_1c_a_kicked_spider_put_onto_the_battlefield_otherwise_has_no_counter(new_game):
    game = new_game("60 Forest", "60 Forest")
    spider = game.create_card("Pincer Spider", 0, Zone.BATTLEFIELD)
    assert game.obj(spider)["plus1"] == 0 and game.obj(spider)["cast_info"] == 0


# --- 603.4 / 702.33d: "When ~ enters, if it was kicked, ..." ------------------------------------

def test_603_4_gatekeeper_kicked_makes_target_player_sacrifice(new_game):
    game = new_game("60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 3)
    keeper = game.create_card("Gatekeeper of Malakir", 0)
    victim = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(keeper, kicked=True)
    game.pass_priority()
    game.pass_priority()                                 # the creature spell resolves
    assert keeper in game.battlefield(0)
    assert game.decision.kind == Decision.TARGET         # its ability triggered (603.3d)
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    resolve(game)
    assert victim in game.graveyard(1)


def test_603_4_gatekeeper_not_kicked_doesnt_trigger(new_game):
    game = new_game("60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 3)
    keeper = game.create_card("Gatekeeper of Malakir", 0)
    victim = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(keeper, kicked=False)
    game.pass_priority()
    game.pass_priority()
    # 603.4: the condition is false as the event happens: no trigger, no target to choose
    assert game.decision.kind == Decision.PRIORITY and not game.stack()
    assert victim in game.battlefield(1)
    assert not any("triggers" in line for line in game.log[-5:])


def test_603_4_citanul_woodreaders_draws_two_only_if_kicked(new_game):
    game = new_game("60 Forest", "60 Forest")
    lands(game, 0, "Forest", 9)
    first, second = game.create_card("Citanul Woodreaders", 0), game.create_card("Citanul Woodreaders", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    game.cast(first, kicked=True)
    resolve(game)
    assert len(game.hand(0)) == hand - 1 + 2
    game.cast(second, kicked=False)
    resolve(game)
    assert len(game.hand(0)) == hand - 1 + 2 - 1


def test_603_4_goblin_bushwhacker_kicked_pumps_and_hastes_creatures_you_control(new_game):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 2)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    theirs = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    whacker = game.create_card("Goblin Bushwhacker", 0)
    game.pass_to(Step.MAIN, 0)
    game.set_object(bears, sick=1)
    game.cast(whacker, kicked=True)
    resolve(game)
    assert game.power_toughness(bears) == (3, 2) and game.power_toughness(whacker) == (2, 1)
    assert game.power_toughness(theirs) == (2, 2)
    assert game.keywords(bears) & Keyword.HASTE and game.keywords(whacker) & Keyword.HASTE


def test_603_4_torch_slinger_kicked_deals_2_damage_to_target_creature(new_game):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 5)
    slinger = game.create_card("Torch Slinger", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(slinger, kicked=True)
    game.pass_priority()
    game.pass_priority()
    assert game.target_choices() == sorted([slinger, bears]) or \
        sorted(game.target_choices()) == sorted([slinger, bears])
    game.apply(Action.make(ActionKind.TARGET, bears))
    resolve(game)
    assert bears in game.graveyard(1)


# --- 113.7a: the condition checked again as it resolves, with last known information ----------

def test_113_7a_woodreaders_bounced_in_response_still_draws_two(new_game):
    game = new_game("60 Forest", "60 Island")
    lands(game, 0, "Forest", 6)
    lands(game, 1, "Island", 1)
    reader = game.create_card("Citanul Woodreaders", 0)
    unsummon = game.create_card("Unsummon", 1)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    game.cast(reader, kicked=True)
    game.pass_priority()
    game.pass_priority()                                 # it resolves; its ability triggers
    assert len(game.stack()) == 1 and game.stack()[0]["obj"] == reader
    game.pass_priority()
    game.cast(unsummon, reader)                          # in response: back to hand
    game.pass_priority()
    game.pass_priority()
    assert reader in game.hand(0)
    resolve(game)                                        # 603.4 + 113.7a: it was kicked
    assert len(game.hand(0)) == hand - 1 + 1 + 2


# --- 400.7: a kicked permanent that changes zones is a new object, not kicked ------------------

def test_400_7_a_kicked_gatekeeper_returned_from_the_graveyard_isnt_kicked(new_game):
    game = new_game("60 Swamp", "60 Forest")
    lands(game, 0, "Swamp", 4)
    lands(game, 0, "Plains", 4)
    lands(game, 1, "Mountain", 1)
    keeper = game.create_card("Gatekeeper of Malakir", 0)
    shock = game.create_card("Shock", 1)
    rites = game.create_card("Unburial Rites", 0)
    first = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_to(Step.MAIN, 0)
    game.cast(keeper, kicked=True)
    game.pass_priority()
    game.pass_priority()
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    resolve(game)
    assert game.obj(keeper)["cast_info"] == C["CI_KICKED"] and first in game.graveyard(1)
    second = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.pass_priority()
    game.pass_until(lambda g: g.decision.player == 1 and g.decision.kind == Decision.PRIORITY)
    game.cast(shock, keeper)
    resolve(game)
    assert keeper in game.graveyard(0) and game.obj(keeper)["cast_info"] == 0
    game.cast(rites, keeper)                             # {4}{B}: back onto the battlefield
    resolve(game)
    assert keeper in game.battlefield(0)
    # a new object (400.7) that wasn't kicked: its ability doesn't trigger (603.4)
    assert game.obj(keeper)["cast_info"] == 0 and not game.stack()
    assert game.decision.kind == Decision.PRIORITY
    assert second in game.battlefield(1)


def test_400_7_a_kicked_permanent_moved_by_a_scenario_edit_forgets_it(new_game):
    game = new_game("60 Forest", "60 Forest")
    lands(game, 0, "Forest", 6)
    spider = game.create_card("Pincer Spider", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(spider, kicked=True)
    resolve(game)
    game.move(spider, Zone.EXILE)
    game.move(spider, Zone.BATTLEFIELD, controller=0)
    assert game.obj(spider)["cast_info"] == 0 and game.obj(spider)["plus1"] == 0


def test_702_33d_a_countered_kicked_creature_spell_leaves_nothing_kicked(new_game):
    game = new_game("60 Forest", "60 Island")
    lands(game, 0, "Forest", 6)
    lands(game, 1, "Island", 2)
    spider = game.create_card("Pincer Spider", 0)
    counter = game.create_card("Counterspell", 1)
    game.pass_to(Step.MAIN, 0)
    game.cast(spider, kicked=True)
    game.pass_priority()
    game.cast(counter, spider)
    resolve(game)
    assert spider in game.graveyard(0) and game.obj(spider)["cast_info"] == 0


# --- 702.33d / 614.1a: "If this spell was kicked, <the same with other numbers> instead" -------

def test_702_33d_field_research_draws_three_kicked_two_not(new_game):
    game = new_game("60 Island", "60 Island")
    lands(game, 0, "Island", 9)
    kicked, plain = game.create_card("Field Research", 0), game.create_card("Field Research", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    game.cast(kicked, kicked=True)
    resolve(game)
    assert len(game.hand(0)) == hand - 1 + 3
    game.cast(plain, kicked=False)
    resolve(game)
    assert len(game.hand(0)) == hand - 1 + 3 - 1 + 2


def test_702_33d_hypnotic_cloud_kicked_makes_the_target_discard_three(new_game):
    game = new_game("60 Swamp", "60 Swamp")
    lands(game, 0, "Swamp", 6)
    cloud = game.create_card("Hypnotic Cloud", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(1))
    game.cast(cloud, game.player_target(1), kicked=True)
    game.pass_priority()
    game.pass_priority()
    for left in (3, 2, 1):                       # 701.8: the player chooses, one at a time
        d = game.decision
        assert d.kind == Decision.DISCARD_CHOICE and d.player == 1 and d.count == left
        game.apply(game.legal_actions()[0])
    assert len(game.hand(1)) == hand - 3 and not game.stack()


def test_702_33d_cinderclasm_deals_1_unkicked_2_kicked_to_each_creature(new_game):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 5)
    first, second = game.create_card("Cinderclasm", 0), game.create_card("Cinderclasm", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    reader = game.create_card("Citanul Woodreaders", 1, Zone.BATTLEFIELD)      # 1/4
    game.pass_to(Step.MAIN, 0)
    game.cast(first, kicked=False)
    resolve(game)
    assert game.obj(bears)["damage"] == 1 and game.obj(reader)["damage"] == 1
    game.cast(second, kicked=True)
    resolve(game)
    assert bears in game.graveyard(1) and game.obj(reader)["damage"] == 3


# --- 702.33c: multikicker -----------------------------------------------------------------------

def test_702_33c_apex_hawks_multikicker_is_asked_again_while_it_can_be_paid(new_game):
    game = new_game("60 Plains", "60 Forest")
    plains = lands(game, 0, "Plains", 8)
    hawks = game.create_card("Apex Hawks", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, hawks))
    for _ in range(2):                           # {2}{W} + 2 x {1}{W} = 7 of 8
        assert game.decision.kind == Decision.CAST_CHOICE and game.decision.slot == CC_KICK
        game.apply(Action.make(ActionKind.KICK, 1))
    assert game.decision.kind == Decision.PRIORITY  # a third can't be paid: not asked
    assert sum(game.obj(o)["tapped"] for o in plains) == 7
    resolve(game)
    assert game.obj(hawks)["plus1"] == 2 and game.power_toughness(hawks) == (4, 4)


def test_702_33c_multikicker_paid_once_or_not_at_all(new_game):
    game = new_game("60 Plains", "60 Forest")
    plains = lands(game, 0, "Plains", 8)
    once, never = game.create_card("Apex Hawks", 0), game.create_card("Apex Hawks", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(once, kicked=True)                 # kicked once, then "no more"
    assert game.decision.slot == CC_KICK
    game.apply(Action.make(ActionKind.KICK, 0))
    resolve(game)
    assert game.obj(once)["plus1"] == 1 and sum(game.obj(o)["tapped"] for o in plains) == 5
    game.cast(never, kicked=False)
    resolve(game)
    assert game.obj(never)["plus1"] == 0 and game.obj(never)["cast_info"] == 0


def test_702_33c_a_multikicker_count_without_kicked_is_refused_unchanged(new_game):
    game = new_game("60 Plains", "60 Forest")
    lands(game, 0, "Plains", 8)
    hawks = game.create_card("Apex Hawks", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST, hawks))
    game.apply(Action.make(ActionKind.KICK, 1))               # on the stack, kicked once
    info = game.obj(hawks)["cast_info"]
    assert info & C["CI_KICKED"] and info >> C["CI_KICKS_SHIFT"] == 1
    before = game.save()
    with pytest.raises(MtgError, match="multikicker count but wasn't kicked"):
        game.set_object(hawks, cast_info=info & ~C["CI_KICKED"])
    assert game.save() == before


# --- saved states and scenario edits: CI_KICKED only on a permanent ------------------------------

def test_a_kicked_permanent_survives_save_and_load(new_game):
    game = new_game("60 Forest", "60 Forest")
    lands(game, 0, "Forest", 6)
    spider = game.create_card("Pincer Spider", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(spider, kicked=True)
    resolve(game)
    from mtg_core import Game
    again = Game.load(game.save(), cards=game.cards)
    assert again.obj(spider)["cast_info"] == C["CI_KICKED"] and again == game


def test_cast_info_other_than_kicked_on_a_permanent_is_refused_unchanged(new_game):
    game = new_game("60 Forest", "60 Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    card = game.create_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    game.set_object(bears, cast_info=C["CI_KICKED"])                 # a kicked permanent
    before = game.save()
    with pytest.raises(MtgError, match="choices made casting it"):
        game.set_object(bears, cast_info=C["CI_KICKED"] | C["CI_PAID"])
    with pytest.raises(MtgError, match="choices made casting it"):
        game.set_object(card, cast_info=C["CI_KICKED"])            # 400.7: not a permanent
    with pytest.raises(MtgError, match="choices made casting it"):
        game.set_object(bears, cast_info=2 << C["CI_KICKS_SHIFT"])
    game.set_object(bears, cast_info=C["CI_KICKED"] | 3 << C["CI_KICKS_SHIFT"])
    game.set_object(bears, cast_info=C["CI_KICKED"])
    assert game.save() == before


# --- the card language --------------------------------------------------------------------------

def test_kicker_scripts_are_checked():
    kick = Kicker("{1}")
    with pytest.raises(CardScriptError, match="only its Kicker"):
        Card("Bad Bear", "{1}{G}", ("Creature",), power=2, toughness=2,
             abilities=(SpellAbility(Draw("you", 1), kicker="{1}"),))
    with pytest.raises(CardScriptError, match="one Kicker"):
        Card("Bad Bear", "{1}{G}", ("Creature",), power=2, toughness=2, abilities=(kick, kick))
    with pytest.raises(CardScriptError, match="needs a Kicker"):
        Card("Bad Bear", "{1}{G}", ("Creature",), power=2, toughness=2,
             abilities=(EntersWithCountersIfKicked(1),))
    with pytest.raises(CardScriptError, match="puts \\+1/\\+1 counters on a creature"):
        Card("Bad Rock", "{1}", ("Artifact",), abilities=(kick, EntersWithCountersIfKicked(1)))
    with pytest.raises(CardScriptError, match="counters of 1 or more"):
        EntersWithCountersIfKicked(0)
    with pytest.raises(CardScriptError, match="kicker on an Aura"):
        Card("Bad Aura", "{1}", ("Enchantment",), ("Aura",), enchant="creature",
             abilities=(kick,))
    with pytest.raises(CardScriptError, match="not supported"):
        Card("Bad Bear", "{1}{G}", ("Creature",), power=2, toughness=2,
             abilities=(Kicker("{X}"),))
    Card("Good Bear", "{1}{G}", ("Creature",), power=2, toughness=2, abilities=(
        kick, TriggeredAbility("enters", InterveningIf(Kicked(), Damage("target", 1)),
                               targets=("any",))))
