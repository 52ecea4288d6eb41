"""The round's phases, one module each, as functions of the state: the
engine's `step` finds the handler for a move's type in
`state._HANDLERS`; each handler changes the state and returns the events,
then hands on to the next phase when its own is done.

    draft      the first player's direction, the deal, the sealed picks, the x2 pairings
    rewards    money, then the Order, Stone and Market majorities (and the ties' moves)
    auction    the Market holder's offer, the sealed bids, settling each space
    build      each builder's turn in turn order, then its town abilities
    round_end  the round's end, the game's end (13 prestige, the round limit, a stall)
    bank       coins between the bank and the players

The order of the list is the order of the imports: each phase imports the
ones after it, never one before, and none imports the state at run time.
"""
