"""Word lists of the Oracle grammar: subtypes, keyword abilities (702), ability words (207.2c).

>>> KEYWORD_PARAMS["ward"], KEYWORD_PARAMS["flying"]
('cost', None)
"""
from __future__ import annotations

# Subtypes (205.3) as they appear in type lines and text ("Goblin", "Aura", "Forest", ...).
SUBTYPES = frozenset("""
Abian Adventure Advisor Aetherborn Ajani Alien Ally Aminatou Angel Angrath Antelope Ape
Arcane Archer Archon Arlinn Armadillo Artificer Ashiok Assassin Assembly-Worker Astartes
Atog Aura Aurochs Avatar Azra Background Badger Bahamut Barbarian Bard Basilisk
Basri Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Boar Bobblehead Bolas
Brainiac Bringer Brushwagg C'tan Calix Camel Capybara Carrier Cartouche Case Cat Cave
Centaur Cephalid Chameleon Chandra Chicken Child Chimera Chorus Citizen Clamfolk Class
Cleric Cloud Clown Clue Cockatrice Construct Coward Coyote Crab Crocodile Curse Custodes
Cyberman Cyborg Cyclops Dack Dakkon Dalek Daretti Dauthi Davriel Demigod Demon Desert
Designer Detective Devil Dihada Dinosaur Dinosoaur Djinn Doctor Dog Domri Dovin Dragon
Drake Dreadnought Drix Drone Druid Dryad Duck Dwarf Efreet Egg Elder Eldrazi Elemental
Elephant Elf Elk Ellywick Elminster Elspeth Equipment Estrid Eye Faerie Ferret Fire Fish
Flagbearer Food Forest Fortification Fox Fractal Freyalise Frog Fungus Gamer Gargoyle
Garruk Gate Giant Gideon Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon
Grandchild Gremlin Griffin Grist Guff Hag Halfling Hamster Harpy Hellion Hero Hippo
Hippogriff Homarid Homunculus Horror Horse Huatli Human Hydra Hyena Illusion Imp
Incarnation Infinity Inquisitor Insect Island Jace Jackal Jared Jaya Jellyfish Jeska
Juggernaut Kaito Kangaroo Karn Kasmina Kavu Kaya Key Kiora Kirin Kithkin Knight Kobold
Kor Koth Kraken Lair Lamia Lammasu Leech Lemur Lesson Leviathan Lhurgoyf Licid Liliana
Lizard Lobster Locus Lolth Lukka Mammoth Manticore Masticore Mercenary Merfolk Metathran
Mime Mine Minion Minotaur Minsc Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk
Mordenkainen Mount Mountain Mouse Mutant Myr Mystic Naga Nahiri Narset Nautilus Necron
Nephilim Nightmare Nightstalker Niko Ninja Nissa Nixilis Noble Noggle Nomad Nymph
Octopus Ogre Oko Ooze Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Performer
Pest Phelddagrif Phoenix Phyrexian Pilot Pirate Plains Planet Plant Platypus Porcupine
Possum Power-Plant Powerstone Praetor Primarch Processor Quintorius Rabbit Raccoon Ral
Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Room Rowan Rune Sable Saga Saheeli
Salamander Samurai Samut Sand Sarkhan Satyr Scarecrow Scientist Scorpion Scout Seal
Serpent Serra Shade Shaman Shapeshifter Shark Sheep Shrine Siege Siren Sivitri Skeleton
Skunk Slith Sliver Sloth Slug Snail Snake Soldier Soltari Sorcerer Sorin Spacecraft
Spawn Specter Spellshaper Sphere Sphinx Spider Spike Spirit Sponge Spy Squid Squirrel
Starfish Stone Surrakar Survivor Swamp Symbiote Synth Szat Tamiyo Tasha Teferi Teyo
Tezzeret Thalakos Thopter Thrull Tibalt Tiefling Tower Town Toy Trap Treasure Treefolk
Trilobite Troll Turtle Tyranid Tyvar Ugin Unicorn Urza Urza's Utrom Vampire Varmint
Vedalken Vehicle Venser Viashino Villain Vivien Volver Vraska Vronos Wall Walrus Warlock
Warrior Weasel Weird Werewolf Whale Windgrace Wizard Wolf Wolverine Wombat Worm Wraith
Wrenn Wurm Xenagos Yanggu Yanling Yeti Zariel Zombie Zubera
""".split())

# Creature types that appear only on tokens (111.4) or in text, not in type lines.
SUBTYPES = SUBTYPES | frozenset("""Saproling Army Servo Scion Germ Inkling Balloon Graveborn
Gorilla Tentacle Caribou Sketch Prism Camarid Deserter Employee Pentavite Orb Serf Splinter
Pincher Tetravite Triskelavite""".split())
# Artifact types of the predefined tokens (111.10) not in the type lines above.
SUBTYPES = SUBTYPES | frozenset({"Blood"})

# Plurals of subtypes that don't just add -s / -es ("Elves you control").
IRREGULAR_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf",
                     "Werewolves": "Werewolf", "Mice": "Mouse", "Oxen": "Ox", "Fish": "Fish",
                     "Sheep": "Sheep", "Cyclopes": "Cyclops", "Fungi": "Fungus",
                     "Djinn": "Djinn", "Homunculi": "Homunculus", "Elk": "Elk",
                     "Allies": "Ally", "Harpies": "Harpy", "Faeries": "Faerie",
                     "Merfolk": "Merfolk", "Moonfolk": "Moonfolk", "Treefolk": "Treefolk",
                     "Kithkin": "Kithkin", "Kor": "Kor", "Vedalken": "Vedalken",
                     "Aetherborn": "Aetherborn", "Samurai": "Samurai", "Ninja": "Ninja",
                     "Viashino": "Viashino", "Slith": "Slith", "Dauthi": "Dauthi",
                     "Soltari": "Soltari", "Thalakos": "Thalakos", "Eldrazi": "Eldrazi",
                     "Zubera": "Zubera", "Plains": "Plains", "Octopuses": "Octopus",
                     "Walruses": "Walrus", "Platypuses": "Platypus"}

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                "nineteen": 19, "twenty": 20}

_PLAIN = """
deathtouch; defender; double strike; first strike; flash; flying; haste; hexproof;
indestructible; lifelink; menace; reach; shroud; trample; vigilance; infect; wither; phasing;
fear; intimidate; shadow; horsemanship; prowess; banding; flanking; exalted; persist; undying;
changeling; devoid; skulk; split second; storm; cascade; convoke; delve; rebound; fuse;
aftermath; improvise; ascend; exploit; evolve; extort; cipher; soulbond; living weapon;
totem armor; umbra armor; battle cry; sunburst; epic; haunt; gravestorm; conspire; retrace;
provoke; unleash; melee; myriad; partner; mentor; riot; decayed; daybound; nightbound;
training; compleated; enlist; ravenous; read ahead; bargain; for mirrodin!;
start your engines!; station; assist; undaunted; jump-start; spectacle; dethrone; hideaway;
living metal; doctor's companion; choose a background; friends forever; demonstrate; outlast;
fading; vanishing; amplify; offspring; gift; spree; cloak; disguise; freerunning; plot;
escape; sneak; warp; job select; hidden agenda; double agenda; mobilize; harmonize;
tiered; backup; squad; casualty; blitz; reconfigure; cleave; disturb;
foretell; boast; mutate; companion; overload; bestow; miracle; dash; prototype; craft;
impending; emerge; surge; awaken; entwine; buyback; echo; kicker; multikicker; madness;
morph; megamorph; ninjutsu; evoke; unearth; embalm; eternalize; flashback; cycling; ward;
equip; level up; transmute; scavenge; encore; suspend; affinity; protection; enchant;
bushido; rampage; afflict; annihilator; absorb; crew; fabricate; modular; graft; devour;
dredge; bloodthirst; renown; tribute; toxic; afterlife; frenzy; poisonous; soulshift; ripple;
saddle; recover; replicate; forecast; splice; champion; offering; partner with;
cumulative upkeep; typecycling; landcycling; landwalk; hexproof from; more than meets the eye;
web-slinging; specialize; transfigure; reinforce; visit
"""

KEYWORD_NAMES = tuple(dict.fromkeys(k.strip() for k in _PLAIN.replace("\n", " ").split(";")
                                    if k.strip()))

# Parameter shape of each keyword that takes one (all others take none).
_COST = """ward equip cycling flashback kicker multikicker buyback echo madness morph megamorph
ninjutsu evoke dash unearth embalm eternalize escape foretell disturb blitz prototype bestow
overload spectacle surge emerge miracle mutate plot outlast scavenge level_up transmute
entwine reconfigure encore cumulative_upkeep typecycling landcycling disguise boast
more_than_meets_the_eye web-slinging specialize transfigure reinforce freerunning
recover replicate forecast craft impending squad cleave tiered warp sneak harmonize""".split()
_N = """bushido rampage fading vanishing afflict annihilator absorb crew fabricate modular graft
devour dredge bloodthirst renown tribute toxic backup afterlife frenzy poisonous soulshift
ripple casualty hideaway amplify mobilize saddle""".split()
KEYWORD_PARAMS: dict[str, str | None] = {k: None for k in KEYWORD_NAMES}
KEYWORD_PARAMS.update({k.replace("_", " "): "cost" for k in _COST})
KEYWORD_PARAMS.update({k: "n" for k in _N})
KEYWORD_PARAMS.update({"suspend": "n_cost", "awaken": "n_cost", "reinforce": "n_cost",
                       "protection": "quality", "hexproof from": "quality",
                       "enchant": "quality", "affinity": "quality", "landwalk": "quality",
                       "partner with": "quality", "splice": "quality", "champion": "quality",
                       "offering": "quality", "companion": "quality"})

# Ability words (207.2c): they have no rules meaning and only label the ability after them.
ABILITY_WORDS = frozenset("""adamant; addendum; alliance; battalion; bloodrush; celebration;
channel; chroma; cohort; constellation; converge; corrupted; council's dilemma; coven;
delirium; descend 4; descend 8; domain; eerie; eminence; enrage; fateful hour;
fathomless descent; ferocious; flurry; formidable; grandeur; hellbent; heroic; imprint;
inspired; join forces; kinship; landfall; lieutenant; magecraft; metalcraft; morbid;
pack tactics; paradox; parley; radiance; raid; rally; renew; revolt; secret council;
spell mastery; strive; survival; sweep; tempting offer; threshold;
undergrowth; valiant; void; will of the council""".replace("\n", " ").replace("; ", ";")
                          .split(";"))
# Flavor words (207.2d): like ability words, no rules meaning; only those of cards the
# library holds are listed (each one read is checked against its card's text).
FLAVOR_WORDS = frozenset({"bear witness"})                  # Thijarian Witness
