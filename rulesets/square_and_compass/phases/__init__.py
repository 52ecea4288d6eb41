"""A turn's moves, as functions of the state: `state.step` finds the
function for a move's type in `turn.TURN_STEPS` (the moves that start or
end a turn) or `steps.PART_STEPS` (the moves that carry out a step of an
action), then `turn.run` skips the steps that can do nothing.

    turn   the architect choice, placing a tile, the perk, passing, the
           discards; a turn's end, the next seat, the round's and game's end
    steps  taking from the markets, processing, converting, playing a card,
           hazards, completing a contract

`turn` imports `steps`, never the other way; neither imports the state at
run time.
"""
