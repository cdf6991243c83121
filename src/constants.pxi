# Codes shared by the whole core.  Python sees them through ``constants()`` at the bottom
# of engine.pyx, so they are written down exactly once.

# --- card types (300.1), supertypes (205.4), rules-relevant subtypes -----------------
cpdef enum:
    T_ARTIFACT = 1
    T_CREATURE = 2
    T_ENCHANTMENT = 4
    T_INSTANT = 8
    T_LAND = 16
    T_PLANESWALKER = 32
    T_SORCERY = 64
    T_BATTLE = 128
    T_KINDRED = 256

cpdef enum:
    ST_BASIC = 1
    ST_LEGENDARY = 2
    ST_SNOW = 4
    ST_WORLD = 8

cpdef enum:
    SUB_AURA = 1
    SUB_EQUIPMENT = 2
    SUB_FORTIFICATION = 4
    SUB_WALL = 8               # "can't be blocked by Walls" (Juggernaut)

# --- keyword abilities (702) as one bitmask ---------------------------------------------
cpdef enum:
    KW_FLYING = 1 << 0
    KW_REACH = 1 << 1
    KW_HASTE = 1 << 2
    KW_DEFENDER = 1 << 3
    KW_VIGILANCE = 1 << 4
    KW_FIRST_STRIKE = 1 << 5
    KW_DOUBLE_STRIKE = 1 << 6
    KW_TRAMPLE = 1 << 7
    KW_DEATHTOUCH = 1 << 8
    KW_LIFELINK = 1 << 9
    KW_FLASH = 1 << 10
    KW_HEXPROOF = 1 << 11
    KW_SHROUD = 1 << 12
    KW_INDESTRUCTIBLE = 1 << 13
    KW_PHASING = 1 << 14
    KW_MENACE = 1 << 15
    KW_INFECT = 1 << 16
    KW_WITHER = 1 << 17
    # Static "doesn't untap during your untap step" (502.2) is kept with the keywords:
    # it is a yes/no property of the object that the untap step reads.
    KW_DOESNT_UNTAP = 1 << 18
    KW_SHADOW = 1 << 19        # 702.28b: blocks / is blocked only by creatures with shadow
    KW_FEAR = 1 << 20          # 702.36b: blocked only by artifact and/or black creatures
    KW_INTIMIDATE = 1 << 21    # 702.13b: only by artifact creatures and/or sharing a colour
    ALL_KEYWORD_BITS = (1 << 22) - 1   # every KW_* bit above (the validators' domain)

# --- colours: W U B R G and colourless C (mana pool slots, 106.1) -----------------------
cpdef enum:
    C_W = 0
    C_U = 1
    C_B = 2
    C_R = 3
    C_G = 4
    C_C = 5
    N_MANA = 6

# --- phases and steps (500.1) -------------------------------------------------------------
cpdef enum:
    PH_BEGINNING = 0
    PH_PRECOMBAT_MAIN = 1
    PH_COMBAT = 2
    PH_POSTCOMBAT_MAIN = 3
    PH_ENDING = 4

cpdef enum:
    S_UNTAP = 0
    S_UPKEEP = 1
    S_DRAW = 2
    S_MAIN = 3            # a main phase has no steps (505.2); it is one plan entry
    S_BEGIN_COMBAT = 4
    S_DECLARE_ATTACKERS = 5
    S_DECLARE_BLOCKERS = 6
    S_COMBAT_DAMAGE = 7
    S_END_COMBAT = 8
    S_END = 9
    S_CLEANUP = 10
    N_STEPS = 11
    S_NONE = 15

# --- zones (400.1); per-player zones are numbered player * 3 + kind ---------------------
cpdef enum:
    Z_LIBRARY = 0
    Z_HAND = 1
    Z_GRAVEYARD = 2
    Z_BATTLEFIELD = 3
    Z_STACK = 4
    Z_EXILE = 5
    Z_NONE = 6          # left the game / token that ceased to exist

# --- engine stages (where advance() resumes) ---------------------------------------------
cpdef enum:
    STG_MULLIGAN = 0
    STG_STEP_START = 1
    STG_PRIORITY = 2
    STG_CLEANUP_DISCARD = 3
    STG_CLEANUP_REST = 4
    STG_STEP_END = 5
    STG_OVER = 6

# --- decisions (DESIGN principle 4) ------------------------------------------------------
cpdef enum:
    D_NONE = 0
    D_PRIORITY = 1
    D_TARGET = 2
    D_ORDER_TRIGGERS = 3
    D_DISCARD = 4
    D_MULLIGAN = 5
    D_BOTTOM = 6
    D_LEGEND_RULE = 7
    D_DECLARE_ATTACKERS = 8    # 508.1, one pair at a time (combat.pxi)
    D_DECLARE_BLOCKERS = 9     # 509.1, one pair at a time; dctx0 = the defending player
    D_DAMAGE_ORDER = 10        # 509.2: dctx0 = the attacker whose blockers are being ordered
    D_CHOOSE_DEFENDER = 12     # 507.1 / 506.2a: the active player chooses the defending player

# --- action kinds; an action is kind | a << 8 | b << 20 ------------------------------------
cpdef enum:
    A_PASS = 0
    A_PLAY_LAND = 1
    A_CAST = 2
    A_ACTIVATE = 3
    A_ACTIVATE_MANA = 4
    A_TARGET = 5
    A_ORDER_TRIGGER = 6
    A_DISCARD = 7
    A_KEEP = 8
    A_MULLIGAN = 9
    A_BOTTOM = 10
    A_LEGEND_KEEP = 11
    A_ATTACK = 12              # a = what it attacks (object or TGT_PLAYER + seat), b = creature
                               # (b < 2048 keeps the code a positive int32)
    A_BLOCK = 13               # a = creature, b = the attacking creature it blocks
    A_DECLARE_DONE = 14        # the declaration so far is the whole declaration
    A_ORDER_BLOCKER = 15       # a = the blocker that comes next in the damage assignment order
    A_BAND = 24                # 508.1e / 702.21c: attacker a joins the band of attacker b
    A_CHOOSE_DEFENDER = 25     # 507.1: a = TGT_PLAYER + the seat chosen as defending player

# A target is an object index, or TGT_PLAYER + seat.
cpdef enum:
    TGT_PLAYER = 4000
    TGT_NONE = -1

# --- target specifications (115): bits of what may be chosen ------------------------------
cpdef enum:
    TS_CREATURE = 1
    TS_PLAYER = 2
    TS_PLANESWALKER = 4
    TS_ARTIFACT = 8
    TS_ENCHANTMENT = 16
    TS_LAND = 32
    TS_PERMANENT = 64
    TS_YOU_CONTROL = 256     # restrictions on top of the kinds above
    TS_OPPONENT = 512
    TS_NOT_SELF = 1024

# --- ability kinds and trigger events ----------------------------------------------------
cpdef enum:
    AB_SPELL = 1          # the effect of an instant or sorcery (304.2)
    AB_ACTIVATED = 2
    AB_MANA = 3           # 605: resolves at once, no stack
    AB_TRIGGERED = 4
    AB_STATIC = 5

cpdef enum:
    COST_TAP = 1          # {T}: 302.6 applies to creatures
    COST_SAC_SELF = 2

cpdef enum:
    TIME_ANY = 0          # whenever you have priority: "any time you could cast an instant" (304.5)
    TIME_SORCERY = 1      # main phase, own turn, empty stack
    TIME_YOUR_UPKEEP = 2
    TIME_AFTER_YOUR_UPKEEP = 3   # own turn, after its first upkeep step ended (503.3)
    # 506.6: points of combat (506.6a-g; a point of the turn's first combat phase unless
    # "during combat" says any combat phase, 506.6c-d)
    TIME_DURING_COMBAT = 4               # "only during combat" (506.6c)
    TIME_BEFORE_ATTACKERS = 5            # "only before attackers are declared" (506.6a, 506.6e)
    TIME_BEFORE_BLOCKERS = 6             # "only before blockers are declared" (506.6b, 506.6e)
    TIME_COMBAT_BEFORE_BLOCKERS = 7      # "only during combat before blockers are declared"
    TIME_COMBAT_AFTER_BLOCKERS = 8       # "only during combat after blockers are declared" (506.6f)
    TIME_BEFORE_COMBAT_DAMAGE = 9        # "only before the combat damage step" (506.6e)

cpdef enum:
    TRIG_BEGIN_STEP = 1   # "at the beginning of [step]" (500.6)
    TRIG_ETB = 2          # "when ~ enters the battlefield"
    TRIG_ATTACKS = 3      # "whenever ~ attacks" (508.2)

cpdef enum:
    WHOSE_YOUR = 0
    WHOSE_EACH = 1
    WHOSE_OPPONENT = 2

# --- static ability codes (card field CF_STATIC) -----------------------------------------
cpdef enum:
    STAT_SKIP_UPKEEP_ALL = 1      # "Players skip their upkeep steps." (Eon Hub)
    STAT_SKIP_UNTAP_ALL = 2       # "Players skip their untap steps." (Stasis)

# --- combat properties of a card (card field CF_COMBAT): restrictions and requirements
# of 508.1c-d / 509.1b-c the declaration search reads (combat.pxi) --------------------------
cpdef enum:
    CM_CANT_ATTACK = 1 << 0
    CM_CANT_BLOCK = 1 << 1             # Goblin Piker
    CM_ATTACKS_EACH_COMBAT = 1 << 2    # requirement (508.1d): Juggernaut
    CM_BLOCKS_EACH_COMBAT = 1 << 3     # requirement (509.1c)
    CM_CANT_ATTACK_ALONE = 1 << 4      # 506.5 / 508.1c: Mogg Flunkies
    CM_CANT_BLOCK_ALONE = 1 << 5       # 506.5 / 509.1b
    CM_BLOCKS_ANY_NUMBER = 1 << 6      # "can block any number of creatures"
    CM_BLOCKS_ONE_MORE = 1 << 7        # "can block an additional creature each combat"
    CM_MUST_BE_BLOCKED = 1 << 8        # "must be blocked if able" (509.1c)
    CM_LURE = 1 << 9                   # "all creatures able to block ~ do so" (509.1c)
    CM_NO_WALL_BLOCKS = 1 << 10        # "can't be blocked by Walls" (509.1b)
    CM_ENCHANTED_LURE = 1 << 11        # an Aura: enchanted creature has CM_LURE (Lure)
    CM_YOURS_HAVE_MENACE = 1 << 12     # "creatures you control have menace" (Goblin War Drums)
    CM_BANDING = 1 << 13               # 702.21: banding (508.1e bands, 702.21h, 702.21j)
    # Costs (508.1g-i / 509.1d-f); amounts in CF_COMBAT_AMOUNTS (CMA_* bytes)
    CM_ATTACK_TAX = 1 << 14            # "creatures can't attack you unless their controller
                                       # pays {N} for each" (Propaganda, Ghostly Prison)
    CM_ATTACK_TAX_WALKERS = 1 << 15    # ... "you or planeswalkers you control" (Baird)
    CM_TAX_WHILE_UNTAPPED = 1 << 16    # the attack tax only "as long as ~ is untapped"
    CM_BLOCK_TAX_WHILE_ATTACKING = 1 << 17  # "as long as ~ is attacking, creatures can't
                                       # block unless their controller pays {N} for each"
    CM_ENCHANTED_ATTACK_COST = 1 << 18 # an Aura: "enchanted creature can't attack unless its
                                       # controller pays {N}" (Brainwash)
    CM_CAP_ATTACKERS = 1 << 19         # 508.1c: "no more than N creatures can attack each combat"
    CM_CAP_BLOCKERS = 1 << 20          # 509.1b: "no more than N creatures can block each combat"
    CM_ALL_BITS = (1 << 21) - 1
    # the ones that act from anywhere on the battlefield (the card has AB_STATIC)
    CM_STATIC_BITS = CM_YOURS_HAVE_MENACE | CM_ATTACK_TAX | CM_CAP_ATTACKERS | CM_CAP_BLOCKERS \
        | CM_BLOCK_TAX_WHILE_ATTACKING
# bytes of CF_COMBAT_AMOUNTS (shift of each): the N of the CM_* words above
cpdef enum:
    CMA_ATTACK_TAX = 0
    CMA_BLOCK_TAX = 8
    CMA_ENCHANTED_ATTACK_COST = 16
    CMA_CAP = 24

# Obj.combat flags (506.4, 508.1j, 509.1g-h)
cpdef enum:
    CB_ATTACKING = 1
    CB_BLOCKING = 2
    CB_BLOCKED = 4            # 509.1h: stays blocked even if its blockers leave combat
    CB_DECLARING = 8          # chosen so far in a declaration not yet finished
    CB_HAD_STRIKE = 16        # had first or double strike as the first-strike step began (510.4)
    CB_DEALT_FIRST = 32       # dealt combat damage in the first-strike step (510.4)
    CB_ALL_FLAGS = 63

# --- effect program opcodes ---------------------------------------------------------------
# Operands that name an object or player are references (REF_*).
cpdef enum:
    REF_TARGET0 = 0
    REF_TARGET1 = 1
    REF_CONTROLLER = 10
    REF_SELF = 11
    REF_EACH_OPPONENT = 12
    REF_EACH_PLAYER = 13
    REF_ACTIVE_PLAYER = 14

cpdef enum:
    OP_END = 0
    OP_DAMAGE = 1          # ref, amount
    OP_PUMP = 2            # ref, power, toughness, duration
    OP_DRAW = 3            # ref, n
    OP_LOSE_LIFE = 4       # ref, n
    OP_GAIN_LIFE = 5       # ref, n
    OP_EXTRA_TURN = 6      # ref (500.7)
    OP_EXTRA_COMBAT = 7    # additional combat + main phase after this phase (500.8)
    OP_SKIP_NEXT_STEP = 8  # ref, step (500.10)
    OP_TAP_ALL_CREATURES_FREEZE = 9  # ref player: tap them; they don't untap next untap step
    OP_DESTROY = 10        # ref
    OP_SACRIFICE = 11      # ref
    OP_ADD_COUNTERS = 12   # ref, kind, n
    OP_ATTACH = 13         # attach source to ref
    OP_DELAYED = 14        # step, length, <program>: "at the beginning of the next [step]"
    OP_ADD_MANA = 15       # colour, amount
    OP_UNTAP = 16          # ref
    OP_GRANT_KEYWORDS = 17 # ref, mask, duration
    OP_EXTRA_STEP = 18     # step to add after the current one (500.9)
    OP_SKIP_NEXT_TURN = 19 # ref (500.10)
    OP_POISON = 20         # ref, n
    OP_EXTRA_PHASE = 21    # phase kind: an additional phase after this phase (500.8)
    OP_EXTRA_STEP_AT = 22  # step, anchor step, 1 before / 0 after the next anchor step (500.9)
    OP_SKIP_NEXT_PHASE = 23  # ref, phase kind (500.10)

cpdef enum:
    CTR_PLUS1 = 0
    CTR_MINUS1 = 1
    CTR_LOYALTY = 2

# --- durations of continuous effects (500.5, 514.2) ---------------------------------------
cpdef enum:
    DUR_END_OF_TURN = 0        # "until end of turn" / "this turn": 514.2
    DUR_END_OF_STEP = 1        # "until end of [step]": arg = step
    DUR_END_OF_PHASE = 2       # "until end of [phase]": arg = phase
    DUR_END_OF_COMBAT = 3      # ends at the end of the combat phase (500.5)
    DUR_UNTIL_STEP_BEGINS = 4  # "until [step]": arg = step
    DUR_UNTIL_YOUR_NEXT_TURN = 5
    DUR_PERMANENT = 6
    DUR_NEXT_UNTAP = 7         # "doesn't untap during its controller's next untap step"

cpdef enum:
    EF_PT = 1                  # layer 7c: +a/+b
    EF_KEYWORDS = 2            # layer 6: gains keywords a
    EF_DOESNT_UNTAP = 3        # 502.2

# --- stack item kinds ---------------------------------------------------------------------
cpdef enum:
    SK_SPELL = 1
    SK_ABILITY = 2
    SK_TRIGGER = 3

# --- game results -------------------------------------------------------------------------
cpdef enum:
    R_ONGOING = 0
    R_WIN = 1
    R_DRAW = 2
    R_UNFINISHED = 3           # the caller's turn limit was reached: neither a win nor a draw
    R_ABORTED = 4              # a fixed-size table of the state overflowed: not a rules result

# --- why a player lost (rule that did it) ---------------------------------------------------
cpdef enum:
    LOSS_LIFE = 1          # 704.5a
    LOSS_DRAW_EMPTY = 2    # 704.5b
    LOSS_POISON = 3        # 704.5c
    LOSS_CONCEDE = 4       # 104.3a

# --- errors an illegal action or a bad call reports -----------------------------------------
cpdef enum:
    E_OK = 0
    E_NO_DECISION = 1
    E_WRONG_KIND = 2       # action does not answer the pending decision
    E_NOT_IN_HAND = 3
    E_LAND_TIMING = 4      # 505.5b
    E_LAND_LIMIT = 5       # 505.5b / 305.2
    E_SORCERY_TIMING = 6   # 301.1 / 302.1 / 303.1 / 307.1
    E_CANT_PAY = 7         # 601.2h
    E_NO_TARGETS = 8       # 601.2c
    E_BAD_TARGET = 9       # 115 / 601.2c
    E_NOT_A_LAND = 10
    E_LAND_NOT_CAST = 11   # 300.2a / 305.9
    E_BAD_OBJECT = 12
    E_SICK = 13            # 302.6
    E_TAPPED = 14
    E_BAD_ABILITY = 15
    E_NOT_YOURS = 16
    E_BAD_CHOICE = 17
    E_GAME_OVER = 19
    E_ABILITY_TIMING = 20
    E_CAST_TIMING = 21     # the spell's own text limits when it may be cast (601.3, 503.3)
    E_CANT_ATTACK = 22     # 508.1a-b: not a creature that can attack, or not attackable
    E_CANT_BLOCK = 23      # 509.1a-b: not a creature that can block that attacker
    E_NO_LEGAL_DECLARATION = 24  # 508.1c-d / 509.1b-c: no legal declaration contains it
    E_DECLARATION_ILLEGAL = 25   # "done" while the declaration breaks a restriction or
                                 # obeys fewer requirements than the maximum

# --- event log codes -------------------------------------------------------------------------
cpdef enum:
    EV_TURN = 1            # turn number, player
    EV_STEP = 2            # step, phase
    EV_DRAW = 3            # player, object
    EV_PLAY_LAND = 4       # player, object
    EV_CAST = 5            # player, object
    EV_RESOLVE = 6         # object / source, ability
    EV_FIZZLE = 7          # object (608.2b)
    EV_DAMAGE = 8          # source, target, amount
    EV_LIFE = 9            # player, delta
    EV_SBA_DIES = 10       # object, reason (704.5 letter)
    EV_LOSE = 11           # player, reason
    EV_GAME_OVER = 12      # result, winner
    EV_UNTAP_STEP = 13     # player
    EV_PHASE_OUT = 14      # object
    EV_PHASE_IN = 15       # object
    EV_DISCARD = 16        # player, object
    EV_MULLIGAN = 17       # player, count
    EV_KEEP = 18           # player, hand size
    EV_TRIGGER = 19        # source, ability
    EV_EXTRA_TURN = 20     # player
    EV_SKIP = 21           # what (0 step, 1 turn), step/player
    EV_MANA = 22           # player, colour, amount
    EV_ATTACH = 23         # object, attached to
    EV_UNATTACH = 24       # object
    EV_EFFECTS_END = 25    # count, reason
    EV_DAMAGE_WEARS_OFF = 26
    EV_ACTIVATE = 27       # player, object, ability
    EV_BOTTOM = 28         # player, object
    EV_COUNTERS = 29       # object, kind, delta
    EV_CONCEDE = 30        # player
    EV_SHUFFLE = 31        # player
    EV_PLAYER_LEAVES = 32  # player (800.4a)
    EV_TURN_LIMIT = 33
    EV_LEGEND_RULE = 34    # object put into graveyard
    EV_EXTRA_PHASE = 35
    EV_EXTRA_STEP = 36
    EV_NO_ATTACKERS = 37   # 508.6 skip
    EV_DESTROY = 39        # object
    EV_SACRIFICE = 40      # object
    EV_POISON = 41         # player, n
    EV_ABORTED = 42        # which table overflowed (ABORT_*)
    EV_TARGET = 43         # stack object's source, target, SK_* kind (601.2c / 603.3d)
    EV_AURA_CANT_ENTER = 44  # Aura, what it would have enchanted (303.4g)
    EV_ATTACKS = 45        # attacking creature, what it attacks (508.1)
    EV_BLOCKS = 46         # blocking creature, attacker it blocks (509.1)
    EV_COMBAT_DAMAGE = 47  # source, target, amount (510.2)
    EV_DAMAGE_ORDER = 48   # attacker, blocker, position (509.2)
    EV_BLOCKED = 49        # attacker, 1 blocked / 0 unblocked (509.1h)
    EV_COMBAT_COST = 70    # player, generic mana paid, 0 attack / 1 block (508.1g-i, 509.1d-f)
    EV_BAND = 71           # attacker, attacker whose band it joined (508.1e, 702.21c)
    EV_BAND_BLOCKED = 72   # blocker, banded attacker it also blocks (702.21h)
    EV_DEFENDER_CHOSEN = 73  # active player, defending player (507.1)

cpdef enum:
    ABORT_STACK = 1
    ABORT_EFFECTS = 2
    ABORT_TRIGGERS = 3
    ABORT_DELAYED = 4
    ABORT_PLAN = 5
    ABORT_EXTRA_TURNS = 6
    ABORT_RUNAWAY = 7          # advance() looped without a decision: an engine bug
    ABORT_SKIPS = 8            # a player's "skip your next [phase]" counter (63) overflowed
    ABORT_COMBAT = 9           # a declaration too big for the search (over 32 creatures or
                               # options, or its budget): undecided, never guessed
    ABORT_RANGE = 10           # a number of the state would leave its documented range

# --- sizes of the fixed tables inside a state -------------------------------------------------
cpdef enum:
    MAX_PLAYERS = 8
    STACK_CAP = 64
    EFFECT_CAP = 128
    TRIGGER_CAP = 64
    DELAYED_CAP = 32
    PLAN_CAP = 64
    MAX_TARGETS = 2
    MAX_ACTIONS = 1024         # the usual action buffer; a decision may have more answers
    STATE_VERSION = 2          # 2: plan entries carry flags (turn.pxi), Player.skip_phases, combat fields

# --- ranges of the state's numbers (the field domains in api.pxi use them) --------------------
# Life, counters, damage, mana and the like stay within +-AMOUNT_MAX; play that would take one
# further aborts the game (ABORT_RANGE) instead of overflowing int32.  Numbers in card tables
# stay within TABLE_AMOUNT_MAX, so that sums of them (power after every bonus) fit too.
cpdef enum:
    AMOUNT_MAX = 1000000000
    TABLE_AMOUNT_MAX = 100000
    TURN_MAX = 10000000        # a game reaching this turn is aborted (serials stay < AMOUNT_MAX)
    MAX_MULLIGANS = 8          # 103.5: down to a hand of none; 103.5c: one more (free) in multiplayer
    HAND_SIZE = 7              # 103.4: the opening hand, so at most 7 cards go to the bottom
