"""Alternative costs (118.9) and evoke (702.74a): casting a spell paying its alternative cost
is a distinct action announced as it is cast (601.2b); its condition is checked then; its
total cost is the alternative cost plus additional costs and kicker (601.2f, 118.9d); the
cards or permanents it takes are chosen one at a time as it is paid (601.2h), never the spell
itself; its mana value doesn't change (118.9c); only one alternative cost is paid (118.9a:
never with flashback, from the hand only).  Evoke: "When this permanent enters, if its evoke
cost was paid, its controller sacrifices it" -- linked to the permanent (702.74a).  The cards
are the library's (mtg_core/library/alternative_costs.py)."""
import pytest

from mtg_core import (DEFAULT_CARDS, Action, ActionKind, Card, CardDB, Decision, Game, MtgError,
                      Step, Zone, _engine)
from mtg_core.cards import (AlternativeCost, CardScriptError, Draw, Evoke, Evoked, EvokeSacrifice,
                            InterveningIf, Kicker, SpellAbility, TriggeredAbility, Counter)
from mtg_core.errors import IllegalActionError
from mtg_core.game import CC_ALT, CC_KICK

from game_helpers import lands, resolve

SEED = 5
C = _engine.constants()

# test-only cards: kicker on top of an alternative cost (118.9d), an alternative cost with a
# condition on your own turn
KICKED_ALT = Card("Test Kicked Alternative", "{4}{G}", ("Creature",), power=3, toughness=3,
                  abilities=(SpellAbility(kicker="{1}", alternative=AlternativeCost("Pay 2 life")),
                             TriggeredAbility("enters", Draw("you", 1))))
DB = CardDB(list(DEFAULT_CARDS.cards) + [KICKED_ALT])


def offered(game, kind):
    return [a.a for a in game.legal_actions() if a.kind == kind]


def bolt_at(game, p, target):
    """Player ``p`` casts Lightning Bolt at ``target``; ``1 - p`` gets priority."""
    lands(game, p, "Mountain", 1)
    bolt = game.create_card("Lightning Bolt", p)
    game.cast(bolt, target)
    game.pass_priority()
    return bolt


# --- 601.2b: two ways to cast, each an explicit action ---------------------------------------------

def test_118_9_force_of_will_is_cast_for_its_mana_cost_or_its_alternative_cost(new_game):
    game = new_game("60 Island", "60 Mountain")
    lands(game, 0, "Island", 5)
    fow = game.create_card("Force of Will", 0)
    blue = game.create_card("Counterspell", 0)
    game.create_card("Grizzly Bears", 0)                    # green: not a blue card
    game.pass_to(Step.MAIN, 1)
    bolt = bolt_at(game, 1, game.player_target(0))
    assert offered(game, ActionKind.CAST) == [fow, blue] and offered(game, ActionKind.CAST_ALT) == [fow]
    game.apply(Action.make(ActionKind.CAST_ALT, fow))
    game.apply(Action.make(ActionKind.TARGET, bolt))
    d = game.decision
    assert d.kind == Decision.CAST_CHOICE and d.slot == CC_ALT
    assert offered(game, ActionKind.ALT_COST) == [blue]     # 601.2h: not Force of Will itself
    game.apply(Action.make(ActionKind.ALT_COST, blue))
    assert game.life(0) == 19 and blue in game.zone(Zone.EXILE)        # 119.4, 406.3
    assert not any(game.obj(o)["tapped"] for o in game.battlefield(0))        # no mana paid
    resolve(game)
    assert game.life(0) == 19 and bolt in game.graveyard(1) and fow in game.graveyard(0)


def test_118_9_the_mana_cost_is_paid_when_cast_the_ordinary_way(new_game):
    game = new_game("60 Island", "60 Mountain")
    islands = lands(game, 0, "Island", 5)
    fow = game.create_card("Force of Will", 0)
    blue = game.create_card("Counterspell", 0)
    game.pass_to(Step.MAIN, 1)
    bolt = bolt_at(game, 1, game.player_target(0))
    game.cast(fow, bolt)
    assert all(game.obj(i)["tapped"] for i in islands) and game.life(0) == 20
    assert blue in game.hand(0)
    assert game.obj(fow)["alt_cost"] == 0


def test_118_9_the_spell_itself_cant_pay_its_alternative_cost(new_game):
    game = new_game("60 Island", "60 Mountain")
    fow = game.create_card("Force of Will", 0)
    game.pass_to(Step.MAIN, 1)
    bolt_at(game, 1, game.player_target(0))
    assert offered(game, ActionKind.CAST_ALT) == []
    before = game.save()
    with pytest.raises(IllegalActionError, match="alternative cost can't be paid"):
        game.apply(Action.make(ActionKind.CAST_ALT, fow))
    assert game.save() == before


def test_118_9c_the_mana_value_is_unchanged(new_game):
    game = new_game("60 Island", "60 Mountain")
    fow = game.create_card("Force of Will", 0)
    blue = game.create_card("Counterspell", 0)
    game.pass_to(Step.MAIN, 1)
    bolt = bolt_at(game, 1, game.player_target(0))
    game.cast(fow, bolt, alternative=blue)
    row = game.state.tables.cards[game.obj(fow)["card"]]
    assert int(row[C["CF_MANA_VALUE"]]) == 5


def test_119_4_life_it_cant_pay(new_game):
    game = new_game("60 Swamp", "60 Mountain")
    lands(game, 0, "Swamp", 1)
    snuff = game.create_card("Snuff Out", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.set_player(0, life=3)
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST_ALT) == []
    with pytest.raises(IllegalActionError, match="alternative cost can't be paid"):
        game.apply(Action.make(ActionKind.CAST_ALT, snuff))
    game.set_player(0, life=5)
    game.cast(snuff, bears, alternative=True)
    resolve(game)
    assert game.life(0) == 1 and bears in game.graveyard(1)


# --- conditions, checked as the spell is cast (601.2b) --------------------------------------------

def test_118_9_snuff_out_needs_a_swamp(new_game):
    game = new_game("60 Island", "60 Mountain")
    snuff = game.create_card("Snuff Out", 0)
    bears = game.create_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.create_card("Swamp", 1, Zone.BATTLEFIELD)          # an opponent's Swamp doesn't count
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST_ALT) == []
    with pytest.raises(IllegalActionError, match="condition of its alternative cost"):
        game.apply(Action.make(ActionKind.CAST_ALT, snuff))
    swamp = game.create_card("Swamp", 0, Zone.BATTLEFIELD)
    game.set_object(swamp, tapped=1)                        # tapped or not, it is controlled
    assert offered(game, ActionKind.CAST_ALT) == [snuff]
    game.cast(snuff, bears, alternative=True)
    resolve(game)
    assert game.life(0) == 16 and bears in game.graveyard(1)


def test_118_9_an_alternative_cost_on_your_own_turn_only(new_game):
    mine = Card("Test Mine Collapse", "{3}{R}", ("Instant",),
                abilities=(SpellAbility(Draw("you", 1), alternative=AlternativeCost(
                    "Sacrifice a Mountain", "your turn")),))
    db = CardDB(list(DEFAULT_CARDS.cards) + [mine])
    game = Game([_deck("60 Mountain"), _deck("60 Mountain")], seed=SEED, cards=db,
                starting_player=0, mulligans=False)
    lands(game, 0, "Mountain", 1)
    card = game.create_card("Test Mine Collapse", 0)
    game.pass_to(Step.MAIN, 1)
    bolt_at(game, 1, game.player_target(0))
    assert offered(game, ActionKind.CAST_ALT) == []            # not player 0's turn
    resolve(game)
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST_ALT) == [card]


def _deck(text):
    from mtg_core import Deck
    return Deck.parse(text)


def test_118_9_force_of_negation_only_when_its_not_your_turn(new_game):
    game = new_game("60 Island", "60 Mountain")
    fon = game.create_card("Force of Negation", 0)
    blue = game.create_card("Counterspell", 0)
    game.pass_to(Step.MAIN, 1)
    lands(game, 1, "Mountain", 2)
    bolt = game.create_card("Lightning Bolt", 1)
    game.cast(bolt, game.player_target(0))
    game.pass_priority()
    assert offered(game, ActionKind.CAST_ALT) == [fon]           # player 1's turn
    game.cast(fon, bolt, alternative=blue)
    resolve(game)
    assert game.life(0) == 20 and bolt in game.zone(Zone.EXILE)    # 701.5a, 614.1a
    assert blue in game.zone(Zone.EXILE) and fon in game.graveyard(0)
    game.pass_to(Step.MAIN, 0)
    fon2 = game.create_card("Force of Negation", 0)
    game.create_card("Counterspell", 0)
    lands(game, 0, "Mountain", 1)
    game.cast(game.create_card("Lightning Bolt", 0), game.player_target(1))
    assert offered(game, ActionKind.CAST_ALT) == []              # its own turn (601.2b)
    with pytest.raises(IllegalActionError, match="condition of its alternative cost"):
        game.apply(Action.make(ActionKind.CAST_ALT, fon2))


def test_701_5a_a_spell_that_cant_be_countered_isnt_exiled(new_game):
    game = new_game("60 Island", "60 Forest")
    lands(game, 0, "Island", 3)
    fon = game.create_card("Force of Negation", 0)
    game.pass_to(Step.MAIN, 1)
    lands(game, 1, "Forest", 1)
    lands(game, 1, "Swamp", 1)
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    decay = game.create_card("Abrupt Decay", 1)              # "This spell can't be countered." 
    game.cast(decay, bears)
    game.pass_priority()
    game.cast(fon, decay)
    resolve(game)
    assert decay in game.graveyard(1) and bears in game.graveyard(0)


# --- 601.2h: permanents returned or sacrificed, one explicit choice each ----------------------------

def test_118_9_daze_returns_an_island_you_control(new_game):
    game = new_game("60 Island", "60 Island")
    mine = lands(game, 0, "Island", 1)
    game.set_object(mine[0], tapped=1)                       # a tapped Island is returned too
    theirs = lands(game, 1, "Island", 1)
    lands(game, 0, "Mountain", 1)
    daze = game.create_card("Daze", 0)
    game.pass_to(Step.MAIN, 1)
    game.create_card("Grizzly Bears", 1)
    bolt = bolt_at(game, 1, game.player_target(0))
    game.cast(daze, bolt, alternative=True)
    assert game.decision.slot == CC_ALT and offered(game, ActionKind.ALT_COST) == mine
    game.apply(Action.make(ActionKind.ALT_COST, mine[0]))
    assert mine[0] in game.hand(0) and theirs[0] in game.battlefield(1)
    assert game.decision.kind == Decision.PRIORITY


def test_118_9_fireblast_sacrifices_two_mountains_chosen_one_at_a_time(new_game):
    game = new_game("60 Mountain", "60 Forest")
    mountains = lands(game, 0, "Mountain", 3)
    fb = game.create_card("Fireblast", 0)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST_ALT, fb))
    game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
    assert offered(game, ActionKind.ALT_COST) == mountains
    game.apply(Action.make(ActionKind.ALT_COST, mountains[2]))
    assert game.decision.slot == CC_ALT and offered(game, ActionKind.ALT_COST) == mountains[:2]
    taken = game.obj(fb)["alt_cost"]
    assert taken == C["ALT_CAST"] | 1 << C["ALT_DONE_SHIFT"]
    again = Game.load(game.save(), cards=game.cards)          # mid-payment states validate
    assert again == game
    game.apply(Action.make(ActionKind.ALT_COST, mountains[0]))
    resolve(game)
    assert game.life(1) == 16 and game.battlefield(0) == [mountains[1]]
    assert mountains[0] in game.graveyard(0) and mountains[2] in game.graveyard(0)


def test_118_9_fireblast_with_one_mountain_is_cast_only_for_its_mana_cost(new_game):
    game = new_game("60 Mountain", "60 Forest")
    lands(game, 0, "Mountain", 1)
    game.create_card("Fireblast", 0)
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST_ALT) == [] and offered(game, ActionKind.CAST) == []


def test_118_9_gush_returns_two_islands_and_draws(new_game):
    game = new_game("60 Island", "60 Forest")
    islands = lands(game, 0, "Island", 2)
    gush = game.create_card("Gush", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    game.cast(gush, alternative=islands)
    resolve(game)
    assert set(islands) <= set(game.hand(0)) and len(game.hand(0)) == hand - 1 + 2 + 2
    assert game.battlefield(0) == []


# --- 118.9d: kicker on top of the alternative cost -------------------------------------------------

def test_118_9d_kicker_is_paid_on_top_of_the_alternative_cost():
    game = Game([_deck("60 Forest"), _deck("60 Forest")], seed=SEED, cards=DB,
                starting_player=0, mulligans=False)
    forests = lands(game, 0, "Forest", 1)
    card = game.create_card("Test Kicked Alternative", 0)
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST) == [] and offered(game, ActionKind.CAST_ALT) == [card]
    game.apply(Action.make(ActionKind.CAST_ALT, card))
    assert game.decision.slot == CC_KICK                      # {1} of kicker can be paid
    game.apply(Action.make(ActionKind.KICK, 1))
    assert game.obj(forests[0])["tapped"] and game.life(0) == 18
    resolve(game)
    assert card in game.battlefield(0) and game.obj(card)["cast_info"] == C["CI_KICKED"]
    assert game.obj(card)["alt_cost"] == 0                    # not evoke: nothing kept (702.74a)


# --- evoke (702.74a) -------------------------------------------------------------------------------

def _order(game, first_ability):
    """Put the trigger of ability row ``first_ability`` on the stack first (603.3b)."""
    rows = game.state.sections()["triggers"]
    k = _engine.TRIGGER_FIELDS.index("ability")
    for a in game.legal_actions():
        if int(rows[a.a][k]) == first_ability:
            game.apply(a)
            return
    raise AssertionError("no such trigger")


def test_702_74a_mulldrifter_evoked_draws_two_and_is_sacrificed(new_game):
    game = new_game("60 Island", "60 Forest")
    islands = lands(game, 0, "Island", 3)
    drifter = game.create_card("Mulldrifter", 0)
    game.pass_to(Step.MAIN, 0)
    hand = len(game.hand(0))
    assert offered(game, ActionKind.CAST) == [] and offered(game, ActionKind.CAST_ALT) == [drifter]
    game.cast(drifter, alternative=True)
    assert all(game.obj(i)["tapped"] for i in islands)       # {2}{U}
    game.pass_priority()
    game.pass_priority()                                     # it resolves, enters evoked
    assert drifter in game.battlefield(0) and game.obj(drifter)["alt_cost"] == C["ALT_CAST"]
    assert game.decision.kind == Decision.ORDER_TRIGGERS      # both trigger (603.3b)
    again = Game.load(game.save(), cards=game.cards)
    assert again == game
    start = int(game.state.tables.cards[game.obj(drifter)["card"]][C["CF_ABILITY_START"]])
    _order(game, start)                   # the draw first: the sacrifice resolves first
    resolve(game)
    assert drifter in game.graveyard(0) and len(game.hand(0)) == hand - 1 + 2


def test_702_74a_mulldrifter_cast_for_its_mana_cost_stays(new_game):
    game = new_game("60 Island", "60 Forest")
    lands(game, 0, "Island", 5)
    drifter = game.create_card("Mulldrifter", 0)
    game.pass_to(Step.MAIN, 0)
    assert offered(game, ActionKind.CAST) == [drifter] and offered(game, ActionKind.CAST_ALT) == [drifter]
    game.cast(drifter)
    resolve(game)
    assert drifter in game.battlefield(0) and game.obj(drifter)["alt_cost"] == 0


def test_702_74a_an_evoked_permanent_that_changes_zones_is_a_new_object(new_game):
    game = new_game("60 Island", "60 Forest")
    lands(game, 0, "Island", 3)
    drifter = game.create_card("Mulldrifter", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(drifter, alternative=True)
    game.pass_priority()
    game.pass_priority()
    assert game.obj(drifter)["alt_cost"] == C["ALT_CAST"]
    game.move(drifter, Zone.HAND)                            # 400.7: a new object
    assert game.obj(drifter)["alt_cost"] == 0
    for _ in range(10):
        if game.decision.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        elif game.stack():
            game.pass_priority()
    assert drifter in game.hand(0)                # the evoke trigger did nothing (603.4)


def test_702_74a_grief_evoked_exiles_a_black_card(new_game):
    game = new_game("60 Swamp", "60 Forest")
    grief = game.create_card("Grief", 0)
    other = game.create_card("Snuff Out", 0)
    game.create_card("Counterspell", 0)                     # blue: not a black card
    target = game.create_card("Grizzly Bears", 1)
    game.pass_to(Step.MAIN, 0)
    game.apply(Action.make(ActionKind.CAST_ALT, grief))
    assert offered(game, ActionKind.ALT_COST) == [other]
    game.apply(Action.make(ActionKind.ALT_COST, other))
    game.pass_priority()
    game.pass_priority()
    assert game.decision.kind == Decision.ORDER_TRIGGERS
    for _ in range(40):
        d = game.decision
        if d.kind == Decision.ORDER_TRIGGERS:
            game.apply(game.legal_actions()[0])
        elif d.kind == Decision.TARGET:
            game.apply(Action.make(ActionKind.TARGET, game.player_target(1)))
        elif d.kind == Decision.PRIORITY and game.stack():
            game.pass_priority()
        elif d.kind == Decision.PRIORITY:
            break
        else:
            game.apply(game.legal_actions()[0])
    assert grief in game.graveyard(0) and target in game.graveyard(1)


# --- 118.9a: from the hand only, one alternative cost ---------------------------------------------

def test_118_9a_not_from_another_zone(new_game):
    game = new_game("60 Island", "60 Mountain")
    fow = game.create_card("Force of Will", 0, Zone.GRAVEYARD)
    game.create_card("Counterspell", 0)
    game.pass_to(Step.MAIN, 0)
    with pytest.raises(IllegalActionError, match="hand"):
        game.apply(Action.make(ActionKind.CAST_ALT, fow))


# --- saved states (src/api/validate.pxi) ----------------------------------------------------------

def test_alt_cost_marks_the_engine_cant_reach_are_refused_unchanged(new_game):
    game = new_game("60 Island", "60 Forest")
    bears = game.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    drifter = game.create_card("Mulldrifter", 0, Zone.BATTLEFIELD)
    card = game.create_card("Mulldrifter", 0, Zone.GRAVEYARD)
    game.set_object(drifter, alt_cost=C["ALT_CAST"])                # an evoked permanent
    before = game.save()
    with pytest.raises(MtgError, match="alternative cost its card doesn't have"):
        game.set_object(bears, alt_cost=C["ALT_CAST"])
    with pytest.raises(MtgError, match="no evoke"):
        game.set_object(drifter, alt_cost=C["ALT_CAST"] | 1 << C["ALT_DONE_SHIFT"])
    with pytest.raises(MtgError, match="neither a spell on the stack nor a permanent"):
        game.set_object(card, alt_cost=C["ALT_CAST"])
    with pytest.raises(MtgError, match="alt_cost"):
        game.set_object(card, alt_cost=64)
    assert game.save() == before


def test_a_spell_cast_for_its_alternative_cost_took_all_it_asks(new_game):
    game = new_game("60 Mountain", "60 Forest")
    mountains = lands(game, 0, "Mountain", 2)
    fb = game.create_card("Fireblast", 0)
    game.pass_to(Step.MAIN, 0)
    game.cast(fb, game.player_target(1), alternative=mountains)
    assert game.obj(fb)["alt_cost"] == C["ALT_CAST"] | 2 << C["ALT_DONE_SHIFT"]
    before = game.save()
    with pytest.raises(MtgError, match="took 1 of the 2"):
        game.set_object(fb, alt_cost=C["ALT_CAST"] | 1 << C["ALT_DONE_SHIFT"])
    assert game.save() == before


# --- the card language -----------------------------------------------------------------------------

def test_alternative_cost_scripts_are_checked():
    for bad, why in [("Exile a purple card from your hand", "is not mana"),
                     ("Sacrifice a Goblin", "not a land type"),
                     ("Sacrifice two Mountain", "plural"),
                     ("Exile two blue card from your hand", "'two' with 'card'"),
                     ("Return two Islands you control to its owner's hand", "their owner's hand"),
                     ("Pay 1 life, Exile a blue card from your hand, Sacrifice a Mountain",
                      "one kind of card or permanent"),
                     ("{X}{U}", "X"), ("", "needs a cost")]:
        with pytest.raises(CardScriptError, match=why):
            AlternativeCost(bad)
    with pytest.raises(CardScriptError, match="condition"):
        AlternativeCost("Pay 2 life", "an opponent controls a Mountain")
    with pytest.raises(CardScriptError, match="an AlternativeCost"):
        Card("Bad", "{U}", ("Instant",), abilities=(SpellAbility(Draw("you", 1), alternative="Pay 1 life"),))
    with pytest.raises(CardScriptError, match="only one can be paid"):
        Card("Bad", "{U}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 1), flashback="{1}{U}", alternative=AlternativeCost("Pay 1 life")),))
    with pytest.raises(CardScriptError, match="with \\{X\\}"):
        Card("Bad", "{X}{U}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 1), alternative=AlternativeCost("Pay 1 life")),))
    with pytest.raises(CardScriptError, match="with an additional cost"):
        Card("Bad", "{U}", ("Instant",), abilities=(SpellAbility(
            Draw("you", 1), additional_cost="Discard a card",
            alternative=AlternativeCost("Exile a blue card from your hand")),))
    with pytest.raises(CardScriptError, match="EvokeSacrifice"):
        Card("Bad", "{4}{U}", ("Creature",), power=2, toughness=2, abilities=(Evoke("{U}"),))
    with pytest.raises(CardScriptError, match="needs an Evoke"):
        Card("Bad", "{4}{U}", ("Creature",), power=2, toughness=2, abilities=(EvokeSacrifice(),))
    with pytest.raises(CardScriptError, match="needs an Evoke"):
        Card("Bad", "{4}{U}", ("Creature",), power=2, toughness=2, abilities=(
            TriggeredAbility("enters", InterveningIf(Evoked(), Draw("you", 1))),))
    with pytest.raises(CardScriptError, match="permanent card's"):
        Card("Bad", "{U}", ("Instant",), abilities=(SpellAbility(
            Counter("target"), targets=("spell",), alternative=AlternativeCost("{U}", evoke=True)),))
    Card("Good", "{4}{U}", ("Creature",), power=2, toughness=2,
         abilities=(Evoke("Exile a blue card from your hand"), EvokeSacrifice()))


def test_bad_alternative_cost_tables_are_refused():
    from mtg_core.cards import CardDB as DB_
    db = DB_([DEFAULT_CARDS["Force of Will"]])
    cards, abilities, program = (db.tables.cards.copy(), db.tables.abilities.copy(),
                                 db.tables.program.copy())
    sa = [i for i in range(abilities.shape[0]) if abilities[i, C["AF_KIND"]] == C["AB_SPELL"]][0]
    bad = abilities.copy()
    bad[sa, C["AF_ALT_CHOICE"]] = C["ALTK_EXILE_FROM_HAND"] | (4 << C["ALTK_N_SHIFT"])
    with pytest.raises(Exception, match="AF_ALT_CHOICE"):
        _engine.CardTables(cards, bad, program)
    bad = abilities.copy()
    bad[sa, C["AF_ALT_COND"]] = C["ALTC_YOU_CONTROL"]               # no land type given
    with pytest.raises(Exception, match="malformed alternative-cost condition"):
        _engine.CardTables(cards, bad, program)
    bad = abilities.copy()
    bad[sa, C["AF_ALT_LIFE"]] = -1
    with pytest.raises(Exception, match="outside"):
        _engine.CardTables(cards, bad, program)
    _engine.CardTables(cards, abilities, program)
