"""Generated code tables (see tools/gencodes.py)."""
