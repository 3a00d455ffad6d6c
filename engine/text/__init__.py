"""Text: narration of hands and views, and the rule book of a variant."""
