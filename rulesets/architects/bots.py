"""placeholder"""
def position_value(st, seat):
    p = st.players[seat]
    return p.funds + 0.5 * p.client
