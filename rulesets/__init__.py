"""The five games. Each lives in its own package and defines RULESET."""
from engine.registry import CatalogueEntry, Registry

CATALOGUE = [
    CatalogueEntry("grid-square", "Grid Square", 2, 2, "rulesets.grid_square"),
    CatalogueEntry("squire", "Squire", 2, 4, "rulesets.squire"),
    CatalogueEntry("square-masons", "Square Masons", 3, 5, "rulesets.square_masons"),
    CatalogueEntry("square-and-compass", "Square and Compass", 2, 5, "rulesets.square_and_compass"),
    CatalogueEntry("architects", "Architects", 2, 4, "rulesets.architects"),
]

REGISTRY = Registry(CATALOGUE)
"""Look games up here: REGISTRY.get('grid-square')."""
