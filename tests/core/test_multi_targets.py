"""Several targets in one phrase (601.2c, 115.1, 608.2b):
"up to one target X" may be left unchosen, "up to two target Xs" are two choices of one word
"target" (different objects), and on resolution each target is checked on its own: the
spell or ability does nothing to an illegal one and doesn't resolve only if all its chosen
targets are illegal.  Real cards imported from their Oracle text, played in games."""
from __future__ import annotations

import pytest

from mtg_core import Action, ActionKind, Decision, Deck, Game, Step, Zone
from mtg_core.cards import (ActivatedAbility, CardDB, CardScriptError, Destroy, Mode,
                            SpellAbility, Tap)
from mtg_core.errors import IllegalActionError
from mtg_core.library import ALL_CARDS

from oracle_helpers import imported_oracle

# exact Oracle data of the corpus (name, mana cost, type line, text, power, toughness)
REAL = {
    "Frost Breath": ("{2}{U}", "Instant",
                     "Tap up to two target creatures. Those creatures don't untap during their "
                     "controller's next untap step."),
    "Dual Shot": ("{R}", "Instant",
                  "Dual Shot deals 1 damage to each of up to two target creatures."),
    "Soul Salvage": ("{2}{B}", "Sorcery",
                     "Return up to two target creature cards from your graveyard to your hand."),
    "Swelter": ("{3}{R}", "Sorcery", "Swelter deals 2 damage to each of two target creatures."),
    "Gavony Silversmith": ("{3}{W}", "Creature — Human Soldier",
                           "When Gavony Silversmith enters the battlefield, put a +1/+1 counter on "
                           "each of up to two target creatures.", "2", "3"),
    "Aven Augur": ("{3}{U}", "Creature — Bird Wizard",
                   "Flying\nSacrifice Aven Augur: Return up to two target creatures to their "
                   "owners' hands. Activate only during your upkeep.", "2", "2"),
    "Nebelgast Intruder": ("{2}{U}", "Creature — Spirit",
                           "Flash\nFlying\nWhen Nebelgast Intruder enters the battlefield, up to "
                           "one target creature an opponent controls gets -2/-0 until end of turn.",
                           "2", "1"),
    "Coliseum Behemoth": ("{5}{G}{G}", "Creature — Beast",
                          "Trample\nWhen this creature enters, choose one —\n• Destroy target "
                          "artifact or enchantment.\n• Draw a card.", "7", "7"),
    "Aven Surveyor": ("{3}{U}{U}", "Creature — Bird Scout",
                      "Flying\nWhen Aven Surveyor enters the battlefield, choose one —\n• Put a "
                      "+1/+1 counter on Aven Surveyor.\n• Return target creature to its owner's "
                      "hand.", "2", "2"),
    "Balm of Restoration": ("{2}", "Artifact",
                            "{1}, {T}, Sacrifice Balm of Restoration: Choose one —\n• You gain 2 "
                            "life.\n• Prevent the next 2 damage that would be dealt to any target "
                            "this turn."),
}


def card(name: str):
    return imported_oracle(name, *REAL[name])


@pytest.fixture(scope="module")
def db():
    known = {c.name for c in ALL_CARDS}
    return CardDB([*ALL_CARDS, *(card(n) for n in REAL if n not in known)])


def game_at_main(db, seed=5) -> Game:
    g = Game([Deck.parse("60 Forest"), Deck.parse("60 Island")], seed=seed, cards=db,
             mulligans=False, starting_player=0)
    g.pass_to(Step.MAIN, 0)
    return g


def lands(g: Game, p: int, name: str, n: int) -> None:
    for _ in range(n):
        g.create_card(name, p, Zone.BATTLEFIELD)


def resolve(g: Game) -> None:
    for _ in range(50):
        if not g.stack():
            return
        g.pass_priority()
    raise AssertionError("the stack did not empty")


def kinds(g: Game) -> set:
    return {a.kind for a in g.legal_actions()}


# --- up to two target creatures ------------------------------------------------------------------

def test_601_2c_frost_breath_taps_two_different_creatures_that_stay_tapped(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 3)
    a, b = (g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD) for _ in range(2))
    spell = g.create_card("Frost Breath", 0, Zone.HAND)
    g.apply(Action.make(ActionKind.CAST, spell))
    assert {a, b} <= set(g.target_choices()) and ActionKind.NO_TARGET in kinds(g)
    g.apply(Action.make(ActionKind.TARGET, a))
    assert a not in g.target_choices() and b in g.target_choices()   # a different creature
    g.apply(Action.make(ActionKind.TARGET, b))
    resolve(g)
    assert g.obj(a)["tapped"] and g.obj(b)["tapped"]
    g.pass_to(Step.MAIN, 1)                    # 502.3: they don't untap in the next untap step
    assert g.obj(a)["tapped"] and g.obj(b)["tapped"]


def test_601_2c_up_to_two_one_chosen_or_none_chosen(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 6)
    a, b = (g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD) for _ in range(2))
    one, none = (g.create_card("Frost Breath", 0, Zone.HAND) for _ in range(2))
    g.cast(one, a, None)                       # one target: the second left unchosen
    assert g.stack()[-1]["n_targets"] == 1
    resolve(g)
    assert g.obj(a)["tapped"] and not g.obj(b)["tapped"]
    g.cast(none, None)                         # zero targets: it still resolves (608.2b)
    assert g.stack()[-1]["n_targets"] == 0
    resolve(g)
    assert none in g.graveyard(0) and not g.obj(b)["tapped"]
    assert any("no target chosen" in line and "601.2c" in line for line in g.log)


def test_601_2c_up_to_two_can_be_cast_with_no_creature_on_the_battlefield(db, can_cast):
    g = game_at_main(db)
    lands(g, 0, "Island", 3)
    spell = g.create_card("Frost Breath", 0, Zone.HAND)
    assert not g.battlefield(1) and can_cast(g, spell)
    g.apply(Action.make(ActionKind.CAST, spell))
    assert g.target_choices() == [] and kinds(g) == {ActionKind.NO_TARGET}
    g.apply(Action.make(ActionKind.NO_TARGET))
    resolve(g)
    assert spell in g.graveyard(0)


def test_608_2b_dual_shot_damages_the_legal_target_only(db):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 1)
    a = g.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    b = g.create_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    spell = g.create_card("Dual Shot", 0, Zone.HAND)
    g.cast(spell, a, b)
    g.move(b, Zone.HAND)                       # 400.7: a new object, no longer a target
    resolve(g)
    assert a in g.graveyard(1) and b in g.hand(1)
    assert not any("doesn't resolve" in line for line in g.log)


def test_608_2b_swelter_with_both_targets_illegal_does_not_resolve(db, can_cast):
    g = game_at_main(db)
    lands(g, 0, "Mountain", 4)
    a = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    spell = g.create_card("Swelter", 0, Zone.HAND)
    assert not can_cast(g, spell)              # "two target creatures": two are needed (601.2c)
    b = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    assert can_cast(g, spell)
    g.apply(Action.make(ActionKind.CAST, spell))
    assert ActionKind.NO_TARGET not in kinds(g)
    before = g.save()
    with pytest.raises(IllegalActionError, match="601.2c"):
        g.apply(Action.make(ActionKind.NO_TARGET))   # a required target
    assert g.save() == before
    g.apply(Action.make(ActionKind.TARGET, a))
    g.apply(Action.make(ActionKind.TARGET, b))
    g.move(a, Zone.HAND)
    g.move(b, Zone.HAND)
    resolve(g)
    assert any("doesn't resolve" in line and "608.2b" in line for line in g.log)


def test_603_3d_gavony_silversmith_trigger_goes_on_the_stack_with_no_target(db):
    g = game_at_main(db)
    lands(g, 0, "Plains", 4)
    smith = g.create_card("Gavony Silversmith", 0, Zone.HAND)
    g.cast(smith)
    g.pass_priority()
    g.pass_priority()                          # the creature resolves; its trigger targets
    assert g.decision.kind == Decision.TARGET
    assert g.target_choices() == [smith]       # "up to two": only one creature exists
    g.apply(Action.make(ActionKind.TARGET, smith))
    assert g.target_choices() == [] and kinds(g) == {ActionKind.NO_TARGET}
    g.apply(Action.make(ActionKind.NO_TARGET))
    resolve(g)
    assert g.power_toughness(smith) == (3, 4)        # one +1/+1 counter


def test_602_aven_augur_returns_up_to_two_creatures(db):
    g = game_at_main(db)
    augur = g.create_card("Aven Augur", 0, Zone.BATTLEFIELD)
    a = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.pass_to(Step.UPKEEP, 0)
    g.activate(augur, 0, a, None)           # its only activated ability
    resolve(g)
    assert a in g.hand(1) and augur in g.graveyard(0)


# --- up to one target ----------------------------------------------------------------------------

def test_601_2c_nebelgast_intruder_up_to_one_target(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 6)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    first, second = (g.create_card("Nebelgast Intruder", 0, Zone.HAND) for _ in range(2))
    g.cast(first)
    g.pass_priority()
    g.pass_priority()                          # the creature resolves; its trigger targets
    assert g.decision.kind == Decision.TARGET and g.target_choices() == [bears]
    g.apply(Action.make(ActionKind.TARGET, bears))
    resolve(g)
    assert g.power_toughness(bears) == (0, 2)
    g.cast(second)
    g.pass_priority()
    g.pass_priority()
    g.apply(Action.make(ActionKind.NO_TARGET))  # none chosen: it resolves and does nothing
    resolve(g)
    assert g.power_toughness(bears) == (0, 2) and second in g.battlefield(0)


# --- the card language -------------------------------------------------------------------------

def test_601_2c_optional_targets_come_last_and_not_in_modes():
    with pytest.raises(CardScriptError, match="601.2c"):
        SpellAbility(Tap("target"), Destroy("target2"),
                     targets=("up to one creature", "artifact")).row(0, 0)
    with pytest.raises(CardScriptError, match="601.2c"):
        Mode(Tap("target"), targets=("up to one creature",)).row(0, 0)
    row = ActivatedAbility("{1}", Tap("target"), Tap("target2"),
                           targets=("creature", "up to one different creature")).row(0, 0)
    from mtg_core.cards import _C
    assert row[_C["AF_OPTIONAL_TARGETS"]] == 1 and row[_C["AF_N_TARGETS"]] == 2


# --- modes of activated and triggered abilities (700.2) ------------------------------------------

def enter_with_trigger(g: Game, o: int) -> None:
    g.cast(o)
    g.pass_priority()
    g.pass_priority()                          # the creature resolves; its trigger is put on


def test_603_3c_coliseum_behemoth_mode_is_chosen_as_the_trigger_is_put_on_the_stack(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 7)
    beast = g.create_card("Coliseum Behemoth", 0, Zone.HAND)
    enter_with_trigger(g, beast)
    d = g.decision
    assert d.kind == Decision.ABILITY_MODE and d.source == beast
    # 700.2: "destroy target artifact or enchantment" has no legal target: only "draw"
    assert [a.a for a in g.legal_actions()] == [1]
    before = g.save()
    with pytest.raises(IllegalActionError):
        g.apply(Action.make(ActionKind.ABILITY_MODE, 0))
    assert g.save() == before
    hand = len(g.hand(0))
    g.apply(Action.make(ActionKind.ABILITY_MODE, 1))
    resolve(g)
    assert len(g.hand(0)) == hand + 1
    assert any("mode 2 chosen (700.2)" in line for line in g.log)


def test_700_2_coliseum_behemoth_destroys_the_targeted_artifact(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 7)
    thopter = g.create_card("Ornithopter", 1, Zone.BATTLEFIELD)
    beast = g.create_card("Coliseum Behemoth", 0, Zone.HAND)
    enter_with_trigger(g, beast)
    assert [a.a for a in g.legal_actions()] == [0, 1]
    hand = len(g.hand(0))
    g.apply(Action.make(ActionKind.ABILITY_MODE, 0))
    assert g.decision.kind == Decision.TARGET and g.target_choices() == [thopter]
    g.apply(Action.make(ActionKind.TARGET, thopter))
    resolve(g)
    assert thopter in g.graveyard(1) and len(g.hand(0)) == hand   # the other mode: not done


def test_608_2b_aven_surveyor_bounce_mode_fizzles_if_its_target_left(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 5)
    bears = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bird = g.create_card("Aven Surveyor", 0, Zone.HAND)
    enter_with_trigger(g, bird)
    g.apply(Action.make(ActionKind.ABILITY_MODE, 1))
    g.apply(Action.make(ActionKind.TARGET, bears))
    g.move(bears, Zone.EXILE)
    resolve(g)
    assert g.power_toughness(bird) == (2, 2)    # the counter mode was not chosen
    assert any("doesn't resolve" in line for line in g.log)


def test_602_2b_balm_of_restoration_mode_then_costs(db):
    g = game_at_main(db)
    lands(g, 0, "Forest", 1)
    balm = g.create_card("Balm of Restoration", 0, Zone.BATTLEFIELD)
    life = g.life(0)
    g.apply(Action.make(ActionKind.ACTIVATE, balm, 0))
    assert g.decision.kind == Decision.ABILITY_MODE
    g.apply(Action.make(ActionKind.ABILITY_MODE, 0))      # "You gain 2 life"
    assert balm in g.graveyard(0)                          # the cost is paid (602.2h)
    resolve(g)
    assert g.life(0) == life + 2


# --- saved states (the load validation knows the new stack forms) ----------------------------------

def test_saved_states_mid_mode_choice_and_with_an_unchosen_target_load(db):
    g = game_at_main(db)
    lands(g, 0, "Island", 8)
    a = g.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bird = g.create_card("Aven Surveyor", 0, Zone.HAND)
    breath = g.create_card("Frost Breath", 0, Zone.HAND)
    enter_with_trigger(g, bird)
    assert g.decision.kind == Decision.ABILITY_MODE
    again = Game.load(g.save(), cards=db)            # 700.2: no mode chosen yet
    assert again.decision.kind == Decision.ABILITY_MODE
    g.apply(Action.make(ActionKind.ABILITY_MODE, 1))
    assert Game.load(g.save(), cards=db).decision.kind == Decision.TARGET
    g.apply(Action.make(ActionKind.TARGET, a))
    assert Game.load(g.save(), cards=db).stack()[-1]["n_targets"] == 1
    resolve(g)
    g.cast(breath, None)                             # up to two: none chosen (601.2c)
    loaded = Game.load(g.save(), cards=db)
    assert loaded.stack()[-1]["n_targets"] == 0
    resolve(loaded)
    assert breath in loaded.graveyard(0)
