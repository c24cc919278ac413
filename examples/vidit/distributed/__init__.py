"""Process groups and sequence parallelism."""
