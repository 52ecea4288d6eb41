"""Setup for 2, 3 and 4 players, and the designed content's counts."""
from collections import Counter

import pytest
from squire_helpers import conserved, play

from rulesets import REGISTRY
from rulesets.squire import content as K
from rulesets.squire.content import ADJ
from rulesets.squire.state import SquireState


@pytest.mark.parametrize("n, boxed", [(2, 16), (3, 7), (4, 0)])
def test_tile_counts(n, boxed):
    st = SquireState.setup(n, 5, "british-isles", True)
    assert len(st.box) == boxed
    assert len(st.cities) == 15 and all(t >= 0 for t in st.cities)
    assert len(st.supply) == 55 - boxed - 15
    assert st.tile_discard == []
    conserved(st)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_players_start_with_coins_ticket_card(n):
    st = SquireState.setup(n, 9, "world", False)
    for p in st.players:
        assert (p.coins, p.royal_coins, p.tickets, p.royal_tickets) == (10, 0, 0, 1)
        assert len(p.hand) == 1
        assert p.pos == -1 and all(t < 0 for t in p.gallery)
    assert len(st.deck) == 42 - n
    assert st.bank_royal_tickets == 8 - n


@pytest.mark.parametrize("n", [2, 3, 4])
def test_token_right_of_first_player(n):
    for seed in range(6):
        st = SquireState.setup(n, seed, "world", False)
        assert st.to_act() == (st.first,)
        assert st.token == (st.first - 1) % n


def test_first_player_is_random_but_seeded():
    firsts = {SquireState.setup(4, s, "world", False).first for s in range(40)}
    assert len(firsts) > 1
    assert SquireState.setup(3, 7, "world", False).snapshot() == SquireState.setup(3, 7, "world", False).snapshot()


def test_boards_are_chosen_in_turn_order_then_play_starts():
    st = SquireState.setup(3, 2, "british-isles", True)
    assert st.phase == "board"
    order = [(st.first + i) % 3 for i in range(3)]
    seen = []
    for seat in order:
        assert st.to_act() == (seat,)
        before = {st.format_move(m) for m in st.legal(seat)}
        assert len(before) == 4 - len(seen)
        pick = sorted(before)[0]
        play(st, pick)
        seen.append(pick)
    assert st.phase == "move" and st.to_act() == (st.first,)
    assert sorted(K.BOARDS[p.board].key for p in st.players) == sorted(seen)


def test_without_abilities_there_is_no_board_choice():
    st = SquireState.setup(2, 2, "british-isles", False)
    assert st.phase == "move" and all(p.board == -1 for p in st.players)


def test_tiles_values_and_colours():
    assert K.NUM_TILES == 55
    per = Counter(K.TILE_COLOUR)
    assert all(per[c] == 11 for c in range(5))
    assert set(K.TILE_VALUE) == {2, 3, 4, 5, 6}


def test_cards_are_42_with_offer_and_errand():
    assert len(K.CARDS) == 42 and [c.id for c in K.CARDS] == list(range(1, 43))
    for c in K.CARDS:
        assert c.trigger in ("any", "buy", "sell")
        assert c.reward in ("coins", "tickets") and c.amount > 0
        assert c.errand in K.ERRANDS
    first = K.CARD_BY_ID[1]  # the rulebook's example card
    assert (first.trigger, first.cond, first.colour, first.reward, first.amount) == ("any", "region", "r", "coins", 3)
    assert (first.errand, sorted(first.arg)) == ("pair", ["b", "g"])


@pytest.mark.parametrize("key", ["british-isles", "world"])
def test_maps_have_15_cities_in_5_regions_and_are_connected(key):
    m = K.MAPS[key]
    assert len(m.cities) == 15
    assert Counter(c.region for c in m.cities) == {r: 3 for r in range(5)}
    adj = ADJ[key]
    seen, todo = {0}, [0]
    while todo:
        for nb, _ in adj[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert len(seen) == 15
    assert m.seas  # both maps have sea routes


def test_british_isles_is_the_easier_map():
    def mean_distance(key):
        adj = ADJ[key]
        total = 0
        for s in range(15):
            dist = {s: 0}
            todo = [s]
            while todo:
                c = todo.pop(0)
                for nb, _ in adj[c]:
                    if nb not in dist:
                        dist[nb] = dist[c] + 1
                        todo.append(nb)
            total += sum(dist.values())
        return total / (15 * 14)

    assert mean_distance("british-isles") < mean_distance("world")


def test_registry_and_options():
    rs = REGISTRY.get("squire")
    assert rs.hidden_information and rs.min_players == 2 and rs.max_players == 4
    assert rs.bot_levels[0] == "random" and "heuristic" in rs.bot_levels
    opts = rs.parse_options(["map=world"])
    assert opts == {"map": "world", "abilities": True, "market": "example"}
    with pytest.raises(ValueError):
        rs.parse_options(["map=mars"])
    st = rs.new_game(2, 3, opts)
    assert st.map_key == "world"
    assert "Interpretations and designed content" in rs.rules_markdown()


def test_market_starts_as_the_example_or_at_random():
    # "You can place them randomly or use the example from the last page of the rules."
    rs = REGISTRY.get("squire")
    st = rs.new_game(3, 5, rs.default_options())
    assert tuple(st.market_regions) == K.MARKET_REGIONS_START and tuple(st.market_types) == K.MARKET_TYPES_START
    seen = set()
    for seed in range(12):
        r = rs.new_game(3, seed, rs.parse_options(["market=random"]))
        assert sorted(r.market_regions) == sorted(r.market_types) == list(range(5))
        seen.add((tuple(r.market_regions), tuple(r.market_types)))
        # the rest of the set-up is the same game as with the example market
        plain = rs.new_game(3, seed, rs.default_options())
        assert (r.cities, r.supply, r.deck, r.first) == (plain.cities, plain.supply, plain.deck, plain.first)
    assert len(seen) > 6
    with pytest.raises(ValueError):
        rs.parse_options(["market=sorted"])
