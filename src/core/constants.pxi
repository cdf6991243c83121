# Codes shared by the whole core, one block per kind.  Python sees them through
# ``constants()`` (api/names.pxi), so they are written down exactly once.

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
    SUB_SOLDIER = 16           # "a Soldier creature card" (Preeminent Captain)
    SUB_KNIGHT = 32            # "another target attacking Knight" (Fervent Champion)
    SUB_DEMON = 64             # "protection from Demons" (Baneslayer Angel, 702.16)
    SUB_DRAGON = 128           # "protection from Dragons" (Baneslayer Angel, 702.16)
    SUB_CREATURE_TYPES = 8 | 16 | 32 | 64 | 128  # the creature types among these (205.3m)

# --- protection (702.16): the qualities a permanent has protection from (card field
# CF_PROTECTION; the creature types it has protection from are SUB_* bits shifted left by
# PRO_SUBTYPE_SHIFT in the same field) ----------------------------------------------------------
cpdef enum:
    PRO_WHITE = 1 << 0         # "protection from [colour]": bit 1 << C_* (702.16a)
    PRO_BLUE = 1 << 1
    PRO_BLACK = 1 << 2
    PRO_RED = 1 << 3
    PRO_GREEN = 1 << 4
    PRO_MULTICOLORED = 1 << 5  # "protection from multicolored" (105.4: two or more colours)
    PRO_ARTIFACTS = 1 << 6     # "protection from artifacts" (a card type, 702.16a)
    PRO_CREATURES = 1 << 7     # "protection from creatures"
    PRO_ALL_BITS = (1 << 8) - 1
    PRO_SUBTYPE_SHIFT = 8

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
    S_NONE = 15
    N_STEPS = 11

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

# --- decisions (docs/architecture.md, Principles: every decision is explicit) -----------------
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
    D_DAMAGE_ORDER = 10        # 509.2: dctx0 = the attacker whose blockers are being ordered;
                               # 509.3: dctx0 = the blocker whose attackers are being ordered
    D_ASSIGN_DAMAGE = 11       # 510.1c-e: dctx0 = the creature whose combat damage is being assigned
    D_CHOOSE_DEFENDER = 12     # 507.1 / 506.2a: the active player chooses the defending player
    D_CHOOSE_FROM_HAND = 13    # a resolving "you may put a [kind] card from your hand onto the
                               # battlefield ...": dctx0 = the kind (SUB_* mask, 0 any creature)
    D_ATTACK_WHAT = 14         # 508.4: what a creature put onto the battlefield attacking
                               # attacks; dctx0 = that creature
    D_CAST_CHOICE = 15         # 601.2b / 601.2h: a choice made while casting the spell being
                               # put on the stack (h.casting); dctx0 = CC_* says which
    D_PAY_UNLESS = 16          # "counter target spell unless its controller pays {N}" (701.5):
                               # dctx0 = that spell, h.unless_amount = N; the payer decides
    D_SEARCH_LIBRARY = 60      # 701.19: a player may search their library for a basic land
                               # card (Path to Exile); dctx0 = the effect's flags (SEARCH_*)
    D_MAY = 75                 # 608.2d: "you may [do something]": dctx0 = 0
    D_LIBRARY_CARDS = 76       # 701.22 scry / 701.25 surveil / "look at the top N cards": the
                               # decider places the top dctx0 cards of their library, one at a time
    D_DISCARD_CHOICE = 77      # 701.8: the decider chooses dctx0 more cards of their hand to
                               # discard (discarded together with the rest of the group's, 101.4)
    D_LOOK_TAKE = 78           # "look at the top N cards ... put one into your hand": which of
                               # the top dctx0 cards (D_LIBRARY_CARDS places the rest next)
    D_ACTIVATION_COST = 80     # 602.2b / 601.2h: how to pay a cost of the ability being activated
                               # (h.casting, an SK_ABILITY); dctx0 = PAYC_* says which part
    D_WARD_PAY = 81            # 702.21a ward: the controller of the spell or ability at stack
                               # index dctx0 pays h.unless_amount ({N}) or it is countered
    D_ABILITY_MODE = 95        # the controller of the activated or triggered ability being put
                               # on the stack (h.casting) chooses its mode ("choose one --")
    D_SACRIFICE_CHOICE = 98      # 701.21a: the decider chooses dctx0 more permanents to sacrifice
                                 # (the instruction at h.resolving_pc - 1)
    D_CREW = 105               # 702.122a: which untapped creature to tap next for the crew
                               # cost of the ability being activated (h.casting); dctx0 = the
                               # power still needed (> 0)
    D_AS_ENTERS = 119          # 614.12: a choice made as a permanent enters, by its controller
                               # (entering_choices.pxi): pay the life of RP_PAY_LIFE_OR_TAPPED
                               # (A_MAY_YES) or let it enter tapped (A_MAY_NO); dctx0 = it
    D_CHOOSE_REVEALED = 120    # 701.20 / 701.8: the controller of the resolving object chooses
                               # a card of seat dctx0's revealed hand with the qualities of the
                               # instruction at h.resolving_pc - 1 (A_DISCARD_CHOSEN)
    D_BLOCK_WHICH = 121        # 509.6: the controller of the resolving object chooses the attacking
                               # creature dctx0 blocks (A_BLOCK_WHICH), or none if the
                               # instruction at h.resolving_pc - 1 says "you may" (A_DECLINE)
    D_HAND_TO_TOP = 122        # 401.4: the decider puts dctx0 more cards of their hand on top of
                               # their library, one at a time, in the order they choose
                               # (A_HAND_TO_TOP; library_order.pxi); the instruction at
                               # h.resolving_pc - 1

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
    A_ASSIGN_DEFAULT = 16      # a = the creature: take the default split of its combat damage (510.1c-d)
    A_ASSIGN_POINT = 17        # a = recipient (object or TGT_PLAYER + seat), b = the creature:
                               # assign 1 more of its combat damage to that recipient
    A_ORDER_ATTACKER = 18      # a = the attacker that comes next in a blocker's order (509.3)
    A_BAND = 24                # 508.1e / 702.21c: attacker a joins the band of attacker b
    A_CHOOSE_DEFENDER = 25     # 507.1: a = TGT_PLAYER + the seat chosen as defending player
    A_CHOOSE_CARD = 20         # D_CHOOSE_FROM_HAND: a = the card
    A_DECLINE = 21             # D_CHOOSE_FROM_HAND: "you may": put none
    A_ATTACK_WHAT = 22         # D_ATTACK_WHAT: a = the player (TGT_PLAYER + seat) or planeswalker
    A_CHOOSE_MODE = 28         # 700.2 / 601.2b: a = mode index
    A_KICK = 29                # 702.33 / 601.2b: a = 1 pay the kicker cost, 0 don't
    A_CHOOSE_X = 30            # 107.3 / 601.2b: a = the value of X
    A_SAC_COST = 31            # 601.2h additional cost: a = the creature sacrificed
    A_DISCARD_COST = 32        # 601.2h additional cost: a = the card discarded
    A_PAY_UNLESS = 33          # a = 1 pay, 0 don't (the spell is countered)
    A_SEARCH_TAKE = 60         # D_SEARCH_LIBRARY: search, take card a (the topmost card of its
                               # name: the library is shuffled next, so equal cards are alike)
    A_SEARCH_NOTHING = 61      # search, find nothing (701.19b), shuffle
    A_DONT_SEARCH = 62         # "may": don't search (no shuffle either)
    A_MAY_YES = 80             # D_MAY: do it
    A_MAY_NO = 81              # D_MAY: don't
    A_LIB_TOP = 82             # D_LIBRARY_CARDS: a = the card; it stays on top, under the cards
                               # still to place (the first kept ends deepest)
    A_LIB_BOTTOM = 83          # a = the card: to the bottom (the first ends highest)
    A_LIB_GRAVEYARD = 84       # a = the card: into its owner's graveyard (surveil, 701.25a)
    A_LIB_HAND = 85            # a = the card: into its owner's hand ("put one into your hand")
    A_LIB_TAKE_NONE = 86       # "you may reveal ... and put it into your hand": take none
    A_DISCARD_CHOSEN = 87      # D_DISCARD_CHOICE: a = the card
    A_TAP_COST = 90            # D_ACTIVATION_COST: a = the untapped permanent tapped for the cost
    A_WARD_PAY = 91            # D_WARD_PAY: a = 1 pay, 0 don't (it is countered)
    A_CAST_BACK = 115          # a = a modal double-faced card: cast it with its back face up (712.11)
    A_PLAY_BACK = 116          # a = a modal double-faced card: play its back face, a land (712.11, 305.1)
    A_CAST_SPLIT = 117         # a = a split card, b = 0 its left half / 1 its right half (709.3)
    A_EXILE_COST = 110           # D_ACTIVATION_COST: a = the card exiled from its owner's graveyard
    A_NO_TARGET = 107          # D_TARGET: choose no object for this optional target slot ("up to
                               # one/two target ..."): it and the later slots stay unchosen (601.2c)
    A_ABILITY_MODE = 108       # D_ABILITY_MODE: a = the mode (index from 0)
    A_SACRIFICE_CHOSEN = 111     # D_SACRIFICE_CHOICE: a = the permanent
    A_CREW_TAP = 118           # D_CREW: a = the untapped creature tapped ("crews", 702.122b)
    A_BLOCK_WHICH = 119        # D_BLOCK_WHICH: a = the attacking creature it blocks (509.6)
    A_CAST_ALT = 120           # a = a card in hand: cast it paying its alternative cost instead of
                               # its mana cost (118.9, 601.2b; alternative_costs.pxi)
    A_ALT_COST = 121           # D_CAST_CHOICE CC_ALT: a = the card exiled from the hand, or the
                               # permanent returned or sacrificed, for the alternative cost (601.2h)
    A_HAND_TO_TOP = 122        # D_HAND_TO_TOP: a = the card of the hand put on top of its owner's
                               # library next (above those put before it, 401.4)
    A_PHYREXIAN = 130          # D_CAST_CHOICE CC_PHYREXIAN: a = how many of each colour's
                               # Phyrexian pips are paid with 2 life each (a CF_COST_PHYREXIAN
                               # word; the rest with mana), 107.4f, 601.2h (phyrexian.pxi)

# What a D_CAST_CHOICE asks for (dctx0), in the order of 601.2b-h.
cpdef enum:
    CC_MODE = 0
    CC_KICK = 1
    CC_X = 2
    CC_SAC = 3
    CC_DISCARD = 4
    CC_ALT = 5                 # a card or permanent the alternative cost takes (118.9, 601.2h)
    CC_PHYREXIAN = 6           # how its Phyrexian pips are paid: mana or 2 life each (107.4f)

# --- what OP_LOOK does with the cards looked at (701.22, 701.25) --------------------------
cpdef enum:
    LOOK_SCRY = 1              # 701.22a: any number on the bottom, the rest on top, any order
    LOOK_SURVEIL = 2           # 701.25a: any number into the graveyard, the rest on top
    LOOK_TAKE_ONE = 3          # put one into your hand and the rest on the bottom in any order
    LOOK_MAY_TAKE = 4          # you may reveal a card of the types and put it into your hand;
                               # the rest on the bottom in any order (Augur of Bolas)
    LOOK_TAKE_ONE_REST_GRAVEYARD = 5   # OP_LOOK: put one into your hand and the rest into your
                                       # graveyard (D_LOOK_TAKE; the rest needs no choice)

# --- conditions of OP_IF, OP_IF_COND and intervening "if" clauses (608.2c, 603.4) ----------
cpdef enum:
    COND_COUNT_AT_LEAST = 140  # a = CNT_*, b = its mask, c = n: the count is n or more
    COND_COUNT_AT_MOST = 141   # ... the count is n or less
    COND_OPPONENT_LIFE_AT_MOST = 142  # a = n: an opponent has n or less life
    COND_LIFE_AT_LEAST = 143   # a = n: you have n or more life
    COND_LIFE_AT_MOST = 144    # a = n: you have n or less life
    # what happened this turn and what the board shows (rules/turn_history.pxi):
    COND_CREATURE_DIED_THIS_TURN = 155   # "if a creature died this turn" (morbid)
    COND_YOU_ATTACKED_THIS_TURN = 156    # "if you attacked this turn" (raid: you declared an
                                         # attacking creature this turn, 508.1)
    COND_CONTROL_POWER_AT_LEAST = 157    # a = n, b = 1 "another": "if you control a creature
                                         # with power n or greater" (ferocious)
    COND_GRAVEYARD_CARD_TYPES_AT_LEAST = 158  # a = n: "if there are n or more card types
                                         # among cards in your graveyard" (delirium, 205.2a)
    COND_YOUR_TURN = 159                 # a = 1 "if it's your turn", 0 "if it's not your turn"
    COND_KICKED = 1        # "if this spell was kicked" (702.33d)
    COND_NOT_KICKED = 2
    COND_NO_SPELLS_LAST_TURN = 176   # "if no spells were cast last turn" (by any player)
    COND_TWO_SPELLS_LAST_TURN = 177  # "if a player cast two or more spells last turn"
    COND_SELF_TAPPED = 171             # a = 1: "if ~ is tapped", 0: "if ~ is untapped" (the
                                       # source, on the battlefield)
    COND_SELF_KICKED = 183             # "if it was kicked" / "if ~ was kicked": the source, a
                                       # permanent whose spell was kicked (702.33d; 113.7a: last
                                       # known information once it has left)
    COND_SELF_EVOKED = 185             # "if it was evoked" (702.74a): the source, a permanent
                                       # whose spell was cast for its evoke cost
    COND_THAT_WAS_ALONE = 184          # a = CB_ATTACKING | CB_BLOCKING: "if it
                                       # was attacking [or blocking] alone" (506.5), of the
                                       # permanent a leave trigger saw leave, as it last existed
                                       # (603.10a; combat.pxi, lki_alone)
    # mana value and revolt (rules/mana_value.pxi):
    COND_TARGET_MV_AT_MOST = 190       # a = n, b = n' or -1, c = REF_TARGET0 / REF_TARGET1: "if
                                       # it has mana value n or less" of that target (202.3; an
                                       # illegal target fails it, 608.2b); with b >= 0 "... n'
                                       # or less instead if a permanent you controlled left the
                                       # battlefield this turn" (revolt; Fatal Push)
    COND_REVOLT = 191                  # "if a permanent you controlled left the battlefield
                                       # this turn" (revolt, 207.2c; Player.left_battlefield_turn)

# --- what OP_COUNT counts (608.2h), and amount operands that name a count or X -------------
cpdef enum:
    CNT_YOU_CONTROL = 10       # permanents you control with a card type in the mask (T_*)
    CNT_OTHER_YOU_CONTROL = 11 # ... other than the source ("another")
    CNT_YOU_CONTROL_SUBTYPE = 12        # permanents you control with a subtype in the mask
    CNT_OTHER_YOU_CONTROL_SUBTYPE = 13  # ... other than the source
    CNT_OPPONENTS_CONTROL = 14 # permanents your opponents control with a card type in the mask
    CNT_BATTLEFIELD = 15       # permanents with a card type in the mask
    CNT_CARDS_IN_HAND = 16     # cards in your hand
    CNT_YOUR_GRAVEYARD = 17    # cards in your graveyard with a card type in the mask (0: any)
    CNT_OPPONENTS = 18         # opponents still in the game
    CNT_BLOCKING = 1           # the creatures it's blocking
    CNT_BLOCKERS = 2           # the creatures blocking it
    AMOUNT_IS_COUNT = 100002   # an amount operand: the value of the last OP_COUNT
    AMOUNT_IS_X = 100001   # an amount operand that means X (107.3): TABLE_AMOUNT_MAX + 1

# A target is an object index, or TGT_PLAYER + seat.
cpdef enum:
    TGT_PLAYER = 4000
    TGT_NONE = -1
    TGT_ATTACKS_NOTHING = -2   # an attacker's combat_target TGT_ATTACKS_NOTHING - seat: its
                               # planeswalker left combat, it attacks nothing (506.4c) and its
                               # defending player stays that seat (508.5)

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
    TS_SPELL = 4096          # a spell on the stack (115.1, 701.5); with TS_CREATURE: a
                             # creature spell; with TS_NONCREATURE: a noncreature spell
    TS_NONCREATURE = 8192
    TS_ATTACKING = 2048      # "attacking" (506.4)
    TS_KNIGHT = 16384        # "Knight" (a creature type, 205.3m)
    TS_NONBLACK = 1048576    # "nonblack" (105.2: not black; Doom Blade)
    TS_DIFFERENT = 2097152   # this slot is a further choice of the same word "target" as
                             # the earlier slots ("two target lands"): a different object
                             # or player than theirs (601.2c, 115.3)
    TS_YOUR_GRAVEYARD = 4194304  # a card in the controller's graveyard, not a permanent
                                 # (115.1: "target creature card from your graveyard")
    # qualities of a target permanent (the library's removal spells)
    TS_NONLEGENDARY = 8388608    # "nonlegendary" (205.4a: not Legendary; Cast Down)
    TS_NONARTIFACT = 16777216    # "nonartifact" (not an artifact; Go for the Throat)
    TS_MONOCOLORED = 33554432    # "monocolored" (105.4: exactly one colour; Ultimate Price)
    TS_ATTACKING_OR_BLOCKING = 67108864  # "attacking or blocking" (506.4; Divine Verdict)
    # A creature's combat status is one field of two bits: TS_ATTACKING alone "attacking",
    # TS_ATTACKING_OR_BLOCKING alone "attacking or blocking", both "blocking" (506.4)
    TS_COMBAT_STATUS = 67110912          # TS_ATTACKING | TS_ATTACKING_OR_BLOCKING
    TS_BLOCKING = 67110912               # "blocking" (Balduvian Warlord)
    TS_PT_TOTAL_5_OR_LESS = 134217728    # "with total power and toughness 5 or less" (Cut Down)
    TS_INSTANT = 268435456       # with TS_YOUR_GRAVEYARD: an instant card (115.1)
    TS_SORCERY = 536870912       # with TS_YOUR_GRAVEYARD: a sorcery card
    TS_NONBASIC = 128            # "nonbasic" (205.4a: without the basic supertype; Wasteland)
    TS_NONLAND = 1073741824      # "nonland" (not a land, after layer 4; Abrupt Decay)
    # "with mana value N or less / N or greater / N" (202.3): N (0..7) in TGT_MV_SHIFT's three
    # bits, the comparison in TS_MV_OR_LESS / TS_MV_OR_GREATER (both: exactly N); a permanent
    # or a card in a graveyard, whose X is 0, or a spell, whose X is the value chosen (202.3e;
    # rules/mana_value.pxi); the field's shift and mask are TGT_, not TS_ bits
    TGT_MV_SHIFT = 15
    TGT_MV_MASK = 7
    TS_MV_OR_LESS = 262144
    TS_MV_OR_GREATER = 524288

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
    COST_SAC_CREATURE = 4     # additional cost "sacrifice a creature" (601.2f, 118.8)
    COST_DISCARD = 8          # additional cost "discard a card"
    COST_PAY_LIFE = 16        # additional cost "pay N life" (119.4): N in AF_LIFE_COST
    COST_DISCARD_SELF = 32    # "Discard this card" (cycling, 702.29a): from the hand
    COST_KICKER = 64          # the spell has kicker (702.33): its cost in AF_KICKER_GENERIC..
    COST_FLASHBACK = 128      # the card has flashback (702.34): AF_FLASHBACK_GENERIC..
    COST_LOYALTY = 256          # a loyalty ability (606): its cost is AF_LOYALTY counters
    COST_ALTERNATIVE = 512    # the spell has an alternative cost (118.9): AF_ALT_* (alternative_costs.pxi)
    COST_ONCE_EACH_TURN = 65536  # "Activate only once each turn" (602.5b): Obj.loyalty_turn records
                                 # the turn (a card has at most one such or loyalty abilities)

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
    TIME_DECLARE_BLOCKERS_STEP = 10      # "only during the declare blockers step" (509, 506.6g)

cpdef enum:
    TRIG_BEGIN_STEP = 1   # "at the beginning of [step]" (500.6)
    TRIG_ETB = 2          # "when ~ enters the battlefield"
    TRIG_ATTACKS = 3      # "whenever ~ attacks" (508.2)
    TRIG_BLOCKS = 4       # "whenever ~ blocks" (509.4a): once per combat
    TRIG_BLOCKS_CREATURE = 5      # "whenever ~ blocks a creature" (509.4b): per attacker
    TRIG_BECOMES_BLOCKED = 6      # "whenever ~ becomes blocked" (509.4c): once per combat
    TRIG_BLOCKED_BY_CREATURE = 7  # "whenever ~ becomes blocked by a creature" (509.4d): per blocker
    TRIG_ATTACKS_UNBLOCKED = 8    # "whenever ~ attacks and isn't blocked" (509.4g)
    TRIG_COMBAT_DAMAGE_PLAYER = 9     # "whenever ~ deals combat damage to a player" (510.3)
    TRIG_COMBAT_DAMAGE_CREATURE = 10  # "whenever ~ deals combat damage to a creature" (510.3)
    TRIG_DAMAGE_OPPONENT = 11         # "whenever ~ deals damage to an opponent" (any damage)
    TRIG_CAST = 13        # "whenever [a player / you / an opponent] casts a [quality] spell"
                          # (601.2i): AF_TRIGGER_WHOSE = who, AF_TRIGGER_SPELL = SQ_* quality
    # --- zone-change triggers (603.6, 603.10a: leaves-the-battlefield abilities look back)
    TRIG_DIES = 20        # "when ~ dies" (700.4: put into a graveyard from the battlefield)
    TRIG_LEAVES = 21      # "when ~ leaves the battlefield" (603.6c)
    TRIG_PERMANENT_DIES = 22    # "whenever a [another] <type> [you control / an opponent
                                # controls] dies": AF_TRIGGER_WHOSE = whose, AF_TRIGGER_FILTER
    TRIG_PERMANENT_ENTERS = 23  # "whenever a [another] <type> enters [under your control]"
                                # (603.6a): AF_TRIGGER_WHOSE, AF_TRIGGER_FILTER
    TRIG_BECOMES_TARGET = 30   # "whenever ~ becomes the target of a spell or ability an opponent
                               # controls" (ward, 702.21a): ref = the spell, or the ability's source
    TRIG_ATTACKS_ALONE_YOURS = 46   # "whenever a creature you control attacks alone" (702.83a
                                    # exalted; 506.5: the only creature declared as an attacker);
                                    # "that creature" is the attacker
    TRIG_TRANSFORMS = 62       # "when this creature transforms into ~": the face now up (701.28)
    TRIG_BLOCKED_BY_NONFLANKING = 66   # 702.25a: "whenever a creature without flanking blocks
                                       # ~": once per such blocker, "that creature" (509.4d)
    TRIG_ATTACKS_ALONE = 67            # "whenever ~ attacks alone" (506.5: the only creature
                                       # declared as an attacker)
    TRIG_CHAPTER = 68          # a Saga's chapter ability (714.2b): triggers when lore counters put
                               # on ~ make their number reach AF_CHAPTER from below (sagas.pxi)

# AF_TRIGGER_FILTER of TRIG_PERMANENT_DIES / TRIG_PERMANENT_ENTERS: the T_* card types of
# the object (any one of them; 0 = any permanent) and these flags.
cpdef enum:
    TFL_TYPES = 511            # the T_* mask
    TFL_OTHER = 1024           # "another": not the source itself
    TFL_NONTOKEN = 2048        # "nontoken"

# --- replacement effects of a card's own static abilities (614), card field CF_REPLACEMENT
cpdef enum:
    RP_ENTERS_TAPPED = 1       # "~ enters tapped" (614.1c); the N of "~ enters with N +1/+1
                               # counters on it" is CF_ENTERS_COUNTERS (AMOUNT_IS_X: X, 107.3)
    RP_DIES_EXILE = 2          # "If ~ would die, exile it instead" (614.1a)
    RP_PREVENT_DAMAGE_TO_SELF = 4  # "Prevent all damage that would be dealt to ~" (615.1)
    RP_TAPPED_UNLESS_FEW_LANDS = 8   # "~ enters tapped unless you control N or fewer other
                                     # lands" (614.1c, the fast lands), N in RP_FEW_LANDS_MASK
    RP_FEW_LANDS_SHIFT = 4
    RP_FEW_LANDS_MASK = 240
    RP_PAY_LIFE_OR_TAPPED = 256      # "As ~ enters, you may pay N life. If you don't, it
                                     # enters tapped." (614.12, the shock lands): its
                                     # controller decides as it enters (D_AS_ENTERS), N in
                                     # RP_LIFE_MASK
    RP_LIFE_SHIFT = 9
    RP_LIFE_MASK = 7680
    RP_TAPPED_UNLESS_MANY_LANDS = 8192   # "~ enters tapped unless you control N or more other
                                         # lands" (614.1c, the slow lands), N in RP_FEW_LANDS_MASK
    RP_TAPPED_UNLESS_SUBTYPE = 16384     # "~ enters tapped unless you control a Swamp or an
                                         # Island" (614.1c, the check lands): the subtypes are
                                         # card field CF_ENTERS_UNLESS_SUBTYPES, any of them
    RP_UNLESS_BITS = 24584               # the three "enters tapped unless" words: one at most
    RP_UNLESS_BASIC = 32768              # with RP_TAPPED_UNLESS_MANY_LANDS: "N or more basic
                                         # lands" (the battle lands; 205.4c), not "other lands"
    RP_ALL_BITS = 65535

# Qualities of a spell a cast trigger asks for (AF_TRIGGER_SPELL): all bits given must hold.
cpdef enum:
    SQ_NONCREATURE = 1          # "a noncreature spell" (prowess, 702.108a)
    SQ_MULTICOLORED = 2         # "a multicolored spell" (105.4)
    SQ_FROM_GRAVEYARD = 4       # "a spell from a graveyard" (cast from that zone, 601.2a)
    SQ_ALL_BITS = 7

cpdef enum:
    WHOSE_YOUR = 0
    WHOSE_EACH = 1
    WHOSE_OPPONENT = 2

# --- static ability codes (card field CF_STATIC) -----------------------------------------
cpdef enum:
    STAT_SKIP_UPKEEP_ALL = 1      # "Players skip their upkeep steps." (Eon Hub)
    STAT_SKIP_UNTAP_ALL = 2       # "Players skip their untap steps." (Stasis)
    # more conditions of statics and triggers (611.3a, 603.4)
    STAT_EXTRA_LAND = 20          # "You may play an additional land on each of your turns."
                                  # (305.2a: Exploration; one more land play per instance)
    STAT_CANT_BE_COUNTERED = 21   # "This spell can't be countered." (101.2, 701.5a: a counter
                                  # effect does nothing to it; Great Sable Stag)

# --- the layer system (613, characteristics.pxi) ------------------------------------------
# A static ability of the layer system is an ability row of kind AB_STATIC whose
# AF_LY_SCOPE is set: the AF_LY_* columns say what it affects, its program (AF_PROG_START,
# AF_PROG_LEN) is a list of changes of 4 ints each: LY_* change code, a, b, c.
cpdef enum:
    LY_KIND_BIT = 1 << 6       # CF_ABILITY_KINDS / bf_ability_kinds: a static of the layer system
    LY_LOSE_BIT = 1 << 7       # ... one of which makes objects lose all abilities (613.1f)
    LY_CONTROL_BIT = 1 << 8    # ... one of which changes control (layer 2: Mind Control)
    # affected set (AF_LY_SCOPE)
    LY_SCOPE_SELF = 1          # the object itself ("~'s power and toughness are each ...")
    LY_SCOPE_ATTACHED = 2      # the permanent it is attached to ("enchanted creature")
    LY_SCOPE_PERMANENTS = 3    # each permanent that passes the filter (AF_LY_TYPES ...)
    # filter flags (AF_LY_FLAGS)
    LY_OTHER = 1               # "other": not the source itself
    LY_NONTOKEN = 2
    LY_YOURS = 4               # "you control"
    LY_OPPONENTS = 8           # "your opponents control"
    LY_ALL_FLAGS = 15
    # changes, by layer (613.1) and sublayer (613.4); the code / 10 is the layer
    LY_CONTROL = 20            # layer 2: the source's controller controls it
    LY_ADD_TYPES = 40          # layer 4: a = card types, b = subtypes it gains
    LY_SET_SUBTYPES = 41       # layer 4: a = subtypes that replace those in mask b (205.1b)
    LY_REMOVE_TYPES = 42       # layer 4: a = card types it loses
    LY_SET_COLORS = 50         # layer 5: a = its colours (bit i = C_* i)
    LY_ADD_COLORS = 51         # layer 5: a = colours it gains
    LY_ADD_KEYWORDS = 60       # layer 6: a = KW_* it gains
    LY_LOSE_ALL = 61           # layer 6: it loses all abilities
    LY_PT_CDA = 70             # 7a: a = LY_COUNT_*, b = its mask; c: 1 power, 2 toughness,
                               #     3 both, + 256 * what toughness adds (Lhurgoyf's "plus 1")
    LY_PT_SET = 71             # 7b: base power a, base toughness b
    LY_PT_SET_MV = 72          # 7b: base power and toughness each equal to its mana value
    LY_PT_MODIFY = 73          # 7c: +a/+b
    LY_PT_SWITCH = 74          # 7d: power and toughness switched
    # what a characteristic-defining P/T counts (LY_PT_CDA a), as it is computed
    LY_COUNT_YOURS_SUBTYPE = 1 # permanents you control with a subtype in b (Swamps: Nightmare)
    LY_COUNT_YOURS_TYPE = 2    # permanents you control with a card type in b (creatures)
    LY_COUNT_GRAVEYARD_TYPE = 3  # cards with a card type in b in all graveyards (Mortivore)
    LY_COUNT_GRAVEYARD_TYPES = 4 # card types among cards in all graveyards (Tarmogoyf)
    LY_COUNT_LIFE = 5          # your life total
    LY_MAX_ITEMS = 256         # changes that may apply to one object at once (else ABORT_LAYERS)
    LY_GRANT_ABILITY = 69      # layer 6: a = the granted ability's row - the granting card's
                               # CF_ABILITY_START
    LY_COND_BIT = 1 << 9       # CF_ABILITY_KINDS / bf_ability_kinds: a conditional static (its
                               # condition may change without an event: SBAs are always checked)
    # static abilities (layer 7): a count change is followed by one LY_AMOUNT quad (its count)
    LY_AMOUNT = 29             # a = spec, b = types, c = subtypes: the count of the change before
    LY_PT_COUNT = 75           # 7c: +a/+b for each counted (613.4c)
    LY_PT_CDA_COUNT = 76       # 7a: c as LY_PT_CDA (1 power, 2 toughness, 3 both, + 256 * what
                               # toughness adds): equal to the count (604.3)

# --- granted abilities (613.1f: "Enchanted creature has \"{T}: ...\"", grants.pxi) ----------
# A quoted ability a static ability lends to the objects it affects is an ability row of the
# GRANTING card, after its own abilities and modes (not counted in CF_ABILITY_COUNT); the
# static's change LY_GRANT_ABILITY names it.  Its source is the object that has it (the host).
cpdef enum:
    GRANT_BIT = 1 << 10        # CF_ABILITY_KINDS / bf_ability_kinds: a static that grants one
    GRANT_INDEX = 32           # A_ACTIVATE / A_ACTIVATE_MANA ability index 32 + k: the k-th
                               # ability granted to the object (in timestamp order); 0..31 its own
    GRANT_MAX = 32             # abilities granted to one object at once (else ABORT_GRANTS)

# --- Sagas (714, sagas.pxi) ------------------------------------------------------------------
cpdef enum:
    SAGA_BIT = 1 << 11         # CF_ABILITY_KINDS / bf_ability_kinds: a Saga, the only card with
                               # chapter abilities (TRIG_CHAPTER; the card language checks it)

# --- conditions of static abilities of the layer system (611.3a: "as long as ...") -----------
# AF_LY_COND: the condition a static ability applies only while (0: always); it is checked
# each time the layer system reads the ability (characteristics.pxi, ly_condition_holds).
# Its operands: AF_LY_COND_N (a number), AF_LY_COND_TYPES / _SUBTYPES / _COLORS (a filter of
# permanents: any type / subtype / colour in the mask; 0 any).
cpdef enum:
    LYC_YOUR_TURN = 1          # "as long as it's your turn", "during your turn"
    LYC_NOT_YOUR_TURN = 2      # "as long as it's not your turn", "during turns other than yours"
    LYC_SELF_ATTACKING = 3     # "as long as ~ is attacking" (506.4)
    LYC_SELF_TAPPED = 4        # "as long as ~ is tapped"
    LYC_SELF_UNTAPPED = 5      # "as long as ~ is untapped"
    LYC_SELF_EQUIPPED = 6      # "as long as ~ is equipped" (an Equipment is attached to it)
    LYC_SELF_ENCHANTED = 7     # "as long as ~ is enchanted" (an Aura is attached to it)
    LYC_YOU_CONTROL = 8        # you control N or more permanents passing the filter
    LYC_YOU_CONTROL_OTHER = 9  # ... other than the source ("as long as you control another ...")
    LYC_OPPONENT_CONTROLS = 10 # an opponent controls N or more permanents passing the filter
    LYC_YOU_CONTROL_NONE = 11  # you control no permanent passing the filter
    LYC_LIFE_AT_LEAST = 12     # you have N or more life
    LYC_LIFE_AT_MOST = 13      # you have N or less life
    LYC_GRAVEYARD_AT_LEAST = 14  # N or more cards are in your graveyard (threshold)
    LYC_HAND_AT_MOST = 15      # you have N or fewer cards in hand ("no cards in hand": N = 0)
    LYC_OPPONENT_LIFE_AT_MOST = 16  # an opponent has N or less life
    LYC_LAST = 16

# --- combat properties of a card (card field CF_COMBAT): restrictions and requirements
# of 508.1c-d / 509.1b-c the declaration search reads (combat/search.pxi) --------------------------
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
    # 509.1b: "can't be blocked except by [colour] creatures" (Dread Warlock): the colours
    # that may block it, bit 1 << C_* shifted by CM_BLOCKED_ONLY_BY_SHIFT
    CM_BLOCKED_ONLY_BY_SHIFT = 21
    CM_BLOCKED_ONLY_BY = 31 << 21
    # 509.1b / 508.1c restrictions of further static abilities
    CM_UNBLOCKABLE = 1 << 26           # "~ can't be blocked." (Phantom Warrior)
    CM_BLOCKS_ONLY_FLYING = 1 << 27    # "~ can block only creatures with flying." (Cloud Sprite)
    CM_ENCHANTED_CANT_ATTACK = 1 << 28 # an Aura: "enchanted creature can't attack" (Pacifism)
    CM_ENCHANTED_CANT_BLOCK = 1 << 29  # an Aura: "enchanted creature can't block"
    CM_ENCHANTED_UNBLOCKABLE_ALONE = 1 << 30   # an Aura: "as long as enchanted creature is
                                       # attacking alone, it can't be blocked" (506.5, 509.1b)
    CM_ALL_BITS = (1 << 31) - 1
    # the ones that act from anywhere on the battlefield (the card has AB_STATIC), and
    # banding, which changes who assigns combat damage (702.21j): scans skip boards without
    CM_STATIC_BITS = CM_YOURS_HAVE_MENACE | CM_ATTACK_TAX | CM_CAP_ATTACKERS | CM_CAP_BLOCKERS \
        | CM_BLOCK_TAX_WHILE_ATTACKING | CM_BANDING
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
    CB_ASSIGNED = 64          # its combat damage of this step is assigned (510.1; CombatPair amounts)
    CB_BLOCKED_BY_MANY = 128  # an attacker blocked by two or more different creatures this combat
                              # (so not "blocked by only that creature", False Orders)
    CB_ALL_FLAGS = 255

# What OP_REMOVE_BLOCKER_ANEW's creature does after it left combat (509.6)
cpdef enum:
    BLOCK_ANEW_NONE = 0       # nothing more ("... become unblocked.")
    BLOCK_ANEW_MUST = 1       # "then it blocks an attacking creature of your choice"
    BLOCK_ANEW_MAY = 2        # "You may have it block an attacking creature of your choice"

# --- effect program opcodes ---------------------------------------------------------------
# A program that needs a choice in its middle stops at the instruction that asks (h.resolving_pc
# = that instruction + 1); the object stays on top of the stack while it resolves (608.2n: it
# leaves the stack last) and the answer resumes the program after the instruction (608.2d).
# Operands that name an object or player are references (REF_*).
cpdef enum:
    REF_TARGET0 = 0
    REF_TARGET1 = 1
    REF_CONTROLLER = 10
    REF_SELF = 11
    REF_EACH_OPPONENT = 12
    REF_EACH_PLAYER = 13
    REF_ACTIVE_PLAYER = 14
    # groups of permanents, fixed as the effect begins (608.2h, 611.2c):
    REF_EACH_CREATURE = 15             # "each creature" / "all creatures"
    REF_CREATURES_YOU_CONTROL = 16
    REF_OTHER_CREATURES_YOU_CONTROL = 17
    REF_CREATURES_OPPONENTS_CONTROL = 18   # "creatures your opponents control"
    REF_ATTACKING_CREATURES = 19
    REF_BLOCKING_CREATURES = 20
    REF_THAT_CREATURE = 30     # the other creature of the event a trigger noticed (603.2):
                               # the attacker blocked, the blocker, the creature dealt damage
    REF_THAT_PLAYER = 31       # the player of the event: the player dealt damage
    REF_LKI_CONTROLLER = 61    # "its controller": the controller of the object this program
                               # last exiled, destroyed, returned to hand or countered, as it
                               # last existed (608.2h)
    REF_ATTACHED = 85          # grant: "enchanted creature" / "equipped creature": the permanent
                               # the source (an Aura or Equipment) is attached to (303.4, 301.5)
    REF_OPPONENTS_CREATURES_AND_PLANESWALKERS = 75  # each creature and planeswalker your
                               # opponents control, fixed as the effect begins (608.2h)
    REF_THAT_CARD = 86         # a zone-change trigger's object in the zone it went to ("exile
                               # it" of "whenever another creature dies", 400.7, 603.6c)
    GROUP_REF_FIRST = 15
    GROUP_REF_LAST = 20

# The opcodes, in code order: the one place to declare one.  Beside each code, _LEN_<name>:
# the instruction's length in ints, operands included (0: variable, read from its operands);
# the table checks (api/tables.pxi, _OP_SIZES) and the interpreter's walks use it.
cpdef enum:
    OP_END = 0,                      _LEN_END = 1
    # ref, amount
    OP_DAMAGE = 1,                   _LEN_DAMAGE = 3
    # ref, power, toughness, duration
    OP_PUMP = 2,                     _LEN_PUMP = 5
    # ref, n
    OP_DRAW = 3,                     _LEN_DRAW = 3
    # ref, n
    OP_LOSE_LIFE = 4,                _LEN_LOSE_LIFE = 3
    # ref, n
    OP_GAIN_LIFE = 5,                _LEN_GAIN_LIFE = 3
    # ref (500.7)
    OP_EXTRA_TURN = 6,               _LEN_EXTRA_TURN = 2
    # additional combat + main phase after this phase (500.8)
    OP_EXTRA_COMBAT = 7,             _LEN_EXTRA_COMBAT = 1
    # ref, step (500.10)
    OP_SKIP_NEXT_STEP = 8,           _LEN_SKIP_NEXT_STEP = 3
    # ref player: tap them; they don't untap next untap step
    OP_TAP_ALL_CREATURES_FREEZE = 9, _LEN_TAP_ALL_CREATURES_FREEZE = 2
    # ref
    OP_DESTROY = 10,                 _LEN_DESTROY = 2
    # ref
    OP_SACRIFICE = 11,               _LEN_SACRIFICE = 2
    # ref, kind, n
    OP_ADD_COUNTERS = 12,            _LEN_ADD_COUNTERS = 4
    # attach source to ref
    OP_ATTACH = 13,                  _LEN_ATTACH = 2
    # step, length, <program>: "at the beginning of the next [step]"
    OP_DELAYED = 14,                 _LEN_DELAYED = 0
    # colour, amount
    OP_ADD_MANA = 15,                _LEN_ADD_MANA = 3
    # ref
    OP_UNTAP = 16,                   _LEN_UNTAP = 2
    # ref, mask, duration
    OP_GRANT_KEYWORDS = 17,          _LEN_GRANT_KEYWORDS = 4
    # step to add after the current one (500.9)
    OP_EXTRA_STEP = 18,              _LEN_EXTRA_STEP = 2
    # ref (500.10)
    OP_SKIP_NEXT_TURN = 19,          _LEN_SKIP_NEXT_TURN = 2
    # ref, n
    OP_POISON = 20,                  _LEN_POISON = 3
    # phase kind: an additional phase after this phase (500.8)
    OP_EXTRA_PHASE = 21,             _LEN_EXTRA_PHASE = 2
    # step, anchor step, 1 before / 0 after the next anchor step (500.9)
    OP_EXTRA_STEP_AT = 22,           _LEN_EXTRA_STEP_AT = 4
    # ref, phase kind (500.10)
    OP_SKIP_NEXT_PHASE = 23,         _LEN_SKIP_NEXT_PHASE = 3
    # ref player, n: discards n cards at random (the game's RNG)
    OP_DISCARD_RANDOM = 24,          _LEN_DISCARD_RANDOM = 3
    # ref, duration: the controller gains control of it (layer 2)
    OP_GAIN_CONTROL = 25,            _LEN_GAIN_CONTROL = 3
    # ref: a regeneration shield for this turn (701.19)
    OP_REGENERATE = 26,              _LEN_REGENERATE = 2
    # ref, power, toughness, duration, CNT_*: +P/+T for each counted
    OP_PUMP_FOR_EACH = 27,           _LEN_PUMP_FOR_EACH = 6
    # kind (SUB_* mask): "you may put a [kind] creature card
    # from your hand onto the battlefield tapped and
    # attacking" (508.4); last instruction of a program
    OP_PUT_FROM_HAND_ATTACKING = 28, _LEN_PUT_FROM_HAND_ATTACKING = 2
    # kind, ref attacker: "you may put a [kind] creature card
    # from your hand onto the battlefield blocking [it]"
    # (509.7); last instruction of a program
    OP_PUT_FROM_HAND_BLOCKING = 30,  _LEN_PUT_FROM_HAND_BLOCKING = 3
    # ref player, token card row, count (111.2)
    OP_CREATE_TOKEN = 34,            _LEN_CREATE_TOKEN = 4
    # ref spell: counter it (701.5a)
    OP_COUNTER = 35,                 _LEN_COUNTER = 2
    # ref spell, amount: unless its controller pays {amount} (701.5);
    # always the last instruction (its controller may decide)
    OP_COUNTER_UNLESS = 36,          _LEN_COUNTER_UNLESS = 3
    # condition (COND_*), length, <program>: run it if the condition holds
    OP_IF = 37,                      _LEN_IF = 3
    # ref permanent: return it to its owner's hand
    OP_BOUNCE = 38,                  _LEN_BOUNCE = 2
    # ref player: tap all creatures that player controls
    OP_TAP_ALL_CREATURES = 39,       _LEN_TAP_ALL_CREATURES = 2
    # ref: exile it (406.3); remembers it as it last existed (608.2h)
    OP_EXILE = 60,                   _LEN_EXILE = 2
    # ref: gains life equal to the power of what OP_EXILE exiled
    OP_GAIN_LIFE_LKI_POWER = 61,     _LEN_GAIN_LIFE_LKI_POWER = 2
    # ref, flags: ref may search their library for a basic land
    # card, put it onto the battlefield (tapped: SEARCH_TAPPED),
    # then shuffle (701.19); a decision, so the last opcode
    OP_SEARCH_BASIC_LAND = 62,       _LEN_SEARCH_BASIC_LAND = 3
    # ref, types: ref reveals the top card of their library (701.16);
    # if it has one of the card types, they put it into their hand
    OP_REVEAL_TOP = 63,              _LEN_REVEAL_TOP = 3
    # ref player, n (701.13)
    OP_MILL = 70,                    _LEN_MILL = 3
    # ref permanent: "doesn't untap during its controller's next untap step"
    OP_FREEZE = 71,                  _LEN_FREEZE = 2
    # ref player, T_* mask: "destroy all [type]s [player] controls" (701.7)
    OP_DESTROY_ALL = 72,             _LEN_DESTROY_ALL = 3
    # ref, LY_* change, a, b, duration: a continuous effect of the
    # layer system on each object named (611.2c, 613)
    OP_LAYER_EFFECT = 100,           _LEN_LAYER_EFFECT = 6
    # ref card in a graveyard: put it into its owner's hand
    OP_RETURN_FROM_GRAVEYARD = 120,  _LEN_RETURN_FROM_GRAVEYARD = 2
    # zone changes (614) and prevention (615): replacement.py builds them
    # ref: destroy it; "it can't be regenerated" (701.19c)
    OP_DESTROY_NO_REGEN = 130,       _LEN_DESTROY_NO_REGEN = 2
    # ref player, T_* mask: destroy all, no regeneration (701.19c)
    OP_DESTROY_ALL_NO_REGEN = 131,   _LEN_DESTROY_ALL_NO_REGEN = 3
    # ref, n: "prevent the next n damage that would be dealt to
    # it this turn" (a prevention shield, 615.7)
    OP_PREVENT_NEXT = 132,           _LEN_PREVENT_NEXT = 3
    # "prevent all combat damage that would be dealt this turn" (615.1)
    OP_PREVENT_COMBAT = 133,         _LEN_PREVENT_COMBAT = 1
    # ref: "prevent all damage that would be dealt to it this turn"
    OP_PREVENT_ALL_TO = 134,         _LEN_PREVENT_ALL_TO = 2
    # ref card in a graveyard: put it onto the battlefield under
    # its owner's control (a new object, 400.7)
    OP_RETURN_TO_BATTLEFIELD = 135,  _LEN_RETURN_TO_BATTLEFIELD = 2
    # cond (COND_*), a, b, c, length, <program>: run it if the
    # condition holds as it resolves (608.2c)
    OP_IF_COND = 140,                _LEN_IF_COND = 6
    # the same, first instruction of a triggered ability: also
    # checked as the event happens (603.4)
    OP_INTERVENING_IF = 141,         _LEN_INTERVENING_IF = 6
    # cnt (CNT_*), mask, multiplier: the amount AMOUNT_IS_COUNT names
    # in the next instructions is multiplier x the count (608.2h)
    OP_COUNT = 142,                  _LEN_COUNT = 4
    # ref permanent: tap it (701.26a)
    OP_TAP = 143,                    _LEN_TAP = 2
    # ref player, n: each such player discards n cards of their
    # choice (701.8a), in APNAP order (101.4); a decision
    OP_DISCARD = 144,                _LEN_DISCARD = 3
    # n, LOOK_* kind, card types: the controller looks at the top n
    # cards of their library and places them (a decision)
    OP_LOOK = 145,                   _LEN_LOOK = 4
    # ref player, length, <program>: that player may do it (608.2d);
    # "if you do" effects are part of the program
    OP_MAY = 146,                    _LEN_MAY = 3
    # generic, life: counter the spell or ability that targeted the
    # source (the trigger's event) unless its controller pays {generic}
    # (or ``life`` life: "Ward--Pay N life") (702.21a)
    OP_WARD = 150,                   _LEN_WARD = 3
    # ref, flags: ref searches their library for a card with the
    # SEARCH_* quality, puts it where the flags say, then shuffles
    # (701.19); a decision, so the last opcode
    OP_SEARCH = 151,                 _LEN_SEARCH = 3
    # ref: gains life equal to the mana value of the first target
    # (Divine Offering; 202.3, the same in every zone)
    OP_GAIN_LIFE_TARGET_MV = 170,    _LEN_GAIN_LIFE_TARGET_MV = 2
    # ref permanent or card in a graveyard: put it on top of its
    # owner's library (401.1; a token ceases to exist, 111.8)
    OP_PUT_ON_TOP = 180,             _LEN_PUT_ON_TOP = 2
    # ref source creature, ref2: the source deals damage equal to its
    # power to each ref2 (120.1, 608.2h: its power as it resolves)
    OP_DAMAGE_BY_POWER = 181,        _LEN_DAMAGE_BY_POWER = 3
    # spec, types, subtypes, multiplier: the amount AMOUNT_IS_COUNT
    # names next is multiplier x the count (608.2h: counted now)
    OP_AMOUNT = 220,                 _LEN_AMOUNT = 5
    # ref players, spec (SACQ_* | FILTER_*): each of them, in APNAP
    # order (101.4), chooses that many permanents of theirs of the kind;
    # then all are sacrificed at once (701.21a; "Each player sacrifices
    # a creature"); a choice only where they have more than that many
    OP_SACRIFICE_CHOSEN = 230,       _LEN_SACRIFICE_CHOSEN = 3
    # ref player, life, generic, W, U, B, R, G, C: that player pays
    # the mana cost (or ``life`` life, 119.4); only inside OP_MAY /
    # OP_UNLESS, whose "do it" is offered only when it can be paid
    OP_PAY_MANA = 240,               _LEN_PAY_MANA = 10
    # ref player, length, <OP_PAY_MANA, OP_SKIP n>, <n words>: "<the
    # n words> unless <player> pays ...": the player decides (D_MAY,
    # 608.2d); paid: the OP_SKIP jumps over the effect, else it runs
    OP_UNLESS = 241,                 _LEN_UNLESS = 3
    # n: jump over the next n words (OP_UNLESS's "paid" branch)
    OP_SKIP = 242,                   _LEN_SKIP = 2
    # ref, flags (SEARCH_*), subtypes, qualities (SEARCH_Q_*), mana value:
    # ref searches their library for a card with all of them, puts
    # it where the flags say, then shuffles (701.23); the choice is
    # D_SEARCH_LIBRARY asked while resolving (608.2d), so effects
    # may follow it.  subtypes: CF_SUBTYPES bits, any of them
    OP_SEARCH_EX = 243,              _LEN_SEARCH_EX = 6
    # ref permanent: transform it (701.28a)
    OP_TRANSFORM = 250,              _LEN_TRANSFORM = 2
    # ref, CM_* bits, duration, KW_* the group must lack: EF_COMBAT
    OP_COMBAT_RESTRICT = 260,        _LEN_COMBAT_RESTRICT = 5
    # ref permanent: "remove ~ from combat" (506.4)
    OP_REMOVE_FROM_COMBAT = 261,     _LEN_REMOVE_FROM_COMBAT = 2
    # ref permanent, N: it connives N (701.50): its controller draws N cards, discards N
    # (D_DISCARD_CHOICE), and it gets a +1/+1 counter per nonland card discarded
    OP_CONNIVE = 262,                _LEN_CONNIVE = 3
    # ref player, flags, subtypes, qualities, mana value (OP_SEARCH_EX's
    # qualities, SEARCH_Q_NOT_TYPES_SHIFT too): that player reveals their
    # hand (701.20); the controller chooses a card of it with them
    # (D_CHOOSE_REVEALED, when there is one) and the player discards
    # it (701.8); effects may follow (hand_choices.pxi)
    OP_REVEAL_CHOOSE_DISCARD = 263,  _LEN_REVEAL_CHOOSE_DISCARD = 6
    # ref permanent, BLOCK_ANEW_*: remove it from combat (506.4); the creatures it was
    # blocking that had become blocked by only it this combat become unblocked; then it
    # blocks an attacking creature of the controller's choice (509.6, D_BLOCK_WHICH) or,
    # BLOCK_ANEW_MAY, may (blockers_by_effect.pxi)
    OP_REMOVE_BLOCKER_ANEW = 264,    _LEN_REMOVE_BLOCKER_ANEW = 3
    # ref spell: "Counter target spell. If that spell is countered this way, exile it instead
    # of putting it into its owner's graveyard." (701.5a, 614.1a; Force of Negation)
    OP_COUNTER_EXILE = 265,          _LEN_COUNTER_EXILE = 2
    # ref player, n: that player puts n cards from their hand on top of their library in any
    # order (401.4; all of them with fewer), one at a time (D_HAND_TO_TOP; library_order.pxi)
    OP_HAND_TO_TOP = 266,            _LEN_HAND_TO_TOP = 3
    # n: the controller looks at the top n cards of their library, then puts them back in
    # any order (401.4; D_LIBRARY_CARDS answered with A_LIB_TOP only; library_order.pxi)
    OP_LOOK_PUT_BACK = 267,          _LEN_LOOK_PUT_BACK = 2
    # ref player: that player shuffles their library (701.24)
    OP_SHUFFLE = 268,                _LEN_SHUFFLE = 2
    # ref player: the controller looks at that player's hand (Gitaxian Probe): they know each
    # of its cards from then on, while it stays there (known.pxi, known_look_at_hand)
    OP_LOOK_AT_HAND = 280,           _LEN_LOOK_AT_HAND = 2
    # ref player: every card in that player's graveyard is exiled (406.3; "exile target
    # player's graveyard")
    OP_EXILE_GRAVEYARD = 290,        _LEN_EXILE_GRAVEYARD = 2

# The same lengths as a C table for the interpreter (rules/effects.pxi, op_size), filled with
# _OP_SIZES (api/tables.pxi, _opcode_sizes).
cdef enum:
    OP_CODE_LIMIT = 512                  # every opcode is below this
cdef int8_t op_lengths[OP_CODE_LIMIT]


cpdef enum:
    ZA_FLASHBACK = 1       # CF_ZONE_ABILITIES: its spell has flashback (702.34)
    ZA_FROM_HAND = 2       # it has an activated ability that works from the hand (702.29)
    ZA_ALTERNATIVE = 4     # its spell has an alternative cost, paid casting it from the hand (118.9)


# --- alternative costs (118.9; alternative_costs.pxi) ----------------------------------------
# AF_ALT_CHOICE of a spell ability: what the alternative cost takes, ALTK_* | n << ALTK_N_SHIFT
cpdef enum:
    ALTK_NONE = 0              # mana and / or life only
    ALTK_EXILE_FROM_HAND = 1   # "exile [n] <colour> card(s) from your hand" (AF_ALT_QUALITY: colour bits)
    ALTK_RETURN = 2            # "return [n] <subtype>(s) you control to its/their owner's hand"
    ALTK_SACRIFICE = 3         # "sacrifice [n] <subtype>(s)" (AF_ALT_QUALITY: SUB_* bits)
    ALTK_N_SHIFT = 4
    ALTK_N_MAX = 3             # the most cards or permanents one alternative cost takes
# AF_ALT_COND: when the alternative cost may be paid (checked as the spell is cast, 601.2b)
cpdef enum:
    ALTC_ALWAYS = 0
    ALTC_NOT_YOUR_TURN = 1     # "If it's not your turn, ..." (Force of Negation)
    ALTC_YOUR_TURN = 2         # "If it's your turn, ..."
    ALTC_YOU_CONTROL = 3       # "If you control a <subtype>, ..." (AF_ALT_COND_SUBTYPES; Snuff Out)
# Obj.alt_cost: a spell on the stack cast paying its alternative cost has ALT_CAST and the
# count of cards / permanents taken so far (<< ALT_DONE_SHIFT); a permanent keeps ALT_CAST
# alone while it stays on the battlefield if its card has evoke ("evoked", 702.74a)
cpdef enum:
    ALT_CAST = 1
    ALT_DONE_SHIFT = 1


# Obj.cast_info of a spell on the stack: the choices made while casting it (601.2b)
cpdef enum:
    CI_MODES = 255            # bits of the chosen modes (700.2)
    CI_KICKED = 256           # the kicker cost was paid (702.33d)
    CI_FLASHBACK = 512        # cast with flashback: exiled when it leaves the stack (702.34a)
    CI_KICK_DECIDED = 1024
    CI_X_DECIDED = 2048
    CI_SAC_DONE = 4096
    CI_DISCARD_DONE = 8192
    CI_PAID = 16384           # the mana and life were paid (601.2g-h)
    CI_X_SHIFT = 15           # X = cast_info >> CI_X_SHIFT
    CI_X_MAX = 4095           # the largest X (an action carries it in 12 bits)
    CI_KICKS_SHIFT = 27                # Obj.cast_info: how many times a multikicker was paid
    CI_KICKS_MAX = 15                  # (702.33c; 0 with CI_KICKED: once), bits 27-30


cpdef enum:
    CTR_PLUS1 = 0
    CTR_MINUS1 = 1
    CTR_LOYALTY = 2
    CTR_LORE = 3               # lore counters (714.3): only the rules put them on, so no effect
                               # operand names them (EV_COUNTERS logs them; sagas.pxi)

# --- Sagas (714) ------------------------------------------------------------------------------
cpdef enum:
    CHAPTER_MAX = 10           # the largest chapter number a card may have (714.2a: I..X)
    LORE_MAX = 100             # lore counters one permanent holds at most (Obj.lore is 8 bits)

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
    EF_CONTROL = 4             # layer 2: a = the new controller, b = the one before it
    EF_REGEN_SHIELD = 5        # 701.19: the next time it would be destroyed this turn
    EF_PREVENT_SHIELD = 50     # 615.7: a = damage still to prevent, b = the object or
                               # TGT_PLAYER + seat it protects (affected: that object, or -1)
    EF_PREVENT_COMBAT = 51     # 615.1: all combat damage this turn (Fog)
    EF_PREVENT_ALL = 52        # 615.1: all damage to b this turn (b as EF_PREVENT_SHIELD)
    EF_LAYER = 40              # 613: one change of the layer system (Effect.change = LY_*,
                               # operands a, b): "becomes a 1/1 Frog", "loses all abilities"...
    EF_COMBAT = 65             # 508.1c / 509.1b restrictions from a resolved spell or ability
                               # ("can't block this turn", "can't be blocked this turn"):
                               # a = CM_* bits; affected = the object, or -1 for a group: then
                               # b = its REF_* group | KW_* it must lack << 8 (611.2c: a rule,
                               # so it also affects creatures that come later)

# --- stack item kinds ---------------------------------------------------------------------
cpdef enum:
    SK_SPELL = 1
    SK_ABILITY = 2
    SK_TRIGGER = 3
    SK_COMBAT_DAMAGE = 4       # classic edition: the combat damage of one step, put on the
                               # stack as one object (its assignments: the combat damage section)

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
    E_LOYALTY_USED = 40    # 606.3: a loyalty ability of this permanent was activated this turn
    E_ONCE_EACH_TURN = 107 # 602.5b: "activate only once each turn" and it was, this turn
    E_LOYALTY_TOO_FEW = 41 # 606.6: fewer loyalty counters than a negative cost removes
    E_LOYALTY_TIMING = 42  # 606.3: loyalty abilities have sorcery timing
    E_COST_SACRIFICE = 60      # 118.3 / 602.2b: nothing to sacrifice for the cost
    E_COST_DISCARD = 61        # 118.3: no card to discard for the cost
    E_COST_LIFE = 62           # 119.4: life total lower than the life to pay
    E_COST_COUNTERS = 63       # 118.3: too few counters to remove
    E_COST_TAP = 64            # 118.3 / 107.6: no untapped creature to tap, or {Q} on an untapped permanent
    E_NO_BACK_FACE = 97        # 712: it isn't a modal double-faced card (no back face to cast / play)
    E_SPLIT_HALF = 98          # 709.3: a split card is cast as one of its halves (A_CAST_SPLIT)
    E_NO_ALTERNATIVE = 108     # A_CAST_ALT: the card has no alternative cost, or isn't cast from the hand (118.9)
    E_ALT_CONDITION = 109      # A_CAST_ALT: the alternative cost's condition isn't met ("If it's not your turn")
    E_ALT_CANT_PAY = 110       # A_CAST_ALT: the alternative cost can't be paid (118.3, 119.4)
    E_COST_EXILE = 92            # 118.3: too few cards in the graveyard to exile for the cost
    E_TARGET_REQUIRED = 88     # A_NO_TARGET for a target the text requires ("target", not
                               # "up to one target", 601.2c)

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
    EV_COMBAT_DAMAGE = 47  # assignments, 1 in a first-strike step, 1 when classic damage
                           # on the stack resolves (510.2)
    EV_DAMAGE_ORDER = 48   # attacker, blocker, position (509.2)
    EV_BLOCKED = 49        # attacker, 1 blocked / 0 unblocked (509.1h)
    EV_ATTACKER_ORDER = 50 # blocker, attacker (509.3): the attacker is next in its order
    EV_DAMAGE_ASSIGNED = 51  # attacker, blocker, amount: a decided split (510.1c)
    EV_BLOCKER_ASSIGNED = 52 # blocker, attacker, amount: a decided split (510.1d)
    EV_TRAMPLE_ASSIGNED = 53 # attacker, what it attacks, amount: a decided split (702.19b)
    EV_MILL = 100          # player, object milled (701.13)
    EV_COMBAT_DAMAGE_ON_STACK = 55  # assignments, 1 in a first-strike step (classic edition)
    EV_MANA_BURN = 56      # player, mana emptied from their pool (classic edition)
    EV_COMBAT_DAMAGE_LOST = 57  # source, target, amount: not dealt, the target is gone (classic)
    EV_REGENERATE = 60     # object (701.19)
    EV_CONTROL = 61        # object, new controller (layer 2)
    EV_REMOVED_FROM_COMBAT = 62  # object (506.4)
    EV_ENTERS_ATTACKING = 63     # object, what it attacks, 1 if it is attacking (508.4, 506.3)
    EV_ENTERS_BLOCKING = 64      # object, attacker it blocks, 1 if it is blocking (509.7, 506.3)
    EV_TOKEN = 75          # token object, card row, controller (111.2)
    EV_COUNTERED = 76      # spell object (701.5a)
    EV_MODE = 77           # spell object, mode (700.2)
    EV_KICKED = 78         # spell object (702.33)
    EV_X = 79              # spell object, X (107.3)
    EV_PAY_UNLESS = 80     # player, 1 paid / 0 declined, amount
    EV_BOUNCE = 82         # object returned to its owner's hand
    EV_CYCLE = 83          # player, card (702.29)
    EV_PAY_LIFE = 84       # player, amount (119.4)
    EV_EXILE = 90          # object, zone kind it came from (406.3; from the stack: flashback, 702.34a)
    EV_REVEAL = 91         # player, object revealed (public: 701.16a)
    EV_SEARCH = 92         # player, card found (-1 none, -2 declined to search) (701.19)
    EV_PREVENTED = 93      # source, target, amount: damage prevented by protection (702.16e)
    EV_COMBAT_COST = 70    # player, generic mana paid, 0 attack / 1 block (508.1g-i, 509.1d-f)
    EV_BAND = 71           # attacker, attacker whose band it joined (508.1e, 702.21c)
    EV_BAND_BLOCKED = 72   # blocker, banded attacker it also blocks (702.21h)
    EV_DEFENDER_CHOSEN = 73  # active player, defending player (507.1)
    EV_RETURN_FROM_GRAVEYARD = 120  # card put into its owner's hand from a graveyard
    EV_ENTERS_TAPPED = 131 # object, +1/+1 counters it entered with, 1 if tapped: 614.1c replaced
                           # how it entered
    EV_DIES_EXILED = 132   # object: "if ~ would die, exile it instead" (614.1a)
    EV_SHIELD = 133        # source, target, amount: damage prevented by a prevention effect (615)
    EV_LIBRARY_CARD = 140      # player, card, where it went (A_LIB_* kind; hidden from others
                               # but the graveyard and hand)
    EV_MAY = 141               # player, 1 did / 0 didn't (608.2d)
    EV_TAPPED_FOR_COST = 150   # player, permanent tapped to pay a cost ("Tap an untapped creature")
    EV_WARD = 151              # the countered-or-not stack object's object, 1 paid / 0 countered (702.21a)
    EV_PUT_ON_TOP = 160          # object put on top of its owner's library, its zone kind before
    EV_TRANSFORM = 195         # object transformed, the card row of the face now up (701.28)
    EV_DAY_NIGHT = 196         # it became day or night (726.2): DN_*
    EV_NO_TARGET = 175         # stack object's object, the slot left unchosen, its stack kind
    EV_PAY_MANA = 190            # player, mana value paid, life paid (118.1, 119.4)
    EV_CREWED = 200            # vehicle, the controller: its crew ability's cost is paid
    EV_ALT_COST = 201          # spell object: cast paying its alternative cost (118.9, 601.2b)

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
    ABORT_COMBAT_DAMAGE = 11   # classic edition: more combat damage assignments in one step
                               # than the combat damage section holds (2 per object)
    ABORT_OBJECTS = 20         # no spare object slot for a new token (State.new_game token_room)
    ABORT_ZONE = 21            # a zone list is full (state.pxi zone_full: unreachable while each
                               # library, hand and graveyard holds only its owner's objects)
    ABORT_LEAVES = 50          # more permanents with triggered abilities left the battlefield
                               # in one event than the look-back list holds (LEAVE_CAP, 603.10a)
    ABORT_LAYERS = 30          # more continuous effects apply to one object than the layer
                               # system holds (LY_MAX_ITEMS, 16 "loses all abilities" statics)
    ABORT_GRANTS = 54          # more abilities granted to one object than GRANT_MAX (grants.pxi)

# --- sizes of the fixed tables inside a state -------------------------------------------------
cpdef enum:
    MAX_PLAYERS = 8
    STACK_CAP = 64
    EFFECT_CAP = 128
    TRIGGER_CAP = 64
    DELAYED_CAP = 32
    PLAN_CAP = 64
    PAIR_CAP = 64              # (attacker, blocker) pairs with their own orders and amounts (combat.pxi)
    MAX_TARGETS = 2
    LEAVE_CAP = 512            # permanents with triggered abilities that left the battlefield
                               # in one simultaneous event, remembered while it lasts (603.10a)
    MAX_ACTIONS = 1024         # the usual action buffer; a decision may have more answers
    PERFT_MAX_DEPTH = 64       # levels of scratch state one perft allocates (play/perft.pxi)
    STATE_VERSION = 9          # 2: plan entries carry flags (turn.pxi), Player.skip_phases, combat fields
                               # 3: the combat pair table (509.2 / 509.3 orders, 510.1 assignments);
                               #    the combat damage section (classic edition), Header.combat_damage_n
                               # 4: Trigger / StackItem carry the event's object or player (603.2);
                               #    Obj.cast_info, Obj.cast_from, Header.unless_amount
                               # 5: capacities per game (Header.player_zone_cap, stack_cap,
                               #    effect_cap, trigger_cap, delayed_cap, pair_cap, grow_objects)
                               # 6: Obj.known, Obj.known_place (known.pxi; rows of 72 bytes);
                               #    capacities grow during play (growth.pxi)
                               # 7: Player.spells_turn, spells_cast, spells_cast_before (faces)
                               # 8: Obj.lore (714.3), Obj.alt_cost (118.9; rows of 76 bytes)
                               # 9: Player.left_battlefield_turn (revolt)

# --- ranges of the state's numbers (the field domains in api/validate.pxi use them) -----------
# Life, counters, damage, mana and the like stay within +-AMOUNT_MAX; play that would take one
# further aborts the game (ABORT_RANGE) instead of overflowing int32.  Numbers in card tables
# stay within TABLE_AMOUNT_MAX, so that sums of them (power after every bonus) fit too.
cpdef enum:
    AMOUNT_MAX = 1000000000
    TABLE_AMOUNT_MAX = 100000
    TURN_MAX = 10000000        # a game reaching this turn is aborted (serials stay < AMOUNT_MAX)
    MAX_MULLIGANS = 8          # 103.5: down to a hand of none; 103.5c: one more (free) in multiplayer
    HAND_SIZE = 7              # 103.4: the opening hand, so at most 7 cards go to the bottom

# --- costs of activated and mana abilities (602.2b, 605.1a, 118), ward (702.21), library
# searches (701.19) ---------------------------------------------------------
cpdef enum:
    WARD_LIFE = 64             # D_WARD_PAY dctx0 = stack index + this: the cost is life (STACK_CAP)
    PAYC_TAP = 0               # "Tap an untapped creature you control" (chosen before the mana)
    PAYC_SAC = 1               # "Sacrifice a creature / an artifact / another creature ..."
    PAYC_DISCARD = 2           # "Discard a card"
    PAYC_EXILE = 3             # "Exile a creature card from your graveyard" (118.3, 602.2b)
    PAYC_END = 4               # (the rest is paid without choices)
    PAYC_DONE_SHIFT = 4          # D_ACTIVATION_COST dctx0 = PAYC_* | (objects already chosen) << 4
    SACQ_TYPES = 511           # AF_SAC_COST / AF_TAP_COST: card types (T_*) the permanent may have
    SACQ_ANOTHER = 4096        # ... and it is not the ability's source ("another")
    OC_UNTAP = 1               # AF_OTHER_COST: {Q}, untap this permanent (107.6)
    OC_EXILE_SELF = 2          # AF_OTHER_COST: "Exile ~" (406.2: it is exiled as the cost is paid)
    OC_ALL_BITS = 3
    FROM_HAND = 1              # AF_FROM_HAND: an ability of a card in its owner's hand (602.2)
    FROM_HAND_CYCLING = 2      # ... a cycling ability (702.29a, e, f): activating it is cycling
    ADISC_N_MASK = 15          # AF_ACTIVATION_DISCOUNT: {N} less (generic, 601.2f) for each ...
    ADISC_TYPE_SHIFT = 4       # ... permanent you control with one of these types (T_* << 4) ...
    ADISC_LEGENDARY = 8192     # ... that is legendary (205.4d)
    ADISC_ALL_BITS = 16383
    SEARCH_TO_HAND = 2         # the card found goes to its owner's hand (else the battlefield)
    SEARCH_MANDATORY = 4       # "search" not "you may search": no A_DONT_SEARCH
    SEARCH_REVEAL = 8          # "reveal it" (701.16a: logged as EV_REVEAL)
    SEARCH_BASIC = 16          # the card is basic (205.4a)
    SEARCH_TYPE_SHIFT = 5      # the card has one of these types (T_* << SEARCH_TYPE_SHIFT; 0: any)
    SEARCH_ALL_BITS = 16383    # SEARCH_TAPPED .. the type bits
    SEARCH_TAPPED = 1      # OP_SEARCH_BASIC_LAND: the card enters tapped

# --- policies: who decides for a seat in a batch of games (play/policies.pxi) -----------
cpdef enum:
    POL_RANDOM = 0             # uniform over the legal answers (play_random_games' policy)
    POL_HEURISTIC = 1          # the compiled heuristic player (policies.pxi)
    POL_ISMCTS = 2             # information-set Monte Carlo tree search (ismcts.pxi), with its SearchParams

# --- how a game of play_games ended ("end" column) ------------------------------------------
cpdef enum:
    END_NONE = 0               # not over
    END_LIFE = 1               # the last loss: 0 or less life (704.5a)
    END_EMPTY_LIBRARY = 2      # the last loss: drew from an empty library (704.5b)
    END_POISON = 3             # the last loss: ten or more poison counters (704.5c)
    END_CONCESSION = 4         # the last loss: a concession (104.3a)
    END_DRAW = 5               # a draw (104.4a: every remaining player lost at once)
    END_TURN_LIMIT = 6         # the caller's turn limit (R_UNFINISHED)
    END_ABORTED = 7            # a fixed-size table overflowed, or the decision guard (R_ABORTED)
    END_NO_ACTION = 8          # a decision with no legal answer (R_UNFINISHED; an engine bug)
# --- faces: double-faced cards (712) and transforming (701.28) -------------------------------
cpdef enum:
    FACE_FRONT = 1             # CF_FACE: the front face of a double-faced card (712.1)
    FACE_BACK = 2              # the back face: up only on the battlefield or the stack (712.8a)
    FACE_TRANSFORM = 4         # a transforming double-faced card (712.1, 701.28)
    FACE_MODAL = 8             # a modal double-faced card (712.1): either face may be cast or
                               # played, and it can't transform (701.28c)
    FACE_BACK_FAST = 16        # the front face of a modal DFC whose back face is an instant or
                               # has flash (the hand scans outside sorcery timing look at it)
    FACE_DAYBOUND = 32         # a front face with daybound (702.145a-c)
    FACE_NIGHTBOUND = 64       # a back face with nightbound (702.145d-g)
    FACE_SPLIT = 128           # a split card (709): FACE_FRONT on the whole card (both halves'
                               # characteristics, 709.4), CF_OTHER_FACE its left half, the right
                               # half the row after; FACE_BACK on each half (up only on the
                               # stack, 709.3b), CF_OTHER_FACE the whole card
cpdef enum:
    DN_NEITHER = 0             # Header.day_night (726.2): it is neither day nor night (the start)
    DN_DAY = 1
    DN_NIGHT = 2
# --- object filters of costs and searches: subtypes in filters (205.3), costs with a count, cards to
# discard or exile as a cost (118.3, 602.2b) ----------------------------------------------------
cpdef enum:
    FILTER_SUBTYPE_SHIFT = 16    # SACQ_* specs (AF_SAC_COST, AF_TAP_COST, AF_DISCARD_COST,
                                 # AF_EXILE_COST): bits 16-20 = 1 + the index of a CF_SUBTYPES bit
                                 # the object must have ("Sacrifice a Goblin"; 0: no subtype)
    FILTER_SUBTYPE_BITS = 31
    FILTER_COUNT_SHIFT = 21      # bits 21-24: how many, minus one ("Sacrifice two Goblins")
    FILTER_COUNT_BITS = 15
    FILTER_NONTOKEN = 33554432   # bit 25: a nontoken permanent (111.1)
    FILTER_TOKEN = 67108864      # bit 26: a token
    FILTER_CARD = 134217728      # bit 27: a card spec (discard, exile): present even with no type
    FILTER_ALL_BITS = 268374527  # SACQ_TYPES | SACQ_ANOTHER | bits 16-27
    FILTER_SUBTYPE2_SHIFT = 21   # OP_SEARCH flags: bits 16-20 and 21-25 = two subtypes, either
                                 # will do ("a Mountain or Plains card", 701.19; 0: none)
    FILTER_SEARCH_BITS = 67059711  # SEARCH_ALL_BITS | the two subtype fields
# --- counted amounts: one count expression for effects and the layer
# system (rules/amounts.pxi).  A count is three ints: spec (AMT_ kind | AMT_ flags | colours <<
# AMT_COLOR_SHIFT | (KW bit index + 1) << AMT_KW_SHIFT), card types (any of, 0: any) and
# subtypes (any of, 0: any).  Permanents are read with their characteristics up to layer 6
# (types, colours, keywords), never their power, so a count in layer 7 can't loop (613.8).
cpdef enum:
    # what is counted (spec & AMT_KIND_MASK)
    AMT_YOURS = 1              # permanents you control
    AMT_OPPONENTS = 2          # permanents your opponents control
    AMT_BATTLEFIELD = 3        # permanents (anyone's)
    AMT_GRAVEYARD = 4          # cards in your graveyard
    AMT_ALL_GRAVEYARDS = 5     # cards in all graveyards
    AMT_HAND = 6               # cards in your hand
    AMT_LIBRARY = 7            # cards in your library
    AMT_LIFE = 8               # your life total
    AMT_POWER = 9              # the source's power (as it is now, 608.2h)
    AMT_TOUGHNESS = 10         # the source's toughness
    AMT_COUNTERS = 11          # counters on the source; types = the CTR_* kind
    AMT_ATTACHED = 12          # permanents attached to the source (Auras, Equipment, 301.5)
    AMT_TARGET_POWER = 13      # the power of the first target (a creature) as it resolves
    AMT_OPPONENT_PLAYERS = 14  # opponents still in the game
    AMT_KIND_LAST = 14
    AMT_KIND_MASK = 31
    AMT_COLOR_SHIFT = 5        # spec bits 5..9: colours (any of; C_* index bits)
    AMT_OTHER = 1 << 10        # "other": not the source
    AMT_ATTACKING = 1 << 11    # attacking creatures (506.4)
    AMT_BLOCKING = 1 << 12
    AMT_TAPPED = 1 << 13
    AMT_UNTAPPED = 1 << 14
    AMT_PLUS1 = 1 << 15        # "with a +1/+1 counter on it"
    AMT_LEGENDARY = 1 << 16    # supertypes (205.4)
    AMT_BASIC = 1 << 17
    AMT_NONBASIC = 1 << 18
    AMT_SNOW = 1 << 19
    AMT_NAMED = 1 << 20        # with the source's name ("named ~")
    AMT_NONE = 1 << 21         # of subtypes no card of the database has: counts nothing
    AMT_PRINTED = 1 << 22      # the subtypes are CF_COUNT_SUBTYPES bits (printed subtypes: no
                               # layer script of the database changes those, 613.1d)
    AMT_FLAGS = 8191 << 10     # every flag above
    AMT_KW_SHIFT = 24          # spec bits 24..28: a keyword it has (KW_* bit index + 1; 0: none)
cpdef enum:
    SEARCH_Q_ALL_TYPES = 1             # every card type of the flags ("an artifact creature card")
    SEARCH_Q_LEGENDARY = 2             # 205.4d
    SEARCH_Q_NONLEGENDARY = 4
    SEARCH_Q_SNOW = 8                  # 205.4g
    SEARCH_Q_SAME_NAME = 16            # "a card named ~": the resolving object's name (201.5)
    SEARCH_Q_TO_GRAVEYARD = 32         # the card found goes into its owner's graveyard
    SEARCH_Q_MV_AT_MOST = 64           # mana value (202.3) <= the mana value operand
    SEARCH_Q_MV_AT_LEAST = 128         # ... >= it; with a mana value operand and neither: equal
    SEARCH_Q_MV = 256                  # the mana value operand is a quality
    SEARCH_Q_COLOR_SHIFT = 9           # 5 bits: one of these colours (1 << C_*, 105.2)
    SEARCH_Q_NOT_TYPES_SHIFT = 14      # 9 bits: none of these card types (T_*: "nonland")
    SEARCH_Q_TO_TOP = 8388608          # "then shuffle and put that card on top" (701.23):
                                       # the card found stays in the library, on top after it
    SEARCH_Q_ALL_BITS = 16777215
# A second combat word (card field CF_COMBAT2; CF_COMBAT is full): more restrictions of
# 509.1b the declaration search reads (combat/keywords.pxi, combat2_forbids)
cpdef enum:
    CM2_HORSEMANSHIP = 1 << 0          # 702.31b: can't be blocked except by creatures with horsemanship
    CM2_NOT_BY_POWER_2_OR_LESS = 1 << 1  # "~ can't be blocked by creatures with power 2 or less"
    CM2_FLANKING = 1 << 2              # 702.25: it has flanking (a blocker without it triggers
                                       # the flanking abilities: TRIG_BLOCKED_BY_NONFLANKING)
    CM2_MAX_ONE_BLOCKER = 1 << 3       # "~ can't be blocked by more than one creature" (509.1b)
    CM2_TOXIC_SHIFT = 8                # 702.164: bits 8-15 hold the total N of its toxic abilities
    CM2_ALL_BITS = ((1 << 4) - 1) | (255 << 8)

