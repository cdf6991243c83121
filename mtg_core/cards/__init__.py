"""Card definitions: Python objects, lowered once into the core's int32 tables.

A card is a :class:`Card`; its abilities are :class:`SpellAbility`, :class:`ManaAbility`,
:class:`ActivatedAbility`, :class:`TriggeredAbility`; effects are small dataclasses
(:class:`Damage`, :class:`Pump`, ...) that compile to opcodes of the core's effect
interpreter (DESIGN principle 3); static abilities of the layer system
(:class:`StaticAbility` with changes such as :class:`ModifyPT`, 613) and the continuous
effects spells make with the same changes (:class:`Becomes`) are in :mod:`.statics`.  A :class:`CardDB` holds a set of cards and their
compiled :class:`mtg_core._engine.CardTables`.

The language is split by concept: :mod:`.vocabulary` (the words scripts use),
:mod:`.costs`, :mod:`.effects`, :mod:`.abilities` and :mod:`.card` (cards and their
compilation).  Everything is re-exported here.

>>> bolt = Card("Lightning Bolt", "{R}", types=("Instant",),
...             abilities=(SpellAbility(Damage("target", 3), targets=("any",)),))
>>> db = CardDB([bolt])
>>> db.row("Lightning Bolt")
0
>>> db["Lightning Bolt"].mana_value
1
"""
from ..errors import CardScriptError  # noqa: F401
from .vocabulary import (_C, TYPE_BITS, SUPERTYPE_BITS, RULES_SUBTYPES, KEYWORD_BITS,
                         COMBAT_BITS, COLOR_INDEX, TARGETS, REFS, DURATIONS, STEPS,
                         PHASES, EXTRA_PHASES, STEP_PHASE, TIMINGS, TRIGGER_MAIN_PHASES,
                         WHOSE, STATICS, COUNTERS, FOR_EACH, TRIGGER_EVENTS, PROTECTION_QUALITIES,
                         PROTECTION_TYPES, SPELL_QUALITIES, CASTERS, TRIGGERED_KEYWORDS,
                         _ref, _dur, _step, _phase, _timing,
                         keyword_mask, _target_spec)  # noqa: F401
from .vocabulary import OPTIONAL_TARGET  # noqa: F401
from .ability_modes import ChooseOne  # noqa: F401
from .costs import (_SYMBOL, ManaCost, _parse_cost)  # noqa: F401
from .effects import (Effect, Damage, Pump, GrantKeywords, Draw, LoseLife, GainLife,
                      Poison, ExtraTurn, ExtraCombat, ExtraPhase, ExtraStep,
                      SkipNextStep, SkipNextPhase, SkipNextTurn, TapAndFreezeCreatures,
                      Destroy, Sacrifice, AddCounters, Attach, Untap, AddMana,
                      AtBeginningOfNext, compile_program, Mill,
                      DoesntUntapNextUntapStep, DestroyAll, PumpForEach, DiscardAtRandom,
                      GainControl, Regenerate, PutFromHandAttacking,
                      PutFromHandBlocking, CreateToken, Investigate,
                      Counter, CounterUnlessPays, IfKicked, ReturnToHand,
                      ReturnFromGraveyard, TapAllCreatures, Exile, GainLifeEqualToPower, SearchForBasicLand,
                      RevealTopCard)  # noqa: F401
from .abilities import (Ability, SpellAbility, ManaAbility, ActivatedAbility,
                        TriggeredAbility, LoyaltyAbility, Mode, Cycling)  # noqa: F401
from .statics import (AFFECTS, CONDITIONS, COUNTS, AddColors, AsLongAs, AddKeywords, AddTypes,
                      Becomes, Change,
                      CharacteristicPT, LoseAllAbilities, ModifyPT, RemoveTypes, SetBasePT,
                      SetBasePTToManaValue, SetColors, SetCreatureTypes, StaticAbility,
                      SwitchPT, YouControl)  # noqa: F401
from .choices import (Count, Condition, AtLeast, AtMost, OpponentLifeAtMost, LifeAtLeast,
                      LifeAtMost, If, InterveningIf, May, Scry, Surveil, LookAtTop, Tap,
                      Discard, ForEach)  # noqa: F401
from .card import (Card, CardDB)  # noqa: F401
from .amounts import (COUNT_FLAGS, COUNT_KINDS, CharacteristicPTCount, CountOf,  # noqa: F401
                      ModifyPTForEach, SameCount)
from .effects import GainLifeEqualToManaValue  # noqa: F401  (the library's Divine Offering)
from .tokens import (TREASURE, FOOD, CLUE, PREDEFINED_TOKENS, creature_token)  # noqa: F401

__all__ = ['AFFECTS', 'CONDITIONS', 'AsLongAs',
           'AddColors', 'AddKeywords', 'AddTypes', 'Becomes', 'COUNTS', 'Change',
           'CharacteristicPT', 'LoseAllAbilities', 'ModifyPT', 'RemoveTypes', 'SetBasePT',
           'SetBasePTToManaValue', 'SetColors', 'SetCreatureTypes', 'StaticAbility', 'SwitchPT', 'YouControl',
           'Ability', 'ActivatedAbility', 'AddCounters', 'AddMana', 'AtBeginningOfNext',
           'Attach', 'COLOR_INDEX', 'COMBAT_BITS', 'COUNTERS', 'Card', 'CardDB', 'CardScriptError', 'DURATIONS',
           'Damage', 'Destroy', 'DestroyAll', 'DiscardAtRandom', 'DoesntUntapNextUntapStep', 'Draw',
           'EXTRA_PHASES', 'Effect', 'ExtraCombat', 'ExtraPhase', 'FOR_EACH', 'GainControl',
           'PumpForEach', 'PutFromHandAttacking', 'PutFromHandBlocking', 'Regenerate', 'TRIGGER_EVENTS',
           'ExtraStep', 'ExtraTurn', 'GainLife', 'GrantKeywords', 'KEYWORD_BITS', 'LoseLife',
           'LoyaltyAbility', 'ManaAbility', 'ManaCost', 'Mill', 'PHASES', 'Poison', 'Pump', 'REFS', 'RULES_SUBTYPES',
           'STATICS', 'STEPS', 'STEP_PHASE', 'SUPERTYPE_BITS', 'Sacrifice', 'SkipNextPhase',
           'SkipNextStep', 'SkipNextTurn', 'SpellAbility', 'TARGETS', 'TIMINGS',
           'TRIGGER_MAIN_PHASES', 'TYPE_BITS', 'TapAndFreezeCreatures', 'TriggeredAbility',
           'Untap', 'WHOSE', 'compile_program', 'keyword_mask',
           'CreateToken', 'Investigate', 'Counter', 'CounterUnlessPays', 'IfKicked',
           'ReturnToHand', 'ReturnFromGraveyard', 'TapAllCreatures', 'Mode', 'Cycling',
           'TREASURE', 'FOOD', 'CLUE',
           'PREDEFINED_TOKENS', 'creature_token', 'Exile', 'GainLifeEqualToPower',
           'SearchForBasicLand', 'RevealTopCard', 'PROTECTION_QUALITIES', 'PROTECTION_TYPES',
           'SPELL_QUALITIES', 'CASTERS', 'TRIGGERED_KEYWORDS',
           'Count', 'Condition', 'AtLeast', 'AtMost', 'OpponentLifeAtMost', 'LifeAtLeast',
           'LifeAtMost', 'If', 'InterveningIf', 'May', 'Scry', 'Surveil', 'LookAtTop', 'Tap',
           'Discard', 'ForEach']


# Zone changes: replacement (614) and prevention (615) effects, zone-change triggers (603.6)
from .replacement import (Replacement, EntersTapped, EntersWithCounters, DiesExileInstead,  # noqa: E402
                          PreventAllDamageToSelf, DestroyNoRegenerate, DestroyAllNoRegenerate,
                          PreventNextDamage, PreventAllCombatDamage, PreventAllDamageTo,
                          ReturnSelfFromGraveyard, ReturnToBattlefield, ZoneChangeTrigger)
__all__ += ['Replacement', 'EntersTapped', 'EntersWithCounters', 'DiesExileInstead',
            'PreventAllDamageToSelf', 'DestroyNoRegenerate', 'DestroyAllNoRegenerate',
            'PreventNextDamage', 'PreventAllCombatDamage', 'PreventAllDamageTo',
            'ReturnSelfFromGraveyard', 'ReturnToBattlefield', 'ZoneChangeTrigger']

# costs of activated abilities (602.2b), ward (702.21a), library searches (701.19)
from .costs import ActivationCost, parse_activation_cost  # noqa: E402,F401
from .activation_costs import Ward, WardCounter, SearchLibrary, SEARCH_QUALITIES  # noqa: E402,F401
__all__ += ['ActivationCost', 'parse_activation_cost', 'Ward', 'WardCounter', 'SearchLibrary',
            'SEARCH_QUALITIES']
__all__ += ['GainLifeEqualToManaValue']
from .moves import PutOnTop, DamageEqualToPower  # noqa: E402,F401  (401.1, 120.1)
__all__ += ['PutOnTop', 'DamageEqualToPower']
# conditions read from this turn's history and the board (morbid, raid, ferocious, delirium)
from .conditions import (CreatureDiedThisTurn, YouAttackedThisTurn, ControlPowerAtLeast,  # noqa: E402,F401
                         GraveyardCardTypesAtLeast, YourTurn)
__all__ += ['CreatureDiedThisTurn', 'YouAttackedThisTurn', 'ControlPowerAtLeast',
            'GraveyardCardTypesAtLeast', 'YourTurn']
from .faces import Transform, NoSpellsCastLastTurn, PlayerCastTwoSpellsLastTurn  # noqa: E402,F401
__all__ += ['Transform', 'NoSpellsCastLastTurn', 'PlayerCastTwoSpellsLastTurn']    # 712, 701.28
from .grants import GRANT_INDEX, GrantAbility  # noqa: E402,F401  (613.1f, grants.py)
__all__ += ['GRANT_INDEX', 'GrantAbility']
# counted amounts: one count expression for effects and the layer system (src/amounts.pxi)
__all__ += ['COUNT_FLAGS', 'COUNT_KINDS', 'CharacteristicPTCount', 'CountOf', 'ModifyPTForEach', 'SameCount']
# payments while resolving (118.1, 608.2d), branch library
from .library_search import (Pay, Unless, SearchCard, LookAtTopRestToGraveyard,  # noqa: E402,F401
                             SelfTapped)
__all__ += ['Pay', 'Unless', 'SearchCard', 'LookAtTopRestToGraveyard', 'SelfTapped']
# costs branch: sacrifices the players choose (701.21a)
from .sacrifice import SacrificeChosen  # noqa: E402,F401
__all__ += ['SacrificeChosen']
# combatkw: combat restrictions from resolved spells and abilities (508.1c, 509.1b)
from .combat_effects import CantThisTurn, RemoveFromCombat  # noqa: E402,F401
__all__ += ['CantThisTurn', 'RemoveFromCombat']                  # 506.4: RemoveFromCombat
# combatkw: Vehicles and crew (301.7b, 702.122)
from .vehicles import Crew  # noqa: E402,F401
__all__ += ['Crew']
# output: the modal abilities' ChooseOne is named by imported cards (`mtg-core import --out`)
__all__ += ['ChooseOne']
# kicker: kicked permanents (702.33d)
from .kicker import Kicker, Kicked, EntersWithCountersIfKicked, MultikickerAbility  # noqa: E402,F401
__all__ += ['Kicker', 'Kicked', 'EntersWithCountersIfKicked', 'MultikickerAbility']
