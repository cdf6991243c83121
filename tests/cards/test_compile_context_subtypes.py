"""The subtype bits of a card database travel in its compile context (205.3): databases
naming different subtypes compile to the same tables one after the other, interleaved, or
alone, and a card checked where it is defined gets bits of its own."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from mtg_core import _engine
from mtg_core.cards import (ActivatedAbility, Card, CardDB, CardScriptError, Draw, ModifyPT,
                            StaticAbility)
from mtg_core.cards.compile_context import DEFAULT_CONTEXT, CompileContext
from mtg_core.cards.effects import Effect

C = _engine.constants()


def _goblin_cards(extra_ability=None) -> list[Card]:
    """A database naming one subtype besides the rules' own: Goblin."""
    lord = StaticAbility("other creatures", ModifyPT(1, 1), subtypes=("Goblin",))
    sac = ActivatedAbility("Sacrifice a Goblin", Draw("you", 1))
    first = (extra_ability,) if extra_ability is not None else ()
    return [Card("Test Goblin Lord", "{1}{R}", ("Creature",), ("Goblin",), power=1, toughness=1,
                 abilities=(*first, lord, sac)),
            Card("Test Goblin", "{R}", ("Creature",), ("Goblin",), power=1, toughness=1)]


def _elf_cards() -> list[Card]:
    """A database naming Elf and Goblin: Goblin's bit is not the one it has above."""
    return [Card("Test Elf Lord", "{1}{G}", ("Creature",), ("Elf",), power=1, toughness=1,
                 abilities=(StaticAbility("other creatures", ModifyPT(1, 1), subtypes=("Elf",)),
                            ActivatedAbility("Sacrifice a Goblin", Draw("you", 1)))),
            Card("Test Elf", "{G}", ("Creature",), ("Elf", "Goblin"), power=1, toughness=1)]


def _tables(db: CardDB) -> tuple[bytes, bytes, bytes]:
    t = db.tables
    return tuple(np.ascontiguousarray(a).tobytes() for a in (t.cards, t.abilities, t.program))


def test_205_3_two_databases_number_the_same_subtype_differently():
    goblins, elves = CardDB(_goblin_cards()), CardDB(_elf_cards())
    assert goblins.subtype_bits["Goblin"] != elves.subtype_bits["Goblin"]
    assert "Elf" not in goblins.subtype_bits


def test_databases_compiled_one_after_the_other_give_the_tables_each_gives_alone():
    alone_goblins = _tables(CardDB(_goblin_cards()))
    alone_elves = _tables(CardDB(_elf_cards()))
    assert alone_goblins != alone_elves
    for _ in range(2):
        assert _tables(CardDB(_goblin_cards())) == alone_goblins
        assert _tables(CardDB(_elf_cards())) == alone_elves


@dataclass(frozen=True)
class _CompilesTheElvesToo(Effect):
    """Draw a card; as it compiles, a card naming other subtypes is defined (and so checked)
    and the other database is compiled: in the middle of the outer compilation."""
    seen: list = field(hash=False, compare=False)

    def compile(self, ctx: CompileContext = DEFAULT_CONTEXT) -> list[int]:
        self.seen.append((_tables(CardDB(_elf_cards())), _elf_cards()[0].name))
        return Draw("you", 1).compile(ctx)


def test_a_database_compiled_inside_another_compilation_leaves_the_outer_bits_alone():
    alone_goblins = _tables(CardDB(_goblin_cards(ActivatedAbility("{1}", Draw("you", 1)))))
    alone_elves = _tables(CardDB(_elf_cards()))
    seen: list = []
    # the inner compilation runs before the Goblin lord's rows that name Goblin are built
    nested = CardDB(_goblin_cards(ActivatedAbility("{1}", _CompilesTheElvesToo(seen))))
    assert seen and all(tables == alone_elves for tables, _ in seen)
    assert _tables(nested) == alone_goblins


def test_a_card_is_checked_with_bits_for_just_the_subtypes_it_names():
    sac = ActivatedAbility("Sacrifice a Goblin", Draw("you", 1))
    with pytest.raises(CardScriptError, match="no bit outside a CardDB compilation"):
        sac.row(0, 0)                                # DEFAULT_CONTEXT: the rules' own only
    ctx = CompileContext.for_subtypes({"Goblin"})
    assert set(ctx.subtypes.bits) - set(DEFAULT_CONTEXT.subtypes.bits) == {"Goblin"}
    assert sac.row(0, 0, ctx)[C["AF_SAC_COST"]] & ctx.subtypes.filter_field("Goblin")
    Card("Test Sacrificer", "{B}", ("Creature",), power=1, toughness=1, abilities=(sac,))


def test_the_subtype_bits_of_a_context_cannot_be_changed():
    ctx = CompileContext.for_subtypes({"Goblin"})
    with pytest.raises(TypeError):
        ctx.subtypes.bits["Elf"] = 1                 # type: ignore[index]
    with pytest.raises(AttributeError):
        ctx.subtypes = DEFAULT_CONTEXT.subtypes      # type: ignore[misc]
