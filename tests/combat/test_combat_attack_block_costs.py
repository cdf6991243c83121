"""Attack and block costs (508.1g-i, 509.1d-f) and the cost sentence of 508.1d / 509.1c:
Propaganda, Ghostly Prison, Windborn Muse, Baird, Brainwash and Archangel of Tithes in
games, step by step and as whole declarations."""
from __future__ import annotations

import pytest

from mtg_core import _engine
from mtg_core.enums import ActionKind, Decision, Zone
from mtg_core.errors import IllegalActionError
from mtg_core.game import Action

from combat_helpers import DONE, P1, combat_game, to_blockers


def attacks_offered(g) -> set[tuple[int, int]]:
    return {(a.b, a.a) for a in g.legal_actions() if a.kind == ActionKind.ATTACK}


def blocks_offered(g) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in g.legal_actions() if a.kind == ActionKind.BLOCK}


def attacking(g, o) -> bool:
    return bool(g.obj(o)["combat"] & _engine.CB_ATTACKING)


def paid(g) -> list[str]:
    return [line for line in g.log if "pays {" in line]


@pytest.mark.parametrize("tax_card", ["Propaganda", "Ghostly Prison", "Windborn Muse"])
def test_508_1g_i_each_attacker_costs_two_and_only_payable_declarations_are_offered(tax_card):
    """Two mana pay for one attacker, not two: after one is chosen the other is no longer
    offered, "done" is always payable, and the payment taps the lands (508.1h-i)."""
    g, (b1, b2, f1, f2), (tax,) = combat_game(
        ["Grizzly Bears", "Grizzly Bears", "Forest", "Forest"], [tax_card])
    assert attacks_offered(g) == {(b1, P1), (b2, P1)}
    assert DONE in g.legal_actions()                 # attacking is never required
    g.apply(Action.make(ActionKind.ATTACK, P1, b1))
    assert attacks_offered(g) == set()               # {4} can't be paid with two Forests
    assert g.legal_actions() == [DONE]
    g.apply(DONE)
    assert attacking(g, b1) and not attacking(g, b2)
    assert g.obj(f1)["tapped"] and g.obj(f2)["tapped"]           # 508.1h: mana abilities
    assert paid(g) == ["P0 pays {2} to attack (508.1g-i)"]
    assert not any(g.mana_pool(0).values())      # 508.1i: all of it paid


def test_508_1g_i_an_unpayable_whole_declaration_is_refused_and_changes_nothing():
    g, (b1, b2, f1, f2), _ = combat_game(
        ["Grizzly Bears", "Grizzly Bears", "Forest", "Forest"], ["Propaganda"])
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({b1: P1, b2: P1})
    assert "508.1g-i" in str(err.value) and "{4}" in str(err.value) and "2 mana" in str(err.value)
    assert g.save() == before                         # 508.1: back to before the declaration
    g.declare_attackers({b2: P1})
    assert attacking(g, b2) and g.obj(f1)["tapped"] and g.obj(f2)["tapped"]


def test_508_1f_h_a_mana_creature_tapped_by_attacking_cant_pay():
    """508.1f taps attackers before 508.1h: Llanowar Elves pays for the Bears' attack,
    but it can't pay for its own."""
    g, (elf, bear, forest), _ = combat_game(["Llanowar Elves", "Grizzly Bears", "Forest"],
                                            ["Propaganda"])
    assert attacks_offered(g) == {(bear, P1)}
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({elf: P1})
    assert "508.1g-i" in str(err.value) and "only 1 mana" in str(err.value)
    g.declare_attackers({bear: P1})
    assert attacking(g, bear) and g.obj(elf)["tapped"] and g.obj(forest)["tapped"]


def test_508_1d_a_creature_that_attacks_each_combat_need_not_pay_to_attack():
    """508.1d: "If a creature can't attack unless a player pays a cost, that player is not
    required to pay that cost": Juggernaut facing Propaganda may stay home, or attack and
    pay; with no mana it can't attack at all."""
    g, (jugg, f1, f2), _ = combat_game(["Juggernaut", "Forest", "Forest"], ["Propaganda"])
    assert DONE in g.legal_actions() and attacks_offered(g) == {(jugg, P1)}
    before = g.save()
    g.declare_attackers({})                           # obeys 0 of a maximum of 0
    assert not attacking(g, jugg)
    g2 = g.load(before, cards=g.cards)
    g2.declare_attackers({jugg: P1})
    assert attacking(g2, jugg) and g2.obj(f1)["tapped"]
    g3, (jugg3,), _ = combat_game(["Juggernaut"], ["Propaganda"])
    assert g3.legal_actions() == [DONE]


def test_508_1d_lure_like_requirement_with_a_cost_and_a_free_attacker():
    """A requirement holder that must pay doesn't count toward the maximum; a free one
    still does: Juggernaut with Brainwash ({3}) needn't attack, another Juggernaut must."""
    def edit(g, a, b):
        aura = g.create_card("Brainwash", 1, Zone.BATTLEFIELD)
        g.set_object(aura, attached_to=a[0])
    g, (j1, j2), _ = combat_game(["Juggernaut", "Juggernaut"], edit=edit)
    # no mana: the Brainwashed one can't attack; the other must
    assert attacks_offered(g) == {(j2, P1)}
    assert DONE not in g.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        g.declare_attackers({})
    assert "508.1d" in str(err.value)
    g.declare_attackers({j2: P1})
    assert attacking(g, j2) and not attacking(g, j1)


def test_brainwash_enchanted_creature_attacks_only_by_paying_three():
    def edit(g, a, b):
        aura = g.create_card("Brainwash", 1, Zone.BATTLEFIELD)
        g.set_object(aura, attached_to=a[0])
    g, (bear, f1, f2), _ = combat_game(["Grizzly Bears", "Forest", "Forest"], edit=edit)
    assert attacks_offered(g) == set() and g.legal_actions() == [DONE]
    g, (bear, f1, f2, f3), _ = combat_game(["Grizzly Bears", "Forest", "Forest", "Forest"], edit=edit)
    g.declare_attackers({bear: P1})
    assert attacking(g, bear) and paid(g) == ["P0 pays {3} to attack (508.1g-i)"]


def test_baird_taxes_attacks_on_planeswalkers_too_and_taxes_add_up():
    g, (b1, f1, f2, f3), (baird, walker, prison) = combat_game(
        ["Grizzly Bears", "Forest", "Forest", "Forest"],
        ["Baird, Steward of Argive", "Test Walker", "Ghostly Prison"])
    # the player: {1} (Baird) + {2} (Ghostly Prison); the planeswalker: {1} (Baird only)
    assert attacks_offered(g) == {(b1, P1), (b1, walker)}
    g.declare_attackers({b1: P1})
    assert paid(g) == ["P0 pays {3} to attack (508.1g-i)"]
    g, (b1, b2, f1), (baird, walker) = combat_game(
        ["Grizzly Bears", "Grizzly Bears", "Forest"], ["Baird, Steward of Argive", "Test Walker"])
    g.apply(Action.make(ActionKind.ATTACK, walker, b1))
    assert attacks_offered(g) == set()               # one Forest pays for one attacker


def test_archangel_of_tithes_taxes_attacks_only_while_untapped():
    g, (b1, f1), (angel,) = combat_game(["Grizzly Bears", "Forest"], ["Archangel of Tithes"])
    g.declare_attackers({b1: P1})
    assert paid(g) == ["P0 pays {1} to attack (508.1g-i)"] and g.obj(f1)["tapped"]
    g, (b1,), (angel,) = combat_game(["Grizzly Bears"], ["Archangel of Tithes"],
                                     edit=lambda g, a, b: g.set_object(b[0], tapped=1))
    g.declare_attackers({b1: P1})
    assert attacking(g, b1) and paid(g) == []


def test_509_1d_f_archangel_attacking_makes_each_blocker_cost_one():
    g, (angel,), (g1, g2, forest) = combat_game(
        ["Archangel of Tithes"], ["Test Flyer", "Test Flyer", "Forest"])
    to_blockers(g, {angel: P1})
    assert g.decision.kind == Decision.DECLARE_BLOCKERS
    assert blocks_offered(g) == {(g1, angel), (g2, angel)}
    before = g.save()
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({g1: angel, g2: angel})
    assert "509.1d-f" in str(err.value)
    assert g.save() == before
    g.apply(Action.make(ActionKind.BLOCK, g1, angel))
    assert blocks_offered(g) == set() and g.legal_actions() == [DONE]
    g.apply(DONE)
    assert g.obj(g1)["combat"] & _engine.CB_BLOCKING and g.obj(forest)["tapped"]
    assert "P1 pays {1} to block (509.1d-f)" in g.log


def test_509_1c_a_blocker_that_must_pay_is_not_required_to_block():
    """509.1c's cost sentence: a creature that "blocks each combat if able" facing the
    Archangel's block tax needn't block, even with the mana to pay; it may block and pay.
    Against a creature without the tax the same blocker must block."""
    g, (angel,), (eager, forest) = combat_game(["Archangel of Tithes"],
                                               ["Test Eager Reach", "Forest"])
    to_blockers(g, {angel: P1})
    assert DONE in g.legal_actions() and blocks_offered(g) == {(eager, angel)}
    before = g.save()
    g.declare_blockers({})
    assert not g.obj(eager)["combat"]
    g = g.load(before, cards=g.cards)
    g.declare_blockers({eager: angel})
    assert g.obj(eager)["combat"] & _engine.CB_BLOCKING and g.obj(forest)["tapped"]
    g, (flyer,), (eager, forest) = combat_game(["Test Flyer"], ["Test Eager Reach", "Forest"])
    to_blockers(g, {flyer: P1})
    assert DONE not in g.legal_actions()             # no cost: it must block
    with pytest.raises(IllegalActionError) as err:
        g.declare_blockers({})
    assert "509.1c" in str(err.value)
