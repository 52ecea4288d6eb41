"""The designed content as data: contracts, architects, decks, charts."""
from collections import Counter

from rulesets.square_and_compass import content as K


def test_42_contracts_seven_a_style_with_the_stated_vp():
    assert len(K.CONTRACTS) == 42
    for style in range(6):
        vps = sorted(c.vp for c in K.CONTRACTS if c.style == style)
        assert vps == [3, 3, 4, 4, 4, 5, 6], K.STYLES[style]


def test_costs_and_blueprints_rise_with_vp():
    for c in K.CONTRACTS:
        assert sum(c.cost) == c.vp, c.name
        assert c.blueprints == (1 if c.vp <= 4 else 2)
    names = {c.name for c in K.CONTRACTS}
    assert len(names) == 42
    for named in ("Bauhaus", "Salk Institute", "Cologne Cathedral", "Falling Water", "Palm House", "Parthenon"):
        assert named in names


def test_ten_architects_two_a_style_each_with_a_special_building():
    assert len(K.ARCHITECTS) == 10
    assert Counter(a.style for a in K.ARCHITECTS) == {s: 2 for s in range(5)}
    assert len(K.SPECIALS) == 10
    assert len({a.perk for a in K.ARCHITECTS}) == 10  # every active perk unique
    for a in K.ARCHITECTS:
        assert a.perk in K.PERKS and all(x in K.PASSIVES for x in a.passives) and a.passives[0] != a.passives[1]
        assert a.start in ("", "tech") or a.start in K.KINDS
    mixed = [a for a in K.ARCHITECTS if K.CONTRACTS[a.special].style == K.MIXED]
    assert len(mixed) >= 2  # "some architect's special buildings are in the mixed category"
    for named in ("Cologne Cathedral", "Salk Institute", "Falling Water"):
        assert K.CONTRACT_BY_NAME[named] in K.SPECIALS


def test_thp_deck_is_25_technicians_16_hazards_9_projects():
    kinds = Counter()
    for c in K.CARDS:
        kinds[c.kind] += c.count
    assert kinds == {"technician": 25, "hazard": 16, "project": 9}
    assert [c.count for c in K.CARDS if c.kind == "technician"] == [5] * 5
    assert [c.count for c in K.CARDS if c.kind == "hazard"] == [4] * 4
    assert sorted((c.vp, c.count) for c in K.CARDS if c.kind == "project") == [(1, 5), (2, 3), (3, 1)]


def test_resource_deck_follows_the_stars():
    deck = K.RESOURCE_DECK
    assert set(deck) == set(range(11))
    for code, stars in K.STARS.items():
        for other, more in K.STARS.items():
            if stars < more:
                assert deck[code] >= deck[other], (code, other)


def test_style_chart_keeps_the_stated_points():
    assert K.STYLE_BONUS[2] == 3 and K.STYLE_BONUS[4] == 7 and K.STYLE_BONUS[1] == 0
    assert list(K.STYLE_BONUS) == sorted(K.STYLE_BONUS)


def test_supply_and_actions():
    assert (K.NORMAL_SUPPLY, K.SUSTAINABLE_SUPPLY, K.GEMS) == (25, 15, 42)
    assert [a.name for a in K.ACTIONS] == [
        "Harvester", "Draftsman", "Hand Plow", "Refinery", "Contractor", "Human Resources",
        "Building Department", "Specialist", "Freemasonry", "Project Manager", "Saw Mill", "Gatherer"]
    assert len({a.code for a in K.ACTIONS}) == 12


def test_rules_md_shows_the_content_as_it_is_in_the_data():
    from pathlib import Path

    text = (Path(K.__file__).parent / "RULES.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    for a in K.ARCHITECTS:
        row = next(l for l in lines if l.startswith(f"| {a.name} (`{a.key}`)"))
        assert K.PERKS[a.perk][0] in row and K.PERKS[a.perk][1] in row
        assert all(K.PASSIVES[x] in row for x in a.passives) and K.CONTRACTS[a.special].name in row
    for i, c in enumerate(K.CONTRACTS):
        row = next(l for l in lines if l.startswith(f"| {i + 1} | {c.name}"))
        cost = ", ".join(f"{n} {K.MATERIAL_NAMES[k]}" for k, n in enumerate(c.cost) if n)
        assert row.endswith(f"| {K.STYLES[c.style]} | {c.vp} | {cost} | {c.blueprints} |")
    for c in K.CARDS:
        assert f"| {c.name} | `u{c.code}` | {c.kind} | {c.count} | {c.text} |" in lines
    assert "## Interpretations and designed content" in text
