"""Card and action basics: cards as small ints, action ids and names, errors, printable text."""
