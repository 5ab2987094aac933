"""board layer."""
