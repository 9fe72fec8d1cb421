"""The tables ``cardcore play`` shows: ``base.GameView`` for any game, one module per game.

``cardcore.cli`` registers each game's view in ``VIEWS`` and re-exports them.
"""
