"""Card definitions: Python objects, lowered once into the core's int32 tables.

A card is a :class:`Card`; its abilities are :class:`SpellAbility`, :class:`ManaAbility`,
:class:`ActivatedAbility`, :class:`TriggeredAbility`; effects are small dataclasses
(:class:`Damage`, :class:`Pump`, ...) that compile to opcodes of the core's effect
interpreter; static abilities of the layer system
(:class:`StaticAbility` with changes such as :class:`ModifyPT`, 613) and the continuous
effects spells make with the same changes (:class:`Becomes`) are in :mod:`.statics`.  A
:class:`CardDB` holds a set of cards and their compiled :class:`mtg_core._engine.CardTables`.

The language is split by concept, and its modules import one way: the leaves
:mod:`.vocabulary` (the words scripts use), :mod:`.subtypes` and :mod:`.costs`; then
:mod:`.effects` (a package: every effect, by rules concept), :mod:`.statics` and
:mod:`.amounts`; then :mod:`.abilities` and the abilities built on them (replacement,
kicker, faces, grants, ...); then :mod:`.card` (cards and their checks), :mod:`.tokens`
and :mod:`.compile` (:class:`CardDB`: a set of cards compiled into the core's tables).
Every public name is re-exported here.

>>> bolt = Card("Lightning Bolt", "{R}", types=("Instant",),
...             abilities=(SpellAbility(Damage("target", 3), targets=("any",)),))
>>> db = CardDB([bolt])
>>> db.row("Lightning Bolt")
0
>>> db["Lightning Bolt"].mana_value
1
"""
from ..errors import CardScriptError
from .abilities import (Ability, ActivatedAbility, ChooseOne, Cycling, LoyaltyAbility,
                        ManaAbility, Mode, SpellAbility, TriggeredAbility, Typecycling)
from .activation_costs import Ward
from .amounts import COUNT_FLAGS, COUNT_KINDS, CharacteristicPTCount, CountOf, ModifyPTForEach
from .card import Card
from .compile import CardDB
from .conditions import (ControlPowerAtLeast, CreatureDiedThisTurn, GraveyardCardTypesAtLeast,
                         Revolt, TargetManaValueAtMost, YouAttackedThisTurn, YourTurn)
from .costs import ActivationCost, ManaCost, _SYMBOL, _parse_cost, parse_activation_cost
from .effects import Effect, compile_program
from .effects.cards_zones import (Counter, CounterExile, CounterUnlessPays, DiscardAtRandom,
                                  Draw, Exile, ExileGraveyard, LookAtHand, Mill,
                                  PutFromHandAttacking, PutFromHandBlocking, PutOnTop,
                                  ReturnFromGraveyard, ReturnSelfFromGraveyard,
                                  ReturnToBattlefield, ReturnToHand, RevealHandDiscardChosen,
                                  RevealTopCard, SEARCH_QUALITIES, SearchCard, SearchForBasicLand,
                                  SearchLibrary, Shuffle, WardCounter)
from .effects.choices import (AtLeast, AtMost, Condition, Connive, Count, Discard, ForEach, If,
                              IfKicked, InterveningIf, LifeAtLeast, LifeAtMost, LookAtTop,
                              LookAtTopPutBack, LookAtTopRestToGraveyard, May,
                              OpponentLifeAtMost, Pay, PutFromHandOnTop, SameCount, Scry,
                              SelfTapped, Surveil, Unless, WasAlone)
from .effects.combat import CantThisTurn, RemoveFromCombat
from .effects.damage_life import (Damage, DamageEqualToPower, GainLife,
                                  GainLifeEqualToManaValue, GainLifeEqualToPower, LoseLife,
                                  Poison, PreventAllCombatDamage, PreventAllDamageTo,
                                  PreventNextDamage)
from .effects.permanents import (AddCounters, AddMana, Attach, CreateToken, Destroy,
                                 DestroyAll, DestroyAllNoRegenerate, DestroyNoRegenerate,
                                 DoesntUntapNextUntapStep, GainControl, GrantKeywords,
                                 Investigate, Pump, PumpForEach, Regenerate, Sacrifice,
                                 SacrificeChosen, Tap, TapAllCreatures, TapAndFreezeCreatures,
                                 Transform, Untap)
from .effects.turn import (AtBeginningOfNext, ExtraCombat, ExtraPhase, ExtraStep, ExtraTurn,
                           SkipNextPhase, SkipNextStep, SkipNextTurn)
from .faces import NoSpellsCastLastTurn, PlayerCastTwoSpellsLastTurn
from .grants import GRANT_INDEX, GrantAbility
from .kicker import EntersWithCountersIfKicked, Kicked, Kicker, MultikickerAbility
from .alternative_costs import AlternativeCost
from .evoke import Evoke, Evoked, EvokeSacrifice
from .replacement import (DiesExileInstead, EntersTapped, EntersTappedUnlessFewLands,
                          EntersTappedUnlessManyLands, EntersTappedUnlessYouControl,
                          EntersWithCounters, PayLifeOrEntersTapped,
                          PreventAllDamageToSelf, Replacement, ZoneChangeTrigger)
from .sagas import ChapterAbility
from .statics import (AFFECTS, AddColors, AddKeywords, AddTypes, AsLongAs, Becomes,
                      CONDITIONS, COUNTS, Change, CharacteristicPT, LoseAllAbilities,
                      ModifyPT, RemoveTypes, SetBasePT, SetBasePTToManaValue, SetColors,
                      SetCreatureTypes, StaticAbility, SwitchPT, YouControl)
from .tokens import CLUE, FOOD, PREDEFINED_TOKENS, TREASURE, creature_token
from .vehicles import Crew
from .vocabulary import (CASTERS, COLOR_INDEX, COMBAT_BITS, COUNTERS, DURATIONS, EXTRA_PHASES,
                         FOR_EACH, KEYWORD_BITS, OPTIONAL_TARGET, PHASES,
                         PROTECTION_QUALITIES, PROTECTION_TYPES, REFS, RULES_SUBTYPES,
                         SPELL_QUALITIES, STATICS, STEPS, STEP_PHASE, SUPERTYPE_BITS, TARGETS,
                         TIMINGS, TRIGGERED_KEYWORDS, TRIGGER_EVENTS, TRIGGER_MAIN_PHASES,
                         TYPE_BITS, WHOSE, _C, _dur, _phase, _ref, _step, _target_spec,
                         _timing, keyword_mask)

__all__ = [
    'AFFECTS', 'Ability', 'ActivatedAbility', 'ActivationCost', 'AddColors', 'AddCounters',
    'AddKeywords', 'AddMana', 'AddTypes', 'AlternativeCost', 'AsLongAs', 'AtBeginningOfNext',
    'AtLeast', 'AtMost', 'Attach', 'Becomes', 'CASTERS', 'CLUE', 'COLOR_INDEX', 'COMBAT_BITS', 'CONDITIONS',
    'COUNTERS', 'COUNTS', 'COUNT_FLAGS', 'COUNT_KINDS', 'CantThisTurn', 'Card', 'CardDB',
    'CardScriptError', 'Change', 'ChapterAbility', 'CharacteristicPT', 'CharacteristicPTCount', 'ChooseOne',
    'Condition', 'Connive', 'ControlPowerAtLeast', 'Count', 'CountOf', 'Counter', 'CounterExile', 'CounterUnlessPays',
    'CreateToken', 'CreatureDiedThisTurn', 'Crew', 'Cycling', 'DURATIONS', 'Damage',
    'DamageEqualToPower', 'Destroy', 'DestroyAll', 'DestroyAllNoRegenerate',
    'DestroyNoRegenerate', 'DiesExileInstead', 'Discard', 'DiscardAtRandom',
    'DoesntUntapNextUntapStep', 'Draw', 'EXTRA_PHASES', 'Effect', 'EntersTapped',
    'EntersTappedUnlessFewLands', 'EntersTappedUnlessManyLands', 'EntersTappedUnlessYouControl',
    'EntersWithCounters', 'EntersWithCountersIfKicked', 'Evoke', 'EvokeSacrifice', 'Evoked', 'Exile', 'ExileGraveyard', 'ExtraCombat', 'ExtraPhase',
    'ExtraStep', 'ExtraTurn', 'FOOD', 'FOR_EACH', 'ForEach', 'GRANT_INDEX', 'GainControl',
    'GainLife', 'GainLifeEqualToManaValue', 'GainLifeEqualToPower', 'GrantAbility',
    'GrantKeywords', 'GraveyardCardTypesAtLeast', 'If', 'IfKicked', 'InterveningIf',
    'Investigate', 'KEYWORD_BITS', 'Kicked', 'Kicker', 'LifeAtLeast', 'LifeAtMost',
    'LookAtHand', 'LookAtTop', 'LookAtTopPutBack', 'LookAtTopRestToGraveyard', 'LoseAllAbilities', 'LoseLife', 'LoyaltyAbility',
    'ManaAbility', 'ManaCost', 'May', 'Mill', 'Mode', 'ModifyPT', 'ModifyPTForEach',
    'MultikickerAbility', 'NoSpellsCastLastTurn', 'OpponentLifeAtMost', 'PHASES',
    'PREDEFINED_TOKENS', 'PROTECTION_QUALITIES', 'PROTECTION_TYPES', 'Pay',
    'PayLifeOrEntersTapped',
    'PlayerCastTwoSpellsLastTurn', 'Poison', 'PreventAllCombatDamage', 'PreventAllDamageTo',
    'PreventAllDamageToSelf', 'PreventNextDamage', 'Pump', 'PumpForEach',
    'PutFromHandAttacking', 'PutFromHandBlocking', 'PutFromHandOnTop', 'PutOnTop', 'REFS', 'RULES_SUBTYPES',
    'Regenerate', 'RemoveFromCombat', 'RemoveTypes', 'Replacement', 'ReturnFromGraveyard',
    'ReturnSelfFromGraveyard', 'ReturnToBattlefield', 'ReturnToHand',
    'RevealHandDiscardChosen', 'RevealTopCard', 'Revolt',
    'SEARCH_QUALITIES', 'SPELL_QUALITIES', 'STATICS', 'STEPS', 'STEP_PHASE', 'SUPERTYPE_BITS',
    'Sacrifice', 'SacrificeChosen', 'SameCount', 'Scry', 'SearchCard', 'SearchForBasicLand',
    'SearchLibrary', 'SelfTapped', 'SetBasePT', 'SetBasePTToManaValue', 'SetColors',
    'SetCreatureTypes', 'Shuffle', 'SkipNextPhase', 'SkipNextStep', 'SkipNextTurn', 'SpellAbility',
    'StaticAbility', 'Surveil', 'SwitchPT', 'TARGETS', 'TIMINGS', 'TREASURE',
    'TRIGGERED_KEYWORDS', 'TRIGGER_EVENTS', 'TRIGGER_MAIN_PHASES', 'TYPE_BITS', 'Tap',
    'TapAllCreatures', 'TapAndFreezeCreatures', 'TargetManaValueAtMost', 'Transform', 'TriggeredAbility', 'Typecycling', 'Unless',
    'Untap', 'WHOSE', 'Ward', 'WardCounter', 'WasAlone', 'YouAttackedThisTurn', 'YouControl', 'YourTurn',
    'ZoneChangeTrigger', 'compile_program', 'creature_token', 'keyword_mask',
    'parse_activation_cost',
]
