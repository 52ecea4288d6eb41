"""Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system",
2012, http://www.glicko.net/glicko/glicko2.pdf): a rating, its deviation
(how sure the rating is) and its volatility (how erratic the player is).

A rating period here is one finished game: a player's results against each
other player of that game are one period's games. Multi-player games use
the usual pairwise extension: each pair of players is a game between the
two, won by the better placed (a draw when they share a place), and all
pairs of one game update at once from the ratings before it. The worked
example of Glickman's paper is a test (tests/engine/test_glicko2.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's conversion between the Glicko scale (1500-centred) and its own."""
TAU = 0.5
"""The system constant: how fast volatility may change (Glickman suggests 0.3-1.2)."""
EPSILON = 0.000001
"""The convergence tolerance of the volatility iteration (the paper's)."""
MAX_RD = 350.0
"""A new player's deviation, and the most any deviation grows to."""


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 rating on the Glicko scale."""

    rating: float = 1500.0
    rd: float = MAX_RD
    """Rating deviation: the rating is within ±2 rd with about 95% confidence."""
    volatility: float = 0.06
    games: int = 0
    """Rated games played (not part of Glicko-2; shown on ladders)."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with `results`: each an
    opponent's rating before the period and the score against them (1 a
    win, 0.5 a draw, 0 a loss). With no results only the deviation grows
    (step 6 of the paper)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(MAX_RD, phi_star * SCALE), sigma, player.games)
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 0, 0.5 or 1, not {score}")
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.rd / SCALE
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _new_volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(1500.0 + SCALE * mu_new, min(MAX_RD, SCALE * phi_new), sigma_new, player.games + 1)


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_game(ratings: dict[str, Rating], places: dict[str, int], tau: float = TAU) -> dict[str, Rating]:
    """New ratings of the players of one finished game: `places` gives each
    player's place (1 the winner; equal places share). Every pair is a game
    between the two; all update from the ratings before the game. Players
    missing from `ratings` start as new (1500, rd 350)."""
    if len(places) < 2:
        raise ValueError("a rated game needs at least two players")
    before = {name: ratings.get(name, Rating()) for name in places}
    after: dict[str, Rating] = {}
    for name, place in places.items():
        results = []
        for other, other_place in places.items():
            if other == name:
                continue
            score = 1.0 if place < other_place else 0.0 if place > other_place else 0.5
            results.append((before[other], score))
        after[name] = update(before[name], results, tau)
    return after
