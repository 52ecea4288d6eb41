"""The TUI's screens: menu, setup, game, pass, game over, replay, rules, saves."""
