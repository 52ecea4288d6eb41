"""The terminal front end: the Typer CLI (cli.py) and the Textual app.

Importing this package imports nothing heavy: headless commands never load
Textual (the app is imported only by `play`, `resume`, bare `tsquare`).
"""
