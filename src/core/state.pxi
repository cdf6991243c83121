# The packed game state (docs/architecture.md, Principles: state is data).
#
# One state is one contiguous int32 buffer.  Its sections are C structs of int32 fields
# (the object table's are as narrow as their domains, grouped by width: no padding either),
# so a numpy view of each section is exact (the objects: a structured dtype, OBJ_DTYPE):
#
#   [Header][Player x n_players][Obj x cap][zone counts][zone lists][StackItem x stack_cap]
#   [Effect x effect_cap][Trigger x trigger_cap][Delayed x delayed_cap][plan x PLAN_CAP]
#   [CombatPair x pair_cap]
#   [CombatDamage x combat_damage_cap(flags, cap)]
#
# Capacities: the zone lists and the tables after them are sized per game from the cards
# in it (the header's *_cap fields; api/capacities.pxi game_capacities): a library, hand or graveyard
# holds only its owner's objects (400.3), a game whose cards make no tokens has no spare
# object rows, one whose cards have only sorcery-speed spells and mana abilities needs one
# stack row, no triggered ability means no pending-trigger rows, and so on.  A table starts
# with a few rows and grows during play as the game needs it (growth.pxi: a new buffer),
# up to its largest size; what outgrows that stops the game ABORTED (ABORT_*), never writes
# past a table.
#
# The last section holds the combat damage on the stack of the classic rules edition; it
# has no rows in the other editions (their states are the same size as before it).
#
# Cloning a state is one memcpy of that buffer.  Nothing in it is a Python object.

cdef struct Header:
    int32_t version
    int32_t n_players
    int32_t cap                 # object capacity
    int32_t n_objects           # objects in use (cards + tokens made so far)
    int32_t n_zones
    int32_t total_ints          # size of the whole buffer, for validation
    uint32_t rng[4]             # the game's RNG (shuffles); see rng.h
    int32_t result              # R_*
    int32_t winner              # seat or -1
    int32_t max_turns           # 0 = no limit
    int32_t turn                # turn number, 1-based
    int32_t active              # active player's seat
    int32_t starting_player
    int32_t stage               # STG_*: where advance() resumes
    int32_t plan_len            # entries in this turn's plan
    int32_t plan_pos            # index of the current step / phase
    int32_t step                # S_* of the current entry
    int32_t phase               # PH_* of the current entry
    int32_t step_serial         # increases at every step start (513.3)
    int32_t priority            # seat holding priority
    int32_t passes              # consecutive passes (500.2)
    int32_t decision            # D_*
    int32_t decider             # seat that must decide
    int32_t dctx0               # decision context (target slot, cards to discard, name)
    int32_t stack_n
    int32_t effects_n
    int32_t triggers_n
    int32_t delayed_n
    int32_t timestamp           # 613.7 timestamps
    int32_t extra_turns_n
    int32_t extra_turns[16]     # LIFO queue of seats (500.7)
    int32_t lands_played        # this turn, by the active player (505.5b)
    int32_t attackers_declared  # this combat phase (508.6)
    int32_t casting             # stack index of an object being cast / put on the stack, or -1
    int32_t phase_serial        # phase instance counter for plan entries
    int32_t flags               # game options (GF_*)
    int32_t sba_dirty           # something changed since the last SBA check found nothing
    int32_t any_attached        # some permanent may be attached to something
    int32_t last_normal_turn    # seat whose regular (not extra) turn came last (500.7)
    int32_t open_phase_serial   # the phase in progress (its serial), -1 between phases
    int32_t open_phase          # PH_* of the phase in progress
    int32_t bf_ability_kinds    # OR of CF_ABILITY_KINDS of everything that entered the
                                # battlefield (a superset: lets scans skip vanilla boards)
    int32_t combat_damage_steps # combat damage steps taken this combat (510.4): 0, 1, 2
    int32_t attack_slots        # attack slots handed out this combat (Obj.attack_slot)
    int32_t order_serial        # last Obj.dmg_order handed out this combat (509.2)
    int32_t decl_max            # MAX (508.1d / 509.1c) of the declaration in progress + 1;
                                # 0 = not computed yet
    int32_t pairs_n             # rows of the combat pair table in use (combat.pxi)
    int32_t combat_damage_n     # classic edition: rows of the combat damage section in use
                                # (the assignments of the SK_COMBAT_DAMAGE stack object)
    int32_t hand_choice_blocks  # D_CHOOSE_FROM_HAND: 0 the card will enter attacking (508.4),
                                # attacker + 1 it will enter blocking that attacker (509.7)
    int32_t unless_amount       # D_PAY_UNLESS: the {N} to pay (701.5)
    int32_t no_fast_in_hand     # 1: no instant or flash card is in any hand (priority then
                                # skips the hands outside sorcery timing); 0: there may be
    int32_t defender_choice     # 507.1: defending player chosen this combat + 1, 0 none
    int32_t zone_ability_cards  # 1: a card with flashback or an ability that works from the
                                # hand (CF_ZONE_ABILITIES) has been in a hand or graveyard;
                                # 0: none has (priority then skips those scans)
    int32_t layer_effects       # 1: an EF_LAYER effect may exist (set as one is added, cleared
                                # when an end-of-effects scan keeps none); 0: none exists
    int32_t resolving_pc        # a choice made while the top stack object resolves is pending
                                # (D_MAY, D_LIBRARY_CARDS, D_DISCARD_CHOICE): its instruction
                                # + 1, where the answer resumes (608.2d); 0 none
    # The capacities of this game's tables, sized per game from the cards in it (see
    # "Capacities" below): the state is only as big as the game can need.
    int32_t player_zone_cap     # slots of each library, hand and graveyard: they hold only
                                # their owner's objects (400.3)
    int32_t stack_cap           # rows of the stack (at most STACK_CAP)
    int32_t effect_cap          # rows of the continuous effects table (at most EFFECT_CAP)
    int32_t trigger_cap         # rows of the pending triggers table (at most TRIGGER_CAP)
    int32_t delayed_cap         # rows of the delayed triggers table (at most DELAYED_CAP)
    int32_t pair_cap            # rows of the combat pair table (at most PAIR_CAP)
    int32_t grow_objects        # 1: a scenario edit may grow the object table (Game made
                                # without an explicit spare_objects); 0: cap is what was asked
    int32_t day_night           # faces: DN_* (726.2): neither, day or night
    int32_t prev_active         # faces: the previous turn's active player, -1 none (502.2, 726.3a)

cpdef enum:
    GF_MULLIGANS = 1            # offer London mulligans (103.5)
    GF_NO_FIRST_DRAW_SKIP = 2   # house rule: starting player draws on turn 1
    GF_EDITION_CURRENT = 4      # rules edition "current": no damage assignment order
    GF_EDITION_CLASSIC = 8      # rules edition "classic": combat damage uses the stack,
                                # mana empties at the end of each phase with mana burn
    GF_EDITION_MASK = 12
    # 506.2a: who may be attacked in multiplayer (none of them: every opponent)
    GF_ATTACK_CHOSEN = 16       # 507.1: one opponent chosen at the beginning of combat
    GF_ATTACK_LEFT = 32         # 803: only the next player in turn order ("attack left")
    GF_ATTACK_RIGHT = 64        # 803: only the previous player in turn order ("attack right")
    GF_ATTACK_MASK = 112

cpdef enum:
    EDITION_SEED = 0            # the seeds' rules (default), with damage assignment order
    EDITION_CURRENT = 1
    EDITION_CLASSIC = 2

cdef struct Player:
    int32_t life
    int32_t poison
    int32_t in_game             # 1 while in the game
    int32_t lost_reason         # LOSS_*
    int32_t drew_from_empty     # 704.5b: since the last SBA check
    int32_t mana[6]             # mana pool: W U B R G C (106.4)
    int32_t max_hand            # 402.2
    int32_t land_plays          # lands the player may play each turn (305.2)
    int32_t mulligans           # 103.5
    int32_t kept
    int32_t to_bottom           # cards still to put on the bottom (London mulligan)
    int32_t skip_turns          # "skip your next turn" (500.10)
    int32_t skip_step[11]       # "skip your next [step]" counters, by S_*
    int32_t removed             # 800.4a has been applied to this player's objects
    int32_t skip_phases         # "skip your next [phase]" counters (500.10): 6 bits per PH_*
    int32_t attacked_turn       # the last turn they declared an attacking creature (508.1), 0 none
    int32_t creature_died_turn  # the last turn a creature they controlled died (700.4), 0 none
    # faces: spells they cast (601.2i) in turn spells_turn and in the turn before it, for
    # "if no spells were cast last turn" (werewolves) (turn_history.pxi)
    int32_t spells_turn         # the last turn they cast a spell, 0 none
    int32_t spells_cast         # spells they cast in turn spells_turn
    int32_t spells_cast_before  # spells they cast in turn spells_turn - 1
    int32_t left_battlefield_turn  # the last turn a permanent they controlled left the
                                   # battlefield (revolt), 0 none

cpdef enum:
    ATTACHED_GONE = -2          # attached_to: the object it was attached to has left

from libc.stdint cimport int8_t, int16_t
from libc.stdint cimport uint8_t

cdef struct Obj:
    # Fields are as narrow as their domains allow (validate.pxi), grouped by width so the
    # struct has no padding: 12 x int32, 6 x int16, 16 x 8-bit = 76 bytes.  An object index
    # is below TGT_PLAYER (4000), a zone id below MAX_PLAYERS * 3 + 3, a seat below
    # MAX_PLAYERS.  sections()["objects"] is a numpy structured view (OBJ_DTYPE, api/names.pxi).
    int32_t card                # row in the card table
    int32_t damage              # marked damage (120.3)
    int32_t plus1               # +1/+1 counters
    int32_t minus1              # -1/-1 counters
    int32_t loyalty             # loyalty counters
    int32_t timestamp
    int32_t incarnation         # changes at every zone change: 400.7 "a new object"
    int32_t target_inc          # attacker: incarnation of the planeswalker it attacks
    int32_t block_mask          # blocker: bit s set when it blocks the attacker of slot s
    int32_t dmg_order           # blocker: its place in the damage assignment order (509.2)
    int32_t loyalty_turn        # turn a loyalty ability (606.3) or its "once each turn" ability
                                # (602.5b, COST_ONCE_EACH_TURN) was activated, 0 = none
    int32_t cast_info           # a spell on the stack: CI_* choices made casting it (601.2b)
    int16_t attached_to         # object index or TGT_PLAYER + seat, -1 none, ATTACHED_GONE
    int16_t combat_target       # attacker: the player (TGT_PLAYER + seat) or planeswalker
                                # it attacks (508.1b); -1 otherwise
    int16_t attack_slot         # attacker: its slot 0..31 in this combat
    int16_t band                # attacker: its band (702.21c) = 1 + the band's first
                                # member's index; 0 in no band
    int16_t combat              # CB_* flags (combat.pxi)
    int16_t reserved2
    int8_t owner
    int8_t controller
    int8_t zone                 # zone id (player * 3 + kind, or global zone id)
    int8_t tapped
    int8_t sick                 # 302.6: not continuously controlled since its controller's turn began
    int8_t deathtouch_hit       # 704.5h: dealt damage by a deathtouch source since last check
    int8_t phased_out           # 0 phased in, 1 phased out, 2 phased out indirectly (702.26)
    int8_t token
    int8_t mark                 # scratch mark for simultaneous choices (discard, legend rule)
    int8_t cast_from            # zone kind + 1 it was last cast from (601.2a), 0 never cast:
                                # "a spell cast from a graveyard" (TRIG_CAST, SQ_FROM_GRAVEYARD)
    uint8_t known               # in a library or hand: seats that know which card it is, bit
                                # per seat (known.pxi); 0 in every other zone
    uint8_t known_place         # ... of those, seats that know its place in its library
    int8_t entering_choice      # 1: it entered and its "as ~ enters" choice (614.12) is not yet
                                # made (entering_choices.pxi); 0 otherwise
    int8_t lore                 # lore counters (714.3), 0..LORE_MAX (sagas.pxi)
    int8_t alt_cost             # ALT_CAST (and the count of cards / permanents the cost took,
                                # << ALT_DONE_SHIFT): cast paying its alternative cost (118.9);
                                # on the battlefield: evoked (702.74a; alternative_costs.pxi)
    int8_t reserved1

cdef struct CombatPair:
    # One (attacker, blocker) pair of this combat (combat.pxi): each pair has its own place
    # in the attacker's damage assignment order (509.2) and in the blocker's (509.3), and the
    # combat damage each assigns to the other in the step in progress (510.1c-d).  A row with
    # blocker -1 holds what a blocked trampler assigns to what it attacks (702.19b).
    int32_t attacker
    int32_t blocker
    int32_t a_pos               # the blocker's place in the attacker's order; < 0: not placed
                                # yet (minus its default key)
    int32_t b_pos               # the attacker's place in the blocker's order; < 0: not placed yet
    int32_t a_dmg               # damage the attacker assigns to the blocker in this step
    int32_t b_dmg               # damage the blocker assigns to the attacker in this step

cdef struct StackItem:
    int32_t kind                # SK_*
    int32_t obj                 # the spell's object, or the ability's source
    int32_t obj_inc             # incarnation of obj when it was put on the stack
    int32_t controller
    int32_t ability             # ability row, -1 for a permanent spell
    int32_t n_targets
    int32_t targets[2]
    int32_t target_inc[2]
    int32_t prog_start          # program of a delayed trigger, else -1
    int32_t prog_len
    int32_t event_ref           # a triggered ability: the other object or player of its
                                # event ("that creature", "that player", 603.2), else -1
    int32_t event_ref_inc       # that object's incarnation then (0 for a player)

cdef struct CombatDamage:
    # Classic edition: one assignment of the combat damage on the stack (SK_COMBAT_DAMAGE).
    int32_t source              # the creature that assigned it (510.1)
    int32_t source_inc          # its incarnation then
    int32_t target              # object or TGT_PLAYER + seat it is assigned to
    int32_t target_inc          # the object's incarnation then (0 for a player)
    int32_t amount
    int32_t keywords            # the source's keywords: as it is put on the stack, refreshed
                                # as the source leaves the battlefield (last known information)
    int32_t controller          # the source's controller, the same way (lifelink, 120.3f)
    int32_t first_strike        # 1 when put on the stack in a first-strike damage step (510.4)

cdef struct Effect:
    int32_t kind                # EF_*
    int32_t source
    int32_t affected            # object index
    int32_t affected_inc
    int32_t a
    int32_t b
    int32_t duration            # DUR_*
    int32_t dur_arg             # step / phase / seat the duration refers to
    int32_t timestamp
    int32_t controller
    int32_t created_turn
    int32_t change              # EF_LAYER: the LY_* change (613), else 0

cdef struct Trigger:
    int32_t source
    int32_t source_inc
    int32_t ability             # ability row, -1 for a delayed trigger
    int32_t controller
    int32_t prog_start
    int32_t prog_len
    int32_t event_ref           # the other object or player of its event, or -1 (603.2)
    int32_t event_ref_inc

cdef struct Delayed:
    int32_t step                # fires at the beginning of the next such step
    int32_t controller
    int32_t source
    int32_t prog_start
    int32_t prog_len
    int32_t created_serial      # step_serial when created (513.3)
    int32_t reserved[2]

# --- the compiled card database (read-only tables shared by every state) -------------------
# card row fields
cpdef enum:
    CF_TYPES = 0
    CF_SUPERTYPES = 1
    CF_SUBTYPES = 2
    CF_POWER = 3
    CF_TOUGHNESS = 4
    CF_LOYALTY = 5
    CF_KEYWORDS = 6
    CF_COLORS = 7
    CF_COST_GENERIC = 8
    CF_COST_W = 9              # .. CF_COST_W + 5 = C
    CF_MANA_VALUE = 15
    CF_ABILITY_START = 16
    CF_ABILITY_COUNT = 17
    CF_ENCHANT = 18            # Aura: target spec of "Enchant ..." (702.5)
    CF_ATTACHED_POWER = 19     # "equipped/enchanted creature gets +a/+b"
    CF_ATTACHED_TOUGHNESS = 20
    CF_ATTACHED_KEYWORDS = 21
    CF_STATIC = 22             # STAT_* code
    CF_NAME_ID = 23            # cards with equal names share it (legend rule 704.5j)
    CF_ABILITY_KINDS = 24      # bit (1 << AB_*) for each kind of ability the card has
    CF_COMBAT = 25             # CM_* combat restrictions and requirements (combat.pxi)
    CF_COST_X = 26             # number of {X} in the mana cost (107.3)
    CF_ZONE_ABILITIES = 27     # ZA_* bits: what works from a graveyard or a hand (skips scans)
    CF_PROTECTION = 28         # what it has protection from (702.16): PRO_* qualities, and
                               # SUB_* creature types << PRO_SUBTYPE_SHIFT
    CF_EQUIP_DISCOUNT = 29     # "Equip abilities you activate that target ~ cost {N} less"
    CF_COMBAT_AMOUNTS = 30     # the N of CM_* costs and caps, one byte each (CMA_* shifts)
    CF_REPLACEMENT = 31        # RP_* replacement effects of its own static abilities (614, 615)
    CF_ENTERS_COUNTERS = 32    # "~ enters with N +1/+1 counters on it" (614.1c): N or AMOUNT_IS_X
    CF_LANDWALK = 33           # landwalk (702.14): the SUB_* bits of the land types it walks
    CF_FACE = 34               # faces: FACE_* bits of a face of a double-faced card (712), 0 else
    CF_OTHER_FACE = 35         # faces: the card row of its other face (when CF_FACE is set)
    CF_COUNT_SUBTYPES = 36     # amounts.pxi: its printed subtypes among those counts name
                               # (bit i: the database's i-th such name; AMT_PRINTED counts)
    CF_COMBAT2 = 37            # CM2_* combat restrictions (a second CF_COMBAT)
    CF_COST_HYBRID = 38        # hybrid: the mana cost's hybrid pips (107.4e; hybrid.pxi word)
    CF_KICKED_COUNTERS = 39    # kicker: "If ~ was kicked, it enters with N +1/+1 counters on
                               # it" (614.1c, 702.33d): N, added when its kicked spell resolves
    CF_ENTERS_UNLESS_SUBTYPES = 40  # RP_TAPPED_UNLESS_SUBTYPE: the CF_SUBTYPES bits of "unless
                               # you control a Swamp or an Island" (614.1c), any one of them
    CF_COST_PHYREXIAN = 41     # phyrexian: how many of each colour's pips of the mana cost
                               # are Phyrexian (107.4f; phyrexian.pxi word)
    CARD_FIELDS = 42

# ability row fields
cpdef enum:
    AF_KIND = 0
    AF_COST_GENERIC = 1
    AF_COST_W = 2              # .. +5 = C
    AF_COST_FLAGS = 8
    AF_TIMING = 9
    AF_TRIGGER = 10
    AF_TRIGGER_STEP = 11
    AF_CHAPTER = 11            # the same field, of a chapter ability (TRIG_CHAPTER, sagas.pxi):
                               # its chapter number, 1..CHAPTER_MAX (714.2a)
    AF_TRIGGER_WHOSE = 12
    AF_N_TARGETS = 13
    AF_TARGET0 = 14
    AF_TARGET1 = 15
    AF_PROG_START = 16
    AF_PROG_LEN = 17
    AF_MANA_COLORS = 18        # bitmask of colours a mana ability can make
    AF_MANA_AMOUNT = 19
    AF_TRIGGER_PHASE = 20      # 0 any; else PH_* + 1: "at the beginning of your precombat
                               # main phase" (505.4) triggers only in that kind of main phase
    AF_LOYALTY = 21            # loyalty ability (COST_LOYALTY): loyalty counters put on (+)
                               # or removed (-) as its cost (606.4)
    AF_LIFE_COST = 22          # COST_PAY_LIFE: life to pay (119.4)
    AF_N_MODES = 23            # a modal spell (700.2): its modes are the AF_N_MODES rows from
    AF_CHOOSE = 24             #   AF_MODE_START (not counted in CF_ABILITY_COUNT); choose this many
    AF_MODE_START = 25
    AF_KICKER_GENERIC = 26     # COST_KICKER: the kicker cost (7 ints, like AF_COST_GENERIC)
    AF_FLASHBACK_GENERIC = 33  # COST_FLASHBACK: the flashback cost (7 ints)
    AF_FLASHBACK_LIFE = 40     # life the flashback cost asks for (Deep Analysis)
    AF_FROM_HAND = 41          # an activated ability activated from the hand (602.2, 113.6e):
                               # FROM_HAND, or FROM_HAND_CYCLING for cycling (702.29)
    AF_TRIGGER_SPELL = 42      # TRIG_CAST: SQ_* qualities the cast spell must have
    AF_LY_SCOPE = 43           # a static of the layer system: LY_SCOPE_* it affects (0: none)
    AF_LY_FLAGS = 44           # LY_OTHER, LY_NONTOKEN, LY_YOURS, LY_OPPONENTS
    AF_LY_TYPES = 45           # ... with a card type in this mask (0: any)
    AF_LY_SUBTYPES = 46        # ... with a subtype in this mask (0: any)
    AF_LY_NOT_SUBTYPES = 47    # ... with no subtype in this mask ("non-Aura")
    AF_LY_COLORS = 48          # ... with a colour in this mask (0: any)
    AF_LY_COND = 49            # ... only while this LYC_* condition holds (611.3a; 0: always)
    AF_LY_COND_N = 50          # ... its number
    AF_LY_COND_TYPES = 51      # ... its filter of permanents: a card type in this mask (0: any)
    AF_LY_COND_SUBTYPES = 52   # ... a subtype in this mask (0: any)
    AF_LY_COND_COLORS = 53     # ... a colour in this mask (0: any)
    AF_TRIGGER_FILTER = 54     # TRIG_PERMANENT_DIES / _ENTERS: TFL_* (types, "another")
    AF_SAC_COST = 55           # 118.3: what "Sacrifice a [type]" takes: SACQ_* (0: no such cost)
    AF_TAP_COST = 56           # "Tap an untapped [type] you control": SACQ_* (0: none)
    AF_COUNTER_COST = 57       # "Remove N [kind] counters from ~": N | CTR_* << 8 (0: none)
    AF_OTHER_COST = 58         # OC_* bits: {Q} (107.6)
    AF_MANA_SELF_DAMAGE = 59   # AB_MANA: "~ deals N damage to you" after the mana (a painland):
                               # N; the player activates it (not automatic payment)
    AF_MANA_EXTRA = 60         # AB_MANA: mana added too, besides the chosen colour ("Add {W}{U}"):
                               # 4 bits per colour W U B R G C (bit 4 * colour); the player
                               # activates it (not automatic payment)
    AF_DISCARD_COST = 61       # "Discard two cards / a creature card": SACQ_* spec with
                               # FILTER_CARD (0 with COST_DISCARD: one card of any kind)
    AF_EXILE_COST = 62         # "Exile two creature cards from your graveyard": SACQ_* spec
                               # with FILTER_CARD (0: no such cost)
    AF_OPTIONAL_TARGETS = 63   # the last N of its AF_N_TARGETS slots are "up to one target"
                               # slots: each may be left unchosen (601.2c; optional_targets_and_modes.pxi)
    AF_CREW = 64               # "Crew N" (702.122a): N, the total power of untapped
                               # creatures to tap as the cost (0: not a crew ability)
    AF_COST_HYBRID = 65        # hybrid: the activation cost's hybrid pips (107.4e; hybrid.pxi)
    AF_MULTIKICKER = 66        # kicker: 1 if its kicker is a multikicker (702.33c: the kicker
                               # cost may be paid any number of times)
    AF_ALT_GENERIC = 67        # COST_ALTERNATIVE: the alternative cost's mana (7 ints; 118.9)
    AF_ALT_LIFE = 74           # ... the life it asks for (119.4)
    AF_ALT_CHOICE = 75         # ... the cards or permanents it takes: ALTK_* | n << ALTK_N_SHIFT
    AF_ALT_QUALITY = 76        # ... their quality: colour bits (ALTK_EXILE_FROM_HAND) or SUB_*
                               # bits (ALTK_RETURN, ALTK_SACRIFICE)
    AF_ALT_COND = 77           # ... when it may be paid: ALTC_*
    AF_ALT_COND_SUBTYPES = 78  # ... ALTC_YOU_CONTROL: the SUB_* bits of the permanent
    AF_ALT_EVOKE = 79          # ... 1: it is an evoke cost (702.74a: the permanent is "evoked")
    AF_ACTIVATION_DISCOUNT = 80  # "This ability costs {N} less to activate for each [legendary]
                               # <type> you control" (118.7, 601.2f): ADISC_* (0: none)
    ABILITY_FIELDS = 81

ctypedef struct Engine:
    # views into the state buffer
    int32_t* base
    Header* h
    Player* pl
    Obj* ob
    int32_t* zcount
    int32_t* zlist
    StackItem* stack
    Effect* eff
    Trigger* trig
    Delayed* dly
    int32_t* plan
    CombatPair* pairs
    CombatDamage* cd            # the combat damage section (no rows outside classic)
    int32_t zoff[27]            # per zone (MAX_PLAYERS * 3 + 3): its list's offset in zlist
    int32_t zcap[27]            # ... and its capacity (bind() computes both from the header)
    # the card database
    const int32_t* cards
    const int32_t* abil
    const int32_t* prog
    int32_t n_cards
    int32_t n_abilities
    int32_t prog_len
    # the event log (not part of the state)
    int32_t* log
    int32_t log_len
    int32_t log_cap
    int32_t log_on
    # playout scratch (not part of the state): play_out lends declare_attackers and
    # ask_blockers a CombatDecl to build into, and random_declaration takes it while
    # decl_cache_for is the decision it was built for (a playout makes no other change
    # in between; debug builds rebuild and compare)
    void* decl_cache
    int32_t decl_cache_for
    # combat.pxi scratch (not part of the state): while set, a superset of the attacking
    # and blocking creatures on the battlefield, in battlefield order, that combat scans
    # read instead of the whole battlefield (checked against a fresh scan in debug builds)
    int32_t* roster
    int32_t roster_n
    # 603.10a: the permanents that left the battlefield so far in the simultaneous event in
    # progress (several dying to one SBA check or one "destroy all"), with their controller
    # as they last existed: their leave abilities still see the others leave.  Not part of
    # the state: empty (leave_open 0) between calls into the core.
    int32_t leave_open
    int32_t leave_n
    int32_t leave_obj[512]       # LEAVE_CAP
    int32_t leave_ctrl[512]
    int32_t leave_inc[512]
    # 506.5 look-back (combat.pxi, lki_alone): how many of them were attacking / blocking,
    # and, while the leave triggers of one permanent are queued, whether it was attacking /
    # blocking alone as it last existed (lki_alone's bits + 1; 0 at any other time)
    int32_t leave_attackers
    int32_t leave_blockers
    int32_t leaving_alone
    int32_t combat_damage_now    # 1 while combat damage is dealt (510.2): what Fog prevents
    int32_t entering_n           # permanents that entered with an "as ~ enters" choice not yet
                                 # asked (entering_choices.pxi); not part of the state: 0
                                 # between calls into the core
    int32_t setup_move           # 1 during a scenario move (State.move): not a game event, so
                                 # no zone-change trigger looks at it
    int32_t base_owned           # 1: ``base`` is a buffer the core grew (growth.pxi) and
                                 # State has not adopted yet


cdef inline int32_t edition_of(Engine* e) noexcept nogil:
    """The rules edition chosen at game creation (EDITION_*)."""
    if e.h.flags & GF_EDITION_CURRENT:
        return EDITION_CURRENT
    if e.h.flags & GF_EDITION_CLASSIC:
        return EDITION_CLASSIC
    return EDITION_SEED


cdef inline int32_t header_ints() noexcept nogil:
    return <int32_t>(sizeof(Header) // 4)


cdef inline int32_t combat_damage_cap(int32_t flags, int32_t cap) noexcept nogil:
    """Rows of the combat damage section: 2 per object in the classic edition (each
    creature assigns to what it blocks or is blocked by, and an attacker also to what it
    attacks: without blockers of several attackers, at most 2 assignments per creature),
    none in the others."""
    return 2 * cap if flags & GF_EDITION_CLASSIC else 0


cdef inline int32_t zone_slots(const Header* h) noexcept nogil:
    """Slots of all zone lists: player_zone_cap for each library, hand and graveyard (they
    hold only their owner's objects, 400.3), cap for the battlefield, the stack and exile."""
    return h.n_players * 3 * h.player_zone_cap + 3 * h.cap


cdef inline int32_t layout_ints(const Header* h) noexcept nogil:
    """Size of a state buffer, in int32 words, from the header's counts and capacities
    (n_players, cap, player_zone_cap, the *_cap fields and the rules edition in flags)."""
    cdef int32_t nz = h.n_players * 3 + 3
    return <int32_t>((sizeof(Header) + h.n_players * sizeof(Player) + h.cap * sizeof(Obj)
            + h.stack_cap * sizeof(StackItem) + h.effect_cap * sizeof(Effect)
            + h.trigger_cap * sizeof(Trigger) + h.delayed_cap * sizeof(Delayed)
            + h.pair_cap * sizeof(CombatPair)
            + combat_damage_cap(h.flags, h.cap) * sizeof(CombatDamage)) // 4
            + nz + zone_slots(h) + PLAN_CAP)


cdef inline void bind(Engine* e, int32_t* base) noexcept nogil:
    """Point the section pointers of ``e`` into ``base`` (layout above) and compute each
    zone list's offset and capacity."""
    cdef Header* h = <Header*>base
    cdef char* p = <char*>base
    cdef int32_t np_ = h.n_players, cap = h.cap, nz = h.n_zones, z
    e.base = base
    e.h = h
    for z in range(nz):
        if z < np_ * 3:
            e.zoff[z] = z * h.player_zone_cap
            e.zcap[z] = h.player_zone_cap
        else:
            e.zoff[z] = np_ * 3 * h.player_zone_cap + (z - np_ * 3) * cap
            e.zcap[z] = cap
    p += sizeof(Header)
    e.pl = <Player*>p;      p += np_ * sizeof(Player)
    e.ob = <Obj*>p;         p += cap * sizeof(Obj)
    e.zcount = <int32_t*>p; p += nz * 4
    e.zlist = <int32_t*>p;  p += zone_slots(h) * 4
    e.stack = <StackItem*>p; p += h.stack_cap * sizeof(StackItem)
    e.eff = <Effect*>p;     p += h.effect_cap * sizeof(Effect)
    e.trig = <Trigger*>p;   p += h.trigger_cap * sizeof(Trigger)
    e.dly = <Delayed*>p;    p += h.delayed_cap * sizeof(Delayed)
    e.plan = <int32_t*>p;   p += PLAN_CAP * 4
    e.pairs = <CombatPair*>p; p += h.pair_cap * sizeof(CombatPair)
    e.cd = <CombatDamage*>p


# --- zones ------------------------------------------------------------------------------------

cdef inline int32_t zone_of(Engine* e, int32_t player, int32_t kind) noexcept nogil:
    """Zone id: libraries, hands and graveyards belong to a player (400.3)."""
    if kind <= Z_GRAVEYARD:
        return player * 3 + kind
    if kind == Z_NONE:
        return -1
    return e.h.n_players * 3 + (kind - Z_BATTLEFIELD)


cdef inline int32_t zone_kind(Engine* e, int32_t zone) noexcept nogil:
    if zone < 0:
        return Z_NONE
    if zone < e.h.n_players * 3:
        return zone % 3
    return Z_BATTLEFIELD + zone - e.h.n_players * 3


cdef inline int32_t* zone_list(Engine* e, int32_t zone) noexcept nogil:
    # zoff is computed once in bind(); debug builds recompute it from the header (a state
    # whose capacities changed without a new bind() would read another zone's slots)
    cdef int32_t np3
    if MTG_CORE_DEBUG:
        np3 = e.h.n_players * 3
        if e.zoff[zone] != (zone * e.h.player_zone_cap if zone < np3 else
                            np3 * e.h.player_zone_cap + (zone - np3) * e.h.cap):
            debug_fail(b"zone_list: the cached zone offset differs from the header's layout")
    return e.zlist + e.zoff[zone]


cdef bint grow_zone(Engine* e, int32_t zone) noexcept nogil:
    """A zone list is full: grow the player zones (a library, hand or graveyard holds its
    owner's cards and, for a moment, tokens, 111.7-8) or the object table (growth.pxi)."""
    return grow_state(e, GROW_PLAYER_ZONES if zone < e.h.n_players * 3 else GROW_OBJECTS)


cdef void zone_full(Engine* e, int32_t o) noexcept nogil:
    """A zone list has no slot left: never happens while every library, hand and graveyard
    holds only its owner's objects (400.3, checked by validation); stop the game rather
    than write past the list.  ``o`` is then in no zone."""
    if MTG_CORE_DEBUG:
        debug_fail(b"zone_push: a zone list is full (an object moved into a zone of a player "
                   b"who doesn't own it?)")
    e.ob[o].zone = -1
    abort_game(e, ABORT_ZONE)


cdef inline void zone_remove(Engine* e, int32_t zone, int32_t o) noexcept nogil:
    """Take object ``o`` out of ``zone``, keeping the order of the rest."""
    cdef int32_t* lst = zone_list(e, zone)
    cdef int32_t n = e.zcount[zone], i, j
    for i in range(n - 1, -1, -1):
        if lst[i] == o:
            for j in range(i, n - 1):
                lst[j] = lst[j + 1]
            e.zcount[zone] = n - 1
            return


cdef inline void zone_push(Engine* e, int32_t zone, int32_t o) noexcept nogil:
    """Put ``o`` on top (end) of ``zone``."""
    if e.zcount[zone] >= e.zcap[zone] and not grow_zone(e, zone):
        zone_full(e, o)
        return
    zone_list(e, zone)[e.zcount[zone]] = o
    e.zcount[zone] += 1


cdef inline void zone_insert_bottom(Engine* e, int32_t zone, int32_t o) noexcept nogil:
    cdef int32_t* lst
    cdef int32_t n = e.zcount[zone], j
    if n >= e.zcap[zone] and not grow_zone(e, zone):
        zone_full(e, o)
        return
    lst = zone_list(e, zone)                 # (after growth.pxi may have moved it)
    for j in range(n, 0, -1):
        lst[j] = lst[j - 1]
    lst[0] = o
    e.zcount[zone] = n + 1


cdef inline const int32_t* card_row(Engine* e, int32_t card) noexcept nogil:
    return e.cards + card * CARD_FIELDS


cdef inline const int32_t* ability_row(Engine* e, int32_t ab) noexcept nogil:
    return e.abil + ab * ABILITY_FIELDS


cdef inline int32_t obj_types(Engine* e, int32_t o) noexcept nogil:
    """Card types after layer 4 (613.1d); the printed ones unless the layer system has
    something to do (characteristics.pxi)."""
    if layers_on_board(e):                  # (a CDA defines only power and toughness)
        return layered_types(e, o)
    return card_row(e, e.ob[o].card)[CF_TYPES]


# --- summaries the core keeps to skip work, and their debug cross-checks ------------------
# Each is read through an accessor; debug builds (MTG_CORE_DEBUG) recompute it the slow
# way at every read and stop the process if the shortcut would have been wrong.

cdef inline int32_t bf_kinds(Engine* e) noexcept nogil:
    """``bf_ability_kinds``: a superset of the CF_ABILITY_KINDS of every permanent on the
    battlefield, so scans for triggered, activated, mana or static abilities can skip a
    board that has none."""
    if MTG_CORE_DEBUG:
        debug_verify_bf_kinds(e)
    return e.h.bf_ability_kinds


cdef inline bint attachments_possible(Engine* e) noexcept nogil:
    """``any_attached``: when 0, no permanent is attached to anything."""
    if MTG_CORE_DEBUG:
        debug_verify_any_attached(e)
    return e.h.any_attached != 0


cdef inline bint is_fast_card(const int32_t* row) noexcept nogil:
    """An instant (304.1) or a card with flash (702.8a): castable outside sorcery timing."""
    return (row[CF_TYPES] & T_INSTANT) != 0 or (row[CF_KEYWORDS] & KW_FLASH) != 0 \
        or (row[CF_FACE] & FACE_BACK_FAST) != 0       # faces: a modal DFC's back face (712.11)


cdef inline bint fast_cards_in_hand_possible(Engine* e) noexcept nogil:
    """``no_fast_in_hand`` read the other way: False promises that no instant or flash card
    is in any hand (set when a game begins, cleared by move_object when one enters a hand)."""
    if MTG_CORE_DEBUG:
        debug_verify_no_fast_in_hand(e)
    return e.h.no_fast_in_hand == 0


cdef inline bint zone_ability_cards_possible(Engine* e) noexcept nogil:
    """``zone_ability_cards``: False promises that no card with flashback or a hand ability
    (cycling) is in a hand or graveyard (set by move_object as one arrives there)."""
    if MTG_CORE_DEBUG:
        debug_verify_zone_ability_cards(e)
    return e.h.zone_ability_cards != 0


cdef void debug_verify_zone_ability_cards(Engine* e) noexcept nogil:
    cdef int32_t o, k
    if e.h.zone_ability_cards:
        return
    for o in range(e.h.n_objects):
        k = zone_kind(e, e.ob[o].zone)
        if (k == Z_HAND or k == Z_GRAVEYARD) and card_row(e, e.ob[o].card)[CF_ZONE_ABILITIES]:
            debug_fail(b"zone_ability_cards: it is 0 but a card with flashback or a hand "
                       b"ability is in a hand or graveyard")


cdef void debug_verify_no_fast_in_hand(Engine* e) noexcept nogil:
    cdef int32_t p, i, hand
    if not e.h.no_fast_in_hand:
        return
    for p in range(e.h.n_players):
        hand = p * 3 + Z_HAND
        for i in range(e.zcount[hand]):
            if is_fast_card(card_row(e, e.ob[zone_list(e, hand)[i]].card)):
                debug_fail(b"no_fast_in_hand: it is 1 but an instant or flash card is in a hand")


cdef void debug_verify_bf_kinds(Engine* e) noexcept nogil:
    cdef int32_t bf = e.h.n_players * 3, i, kinds = 0
    for i in range(e.zcount[bf]):
        kinds |= card_row(e, e.ob[zone_list(e, bf)[i]].card)[CF_ABILITY_KINDS]
    if kinds & ~e.h.bf_ability_kinds:
        debug_fail(b"bf_ability_kinds: a permanent on the battlefield has a kind of ability "
                   b"the summary leaves out")


cdef void debug_verify_any_attached(Engine* e) noexcept nogil:
    cdef int32_t bf = e.h.n_players * 3, i
    if e.h.any_attached:
        return
    for i in range(e.zcount[bf]):
        if e.ob[zone_list(e, bf)[i]].attached_to != -1:
            debug_fail(b"any_attached: it is 0 but a permanent is attached to something")


cdef inline bint on_battlefield(Engine* e, int32_t o) noexcept nogil:
    """On the battlefield and phased in (702.26b: phased-out permanents are treated as
    though they don't exist)."""
    # zone_kind(zone) == Z_BATTLEFIELD exactly for the one battlefield zone, n_players * 3
    return e.ob[o].zone == e.h.n_players * 3 and e.ob[o].phased_out == 0


cdef inline int32_t next_timestamp(Engine* e) noexcept nogil:
    if e.h.timestamp >= AMOUNT_MAX:          # a billion zone changes: stop, don't overflow
        abort_game(e, ABORT_RANGE)
        return e.h.timestamp
    e.h.timestamp += 1
    return e.h.timestamp


cdef void log_event(Engine* e, int32_t code, int32_t a, int32_t b, int32_t c) noexcept nogil:
    """Append one event to the log (only when the log is on: playouts run without it)."""
    cdef int32_t* grown
    if not e.log_on:
        return
    if e.log_len + 4 > e.log_cap:
        grown = <int32_t*>realloc(e.log, (e.log_cap * 2 + 256) * sizeof(int32_t))
        if grown == NULL:
            return
        e.log = grown
        e.log_cap = e.log_cap * 2 + 256
    e.log[e.log_len] = code
    e.log[e.log_len + 1] = a
    e.log[e.log_len + 2] = b
    e.log[e.log_len + 3] = c
    e.log_len += 4


cdef int32_t new_object(Engine* e, int32_t card, int32_t owner, bint token) noexcept nogil:
    """Take the next free row of the object table (the caller checked there is one); the
    object is in no zone yet."""
    cdef int32_t o = e.h.n_objects
    cdef Obj* ob = &e.ob[o]
    ob.card = card
    ob.owner = owner
    ob.controller = owner
    ob.attached_to = -1
    ob.combat_target = -1
    ob.token = 1 if token else 0
    ob.zone = -1
    e.h.n_objects = o + 1
    return o


cdef void abort_game(Engine* e, int32_t why) noexcept nogil:
    """A fixed-size table overflowed (or a runaway loop was caught): stop the game with
    R_ABORTED rather than drop part of it silently.  Never a rules outcome."""
    if e.h.result == R_ONGOING:
        e.h.result = R_ABORTED
        e.h.winner = -1
        e.h.stage = STG_OVER
        e.h.decision = D_NONE
        e.h.unless_amount = 0
        log_event(e, EV_ABORTED, why, 0, 0)


cdef int32_t add_amount(Engine* e, int32_t* field, int32_t delta, int32_t lo) noexcept nogil:
    """``field += delta`` for life, counters, damage, mana and the like, kept within
    lo..AMOUNT_MAX (their domain, see api/validate.pxi): a change that would leave it stops the game
    (ABORT_RANGE) and leaves the field at the limit, never overflows int32.  ``delta`` is at
    most AMOUNT_MAX in size (amounts in card tables are far smaller)."""
    cdef int32_t v = field[0] + delta         # |field|, |delta| <= 10**9: no overflow
    if v > AMOUNT_MAX or v < lo:
        abort_game(e, ABORT_RANGE)
        v = AMOUNT_MAX if v > AMOUNT_MAX else lo
    field[0] = v
    return v


cdef inline bint arrival_may_need_sba(Engine* e, const int32_t* row) noexcept nogil:
    """Can a permanent of this card arriving on the battlefield (a new object, 400.7: no
    damage, counters or attachment) make a 704.5 action apply?  A planeswalker (704.5i),
    a legendary or world permanent (704.5j-k), an Aura, Equipment or Fortification
    (704.5m-p), or static abilities (they may change other permanents) can; a creature
    only through its toughness (704.5f: damage and deathtouch, 704.5g-h, come later, as
    events that mark the state dirty), so only with toughness 0 or less printed, or when
    the layer system may change it (613; its own characteristic-defining ability, 604.3).
    A basic land or a vanilla creature can't, so its arrival leaves ``sba_dirty`` as it
    was (debug builds verify every skipped check, debug_verify_no_sba)."""
    if (row[CF_TYPES] & T_PLANESWALKER) or (row[CF_SUPERTYPES] & (ST_LEGENDARY | ST_WORLD)) or \
            (row[CF_SUBTYPES] & (SUB_AURA | SUB_EQUIPMENT | SUB_FORTIFICATION)) or \
            (row[CF_ABILITY_KINDS] & (1 << AB_STATIC)):
        return True
    if row[CF_TYPES] & T_CREATURE:
        return row[CF_TOUGHNESS] <= 0 or (row[CF_ABILITY_KINDS] & LY_KIND_BIT) != 0 or \
            layers_on_board(e)
    return False


cdef void move_object(Engine* e, int32_t o, int32_t new_zone, bint to_top) noexcept nogil:
    """Move ``o`` to ``new_zone``.  400.7: it becomes a new object (new incarnation) with
    no memory of its previous existence: counters, damage, attachments and status reset."""
    move_object_to(e, o, new_zone, to_top, zone_kind(e, new_zone))


cdef void move_object_to(Engine* e, int32_t o, int32_t new_zone, bint to_top,
                         int32_t dest_kind) noexcept nogil:
    """move_object; ``dest_kind`` is the kind of zone it is put into as the rules see it
    (Z_GRAVEYARD for a token that dies and then ceases to exist, 700.4, 111.7), which
    zone-change triggers read (603.6c)."""
    cdef Obj* ob = &e.ob[o]
    cdef int32_t i, bf
    # 603.10a: a permanent leaving looks back: its controller and types as it last existed
    cdef bint leaves = zone_kind(e, ob.zone) == Z_BATTLEFIELD and ob.phased_out == 0 and \
        ((bf_kinds(e) & (1 << AB_TRIGGERED)) != 0 or e.leave_open != 0) and e.setup_move == 0
    cdef int32_t leave_ctrl = ob.controller, leave_types = obj_types(e, o) if leaves else 0
    if e.h.combat_damage_n and zone_kind(e, ob.zone) == Z_BATTLEFIELD:
        combat_damage_source_leaves(e, o)   # classic: its last known information (combat.pxi)
    if dest_kind == Z_GRAVEYARD and zone_kind(e, ob.zone) == Z_BATTLEFIELD and \
            ob.phased_out == 0 and e.setup_move == 0 and (obj_types(e, o) & T_CREATURE):
        note_creature_died(e, ob.controller)     # 700.4, morbid (turn_history.pxi)
    if zone_kind(e, ob.zone) == Z_BATTLEFIELD and ob.phased_out == 0 and e.setup_move == 0:
        note_left_battlefield(e, ob.controller)  # revolt (mana_value.pxi)
    cdef int32_t face_up = ob.card          # faces: the face it leaves with (603.10a)
    if ob.zone >= 0:
        zone_remove(e, ob.zone, o)
    face_for_zone(e, o, new_zone)           # faces: 712.8a, front face up (faces.pxi)
    if zone_kind(e, ob.zone) == Z_BATTLEFIELD or (zone_kind(e, new_zone) == Z_BATTLEFIELD
                                                 and arrival_may_need_sba(e, card_row(e, ob.card))):
        # Only arrivals on and departures from the battlefield can make a state-based
        # action apply (704.5); a draw or a discard can't, nor can a plain land arriving.
        e.h.sba_dirty = 1
    if zone_kind(e, new_zone) == Z_BATTLEFIELD:
        e.h.bf_ability_kinds |= card_row(e, ob.card)[CF_ABILITY_KINDS]
    else:
        if zone_kind(e, new_zone) == Z_HAND and is_fast_card(card_row(e, ob.card)):
            e.h.no_fast_in_hand = 0
        if card_row(e, ob.card)[CF_ZONE_ABILITIES] and (zone_kind(e, new_zone) == Z_HAND or
                                                        zone_kind(e, new_zone) == Z_GRAVEYARD):
            e.h.zone_ability_cards = 1
    if zone_kind(e, ob.zone) == Z_BATTLEFIELD:
        # It leaves whatever it was attached to.  Whatever was attached to it is now
        # attached to an object that no longer exists (400.7): mark it ATTACHED_GONE and let
        # the state-based actions deal with it (704.5m Auras, 704.5n Equipment).
        ob.attached_to = -1
        if attachments_possible(e):
            bf = e.h.n_players * 3
            for i in range(e.zcount[bf]):
                if e.ob[zone_list(e, bf)[i]].attached_to == o:
                    e.ob[zone_list(e, bf)[i]].attached_to = ATTACHED_GONE
    known_moved(e, ob, zone_kind(e, ob.zone), zone_kind(e, new_zone))     # 400.2 (known.pxi)
    ob.zone = new_zone
    add_amount(e, &ob.incarnation, 1, 0)
    ob.tapped = 0
    ob.entering_choice = 0
    ob.damage = 0
    ob.deathtouch_hit = 0
    ob.plus1 = 0
    ob.minus1 = 0
    ob.loyalty = 0
    ob.lore = 0
    ob.loyalty_turn = 0                 # 400.7: a new object
    ob.phased_out = 0
    ob.mark = 0
    cdef int32_t alone = lki_alone(e, o) if leaves and ob.combat else 0   # 506.5 (combat.pxi)
    remove_from_combat(e, o)            # 506.4 (and 702.21f): leaving the battlefield
    ob.cast_info = 0
    ob.alt_cost = 0                     # 400.7: a new object wasn't cast
    ob.controller = ob.owner
    ob.sick = 0
    ob.timestamp = next_timestamp(e)
    if leaves:
        if new_zone >= 0 and to_top:
            zone_push(e, new_zone, o)
        elif new_zone >= 0:
            zone_insert_bottom(e, new_zone, o)
        e.leaving_alone = alone + 1         # what "if it was attacking alone" reads (603.10a)
        if face_up != ob.card:              # faces: it looks back at the face it had
            ob.card = face_up
            leave_battlefield_triggers(e, o, leave_ctrl, leave_types, dest_kind)   # 603.6c
            face_for_zone(e, o, new_zone)
            e.leaving_alone = 0
            return
        leave_battlefield_triggers(e, o, leave_ctrl, leave_types, dest_kind)   # 603.6c
        e.leaving_alone = 0
        return
    if new_zone < 0:
        return
    if to_top:
        zone_push(e, new_zone, o)
    else:
        zone_insert_bottom(e, new_zone, o)
