"""The kit's version, in one place (the top-level package and the UHP engine both report it)."""

__version__ = "0.1.0"
