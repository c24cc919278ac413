"""Data loading and offline preprocessing."""
