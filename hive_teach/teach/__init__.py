"""teach layer."""
