"""hive layer."""
