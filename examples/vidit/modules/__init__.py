"""Model building blocks: attention backends, norms, rotary embeddings, the DiT."""
