"""Play: the game State, the flow of phases, views, records."""
