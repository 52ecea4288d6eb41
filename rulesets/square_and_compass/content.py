"""Square and Compass's designed content, as data: styles, resources and
materials, the 12 actions, the 10 architects, the 42 building contracts, the
resource deck, the 50 technician/hazard/project cards and the scoring charts.
Each choice is explained in RULES.md."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

EMPTY = -1
"""An empty market stall, or no architect yet."""

# ------------------------------------------------------------------- styles
STYLES = ("modern", "brutalist", "gothic", "classical", "victorian", "mixed")
"""Architectural styles, index 0..5; mixed (5) is nobody's own style."""
MODERN, BRUTALIST, GOTHIC, CLASSICAL, VICTORIAN, MIXED = range(6)
STYLE_LETTERS = "MBGCVX"

STYLE_BONUS = (0, 0, 3, 5, 7, 10, 13, 16)
"""End bonus by the number of completed contracts of one style (index = count;
mixed contracts form no set). Stated: 2 -> 3, 4 -> 7."""

# ------------------------------------------------------ resources, materials
KINDS = ("t", "s", "i", "c", "g")
"""Kind letters: timber/wood, stone/block, iron/steel, clay/brick, sand/glass."""
RESOURCE_NAMES = ("timber", "stone", "iron", "clay", "sand")
MATERIAL_NAMES = ("wood", "block", "steel", "brick", "glass")
BLUEPRINT = 10
"""Card code of a blueprint; 0..4 are normal resources, 5..9 sustainable."""
SUST = 5
"""Add to a kind for its sustainable card or material code."""


def style_bonus(built: Sequence[int]) -> int:
    """The style chart over completed contracts (mixed forms no set)."""
    return _style_bonus(tuple(built))


@lru_cache(maxsize=65536)  # the search's leaves ask for the same few sets of contracts again and again
def _style_bonus(built: tuple[int, ...]) -> int:
    counts = [0] * 5
    for c in built:
        st = CONTRACTS[c].style
        if st != MIXED:
            counts[st] += 1
    return sum(STYLE_BONUS[min(n, len(STYLE_BONUS) - 1)] for n in counts)


def card_code(code: int) -> str:
    """Notation of a resource card or material: 't', 'et' (sustainable), 'bp'."""
    if code == BLUEPRINT:
        return "bp"
    return ("e" if code >= SUST else "") + KINDS[code % SUST]


def card_name(code: int) -> str:
    """'sustainable timber', 'blueprint'."""
    if code == BLUEPRINT:
        return "blueprint"
    return ("sustainable " if code >= SUST else "") + RESOURCE_NAMES[code % SUST]


def material_name(code: int) -> str:
    """'sustainable wood'."""
    return ("sustainable " if code >= SUST else "") + MATERIAL_NAMES[code % SUST]


RESOURCE_DECK = {
    0: 6, 1: 14, 2: 8, 3: 6, 4: 10,  # normal timber stone iron clay sand
    5: 2, 6: 4, 7: 2, 8: 2, 9: 3,    # sustainable
    BLUEPRINT: 10,
}
"""Cards of each code in the resource deck (67): the stars' rarity follows
what the contracts ask for (block 72, glass 38, steel 26, wood 19, brick 19
units over all 42 contracts), so stone is the commonest."""
STARS = {0: 3, 1: 1, 2: 3, 3: 3, 4: 2, 5: 5, 6: 4, 7: 5, 8: 5, 9: 4, BLUEPRINT: 2}
"""Rarity stars of each card (1 common .. 5 rare), shown in the rules."""
NORMAL_SUPPLY = 25
SUSTAINABLE_SUPPLY = 15
"""Material tokens of each kind (stated); a real limit."""
GEMS = 42
"""Sustainable gems in the bank (stated); a real limit."""

# ------------------------------------------------------------------ actions
class Action(NamedTuple):
    """One space of the action board."""

    code: str
    """Two letters, the notation."""
    name: str
    text: str
    """What it does, in one line."""
    parts: tuple[str, ...]
    """The steps it runs (see state.PARTS); '?' marks an optional step."""


ACTIONS = (
    Action("hv", "Harvester", "take 2 normal resources, or 1 sustainable, or 1 blueprint", ("harvest",)),
    Action("df", "Draftsman", "take 1 building contract", ("con",)),
    Action("hp", "Hand Plow", "take 1 resource of any kind (or a blueprint)", ("res",)),
    Action("rf", "Refinery", "process 2 resources, or 2 alike into 1 material of any kind", ("refine2",)),
    Action("ct", "Contractor", "play 1 technician/hazard/project card", ("play",)),
    Action("hr", "Human Resources", "take 1 technician/hazard/project card", ("tech",)),
    Action("bd", "Building Department", "complete 1 building contract from your hand", ("build",)),
    Action("sp", "Specialist", "take 1 T/H/P card and/or play 1", ("tech?", "play?")),
    Action("fm", "Freemasonry", "process 1 resource, then take 1 resource", ("proc", "res")),
    Action("pm", "Project Manager", "take 1 contract and/or complete 1", ("con?", "build?")),
    Action("sm", "Saw Mill", "process 1 resource, or 2 alike into 1 material of any kind", ("refine1",)),
    Action("ga", "Gatherer", "take 1 normal resource", ("res_n",)),
)
HARVESTER, DRAFTSMAN, HAND_PLOW, REFINERY, CONTRACTOR, HUMAN_RESOURCES, BUILDING_DEPT, \
    SPECIALIST, FREEMASONRY, PROJECT_MANAGER, SAW_MILL, GATHERER = range(12)
LATE_ACTIONS = (SPECIALIST, FREEMASONRY, PROJECT_MANAGER)
"""Covered by the multi-action tiles; opened one by one (stated)."""
LATE_OPEN_AT = (2, 4, 6)
"""Anyone's 2nd, 4th and 6th contract opens the next late action (stated)."""
START_TILES = 3
TILE_UNLOCK_AT = (1, 3, 5)
"""Your 1st, 3rd and 5th contract give you another tile (stated)."""
CONTRACT_LIMIT = 2
TECH_LIMIT = 3
END_AT = 7
"""A 7th completed contract ends the game after the round (stated)."""
STALL_ROUNDS = 12
"""Designed: the game also ends after a round when no contract has been
completed for this many rounds (a safeguard against a frozen game)."""
MARKET_RESOURCES = 5
MARKET_CONTRACTS = 4
MARKET_TECHS = 2
START_RESOURCES = 2
START_TECHS = 1

# ------------------------------------------------------------- T/H/P cards
class Card(NamedTuple):
    """One type of technician, hazard or project card."""

    code: str
    """Two letters: the notation (played as 'u' + code)."""
    name: str
    kind: str
    """technician, hazard or project."""
    count: int  # type: ignore[assignment]  # a field named as tuple.count, which it hides
    """Copies in the deck."""
    text: str
    parts: tuple[str, ...] = ()
    """Steps its effect runs (see state.PARTS)."""
    vp: int = 0
    """Projects: VP scored when played."""


CARDS = (
    Card("sv", "Surveyor", "technician", 5, "take 1 building contract, then process 1 resource", ("con", "proc?")),
    Card("sc", "Scout", "technician", 5, "take 2 resources of any kind", ("res", "res?")),
    Card("mi", "Miller", "technician", 5, "process up to 3 resources", ("proc", "proc?", "proc?")),
    Card("en", "Energy Consultant", "technician", 5, "turn 1 normal material into 1 sustainable material of any kind", ("solar",)),
    Card("fo", "Foreman", "technician", 5, "duplicate 1 of your normal materials", ("dup",)),
    Card("po", "Poacher", "hazard", 4, "steal 1 building contract at random from your left or right neighbour", ("steal_con",)),
    Card("co", "Copyist", "hazard", 4, "steal 1 blueprint from your left or right neighbour", ("steal_bp",)),
    Card("ar", "Arsonist", "hazard", 4, "burn 1 card at random from any player's resources or T/H/P cards", ("burn",)),
    Card("lo", "Looter", "hazard", 4, "steal 1 material of your choice from your left or right neighbour", ("steal_mat",)),
    Card("pv", "Solar Panels", "project", 5, "score 1 VP", vp=1),
    Card("wt", "Wind Turbine", "project", 3, "score 2 VP", vp=2),
    Card("sf", "Solar Farm (large)", "project", 1, "score 3 VP", vp=3),
)
"""The 12 card types of the 50-card deck: 25 technicians, 16 hazards, 9 projects."""
CARD_BY_CODE = {c.code: i for i, c in enumerate(CARDS)}
NUM_THP = sum(c.count for c in CARDS)

# --------------------------------------------------------------- contracts
class Contract(NamedTuple):
    """A building contract."""

    name: str
    style: int
    vp: int
    cost: tuple[int, ...]
    """Materials needed, per kind (t s i c g)."""
    blueprints: int
    """Blueprints needed unless it is of the builder's own style."""


def _cost(text: str) -> tuple[int, ...]:
    out = [0] * 5
    for part in text.split():
        out[KINDS.index(part[0])] = int(part[1:])
    return tuple(out)


def _bp(vp: int) -> int:
    return 1 if vp <= 4 else 2


_CONTRACT_TABLE = (
    # modern
    ("Bauhaus", MODERN, 4, "g2 i1 c1"),
    ("Cathedral of Brasilia", MODERN, 4, "s2 g1 i1"),
    ("Dancing House", MODERN, 3, "g1 i1 s1"),
    ("Falling Water", MODERN, 6, "s3 t2 g1"),
    ("Glass House", MODERN, 3, "g2 i1"),
    ("Heydar Aliyev Center", MODERN, 5, "g2 i2 s1"),
    ("Louvre Pyramid", MODERN, 4, "g3 i1"),
    # brutalist
    ("Boston City Hall", BRUTALIST, 4, "s3 c1"),
    ("Geisel Library", BRUTALIST, 4, "s2 g1 i1"),
    ("Habitat 67", BRUTALIST, 5, "s3 i1 g1"),
    ("Salk Institute", BRUTALIST, 6, "s3 t1 g1 i1"),
    ("Spomenik Memorials", BRUTALIST, 3, "s2 i1"),
    ("Torre Velasca", BRUTALIST, 4, "s2 c1 i1"),
    ("Unite d'Habitation", BRUTALIST, 3, "s2 t1"),
    # gothic
    ("Carlisle Cathedral", GOTHIC, 3, "s2 g1"),
    ("Cologne Cathedral", GOTHIC, 6, "s4 g1 i1"),
    ("Milan Cathedral", GOTHIC, 5, "s3 g1 t1"),
    ("Notre Dame", GOTHIC, 4, "s2 g1 t1"),
    ("Roskilde Cathedral", GOTHIC, 4, "c3 g1"),
    ("Woolworth Building", GOTHIC, 4, "i2 s1 g1"),
    ("Zvolen Castle", GOTHIC, 3, "s2 t1"),
    # classical
    ("Altes Museum", CLASSICAL, 5, "s3 t1 c1"),
    ("Beaumont House", CLASSICAL, 3, "c2 t1"),
    ("Colosseum", CLASSICAL, 6, "s4 c2"),
    ("Lorsch Abbey", CLASSICAL, 3, "s1 c1 t1"),
    ("Pantheon", CLASSICAL, 4, "s3 c1"),
    ("Parthenon", CLASSICAL, 4, "s4"),
    ("Villa Rotunda", CLASSICAL, 4, "s2 c1 t1"),
    # victorian
    ("Carson Mansion", VICTORIAN, 4, "t3 g1"),
    ("Cliveden House", VICTORIAN, 4, "c2 s1 t1"),
    ("The Crystal Palace", VICTORIAN, 6, "g3 i3"),
    ("McElroy Octagon House", VICTORIAN, 3, "t2 g1"),
    ("Painted Ladies", VICTORIAN, 3, "t2 c1"),
    ("Palace of Westminster", VICTORIAN, 5, "s3 g1 i1"),
    ("Palm House", VICTORIAN, 4, "g2 i2"),
    # mixed (designed)
    ("Notre-Dame du Haut", MIXED, 4, "s2 g1 c1"),
    ("Supreme Court Building", MIXED, 5, "s3 i1 g1"),
    ("Sagrada Familia", MIXED, 6, "s3 g2 i1"),
    ("Sydney Opera House", MIXED, 4, "g2 s1 i1"),
    ("Chrysler Building", MIXED, 4, "i2 g1 s1"),
    ("Taj Mahal", MIXED, 3, "s2 g1"),
    ("Hagia Sophia", MIXED, 3, "s1 c1 g1"),
)
CONTRACTS = tuple(Contract(n, st, vp, _cost(c), _bp(vp)) for n, st, vp, c in _CONTRACT_TABLE)
"""The 42 contracts; a contract's id is its index (shown as id + 1)."""
CONTRACT_BY_NAME = {c.name: i for i, c in enumerate(CONTRACTS)}

# --------------------------------------------------------------- architects
PASSIVES = {
    "contracts+1": "may hold 3 building contracts",
    "techs+1": "may hold 4 technician/hazard/project cards",
    "style+1": "+1 VP for each contract of your own style you complete",
    "gems+1": "+1 gem for each contract you complete with sustainable materials",
    "projects+1": "+1 VP for each project you play",
    "sturdy": "hazards cannot target you",
    "blueprint-1": "contracts that need 2 blueprints need only 1 from you",
    "mixed": "Mixed contracts need no blueprint from you",
}
"""The passive perks an architect may have, in words."""

PERKS = {
    "process": ("Parametric Design", "process 1 resource", ("proc",)),
    "gather": ("Gothic Revival", "take 1 normal resource", ("res_n",)),
    "contract": ("Served and Servant Spaces", "take 1 building contract", ("con",)),
    "convert": ("The Modulor", "turn 2 alike resources into 1 material of any kind", ("convert",)),
    "hire": ("Cathedral Lodge", "take 1 technician/hazard/project card", ("tech",)),
    "play": ("Skyscraper Office", "play 1 technician/hazard/project card", ("play",)),
    "plow": ("The Four Books", "take 1 resource of any kind (or a blueprint)", ("res",)),
    "solar": ("Bauakademie", "turn 1 normal material into a sustainable one of any kind", ("solar",)),
    "harvest": ("Prairie School", "take up to 2 normal resources", ("res_n", "res_n?")),
    "glass": ("Glasshouse", "take 1 normal glass from the supply", ("glass",)),
}
"""Active perks: key -> (name, effect, steps). Used once a round as a turn,
without a tile."""


class Architect(NamedTuple):
    """One of the 10 architect cards."""

    key: str
    """The notation (lower case surname)."""
    name: str
    style: int
    perk: str
    """Key of the active perk (PERKS)."""
    passives: tuple[str, str]
    special: int
    """Contract id of the special building."""
    start: str
    """Start bonus: '' none, 'tech' one more T/H/P card, or a material code letter."""


ARCHITECTS = (
    Architect("hadid", "Zaha Hadid", MODERN, "process", ("style+1", "projects+1"), CONTRACT_BY_NAME["Heydar Aliyev Center"], ""),
    Architect("wright", "Frank Lloyd Wright", MODERN, "harvest", ("contracts+1", "mixed"), CONTRACT_BY_NAME["Falling Water"], "t"),
    Architect("kahn", "Louis Kahn", BRUTALIST, "contract", ("blueprint-1", "style+1"), CONTRACT_BY_NAME["Salk Institute"], "tech"),
    Architect("corbusier", "Le Corbusier", BRUTALIST, "convert", ("contracts+1", "gems+1"), CONTRACT_BY_NAME["Notre-Dame du Haut"], "s"),
    Architect("zwirner", "Ernst Friedrich Zwirner", GOTHIC, "hire", ("sturdy", "style+1"), CONTRACT_BY_NAME["Cologne Cathedral"], "s"),
    Architect("gilbert", "Cass Gilbert", GOTHIC, "play", ("techs+1", "style+1"), CONTRACT_BY_NAME["Supreme Court Building"], "tech"),
    Architect("palladio", "Andrea Palladio", CLASSICAL, "plow", ("blueprint-1", "gems+1"), CONTRACT_BY_NAME["Villa Rotunda"], "c"),
    Architect("schinkel", "Karl Friedrich Schinkel", CLASSICAL, "solar", ("mixed", "blueprint-1"), CONTRACT_BY_NAME["Altes Museum"], "s"),
    Architect("barry", "Charles Barry", VICTORIAN, "gather", ("sturdy", "gems+1"), CONTRACT_BY_NAME["Palace of Westminster"], "tech"),
    Architect("paxton", "Joseph Paxton", VICTORIAN, "glass", ("projects+1", "techs+1"), CONTRACT_BY_NAME["The Crystal Palace"], "g"),
)
ARCHITECT_BY_KEY = {a.key: i for i, a in enumerate(ARCHITECTS)}
SPECIALS = frozenset(a.special for a in ARCHITECTS)
"""The 10 special buildings (Craftsman counts these)."""

END_BONUS = 5
"""Craftsman, Photovoltaic, Environmental and Fully Stocked are worth 5 VP each."""
CRAFTSMAN_AT = 3
"""Special buildings needed for Craftsman (stated)."""
SUSTAIN_ALL_BONUS = 3
"""+3 VP when every material of a contract is sustainable (stated)."""
